"""A frozen copy of the War Chest AI as it stood before issue 25's work (main at bbf4ff4, with the Siege terms): its search,
greedy player, evaluation and determinizer, so that ``bench/wc_ai_match.py`` can pit the current AI against
today's levels and the comparison can be rerun later. Do not improve this copy; it is the yardstick.

It runs on its own frozen copy of the rules engine (`engine/`: warchest_bot/games/warchest/engine as it was
at 56eea4d, before issue 25's engine speed-ups, less its command line), so "today's hard" thinks as fast as
it did when the issue was filed, not faster on the engine that issue 25 speeds up. Its players take a state
of either engine: they think from ``g.view_for(seat)`` (the same JSON position format in both) and hand back
``g``'s own action, by its notation (`base.as_action_of`). Both engines apply the same rules; the product's
engine tests check the current one.
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
