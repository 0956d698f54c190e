"""AI sub-commands of ``warchest-bot``: ``arena`` plays computer players against each other.

    warchest-bot arena --a search --b greedy --games 20 --seed 1 --budget-ms 1000 [--players 4] [--json]
    warchest-bot arena --game pointbuy --a search --b greedy --games 20 --budget-ms 1000 \
        [--option budget=38 --option picking=secret]

``--game`` names the game (default ``warchest``); other games are played through the game interface
(their own players, levels and options; ``--option NAME=VALUE`` sets one of the game's options).

Until this module is listed in ``warchest_bot.cli``, run it as ``python3 -m warchest_bot.games.warchest.ai.cli arena ...``.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections import Counter
from collections.abc import Sequence

from warchest_bot.ai.arena import game_by_kind, kind_player, run_game_arena
from warchest_bot.command_line import positive_float, positive_int, quiet_on_closed_pipe
from warchest_bot.games.warchest.engine import Options, OptionsError

from . import LEVELS, PLAYER_NAMES, make_player
from .arena import GameRecord, format_result, run_arena


def _describe(name: str, budget_ms: float | None, iterations: int | None) -> str:
    if name not in ("search", "normal", "hard"):
        return name
    parts = []
    if budget_ms is not None:
        parts.append(f"{budget_ms:g} ms")
    if iterations is not None:
        parts.append(f"{iterations} it")
    return f"{name}({', '.join(parts)})" if parts else name


def _option(text: str) -> tuple[str, str | int]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    value = value.strip()
    return name.strip(), int(value) if value.lstrip("-").isdigit() else value


def _cmd_arena(args: argparse.Namespace) -> int:
    if args.game != "warchest":
        return _game_arena(args)
    war_chest_options = dict(args.option or ())
    expansions = war_chest_options.pop("expansions", "")
    if war_chest_options or not isinstance(expansions, str):
        print(
            "warchest-bot arena: War Chest takes --players, --units, --max-rounds and --option "
            "expansions=nobility,siege",
            file=sys.stderr,
        )
        return 2
    if expansions == "none":
        expansions = ""
    try:
        Options(expansions=expansions)
    except OptionsError as exc:
        print(f"warchest-bot arena: {exc}", file=sys.stderr)
        return 2
    choices = PLAYER_NAMES + tuple(LEVELS)
    for side in ("a", "b"):
        if getattr(args, side) not in choices:
            print(f"warchest-bot arena: --{side} must be one of {', '.join(choices)}", file=sys.stderr)
            return 2
    budget = {
        "a": args.a_budget_ms if args.a_budget_ms is not None else args.budget_ms,
        "b": args.b_budget_ms if args.b_budget_ms is not None else args.budget_ms,
    }
    iters = {
        "a": args.a_iterations if args.a_iterations is not None else args.iterations,
        "b": args.b_iterations if args.b_iterations is not None else args.iterations,
    }

    def factory(side: str):
        # A partial (not a lambda) so that worker processes can receive it with --jobs.
        return functools.partial(
            make_player, getattr(args, side), budget_ms=budget[side], iterations=iters[side]
        )

    tally = {"a": 0, "b": 0, None: 0}

    def progress(i: int, record: GameRecord) -> None:
        tally[record.winner] += 1
        if args.progress:
            think = {
                side: 1000.0 * record.think_s[side] / max(1, record.decisions[side]) for side in ("a", "b")
            }
            print(
                f"game {i + 1}/{args.games}: winner {record.winner or 'draw'} ({record.reason}), "
                f"{record.plies} plies, {record.rounds} rounds, think a {think['a']:.0f} / b {think['b']:.0f} "
                f"ms/decision; so far a {tally['a']}, b {tally['b']}, draws {tally[None]}",
                file=sys.stderr,
                flush=True,
            )

    result = run_arena(
        factory("a"),
        factory("b"),
        games=args.games,
        seed=args.seed,
        players=args.players,
        units=args.units,
        max_rounds=args.max_rounds,
        a_name=_describe(args.a, budget["a"], iters["a"]),
        b_name=_describe(args.b, budget["b"], iters["b"]),
        on_game=progress,
        jobs=args.jobs,
        expansions=expansions,
    )
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(format_result(result))
    return 0


def _game_arena(args: argparse.Namespace) -> int:
    """The arena for a game other than War Chest, through the game interface."""
    from warchest_bot.games.base import BadOptionsError, UnknownGameError

    try:
        game = game_by_kind(args.game)
    except UnknownGameError as exc:
        print(f"warchest-bot arena: {exc}", file=sys.stderr)
        return 2
    if args.iterations is not None or args.a_iterations is not None or args.b_iterations is not None:
        print(f"warchest-bot arena: {game.title} players take --budget-ms, not --iterations", file=sys.stderr)
        return 2
    if args.players not in game.player_counts:
        print(f"warchest-bot arena: {game.title} is for {game.player_counts} players", file=sys.stderr)
        return 2
    options = game.default_options()
    options.update(dict(args.option or ()))
    try:
        game.check_options(options)
    except BadOptionsError as exc:
        print(f"warchest-bot arena: bad options for {game.title}: {exc}", file=sys.stderr)
        return 2
    budget = {
        "a": args.a_budget_ms if args.a_budget_ms is not None else args.budget_ms,
        "b": args.b_budget_ms if args.b_budget_ms is not None else args.budget_ms,
    }
    for side in ("a", "b"):
        try:
            game.make_player(getattr(args, side), 0, budget_ms=budget[side])
        except ValueError as exc:
            print(f"warchest-bot arena: --{side}: {exc}", file=sys.stderr)
            return 2
    tally = {"a": 0, "b": 0, None: 0}

    def progress(i: int, record: GameRecord) -> None:
        tally[record.winner] += 1
        if args.progress:
            think = {
                side: 1000.0 * record.think_s[side] / max(1, record.decisions[side]) for side in ("a", "b")
            }
            print(
                f"game {i + 1}/{args.games}: winner {record.winner or 'draw'} ({record.reason}), a played "
                f"seat {record.a_team}, {record.plies} plies, {record.rounds} turns, think a "
                f"{think['a']:.0f} / b {think['b']:.0f} ms/decision; so far a {tally['a']}, b {tally['b']}, "
                f"draws {tally[None]}",
                file=sys.stderr,
                flush=True,
            )

    result = run_game_arena(
        args.game,
        functools.partial(kind_player, args.game, args.a, budget["a"]),
        functools.partial(kind_player, args.game, args.b, budget["b"]),
        games=args.games,
        seed=args.seed,
        options=options,
        a_name=_describe(args.a, budget["a"], None),
        b_name=_describe(args.b, budget["b"], None),
        on_game=progress,
        jobs=args.jobs,
    )
    endings = Counter(r.reason for r in result.records)
    if args.json:
        data = result.to_json()
        data.update(game=args.game, options=options, endings=dict(sorted(endings.items())))
        print(json.dumps(data))
    else:
        print(f"{game.title}, options {json.dumps(options, sort_keys=True)}")
        print(format_result(result))
        print("  endings: " + ", ".join(f"{reason} {n}" for reason, n in sorted(endings.items())))
    return 0


def register(subparsers) -> None:
    """Add the ``arena`` sub-command."""
    p = subparsers.add_parser(
        "arena",
        help="play computer players against each other and report who wins",
        description="Play N games between two computer players (seats swapped every other game, each pair "
        "of games on the same deal) and print wins and draws with 95% Wilson intervals, mean think time "
        "and mean game length.",
    )
    p.add_argument(
        "--game", default="warchest", help="the game: warchest (default) or another kind, e.g. pointbuy"
    )
    p.add_argument(
        "--option",
        action="append",
        type=_option,
        metavar="NAME=VALUE",
        help="an option of a game other than War Chest (repeatable), e.g. --option picking=secret",
    )
    p.add_argument("--a", default="search", help="player a: random, greedy, search (or easy/normal/hard)")
    p.add_argument("--b", default="greedy", help="player b (same choices)")
    p.add_argument("--games", type=positive_int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--units", choices=("random", "first-game", "draft"), default="random")
    p.add_argument("--max-rounds", type=positive_int, default=200)
    p.add_argument("--budget-ms", type=positive_float, default=None, help="search think time per decision")
    p.add_argument("--iterations", type=positive_int, default=None, help="search iterations per decision")
    p.add_argument("--a-budget-ms", type=positive_float, default=None, help="override --budget-ms for a")
    p.add_argument("--b-budget-ms", type=positive_float, default=None, help="override --budget-ms for b")
    p.add_argument("--a-iterations", type=positive_int, default=None, help="override --iterations for a")
    p.add_argument("--b-iterations", type=positive_int, default=None, help="override --iterations for b")
    p.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help="games played at once in worker processes (keep it at most the number of cores: a time "
        "budget is wall-clock time)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    p.add_argument("--progress", action="store_true", help="print a line per finished game to stderr")
    p.set_defaults(func=_cmd_arena)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m warchest_bot.games.warchest.ai.cli arena ...``: the same as ``warchest-bot arena``."""

    def run() -> int:
        parser = argparse.ArgumentParser(prog="python -m warchest_bot.games.warchest.ai.cli")
        sub = parser.add_subparsers(dest="command", metavar="COMMAND")
        register(sub)
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return 2
        return int(args.func(args) or 0)

    return quiet_on_closed_pipe(run)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
