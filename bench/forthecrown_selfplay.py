"""For the Crown self-play with the easy (one-ply greedy) player on both seats (prints; never asserts).

    python -m bench.forthecrown_selfplay [--games 40] [--supply random] [--seed 0]

Plays seeded games on the shipped card table and prints: how the games ended, the median and range of
game length in turns per player, the first player's (seat 0's) win rate with draws apart, and the time
per game and per decision. The issue's balance figures (≥ 400 games, buys per card) need a stronger player
than this; these are the first figures of the house table.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.common import ms_figures, parse_args
from warchest_bot.games.forthecrown.ai import EasyPlayer
from warchest_bot.games.forthecrown.engine import SUPPLIES, new_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--supply", default="random", choices=SUPPLIES)
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"games": 2}, argv)

    lengths: list[float] = []
    decisions: list[float] = []
    reasons: dict[str, int] = {}
    wins = [0, 0]
    draws = 0
    start = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        state = new_game({"supply": args.supply}, seed=seed)
        players = (EasyPlayer(2 * seed), EasyPlayer(2 * seed + 1))
        while state.result is None:
            seat = state.current_player
            assert seat is not None
            began = time.perf_counter()
            action = players[seat].choose(state)
            decisions.append(time.perf_counter() - began)
            state.apply(action)
        result = state.result
        reasons[result.reason] = reasons.get(result.reason, 0) + 1
        if result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
        lengths.append(state.turn / 2)
    elapsed = time.perf_counter() - start

    decided = wins[0] + wins[1]
    print(f"For the Crown, easy vs easy, {args.games} games, {args.supply} supplies, seeds {args.seed}..")
    print(f"  endings: {', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))}")
    print(
        f"  turns per player: median {statistics.median(lengths):.1f}, "
        f"min {min(lengths):.1f}, max {max(lengths):.1f}"
    )
    rate = 100 * wins[0] / decided if decided else 0.0
    print(f"  first player wins {wins[0]} of {decided} decided games ({rate:.1f}%), draws {draws}")
    print(f"  {elapsed / args.games:.2f} s per game; per decision {ms_figures(decisions)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
