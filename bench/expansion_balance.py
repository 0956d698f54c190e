"""The self-play loop and report that the War Chest expansion balance benchmarks share (prints; never asserts).

Not run on its own: ``bench.nobility_balance`` and ``bench.siege_balance`` each describe their expansion as an
:class:`Expansion` (its units, what to count while a game is played, the lines that report it) and call
:func:`main`. Each plays ``--games`` seeded games of one computer player against itself (``greedy`` by
default: a game takes well under a second; ``search`` players think for ``--iterations`` per decision) and
prints the first player's win rate (the seat that holds the initiative at the start) among decided games
with a 95% Wilson interval, the draws and the median rounds, then for each of the expansion's units how
often it is dealt, or with ``units=draft`` its average pick (of 8), and its owners' win rate.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bench.common import parse_args
from bench.forthecrown_ai import wilson
from warchest_bot.games.warchest.ai import make_player
from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.engine.actions import Action
from warchest_bot.games.warchest.engine.units import UNITS


@dataclass(frozen=True)
class Expansion:
    """What one expansion's benchmark adds to the shared loop."""

    title: str  # "Nobility", "Siege"
    units: Sequence[int]
    # Called before each action with the state and the action and the game's counter: it may count, and
    # may return a function called after the action with the new state.
    watch: Callable[[GameState, Action, Counter[str]], Callable[[GameState], None] | None]
    # An extra clause after a unit's line, from the totals, the unit and the games it was in.
    unit_note: Callable[[Counter[str], int, int], str] = lambda totals, unit, taken: ""
    # Lines after the units', from the totals and the number of games.
    footer: Callable[[Counter[str], int], list[str]] = lambda totals, games: []
    # Options of the expansion's own: (flag, keyword of Options, default, choices).
    options: Sequence[tuple[str, str, object, tuple]] = field(default_factory=tuple)


def play_game(expansion: Expansion, seed: int, args: argparse.Namespace, expansions: str) -> dict:
    extra = {keyword: getattr(args, keyword) for _, keyword, _, _ in expansion.options}
    g = GameState.new(
        Options(
            players=args.players,
            units=args.units,
            seed=seed,
            max_rounds=args.max_rounds,
            expansions=expansions,
            **extra,
        )
    )
    pool = set(g.draft_pool) if args.units == "draft" else set(expansion.units)
    first = g.initiative
    seats = [
        make_player(args.player, seed=seed * 10 + s, iterations=args.iterations) for s in range(args.players)
    ]
    counts: Counter[str] = Counter()
    pick_at: dict[int, int] = {}
    while not g.is_terminal():
        seat = g.current_player
        assert seat is not None
        action = seats[seat].choose(g)
        if action.kind == "pick":
            pick_at[action.unit] = len(pick_at) + 1
        after = expansion.watch(g, action, counts)
        g.apply(action)
        if after is not None:
            after(g)
    assert g.result is not None
    owner = {u: s for s, seat in enumerate(g.seats) for u in seat.units}
    if args.units == "draft":  # the card left after the last pick goes to a seat without a pick
        for u in pool:
            pick_at.setdefault(u, len(pool))
    return {
        "winner": g.result.winner,
        "first_team": first % 2,
        "pool": pool,
        "owners": {u: owner[u] % 2 for u in expansion.units if u in owner},
        "counts": counts,
        "pick_at": pick_at,
        "rounds": g.round,
    }


def main(expansion: Expansion, doc: str, argv: list[str] | None, expansions: Sequence[str]) -> int:
    """Run the benchmark of ``expansion``; ``expansions`` are the choices of ``--expansions`` (first: default)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--player", default="greedy", choices=("random", "greedy", "search"))
    parser.add_argument("--iterations", type=int, default=60, help="search iterations per decision")
    parser.add_argument("--units", default="draft", choices=("random", "draft"))
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    if len(expansions) > 1:
        parser.add_argument("--expansions", default=expansions[0], choices=tuple(expansions))
    for flag, keyword, default, choices in expansion.options:
        parser.add_argument(flag, dest=keyword, type=type(default), default=default, choices=choices)
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"games": 2, "max_rounds": 8, "iterations": 4}, argv)
    chosen = getattr(args, "expansions", expansions[0])

    start = time.perf_counter()
    first_wins = decided = draws = 0
    in_pool: Counter[int] = Counter()
    taken: Counter[int] = Counter()
    owner_decided: Counter[int] = Counter()
    owner_wins: Counter[int] = Counter()
    totals: Counter[str] = Counter()
    pick_sum: Counter[int] = Counter()
    rounds = []
    for n in range(args.games):
        r = play_game(expansion, args.seed + n, args, chosen)
        rounds.append(r["rounds"])
        totals.update(r["counts"])
        for u, k in r["pick_at"].items():
            if u in expansion.units:
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
    settings = ", ".join(
        [chosen] * (len(expansions) > 1)
        + [f"{flag[2:]}={getattr(args, kw)}" for flag, kw, _, _ in expansion.options]
    )
    print(
        f"{expansion.title} self-play{f' ({settings})' if settings else ''}: {games} games of {args.player} "
        f"against itself, {args.players} players, units={args.units}, {took:.1f} s"
    )
    rate = first_wins / decided if decided else 0.0
    print(
        f"first player (initiative at the start) wins {first_wins}/{decided} decided games = {rate:.1%} "
        f"(95% {lo:.1%}-{hi:.1%}); draws {draws}; median rounds {sorted(rounds)[len(rounds) // 2]}"
    )
    width = max(len(UNITS[u].name) for u in expansion.units)
    for u in expansion.units:
        wr = owner_wins[u] / owner_decided[u] if owner_decided[u] else 0.0
        if args.units == "draft":
            # Every card of the pool ends with a seat (the last one unpicked): how early it goes is the figure.
            mean = pick_sum[u] / in_pool[u] if in_pool[u] else 0.0
            taking = f"in the pool of {in_pool[u]} games, picked on average at pick {mean:.1f} of 8"
        else:
            taking = f"dealt in {taken[u]}/{games} games = {taken[u] / games:.0%}"
        print(
            f"  {UNITS[u].name:{width}} {taking}; its owners win {owner_wins[u]}/{owner_decided[u]} decided = "
            f"{wr:.0%}{expansion.unit_note(totals, u, taken[u])}"
        )
    for line in expansion.footer(totals, games):
        print(f"  {line}")
    return 0
