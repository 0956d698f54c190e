"""War Chest Siege balance: computer self-play with the expansion (prints; never asserts).

    python -m bench.siege_balance [--games 200] [--player greedy] [--units draft] [--players 2]
                                  [--expansions siege] [--forts 4] [--seed 0]

Plays ``--games`` seeded games of one computer player against itself with ``expansions=siege`` (or
``nobility,siege``; ``greedy`` by default). Prints the first player's win rate (the seat that holds the
initiative at the start) among decided games with a 95% Wilson interval, the draws, and for each Siege
unit how often it is dealt or drafted (with ``units=draft``: its average pick, of 8) and its owners' win
rate and tactics per game, plus how many forts are built and destroyed per game.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from bench.common import parse_args
from bench.forthecrown_ai import wilson
from warchest_bot.games.warchest.ai import make_player
from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.engine.units import SIEGE_UNITS, UNITS


def play_game(player: str, seed: int, args: argparse.Namespace) -> dict:
    options = Options(
        players=args.players,
        units=args.units,
        seed=seed,
        max_rounds=args.max_rounds,
        expansions=args.expansions,
        forts=args.forts,
    )
    g = GameState.new(options)
    pool = set(g.draft_pool) if args.units == "draft" else set(SIEGE_UNITS)
    first = g.initiative
    seats = [make_player(player, seed=seed * 10 + s, iterations=args.iterations) for s in range(args.players)]
    tactics: Counter[int] = Counter()
    pick_at: dict[int, int] = {}
    built = destroyed = 0
    while not g.is_terminal():
        seat = g.current_player
        assert seat is not None
        action = seats[seat].choose(g)
        if action.kind == "tactic" and action.coin in SIEGE_UNITS:
            tactics[action.coin] += 1
        elif action.kind == "pick":
            pick_at[action.unit] = len(pick_at) + 1
        before = len(g.forts)
        g.apply(action)
        if action.kind == "fortify":
            built += 1
        elif len(g.forts) < before:
            destroyed += 1
    assert g.result is not None
    owner = {u: s for s, seat in enumerate(g.seats) for u in seat.units}
    if args.units == "draft":  # the card left after the last pick goes to a seat without a pick
        for u in pool:
            pick_at.setdefault(u, len(pool))
    return {
        "winner": g.result.winner,
        "first_team": first % 2,
        "pool": pool,
        "owners": {u: owner[u] % 2 for u in SIEGE_UNITS if u in owner},
        "tactics": tactics,
        "pick_at": pick_at,
        "built": built,
        "destroyed": destroyed,
        "rounds": g.round,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--player", default="greedy", choices=("random", "greedy", "search"))
    parser.add_argument("--iterations", type=int, default=60, help="search iterations per decision")
    parser.add_argument("--units", default="draft", choices=("random", "draft"))
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    parser.add_argument("--expansions", default="siege", choices=("siege", "nobility,siege"))
    parser.add_argument("--forts", type=int, default=4, choices=(0, 2, 4, 6))
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"games": 2, "max_rounds": 8, "iterations": 4}, argv)

    start = time.perf_counter()
    first_wins = decided = draws = built = destroyed = 0
    in_pool: Counter[int] = Counter()
    taken: Counter[int] = Counter()
    owner_decided: Counter[int] = Counter()
    owner_wins: Counter[int] = Counter()
    tactics: Counter[int] = Counter()
    pick_sum: Counter[int] = Counter()
    rounds = []
    for n in range(args.games):
        r = play_game(args.player, args.seed + n, args)
        rounds.append(r["rounds"])
        tactics.update(r["tactics"])
        built += r["built"]
        destroyed += r["destroyed"]
        for u, k in r["pick_at"].items():
            if u in SIEGE_UNITS:
                pick_sum[u] += k
        for u in r["pool"]:
            in_pool[u] += 1
        for u, team in r["owners"].items():
            taken[u] += 1
            if r["winner"] is not None:
                owner_decided[u] += 1
                owner_wins[u] += r["winner"] == team
        if r["winner"] is None:
            draws += 1
        else:
            decided += 1
            first_wins += r["winner"] == r["first_team"]
    took = time.perf_counter() - start
    games = args.games
    lo, hi = wilson(first_wins, decided)
    print(
        f"Siege self-play ({args.expansions}, forts={args.forts}): {games} games of {args.player} against "
        f"itself, {args.players} players, units={args.units}, {took:.1f} s"
    )
    rate = first_wins / decided if decided else 0.0
    print(
        f"first player (initiative at the start) wins {first_wins}/{decided} decided games = {rate:.1%} "
        f"(95% {lo:.1%}-{hi:.1%}); draws {draws}; median rounds {sorted(rounds)[len(rounds) // 2]}"
    )
    for u in SIEGE_UNITS:
        wr = owner_wins[u] / owner_decided[u] if owner_decided[u] else 0.0
        if args.units == "draft":
            mean = pick_sum[u] / in_pool[u] if in_pool[u] else 0.0
            taking = f"in the pool of {in_pool[u]} games, picked on average at pick {mean:.1f} of 8"
        else:
            taking = f"dealt in {taken[u]}/{games} games = {taken[u] / games:.0%}"
        per_game = tactics[u] / taken[u] if taken[u] else 0.0
        print(
            f"  {UNITS[u].name:11} {taking}; its owners win {owner_wins[u]}/{owner_decided[u]} decided = "
            f"{wr:.0%}; {per_game:.1f} tactics a game it is in"
        )
    print(f"  forts built {built / games:.2f} and destroyed {destroyed / games:.2f} a game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
