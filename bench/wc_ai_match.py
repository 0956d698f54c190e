"""War Chest AI match: the current AI against the frozen copy of the AI before issue 25 (prints; never asserts).

    python -m bench.wc_ai_match [--a new:normal] [--b old:hard] [--players 2] [--games 200] [--expansions siege]

A side is ``new:`` (warchest_bot.games.warchest.ai) or ``old:`` (bench/wc_ai_frozen, the levels as they were)
followed by a level (``easy``, ``normal`` = search 300 ms, ``hard`` = search 1 s), a time budget (``500ms``)
or an iteration budget (``400it``, deterministic and load-independent: use it while developing), optionally
followed by search settings (``new:400it,exploration=0.3,prior_visits=4``, ``new:400it,weights=w.json`` for
weights written by bench/wc_ai_tune.py).
Games come in pairs on one shared deal (same game seed: same draft offer, bags and initiative flip) with
the seats swapped; in 4 players each side plays both seats of one team. It prints wins, draws and losses of
side a, its score (a draw counts half) with a Wilson 95% interval, and each side's time per decision (median,
max). The issue's targets: ``--a new:normal --b old:hard`` ≥ 60%, ``--a new:hard --b old:hard`` ≥ 75%,
``--players 4 --a new:normal --b old:normal`` ≥ 65%. Time-budget figures depend on the machine's load:
note ``uptime`` with them, or count the budgets in CPU time (``--clock cpu``).
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import time
import types
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import wc_ai_frozen
from bench.common import parse_args
from bench.wc_ai_frozen import search as old_search
from warchest_bot.ai.arena import wilson_interval
from warchest_bot.games.warchest import ai
from warchest_bot.games.warchest.ai import search as new_search
from warchest_bot.games.warchest.engine import GameState, Options

_MASK = (1 << 64) - 1


def make_side(spec: str, seed: int):  # noqa: ANN201 - a player of either package
    """The player that ``spec`` names (see the module docstring), with ``seed``."""
    family, _, what = spec.partition(":")
    what, *tweaks = what.split(",")
    package = {"new": ai, "old": wc_ai_frozen}.get(family)
    if package is None or not what:
        raise SystemExit(f"side {spec!r}: expected new:LEVEL, old:LEVEL, new:500ms, old:400it, ...")
    options: dict[str, Any] = {}
    for tweak in tweaks:  # search settings, e.g. new:400it,exploration=0.3 or new:400it,weights=w.json
        name, _, value = tweak.partition("=")
        if name == "weights":  # a file written by bench/wc_ai_tune.py
            data = json.loads(Path(value).read_text(encoding="utf-8"))["weights"]
            options[name] = (
                package.Weights(**data) if family == "new" else wc_ai_frozen.evaluate.Weights(**data)
            )
        else:
            options[name] = float(value)
    if what.endswith("ms"):
        return package.SearchPlayer(seed, budget_ms=float(what[:-2]), **options)
    if what.endswith("it"):
        return package.SearchPlayer(seed, iterations=int(what[:-2]), **options)
    if options:
        level, budget = package.LEVELS[what]
        return package.SearchPlayer(seed, budget_ms=budget, **options)
    return package.make_player(what, seed)


@dataclass
class Game:
    index: int
    a_team: int
    winner: str | None
    plies: int
    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per decision, per side (decisions with one legal action included)."""


def use_clock(clock: str) -> None:
    """Make both searches measure their time budget on ``clock``: ``wall`` (as in play) or ``cpu`` (this
    process's CPU time, so that a loaded machine slows both sides' thinking alike instead of cutting it)."""
    perf_counter = time.process_time if clock == "cpu" else time.perf_counter
    shim = types.SimpleNamespace(perf_counter=perf_counter)
    for module in (new_search, old_search):
        vars(module)["time"] = shim


def play(
    a: str,
    b: str,
    index: int,
    seed: int,
    players: int,
    max_rounds: int,
    clock: str = "wall",
    expansions: str = "",
) -> Game:
    """Game ``index``: its deal depends on ``seed`` and ``index // 2`` only; side a takes team
    ``index % 2`` (as in warchest_bot.games.warchest.ai.arena)."""
    use_clock(clock)
    game_seed = (seed * 1_000_003 + index // 2) & _MASK
    a_team = index % 2
    seats = []
    for s in range(players):
        player_seed = (game_seed * 31 + s * 7 + index) & _MASK
        seats.append(make_side(a if s % 2 == a_team else b, player_seed))
    g = GameState.new(
        Options(players=players, units="random", seed=game_seed, max_rounds=max_rounds, expansions=expansions)
    )
    times: dict[str, list[float]] = {"a": [], "b": []}
    while (seat := g.current_player) is not None:
        t0 = time.perf_counter()
        action = seats[seat].choose(g)
        times["a" if seat % 2 == a_team else "b"].append(time.perf_counter() - t0)
        g.apply(action)
    assert g.result is not None
    winner = None if g.result.winner is None else ("a" if g.result.winner == a_team else "b")
    return Game(index, a_team, winner, g.ply, times)


def run(args: argparse.Namespace) -> list[Game]:
    job = functools.partial(
        play,
        args.a,
        args.b,
        seed=args.seed,
        players=args.players,
        max_rounds=args.max_rounds,
        clock=args.clock,
        expansions=args.expansions,
    )
    games: list[Game] = []
    if args.jobs <= 1:
        for i in range(args.games):
            games.append(job(i))
            if args.progress:
                report(args, games, progress=True)
        return games
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(job, i) for i in range(args.games)]
        for f in as_completed(futures):
            games.append(f.result())
            if args.progress:
                report(args, games, progress=True)
    return sorted(games, key=lambda g: g.index)


def report(args: argparse.Namespace, games: list[Game], progress: bool = False) -> None:
    n = len(games)
    wins = sum(g.winner == "a" for g in games)
    losses = sum(g.winner == "b" for g in games)
    draws = n - wins - losses
    score = wins + 0.5 * draws
    # Wilson on the score, a draw counting as half a win (the formula takes a fractional count).
    lo, hi = wilson_interval(score, n)  # type: ignore[arg-type]
    line = (
        f"{args.a} vs {args.b}, {args.players}p{' ' + args.expansions if args.expansions else ''}, "
        f"{n} games ({args.clock} clock): "
        f"W {wins} D {draws} L {losses}, score {score / n:.1%} (95% {lo:.1%}-{hi:.1%})"
    )
    if progress:
        print("  ..." + line, flush=True)
        return
    print(line)
    for side, spec in (("a", args.a), ("b", args.b)):
        ts = [t for g in games for t in g.times[side]]
        if ts:
            print(
                f"  {side} {spec:14} per decision: median {statistics.median(ts) * 1000:7.1f} ms, "
                f"max {max(ts) * 1000:7.1f} ms ({len(ts)} decisions)"
            )
    print(f"  mean plies per game {statistics.mean(g.plies for g in games):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="new:normal", help="side a (see the module docstring)")
    parser.add_argument("--b", default="old:hard", help="side b")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--games", type=int, default=200, help="an even number: pairs of games share a deal")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--expansions", default="", help="e.g. nobility, siege or nobility,siege")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="what time budgets count: wall time (as in play) or CPU time (fairer on a loaded machine)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (keep 1 on a shared machine)")
    parser.add_argument("--progress", action="store_true", help="print the running score after every game")
    args = parse_args(parser, {"games": 2, "a": "new:8it", "b": "old:8it", "max_rounds": 4})
    games = run(args)
    report(args, games)
    if args.smoke:  # the 4-player teams and the expansions too
        args.players = 4
        report(args, run(args))
        args.players, args.expansions = 2, "nobility,siege"
        report(args, run(args))


if __name__ == "__main__":
    main()
