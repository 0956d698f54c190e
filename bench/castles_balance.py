"""Balance and strength figures of Castles (prints; never asserts).

    python -m bench.castles_balance [--games 200] [--hard-games 200] [--selfplay-games 200] [--seed 0]

Three matches of the computer players (`warchest_bot.games.castles.ai`), seats swapped every other game:
normal against easy (the target: normal wins at least 85%), hard against normal (at least 60%) and normal
against itself (player 1's share of the decided games: 45-55%). For each it prints wins, draws, how the
games ended, the median and range of the turns a game took (15-30 wanted), the think time per decision
of each side, and, over all matches, how often each unit type was deployed (every type should be).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from bench.common import parse_args
from warchest_bot.games.castles.cli import play_match
from warchest_bot.games.castles.rules import UNIT_CODES


def report(title: str, match: dict, seconds: float) -> None:
    """One match's figures."""
    games = match["games"]
    decided = match["wins_a"] + match["wins_b"]
    seat0 = match["seat_wins"][0]
    print(f"{title}: {match['a']} vs {match['b']}, {games} games in {seconds:.0f} s")
    print(
        f"  {match['a']} wins {match['wins_a']} ({100 * match['wins_a'] / games:.1f}%), "
        f"{match['b']} wins {match['wins_b']}, draws {match['draws']}"
    )
    if decided:
        print(f"  player 1 (seat 0) won {seat0} of {decided} decided games ({100 * seat0 / decided:.1f}%)")
    print(f"  ended by {match['reasons']}")
    low, high = match["turns_range"]
    print(f"  turns per game: median {match['median_turns']}, range {low}-{high}")
    for side, figures in match["think_ms"].items():
        name = match[side]
        print(f"  {name} ({side}) think per decision: mean {figures['mean']} ms, max {figures['max']} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games of normal against easy")
    parser.add_argument("--hard-games", type=int, default=200, help="games of hard against normal")
    parser.add_argument("--selfplay-games", type=int, default=200, help="games of normal against normal")
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"games": 1, "hard_games": 1, "selfplay_games": 1}, argv)
    deployed: Counter[str] = Counter()
    for title, a, b, games in (
        ("strength", "normal", "easy", args.games),
        ("strength", "hard", "normal", args.hard_games),
        ("balance", "normal", "normal", args.selfplay_games),
    ):
        if games <= 0:
            continue
        start = time.perf_counter()
        match = play_match(a, b, games, args.seed)
        report(title, match, time.perf_counter() - start)
        deployed.update(match["deployed"])
        sys.stdout.flush()
    print("unit types deployed: " + ", ".join(f"{code} {deployed[code]}" for code in UNIT_CODES))
    never = [code for code in UNIT_CODES if not deployed[code]]
    print(f"never deployed: {', '.join(never) if never else 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
