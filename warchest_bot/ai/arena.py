"""The arena of any game: play computer players against each other and measure who is stronger.

`run_game_arena` plays a registered two-player game (a `GameKind`) through the game interface only,
side a in seat 0 in even games and seat 1 in odd ones; a game's own arena in its folder (deals shared by
pairs of games, more players) records its games the same way. `format_result` prints wins and draws with Wilson 95% intervals, think time and game length.
"""

from __future__ import annotations

import contextlib
import importlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar

PlayerFactory = Callable[[int], Any]
"""Makes a player from a seed."""


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
    rounds_word: str = "rounds"
    """What a record's ``rounds`` count in this game (its rounds, or its turns)."""

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

    def to_json(self) -> dict[str, Any]:
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


Figure = TypeVar("Figure", int, float)


def by_side(per_seat: Sequence[Figure], a_team: int) -> dict[str, Figure]:
    """Per-seat figures summed per side: side a plays the seats of team ``a_team`` (seat % 2)."""
    return {
        "a": sum(v for s, v in enumerate(per_seat) if s % 2 == a_team),
        "b": sum(v for s, v in enumerate(per_seat) if s % 2 != a_team),
    }


def game_by_kind(kind: str) -> Any:
    """The registered game ``kind``; a game package of this project that is not built in yet
    (``warchest_bot.games.<kind>``) is imported first. Raises `UnknownGameError` for any other."""
    from warchest_bot.games import get_game
    from warchest_bot.games.base import UnknownGameError

    try:
        return get_game(kind)
    except UnknownGameError:
        if not kind.isidentifier():
            raise
        with contextlib.suppress(ImportError):
            importlib.import_module(f"warchest_bot.games.{kind}")
        return get_game(kind)


def kind_player(kind: str, name: str, budget_ms: float | None, seed: int) -> Any:
    """Player ``name`` (or level) of game ``kind`` (module level, so `functools.partial` of it pickles
    for worker processes)."""
    return game_by_kind(kind).make_player(name, seed, budget_ms=budget_ms)


def play_kind_game(
    game: Any, seats: list[Any], options: Mapping[str, Any], seed: int
) -> tuple[Any, list[float], list[int], int]:
    """Play one game of ``game`` (a `GameKind`) with ``seats[s]`` deciding for seat ``s``; returns the final
    state, per seat the total think time (seconds) and the number of decisions, and the number of turns
    played (`GameKind.turn_start`: a decision ends its turn when the next turn begins at the state after
    it). Every decision is checked against the state's legal actions."""
    g = game.new_state(options, seed)
    think = [0.0] * len(seats)
    decisions = [0] * len(seats)
    turns = 0
    while not g.is_terminal():
        seat = g.current_player
        t0 = time.perf_counter()
        action = seats[seat].choose(g)
        think[seat] += time.perf_counter() - t0
        decisions[seat] += 1
        g.apply(action)
        turns += game.turn_start(g) == g.ply
    return g, think, decisions, turns


def play_game_arena_game(
    kind: str,
    make_a: PlayerFactory,
    make_b: PlayerFactory,
    index: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> GameRecord:
    """Game number ``index`` of a `run_game_arena` run: side a takes seat 0 in even games, seat 1 in odd
    ones; players' seeds depend on ``seed`` and ``index`` only (so games spread over processes alike)."""
    game = game_by_kind(kind)
    game_seed = (seed * 1_000_003 + index // 2) & ((1 << 64) - 1)
    a_team = index % 2
    seats: list[Any] = []
    for s in range(2):
        player_seed = (game_seed * 31 + s * 7 + index) & ((1 << 64) - 1)
        seats.append(make_a(player_seed) if s == a_team else make_b(player_seed))
    g, think, decisions, turns = play_kind_game(game, seats, dict(options or {}), game_seed)
    outcome = game.outcome(g)
    winner = None
    if outcome is not None and outcome.winner is not None:
        winner = "a" if outcome.winner == a_team else "b"
    return GameRecord(
        seed=game_seed,
        a_team=a_team,
        winner=winner,
        reason=outcome.reason if outcome is not None else "",
        plies=g.ply,
        rounds=turns,
        think_s=by_side(think, a_team),
        decisions=by_side(decisions, a_team),
    )


def run_game_arena(
    kind: str,
    make_a: PlayerFactory,
    make_b: PlayerFactory,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    a_name: str = "a",
    b_name: str = "b",
    on_game: Callable[[int, GameRecord], None] | None = None,
    jobs: int = 1,
) -> ArenaResult:
    """`run_arena` for any registered two-player game ``kind`` (``options``: the game's stored options;
    ``rounds`` of a record are the game's turns, as its `GameKind.turn_start` declares them)."""
    result = ArenaResult(a_name, b_name, 2, rounds_word="turns")
    args = (seed, dict(options or {}))
    if jobs <= 1:
        for i in range(games):
            record = play_game_arena_game(kind, make_a, make_b, i, *args)
            result.records.append(record)
            if on_game is not None:
                on_game(i, record)
        return result
    records: dict[int, GameRecord] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(play_game_arena_game, kind, make_a, make_b, i, *args): i for i in range(games)}
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
    lines.append(
        f"  mean game length {result.mean_plies:.1f} plies, {result.mean_rounds:.1f} {result.rounds_word}"
    )
    return "\n".join(lines)
