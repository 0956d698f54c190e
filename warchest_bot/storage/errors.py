"""Errors raised by the storage layer.

Every error that leaves `warchest_bot.storage` is a `StorageError`; database-driver exceptions are never
exposed, so a different backend (PostgreSQL) can raise the same errors. The `Conflict` family means "the
stored state is not what you assumed": nothing was written, reload and decide again.
"""

from __future__ import annotations

from collections.abc import Iterable


class StorageError(Exception):
    """Base class; also used directly for unexpected database failures (the message says what failed)."""


class SchemaError(StorageError):
    """The database file cannot be used by this version of the bot (too new, or not ours)."""


class NotFound(StorageError):
    """The requested game (or challenge) does not exist."""


class GameNotFound(NotFound):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class Conflict(StorageError):
    """The stored state does not match what the caller expected; nothing was written."""


class PlyConflict(Conflict):
    """An action was appended at a ply other than the game's current ply count.

    Typically two actions raced for the same turn, or a stale button was pressed: the loser must reload the
    game. `expected` is the ply the database would have accepted, `given` the one that was offered.
    """

    def __init__(self, game_id: int, expected: int, given: int) -> None:
        super().__init__(f"game {game_id}: action offered at ply {given} but the game is at ply {expected}")
        self.game_id = game_id
        self.expected = expected
        self.given = given


class StatusConflict(Conflict):
    """The game's status does not allow the operation (e.g. appending to a finished game)."""

    def __init__(self, game_id: int, status: str, allowed: Iterable[str], operation: str) -> None:
        allowed = tuple(allowed)
        super().__init__(
            f"game {game_id} is {status}; {operation} needs the game to be {' or '.join(allowed)}"
        )
        self.game_id = game_id
        self.status = status
        self.allowed = allowed
        self.operation = operation


class SeatConflict(Conflict):
    """The seat is taken, the user already has a seat in the game, or the seat does not exist."""


class ChallengeConflict(Conflict):
    """The game already has a challenge, or has none to change."""


class TypedActionStale(Conflict):
    """An action typed without a ply cannot have been chosen on the position it would apply to (see
    `sqlite.actions.SQLiteActionLog.append_action`): ``reason`` is "repeat" (the seat acted on the position
    just before and was shown nothing since: a second copy of that action) or "new_hand" (the round changed
    since the seat last saw its hand or acted); ``ply`` is the game's ply."""

    def __init__(self, game_id: int, ply: int, reason: str) -> None:
        super().__init__(f"game {game_id}: a typed action at ply {ply} is stale ({reason})")
        self.game_id = game_id
        self.ply = ply
        self.reason = reason


class StorageBusy(StorageError):
    """The database stayed locked by another process for longer than the busy timeout."""


class StorageDamaged(StorageError):
    """The database file is damaged (a corrupt page, or not an SQLite database at all): restore a backup."""
