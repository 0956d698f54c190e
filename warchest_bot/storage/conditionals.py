"""Conditional moves (schema v16): "if they play X, I answer Y" lines a player leaves in a game of perfect
information (Point-Buy Chess), as a backend-neutral record and the repository interface
(`ConditionalRepository`); `sqlite.conditionals` implements it for both backends.

A line belongs to one seat of one game (``seat``, its owner ``user_id``) and starts at ply ``from_ply``: its
moves (``moves``, canonical action texts) alternate between the opponent's move expected at ``from_ply`` and
the owner's answer, then the opponent's next move and the owner's next answer, and so on. When the opponent
plays the line's first move the service plays the answer at once and keeps the rest of the line (from two
plies later); any other move cancels it (`warchest_bot.service.conditionals`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ConditionalRecord:
    """One line of conditional moves (see the module docstring)."""

    id: int
    game_id: int
    seat: int
    user_id: int
    from_ply: int
    moves: tuple[str, ...]
    created_at: datetime


class ConditionalRepository(Protocol):
    """Conditional moves (schema v16; see `conditionals`)."""

    async def add_conditional(
        self,
        game_id: int,
        seat: int,
        user_id: int,
        *,
        from_ply: int,
        moves: Sequence[str],
        at: datetime | None = None,
    ) -> ConditionalRecord:
        """Store a line (an even number of moves, at least two) and return it."""
        ...

    async def conditionals_of(self, game_id: int, seat: int | None = None) -> list[ConditionalRecord]:
        """The game's lines (of ``seat`` only, unless None), oldest first."""
        ...

    async def advance_conditional(self, line_id: int, *, from_ply: int, moves: Sequence[str]) -> None:
        """What is left of a line after its first move and answer were played: it starts at ``from_ply``."""
        ...

    async def delete_conditionals(
        self, game_id: int, *, ids: Sequence[int] | None = None, seat: int | None = None
    ) -> int:
        """Delete the game's lines (those of ``ids`` and of ``seat`` when given); return how many went."""
        ...


__all__ = ["ConditionalRecord", "ConditionalRepository"]
