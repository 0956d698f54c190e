"""The bot's start-up serves the pages only when WARCHEST_WEB is set, with the bot's renderer, and the
board posts' links use WARCHEST_WEB_URL."""

from __future__ import annotations

import aiohttp

from warchest_bot.config import Settings
from warchest_bot.discord import WarchestBot
from warchest_bot.discord.runner import start_web


def settings(**kw) -> Settings:
    return Settings(token="x", db_path="unused", log_level="INFO", dev_guild=None, **kw)


async def test_no_pages_unless_set(service):
    bot = WarchestBot(service)
    await start_web(settings(), bot)
    assert bot.web is None


async def test_pages_served_with_the_bots_renderer(service):
    bot = WarchestBot(service)
    await start_web(settings(web=("127.0.0.1", 0), web_url="https://games.example.org/"), bot)
    try:
        assert bot.web is not None and bot.web.pages is not None
        assert bot.web.pages.renderer is bot.renderer
        assert bot.web.pages.game_url(5).startswith("https://games.example.org/g/5.")
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{bot.web.port}/") as r:
            assert r.status == 200
    finally:
        await bot.web.stop()
        await bot.close()
