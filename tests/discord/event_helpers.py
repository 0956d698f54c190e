"""What the tournament, knockout and league tests through the fake Discord share: a bot process on a
world's database and fake clock (`running`; `organised` also makes the members plain members, not server
admins, so only the event's creator organises), a slash command and its answer (`ask`), the event number
an answer names (`event_of`), an event's round posts (`round_posts`, `posts_until`), and the fake time moved on until the tournament sweep ran (`swept`). The
world itself is the ``event_world`` fixture (tests/discord/conftest.py): one fake time for the games, the
clocks and the duties."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import timedelta

from fakediscord import FakeMessage, FakeUser
from faketime import FakeTime
from wc_helpers import World

from warchest_bot.discord import WarchestBot
from warchest_bot.service import Correspondence

MANAGE_GUILD = 1 << 5
"""Discord's Manage Server permission bit."""


def clock_of(world: World) -> FakeTime:
    """The world's fake time (the ``event_world`` fixture's service runs on one)."""
    time = world.service.storage.clock
    assert isinstance(time, FakeTime)
    return time


@contextlib.asynccontextmanager
async def running(world: World, time: FakeTime | None = None) -> AsyncIterator[WarchestBot]:
    """A bot process on the world's database, its clocks and duties on the fake time (the world's)."""
    time = time if time is not None else clock_of(world)
    corr = Correspondence(world.service, clock=time, sleep=time.sleep)
    corr.scheduler.max_sleep = 1e9
    bot = WarchestBot(world.service, correspondence=corr, guild_ready_timeout=0.05)
    world.bot = bot
    try:
        async with world.fake.run_client(bot):
            await bot.tree.sync()
            yield bot
    finally:
        corr.detach()
        world.bot = None


@contextlib.asynccontextmanager
async def organised(world: World) -> AsyncIterator[WarchestBot]:
    """`running`, with the server's members not admins (only an event's creator organises it)."""
    world.guild.everyone_role.permissions &= ~MANAGE_GUILD
    async with running(world) as bot:
        yield bot


async def ask(world: World, user: FakeUser, command: str, options: dict | None = None) -> FakeMessage:
    """Send a slash command as ``user`` in the world's channel; its answer."""
    inter = await world.fake.send_slash_command(user, world.channel, command, options or {})
    return await world.reply(inter)


def event_of(answer: FakeMessage) -> int:
    """The number of the event (or league) an answer names as ``#N``."""
    return int(answer.content.split("#")[1].split()[0])


def round_posts(world: World, name: str) -> list[FakeMessage]:
    """The round posts (pairings and results) of the event ``name`` in the world's channel."""
    return [
        m
        for m in world.fake.messages_in(world.channel)
        if m.content.startswith("Round ") and f"of **{name}**: " in m.content
    ]


async def posts_until(world: World, count: int, name: str) -> list[FakeMessage]:
    """The event's round posts once there are ``count`` of them (20 s at most)."""
    await world.fake.wait_until(lambda: len(round_posts(world, name)) >= count, 20)
    return round_posts(world, name)


async def swept(bot: WarchestBot, time: FakeTime, delta: timedelta) -> None:
    """Move the fake time on and wait for the tournament sweep it wakes."""
    sweep = bot.tournament_sweep
    assert sweep is not None
    before = sweep.passes
    time.advance(delta)
    for _ in range(1000):
        if sweep.passes > before:
            break
        await asyncio.sleep(0.01)
    await asyncio.wait_for(sweep.wait_idle(), 10)
