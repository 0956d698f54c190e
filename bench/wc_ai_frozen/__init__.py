"""A frozen copy of the War Chest AI as it stood before issue 25's work (main at bbf4ff4, with the Siege terms): its search,
greedy player, evaluation and determinizer, so that ``bench/wc_ai_match.py`` can pit the current AI against
today's levels and the comparison can be rerun later. Do not improve this copy; it is the yardstick. It
uses only the engine (which may change under it: the engine's rules are the same for both sides).
"""

from __future__ import annotations

from .base import Player
from .greedy import GreedyPlayer
from .search import SearchPlayer

LEVELS: dict[str, tuple[str, float | None]] = {
    "easy": ("greedy", None),
    "normal": ("search", 300.0),
    "hard": ("search", 1000.0),
}
"""The levels as they were: player name and think time per decision (ms)."""


def make_player(
    name: str, seed: int = 0, budget_ms: float | None = None, iterations: int | None = None
) -> Player:
    """Like ``warchest_bot.games.warchest.ai.make_player``, for the frozen players."""
    key = name.strip().lower()
    if key in LEVELS:
        key, level_budget = LEVELS[key]
        if budget_ms is None and iterations is None:
            budget_ms = level_budget
    if key == "greedy":
        return GreedyPlayer(seed)
    if key == "search":
        return SearchPlayer(seed, budget_ms=budget_ms, iterations=iterations)
    raise ValueError(f"unknown frozen player {name!r}")


__all__ = ["LEVELS", "make_player"]
