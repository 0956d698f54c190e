"""`/wc puzzle` and the daily puzzle end to end on the fake Discord: solved from the menus, failed and then
shown, typed with autocomplete; the pictures from the solver's view; the daily puzzle set up by an admin only
and posted exactly once, also across a restart."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from fakediscord import FakeDiscord, FakeMessage, FakeUser
from faketime import START, FakeTime
from wc_helpers import PNG, World, build_world

from warchest_bot.discord import WarchestBot, menus
from warchest_bot.games import get_game
from warchest_bot.i18n import t
from warchest_bot.service import Correspondence, GameService

MANAGE_GUILD = 1 << 5


async def reply(world: World, inter) -> FakeMessage:
    """`World.reply` with room for drawing two pictures on a busy machine."""
    await inter.wait_response(60)
    await world.fake.wait_until(
        lambda: (
            inter.original_message_id is not None
            and not world.fake.messages[inter.original_message_id].loading
        ),
        60,
    )
    return world.fake.messages[inter.original_message_id]


def ids(message: FakeMessage) -> list[str]:
    return [c["custom_id"] for c in message.walk_components() if "custom_id" in c]


async def ask(world: World, user: FakeUser, options: dict | None = None) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, world.channel, "wc puzzle", options or {})
    return await reply(world, inter)


async def open_puzzle(world: World, user: FakeUser):
    message = await ask(world, user)
    assert message.ephemeral and "Puzzle" in message.content, message.content
    shown = await world.service.latest_puzzle(user.id)
    assert shown is not None and f"Puzzle {shown.puzzle_id}" in message.content
    puzzle = next(p for p in world.service.puzzle_set() if p.id == shown.puzzle_id)
    return message, shown, puzzle


async def choose(world: World, user: FakeUser, message: FakeMessage, shown, text: str) -> FakeMessage:
    """Select the coin of ``text`` in the puzzle's menu, then the move: the verdict message."""
    index = next(n for n, a in enumerate(shown.legal) if a.text == text)
    coin = menus.coin_of(shown.legal[index])
    step = await world.fake.select_option(user, message, f"wc:pz:coin:{shown.attempt_id}", [coin])
    await step.wait_response()
    assert step.response_type == 7  # the menu, edited in place to show the moves of that coin
    menu = world.fake.messages[message.id]
    select = next(
        c
        for c in menu.walk_components()
        if c.get("custom_id", "").startswith(f"wc:pz:act:{shown.attempt_id}:")
        and str(index) in [o["value"] for o in c.get("options", [])]
    )
    pick = await world.fake.select_option(user, menu, select["custom_id"], [str(index)])
    return await world.reply(pick)


async def test_a_puzzle_solved_from_the_menu(world: World):
    message, shown, puzzle = await open_puzzle(world, world.alice)
    pngs = [a for a in message.attachments if a.data.startswith(PNG)]
    assert len(pngs) == 2 and all(a.description for a in pngs)
    assert any(i.startswith("wc:pz:coin:") for i in ids(message))
    verdict = await choose(world, world.alice, message, shown, puzzle.solution)
    assert verdict.ephemeral and "✅" in verdict.content and puzzle.solution in verdict.content
    assert re.search(r"Your puzzle rating: 1[5-9]\d\d \(\+\d+\)", verdict.content), verdict.content
    assert "wc:pz:next" in ids(verdict)
    assert (await world.service.puzzle_rating(world.alice.id)).solved == 1
    # Another puzzle from the button: a different one.
    nxt = await world.fake.click_button(world.alice, verdict, "wc:pz:next")
    again = await reply(world, nxt)
    assert "Puzzle" in again.content and f"Puzzle {puzzle.id}" not in again.content


async def test_a_wrong_answer_is_told_and_the_solution_can_be_shown(world: World):
    message, shown, puzzle = await open_puzzle(world, world.bob)
    wrong = next(a.text for a in shown.legal if a.text != puzzle.solution)
    verdict = await choose(world, world.bob, message, shown, wrong)
    assert "❌" in verdict.content and "is not the best move" in verdict.content and "(-" in verdict.content
    assert puzzle.solution not in verdict.content
    reveal = await world.fake.click_button(world.bob, verdict, f"wc:pz:sol:{shown.attempt_id}")
    solution = await world.reply(reveal)
    assert f"The solution is **{puzzle.solution}**" in solution.content
    assert (await world.service.puzzle_rating(world.bob.id)).solved == 0


async def test_a_typed_answer_with_autocomplete_and_a_refusal(world: World):
    _, shown, puzzle = await open_puzzle(world, world.dave)
    first_word = puzzle.solution.split()[0]
    choices = await world.fake.autocomplete(
        world.dave, world.channel, "wc puzzle", {"answer": first_word}, focused="answer"
    )
    assert puzzle.solution in [c["value"] for c in choices]
    refused = await ask(world, world.dave, {"answer": "Zz deploy a1"})
    assert refused.ephemeral and "✅" not in refused.content and "❌" not in refused.content
    assert (await world.service.latest_puzzle(world.dave.id)).tries == 0  # nothing changed
    verdict = await ask(world, world.dave, {"answer": puzzle.solution})
    assert "✅" in verdict.content
    done = await ask(world, world.dave, {"answer": puzzle.solution})
    assert "not solving a puzzle" in done.content


async def test_the_puzzle_pictures_are_the_solvers_view(world: World):
    message, shown, puzzle = await open_puzzle(world, world.erin)
    board, hand = (a.data for a in message.attachments)
    names = ["You" if s == puzzle.seat else "Opponent" for s in range(2)]
    assert board == await world.bot.renderer.board(puzzle.view, None, names)
    assert hand == await world.bot.renderer.hand(puzzle.view, names)
    other = 1 - puzzle.seat
    assert isinstance(puzzle.view["seats"][other]["hand"], int)  # the opponent's hand: a count only


# --- the daily puzzle ---------------------------------------------------------------------------------------


class Daily:
    def __init__(self, fake: FakeDiscord, db, time: FakeTime) -> None:
        self.fake, self.db, self.time = fake, db, time

    @staticmethod
    async def advance(corr: Correspondence, bot: WarchestBot, time: FakeTime, delta: timedelta) -> None:
        time.advance(delta)
        await asyncio.sleep(0)
        await asyncio.wait_for(corr.scheduler.wait_idle(), 5)
        await bot.flow.drain()


@pytest.fixture
async def daily(fake: FakeDiscord, tmp_path, caplog) -> AsyncIterator[tuple[FakeDiscord, object, FakeTime]]:
    caplog.set_level(logging.WARNING)
    yield fake, tmp_path / "games.sqlite3", FakeTime()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


async def _running(service: GameService, time: FakeTime, fake: FakeDiscord):
    corr = Correspondence(service, clock=time, sleep=time.sleep)
    corr.scheduler.max_sleep = 1e9
    bot = WarchestBot(service, correspondence=corr, guild_ready_timeout=0.05)
    return corr, bot


def daily_posts(fake: FakeDiscord, channel) -> list[FakeMessage]:
    return [m for m in fake.messages_in(channel) if "Puzzle of the day" in m.content]


async def test_the_daily_puzzle_is_set_up_by_an_admin_and_posted_once_across_a_restart(daily):
    fake, db, time = daily
    async with GameService.open(db, clock=time) as service:
        world = build_world(fake, service, db)
        puzzles_channel = fake.add_text_channel(world.guild, "puzzles")
        world.guild.everyone_role.permissions &= ~MANAGE_GUILD
        admins = fake.add_role(world.guild, "admins", permissions=MANAGE_GUILD)
        world.guild.members[world.alice.id].role_ids.append(admins.id)
        corr, bot = await _running(service, time, fake)
        world.bot = bot
        async with fake.run_client(bot):
            await bot.tree.sync()
            inter = await fake.send_slash_command(
                world.bob, world.channel, "wc admin daily_puzzle", {"channel": puzzles_channel, "hour": 13}
            )
            refused = await world.reply(inter)
            assert "Manage Server" in refused.content
            assert await service.daily_puzzle_setting(world.guild.id) is None
            inter = await fake.send_slash_command(
                world.alice, world.channel, "wc admin daily_puzzle", {"channel": puzzles_channel, "hour": 13}
            )
            on = await world.reply(inter)
            assert on.ephemeral and f"<#{puzzles_channel.id}>" in on.content and "13:00" in on.content
            assert START.hour == 12
            await Daily.advance(corr, bot, time, timedelta(minutes=59))
            assert daily_posts(fake, puzzles_channel) == []
            await Daily.advance(corr, bot, time, timedelta(minutes=2))
            post = await fake.wait_for_message(
                puzzles_channel, lambda m: "Puzzle of the day" in m.content, 30
            )
            assert len([a for a in post.attachments if a.data.startswith(PNG)]) == 2
            # Anyone may solve it privately from the post.
            press = await fake.click_button(
                world.carol, post, next(i for i in ids(post) if i.startswith("wc:pz:open:"))
            )
            mine = await reply(world, press)
            assert mine.ephemeral and "Puzzle" in mine.content
            # The next day's post is owed but the bot dies before it goes out.
            bot.corr.on_daily_owed = None
            await Daily.advance(corr, bot, time, timedelta(days=1))
            assert len(daily_posts(fake, puzzles_channel)) == 1
        corr.detach()
    async with GameService.open(db, clock=time) as service:  # the restart posts what is owed, once
        world.service = service
        corr, bot = await _running(service, time, fake)
        async with fake.run_client(bot):
            await fake.wait_until(lambda: len(daily_posts(fake, puzzles_channel)) == 2, 30)
            await asyncio.sleep(0.2)
            await bot.flow.drain()
        corr.detach()
    async with GameService.open(db, clock=time) as service:  # and another restart posts nothing again
        corr, bot = await _running(service, time, fake)
        async with fake.run_client(bot):
            await asyncio.sleep(0.3)
            await bot.flow.drain()
        corr.detach()
    assert len(daily_posts(fake, puzzles_channel)) == 2
    days = [p.day for p in await _posts(db, time, world.guild.id)]
    assert len(days) == 2 and days[1] == days[0] + 1


async def _posts(db, time, guild_id):
    async with GameService.open(db, clock=time) as service:
        return await service.storage.daily_posts_of(guild_id)


async def test_a_puzzle_in_persian(world: World):
    inter = await world.fake.send_slash_command(world.erin, world.channel, "wc puzzle", {}, locale="fa")
    message = await reply(world, inter)
    assert "معمای" in message.content and "Puzzle" not in message.content
    shown = await world.service.latest_puzzle(world.erin.id)
    names = [t("puzzle.name.you" if s == shown.seat else "puzzle.name.opponent", "fa") for s in range(2)]
    board = get_game(shown.kind).board_png(shown.view, None, names=names, locale="fa")
    assert message.attachments[0].data == board  # the picture in Persian too
    inter = await world.fake.send_slash_command(
        world.erin, world.channel, "wc puzzle", {"answer": shown.legal[0].text}, locale="fa"
    )
    verdict = await reply(world, inter)
    assert "بهترین حرکت" in verdict.content
