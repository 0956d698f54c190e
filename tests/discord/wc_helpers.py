"""Driving the real bot (warchest_bot.discord) through the fake Discord like players would."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from faketime import FakeTime

from warchest_bot.discord import WarchestBot, menus
from warchest_bot.service import Correspondence, GameInfo, GameService, Legal

PNG = b"\x89PNG\r\n\x1a\n"
GIF = (b"GIF87a", b"GIF89a")


@dataclass
class World:
    fake: FakeDiscord
    service: GameService
    db: Path
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser  # DMs closed
    dave: FakeUser
    erin: FakeUser
    bot: WarchestBot | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[WarchestBot]:
        """Start a fresh bot client (as a new process would) and sync its commands."""
        self.bot = WarchestBot(self.service, guild_ready_timeout=0.05)
        async with self.fake.run_client(self.bot):
            await self.bot.tree.sync()
            yield self.bot
        self.bot = None

    def user(self, user_id: int | None) -> FakeUser:
        assert user_id is not None
        return self.fake.users[user_id]

    # --- reading what the bot posted -------------------------------------------------------------------
    def place(self, info: GameInfo) -> FakeChannel:
        return self.fake.channels[info.thread_id or info.channel_id]

    async def board_post(self, info: GameInfo, ply: int, timeout: float = 10.0) -> FakeMessage:
        name = f"warchest-{info.id}-{ply}.png"
        # Looked for everywhere (the name is the game's own): a new thread is recorded a moment after
        # Discord has it, and ``info`` may have been read in between. Then checked to be in its place.
        posted = await self.fake.wait_for_message(
            None, lambda m: any(a.filename == name for a in m.attachments), timeout
        )
        assert posted.channel_id == self.place(await self.service.get_game(info.id)).id
        return posted

    async def reply(self, inter) -> FakeMessage:
        """The message an interaction was answered with (waiting for a deferred answer to be filled)."""
        await inter.wait_response()
        await self.fake.wait_until(
            lambda: (
                inter.original_message_id is not None
                and not self.fake.messages[inter.original_message_id].loading
            )
        )
        return self.fake.messages[inter.original_message_id]

    async def step_answer(self, step, menu: FakeMessage) -> FakeMessage:
        """What a press in a private menu was answered with, once answered: a new private message (4; or 5,
        deferred while the write waited for the database, filled in once it was done), else ``menu``
        edited in place (7)."""
        await step.wait_response()
        if step.response_type in (4, 5):
            return await self.reply(step)
        return self.fake.messages[menu.id]

    # --- playing ------------------------------------------------------------------------------------------
    async def resign(
        self, user: FakeUser, game_id: int | None = None, place: FakeChannel | None = None
    ) -> FakeMessage:
        """/wc resign, then Confirm on the private question: the private answer (the result)."""
        options = {} if game_id is None else {"game": game_id}
        inter = await self.fake.send_slash_command(user, place or self.channel, "wc resign", options)
        question = await self.reply(inter)
        assert question.ephemeral and "This ends the game" in question.content, question.content
        confirm = next(
            c["custom_id"]
            for c in question.walk_components()
            if c.get("custom_id", "").startswith("wc:resign:yes:")
        )
        press = await self.fake.click_button(user, question, confirm)
        await press.wait_response()
        if press.response_type == 7:  # answered in place of the question
            return self.fake.messages[question.id]
        return await self.reply(press)

    async def to_act(self, game_id: int) -> tuple[GameInfo, FakeUser, tuple[Legal, ...]]:
        info = await self.service.get_game(game_id)
        assert info.to_act is not None, info
        legal = await self.service.legal_actions(game_id, info.to_act.user_id)
        return info, self.user(info.to_act.user_id), legal

    async def play_slash(self, game_id: int, text: str, user: FakeUser, place: FakeChannel) -> FakeMessage:
        inter = await self.fake.send_slash_command(user, place, "wc play", {"action": text, "game": game_id})
        return await self.reply(inter)

    async def play_buttons(self, info: GameInfo, target: Legal, user: FakeUser) -> FakeMessage:
        """Tap through the guided menu from the latest board post: Play → coin → kind → action."""
        board = await self.board_post(info, info.ply)
        inter = await self.fake.click_button(user, board, f"wc:menu:{info.id}:{info.ply}")
        menu = await self.reply(inter)
        assert menu.ephemeral, menu.text
        coin = menus.coin_of(target)
        for _ in range(4):
            ids = [c.get("custom_id", "") for c in menu.walk_components()]
            if any(i.startswith("wc:coin:") for i in ids):
                step = await self.fake.select_option(user, menu, f"wc:coin:{info.id}:{info.ply}", [coin])
            elif any(i.startswith("wc:kind:") for i in ids):
                step = await self.fake.click_button(
                    user, menu, f"wc:kind:{info.id}:{info.ply}:{coin}:{target.kind}"
                )
            elif any(i.startswith("wc:do:") for i in ids):
                step = await self.fake.click_button(user, menu, f"wc:do:{info.id}:{info.ply}:{target.text}")
            else:
                select = next(
                    c
                    for c in menu.walk_components()
                    if c.get("custom_id", "").startswith("wc:act:")
                    and target.text in [o["value"] for o in c.get("options", [])]
                )
                step = await self.fake.select_option(user, menu, select["custom_id"], [target.text])
            menu = await self.step_answer(step, menu)
            if "You played" in menu.content:
                return menu
        raise AssertionError(f"menu did not end in a move: {menu.text}")


def build_world(fake: FakeDiscord, service: GameService, db: Path) -> World:
    guild = fake.add_guild("War Room")
    channel = fake.add_text_channel(guild, "war-chest")
    return World(
        fake=fake,
        service=service,
        db=db,
        guild=guild,
        channel=channel,
        alice=fake.add_user("alice", global_name="Alice"),
        bob=fake.add_user("bob", global_name="Bob"),
        carol=fake.add_user("carol", global_name="Carol", dm_closed=True),
        dave=fake.add_user("dave", global_name="Dave"),
        erin=fake.add_user("erin", global_name="Erin"),
    )


@dataclass
class Clocked:
    """A `World` whose bot runs the correspondence scheduler on injected time (`faketime.FakeTime`): the
    move clocks, deadlines, reminders and daily posts fire when a test moves the time on."""

    world: World
    corr: Correspondence
    time: FakeTime
    bot: WarchestBot
    challenges: list[str] = field(default_factory=list)

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    async def ask(
        self, user: FakeUser, command: str, options: dict | None = None, channel=None
    ) -> FakeMessage:
        inter = await self.fake.send_slash_command(
            user, channel or self.world.channel, command, options or {}
        )
        return await self.world.reply(inter)

    async def press(self, user: FakeUser, message: FakeMessage, custom_id: str) -> FakeMessage:
        """Press a button; the answer (or, when the message was edited in place, the follow-up)."""
        inter = await self.fake.click_button(user, message, custom_id)
        await inter.wait_response()
        if inter.response_type == 7:  # the message was edited in place
            await self.fake.wait_until(lambda: bool(inter.followup_ids))
            return self.fake.messages[inter.followup_ids[-1]]
        return await self.world.reply(inter)

    async def start(self, creator: FakeUser, opponent: FakeUser, **options) -> int:
        """A two-player game challenged by ``creator`` and accepted by ``opponent``, its first board posted."""
        options = {"opponent": opponent, "units": "first-game", **options}
        challenge = await self.ask(creator, "wc new", options)
        game_id = int(challenge.content.split("#")[1].split()[0])
        self.challenges.append(challenge.content)
        accept = await self.fake.click_button(opponent, challenge, f"wc:ch:join:{game_id}")
        await self.world.reply(accept)
        await self.fake.wait_until(lambda: "has started" in self.fake.messages[challenge.id].content)
        info = await self.world.service.get_game(game_id)
        await self.world.board_post(info, 0)
        return game_id

    async def advance(self, delta: timedelta) -> None:
        """Move the injected time on and let the scheduler fire what became due."""
        self.time.advance(delta)
        await asyncio.sleep(0)
        await asyncio.wait_for(self.corr.scheduler.wait_idle(), 5)
        await self.bot.flow.drain()

    async def said(self, info: GameInfo, text: str) -> FakeMessage:
        """The post in the game's thread that contains ``text``."""
        return await self.fake.wait_for_message(self.world.place(info), lambda m: text in m.content, 15)

    async def until(self, game_id: int, check, timeout: float = 30.0) -> GameInfo:
        """The game once ``check(info)`` holds (the bot plays in the background)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            info = await self.world.service.get_game(game_id)
            if check(info):
                return info
            assert loop.time() < end, info
            await asyncio.sleep(0.05)

    async def move(self, game_id: int) -> tuple[FakeUser, FakeMessage]:
        """The seat to act plays its first legal action that is not a pass with /wc play; returns who and
        the board post."""
        info, user, legal = await self.world.to_act(game_id)
        action = next((a for a in legal if a.kind != "pass"), legal[0])
        answer = await self.world.play_slash(game_id, action.text, user, self.world.place(info))
        assert "You played" in answer.content, answer.content
        return user, await self.world.board_post(info, info.ply + 1)


@contextlib.asynccontextmanager
async def clocked_world(
    fake: FakeDiscord,
    db_target,
    caplog: pytest.LogCaptureFixture,
    *,
    now: datetime | None = None,
    **bot_options,
) -> AsyncIterator[Clocked]:
    """A `Clocked` world on the database ``db_target`` (time starting at ``now``, else faketime's START;
    ``bot_options`` go to `WarchestBot`). On leaving: the scheduler stopped, the fake Discord clean and no
    error logged."""
    caplog.set_level(logging.WARNING)
    time = FakeTime()
    if now is not None:
        time.now = now
    async with GameService.open(db_target, clock=time) as service:
        world = build_world(fake, service, db_target)
        corr = Correspondence(service, clock=time, sleep=time.sleep)
        corr.scheduler.max_sleep = 1e9
        bot = WarchestBot(service, correspondence=corr, guild_ready_timeout=0.05, **bot_options)
        world.bot = bot
        async with fake.run_client(bot):
            await bot.tree.sync()
            yield Clocked(world, corr, time, bot)
        corr.detach()
        assert not corr.scheduler.running
    fake.assert_clean()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
