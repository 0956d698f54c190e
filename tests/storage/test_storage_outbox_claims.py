"""Outbox claims (schema v10): several bot processes on one database, each row delivered by the holder of its
claim. The row an action writes is claimed by the committing bot; another one takes it over only by a
compare-and-swap, once it is free, expired, or its holder is gone; a failure and a clean stop free it."""

from __future__ import annotations

import socket
import subprocess
import sys
from datetime import UTC, datetime, timedelta

from warchest_bot.storage import OUTBOX_CLAIM_SECONDS, open_storage

T0 = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)
HOST = socket.gethostname()
A, B = "host-a:101:aa", "host-b:202:bb"  # two bots on other hosts: only expiry tells they are gone


async def _row(storage, game_id: int) -> object:
    return (await storage.pending_outbox(game_id))[0]


async def test_a_row_written_with_a_claim_belongs_to_the_committing_bot(db_target):
    async with open_storage(db_target) as storage:
        game = (await storage.create_game(kind="warchest", options={}, seed=1)).id
        claimed = await storage.add_outbox(game, 1, "move", claimed_by=A, at=T0)
        free = await storage.add_outbox(game, 2, "move", at=T0)
        short = await storage.add_outbox(game, 3, "move", claimed_by=B, claim_seconds=5, at=T0)
        rows = {r.id: r for r in await storage.pending_outbox(game)}
        assert (rows[claimed].claimed_by, rows[claimed].claimed_until) == (
            A,
            T0 + timedelta(seconds=OUTBOX_CLAIM_SECONDS),
        )
        assert (rows[free].claimed_by, rows[free].claimed_until) == (None, None)
        assert (rows[short].claimed_by, rows[short].claimed_until) == (B, T0 + timedelta(seconds=5))
        assert [r.claimed_by for r in await storage.outbox_rows(game)] == [A, None, B]


async def test_claiming_is_a_compare_and_swap(db_target):
    async with open_storage(db_target) as storage:
        game = (await storage.create_game(kind="warchest", options={}, seed=1)).id
        row_id = await storage.add_outbox(game, 1, "move", at=T0)
        # Both read the row free; the first claim wins, the second (seeing it free still) loses.
        assert await storage.claim_outbox(row_id, A, seen=None, at=T0)
        assert not await storage.claim_outbox(row_id, B, seen=None, at=T0)
        row = await _row(storage, game)
        assert (row.claimed_by, row.claimed_until) == (A, T0 + timedelta(seconds=OUTBOX_CLAIM_SECONDS))
        # A live claim of another bot is not taken, even by one that read it right.
        assert not await storage.claim_outbox(row_id, B, seen=A, at=T0 + timedelta(seconds=29))
        # Its holder renews it (whenever, also after it expired while nobody else took it).
        assert await storage.claim_outbox(row_id, A, seen=A, seconds=10, at=T0 + timedelta(seconds=20))
        assert (await _row(storage, game)).claimed_until == T0 + timedelta(seconds=30)
        # Expired: taken over by the one that read it as A's; a racer that read it as A's too loses.
        later = T0 + timedelta(seconds=30)
        assert await storage.claim_outbox(row_id, B, seen=A, at=later)
        assert not await storage.claim_outbox(row_id, A, seen=A, at=later)
        assert not await storage.claim_outbox(row_id, "host-c:303:cc", seen=A, at=later + timedelta(hours=1))
        assert (await _row(storage, game)).claimed_by == B
        # A delivered row is nobody's to claim, whatever was read.
        await storage.outbox_done(row_id, at=later)
        assert not await storage.claim_outbox(row_id, B, seen=B, at=later)
        assert not await storage.claim_outbox(row_id, A, seen=B, at=later + timedelta(hours=1))
        assert [r.claimed_by for r in await storage.outbox_rows(game)] == [B]  # who delivered it


async def test_the_claim_of_a_dead_bot_on_this_host_is_taken_at_once(db_target):
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    crashed = f"{HOST}:{child.pid}:ab"
    async with open_storage(db_target) as storage:
        game = (await storage.create_game(kind="warchest", options={}, seed=1)).id
        row_id = await storage.add_outbox(game, 1, "move", claimed_by=crashed, at=T0)
        assert await storage.claim_outbox(row_id, A, seen=crashed, at=T0 + timedelta(seconds=1))
        assert (await _row(storage, game)).claimed_by == A


async def test_a_failure_frees_the_row_for_whoever_comes_first_after_the_retry_time(db_target):
    async with open_storage(db_target) as storage:
        game = (await storage.create_game(kind="warchest", options={}, seed=1)).id
        row_id = await storage.add_outbox(game, 1, "move", claimed_by=A, at=T0)
        await storage.outbox_failed(row_id, "HTTPException: 503", T0 + timedelta(seconds=2), at=T0)
        row = await _row(storage, game)
        assert (row.claimed_by, row.claimed_until, row.attempts) == (None, None, 1)
        assert row.due_at == T0 + timedelta(seconds=2) and "503" in (row.last_error or "")
        assert await storage.claim_outbox(row_id, B, seen=None, at=T0 + timedelta(seconds=2))
        assert not await storage.claim_outbox(row_id, A, seen=A, at=T0 + timedelta(seconds=2))


async def test_a_clean_stop_frees_the_bots_owed_rows_only(db_target):
    async with open_storage(db_target) as storage:
        game = (await storage.create_game(kind="warchest", options={}, seed=1)).id
        delivered = await storage.add_outbox(game, 1, "move", claimed_by=A, at=T0)
        await storage.add_outbox(game, 2, "move", claimed_by=A, at=T0)
        await storage.add_outbox(game, 3, "hands", {"seats": [0]}, claimed_by=A, at=T0)
        await storage.add_outbox(game, 3, "hands", {"seats": [1]}, claimed_by=B, at=T0)
        await storage.outbox_done(delivered, at=T0)
        assert await storage.release_outbox_claims(A) == 2
        assert [r.claimed_by for r in await storage.outbox_rows(game)] == [A, None, None, B]
        assert [r.claimed_until is None for r in await storage.outbox_rows(game)] == [
            False,
            True,
            True,
            False,
        ]
        assert await storage.release_outbox_claims(A) == 0
        # Freed: the next bot takes them at once.
        owed = await storage.pending_outbox(game)
        assert await storage.claim_outbox(owed[0].id, B, seen=None, at=T0 + timedelta(seconds=1))
