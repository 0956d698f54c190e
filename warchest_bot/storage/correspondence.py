"""The records of correspondence play (schema v2): move clocks, timers, vacations, ratings, undo requests
and rematch links.

They are backend-neutral; `repositories.CorrespondenceRepository` says what storage does with them and
`sqlite.correspondence.SQLiteCorrespondence` implements it. They follow the conventions of `records`:
aware UTC datetimes in and out, plain dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .errors import Conflict

if TYPE_CHECKING:  # pragma: no cover
    pass

GLOBAL_SCOPE = 0
"""`ratings.scope` of the global ladder (any other scope is a guild id)."""


# --- records ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """A game's move clock: `move_seconds` per decision; the running deadline of `seat` for ply `ply`
    (None when no deadline runs: not started yet, or the game is over).

    Its policy (schema v14): ``fixed`` (`move_seconds` per turn) or ``increment`` (each seat a bank that
    starts at `move_seconds` and grows by `increment_seconds` per turn, up to `cap_seconds`; `banks` holds
    each seat's bank as it was when its current or last turn began); `playing_hours`: a seat's clock does
    not run during its player's quiet hours."""

    game_id: int
    move_seconds: int
    ply: int | None
    seat: int | None
    turn_started_at: datetime | None
    deadline: datetime | None
    policy: str = "fixed"
    increment_seconds: int = 0
    cap_seconds: int = 0
    playing_hours: bool = False
    banks: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NewTimer:
    """A timer to create. (kind, game_id, user_id, ply, step) is unique: adding it twice is a no-op."""

    due_at: datetime
    kind: str
    game_id: int | None = None
    user_id: int | None = None
    ply: int | None = None
    step: int = 0
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TimerRecord:
    id: int
    due_at: datetime
    kind: str
    game_id: int | None
    user_id: int | None
    ply: int | None
    step: int
    payload: dict[str, Any]
    fired_at: datetime | None


@dataclass(frozen=True, slots=True)
class VacationRecord:
    id: int
    user_id: int
    year: int
    starts_at: datetime
    ends_at: datetime
    days: int


@dataclass(frozen=True, slots=True)
class RatingRecord:
    """A Glicko-2 rating on the public scale (rating, RD) with its volatility, in one game ``kind``;
    `scope` 0 = global."""

    scope: int
    user_id: int
    rating: float
    rd: float
    volatility: float
    games: int
    updated_at: datetime | None = None
    kind: str = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class UndoRequestRecord:
    """A pending take-back: `seat`/`user_id` asked, when the game was at ply `ply` (undoes ply - 1)."""

    game_id: int
    ply: int
    seat: int
    user_id: int
    accepted: tuple[int, ...]
    created_at: datetime


class AllowanceExceeded(Conflict):
    """A vacation would use more days than are left in the year's allowance (nothing was written)."""

    def __init__(self, user_id: int, year: int, used: int, allowance: int, wanted: int) -> None:
        super().__init__(
            f"user {user_id}: {wanted} vacation days wanted in {year}, {used} of {allowance} used"
        )
        self.user_id, self.year, self.used, self.allowance, self.wanted = (
            user_id,
            year,
            used,
            allowance,
            wanted,
        )


__all__ = [
    "GLOBAL_SCOPE",
    "AllowanceExceeded",
    "ClockRecord",
    "NewTimer",
    "RatingRecord",
    "TimerRecord",
    "UndoRequestRecord",
    "VacationRecord",
]
