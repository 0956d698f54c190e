"""Plain data returned by (and passed to) the storage layer; no database types leak out of it.

Conventions:
- ids from Discord (users, guilds, channels, threads, messages) are Python ints;
- times are timezone-aware `datetime`s in UTC, stored with whole-second precision;
- JSON columns (options, result, settings) come back as dicts; snapshots stay as the JSON *text* the
  caller stored (storage never interprets game state).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from enum import StrEnum
from operator import attrgetter
from typing import Any


class GameStatus(StrEnum):
    """Lifecycle of a game: open (waiting for players) → active → finished, or → aborted from either."""

    OPEN = "open"
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"

    @property
    def is_over(self) -> bool:
        return self in (GameStatus.FINISHED, GameStatus.ABORTED)


class Outcome(StrEnum):
    """A seat's result in a finished game (aborted games have none)."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat to create. Exactly one of `user_id` (a human) and `ai_level` (a bot opponent) is set.

    `seat` None means "the lowest free seat number"; `team` None means "same as the seat number" (each player
    a team of their own); `dm_reachable` None means "not known yet".
    """

    display_name: str
    user_id: int | None = None
    ai_level: str | None = None
    seat: int | None = None
    team: int | None = None
    dm_reachable: bool | None = None


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat of a game as stored."""

    seat: int
    user_id: int | None
    display_name: str
    team: int
    ai_level: str | None
    dm_reachable: bool | None
    joined_at: datetime
    outcome: Outcome | None
    autopilot: str | None = None
    """The AI level playing for this human seat's player after missed deadlines (None: they play)."""

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game's row plus its seats (ordered by seat number); no actions (see `LoadedGame`)."""

    id: int
    kind: str
    status: GameStatus
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    created_by: int | None
    options: dict[str, Any]
    seed: int
    rated: bool
    ply_count: int
    turn_seat: int | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    winner_team: int | None
    end_reason: str | None
    result: dict[str, Any] | None
    seats: tuple[SeatRecord, ...] = ()

    def seat_of(self, user_id: int) -> SeatRecord | None:
        """The seat held by this user, if any."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    def moved(self, ply_count: int, turn_seat: int | None) -> GameRecord:
        """This record after a move: `dataclasses.replace` of those two fields, in half its time (it is
        called for every move the service accepts)."""
        values = list(_RECORD_VALUES(self))
        values[_PLY_AT], values[_TURN_AT] = ply_count, turn_seat
        return GameRecord(*values)


_RECORD_NAMES = [f.name for f in fields(GameRecord)]
_RECORD_VALUES = attrgetter(*_RECORD_NAMES)
_PLY_AT, _TURN_AT = _RECORD_NAMES.index("ply_count"), _RECORD_NAMES.index("turn_seat")


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One entry of a game's action log: the action at `ply` (0-based), in the game's text notation."""

    ply: int
    seat: int | None
    notation: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Cached game state (JSON text) *after* `ply` actions have been applied, i.e. before action `ply`."""

    ply: int
    state_json: str


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """Everything needed to rebuild a game: its record (options, seed, seats) and the full action log.

    `snapshot` is the most recent cached state, if any: replaying `actions[snapshot.ply:]` on top of it
    gives the same state as replaying every action from the seed.
    """

    game: GameRecord
    actions: tuple[ActionRecord, ...]
    snapshot: Snapshot | None

    @property
    def notations(self) -> list[str]:
        return [a.notation for a in self.actions]


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How a game ended. `winner_team` None with `aborted` False is a draw; aborted games count for nobody.
    `loser_team` (with `winner_team` None): that team lost and the others drew (a forfeit when more than
    two teams play)."""

    reason: str
    winner_team: int | None = None
    result: dict[str, Any] | None = None
    aborted: bool = False
    loser_team: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's results over finished games (aborted games are not counted). The service's
    `PlayerRecord` holds one overall and one for a server."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass(frozen=True, slots=True)
class ChallengeRecord:
    """An open invitation to join game `game_id`: specific invited users and/or seats open to anyone."""

    game_id: int
    challenger_id: int
    invited_user_ids: tuple[int, ...]
    open_seats: int
    channel_id: int | None
    message_id: int | None
    created_at: datetime
    expires_at: datetime | None
    guild_id: int | None = None


@dataclass(frozen=True, slots=True)
class MessageRef:
    """A Discord message the bot keeps for a game (board post, a seat's hand DM, …).

    `kind` is the caller's name for it ("board", "hand", "challenge" …); `seat` None means the reference
    belongs to the game as a whole.
    """

    game_id: int
    kind: str
    seat: int | None
    message_id: int
    channel_id: int | None
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class HealthCounts:
    """What the bot's periodic status line reports about the database."""

    active_games: int
    outbox_owed: int
    """Announcements committed and not yet delivered."""
    timers_due: int
    """Timers (reminders, deadlines) whose time has come and that have not fired."""


@dataclass(frozen=True, slots=True)
class ReviewRecord:
    """The cached review of a finished game (`ReviewRepository`)."""

    game_id: int
    version: int
    budget: int
    data: dict[str, Any]
    requested_by: int | None
    created_at: datetime
