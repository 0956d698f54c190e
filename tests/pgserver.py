"""A throwaway PostgreSQL server for the tests: `initdb` into a temporary folder, `pg_ctl start` on a free
local port (TCP on 127.0.0.1 and a Unix socket in the same folder), trust authentication, and `pg_ctl stop`
at the end. No containers. `scripts/setup.sh test` installs the server (Debian's `postgresql` package)
when it is missing; a test run without one fails loudly (never skips), since the PostgreSQL backend is
part of the product.

The server runs as the `postgres` user when the tests run as root (initdb refuses root), as the current
user otherwise. Durability is switched off (fsync, synchronous_commit, full_page_writes): the data lives as
long as the test session.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

_BINARIES = ("initdb", "pg_ctl")


def find_bindir() -> Path:
    """The folder holding initdb and pg_ctl: $PG_BINDIR, else on PATH, else Debian's
    /usr/lib/postgresql/<version>/bin (newest version)."""
    wanted = os.environ.get("PG_BINDIR")
    if wanted:
        return Path(wanted)
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]), reverse=True
    )
    if candidates:
        return Path(candidates[0]).parent
    raise RuntimeError(
        "no PostgreSQL server found (initdb, pg_ctl): the PostgreSQL backend's tests need one. "
        "Run `sh scripts/setup.sh test` (installs Debian's postgresql package) or set PG_BINDIR."
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    """One running server; `dsn(database)` names a database on it, `create_database()` makes a new one."""

    def __init__(self) -> None:
        self.bindir = find_bindir()
        self.root = Path(tempfile.mkdtemp(prefix="warchest-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._as: list[str] = []
        self._count = 0
        self._template = ""
        if os.geteuid() == 0:
            shutil.chown(self.root, user="postgres", group="postgres")
            self._as = ["runuser", "-u", "postgres", "--"]
        self.user = "postgres" if self._as else os.environ.get("USER") or "postgres"

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, capture_output=True, text=True, cwd=self.root)

    def start(self) -> PostgresServer:
        try:
            self._run(
                str(self.bindir / "initdb"),
                "-D",
                str(self.data),
                "-U",
                self.user,
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            )
            options = (
                f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
                " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            )
            self._run(
                str(self.bindir / "pg_ctl"),
                "-D",
                str(self.data),
                "-o",
                options,
                "-l",
                str(self.root / "server.log"),
                "-w",
                "start",
            )
        except subprocess.CalledProcessError as exc:
            raise RuntimeError(f"cannot start PostgreSQL: {exc.stderr or exc.stdout}") from exc
        self._watch()
        return self

    def _watch(self) -> None:
        """A small process that stops the server when the test process is gone, even if it was killed
        (a timeout, Ctrl-C twice) before `stop` could run: no server outlives its test run."""
        stop = [*self._as, str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]
        code = (
            "import os, shutil, subprocess, sys, time\n"
            "pid = int(sys.argv[1])\n"
            "while True:\n"
            "    try:\n"
            "        os.kill(pid, 0)\n"
            "    except OSError:\n"
            "        break\n"
            "    time.sleep(1)\n"
            "subprocess.run(sys.argv[3:], capture_output=True)\n"
            "shutil.rmtree(sys.argv[2], ignore_errors=True)\n"
        )
        subprocess.Popen(
            [sys.executable, "-c", code, str(os.getpid()), str(self.root), *stop],
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def stop(self) -> None:
        """Stop the server. Its folder is removed by the watcher (`_watch`) once this process is gone: a
        whole test session's folder holds GBs of databases, and removing it here held up the end of the
        run by up to two minutes on a busy machine."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def dsn(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    async def create_database(self, *, migrated: bool = True) -> str:
        """A new database on this server; returns its DSN. ``migrated``: a copy of a database the bot's
        migrations have already run on (made once per session: opening is then as quick as on SQLite);
        else an empty one."""
        import asyncpg

        if migrated and not self._template:
            self._template = await self.create_database(migrated=False)
            from warchest_bot.storage import open_storage

            async with open_storage(self._template):
                pass
        self._count += 1
        name = f"test_{os.getpid()}_{self._count}"
        template = self._template.rsplit("/", 1)[1] if migrated else "template0"
        conn = await asyncpg.connect(self.dsn())
        try:
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        finally:
            await conn.close()
        return self.dsn(name)


async def throwaway_database() -> tuple[PostgresServer, str]:
    """A new server in a temporary folder and an empty database on it, for the benchmarks (stop the server
    when done)."""
    server = PostgresServer().start()
    return server, await server.create_database()
