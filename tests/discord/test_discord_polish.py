"""Polish that players hit: resigning asks first (Confirm / Cancel; stale and foreign presses refused),
closed DMs are retried and recover, a rematch against the bot, and `/wc rematch`."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from test_discord_two_player import start_challenge
from wc_helpers import World

from warchest_bot.service import service as service_module


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
    monkeypatch.setattr(service_module.secrets, "randbelow", lambda limit: seed)
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
    assert new.ply == 0 and new.to_act.ai_level == "easy"
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
