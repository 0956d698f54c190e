"""Resigning, direct messages and rematches as players meet them: resigning asks first (Confirm / Cancel;
stale and foreign presses refused), closed DMs are retried and recover, a rematch against the bot, and
`/wc rematch`."""

from __future__ import annotations

import asyncio

import pytest
from fakediscord import FakeMessage, FakeUser
from test_discord_two_player import start_challenge
from wc_helpers import World

from warchest_bot.discord.flow import DM_RETRY_AFTER
from warchest_bot.service import lobby as lobby_module


async def ask(world: World, user: FakeUser, name: str, options=None, place=None) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, place or world.channel, name, options or {})
    return await world.reply(inter)


def custom_ids(message: FakeMessage) -> list[str]:
    return [c["custom_id"] for c in message.walk_components() if "custom_id" in c]


async def press(world: World, user: FakeUser, message: FakeMessage, custom_id: str) -> FakeMessage:
    """Press a button; the message that answers (edited in place, or a new private one)."""
    inter = await world.fake.click_button(user, message, custom_id)
    await inter.wait_response()
    if inter.response_type == 7:
        return world.fake.messages[message.id]
    return await world.reply(inter)


# --- resigning asks first ----------------------------------------------------------------------------------


async def test_resign_asks_for_confirmation_and_only_confirm_resigns(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info = await world.service.get_game(game_id)
    place = world.place(info)

    question = await ask(world, world.bob, "wc resign", place=place)
    assert question.ephemeral and question.content == f"Resign game #{game_id}? This ends the game."
    yes, no = f"wc:resign:yes:{game_id}:0:{world.bob.id}", f"wc:resign:no:{game_id}:0:{world.bob.id}"
    assert custom_ids(question) == [yes, no]
    assert [b["label"] for b in question.buttons] == ["Confirm", "Cancel"]

    # Cancel: nothing changes, the question is replaced and loses its buttons
    cancelled = await press(world, world.bob, question, no)
    assert cancelled.id == question.id and "did not resign" in cancelled.content
    assert custom_ids(cancelled) == []
    assert (await world.service.get_game(game_id)).status == "active"

    # someone else's press on bob's question (custom ids are not secret): refused privately
    question = await ask(world, world.bob, "wc resign", {"game": game_id})
    forged = fake._inject(3, world.alice, place, {"custom_id": yes, "component_type": 2}, message=question)
    refusal = await world.reply(forged)
    assert refusal.ephemeral and refusal.id != question.id and "Only the player who asked" in refusal.content
    assert (await world.service.get_game(game_id)).status == "active"

    # the game moves on: the old confirmation is stale, refused privately
    info, user, legal = await world.to_act(game_id)
    await world.play_slash(game_id, legal[0].text, user, place)
    await world.board_post(info, 1)
    stale = await press(world, world.bob, question, yes)
    assert stale.ephemeral and "has moved on" in stale.content and "/wc resign" in stale.content
    assert (await world.service.get_game(game_id)).status == "active"

    # someone not playing cannot even be asked; a fresh question, confirmed, resigns
    outsider = await ask(world, world.dave, "wc resign", {"game": game_id})
    assert outsider.ephemeral and "not playing" in outsider.content and custom_ids(outsider) == []
    done = await world.resign(world.bob, game_id, place)
    assert done.ephemeral and "resigned" in done.content and custom_ids(done) == []
    info = await world.service.get_game(game_id)
    assert info.status == "finished" and info.over.reason == "resign"
    final = await fake.wait_for_message(place, lambda m: "final board" in m.content and m.attachments)
    assert f"wc:rematch:{game_id}" in custom_ids(final)
    over = await ask(world, world.bob, "wc resign", {"game": game_id})
    assert "is over" in over.content and custom_ids(over) == []


# --- rematch against the bot, and /wc rematch ----------------------------------------------------------------


async def new_ai_game(world: World, user: FakeUser) -> int:
    answer = await ask(world, user, "wc new", {"ai": "easy", "units": "first-game", "max_rounds": 3})
    game_id = int(answer.content.split("#")[1].split(":")[0])
    await world.fake.wait_until(lambda: "has started" in world.fake.messages[answer.id].content)
    return game_id


async def wait_for_human(world: World, game_id: int) -> None:
    """Until the bot has made every decision it owes (its board posts are out)."""
    while True:
        info = await world.service.get_game(game_id)
        await world.board_post(info, info.ply)
        if info.status != "active" or info.to_act.user_id is not None:
            return
        await world.board_post(info, info.ply + 1)


async def test_rematch_against_the_bot_by_button_and_by_command(world: World, monkeypatch):
    fake = world.fake
    nothing = await ask(world, world.alice, "wc rematch")
    assert nothing.ephemeral and "no finished game" in nothing.content

    game_id = await new_ai_game(world, world.alice)
    old = await world.service.get_game(game_id)
    place = world.place(old)
    await wait_for_human(world, game_id)
    not_over = await ask(world, world.alice, "wc rematch", {"game": game_id})
    assert not_over.ephemeral and "not finished yet" in not_over.content
    await world.resign(world.alice, game_id, place)
    final = await fake.wait_for_message(place, lambda m: "final board" in m.content and m.attachments)
    assert custom_ids(final) == [f"wc:rematch:{game_id}"]

    # the Rematch button: same human, same bot level, sides swapped; the bot moves if it must act first
    # (a seed is chosen that gives the bot, now in seat 0, the initiative)
    seed = next(s for s in range(1, 500) if world.service.rules.new_state(old.options, s).current_player == 0)
    monkeypatch.setattr(lobby_module.secrets, "randbelow", lambda limit: seed)
    answer = await press(world, world.alice, final, f"wc:rematch:{game_id}")
    monkeypatch.undo()
    assert not answer.ephemeral and f"rematch of game #{game_id}" in answer.content
    new_id = int(answer.content.split("#")[1].split()[0])
    new = await world.service.get_game(new_id)
    assert [(s.user_id, s.ai_level) for s in old.seats] == [(world.alice.id, None), (None, "easy")]
    assert [(s.user_id, s.ai_level, s.name) for s in new.seats] == [
        (None, "easy", old.seats[1].name),
        (world.alice.id, None, old.seats[0].name),
    ]
    assert new.status == "active" and not new.rated and new.thread_id not in (None, old.thread_id)
    # the bot, in seat 0, acts at once: read here, the game may already hold its first move
    assert new.ply > 0 or new.to_act.ai_level == "easy"
    first = await world.board_post(new, 1)  # the bot's first move, posted by itself
    assert first.content.startswith(f"{new.seats[0].name} played")
    assert set(first.mentioned_ids) <= {world.alice.id}
    await wait_for_human(world, new_id)
    new = await world.service.get_game(new_id)
    assert new.to_act.user_id == world.alice.id  # the bot made whatever decisions came first
    assert any(m.attachments for m in fake.dms_to(world.alice))  # her hand in the new game

    # asked again, by button or command: refused privately, naming the rematch
    again = await press(world, world.alice, final, f"wc:rematch:{game_id}")
    assert again.ephemeral and f"#{new_id}" in again.content
    again = await ask(world, world.alice, "wc rematch", {"game": game_id})
    assert again.ephemeral and f"already has a rematch: game #{new_id}" in again.content
    outsider = await ask(world, world.dave, "wc rematch", {"game": game_id})
    assert outsider.ephemeral and "not playing" in outsider.content

    # /wc rematch in the new game's thread, once it is over: the game of the thread, sides swapped back
    new_place = world.place(new)
    await world.resign(world.alice, new_id, new_place)
    choices = await fake.autocomplete(world.alice, new_place, "wc rematch", {"game": ""}, focused="game")
    assert [c["value"] for c in choices] == [new_id, game_id]
    third = await ask(world, world.alice, "wc rematch", place=new_place)
    assert not third.ephemeral and f"rematch of game #{new_id}" in third.content
    third_id = int(third.content.split("#")[1].split()[0])
    info = await world.service.get_game(third_id)
    assert [(s.user_id, s.ai_level) for s in info.seats] == [(world.alice.id, None), (None, "easy")]
    await wait_for_human(world, third_id)
    help_text = await ask(world, world.dave, "wc help")
    assert "/wc rematch" in help_text.content


# --- closed DMs recover ----------------------------------------------------------------------------------------


def dm_notices(world: World) -> list[FakeMessage]:
    return [m for m in world.fake.posted if "cannot send you direct messages" in m.content]


def hand_dms(world: World, user: FakeUser) -> list[FakeMessage]:
    return [m for m in world.fake.dms_to(user) if m.attachments]


async def play_moves(world: World, game_id: int, count: int, until=None) -> None:
    """Random moves by whoever must act (slash commands), each waited for, until ``until()`` holds."""
    for _ in range(count):
        if until is not None and until():
            return
        info, user, legal = await world.to_act(game_id)
        await world.play_slash(game_id, world.rng.choice(legal).text, user, world.place(info))
        await world.board_post(info, info.ply + 1)
        await world.bot.flow.drain()
    assert until is None or until(), "the condition never held"


def told_or_pending(world: World, notices: int) -> bool:
    """A hand DM to carol was refused: she is to be told (on her next interaction), or was just told."""
    return world.carol.id in world.bot.flow.dm_notice_pending or len(dm_notices(world)) == notices


async def until_settled(world: World, check) -> None:
    """Until carol's stored settings pass ``check`` (a background DM attempt has ended)."""
    for _ in range(1000):  # up to 10 s: a background attempt on a loaded machine
        if check(await world.service.user_settings(world.carol.id)):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("carol's settings never changed")


@pytest.mark.slow
async def test_closed_dms_are_retried_and_recover(world: World):
    fake, service, carol = world.fake, world.service, world.carol
    game_id = await start_challenge(world, world.alice, carol)
    info = await service.get_game(game_id)
    place = world.place(info)
    await fake.wait_until(lambda: len(dm_notices(world)) == 1)
    await world.bot.flow.drain()
    info = await service.get_game(game_id)
    assert info.seat_of(carol.id).dm_reachable is False and hand_dms(world, carol) == []

    # /wc hand while the DMs are still closed: the hand privately, a retry that fails, no second notice
    closed_at = (await service.user_settings(carol.id))["dm_closed_at"]
    hand = await ask(world, carol, "wc hand", place=place)
    assert hand.ephemeral and hand.attachments
    await until_settled(world, lambda s: s["dm_closed_at"] != closed_at)
    assert hand_dms(world, carol) == []
    # DMs open again, but no 24 hours gone: the moves do not try carol's DMs
    fake.set_dm_closed(carol, False)
    await play_moves(world, game_id, 14)
    assert hand_dms(world, carol) == []

    # 1) /wc hand retries at once: the hand comes by DM (not shown here a second time), and carol is told
    # that it is in her DMs and that hands come by DM again
    inter = await fake.send_slash_command(carol, place, "wc hand")
    await world.reply(inter)
    told = await fake.wait_for_message(place, lambda m: "direct messages again" in m.content)
    answers = [inter.original_message_id, *inter.followup_ids]
    assert told.ephemeral and told.id in answers and f"game #{game_id} is in your DMs" in told.content
    assert len(hand_dms(world, carol)) == 1
    assert not [m for m in fake.messages_in(place) if m.id in answers and m.attachments]
    assert (await service.get_game(game_id)).seat_of(carol.id).dm_reachable is True
    dms = len(hand_dms(world, carol))
    await play_moves(world, game_id, 30, until=lambda: len(hand_dms(world, carol)) > dms)  # hands resume

    # her DMs close again: a new closed period, told once more (on her next interaction), once
    fake.set_dm_closed(carol)
    await play_moves(world, game_id, 30, until=lambda: told_or_pending(world, 2))
    assert (await service.get_game(game_id)).seat_of(carol.id).dm_reachable is False
    await ask(world, carol, "wc board", place=place)
    await fake.wait_until(lambda: len(dm_notices(world)) == 2)
    await ask(world, carol, "wc board", place=place)
    assert len(dm_notices(world)) == 2

    # 2) after 24 hours, the next hand DM is tried; it goes through and she is reachable again
    fake.set_dm_closed(carol, False)
    later = world.bot.corr.clock() + DM_RETRY_AFTER
    world.bot.flow.clock = lambda: later
    dms = len(hand_dms(world, carol))
    await play_moves(world, game_id, 30, until=lambda: len(hand_dms(world, carol)) > dms)
    assert (await service.get_game(game_id)).seat_of(carol.id).dm_reachable is True
    assert not (await service.user_settings(carol.id)).get("dm_closed_at")

    # 3) a new game retries at once, and reopens her older games too
    fake.set_dm_closed(carol)
    await play_moves(world, game_id, 30, until=lambda: told_or_pending(world, 3))
    fake.set_dm_closed(carol, False)
    world.bot.flow.clock = None
    dms = len(hand_dms(world, carol))
    second = await start_challenge(world, world.alice, carol)  # her Accept delivers the pending notice
    await fake.wait_until(lambda: len(hand_dms(world, carol)) > dms)
    await world.bot.flow.drain()
    for gid in (game_id, second):
        assert (await service.get_game(gid)).seat_of(carol.id).dm_reachable is True
    assert len(dm_notices(world)) == 3  # the third closed period was told once, nothing more
