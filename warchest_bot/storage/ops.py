"""Operating the database: backup and restore of an SQLite file, and moving everything from an SQLite file
to PostgreSQL (`warchest-bot backup`, `restore`, `migrate-db`; see `cli.register`).

- `backup(source, target)` copies a live SQLite database with SQLite's online backup API: consistent even
  while the bot writes (it copies the pages of one committed state), unlike copying the file.
- `restore(backup, target)` puts a backup in place of the bot's file. It checks the backup first (a
  warchest-bot database, every page readable) and refuses while a bot runs on the target (its lease).
- `migrate_to_postgres(source, dsn)` copies every row of every table of an SQLite database into an empty,
  migrated PostgreSQL database in one transaction, moves the identity sequences past the copied ids and
  checks the row counts table by table; nothing is written if anything differs. The source must not be in
  use by a running bot (its lease is taken for the duration).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .dsn import is_postgres, redacted
from .errors import StorageError
from .lease import ProcessLease, refuse_while_served
from .sqlite import Storage

_SKIPPED_TABLES = frozenset({"leases"})
"""Not copied: who holds the database now is not a fact of the database being moved."""


def _sqlite_path(target: Path | str, what: str) -> Path:
    if is_postgres(target) or str(target) == ":memory:":
        raise StorageError(
            f"{what} works on SQLite files; for PostgreSQL use pg_dump and pg_restore (see docs/running.md)"
        )
    return Path(target)


def backup(source: Path | str, target: Path | str) -> int:
    """Copy the SQLite database ``source`` to the new file ``target`` (online: the bot may be running).
    Returns the size of the copy in bytes."""
    src_path = _sqlite_path(source, "backup")
    dst_path = Path(target)
    if not src_path.is_file():
        raise StorageError(f"no database at {src_path}")
    if dst_path.exists():
        raise StorageError(f"{dst_path} exists already; choose a new file name")
    dst_path.parent.mkdir(parents=True, exist_ok=True)
    part = dst_path.with_name(dst_path.name + ".part")
    src = sqlite3.connect(f"file:{src_path}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(part)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            dst.close()
    except sqlite3.Error as exc:
        part.unlink(missing_ok=True)
        raise StorageError(f"cannot back up {src_path}: {exc}") from exc
    finally:
        src.close()
    os.replace(part, dst_path)
    return dst_path.stat().st_size


async def _check_backup(path: Path) -> int:
    """Open the backup (refusing one that is not ours or is newer), read every page; return its games."""
    async with Storage.open(path) as storage:
        await storage.check_integrity()
        async with storage._unit(write=False) as db:
            rows = list(await db.execute_fetchall("SELECT count(*) FROM games"))
        return int(rows[0][0])


async def restore(backup_file: Path | str, target: Path | str, *, force: bool = False) -> int:
    """Replace the SQLite database ``target`` by ``backup_file``; returns the number of games restored.
    Refuses while a bot holds the target's lease, and an existing target unless ``force``."""
    source = _sqlite_path(backup_file, "restore")
    dst_path = _sqlite_path(target, "restore")
    if not source.is_file():
        raise StorageError(f"no backup at {source}")
    scratch = dst_path.with_name(dst_path.name + ".restoring")
    scratch.unlink(missing_ok=True)
    dst_path.parent.mkdir(parents=True, exist_ok=True)
    backup(source, scratch)  # a private copy: the backup file itself stays untouched
    try:
        games = await _check_backup(scratch)
        if dst_path.exists():
            if not force:
                raise StorageError(f"{dst_path} exists; pass --force to replace it (back it up first)")
            async with Storage.open(dst_path) as current, ProcessLease(current):
                await refuse_while_served(current)  # LeaseHeld if a bot is running on it
        for suffix in ("-wal", "-shm"):
            Path(f"{dst_path}{suffix}").unlink(missing_ok=True)
        os.replace(scratch, dst_path)
    finally:
        scratch.unlink(missing_ok=True)
    return games


@dataclass(frozen=True, slots=True)
class TableCopy:
    table: str
    rows: int


async def migrate_to_postgres(source: Path | str, dsn: str) -> list[TableCopy]:
    """Copy everything from the SQLite database ``source`` into the PostgreSQL database ``dsn`` (created
    and migrated if needed, and empty of games). Returns the rows copied per table, checked against the
    source; raises `StorageError` (and writes nothing) when the target is not empty or a count differs."""
    from .postgres import PostgresStorage
    from .postgres.core import advance_identity

    src_path = _sqlite_path(source, "migrate-db")
    if not src_path.is_file():
        raise StorageError(f"no database at {src_path}")
    if not is_postgres(dsn):
        raise StorageError("--to must be a postgresql:// address")
    async with (
        Storage.open(src_path) as sqlite_storage,
        ProcessLease(sqlite_storage),
        PostgresStorage.open(dsn) as pg,
    ):
        await refuse_while_served(sqlite_storage)
        if sqlite_storage.schema_version != pg.schema_version:
            raise StorageError(
                f"schema versions differ ({sqlite_storage.schema_version} and {pg.schema_version})"
            )
        tables = await _tables(sqlite_storage)
        copied: list[TableCopy] = []
        async with pg._require_pool().acquire() as conn, conn.transaction():
            for table, _ in tables:
                if await conn.fetchval(f'SELECT count(*) FROM "{table}"'):
                    raise StorageError(
                        f"{redacted(dsn)} is not empty (table {table} has rows); migrate into a new database"
                    )
            for table, columns in tables:
                async with sqlite_storage._unit(write=False) as db:
                    rows = [tuple(r) for r in await db.execute_fetchall(f'SELECT * FROM "{table}"')]
                if rows:
                    await conn.copy_records_to_table(table, records=rows, columns=columns)
                if "id" in columns:
                    await advance_identity(conn, table)
                count = await conn.fetchval(f'SELECT count(*) FROM "{table}"')
                if count != len(rows):
                    raise StorageError(f"table {table}: {len(rows)} rows read but {count} written")
                copied.append(TableCopy(table, len(rows)))
        return copied


async def _tables(storage: Storage) -> list[tuple[str, list[str]]]:
    """The bot's tables in the SQLite file (parents before children) and their columns."""
    async with storage._unit(write=False) as db:
        names = [
            r[0]
            for r in await db.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
            )
        ]
        result = []
        for name in names:
            if name in _SKIPPED_TABLES:
                continue
            columns = [r[1] for r in await db.execute_fetchall(f'PRAGMA table_info("{name}")')]
            result.append((name, columns))
    return result
