"""Spectators and clock policies through the real discord.py client against the fake Discord: following a
player and a game, the notices (a DM with a Board button, a mention in the thread; closed DMs skipped), the
followers the players see, unfollowing; an increment clock with playing hours chosen on /wc new."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from wc_helpers import PNG, World

from warchest_bot.service.clocks import ClockTerms


async def ask(world: World, user: FakeUser, command: str, options: dict | None = None, channel=None):
    inter = await world.fake.send_slash_command(user, channel or world.channel, command, options or {})
    return await world.reply(inter)


async def start(world: World, creator: FakeUser, opponent: FakeUser, **options) -> int:
    options = {"opponent": opponent, "units": "first-game", **options}
    challenge = await ask(world, creator, "wc new", options)
    game_id = int(challenge.content.split("#")[1].split()[0])
    accept = await world.fake.click_button(opponent, challenge, f"wc:ch:join:{game_id}")
    await world.reply(accept)
    await world.board_post(await world.service.get_game(game_id), 0)
    return game_id


def dms(world: World, user: FakeUser, text: str) -> list[FakeMessage]:
    return [m for m in world.fake.messages_in(user) if m.is_dm and text in m.content]


async def test_followers_are_told_by_dm_and_mention_and_see_only_the_board(world: World):
    w, fake = world, world.fake
    nothing = await ask(w, w.dave, "wc my follow")
    assert nothing.ephemeral and "You follow no game and no player" in nothing.content
    answer = await ask(w, w.dave, "wc my follow", {"player": w.alice})
    assert (
        answer.ephemeral
        and "You follow <@" in answer.content
        and "every turn and the result" in answer.content
    )
    await ask(w, w.carol, "wc my follow", {"player": w.alice})  # Carol's DMs are closed: skipped
    refused = await ask(w, w.alice, "wc my follow", {"player": w.alice})
    assert refused.ephemeral and "You cannot follow yourself" in refused.content

    game_id = await start(w, w.alice, w.bob)
    began = await fake.wait_for_message(w.dave, lambda m: m.is_dm and f"Game #{game_id}" in m.content)
    assert "has begun" in began.content and "Alice" in began.content and "Bob" in began.content
    assert f"wc:see:{game_id}" in [c.get("custom_id") for c in began.walk_components()]

    mention = await ask(w, w.erin, "wc my follow", {"game": game_id, "every": "results", "how": "mention"})
    assert "the result only" in mention.content and "mention in the game's thread" in mention.content
    followers = await ask(w, w.alice, "wc look followers", {"game": game_id})
    assert followers.ephemeral
    assert all(f"<@{u.id}>" in followers.content for u in (w.dave, w.carol, w.erin))

    info, user, legal = await w.to_act(game_id)
    action = next(a for a in legal if a.kind != "pass")
    await w.play_slash(game_id, action.text, user, w.place(info))
    await w.board_post(info, 1)
    after = await w.service.get_game(game_id)
    turn = await fake.wait_for_message(w.dave, lambda m: m.is_dm and "turn now" in m.content)
    assert after.to_act.name in turn.content and f"<#{after.thread_id}>" in turn.content
    assert not [m for m in fake.messages_in(w.place(info)) if w.erin.id in m.mentioned_ids]  # results only

    press = await fake.click_button(w.dave, turn, f"wc:see:{game_id}")
    board = await w.reply(press)
    assert board.ephemeral and board.attachments and board.attachments[0].data.startswith(PNG)
    stranger = await fake.click_button(w.erin, turn, f"wc:see:{game_id}")
    # Erin follows the game too, so she may look; a user who follows nothing may not
    assert (await w.reply(stranger)).attachments
    await ask(w, w.erin, "wc my unfollow", {"game": game_id})
    refused = await w.reply(await fake.click_button(w.erin, turn, f"wc:see:{game_id}"))
    assert refused.ephemeral and "Only the players of game" in refused.content
    await ask(w, w.erin, "wc my follow", {"game": game_id, "every": "results", "how": "mention"})

    await w.resign(w.bob, game_id, w.place(info))
    over = await fake.wait_for_message(w.dave, lambda m: m.is_dm and "is over" in m.content)
    assert "resign" in over.content.lower() or "Bob" in over.content
    told = await fake.wait_for_message(w.place(info), lambda m: w.erin.id in m.mentioned_ids)
    assert "For the followers" in told.content and "is over" in told.content
    assert not dms(w, w.carol, f"Game #{game_id}")  # never reached, and nothing failed
    assert len(dms(w, w.dave, "turn now")) == 1 and len(dms(w, w.dave, "is over")) == 1

    listed = await ask(w, w.dave, "wc my follow")
    assert "You follow:" in listed.content and f"<@{w.alice.id}>" in listed.content
    stopped = await ask(w, w.dave, "wc my unfollow", {"player": w.alice})
    assert "no longer follow" in stopped.content
    again = await ask(w, w.dave, "wc my unfollow", {"player": w.alice})
    assert "You do not follow that" in again.content


async def test_new_offers_an_increment_clock_on_playing_hours(world: World):
    w = world
    challenge = await ask(
        w,
        w.alice,
        "wc new",
        {"opponent": w.bob, "clock": 24, "increment_hours": 6, "cap_hours": 48, "playing_hours": True},
    )
    assert "1 day to start with, 6 hours more after every turn, 2 days at most" in challenge.content
    assert "quiet hours" in challenge.content
    game_id = int(challenge.content.split("#")[1].split()[0])
    clock = await w.bot.correspondence.clock_of(game_id)
    assert clock.terms == ClockTerms(
        clock.move_time, increment=clock.move_time / 4, cap=clock.move_time * 2, playing_hours=True
    )
    accept = await w.fake.click_button(w.bob, challenge, f"wc:ch:join:{game_id}")
    await w.reply(accept)
    first = await w.board_post(await w.service.get_game(game_id), 0)
    assert "has 1 day on the clock for this turn" in first.content
    refused = await ask(w, w.alice, "wc new", {"opponent": w.bob, "increment_hours": 6})
    assert refused.ephemeral and "choose clock or clock_hours too" in refused.content


async def test_digest_mode_sends_one_text_dm_per_turn_with_buttons_for_the_pictures(world: World):
    w, fake = world, world.fake
    answer = await ask(w, w.alice, "wc my settings", {"digest": True})
    assert answer.ephemeral and "Digest mode: no hand picture after every move" in answer.content
    game_id = await start(w, w.alice, w.bob)
    alice_turns = 0
    for _ in range(4):
        info, user, legal = await w.to_act(game_id)
        alice_turns += user is w.alice
        action = next((a for a in legal if a.kind != "pass"), legal[0])
        await w.play_slash(game_id, action.text, user, w.place(info))
        await w.board_post(info, info.ply + 1)
    info = await w.service.get_game(game_id)
    alice_turns += info.to_act.user_id == w.alice.id
    await w.bot.flow.drain()
    await w.bot.delivery.idle()
    alice = [m for m in fake.messages_in(w.alice) if m.is_dm and f"#{game_id}" in m.content]
    bob = [m for m in fake.messages_in(w.bob) if m.is_dm and f"#{game_id}" in m.content]
    assert alice_turns >= 2 and len(alice) == alice_turns  # one DM per turn of hers, none between
    assert all(not m.attachments for m in alice)  # text only
    assert all("Your hand in words" in m.content and "It is your decision now" in m.content for m in alice)
    assert any("Since your last move: Bob" in m.content for m in alice)
    assert bob and all(m.attachments for m in bob)  # Bob's hands come as pictures, as always
    boards = [m for m in fake.messages_in(w.place(info)) if m.attachments]
    assert not any(w.alice.id in m.mentioned_ids for m in boards)  # her ping is the DM
    assert any(w.bob.id in m.mentioned_ids for m in boards)
    latest = alice[-1]
    buttons = [c.get("custom_id") for c in latest.walk_components()]
    assert f"wc:see:{game_id}" in buttons and f"wc:hand:{game_id}" in buttons
    board = await w.reply(await fake.click_button(w.alice, latest, f"wc:see:{game_id}"))
    assert board.ephemeral and board.attachments[0].data.startswith(PNG)
