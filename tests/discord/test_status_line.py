"""The operator's status line (warchest_bot/discord/health.py): logged every few minutes while the bot runs,
with the games active, the announcements owed, the timers due and each shard's latency."""

from __future__ import annotations

import asyncio
import logging

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
