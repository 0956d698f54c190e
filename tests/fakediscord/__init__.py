"""A small fake Discord (REST API v10 + gateway) on 127.0.0.1 for end-to-end tests of discord.py bots.

async with FakeDiscord() as fake:            # starts the server, points discord.py at it
    guild = fake.add_guild("Test Guild")
    channel = fake.add_text_channel(guild, "games")
    alice = fake.add_user("alice")
    async with fake.run_client(MyBot(guild_ready_timeout=0.05)) as bot:
        await bot.tree.sync()
        inter = await fake.send_slash_command(alice, channel, "ping")
        body = await inter.wait_response()
    fake.assert_clean()
"""

from .interactions import OptionError
from .models import (
    ApiError,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    make_png,
)
from .patching import NonLoopbackConnection, loopback_only, point_discord_py
from .server import ALL, FakeDiscord

__all__ = [
    "ALL",
    "ApiError",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "NonLoopbackConnection",
    "OptionError",
    "loopback_only",
    "make_png",
    "point_discord_py",
]
