"""Figures of the Point-Buy Chess computer players (prints; never asserts).

    python -m bench.pointbuy_ai [--positions 8] [--budgets 50,200,1000] [--games 20] [--match-budget-ms 1000]

Positions are taken from games between two greedy players (seeded armies, after 4 to 32 turns). It prints
the decisions per second of the random and greedy players, then for each budget the search's depth
reached (min / mean / max over the positions), its nodes per second and its real time per decision, and
last a match of the search at ``--match-budget-ms`` against greedy over ``--games`` games (seats swapped
every other game): wins, draws, losses, how the games ended and the budget used.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter

from bench.common import parse_args
from warchest_bot.ai.arena import format_result, kind_player, run_game_arena
from warchest_bot.games.pointbuy import POINT_BUY_CHESS
from warchest_bot.games.pointbuy.ai import GreedyPlayer, RandomPlayer, SearchPlayer
from warchest_bot.games.pointbuy.engine import PBState


def positions(count: int) -> list[PBState]:
    """Positions in play from greedy-vs-greedy games (different armies per seed)."""
    out: list[PBState] = []
    seed = 0
    while len(out) < count:
        state = POINT_BUY_CHESS.new_state({}, 0)
        seats = [GreedyPlayer(seed), GreedyPlayer(seed + 1000)]
        stop = 4 + 4 * (seed % 8)
        while not state.is_terminal() and (state.phase != "play" or state.turn < stop):
            state.apply(seats[state.current_player].choose(state))
        if not state.is_terminal():
            out.append(state)
        seed += 1
    return out


def decisions_per_second(player, states: list[PBState], seconds: float = 1.0) -> float:
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        player.choose(states[n % len(states)])
        n += 1
    return n / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--budgets", default="50,200,1000", help="search budgets (ms), comma-separated")
    parser.add_argument("--games", type=int, default=20, help="games of the match (0: no match)")
    parser.add_argument("--match-budget-ms", type=float, default=1000.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"positions": 2, "budgets": "20", "games": 1, "match_budget_ms": 20.0}, argv)

    states = positions(args.positions)
    print(f"{len(states)} positions in play, turns {[s.turn for s in states]}")
    print(f"random: {decisions_per_second(RandomPlayer(1), states):8.0f} decisions/s")
    print(f"greedy: {decisions_per_second(GreedyPlayer(1), states):8.0f} decisions/s")
    for budget in (float(b) for b in args.budgets.split(",") if b):
        depths, nodes, seconds = [], 0, 0.0
        for i, state in enumerate(states):
            player = SearchPlayer(i, budget_ms=budget)
            start = time.perf_counter()
            player.choose(state)
            seconds += time.perf_counter() - start
            depths.append(player.stats["depth"])
            nodes += player.stats["nodes"]
        print(
            f"search {budget:6.0f} ms: depth min {min(depths)} mean {statistics.mean(depths):.2f} max "
            f"{max(depths)}, {nodes / seconds:7.0f} nodes/s, {1000 * seconds / len(states):6.0f} ms/decision "
            f"({1 / (seconds / len(states)):.2f} decisions/s)"
        )
    if args.games:
        tally: Counter = Counter()

        def progress(i: int, record) -> None:
            tally[record.winner] += 1
            print(
                f"  game {i + 1}/{args.games}: {record.winner or 'draw'} ({record.reason}), search seat "
                f"{record.a_team}, {record.rounds} turns; search {tally['a']}, greedy {tally['b']}, "
                f"draws {tally[None]}",
                flush=True,
            )

        start = time.perf_counter()
        result = run_game_arena(
            "pointbuy",
            lambda seed: kind_player("pointbuy", "search", args.match_budget_ms, seed),
            lambda seed: kind_player("pointbuy", "greedy", None, seed),
            games=args.games,
            seed=args.seed,
            a_name=f"search({args.match_budget_ms:g} ms)",
            b_name="greedy",
            on_game=progress,
        )
        print(format_result(result))
        wins, losses = result.wins("a"), result.wins("b")
        print(
            f"  search vs greedy: {wins} W / {result.draws} D / {losses} L of {result.games} "
            f"({100 * wins / max(1, result.games):.1f}% wins) at {args.match_budget_ms:g} ms per decision; "
            f"endings {dict(Counter(r.reason for r in result.records))}; {time.perf_counter() - start:.0f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
