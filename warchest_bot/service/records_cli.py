"""`warchest-bot export` and `warchest-bot import`: game records on the command line (docs/records.md).

Both read the database the bot uses (WARCHEST_DB, from the environment or .env, as `run` does) unless
--db names one. `export GAME_ID` writes the game's record (PGN for Point-Buy Chess) or its JSON data;
`export --player USER_ID` every game of a player as JSON; `import FILE` stores a finished game's record
as a new game for review and replay (never rated) and prints its number."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from ..command_line import positive_int, write_output
from ..config import ConfigError, load_settings
from ..storage import StorageError

FORMATS = ("record", "json")


def _database(args: argparse.Namespace) -> Path | str:
    if args.db:
        return str(args.db)
    return load_settings(require_token=False, env_file=args.env_file).db_path


def _fail(text: str) -> int:
    print(f"warchest-bot: {text}", file=sys.stderr)
    return 2


async def _export(args: argparse.Namespace) -> tuple[str, str]:
    """(the text, a file name for it)."""
    from . import GameService
    from .records import GameRecords, json_text

    async with GameService.open(_database(args)) as service:
        records = GameRecords(service)
        if args.player is not None:
            data = await records.export_player(args.player)
            return json_text(data), f"games-{args.player}.json"
        if args.format == "json":
            return json_text(await records.export_json(args.game_id)), f"game-{args.game_id}.json"
        record = await records.export_record(args.game_id)
        return record.text, record.filename


def _cmd_export(args: argparse.Namespace) -> int:
    from . import ServiceError

    if (args.game_id is None) == (args.player is None):
        return _fail("export takes a GAME_ID or --player USER_ID (one of them)")
    if args.out is not None and not Path(args.out).parent.is_dir():
        return _fail(f"the folder {Path(args.out).parent} does not exist; create it first")
    try:
        text, _name = asyncio.run(_export(args))
    except ServiceError as exc:
        return _fail(exc.message("en"))
    except (ConfigError, StorageError) as exc:
        return _fail(str(exc))
    if args.out is None:
        sys.stdout.write(text)
        return 0
    problem = write_output(Path(args.out), text.encode("utf-8"))
    if problem is not None:
        return _fail(problem)
    print(f"wrote {args.out} ({len(text.encode('utf-8'))} bytes)")
    return 0


async def _import(args: argparse.Namespace, text: str) -> str:
    from . import GameService
    from .records import GameRecords

    async with GameService.open(_database(args)) as service:
        info = await GameRecords(service).import_record(text)
    names = " vs ".join(s.name for s in info.seats)
    return f"imported game #{info.id} ({info.kind}, {info.ply} plies, {names}; not rated)"


def _cmd_import(args: argparse.Namespace) -> int:
    from . import ServiceError

    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"cannot read {args.file}: {getattr(exc, 'strerror', None) or exc}")
    try:
        print(asyncio.run(_import(args, text)))
    except ServiceError as exc:
        return _fail(exc.message("en"))
    except (ConfigError, StorageError) as exc:
        return _fail(str(exc))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``export`` and ``import`` sub-commands."""
    export = subparsers.add_parser(
        "export",
        help="write a game's record (PGN for Point-Buy Chess) or JSON data from the database",
        description="Write game GAME_ID's record (docs/records.md): a finished game's holds every move and "
        "the seed, a game under way's only what everyone may see. --format json writes its data as JSON; "
        "--player USER_ID writes every game of that Discord user as JSON.",
    )
    export.add_argument("game_id", type=positive_int, nargs="?", metavar="GAME_ID", help="the game's number")
    export.add_argument("--format", choices=FORMATS, default="record", help="record (default) or json")
    export.add_argument(
        "--player", type=positive_int, metavar="USER_ID", help="every game of a player, as JSON"
    )
    export.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    export.set_defaults(func=_cmd_export)
    load = subparsers.add_parser(
        "import",
        help="store a finished game's record as a new game to review and replay (never rated)",
        description="Read FILE (a record written by export, or a chess PGN of a Point-Buy Chess set-up), "
        "replay it to its result and store it as a new finished game: no server, not rated, its seats "
        "named by the record and marked imported. Prints the new game's number.",
    )
    load.add_argument("file", metavar="FILE", help="the record file")
    load.set_defaults(func=_cmd_import)
    for command in (export, load):
        command.add_argument("--db", metavar="PATH", help="the database (default: WARCHEST_DB)")
        command.add_argument(
            "--env-file", metavar="PATH", help="read settings from this file instead of .env"
        )
