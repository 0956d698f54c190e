"""The worker's duties (discord/coordinator.py): of several bots on one database, one fires the timers,
cancels expired challenges and resumes the AI; when it stops, another takes the duties over at its next
try. Two bots, each with its own service and holder (as two processes would have), over one SQLite file
against the one fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime

from fakediscord import FakeDiscord

from warchest_bot.discord import coordinator
from warchest_bot.discord.bot import WarchestBot
from warchest_bot.service import GameService
from warchest_bot.storage import WORKER_LEASE, NewTimer


def duties(bot: WarchestBot) -> tuple[bool, bool, bool]:
    """Whether the bot holds the lease, runs the timer scheduler, and sweeps expired challenges."""
    assert bot.corr is not None
    return bot.coordinator.held, bot.corr.scheduler.running, bot.cog._sweeper is not None


async def test_one_bot_does_the_duties_and_another_takes_them_over(fake: FakeDiscord, tmp_path, monkeypatch):
    monkeypatch.setattr(coordinator, "CAMPAIGN_EVERY", 0.1)
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as one, GameService.open(db) as two:
        first = WarchestBot(one, guild_ready_timeout=0.05, sync_commands=False, shared=True)
        second = WarchestBot(two, guild_ready_timeout=0.05, sync_commands=False, shared=True)
        async with contextlib.AsyncExitStack() as first_running:
            await first_running.enter_async_context(fake.run_client(first))
            assert duties(first) == (True, True, True)
            assert first.corr.scheduler.max_sleep == coordinator.TIMER_POLL  # timers of others are seen
            async with fake.run_client(second):
                await asyncio.sleep(0.5)  # several tries
                assert duties(second) == (False, False, False)
                assert (await two.storage.get_lease(WORKER_LEASE)).holder == first.holder

                await first_running.aclose()  # the first bot stops: it gives the lease up
                assert duties(first) == (False, False, False)
                for _ in range(150):  # it looks every 2 s; generous for a loaded machine
                    if second.coordinator.held:
                        break
                    await asyncio.sleep(0.1)
                assert duties(second) == (True, True, True)
                assert (await two.storage.get_lease(WORKER_LEASE)).holder == second.holder
            assert await one.storage.get_lease(WORKER_LEASE) is None  # the second gave it up too
    fake.assert_clean()


async def test_a_lone_bot_keeps_its_long_timer_sleep(fake: FakeDiscord, tmp_path):
    """Alone on its database (not shared), the bot is woken by its own timers: no polling."""
    async with GameService.open(tmp_path / "games.sqlite3") as service:
        bot = WarchestBot(service, guild_ready_timeout=0.05, sync_commands=False)
        async with fake.run_client(bot):
            assert duties(bot) == (True, True, True)
            assert bot.corr.scheduler.max_sleep > coordinator.TIMER_POLL
    fake.assert_clean()


async def test_on_postgresql_the_worker_fires_at_once_a_timer_another_process_adds(
    fake: FakeDiscord, pg_server
):
    """The worker sleeps until its earliest timer (here: none at all); a timer another process adds that is due
    earlier wakes it through the database, long before its `TIMER_POLL`."""
    dsn = await pg_server.create_database()
    async with GameService.open(dsn) as one, GameService.open(dsn) as other:
        worker = WarchestBot(one, guild_ready_timeout=0.05, sync_commands=False, shared=True)
        async with fake.run_client(worker):
            assert duties(worker) == (True, True, True)
            game = (await other.storage.create_game(kind="warchest", options={}, seed=1)).id
            await worker.corr.scheduler.wait_idle()
            await other.storage.add_timers([NewTimer(datetime.now(UTC), "reminder", game, 1, ply=0)])
            for _ in range(50):  # a third of TIMER_POLL
                if not await other.storage.list_timers(game_id=game):
                    break
                await asyncio.sleep(0.1)
            assert await other.storage.list_timers(game_id=game) == []  # fired (dropped: no clock)
            assert [t.fired_at is not None for t in await other.storage.list_timers(unfired_only=False)] == [
                True
            ]
    fake.assert_clean()


async def test_a_shared_worker_with_no_timer_still_looks_for_timers_others_add(
    fake: FakeDiscord, tmp_path, monkeypatch
):
    """Without wake-ups (SQLite, a lost one) the worker re-reads the timers every `TIMER_POLL` seconds, even
    when it had none at all to sleep until."""
    monkeypatch.setattr(coordinator, "TIMER_POLL", 0.5)
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as one, GameService.open(db) as other:
        worker = WarchestBot(one, guild_ready_timeout=0.05, sync_commands=False, shared=True)
        async with fake.run_client(worker):
            game = (await other.storage.create_game(kind="warchest", options={}, seed=1)).id
            await worker.corr.scheduler.wait_idle()
            await other.storage.add_timers([NewTimer(datetime.now(UTC), "reminder", game, 1, ply=0)])
            for _ in range(150):  # TIMER_POLL is 0.5 s here: generous for a loaded machine
                if not await other.storage.list_timers(game_id=game):
                    break
                await asyncio.sleep(0.1)
            assert await other.storage.list_timers(game_id=game) == []
    fake.assert_clean()
