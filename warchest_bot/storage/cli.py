"""`warchest-bot backup`, `restore` and `migrate-db`: the database operations of `ops` on the command line.
The database is WARCHEST_DB (from the environment or .env, as for `run`) unless --db names one."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from ..config import ConfigError, load_settings
from .dsn import redacted
from .errors import StorageError


def _database(args: argparse.Namespace) -> Path | str:
    if args.db:
        return str(args.db)
    return load_settings(require_token=False, env_file=args.env_file).db_path


def _fail(text: str) -> int:
    print(f"warchest-bot: {text}", file=sys.stderr)
    return 2


def _cmd_backup(args: argparse.Namespace) -> int:
    from .ops import backup

    try:
        size = backup(_database(args), args.path)
    except (ConfigError, StorageError) as exc:
        return _fail(str(exc))
    print(f"backed up to {args.path} ({size} bytes)")
    return 0


def _cmd_restore(args: argparse.Namespace) -> int:
    from .ops import restore

    try:
        target = _database(args)
        games = asyncio.run(restore(args.path, target, force=args.force))
    except (ConfigError, StorageError) as exc:
        return _fail(str(exc))
    print(f"restored {target} from {args.path} ({games} games)")
    return 0


def _cmd_migrate_db(args: argparse.Namespace) -> int:
    from .ops import migrate_to_postgres

    try:
        copied = asyncio.run(migrate_to_postgres(_database(args), args.to))
    except (ConfigError, StorageError) as exc:
        return _fail(str(exc))
    for table in copied:
        print(f"{table.table:20} {table.rows:8} rows copied, counts match")
    print(f"done: set WARCHEST_DB={redacted(args.to)} and start the bot")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``backup``, ``restore`` and ``migrate-db`` sub-commands."""
    backup = subparsers.add_parser(
        "backup",
        help="copy the SQLite database to a new file, safely while the bot runs",
        description="Copy the SQLite database (WARCHEST_DB) to PATH with SQLite's online backup API: a "
        "consistent copy even while the bot writes. For PostgreSQL use pg_dump.",
    )
    backup.add_argument("path", help="the backup file to create (must not exist)")
    backup.set_defaults(func=_cmd_backup)
    restore = subparsers.add_parser(
        "restore",
        help="replace the SQLite database by a backup (the bot must be stopped)",
        description="Check the backup at PATH (a warchest-bot database, every page readable) and put it in "
        "place of the SQLite database (WARCHEST_DB). Refused while a bot runs on it.",
    )
    restore.add_argument("path", help="the backup file made by `warchest-bot backup`")
    restore.add_argument("--force", action="store_true", help="replace an existing database")
    restore.set_defaults(func=_cmd_restore)
    migrate = subparsers.add_parser(
        "migrate-db",
        help="move every game, rating and setting from the SQLite file to PostgreSQL",
        description="Copy every table of the SQLite database (WARCHEST_DB) into an empty PostgreSQL database "
        "in one transaction and check the row counts table by table. Stop the bot first.",
    )
    migrate.add_argument("--to", required=True, metavar="postgresql://...", help="the PostgreSQL database")
    migrate.set_defaults(func=_cmd_migrate_db)
    for command in (backup, restore, migrate):
        command.add_argument("--db", metavar="PATH", help="the SQLite file (default: WARCHEST_DB)")
        command.add_argument(
            "--env-file", metavar="PATH", help="read settings from this file instead of .env"
        )
