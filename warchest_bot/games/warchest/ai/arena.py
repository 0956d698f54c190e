"""The arena: play computer players against each other and measure who is stronger.

Games come in pairs that share one deal (same game seed: same units, same initiative flip) with the seats
swapped, so neither player profits from a lucky deal or from moving first. In 4 players each side plays
both seats of one team. The records, results and their summary are the game-neutral ones of
`warchest_bot.ai.arena`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

from warchest_bot.ai.arena import (
    ArenaResult,
    GameRecord,
    PlayerFactory,
    by_side,
    format_result,
    wilson_interval,
)
from warchest_bot.games.warchest.engine import GameState, Options

from .base import Player

__all__ = [
    "ArenaResult",
    "GameRecord",
    "PlayerFactory",
    "format_result",
    "play_arena_game",
    "play_game",
    "run_arena",
    "wilson_interval",
]


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


def play_arena_game(
    make_a: PlayerFactory,
    make_b: PlayerFactory,
    index: int,
    seed: int = 0,
    players: int = 2,
    units: str = "random",
    max_rounds: int = 200,
    expansions: str = "",
) -> GameRecord:
    """Game number ``index`` of an arena run: its deal depends on ``seed`` and ``index // 2`` only, and side a
    takes the other team in odd games, so a run gives the same games however they are spread over processes."""
    game_seed = (seed * 1_000_003 + index // 2) & ((1 << 64) - 1)
    a_team = index % 2
    seats: list[Player] = []
    for s in range(players):
        player_seed = (game_seed * 31 + s * 7 + index) & ((1 << 64) - 1)
        seats.append(make_a(player_seed) if s % 2 == a_team else make_b(player_seed))
    options = Options(
        players=players, units=units, seed=game_seed, max_rounds=max_rounds, expansions=expansions
    )
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
        think_s=by_side(think, a_team),
        decisions=by_side(decisions, a_team),
    )


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
    expansions: str = "",
) -> ArenaResult:
    """Play ``games`` games between side a and side b (seats swapped every other game).

    With ``jobs`` > 1 the games are played in that many worker processes (the factories must then be
    picklable, e.g. ``functools.partial(make_player, "search", budget_ms=1000)``); the records come back
    in game order, and ``on_game`` is called as games finish.
    """
    result = ArenaResult(a_name, b_name, players)
    args = (seed, players, units, max_rounds, expansions)
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
