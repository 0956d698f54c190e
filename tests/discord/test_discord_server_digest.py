"""The server-wide daily digest through the real discord.py client against the fake Discord with injected
time: a server admin turns it on with /wc admin digest (a member who is not an admin cannot); while it is
on a move makes no board post in the game's thread, the player to act is told by DM, and at the chosen hour
the thread gets one post for the day (the moves, whose turn, the board) pinging nobody; off again, every
move is posted."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from fakediscord import FakeDiscord
from wc_helpers import Clocked, clocked_world

from warchest_bot.i18n import t
from warchest_bot.web import WebServer

MANAGE_GUILD = 1 << 5


@pytest.fixture
async def table(fake: FakeDiscord, db_target, caplog: pytest.LogCaptureFixture) -> AsyncIterator[Clocked]:
    async with clocked_world(fake, db_target, caplog, now=datetime(2026, 3, 2, 6, tzinfo=UTC)) as world:
        yield world


async def test_one_post_a_day_while_the_digest_is_on(table: Clocked) -> None:
    w, corr, bot = table.world, table.corr, table.bot
    fake, ask, advance = w.fake, table.ask, table.advance

    shown = await ask(w.alice, "wc admin digest")
    assert shown.ephemeral and "posts the board after every move" in shown.content
    w.guild.everyone_role.permissions &= ~MANAGE_GUILD
    refused = await ask(w.bob, "wc admin digest", {"hour": 9})
    assert refused.content == t("digest.error.not_admin", "en")
    w.guild.everyone_role.permissions |= MANAGE_GUILD
    on = await ask(w.alice, "wc admin digest", {"hour": 9})
    assert on.ephemeral and on.content == t("digest.server.set_on", "en", hour=9)

    challenge = await ask(w.alice, "wc new", {"opponent": w.bob, "units": "first-game", "clock": 24})
    game_id = int(challenge.content.split("#")[1].split()[0])
    await w.reply(await fake.click_button(w.bob, challenge, f"wc:ch:join:{game_id}"))
    info = await w.service.get_game(game_id)
    await w.board_post(info, 0)  # the start is posted as always
    info = await w.service.get_game(game_id)
    place = w.place(info)
    for _ in range(2):
        info, user, legal = await w.to_act(game_id)
        action = next((a for a in legal if a.kind != "pass"), legal[0])
        nxt = next(s for s in info.seats if s.user_id != user.id)
        before = len(fake.dms_to(w.user(nxt.user_id)))
        answer = await w.play_slash(game_id, action.text, user, place)
        assert "You played" in answer.content
        await bot.flow.drain()
        dms = fake.dms_to(w.user(nxt.user_id))
        assert len(dms) > before  # the player to act is told by DM
        assert t("bot.hand.your_turn", "en") in dms[-1].content
    posts = [m for m in fake.messages_in(place) if not m.ephemeral and m.author.id == fake.bot_user.id]
    assert not any(a.filename.endswith(f"-{game_id}-1.png") for m in posts for a in m.attachments)
    assert not any(a.filename.endswith(f"-{game_id}-2.png") for m in posts for a in m.attachments)

    web = WebServer(w.service, "127.0.0.1", 0, renderer=bot.renderer, correspondence=corr)
    await web.start()
    bot.web = web  # the day's post links to the game's page, as a board post does
    try:
        await advance(timedelta(hours=3))  # 09:00 UTC: the day's post
        day = await fake.wait_for_message(place, lambda m: "Daily digest of game" in m.content, 10)
    finally:
        bot.web = None
        await web.stop()
    links = [c for c in day.walk_components() if c.get("type") == 2 and c.get("style") == 5]
    assert web.pages is not None and [c["url"] for c in links] == [web.pages.game_url(game_id)]
    assert t("digest.server.title", "en", game_id=game_id) in day.content
    assert "Since the last digest:" in day.content and day.mentioned_ids == []
    assert day.attachments and day.attachments[0].filename.endswith(f"-{game_id}-2.png")
    await advance(timedelta(days=1))  # no move since: no post
    digests = [m for m in fake.messages_in(place) if "Daily digest of game" in m.content]
    assert len(digests) == 1

    off = await ask(w.alice, "wc admin digest", {"off": True})
    assert off.content == t("digest.server.set_off", "en")
    info, user, legal = await w.to_act(game_id)
    await w.play_slash(game_id, next((a for a in legal if a.kind != "pass"), legal[0]).text, user, place)
    await w.board_post(info, 3)  # a post per move again


async def test_a_round_start_sends_the_player_to_act_one_dm_while_the_digest_is_on(table: Clocked) -> None:
    """A new round draws every hand: the player to act is told by the turn's DM, which shows the new hand,
    and gets no second hand DM for it; the other player gets their new hand by DM."""
    w, fake = table.world, table.world.fake
    await table.ask(w.alice, "wc admin digest", {"hour": 9})
    game_id = await table.start(w.alice, w.bob, clock=24)
    await table.bot.flow.drain()
    place = w.place(await w.service.get_game(game_id))
    round_starts = 0
    for _ in range(12):
        info, user, legal = await w.to_act(game_id)
        action = next((a for a in legal if a.kind != "pass"), legal[0])
        before = {u.id: len(fake.dms_to(u)) for u in (w.alice, w.bob)}
        await w.play_slash(game_id, action.text, user, place)
        await table.bot.flow.drain()
        after = await w.service.get_game(game_id)
        assert after.to_act is not None
        to_act = w.user(after.to_act.user_id)
        other = w.bob if to_act is w.alice else w.alice
        dms = fake.dms_to(to_act)
        assert len(dms) == before[to_act.id] + 1, [m.content for m in dms[before[to_act.id] :]]
        assert t("bot.hand.your_turn", "en") in dms[-1].content
        new_hand = len(fake.dms_to(other)) - before[other.id]
        assert new_hand in (0, 1)
        round_starts += new_hand
    assert round_starts >= 1  # the twelve moves crossed a round start
