"""The transactional outbox (schema v3): what an owed announcement is.

An accepted action writes the announcements it owes (one row per announcement: a board post with its pings,
a game's start, its end, a take-back) in the same transaction as the action itself, so that nothing
committed goes unannounced. The adapter's delivery worker reads the pending rows in order per game, sends
them, and marks them done; a failure records the error and the time of the next try.

A row only says what is owed (the game, the ply, the kind and public facts such as the action's public
text): the messages are rebuilt from the game when they are delivered. Never put hidden information or the
seed in a payload.

The record here is backend-neutral; `repositories.OutboxRepository` says what storage offers and
`sqlite.outbox.SQLiteOutbox` implements it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

OUTBOX_KINDS = ("start", "move", "end", "undo", "hands")


@dataclass(frozen=True, slots=True)
class OutboxRecord:
    """One owed announcement. ``done_at`` is None while it is owed."""

    id: int
    game_id: int
    ply: int
    kind: str
    payload: dict[str, Any]
    created_at: datetime
    due_at: datetime
    attempts: int
    last_error: str | None
    done_at: datetime | None


__all__ = ["OUTBOX_KINDS", "OutboxRecord"]
