"""Wake-ups across processes (`warchest_bot.storage.wakeups`): on PostgreSQL, ``NOTIFY`` committed by one
storage object (one process) calls the listeners of another, never for a rolled-back transaction; freeing
outbox claims and adding the earliest timer send them; the listening connection comes back after it was
killed. On SQLite both ends do nothing (polling remains)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest

from warchest_bot.storage import OUTBOX_CHANNEL, TIMERS_CHANNEL, NewTimer, StorageError, open_storage
from warchest_bot.storage.postgres import listener

MARK = "warchest_test_mark"
T0 = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)
A = "host-a:101:aa"


class Heard:
    """The wake-ups one storage object heard, per channel, and a way to wait for the next."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.event = asyncio.Event()

    def on(self, channel: str):
        def called() -> None:
            self.counts[channel] = self.counts.get(channel, 0) + 1
            self.event.set()

        return called

    async def next(self, channel: str, before: int) -> None:
        async with asyncio.timeout(10):
            while self.counts.get(channel, 0) <= before:
                self.event.clear()
                await self.event.wait()


@asynccontextmanager
async def two_processes(dsn: str) -> AsyncIterator[tuple[object, object, Heard]]:
    """Two storage objects on one database (two processes); the first listens on every channel here."""
    async with open_storage(dsn) as one, open_storage(dsn) as two:
        heard = Heard()
        for channel in (OUTBOX_CHANNEL, TIMERS_CHANNEL, MARK):
            await one.listen(channel, heard.on(channel))
        yield one, two, heard


async def settled(sender, heard: Heard) -> None:
    """Every wake-up committed before this has arrived (they arrive in commit order on one connection).
    ``sender``: a storage object, or a plain connection (which sends at once, even while the other one
    is inside a transaction)."""
    before = heard.counts.get(MARK, 0)
    if isinstance(sender, asyncpg.Connection):
        await sender.execute(f"NOTIFY {MARK}")
    else:
        await sender.notify(MARK)
    await heard.next(MARK, before)


async def test_a_committed_notify_wakes_another_process_and_a_rolled_back_one_does_not(pg_server):
    dsn = await pg_server.create_database()
    async with two_processes(dsn) as (_one, two, heard):
        with pytest.raises(RuntimeError):
            async with two.transaction():
                await two.notify(OUTBOX_CHANNEL)
                raise RuntimeError("rolled back")
        await settled(two, heard)
        assert heard.counts.get(OUTBOX_CHANNEL, 0) == 0

        plain = await asyncpg.connect(dsn)
        try:
            async with two.transaction():
                await two.notify(OUTBOX_CHANNEL)
                await settled(plain, heard)  # not committed yet: not sent yet
                assert heard.counts.get(OUTBOX_CHANNEL, 0) == 0
        finally:
            await plain.close()
        await heard.next(OUTBOX_CHANNEL, 0)


async def test_freed_claims_and_the_earliest_timer_wake_the_others(pg_server):
    async with two_processes(await pg_server.create_database()) as (_one, two, heard):
        game = (await two.create_game(kind="warchest", options={}, seed=1)).id
        row = await two.add_outbox(game, 1, "move", claimed_by=A)  # a new row wakes nobody (its bot has it)
        assert await two.release_outbox_claims("nobody:1:xx") == 0
        await settled(two, heard)
        assert heard.counts.get(OUTBOX_CHANNEL, 0) == 0
        assert await two.release_outbox_claims(A) == 1  # a clean stop freed it
        await heard.next(OUTBOX_CHANNEL, 0)
        await two.claim_outbox(row, A, seen=None)
        await two.outbox_failed(row, "HTTPException: 503", datetime.now(UTC) + timedelta(seconds=2))
        await heard.next(OUTBOX_CHANNEL, 1)  # a failed post freed it

        hour = datetime.now(UTC) + timedelta(hours=1)
        assert await two.add_timers([NewTimer(hour, "reminder", game, 1, ply=1)]) == 1  # the first
        await heard.next(TIMERS_CHANNEL, 0)
        later = [NewTimer(hour + timedelta(minutes=m), "reminder", game, 1, ply=1, step=m) for m in (1, 2)]
        assert await two.add_timers(later) == 2  # after the earliest: the scheduler's sleep ends in time
        assert await two.add_timers([NewTimer(hour, "reminder", game, 1, ply=1)]) == 0  # exists already
        await settled(two, heard)
        assert heard.counts[TIMERS_CHANNEL] == 1
        assert await two.add_timers([NewTimer(hour - timedelta(minutes=5), "deadline", game, None, 1)]) == 1
        await heard.next(TIMERS_CHANNEL, 1)  # earlier than every other one


async def test_a_stopped_listener_is_not_called_and_the_others_still_are(pg_server):
    async with two_processes(await pg_server.create_database()) as (one, two, heard):
        calls: list[str] = []
        stop = await one.listen(OUTBOX_CHANNEL, lambda: calls.append("extra"))
        await two.notify(OUTBOX_CHANNEL)
        await heard.next(OUTBOX_CHANNEL, 0)
        assert calls == ["extra"]
        await stop()
        await stop()  # idempotent
        await two.notify(OUTBOX_CHANNEL)
        await heard.next(OUTBOX_CHANNEL, 1)
        assert calls == ["extra"]


async def test_the_listening_connection_comes_back_after_it_was_killed(pg_server, monkeypatch):
    monkeypatch.setattr(listener, "RETRY", 0.1)
    dsn = await pg_server.create_database()
    async with two_processes(dsn) as (_one, two, heard):
        admin = await asyncpg.connect(dsn)
        try:
            killed = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE application_name = 'warchest-bot listener' AND datname = current_database()"
            )
        finally:
            await admin.close()
        assert killed == 1
        await heard.next(MARK, 0)  # back: every listener is woken once (what was sent meanwhile is lost)
        before = heard.counts[OUTBOX_CHANNEL]
        await two.notify(OUTBOX_CHANNEL)
        await heard.next(OUTBOX_CHANNEL, before)


async def test_sqlite_has_no_wake_ups_and_needs_none(tmp_path):
    async with open_storage(tmp_path / "games.sqlite3") as storage:
        calls: list[int] = []
        stop = await storage.listen(OUTBOX_CHANNEL, lambda: calls.append(1))
        await storage.notify(OUTBOX_CHANNEL)
        game = (await storage.create_game(kind="warchest", options={}, seed=1)).id
        await storage.add_outbox(game, 1, "move", claimed_by=A)
        assert await storage.release_outbox_claims(A) == 1
        await stop()
        assert calls == []


async def test_listening_on_a_closed_storage_is_refused(pg_server):
    storage = await open_storage(await pg_server.create_database())
    await storage.close()
    with pytest.raises(StorageError):
        await storage.listen(OUTBOX_CHANNEL, lambda: None)
