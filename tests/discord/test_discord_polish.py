"""Polish that players hit: resigning asks first (Confirm / Cancel; stale and foreign presses refused),
closed DMs are retried and recover, a rematch against the bot, and `/wc rematch`."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from test_discord_two_player import start_challenge
from wc_helpers import World


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
