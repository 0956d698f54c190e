"""The transactional outbox (schema v3): what an owed announcement is.

An accepted action writes the announcements it owes (one row per announcement: a board post with its pings,
a game's start, its end, a take-back) in the same transaction as the action itself, so that nothing
committed goes unannounced. The adapter's delivery worker reads the pending rows in order per game, sends
them, and marks them done; a failure records the error and the time of the next try.

A row only says what is owed (the game, the ply, the kind and public facts such as the action's public
text): the messages are rebuilt from the game when they are delivered. Never put hidden information or the
seed in a payload.

Claims (schema v10). Several bot processes may share one database: each delivers a row only while it holds
the row's claim (``claimed_by``, its running holder `host:pid:random`, until ``claimed_until``). The action
that writes a row claims it for the committing bot (it delivers its own announcements first); a worker takes
a row over when it is free, expired, its own, or its holder is gone (`lease.holder_is_gone`), always by a
compare-and-swap, so two processes never both deliver it. A failure frees the row for whoever comes first
after its retry time; a clean stop frees the rows of the stopping bot at once.

Posted messages (schema v11). A row may post several messages (a board, the hands of several players); each
message of a row has a slot (the channel and its number among the row's messages there) and, once it went
through, its message id is recorded in ``posted``. A row delivered again after a crash skips the slots it
already posted; a message that went through but was not recorded yet is sent again with the same nonce
(derived from the row and the slot, with ``enforce_nonce``), and Discord returns the message it already made
instead of posting it twice (see `warchest_bot.discord.delivery`).

The record here is backend-neutral; `repositories.OutboxRepository` says what storage offers and
`sqlite.outbox.SQLiteOutbox` implements it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

OUTBOX_KINDS = ("start", "move", "end", "undo", "hands", "follow", "seat", "digest", "tournament")
OUTBOX_CLAIM_SECONDS = 30
"""How long a claim on an outbox row lasts without renewal (the longest another process waits for the rows
of a bot that died on another host)."""


@dataclass(frozen=True, slots=True)
class OutboxRecord:
    """One owed announcement. ``done_at`` is None while it is owed; ``claimed_by`` is the bot delivering it
    (None: free), until ``claimed_until``."""

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
    claimed_by: str | None = None
    claimed_until: datetime | None = None
    posted: dict[str, int] = field(default_factory=dict)
    """The messages this row already posted (slot -> message id; schema v11): a delivery of the row again
    after a crash skips them."""


__all__ = ["OUTBOX_CLAIM_SECONDS", "OUTBOX_KINDS", "OutboxRecord"]
