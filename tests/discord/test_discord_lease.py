"""One bot process per shard of a database (an unsharded bot serves shard 0 of 1): `serve` refuses to start
while another process holds the shard's lease, and starts once that process stopped cleanly, crashed (on
this host), or let its lease expire. A database operation's lease and another shard count are refused too."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from warchest_bot.config import Settings
from warchest_bot.discord import runner
from warchest_bot.storage import SERVICE_LEASE, Storage, shard_lease

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import asyncio, sys
from warchest_bot.storage import ProcessLease, Storage

async def main():
    name = sys.argv[2] if len(sys.argv) > 2 else "shard:0/1"
    async with Storage.open(sys.argv[1]) as storage, ProcessLease(storage, name=name) as lease:
        print(lease.holder, flush=True)
        await asyncio.to_thread(sys.stdin.readline)  # a line: stop cleanly

asyncio.run(main())
"""


def _settings(fake, path: Path) -> Settings:
    return Settings(token=fake.token, db_path=path, log_level="INFO", dev_guild=None)


def _start_holder(path: Path, lease: str = "shard:0/1") -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), lease],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    holder = proc.stdout.readline().strip()
    assert holder.split(":")[1] == str(proc.pid)
    return proc, holder


async def _lease_holder(path: Path) -> str | None:
    async with Storage.open(path) as storage:
        lease = await storage.get_lease(shard_lease(0, 1))
    return None if lease is None else lease.holder


async def _serves(fake, path: Path) -> None:
    """`serve` gets past the lease, logs in, holds the lease as this process; stopping it releases it."""
    task = asyncio.create_task(runner.serve(_settings(fake, path), render_processes=0, ai_processes=0))
    try:
        await fake.wait_for_connection(timeout=30)
        holder = await _lease_holder(path)
        assert holder is not None and holder.split(":")[1] == str(os.getpid())
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    assert await _lease_holder(path) is None  # released on the way out


async def test_a_second_process_is_refused_until_the_first_stops(fake, tmp_path, capsys):
    path = tmp_path / "games.sqlite3"
    proc, holder = _start_holder(path)
    try:
        assert await runner.serve(_settings(fake, path)) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1, err
        assert "another bot process is already running" in err[0] and holder in err[0]
    finally:
        proc.communicate("stop\n", timeout=60)
    assert proc.returncode == 0
    assert await _lease_holder(path) is None  # the clean stop released it
    await _serves(fake, path)


async def test_a_crashed_process_on_this_host_is_taken_over_at_once(fake, tmp_path):
    path = tmp_path / "games.sqlite3"
    proc, holder = _start_holder(path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)
    assert await _lease_holder(path) == holder  # still in the database, but its pid is gone
    await _serves(fake, path)


async def test_an_expired_lease_of_another_host_is_taken_over(fake, tmp_path, capsys):
    path = tmp_path / "games.sqlite3"
    async with Storage.open(path):
        pass
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO leases VALUES ('shard:0/1', 'elsewhere:4242:ab', unixepoch() - 600, unixepoch() + 600)"
        )
    assert await runner.serve(_settings(fake, path)) == 2
    assert "elsewhere:4242:ab" in capsys.readouterr().err
    with sqlite3.connect(path) as db:
        db.execute("UPDATE leases SET expires_at = unixepoch() - 1")
    await _serves(fake, path)


async def test_a_database_operation_or_another_shard_count_is_refused(fake, tmp_path, capsys):
    path = tmp_path / "games.sqlite3"
    for lease, expected in (
        (SERVICE_LEASE, "a database operation (restore, migrate-db) is running"),
        ("shard:1/4", "with --shard-count 4"),
    ):
        proc, holder = _start_holder(path, lease)
        try:
            assert await runner.serve(_settings(fake, path)) == 2
            err = capsys.readouterr().err.strip().splitlines()
            assert len(err) == 1 and expected in err[0] and holder in err[0], err
        finally:
            proc.communicate("stop\n", timeout=60)
        assert await _lease_holder(path) is None  # the refused bot took nothing


async def test_a_sharded_process_is_refused_with_one_line(fake, tmp_path, capsys):
    """`run --shard-count 2 --shards 1` beside a process serving shard 1 of 2, and `--shard-count 4 --shards
    0` beside a 2-shard deployment: one line and exit code 2 (the sharded client never started)."""
    path = tmp_path / "games.sqlite3"
    proc, holder = _start_holder(path, "shard:1/2")
    try:
        for count, shards, expected in (
            (2, [1], "another bot process already serves shard 1/2"),
            (4, [0], "with --shard-count 2"),
        ):
            options = runner.shard_options(count, shards)
            assert await runner.serve(_settings(fake, path), render_processes=0, **options) == 2
            err = capsys.readouterr().err.strip().splitlines()
            assert len(err) == 1 and expected in err[0] and holder in err[0], err
    finally:
        proc.communicate("stop\n", timeout=60)
    assert await _lease_holder(path) is None and not fake.gateway.identifies  # nothing taken, never connected
