"""SQLiteOutbox: the SQLite implementation of `OutboxRepository` (see `..repositories`).

The transactional outbox (schema v5, claims v10), described in `..outbox` with its record. A mixin of
`Storage` over `SQLiteCore`; PostgreSQL runs the same SQL.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from ..lease import holder_is_gone
from ..outbox import OUTBOX_CLAIM_SECONDS, OUTBOX_KINDS, OutboxRecord
from ..wakeups import OUTBOX_CHANNEL
from .core import SQLiteCore, _from_unix

_MAX_ERROR = 500


_SELECT = (
    "id, game_id, ply, kind, payload, created_at, due_at, attempts, last_error, done_at, claimed_by,"
    " claimed_until, posted"
)


_PAYLOAD = json.JSONEncoder(separators=(",", ":"))
"""Payloads as text: compact, in insertion order (read back as dicts; one encoder for all: `json.dumps`
makes one per call)."""

_INSERT = (
    "INSERT INTO outbox (game_id, ply, kind, payload, created_at, due_at, claimed_by, claimed_until)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def _record(row: Any) -> OutboxRecord:
    created, due, done = (_from_unix(row[i]) for i in (5, 6, 9))
    assert created is not None and due is not None
    return OutboxRecord(
        id=row[0],
        game_id=row[1],
        ply=row[2],
        kind=row[3],
        payload=json.loads(row[4] or "{}"),
        created_at=created,
        due_at=due,
        attempts=row[7],
        last_error=row[8],
        done_at=done,
        claimed_by=row[10],
        claimed_until=_from_unix(row[11]),
        posted={str(k): int(v) for k, v in json.loads(row[12] or "{}").items()},
    )


def _seconds(seconds: float) -> int:
    if not seconds > 0:
        raise ValueError("claim seconds must be positive")
    return math.ceil(seconds)


class SQLiteOutbox(SQLiteCore):
    """Mixin for `Storage` (see the module docstring). Methods commit unless inside `transaction()`."""

    async def add_outbox(
        self,
        game_id: int,
        ply: int,
        kind: str,
        payload: Mapping[str, Any] | None = None,
        *,
        at: datetime | None = None,
        claimed_by: str | None = None,
        claim_seconds: float = OUTBOX_CLAIM_SECONDS,
    ) -> int:
        """Owe an announcement of ``kind`` for ``game_id`` at ``ply``; return the row's id. Call it inside
        the transaction that commits the action. ``claimed_by``: the committing bot's holder, which then
        holds the row for ``claim_seconds`` (no other process delivers it meanwhile)."""
        row = self._outbox_row(game_id, ply, kind, payload, at, claimed_by, claim_seconds)
        async with self._unit(write=True) as db:
            rows = await self._fetch(db, _INSERT + " RETURNING id", row)
            return int(rows[0][0])

    async def owe_outbox(
        self,
        game_id: int,
        ply: int,
        kind: str,
        payload: Mapping[str, Any] | None = None,
        *,
        at: datetime | None = None,
        claimed_by: str | None = None,
        claim_seconds: float = OUTBOX_CLAIM_SECONDS,
    ) -> None:
        """`add_outbox` without the id: the INSERT goes with the unit's next round trip (its COMMIT)."""
        row = self._outbox_row(game_id, ply, kind, payload, at, claimed_by, claim_seconds)
        async with self._unit(write=True) as db:
            await self._later(db, _INSERT, row)

    def _outbox_row(
        self,
        game_id: int,
        ply: int,
        kind: str,
        payload: Mapping[str, Any] | None,
        at: datetime | None,
        claimed_by: str | None,
        claim_seconds: float,
    ) -> tuple[Any, ...]:
        if kind not in OUTBOX_KINDS:
            raise ValueError(f"unknown outbox kind {kind!r}")
        text = _PAYLOAD.encode(dict(payload or {}))
        now = self._now(at)
        until = None if claimed_by is None else now + _seconds(claim_seconds)
        return (game_id, ply, kind, text, now, now, claimed_by, until)

    async def pending_outbox(self, game_id: int | None = None, *, limit: int = 200) -> list[OutboxRecord]:
        """Owed announcements (of one game, or of all), oldest first: delivery order within a game is by id."""
        where = "done_at IS NULL" if game_id is None else "done_at IS NULL AND game_id = ?"
        params: tuple[Any, ...] = (limit,) if game_id is None else (game_id, limit)
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db, f"SELECT {_SELECT} FROM outbox WHERE {where} ORDER BY id LIMIT ?", params
            )
        return [_record(r) for r in rows]

    async def outbox_rows(self, game_id: int) -> list[OutboxRecord]:
        """Every row of a game, done or not, in order (for tests and diagnostics)."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db, f"SELECT {_SELECT} FROM outbox WHERE game_id = ? ORDER BY id", (game_id,)
            )
        return [_record(r) for r in rows]

    async def claim_outbox(
        self,
        row_id: int,
        holder: str,
        *,
        seen: str | None,
        seconds: float = OUTBOX_CLAIM_SECONDS,
        at: datetime | None = None,
        is_stale: Callable[[str], bool] = holder_is_gone,
    ) -> bool:
        """Claim the owed row ``row_id`` for ``holder`` until ``seconds`` from now (or renew its claim);
        True if it did. A compare-and-swap: only while the row's ``claimed_by`` is still ``seen`` (what the
        caller read; None: unclaimed), and another holder's claim only once it expired or its holder
        `is_stale`, so that of two processes reading the same row at most one takes it."""
        now = self._now(at)
        params: tuple[Any, ...] = ()
        if seen is None:
            match = "claimed_by IS NULL"
        elif seen == holder or is_stale(seen):
            match = "claimed_by = ?"
            params = (seen,)
        else:
            match = "claimed_by = ? AND (claimed_until IS NULL OR claimed_until <= ?)"
            params = (seen, now)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ?"
                f" WHERE id = ? AND done_at IS NULL AND {match}",
                (holder, now + _seconds(seconds), row_id, *params),
            )
            return cursor.rowcount == 1

    async def release_outbox_claims(self, holder: str) -> int:
        """Free the owed rows ``holder`` claimed (a clean stop: another process may take them at once);
        return how many. Wakes the delivery workers (`OUTBOX_CHANNEL`) when it freed any."""
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL"
                " WHERE claimed_by = ? AND done_at IS NULL",
                (holder,),
            )
            freed = int(cursor.rowcount or 0)
            if freed:
                await self._wake_up(db, OUTBOX_CHANNEL)
            return freed

    async def outbox_posted(self, row_id: int, posted: Mapping[str, int]) -> None:
        """Record the messages the owed row ``row_id`` posted so far (its slot -> message id), so that a
        delivery of it again (after a crash) skips them."""
        text = _PAYLOAD.encode(dict(posted))
        async with self._unit(write=True) as db:
            await self._later(
                db, "UPDATE outbox SET posted = ? WHERE id = ? AND done_at IS NULL", (text, row_id)
            )

    async def outbox_done(self, row_id: int, *, at: datetime | None = None) -> None:
        """The announcement was delivered: never send it again."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._later(
                db, "UPDATE outbox SET done_at = ? WHERE id = ? AND done_at IS NULL", (now, row_id)
            )

    async def outbox_failed(
        self, row_id: int, error: str, retry_at: datetime, *, at: datetime | None = None
    ) -> None:
        """Delivery failed: count the attempt, keep the error, try again at ``retry_at`` (the row is free
        again: whichever process comes first then tries it; the delivery workers are woken to see when)."""
        due = self._now(retry_at)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, due_at = ?,"
                " claimed_by = NULL, claimed_until = NULL WHERE id = ? AND done_at IS NULL",
                (error[:_MAX_ERROR], due, row_id),
            )
            if cursor.rowcount:
                await self._wake_up(db, OUTBOX_CHANNEL)

    async def prune_outbox(self, done_before: datetime) -> int:
        """Forget rows delivered before ``done_before`` (owed rows are never touched); return how many."""
        cutoff = self._now(done_before)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "DELETE FROM outbox WHERE done_at IS NOT NULL AND done_at < ?", (cutoff,)
            )
            return int(cursor.rowcount or 0)
