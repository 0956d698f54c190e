"""The arena: play computer players against each other and measure who is stronger.

Games come in pairs that share one deal (same game seed: same units, same initiative flip) with the seats
swapped, so neither player profits from a lucky deal or from moving first. In 4 players each side plays
both seats of one team.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from warchest_bot.games.warchest.engine import GameState, Options

from .base import Player


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameRecord:
    """One arena game: which side won ("a", "b" or None for a draw) and what it took."""

    seed: int
    a_team: int
    winner: str | None
    reason: str
    plies: int
    rounds: int
    think_s: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)


@dataclass
class ArenaResult:
    a: str
    b: str
    players: int
    records: list[GameRecord] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.records)

    def wins(self, side: str) -> int:
        return sum(1 for r in self.records if r.winner == side)

    @property
    def draws(self) -> int:
        return sum(1 for r in self.records if r.winner is None)

    def mean_think_ms(self, side: str) -> float:
        total = sum(r.think_s.get(side, 0.0) for r in self.records)
        count = sum(r.decisions.get(side, 0) for r in self.records)
        return 1000.0 * total / count if count else 0.0

    @property
    def mean_plies(self) -> float:
        return sum(r.plies for r in self.records) / self.games if self.games else 0.0

    @property
    def mean_rounds(self) -> float:
        return sum(r.rounds for r in self.records) / self.games if self.games else 0.0

    def to_json(self) -> dict:
        games = self.games
        a_wins, b_wins = self.wins("a"), self.wins("b")
        return {
            "a": self.a,
            "b": self.b,
            "players": self.players,
            "games": games,
            "a_wins": a_wins,
            "b_wins": b_wins,
            "draws": self.draws,
            "a_win_rate": a_wins / games if games else 0.0,
            "a_win_rate_ci95": list(wilson_interval(a_wins, games)),
            "b_win_rate_ci95": list(wilson_interval(b_wins, games)),
            "mean_think_ms": {"a": self.mean_think_ms("a"), "b": self.mean_think_ms("b")},
            "mean_plies": self.mean_plies,
            "mean_rounds": self.mean_rounds,
        }


def play_game(seats: list[Player], options: Options) -> tuple[GameState, list[float], list[int]]:
    """Play one game with ``seats[s]`` deciding for seat ``s``; returns the final state and, per seat,
    the total think time (seconds) and the number of decisions."""
    g = GameState.new(options)
    think = [0.0] * len(seats)
    decisions = [0] * len(seats)
    while (seat := g.current_player) is not None:  # None once the game is over
        t0 = time.perf_counter()
        action = seats[seat].choose(g)
        think[seat] += time.perf_counter() - t0
        decisions[seat] += 1
        g.apply(action)
    return g, think, decisions


PlayerFactory = Callable[[int], Player]
"""Makes a player from a seed."""


def play_arena_game(
    make_a: PlayerFactory,
    make_b: PlayerFactory,
    index: int,
    seed: int = 0,
    players: int = 2,
    units: str = "random",
    max_rounds: int = 200,
) -> GameRecord:
    """Game number ``index`` of an arena run: its deal depends on ``seed`` and ``index // 2`` only, and side a
    takes the other team in odd games, so a run gives the same games however they are spread over processes."""
    game_seed = (seed * 1_000_003 + index // 2) & ((1 << 64) - 1)
    a_team = index % 2
    seats: list[Player] = []
    for s in range(players):
        player_seed = (game_seed * 31 + s * 7 + index) & ((1 << 64) - 1)
        seats.append(make_a(player_seed) if s % 2 == a_team else make_b(player_seed))
    options = Options(players=players, units=units, seed=game_seed, max_rounds=max_rounds)
    g, think, decisions = play_game(seats, options)
    result = g.result
    assert result is not None, "play_game plays to the end"
    winner = None
    if result.winner is not None:
        winner = "a" if result.winner == a_team else "b"
    return GameRecord(
        seed=game_seed,
        a_team=a_team,
        winner=winner,
        reason=result.reason,
        plies=g.ply,
        rounds=g.round,
        think_s=_by_side(think, a_team),
        decisions=_by_side(decisions, a_team),
    )


def _by_side(per_seat: list, a_team: int) -> dict:
    """Per-seat figures summed per side: side a plays the seats of team ``a_team`` (seat % 2)."""
    return {
        "a": sum(v for s, v in enumerate(per_seat) if s % 2 == a_team),
        "b": sum(v for s, v in enumerate(per_seat) if s % 2 != a_team),
    }


def run_arena(
    make_a: PlayerFactory,
    make_b: PlayerFactory,
    games: int,
    seed: int = 0,
    players: int = 2,
    units: str = "random",
    max_rounds: int = 200,
    a_name: str = "a",
    b_name: str = "b",
    on_game: Callable[[int, GameRecord], None] | None = None,
    jobs: int = 1,
) -> ArenaResult:
    """Play ``games`` games between side a and side b (seats swapped every other game).

    With ``jobs`` > 1 the games are played in that many worker processes (the factories must then be
    picklable, e.g. ``functools.partial(make_player, "search", budget_ms=1000)``); the records come back
    in game order, and ``on_game`` is called as games finish.
    """
    result = ArenaResult(a_name, b_name, players)
    args = (seed, players, units, max_rounds)
    if jobs <= 1:
        for i in range(games):
            record = play_arena_game(make_a, make_b, i, *args)
            result.records.append(record)
            if on_game is not None:
                on_game(i, record)
        return result
    records: dict[int, GameRecord] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(play_arena_game, make_a, make_b, i, *args): i for i in range(games)}
        for future in as_completed(futures):
            i = futures[future]
            records[i] = future.result()
            if on_game is not None:
                on_game(i, records[i])
    result.records = [records[i] for i in range(games)]
    return result


def format_result(result: ArenaResult) -> str:
    """The human-readable arena summary."""
    games = result.games
    lines = [f"{games} games, {result.players} players: a = {result.a}, b = {result.b}"]
    for side, name in (("a", result.a), ("b", result.b)):
        wins = result.wins(side)
        lo, hi = wilson_interval(wins, games)
        rate = wins / games if games else 0.0
        lines.append(
            f"  {side} {name:<24} wins {wins:>4}  {100 * rate:5.1f}%  (95% CI {100 * lo:5.1f}-{100 * hi:5.1f}%)"
            f"  think {result.mean_think_ms(side):8.1f} ms/decision"
        )
    draws = result.draws
    lo, hi = wilson_interval(draws, games)
    lines.append(
        f"  draws {draws:>4}  {100 * draws / games if games else 0.0:5.1f}%  (95% CI {100 * lo:5.1f}-{100 * hi:5.1f}%)"
    )
    lines.append(f"  mean game length {result.mean_plies:.1f} plies, {result.mean_rounds:.1f} rounds")
    return "\n".join(lines)
