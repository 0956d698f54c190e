"""Games that never die, through the real discord.py client against the fake Discord with injected time, on
both backends: a 4-player War Chest game in which one player goes silent, the bot takes the seat after the
missed deadlines, the player comes back with a command and plays on, and the game ends with the tenures in
its history and no rating moved; a seat handed on (declined, refused to a stranger, accepted); a silent
player replaced by the other player's request."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from fakediscord import FakeDiscord
from wc_helpers import Clocked, clocked_world

from warchest_bot.i18n import t
from warchest_bot.service import GameInfo

DAY = timedelta(days=1)
MANAGE_GUILD = 1 << 5


@pytest.fixture
async def table(fake: FakeDiscord, db_target, caplog: pytest.LogCaptureFixture) -> AsyncIterator[Clocked]:
    async with clocked_world(fake, db_target, caplog, ai_budgets={"normal": 20}) as world:
        yield world


async def four_player_game(table: Clocked) -> GameInfo:
    w = table.world
    challenge = await table.ask(
        w.alice, "wc new", {"players": 4, "units": "first-game", "max_rounds": 3, "clock": 24}
    )
    game_id = int(challenge.content.split("#")[1].split()[0])
    for user in (w.bob, w.dave, w.erin):
        await table.press(user, challenge, f"wc:ch:join:{game_id}")
    info = await w.service.get_game(game_id)
    assert info.status == "active" and info.rated
    await w.board_post(info, 0)
    return await w.service.get_game(game_id)  # with its thread


async def test_the_bot_keeps_a_four_player_game_alive_and_the_player_comes_back(table: Clocked):
    w, fake = table.world, table.fake
    info = await four_player_game(table)
    game_id = info.id
    ratings = {u.id: await table.corr.rating(u.id) for u in (w.alice, w.bob, w.dave, w.erin)}
    answer = await table.ask(w.bob, "wc seat autopilot", {"after": 2, "game": game_id})
    assert answer.ephemeral and answer.content == t("seat.answer.rule", "en", game_id=game_id, count=2)
    await table.said(info, "set the autopilot")

    # Dave goes silent: the others play until it is his turn, then nobody moves for two move times
    while (await w.service.get_game(game_id)).to_act.user_id != w.dave.id:
        await table.move(game_id)
    info = await w.service.get_game(game_id)
    dave_seat = info.seat_of(w.dave.id).seat
    await table.advance(DAY)  # the first missed deadline: the opponents may claim, the bot waits
    assert not [m for m in fake.messages_in(w.place(info)) if "missed" in m.content]
    await table.advance(DAY)  # the second: the bot takes Dave's seat
    taken = await table.said(info, "the bot plays their seat from now on")
    assert taken.mentioned_ids == [w.dave.id] and "missed 2 deadlines" in taken.content
    assert "no longer rated" in taken.content
    # the bot plays Dave's decision (a board post), and his partner's game goes on
    info = await table.until(game_id, lambda i: i.to_act is None or i.to_act.seat != dave_seat)
    assert not info.rated

    async def bot_decisions() -> int:
        return sum(1 for e in await w.service.action_log(game_id) if e.autopilot)

    while await bot_decisions() < 2:
        info = await w.service.get_game(game_id)
        assert info.status == "active"
        if info.to_act.seat == dave_seat:  # the bot is thinking
            await table.until(game_id, lambda i, ply=info.ply: i.ply > ply)
        else:
            await table.move(game_id)
    info = await w.service.get_game(game_id)
    while info.to_act.seat == dave_seat:  # wait for the bot to finish a decision of Dave's
        ply = info.ply
        info = await table.until(game_id, lambda i, ply=ply: i.ply > ply)

    # Dave comes back: his command gives him the seat back, announced once in the thread
    hand = await table.ask(w.dave, "wc hand", {"game": game_id})
    assert hand.ephemeral
    back = await table.said(info, "is back in game")
    assert back.mentioned_ids == [w.dave.id]
    info = await w.service.get_game(game_id)
    assert not info.seat_of(w.dave.id).autopilot and info.seat_of(w.dave.id).ai_level is None
    again = await table.ask(w.dave, "wc hand", {"game": game_id})
    assert again.ephemeral
    # he plays his own decisions again, with a deadline, until the game ends
    while info.status == "active":
        await table.move(game_id)
        info = await w.service.get_game(game_id)
    thread = fake.messages_in(w.place(info))
    waiting = [m for m in thread if f"The bot plays for Dave in game #{game_id}" in m.content]
    assert waiting and all(w.dave.id not in m.mentioned_ids for m in waiting)  # no pings while the bot plays
    assert len([m for m in thread if "is back in game" in m.content]) == 1
    assert (
        len([m for m in fake.messages_in(w.place(info)) if "plays their seat from now on" in m.content]) == 1
    )

    # the history: who held Dave's seat when, each decision under its holder's name
    history = await table.ask(w.alice, "wc look history", {"game": game_id})
    assert "Seats that changed hands:" in history.content
    assert f"Seat {dave_seat + 1}: the bot for Dave, moves" in history.content
    assert "the bot (for Dave)" in history.content
    tenures = await w.service.tenures(game_id)
    assert [(x.user_id, x.how) for x in tenures] == [
        (w.dave.id, "start"),
        (None, "autopilot"),
        (w.dave.id, "returned"),
    ]
    log = await w.service.action_log(game_id)
    bot_span = range(tenures[1].from_ply, tenures[1].to_ply)
    assert [e.ply for e in log if e.autopilot] == [
        e.ply for e in log if e.seat == dave_seat and e.ply in bot_span
    ]
    assert all(e.name == "Dave" for e in log if e.seat == dave_seat)
    # never rated: nobody's rating moved
    assert {u: await table.corr.rating(u) for u in ratings} == ratings
    assert (await w.service.get_game(game_id)).over is not None


async def test_a_seat_handed_on_declined_refused_and_accepted(table: Clocked):
    w, fake = table.world, table.fake
    info = await four_player_game(table)
    game_id = info.id
    offered = await table.ask(w.alice, "wc seat hand", {"user": w.carol, "game": game_id})
    assert offered.ephemeral and "You offered your seat" in offered.content
    post = await table.said(info, "offers their seat")
    assert post.mentioned_ids == [w.carol.id]
    no = await table.press(w.carol, post, f"wc:seat:no:{game_id}:0")
    assert no.ephemeral and "withdrawn" in no.content
    await table.said(info, "said no")
    stale = await table.press(w.carol, post, f"wc:seat:yes:{game_id}:0")
    assert stale.ephemeral and stale.content == t("seat.error.no_offer", "en", game_id=game_id)
    refused = await table.ask(w.alice, "wc seat hand", {"user": w.bob, "game": game_id})
    assert refused.content == t("seat.error.newcomer_seated", "en", game_id=game_id)
    await table.ask(w.alice, "wc seat hand", {"user": w.carol, "game": game_id})
    post = await fake.wait_for_message(
        w.place(info), lambda m: "offers their seat" in m.content and m.id != post.id, 15
    )
    stranger = await table.press(w.bob, post, f"wc:seat:yes:{game_id}:0")
    assert stranger.content == t("seat.error.not_yours", "en", game_id=game_id)
    yes = await table.press(w.carol, post, f"wc:seat:yes:{game_id}:0")
    assert yes.content == t("seat.answer.done", "en", game_id=game_id, newcomer="Carol")
    done = await table.said(info, "now plays the seat Alice handed on")
    assert done.mentioned_ids == [w.carol.id]
    info = await w.service.get_game(game_id)
    assert info.seat_of(w.carol.id).seat == 0 and info.seat_of(w.alice.id) is None
    if info.to_act.seat != 0:
        await table.move(game_id)
    while (await w.service.get_game(game_id)).to_act.seat != 0:
        await table.move(game_id)
    await table.move(game_id)  # Carol plays Alice's seat
    log = await w.service.action_log(game_id)
    assert log[-1].name == "Carol" and all(e.name == "Alice" for e in log[:-1] if e.seat == 0)


async def test_a_silent_player_replaced_by_the_other_player(table: Clocked):
    w, fake = table.world, table.fake
    w.guild.everyone_role.permissions &= ~MANAGE_GUILD  # members are not server admins
    inter = await fake.send_slash_command(
        w.alice, w.channel, "wc new", {"opponent": w.bob, "units": "first-game", "clock": 24}
    )
    challenge = await w.reply(inter)
    game_id = int(challenge.content.split("#")[1].split()[0])
    await table.press(w.bob, challenge, f"wc:ch:join:{game_id}")
    await w.board_post(await w.service.get_game(game_id), 0)
    info = await w.service.get_game(game_id)
    if info.to_act.user_id != w.bob.id:
        await table.move(game_id)
        info = await w.service.get_game(game_id)
    early = await table.ask(w.alice, "wc seat replace", {"player": w.bob, "user": w.erin, "game": game_id})
    assert early.content == t("seat.error.not_silent", "en", player="Bob", game_id=game_id, missed=0, count=2)
    refused = await table.ask(w.alice, "wc admin seats", {"replace_after": 1})
    assert refused.content == t("seat.error.not_admin", "en")
    await table.advance(2 * DAY)
    asked = await table.ask(w.alice, "wc seat replace", {"player": w.bob, "user": w.erin, "game": game_id})
    assert asked.content == t("seat.answer.replace_ready", "en", newcomer=f"<@{w.erin.id}>")
    post = await table.said(info, "asks to replace")
    assert set(post.mentioned_ids) == {w.erin.id} and "every other player agrees" in post.content
    seat = info.seat_of(w.bob.id).seat
    yes = await table.press(w.erin, post, f"wc:seat:yes:{game_id}:{seat}")
    assert "now plays the seat" in yes.content
    await table.said(info, "who was replaced")
    info = await w.service.get_game(game_id)
    assert info.to_act.user_id == w.erin.id
    clock = await table.corr.clock_of(game_id)
    assert clock.user_id == w.erin.id and clock.deadline == table.time.now + DAY
    await table.move(game_id)


async def test_a_button_of_the_game_gives_the_seat_back(table: Clocked):
    w, fake = table.world, table.fake
    inter = await fake.send_slash_command(
        w.alice, w.channel, "wc new", {"opponent": w.bob, "units": "first-game", "clock": 24}
    )
    challenge = await w.reply(inter)
    game_id = int(challenge.content.split("#")[1].split()[0])
    await table.press(w.bob, challenge, f"wc:ch:join:{game_id}")
    await w.board_post(await w.service.get_game(game_id), 0)
    await table.ask(w.alice, "wc seat autopilot", {"after": 1, "game": game_id})
    info = await w.service.get_game(game_id)
    silent = w.user(info.to_act.user_id)
    await table.advance(DAY)
    await table.said(info, "the bot plays their seat from now on")
    info = await table.until(game_id, lambda i: i.to_act.user_id != silent.id)  # the bot moved for them
    post = await w.board_post(info, info.ply)
    hand = await table.press(silent, post, f"wc:hand:{game_id}")  # My hand under the bot's board post
    assert hand.ephemeral
    await table.said(info, "is back in game")
    assert not (await w.service.get_game(game_id)).seat_of(silent.id).autopilot
