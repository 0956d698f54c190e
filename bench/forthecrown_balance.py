"""For the Crown house-value balance: computer self-play with random supplies (prints; never asserts).

    python -m bench.forthecrown_balance [--games 400] [--level easy] [--seed 0] [--table FILE] [--jobs 2]

Plays ``--games`` seeded games of one level against itself, each with 10 random variable stacks, on the
shipped card table or ``--table``. The level is ``easy`` by default: a game of it takes about a second of
CPU, while normal players defend so well that a game of theirs lasts about three times as long and costs
ten times as much (400 games: about an hour of one core, more on a shared machine); both buy alike (the
dearest card they can pay for, a treasure at twice its gold), which is what the buy figures measure.
Prints the issue's figures: the first player's (seat 0's) win rate among decided games with a 95% Wilson
interval, for every variable card the share of the games it is in the Supply that it is bought in and its
buyers' win rate (per buying seat: a card both seats bought counts once for each), the core cards the
same way, the median game length in turns per player, and whether each of the four tests holds: first
player 45-55%, every variable card bought in >= 20% of its games, no card's buyers winning > 65%,
median length 15-40 turns per player; and what the orders went to (a turn has one, more with cards:
plain marches and attacks, deploys, cards' Order effects, or none) with the units left in the Barracks at
the end, which say whether long games come from players who stall or from armies that one order a turn
cannot bring to the board.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from collections import Counter
from pathlib import Path

from bench.common import parse_args
from bench.forthecrown_ai import wilson
from warchest_bot.games.forthecrown.ai import make_player
from warchest_bot.games.forthecrown.card_table import CardTable, load_table, standard_table
from warchest_bot.games.forthecrown.engine import new_game

Game = tuple[list[str], list[Counter[str]], int | None, str, int, Counter[str], int]
"""One game's record: the Supply, each seat's purchases, the winner, how it ended, its turns, what the
order phases did (`ORDERS`: how many of each) and the units left in both Barracks at the end."""

ORDERS = ("move", "deploy", "card", "unused")
"""What an order phase's orders went to: a plain march or attack, a plain deploy, a card's Order effect,
or nothing (the phase ended with orders left)."""


def _table(path: Path | None) -> CardTable:
    return load_table(path.read_text("utf-8")) if path else standard_table()


def play_game(job: tuple[str, int, int, Path | None]) -> Game:
    """Play one seeded self-play game of ``level`` (a worker process may run it)."""
    level, seed, turn_cap, path = job
    state = new_game({"supply": "random", "turn_cap": turn_cap}, seed=seed, table=_table(path))
    players = (make_player(level, 2 * seed), make_player(level, 2 * seed + 1))
    bought: list[Counter[str]] = [Counter(), Counter()]
    orders: Counter[str] = Counter()
    while state.result is None:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state)
        if action.kind == "buy":
            bought[seat][action.words[1]] += 1
        if state.phase == "order" and state.pending is None and seat == state.to_move:
            if action.kind == "end":
                orders["unused"] += state.orders
            else:
                orders[
                    "deploy" if action.kind == "deploy" else "card" if action.kind == "play" else "move"
                ] += 1
        state.apply(action)
    result = state.result
    left = len(state.barracks[0]) + len(state.barracks[1])
    return list(state.supply), bought, result.winner, result.reason, state.turn, orders, left


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--level", default="easy", choices=("easy", "normal", "hard"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--table", type=Path, default=None, help="a card table file (default: the shipped one)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the games are independent)")
    parser.add_argument("--turn-cap", type=int, default=400, help="turns after which a game is drawn")
    args = parse_args(parser, {"games": 2, "turn_cap": 24}, argv)
    table = _table(args.table)

    lengths: list[float] = []
    in_supply: Counter[str] = Counter()
    bought_in: Counter[str] = Counter()
    buyer_games: Counter[str] = Counter()
    buyer_wins: Counter[str] = Counter()
    copies: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    wins = [0, 0]
    orders: Counter[str] = Counter()
    left: list[int] = []
    start = time.perf_counter()
    jobs = [(args.level, args.seed + n, args.turn_cap, args.table) for n in range(args.games)]
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            records = pool.map(play_game, jobs, chunksize=4)
    else:
        records = [play_game(job) for job in jobs]
    for supply, bought, winner, reason, turns, game_orders, game_left in records:
        reasons[reason] += 1
        orders.update(game_orders)
        left.append(game_left)
        if winner is not None:
            wins[winner] += 1
        for card in supply:
            in_supply[card] += 1
            bought_in[card] += bool(bought[0][card] or bought[1][card])
            for s in (0, 1):
                copies[card] += bought[s][card]
                if bought[s][card]:
                    buyer_games[card] += 1
                    buyer_wins[card] += winner == s
        lengths.append(turns / 2)
    elapsed = time.perf_counter() - start

    decided = wins[0] + wins[1]
    low, high = wilson(wins[0], decided)
    rate = 100 * wins[0] / decided if decided else 0.0
    median = statistics.median(lengths)
    print(f"For the Crown balance: {args.level} vs {args.level}, {args.games} games, random supplies, "
          f"table {table.name}, seeds {args.seed}..")  # fmt: skip
    print(f"  endings: {', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))}")
    print(f"  first player wins {wins[0]} of {decided} decided games: {rate:.1f}% "
          f"(95% Wilson {100 * low:.1f}%..{100 * high:.1f}%)")  # fmt: skip
    quart = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else [median, median, median]
    print(f"  turns per player: median {median:.1f}, quartiles {quart[0]:.1f}..{quart[2]:.1f}, "
          f"min {min(lengths):.1f}, max {max(lengths):.1f}")  # fmt: skip
    all_turns = 2 * sum(lengths)
    print(f"  orders a turn: {' + '.join(f'{orders[k] / all_turns:.2f} {k}' for k in ORDERS)}; "
          f"units left in both Barracks at the end: median {statistics.median(left):.0f}")  # fmt: skip
    bought_rates = {}
    win_rates = {}
    for role in ("core", "variable"):
        print(f"  {role} card        cost  in games  bought in  copies/game  buyers win")
        for card in sorted(c for c in in_supply if table[c].role == role):
            games = in_supply[card]
            share = bought_in[card] / games
            per_game = copies[card] / games
            wins_text = "      -"
            if buyer_games[card]:
                win = buyer_wins[card] / buyer_games[card]
                wins_text = f"{100 * win:6.1f}% of {buyer_games[card]}"
                if role == "variable":
                    win_rates[card] = win
            if role == "variable":
                bought_rates[card] = share
            print(
                f"  {card:<17} {table[card].cost:4d}  {games:8d}  {100 * share:8.1f}%  {per_game:11.2f}  {wins_text}"
            )
    worst_bought = min(bought_rates, key=bought_rates.__getitem__, default=None)
    worst_win = max(win_rates, key=win_rates.__getitem__, default=None)
    checks = [
        ("first player wins 45-55%", 45 <= rate <= 55, f"{rate:.1f}%"),
        (
            "every variable card bought in >= 20% of its games",
            min(bought_rates.values(), default=0) >= 0.2,
            f"lowest {worst_bought} {100 * bought_rates.get(worst_bought or '', 0):.1f}%",
        ),
        (
            "no card's buyers win > 65%",
            max(win_rates.values(), default=0) <= 0.65,
            f"highest {worst_win} {100 * win_rates.get(worst_win or '', 0):.1f}%",
        ),
        ("median length 15-40 turns per player", 15 <= median <= 40, f"{median:.1f}"),
    ]
    for label, ok, figure in checks:
        print(f"  {'holds' if ok else 'FAILS'}: {label} ({figure})")
    print(f"  {elapsed / args.games:.2f} s per game, {elapsed:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
