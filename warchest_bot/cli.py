"""The `warchest-bot` command line: one entry point, one sub-command per job.

Each area of the project registers its own sub-commands (`register(subparsers)` in the module listed in
`_COMMAND_MODULES`), so this file only wires them together.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from warchest_bot import __version__
from warchest_bot.command_line import quiet_on_closed_pipe
from warchest_bot.config import ConfigError, load_settings

# Modules that add sub-commands; each exposes `register(subparsers)`.
_COMMAND_MODULES = (
    "warchest_bot.games.warchest.engine.cli",
    "warchest_bot.games.warchest.render.cli",
    "warchest_bot.games.warchest.ai.cli",
    "warchest_bot.storage.cli",
    "warchest_bot.service.records_cli",
)


def _cmd_run(args: argparse.Namespace) -> int:
    try:
        load_settings(require_token=True, env_file=args.env_file)
    except ConfigError as exc:
        print(f"warchest-bot: {exc}", file=sys.stderr)
        return 2
    try:
        runner = importlib.import_module("warchest_bot.discord.runner")
    except ModuleNotFoundError:
        print(
            "warchest-bot: the Discord layer is not part of this build yet; "
            "try `warchest-bot selfplay` to exercise the engine.",
            file=sys.stderr,
        )
        return 2
    return runner.run(args)


def _cmd_sync(args: argparse.Namespace) -> int:
    from warchest_bot.discord import runner

    return runner.sync(args)


def _shard_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 1024:
        raise argparse.ArgumentTypeError("the shard count must be between 1 and 1024")
    return value


def _shard_ids(text: str) -> list[int]:
    """``0-1``, ``3`` or ``0,2,4-5``: the shard ids one process serves."""
    ids: set[int] = set()
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise argparse.ArgumentTypeError(f"{text!r} is not a shard range such as 0-1, 3 or 0,2,4-5")
        first, last = int(low), int(high) if dash else int(low)
        if last < first or last >= 1024:
            raise argparse.ArgumentTypeError(
                f"{part.strip()!r} is not a shard range (from low to high, below 1024)"
            )
        ids.update(range(first, last + 1))
    return sorted(ids)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="warchest-bot",
        description="Play War Chest on Discord.",
        epilog="Exit codes: 0 done; 1 Discord could not be reached (try again later: a service manager "
        "restarts it), or a check failed; 2 something to fix first (a setting, the token, the database, "
        "shards another process serves, a wrong argument).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    run = sub.add_parser("run", help="run the Discord bot (reads DISCORD_TOKEN from the environment / .env)")
    run.add_argument(
        "--shard-count",
        type=_shard_count,
        metavar="N",
        help="connect to Discord as N shards (needed above 2,500 servers); this process serves all of them "
        "unless --shards names some",
    )
    run.add_argument(
        "--shards",
        type=_shard_ids,
        metavar="RANGE",
        help="serve only these shards of --shard-count (e.g. 0-1; other processes on the same database serve "
        "the rest; see docs/running.md)",
    )
    run.set_defaults(func=_cmd_run)
    sync = sub.add_parser(
        "sync", help="register the slash commands with Discord now (the bot also does it at start-up)"
    )
    sync.add_argument(
        "--guild", type=int, help="a server id: register there only, instantly (for development)"
    )
    sync.set_defaults(func=_cmd_sync)
    for command in (run, sync):
        command.add_argument(
            "--env-file",
            metavar="PATH",
            help="read settings from this file instead of .env in the current folder",
        )
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the sub-command ``argv`` names (default: the process's arguments); its exit code."""

    def run() -> int:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return 2
        return int(args.func(args) or 0)

    return quiet_on_closed_pipe(run)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
