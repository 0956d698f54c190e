"""Engine benchmark: random full games (legal_actions + apply per ply), and clone() time.

python -m bench.engine [--games 200] [--seed 0]

Times are CPU time of this process (``time.process_time``), so that a machine shared with other jobs slows
the figures less than wall-clock time would. Besides the totals, each player count prints two ``median X ms``
lines that ``scripts/bench_commits.py`` compares between commits: the median over games of the time per
1000 plies, and the median over 7 runs of the time of 1000 ``clone()`` calls.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.common import parse_args
from warchest_bot.games.warchest.engine import GameState, Options


def random_games(players: int, games: int, seed: int) -> dict:
    plies = 0
    elapsed = 0.0
    per_kply: list[float] = []
    clock = time.process_time
    for k in range(games):
        rnd = random.Random(seed + k)
        g = GameState.new(Options(players=players, units="random", seed=seed + k))
        choice = rnd.choice
        start = clock()
        while not g.is_terminal():
            g.apply(choice(g.legal_actions()))
        spent = clock() - start
        elapsed += spent
        plies += g.ply
        per_kply.append(spent / g.ply * 1000)
    return {
        "games": games,
        "plies": plies,
        "seconds": elapsed,
        "plies_per_s": plies / elapsed,
        "games_per_s": games / elapsed,
        "mean_plies": plies / games,
        "kply_median_s": statistics.median(per_kply),
    }


def clone_time(players: int, seed: int) -> float:
    """Median over 7 runs of the CPU time of one ``clone()`` of a state 60 plies into a game."""
    g = GameState.new(Options(players=players, seed=seed))
    rnd = random.Random(seed)
    for _ in range(60):
        g.apply(rnd.choice(g.legal_actions()))
    runs = []
    for _ in range(7):
        start = time.process_time()
        for _ in range(2000):
            g.clone()
        runs.append((time.process_time() - start) / 2000)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"games": 3})
    for players in (2, 4):
        r = random_games(players, args.games, args.seed)
        print(
            f"{players} players: {r['games']} random games, {r['plies']} plies in {r['seconds']:.2f} s CPU: "
            f"{r['plies_per_s']:,.0f} plies/s, {r['games_per_s']:.1f} games/s, "
            f"{r['mean_plies']:.0f} plies/game (max_rounds 200)"
        )
        print(f"{players} players: 1000 plies median {r['kply_median_s'] * 1000:.3f} ms (median over games)")
        clone = clone_time(players, args.seed)
        print(f"{players} players: clone() median {clone * 1e6:.1f} µs")
        print(f"{players} players: 1000 clones median {clone * 1e6:.3f} ms")


if __name__ == "__main__":
    main()
