"""For the Crown computer players against each other (prints; never asserts).

    python -m bench.forthecrown_ai [--games 100] [--pairs normal-easy,hard-normal] [--seed 0] [--supply random]

For each pair ``A-B`` plays ``--games`` seeded games, A on seat 0 in the even games and on seat 1 in the odd
ones (the first player's edge cancels out), and prints A's wins, losses and draws, its win rate among the
decided games with a 95% Wilson interval, the median game length in turns per player, and the time A takes
per decision (wall clock and CPU: the machine may be shared) and per whole turn (the longest wait a person
would see), with the level's think time per turn (`ai.TURN_BUDGETS`, which the turn's decisions share)
and how many turns went over it. The issue's targets: normal beats easy in >= 90% of 100 games, hard beats
normal in >= 60%; think time <= 300 ms normal / 1 s hard per decision; a whole turn "a few seconds".
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from bench.common import ms_figures, parse_args, pct
from warchest_bot.games.forthecrown.ai import TURN_BUDGETS, make_player
from warchest_bot.games.forthecrown.engine import SUPPLIES, new_game


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` successes in ``n`` trials, as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_pair(first: str, second: str, games: int, seed: int, supply: str, turn_cap: int = 400) -> None:
    """Play and print one pair's match (``first`` is the player measured)."""
    won = lost = drawn = 0
    lengths: list[float] = []
    wall: list[float] = []
    cpu: list[float] = []
    turns: list[float] = []
    start = time.perf_counter()
    for n in range(games):
        game_seed = seed + n
        state = new_game({"supply": supply, "turn_cap": turn_cap}, seed=game_seed)
        mine = n % 2  # the measured player's seat: 0 in even games, 1 in odd ones
        players = {mine: make_player(first, 2 * game_seed), 1 - mine: make_player(second, 2 * game_seed + 1)}
        turn_time, turn_no = 0.0, state.turn
        while state.result is None:
            seat = state.current_player
            assert seat is not None
            if state.turn != turn_no:
                if turn_time:
                    turns.append(turn_time)
                turn_time, turn_no = 0.0, state.turn
            began, began_cpu = time.perf_counter(), time.process_time()
            action = players[seat].choose(state)
            if seat == mine:
                wall.append(time.perf_counter() - began)
                cpu.append(time.process_time() - began_cpu)
                turn_time += wall[-1]
            state.apply(action)
        if turn_time:
            turns.append(turn_time)
        result = state.result
        if result.winner is None:
            drawn += 1
        elif result.winner == mine:
            won += 1
        else:
            lost += 1
        lengths.append(state.turn / 2)
    decided = won + lost
    low, high = wilson(won, decided)
    rate = 100 * won / decided if decided else 0.0
    print(f"{first} vs {second}: {games} games, {supply} supplies, seeds {seed}.., seats alternating")
    print(f"  {first} wins {won}, loses {lost}, draws {drawn}: {rate:.1f}% of decided games")
    print(f"  95% Wilson interval {100 * low:.1f}%..{100 * high:.1f}%")
    print(f"  turns per player: median {statistics.median(lengths):.1f}")
    print(f"  {first} per decision (wall): {ms_figures(wall)}   max {max(wall, default=0) * 1000:.0f} ms")
    print(f"  {first} per decision (CPU):  {ms_figures(cpu)}")
    if turns:
        print(f"  {first} per whole turn (wall): median {statistics.median(turns):.2f} s, p95 "
              f"{pct(turns, 95):.2f} s, max {max(turns):.2f} s")  # fmt: skip
        limit = TURN_BUDGETS.get(first)
        if limit is not None:
            over = sum(1 for t in turns if t > limit / 1000.0)
            print(f"  {first} turn budget {limit / 1000:.1f} s: {over} of {len(turns)} turns over it")
    print(f"  {(time.perf_counter() - start) / games:.2f} s per game")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--pairs", default="normal-easy,hard-normal")
    parser.add_argument("--supply", default="random", choices=SUPPLIES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turn-cap", type=int, default=400, help="turns after which a game is drawn")
    args = parse_args(parser, {"games": 2, "turn_cap": 24}, argv)
    for pair in args.pairs.split(","):
        first, _, second = pair.partition("-")
        play_pair(first, second, args.games, args.seed, args.supply, args.turn_cap)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
