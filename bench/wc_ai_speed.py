"""War Chest search speed: CPU time per iteration of the current search against the frozen copy of today's
(bench/wc_ai_frozen) on the same positions and seeds (prints; never asserts). The frozen copy runs on its
frozen engine, so the ratio counts issue 25's engine speed-ups as well as the search's own.

    python -m bench.wc_ai_speed [--positions 12] [--iterations 200] [--expansions siege] [--only-new]

Positions come from seeded games between greedy players (2 and 4 players, early, middle and late). Both
searches run the whole iteration budget (no early stop); CPU time (``time.process_time``) is counted, so a
loaded machine slows both alike. It prints, per player count, the median CPU milliseconds per iteration of
each and their ratio, and how often both chose the same action, then a line ``2p search iteration median X
ms (N iterations/s)`` per search, which ``scripts/bench_commits.py OLD NEW -- -m bench.wc_ai_speed
--only-new`` compares between two commits (``--only-new``: the current search alone, no frozen one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench import wc_ai_frozen
from bench.common import parse_args
from warchest_bot.games.warchest import ai
from warchest_bot.games.warchest.engine import GameState, Options


def positions(players: int, count: int, expansions: str) -> list[GameState]:
    out: list[GameState] = []
    seed = 0
    while len(out) < count:
        g = GameState.new(Options(players=players, units="random", seed=seed, expansions=expansions))
        bots = [ai.GreedyPlayer(seed * 10 + s) for s in range(players)]
        rnd = random.Random(seed)
        stop = [12, 40, 80][seed % 3]
        while not g.is_terminal() and (g.ply < stop or len(g.legal_actions()) < 2):
            g.apply(rnd.choice(g.legal_actions()) if rnd.random() < 0.2 else bots[g.current_player].choose(g))
        if not g.is_terminal():
            out.append(g)
        seed += 1
    return out


def per_iteration(player, g: GameState) -> tuple[float, object]:  # noqa: ANN001 - either package's player
    t0 = time.process_time()
    action = player.choose(g)
    return (time.process_time() - t0) * 1000 / max(1, player.stats["iterations"]), action


def bench(players: int, args: argparse.Namespace) -> None:
    new_ms, old_ms, same = [], [], 0
    ps = positions(players, args.positions, args.expansions)
    for i, g in enumerate(ps):
        new = ai.SearchPlayer(i, iterations=args.iterations, early_stop=False)
        t_new, a_new = per_iteration(new, g)
        new_ms.append(t_new)
        if not args.only_new:
            old = wc_ai_frozen.SearchPlayer(i, iterations=args.iterations, early_stop=False)
            t_old, a_old = per_iteration(old, g)
            old_ms.append(t_old)
            same += a_new == a_old
    n = statistics.median(new_ms)
    label = f"{players}p{' ' + args.expansions if args.expansions else ''}"
    if old_ms:
        o = statistics.median(old_ms)
        print(
            f"{label}, {len(ps)} positions, {args.iterations} iterations: CPU per iteration new {n:.3f} ms, "
            f"frozen {o:.3f} ms (new/frozen {n / o:.2f}); same choice {same}/{len(ps)}"
        )
        print(f"{label} frozen search iteration median {o:.4f} ms ({1000 / o:,.0f} iterations/s)")
    print(f"{label} search iteration median {n:.4f} ms ({1000 / n:,.0f} iterations/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--expansions", default="")
    parser.add_argument("--only-new", action="store_true", help="time the current search alone")
    args = parse_args(parser, {"positions": 2, "iterations": 8})
    for players in (2, 4):
        bench(players, args)


if __name__ == "__main__":
    main()
