"""Think-time figures of the computer players (prints; never asserts).

    python -m bench.ai [--positions 12] [--iterations 300] [--budget-ms 1000]

Positions are taken from seeded random games (2 and 4 players, early, middle and late). For each player
count it prints: determinizations sampled per second, evaluations per second, the greedy player's time
per decision, the search's iterations per second under an iteration budget, and the iterations it
completes within a time budget (whole budget spent), then the time it really takes with its early stop.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.common import parse_args
from warchest_bot.games.warchest.ai import Determinizer, GreedyPlayer, SearchPlayer, evaluate
from warchest_bot.games.warchest.engine import GameState, Options


def positions(players: int, count: int) -> list[GameState]:
    """Mid-game positions with at least two legal actions, from seeded random games."""
    out: list[GameState] = []
    seed = 0
    while len(out) < count:
        rnd = random.Random(seed)
        g = GameState.new(Options(players=players, units="random", seed=seed))
        stop = [10, 40, 90][seed % 3]
        while not g.is_terminal() and (g.ply < stop or len(g.legal_actions()) < 2):
            g.apply(rnd.choice(g.legal_actions()))
        if not g.is_terminal():
            out.append(g)
        seed += 1
    return out


def rate(fn, seconds: float = 0.5) -> float:
    """Calls of ``fn`` per second."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        n += 1
    return n / (time.perf_counter() - start)


def bench(players: int, args: argparse.Namespace) -> None:
    """Print the figures for one player count."""
    gs = positions(players, args.positions)
    rnd = random.Random(1)
    dets = [Determinizer(g.view_for(g.current_player)) for g in gs]
    samples = rate(lambda: dets[rnd.randrange(len(dets))].sample(rnd))
    evals = rate(lambda: evaluate(gs[rnd.randrange(len(gs))]))
    greedy = GreedyPlayer(seed=1)
    t0 = time.perf_counter()
    for g in gs:
        greedy.choose(g)
    greedy_ms = (time.perf_counter() - t0) * 1000 / len(gs)
    speeds, budget_iters, used_ms, early = [], [], [], 0
    for k, g in enumerate(gs):
        p = SearchPlayer(seed=k, iterations=args.iterations, early_stop=False)
        t0 = time.perf_counter()
        p.choose(g)
        speeds.append(p.stats["iterations"] / (time.perf_counter() - t0))
    timed = gs[: max(1, len(gs) // 3)]
    for k, g in enumerate(timed):
        p = SearchPlayer(seed=k, budget_ms=args.budget_ms, early_stop=False)
        p.choose(g)
        budget_iters.append(p.stats["iterations"])
        p = SearchPlayer(seed=k, budget_ms=args.budget_ms)  # as it plays: stops once its choice is decided
        t0 = time.perf_counter()
        p.choose(g)
        used_ms.append((time.perf_counter() - t0) * 1000)
        early += bool(p.stats.get("stopped_early"))
    print(f"{players} players, {len(gs)} positions")
    print(f"  determinizations      {samples:10.0f} /s")
    print(f"  evaluations           {evals:10.0f} /s")
    print(f"  greedy                {greedy_ms:10.2f} ms/decision")
    print(
        f"  search ({args.iterations} it)      {statistics.median(speeds):10.0f} it/s median "
        f"(min {min(speeds):.0f}, max {max(speeds):.0f})"
    )
    print(
        f"  search ({args.budget_ms:g} ms)     {statistics.median(budget_iters):10.0f} it median "
        f"(min {min(budget_iters)}, max {max(budget_iters)})"
    )
    print(
        f"  ... with early stop   {statistics.median(used_ms):10.0f} ms median "
        f"(min {min(used_ms):.0f}, max {max(used_ms):.0f}); stopped early in {early}/{len(timed)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--budget-ms", type=float, default=1000.0)
    args = parse_args(parser, {"positions": 2, "iterations": 20, "budget_ms": 50.0})
    for players in (2, 4):
        bench(players, args)


if __name__ == "__main__":
    main()
