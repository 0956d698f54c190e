"""The operator's status line (warchest_bot/discord/health.py): logged every few minutes while the bot runs,
with the games active, the announcements owed, the timers due and each shard's latency."""

from __future__ import annotations

import asyncio
import logging
import re

from warchest_bot.discord.bot import WarchestBot
from warchest_bot.service import GameService, Player


async def test_the_bot_logs_a_status_line_while_it_runs(fake, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="warchest_bot.status")
    async with GameService.open(tmp_path / "games.sqlite3") as service:
        await service.create_game([Player(1, "Ann"), Player(2, "Bob")], seed=3)
        bot = WarchestBot(service, guild_ready_timeout=0.05, status_every=0.05)
        async with fake.run_client(bot):
            for _ in range(200):
                lines = [r.getMessage() for r in caplog.records if r.name == "warchest_bot.status"]
                if lines:
                    break
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        after_close = len([r for r in caplog.records if r.name == "warchest_bot.status"])
        await asyncio.sleep(0.2)
        assert len([r for r in caplog.records if r.name == "warchest_bot.status"]) == after_close  # stopped
    assert lines, "no status line was logged"
    line = lines[0]
    assert line.startswith("status: 1 games active, ") and " timers due, shards 0:" in line, line
    assert line.endswith(", worker duties here"), line  # a lone bot does the timers and the AI
    assert "announcements owed" in line


async def test_shards_served_by_no_process_are_named_in_a_warning(fake, tmp_path, caplog):
    """A shard process of several is down (here: shards 1-2 of 4 have no process): the status line of the
    others says so, as a warning."""
    from test_shards import QuickShards

    from warchest_bot.discord.health import ranges_text, status_line
    from warchest_bot.storage import ProcessLease, shard_lease

    assert ranges_text([0, 2, 3, 4, 7]) == "0, 2-4, 7" and ranges_text([]) == ""
    async with GameService.open(tmp_path / "games.sqlite3") as service:
        bot = QuickShards(service, shard_ids=[0, 3], shard_count=4, guild_ready_timeout=0.05, shared=True)
        leases = ProcessLease(
            service.storage, names=[shard_lease(0, 4), shard_lease(3, 4)], holder=bot.holder
        )
        await leases.take()  # as `serve` does
        try:
            async with fake.run_client(bot):
                level, line = await status_line(bot)
                assert level == logging.WARNING
                assert line.endswith(", worker duties here, shards served by no process: 1-2 of 4"), line
                async with ProcessLease(service.storage, names=[shard_lease(1, 4), shard_lease(2, 4)]):
                    level, line = await status_line(bot)  # the other process is back
                    assert level == logging.INFO and line.endswith(", worker duties here"), line
        finally:
            await leases.release()


async def test_writes_waiting_behind_an_outside_write_lock_show_in_the_status_line(fake, tmp_path, caplog):
    """Another program holds the SQLite file's write lock: each write waits the busy timeout and is refused
    (the limit stays); the next status line says so, as a warning, and the one after it is quiet again."""
    import sqlite3

    from warchest_bot.discord.health import status_line
    from warchest_bot.service import ServiceError

    db = tmp_path / "games.sqlite3"
    async with GameService.open(db, busy_timeout=0.3) as service:
        info = await service.create_game([Player(1, "Ann"), Player(2, "Bob")], seed=3)
        bot = WarchestBot(service, guild_ready_timeout=0.05)
        async with fake.run_client(bot):
            level, line = await status_line(bot)
            assert level == logging.INFO and "write lock" not in line, line
            # Taken from a thread: the bot may be inside a write of its own, which needs the event loop to
            # finish (a blocking BEGIN on the loop waited for it the whole timeout, then failed as locked).
            outside = sqlite3.connect(db, timeout=10, check_same_thread=False)
            await asyncio.to_thread(outside.execute, "BEGIN IMMEDIATE")
            try:
                for n in range(2):
                    try:
                        await service.update_user_settings(1, {"n": n})
                    except ServiceError as exc:
                        assert exc.code == "busy"
                    else:
                        raise AssertionError("a write went through while another program held the lock")
            finally:
                outside.rollback()
                outside.close()
            level, line = await status_line(bot)
            assert level == logging.WARNING, line
            # (the bot's own outbox delivery was refused too, and a busy machine may stretch a wait)
            waits = re.search(
                r", writes waiting for the database's write lock: (\d+) refused as busy, 0 slow", line
            )
            assert waits and int(waits[1]) >= 2, line
            await service.get_game(info.id)
            level, line = await status_line(bot)
            assert level == logging.INFO and "write lock" not in line, line
