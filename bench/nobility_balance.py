"""War Chest Nobility balance: computer self-play with the expansion (prints; never asserts).

    python -m bench.nobility_balance [--games 200] [--player greedy] [--units draft] [--players 2] [--seed 0]

Plays ``--games`` seeded games of one computer player against itself with ``expansions=nobility``
(``greedy`` by default: a game takes well under a second; ``search`` players think for ``--iterations``
per decision). Prints the first player's win rate (the seat that holds the initiative at the start)
among decided games with a 95% Wilson interval, the draws, and for each Nobility unit how often it is
dealt or drafted (with ``units=draft``: the share of the games its card is in the pool that a seat picks
it) and its owners' win rate, plus how often each decree is proclaimed per game.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from bench.common import parse_args
from bench.forthecrown_ai import wilson
from warchest_bot.games.warchest.ai import make_player
from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.engine.decrees import DECREES
from warchest_bot.games.warchest.engine.units import NOBILITY_UNITS, UNITS


def play_game(player: str, seed: int, players: int, units: str, max_rounds: int, iterations: int) -> dict:
    g = GameState.new(
        Options(players=players, units=units, seed=seed, max_rounds=max_rounds, expansions="nobility")
    )
    pool = set(g.draft_pool) if units == "draft" else set(NOBILITY_UNITS)
    first = g.initiative
    seats = [make_player(player, seed=seed * 10 + s, iterations=iterations) for s in range(players)]
    proclaimed: Counter[int] = Counter()
    pick_at: dict[int, int] = {}
    while not g.is_terminal():
        seat = g.current_player
        assert seat is not None
        action = seats[seat].choose(g)
        if action.kind == "proclaim":
            proclaimed[action.unit] += 1
        elif action.kind == "pick":
            pick_at[action.unit] = len(pick_at) + 1
        g.apply(action)
    assert g.result is not None
    owner = {u: s for s, seat in enumerate(g.seats) for u in seat.units}
    if units == "draft":  # the card left after the last pick goes to a seat without a pick
        for u in pool:
            pick_at.setdefault(u, len(pool))
    return {
        "winner": g.result.winner,
        "first_team": first % 2,
        "pool": pool,
        "owners": {u: owner[u] % 2 for u in NOBILITY_UNITS if u in owner},
        "proclaimed": proclaimed,
        "pick_at": pick_at,
        "rounds": g.round,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--player", default="greedy", choices=("random", "greedy", "search"))
    parser.add_argument("--iterations", type=int, default=60, help="search iterations per decision")
    parser.add_argument("--units", default="draft", choices=("random", "draft"))
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"games": 2, "max_rounds": 8, "iterations": 4}, argv)

    start = time.perf_counter()
    first_wins = decided = draws = 0
    in_pool: Counter[int] = Counter()
    taken: Counter[int] = Counter()
    owner_decided: Counter[int] = Counter()
    owner_wins: Counter[int] = Counter()
    proclaimed: Counter[int] = Counter()
    pick_sum: Counter[int] = Counter()
    rounds = []
    for n in range(args.games):
        r = play_game(args.player, args.seed + n, args.players, args.units, args.max_rounds, args.iterations)
        rounds.append(r["rounds"])
        proclaimed.update(r["proclaimed"])
        for u, k in r["pick_at"].items():
            if u in NOBILITY_UNITS:
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
        f"Nobility self-play: {games} games of {args.player} against itself, {args.players} players, "
        f"units={args.units}, {took:.1f} s"
    )
    rate = first_wins / decided if decided else 0.0
    print(
        f"first player (initiative at the start) wins {first_wins}/{decided} decided games = {rate:.1%} "
        f"(95% {lo:.1%}-{hi:.1%}); draws {draws}; median rounds {sorted(rounds)[len(rounds) // 2]}"
    )
    for u in NOBILITY_UNITS:
        wr = owner_wins[u] / owner_decided[u] if owner_decided[u] else 0.0
        if args.units == "draft":
            # Every card of the pool ends with a seat (the last one unpicked): how early it goes is the figure.
            mean = pick_sum[u] / in_pool[u] if in_pool[u] else 0.0
            taking = f"in the pool of {in_pool[u]} games, picked on average at pick {mean:.1f} of 8"
        else:
            taking = f"dealt in {taken[u]}/{games} games = {taken[u] / games:.0%}"
        print(
            f"  {UNITS[u].name:10} {taking}; its owners win {owner_wins[u]}/{owner_decided[u]} decided = {wr:.0%}"
        )
    for d in DECREES:
        print(
            f"  decree {d.name:7} proclaimed {proclaimed[d.id]} times ({proclaimed[d.id] / games:.2f} a game)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
