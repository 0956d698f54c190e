"""Persistence: the only package that writes SQL.

A game is stored as its options + seed + ordered action log (the truth) plus optional snapshots (a cache).
`repositories` defines what storage offers as small interfaces, one per topic (games and seats, the action
log, listings, challenges, settings, message references, correspondence, outbox, leases, meta), combined in
`Repository`. `Storage` (SQLite: the write connection on a thread of its own, reads on aiosqlite; the `sqlite` package: one mixin per topic over a shared
connection core) implements them, and `PostgresStorage` (the `postgres` package: the same mixins over an
asyncpg core) on PostgreSQL; `open_storage` picks one by the address it is given. Everything they take and
return is defined in `records`, `errors` and the record classes of `correspondence`, `outbox` and `lease`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conditionals import ConditionalRecord, ConditionalRepository
from .correspondence import (
    GLOBAL_SCOPE,
    AllowanceExceeded,
    ClockRecord,
    NewTimer,
    RatingRecord,
    TimerRecord,
    UndoRequestRecord,
    VacationRecord,
)
from .dsn import is_postgres, redacted
from .errors import (
    ChallengeConflict,
    Conflict,
    GameNotFound,
    NotFound,
    PlyConflict,
    SchemaError,
    SeatConflict,
    StatusConflict,
    StorageBusy,
    StorageDamaged,
    StorageError,
    TypedActionStale,
)
from .follows import FOLLOW_HOWS, FOLLOW_MODES, FOLLOW_TARGETS, FollowRecord
from .lease import (
    LEASE_SECONDS,
    SERVICE_LEASE,
    SHARD_PREFIX,
    WATCH_SECONDS,
    WORKER_LEASE,
    LeaderLease,
    LeaseHeld,
    LeaseRecord,
    ProcessLease,
    ai_lease,
    give_up_lease,
    holder_is_gone,
    live_leases,
    refuse_while_served,
    retire_holder,
    running_holder,
    shard_lease,
    shard_of_lease,
)
from .outbox import OUTBOX_CLAIM_SECONDS, OUTBOX_KINDS, OutboxRecord
from .puzzles import DailyPostRecord, DailyPuzzleSetting, PuzzleAttemptRecord, PuzzleRatingRecord
from .records import (
    ActionRecord,
    ChallengeRecord,
    GameEnd,
    GameRecord,
    GameStatus,
    HealthCounts,
    LoadedGame,
    MessageRef,
    NewSeat,
    Outcome,
    PlayerStats,
    ReviewRecord,
    SeatRecord,
    Snapshot,
)
from .repositories import (
    ActionLogRepository,
    ChallengeRepository,
    CorrespondenceRepository,
    FollowRepository,
    GameRepository,
    LeaseRepository,
    ListingRepository,
    MessageRefRepository,
    MetaRepository,
    OutboxRepository,
    PuzzleRepository,
    Repository,
    ReviewRepository,
    SettingsRepository,
    StorageLifecycle,
    TutorialRepository,
    WakeupRepository,
)
from .seats import SeatOfferRecord, SeatRepository, TenureRecord
from .sqlite import DEFAULT_PATH, Clock, Storage, utc_now
from .tournaments import (
    TournamentConflict,
    TournamentGameRecord,
    TournamentRecord,
    TournamentRepository,
)
from .tutorial import TutorialRecord
from .wakeups import OUTBOX_CHANNEL, TIMERS_CHANNEL, Unlisten, listen_or_poll, nothing_to_stop
from .write_waits import SLOW_WAIT, WriteWaits


def open_storage(target: Path | str = DEFAULT_PATH, **kwargs: Any) -> Any:
    """Open the storage ``target`` names: a ``postgresql://`` address (PostgreSQL), else an SQLite file path
    (or ``:memory:``). Keyword arguments go to ``open()`` of the chosen class; await the result or use it
    with ``async with``."""
    if is_postgres(target):
        from .postgres import PostgresStorage  # asyncpg is imported only when PostgreSQL is used

        return PostgresStorage.open(target, **kwargs)
    return Storage.open(target, **kwargs)


__all__ = [
    "ActionLogRepository",
    "ChallengeRepository",
    "CorrespondenceRepository",
    "FollowRepository",
    "ConditionalRecord",
    "TournamentConflict",
    "TournamentGameRecord",
    "TournamentRecord",
    "TournamentRepository",
    "ConditionalRepository",
    "GameRepository",
    "LeaseRepository",
    "ListingRepository",
    "MessageRefRepository",
    "MetaRepository",
    "OutboxRepository",
    "PuzzleRepository",
    "Repository",
    "DailyPostRecord",
    "DailyPuzzleSetting",
    "PuzzleAttemptRecord",
    "PuzzleRatingRecord",
    "ReviewRecord",
    "ReviewRepository",
    "SeatOfferRecord",
    "SeatRepository",
    "TenureRecord",
    "SettingsRepository",
    "StorageLifecycle",
    "is_postgres",
    "open_storage",
    "redacted",
    "TutorialRecord",
    "TIMERS_CHANNEL",
    "TutorialRepository",
    "Unlisten",
    "listen_or_poll",
    "nothing_to_stop",
    "WakeupRepository",
    "OUTBOX_CHANNEL",
    "OUTBOX_CLAIM_SECONDS",
    "OUTBOX_KINDS",
    "FOLLOW_HOWS",
    "FOLLOW_MODES",
    "FOLLOW_TARGETS",
    "FollowRecord",
    "OutboxRecord",
    "GLOBAL_SCOPE",
    "AllowanceExceeded",
    "ClockRecord",
    "NewTimer",
    "RatingRecord",
    "TimerRecord",
    "UndoRequestRecord",
    "VacationRecord",
    "DEFAULT_PATH",
    "LEASE_SECONDS",
    "SERVICE_LEASE",
    "LeaseHeld",
    "LeaseRecord",
    "ProcessLease",
    "SHARD_PREFIX",
    "WATCH_SECONDS",
    "WORKER_LEASE",
    "LeaderLease",
    "ai_lease",
    "give_up_lease",
    "holder_is_gone",
    "live_leases",
    "refuse_while_served",
    "retire_holder",
    "running_holder",
    "shard_of_lease",
    "shard_lease",
    "ActionRecord",
    "ChallengeConflict",
    "ChallengeRecord",
    "Clock",
    "Conflict",
    "GameEnd",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "HealthCounts",
    "LoadedGame",
    "MessageRef",
    "NewSeat",
    "NotFound",
    "Outcome",
    "PlayerStats",
    "PlyConflict",
    "SchemaError",
    "SeatConflict",
    "SeatRecord",
    "Snapshot",
    "StatusConflict",
    "Storage",
    "StorageBusy",
    "SLOW_WAIT",
    "WriteWaits",
    "StorageDamaged",
    "StorageError",
    "TypedActionStale",
    "utc_now",
]
