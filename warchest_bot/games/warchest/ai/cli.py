"""AI sub-commands of ``warchest-bot``: ``arena`` plays computer players against each other.

    warchest-bot arena --a search --b greedy --games 20 --seed 1 --budget-ms 1000 [--players 4] [--json]

Until this module is listed in ``warchest_bot.cli``, run it as ``python3 -m warchest_bot.games.warchest.ai.cli arena ...``.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Sequence

from . import LEVELS, PLAYER_NAMES, make_player
from .arena import GameRecord, format_result, run_arena


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, not {text}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text}")
    return value


def _describe(name: str, budget_ms: float | None, iterations: int | None) -> str:
    if name not in ("search", "normal", "hard"):
        return name
    parts = []
    if budget_ms is not None:
        parts.append(f"{budget_ms:g} ms")
    if iterations is not None:
        parts.append(f"{iterations} it")
    return f"{name}({', '.join(parts)})" if parts else name


def _cmd_arena(args: argparse.Namespace) -> int:
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
    )
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(format_result(result))
    return 0


def register(subparsers) -> None:
    """Add the ``arena`` sub-command."""
    p = subparsers.add_parser(
        "arena",
        help="play computer players against each other and report who wins",
        description="Play N games between two computer players (seats swapped every other game, each pair "
        "of games on the same deal) and print wins and draws with 95%% Wilson intervals, mean think time "
        "and mean game length.",
    )
    p.add_argument("--a", default="search", help="player a: random, greedy, search (or easy/normal/hard)")
    p.add_argument("--b", default="greedy", help="player b (same choices)")
    p.add_argument("--games", type=_positive_int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--units", choices=("random", "first-game", "draft"), default="random")
    p.add_argument("--max-rounds", type=_positive_int, default=200)
    p.add_argument("--budget-ms", type=_positive_float, default=None, help="search think time per decision")
    p.add_argument("--iterations", type=_positive_int, default=None, help="search iterations per decision")
    p.add_argument("--a-budget-ms", type=_positive_float, default=None, help="override --budget-ms for a")
    p.add_argument("--b-budget-ms", type=_positive_float, default=None, help="override --budget-ms for b")
    p.add_argument("--a-iterations", type=_positive_int, default=None, help="override --iterations for a")
    p.add_argument("--b-iterations", type=_positive_int, default=None, help="override --iterations for b")
    p.add_argument(
        "--jobs",
        type=_positive_int,
        default=1,
        help="games played at once in worker processes (keep it at most the number of cores: a time "
        "budget is wall-clock time)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    p.add_argument("--progress", action="store_true", help="print a line per finished game to stderr")
    p.set_defaults(func=_cmd_arena)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m warchest_bot.games.warchest.ai.cli")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    register(sub)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return int(args.func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
