"""Puzzle records (schema v8): ratings of users and puzzles, attempts, and the daily puzzle of a server.

Backend-neutral; `repositories.PuzzleRepository` says what storage offers and `sqlite.puzzles.SQLitePuzzles`
implements it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class PuzzleRatingRecord:
    """A Glicko-2 rating of a solver (``subject`` ``user:<id>``) or a puzzle (``puzzle:<id>``)."""

    subject: str
    rating: float
    rd: float
    volatility: float
    attempts: int = 0
    solved: int = 0


@dataclass(frozen=True, slots=True)
class PuzzleAttemptRecord:
    """One user trying one puzzle. ``solved`` is None until the first answer (which alone is rated);
    ``finished_at`` is set once it is solved or the solution was shown."""

    id: int
    user_id: int
    puzzle_id: str
    guild_id: int | None
    started_at: datetime
    tries: int
    solved: bool | None
    finished_at: datetime | None


@dataclass(frozen=True, slots=True)
class DailyPuzzleSetting:
    """A server's opt-in: the channel the daily puzzle is posted in and the UTC hour."""

    guild_id: int
    channel_id: int
    hour: int
    set_by: int


@dataclass(frozen=True, slots=True)
class DailyPostRecord:
    """The daily puzzle owed to (or posted in) a server on ``day`` (days since 1970-01-01, UTC)."""

    guild_id: int
    day: int
    channel_id: int
    puzzle_id: str
    attempts: int
    last_error: str | None
    done_at: datetime | None


__all__ = ["DailyPostRecord", "DailyPuzzleSetting", "PuzzleAttemptRecord", "PuzzleRatingRecord"]
