"""Persistence: the only package that writes SQL.

A game is stored as its options + seed + ordered action log (the truth) plus optional snapshots (a cache).
`repositories` defines what storage offers as small interfaces, one per topic (games and seats, the action
log, listings, challenges, settings, message references, correspondence, outbox, leases, meta), combined in
`Repository`. `Storage` (SQLite via aiosqlite, the `sqlite` package: one mixin per topic over a shared
connection core) implements them; everything they take and return is defined in `records`, `errors` and
the record classes of `correspondence`, `outbox` and `lease`, which are backend-neutral so that a PostgreSQL
implementation can offer the same API.
"""

from .correspondence import (
    GLOBAL_SCOPE,
    RATED_KIND,
    AllowanceExceeded,
    ClockRecord,
    NewTimer,
    RatingRecord,
    TimerRecord,
    UndoRequestRecord,
    VacationRecord,
)
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
)
from .lease import LEASE_SECONDS, SERVICE_LEASE, LeaseHeld, LeaseRecord, ProcessLease
from .outbox import OUTBOX_KINDS, OutboxRecord
from .records import (
    ActionRecord,
    ChallengeRecord,
    GameEnd,
    GameRecord,
    GameStatus,
    LoadedGame,
    MessageRef,
    NewSeat,
    Outcome,
    PlayerRecord,
    SeatRecord,
    Snapshot,
)
from .repositories import (
    ActionLogRepository,
    ChallengeRepository,
    CorrespondenceRepository,
    GameRepository,
    LeaseRepository,
    ListingRepository,
    MessageRefRepository,
    MetaRepository,
    OutboxRepository,
    Repository,
    SettingsRepository,
    StorageLifecycle,
)
from .sqlite import DEFAULT_PATH, Clock, Storage, utc_now

__all__ = [
    "ActionLogRepository",
    "ChallengeRepository",
    "CorrespondenceRepository",
    "GameRepository",
    "LeaseRepository",
    "ListingRepository",
    "MessageRefRepository",
    "MetaRepository",
    "OutboxRepository",
    "Repository",
    "SettingsRepository",
    "StorageLifecycle",
    "OUTBOX_KINDS",
    "OutboxRecord",
    "GLOBAL_SCOPE",
    "RATED_KIND",
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
    "ActionRecord",
    "ChallengeConflict",
    "ChallengeRecord",
    "Clock",
    "Conflict",
    "GameEnd",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "LoadedGame",
    "MessageRef",
    "NewSeat",
    "NotFound",
    "Outcome",
    "PlayerRecord",
    "PlyConflict",
    "SchemaError",
    "SeatConflict",
    "SeatRecord",
    "Snapshot",
    "StatusConflict",
    "Storage",
    "StorageBusy",
    "StorageDamaged",
    "StorageError",
    "utc_now",
]
