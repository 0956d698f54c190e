"""Engine benchmark: random full games (legal_actions + apply per ply), and clone() time.

python -m bench.engine [--games 200] [--seed 0]
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
    for k in range(games):
        rnd = random.Random(seed + k)
        g = GameState.new(Options(players=players, units="random", seed=seed + k))
        choice = rnd.choice
        start = time.perf_counter()
        while not g.is_terminal():
            g.apply(choice(g.legal_actions()))
        elapsed += time.perf_counter() - start
        plies += g.ply
    return {
        "games": games,
        "plies": plies,
        "seconds": elapsed,
        "plies_per_s": plies / elapsed,
        "games_per_s": games / elapsed,
        "mean_plies": plies / games,
    }


def clone_time(players: int, seed: int) -> float:
    g = GameState.new(Options(players=players, seed=seed))
    rnd = random.Random(seed)
    for _ in range(60):
        g.apply(rnd.choice(g.legal_actions()))
    runs = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(2000):
            g.clone()
        runs.append((time.perf_counter() - start) / 2000)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"games": 3})
    for players in (2, 4):
        r = random_games(players, args.games, args.seed)
        print(
            f"{players} players: {r['games']} random games, {r['plies']} plies in {r['seconds']:.2f} s: "
            f"{r['plies_per_s']:,.0f} plies/s, {r['games_per_s']:.1f} games/s, "
            f"{r['mean_plies']:.0f} plies/game (max_rounds 200)"
        )
        print(f"{players} players: clone() median {clone_time(players, args.seed) * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
