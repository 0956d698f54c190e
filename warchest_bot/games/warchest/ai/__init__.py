"""Computer players for War Chest, built on the engine API only.

>>> from warchest_bot.games.warchest.ai import make_player
>>> bot = make_player("search", seed=1, iterations=200)      # or "random", "greedy"; budget_ms=1000
>>> action = bot.choose(g)                                   # doctest: +SKIP

Every player decides for ``g.current_player`` (which may be a follow-up decision such as a Royal Guard
soak) and returns one of ``g.legal_actions()``. The greedy and search players work only from
``g.view_for(g.current_player)`` and determinizations sampled from it, never from hidden information.
"""

from __future__ import annotations

from .base import Player, RandomPlayer
from .determinize import Determinizer, ViewError, determinize, hidden_coins
from .evaluate import Weights, evaluate, win_probability
from .greedy import GreedyPlayer
from .search import SearchPlayer

PLAYER_NAMES = ("random", "greedy", "search")

LEVELS: dict[str, tuple[str, float | None]] = {
    "easy": ("greedy", None),
    "normal": ("search", 300.0),
    "hard": ("search", 1000.0),
}
"""Difficulty levels for people playing the bot: player name and think time per decision (ms). *hard* is
the search at 1 s per decision whose strength docs/benchmarks.md reports."""


def make_player(
    name: str, seed: int = 0, budget_ms: float | None = None, iterations: int | None = None
) -> Player:
    """A player by name (``random``, ``greedy``, ``search``) or level (``easy``, ``normal``, ``hard``).

    ``budget_ms`` / ``iterations`` bound the search's thinking (an iteration budget makes it
    deterministic for a given seed); the other players ignore them.
    """
    key = name.strip().lower()
    if key in LEVELS:
        key, level_budget = LEVELS[key]
        if budget_ms is None and iterations is None:
            budget_ms = level_budget
    if key == "random":
        return RandomPlayer(seed)
    if key == "greedy":
        return GreedyPlayer(seed)
    if key == "search":
        return SearchPlayer(seed, budget_ms=budget_ms, iterations=iterations)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(PLAYER_NAMES + tuple(LEVELS))}")


__all__ = [
    "Determinizer",
    "GreedyPlayer",
    "LEVELS",
    "PLAYER_NAMES",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "ViewError",
    "Weights",
    "determinize",
    "evaluate",
    "hidden_coins",
    "make_player",
    "win_probability",
]
