"""For the Crown self-play with the easy (one-ply greedy) player on both seats (prints; never asserts).

    python -m bench.forthecrown_selfplay [--games 40] [--supply random] [--seed 0]

Plays seeded games on the shipped card table and prints: how the games ended, the median and range of
game length in turns per player, the first player's (seat 0's) win rate with draws apart, per variable card
how often it is bought in the games where it is in the Supply and how often its buyers win, the issue's
four balance tests (first player 45–55%, every variable card bought in ≥ 20% of its games, no card's
buyers winning > 65%, median length 15–40 turns per player) and the time per game and per decision. The
issue asks for ≥ 400 games with the house values; the easy player is the only one yet.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

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
    in_supply: Counter[str] = Counter()
    bought_in: Counter[str] = Counter()
    buyer_games: Counter[str] = Counter()
    buyer_wins: Counter[str] = Counter()
    decisions: list[float] = []
    reasons: dict[str, int] = {}
    wins = [0, 0]
    draws = 0
    start = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        state = new_game({"supply": args.supply}, seed=seed)
        players = (EasyPlayer(2 * seed), EasyPlayer(2 * seed + 1))
        variable = [c for c in state.supply if state.table[c].role == "variable"]
        bought: list[set[str]] = [set(), set()]
        while state.result is None:
            seat = state.current_player
            assert seat is not None
            began = time.perf_counter()
            action = players[seat].choose(state)
            decisions.append(time.perf_counter() - began)
            if action.kind == "buy":
                bought[seat].add(action.words[1])
            state.apply(action)
        result = state.result
        for card in variable:
            in_supply[card] += 1
            bought_in[card] += card in bought[0] | bought[1]
            for s in (0, 1):
                if card in bought[s]:
                    buyer_games[card] += 1
                    buyer_wins[card] += result.winner == s
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
    print("  variable card     in games  bought in  buyers win")
    bought_rates = {c: bought_in[c] / n for c, n in in_supply.items()}
    win_rates = {c: buyer_wins[c] / buyer_games[c] for c in in_supply if buyer_games[c]}
    for card in sorted(in_supply):
        wins_text = f"{100 * win_rates[card]:5.1f}%" if card in win_rates else "    -"
        print(f"  {card:<17} {in_supply[card]:8d}  {100 * bought_rates[card]:8.1f}%  {wins_text:>9}")
    median = statistics.median(lengths)
    checks = [
        ("first player wins 45-55%", 45 <= rate <= 55),
        ("every variable card bought in >= 20% of its games", min(bought_rates.values(), default=0) >= 0.2),
        ("no card's buyers win > 65%", max(win_rates.values(), default=0) <= 0.65),
        ("median length 15-40 turns per player", 15 <= median <= 40),
    ]
    for label, ok in checks:
        print(f"  {'holds' if ok else 'FAILS'}: {label}")
    print(f"  {elapsed / args.games:.2f} s per game; per decision {ms_figures(decisions)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
