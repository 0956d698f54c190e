"""Turns of several decisions through the real discord.py client against the fake Discord, with Dice Duel
(`tests/games/dicegame`, registered by this module alone): one board post per turn with the summary of the
whole turn (the die's result in it), one ping of the next player, the hand and the drawn card private, the
acting player's position by DM after each decision, a ping in the thread for a player whose DMs are closed,
and a restart of the bot in the middle of a turn that carries on where it was."""

from __future__ import annotations

import re

import pytest
from fakediscord import FakeMessage
from games.dicegame import registered
from wc_helpers import PNG, World, build_world

from warchest_bot.service import GameInfo, GameService


@pytest.fixture(autouse=True)
def dice_game():
    with registered() as game:
        yield game


def _board(world: World, info: GameInfo, ply: int):
    name = f"dicegame-{info.id}-{ply}.png"
    return world.fake.wait_for_message(
        world.place(info), lambda m: any(a.filename == name for a in m.attachments), 10
    )


def _boards(world: World, info: GameInfo) -> list[FakeMessage]:
    prefix = f"dicegame-{info.id}-"
    return [
        m
        for m in world.fake.messages_in(world.place(info))
        if any(a.filename.startswith(prefix) for a in m.attachments)
    ]


async def _start(world: World) -> GameInfo:
    fake = world.fake
    inter = await fake.send_slash_command(
        world.alice, world.channel, "wc new", {"opponent": world.bob, "game": "dicegame"}
    )
    challenge = await world.reply(inter)
    game_id = int(re.search(r"#(\d+)", challenge.content)[1])
    await world.reply(await fake.click_button(world.bob, challenge, f"wc:ch:join:{game_id}"))
    await fake.wait_until(lambda: "has started" in fake.messages[challenge.id].content)
    info = await world.service.get_game(game_id)
    first = await _board(world, info, 0)
    assert first.mentioned_ids == [world.alice.id]
    return info


async def test_a_turn_of_three_decisions_is_one_post_with_its_summary(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await _start(world)
    game_id, place = info.id, world.place(info)
    await fake.wait_until(lambda: len(fake.dms_to(alice)) == 1 and len(fake.dms_to(bob)) == 1)

    # The secret bids: one simultaneous step, one post when both are in; nobody sees a bid before.
    mark = fake.mark()
    answer = await world.play_slash(game_id, "bid 3", alice, place)
    assert answer.ephemeral and "You played bid 3" in answer.content
    prompt = await fake.wait_for_message(bob, lambda m: "your decision" in m.content.lower(), since=mark)
    assert prompt.attachments[0].data.startswith(PNG)
    assert "This turn so far: Alice: placed a secret bid." in prompt.content  # not what she bid
    assert [c["custom_id"] for c in prompt.walk_components() if "custom_id" in c][0].startswith(
        ("wc:act:", "wc:do:")
    )
    public = [m for m in fake.posted[mark:] if m.channel_id == place.id and not m.ephemeral]
    assert public == []  # nothing public within the turn (the bid stays secret)
    await world.play_slash(game_id, "bid 1", bob, place)
    post = await _board(world, info, 2)
    assert post.content.startswith(
        "Alice's turn: placed a secret bid; Bob: placed a secret bid: the bids are 3 and 1."
    ), post.content
    assert post.mentioned_ids == [alice.id]  # the higher bid begins
    assert [m.id for m in _boards(world, info)][-1] == post.id and len(_boards(world, info)) == 2

    # Alice's turn: roll, play, draw. Her position comes by DM after each decision; nothing is posted.
    mark = fake.mark()
    await world.play_slash(game_id, "roll", alice, place)
    dm = await fake.wait_for_message(alice, lambda m: m.attachments, since=mark)
    view = await world.service.view(game_id, alice.id)
    roll, card = view["roll"], view["hand"][0]
    assert f"This turn so far: rolled a {roll}." in dm.content
    mark = fake.mark()
    await world.play_slash(game_id, f"play {card}", alice, place)
    await fake.wait_for_message(alice, lambda m: m.attachments, since=mark)
    await world.play_slash(game_id, "draw", alice, place)
    post = await _board(world, info, 5)
    assert post.content.startswith(
        f"Alice's turn: rolled a {roll}; played a {card} and scores {roll + card}; drew a card."
    ), post.content
    assert post.mentioned_ids == [bob.id]
    assert len(_boards(world, info)) == 3  # start, bids, Alice's turn: no post per decision
    drawn = (await world.service.view(game_id, alice.id))["hand"]
    public = " ".join(m.content for m in fake.messages_in(place))
    assert "drew a " + str(drawn[-1]) not in public and "hand" not in public.lower()
    await world.bot.flow.drain()

    # /wc history tells each reader what they may see: Alice the card she drew, Bob only that she drew.
    def history(user):
        return fake.send_slash_command(user, place, "wc look history", {"game": game_id})

    mine = await world.reply(await history(alice))
    theirs = await world.reply(await history(bob))
    assert f"rolled a {roll}" in mine.content and f"rolled a {roll}" in theirs.content
    assert re.search(r"drew a \d", mine.content) and "bid 3 in secret" in mine.content
    assert "drew a card" in theirs.content and not re.search(r"drew a \d", theirs.content)


async def test_a_player_whose_dms_are_closed_is_pinged_for_a_decision_within_a_turn(world: World) -> None:
    """Issue 30 item 10: a decision owed privately that the DM cannot bring is told in the thread."""
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await _start(world)
    game_id, place = info.id, world.place(info)
    await fake.wait_until(lambda: len(fake.dms_to(bob)) == 1)
    fake.set_dm_closed(bob)  # closed after the game began: the bot still thinks they work
    mark = fake.mark()
    await world.play_slash(game_id, "bid 1", alice, place)
    ping = await fake.wait_for_message(place, lambda m: bob.id in m.mentioned_ids, since=mark)
    assert f"you have a decision to make in game #{game_id}" in ping.content
    assert [c["custom_id"] for c in ping.walk_components() if "custom_id" in c][0] == f"wc:menu:{game_id}:now"
    menu = await world.reply(await fake.click_button(bob, ping, f"wc:menu:{game_id}:now"))
    assert menu.ephemeral and "bid 1" in str(menu.walk_components())
    await world.play_slash(game_id, "bid 2", bob, place)
    await _board(world, info, 2)
    await world.bot.flow.drain()


async def test_a_restart_in_the_middle_of_a_turn_carries_on(fake, tmp_path) -> None:
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running():
            info = await _start(world)
            place = world.place(info)
            for text in ("bid 1", "bid 2", "roll"):  # Bob begins and rolls; then the bot goes down
                user = world.user((await service.get_game(info.id)).to_act.user_id)
                answer = await world.play_slash(info.id, text, user, place)
                assert f"You played {text}" in answer.content, answer.content
                await world.bot.flow.drain()  # (Bob sees his position before he types on)
    async with GameService.open(db) as service:  # a new process
        world.service = service
        async with world.running():
            view = await service.view(info.id, world.bob.id)
            assert view["step"] == "play"
            await world.play_slash(info.id, f"play {view['hand'][0]}", world.bob, place)
            await world.bot.flow.drain()
            await world.play_slash(info.id, "draw", world.bob, place)
            post = await _board(world, info, 5)
            card = view["hand"][0]
            assert post.content.startswith(
                f"Bob's turn: rolled a {view['roll']}; played a {card} and scores {view['roll'] + card}; "
                "drew a card."
            ), post.content
            assert post.mentioned_ids == [world.alice.id]
            await world.bot.flow.drain()
    fake.assert_clean()


def _to_first_followup(seed: int) -> list[str]:
    """Action texts of a War Chest game of ``seed`` (random legal actions) up to the first follow-up."""
    import random

    from warchest_bot.games import get_game

    game = get_game("warchest")
    state = game.new_state(game.default_options(), seed)
    rng, texts = random.Random(7), []
    while not game.is_followup(state):
        action = rng.choice(state.legal_actions())
        texts.append(game.format_action(state, action))
        state.apply(action)
    return texts


async def test_war_chest_follow_up_is_pinged_when_the_dm_fails(world: World) -> None:
    """Issue 30 item 10, as reported: DMs closed after the game began; a War Chest follow-up after one's
    own move is posted without a ping (a DM was expected), the DM fails: the thread pings them."""
    from warchest_bot.service import Player

    fake, service = world.fake, world.service
    texts = _to_first_followup(2)
    game = await service.create_game(
        [Player(world.alice.id, "Alice"), Player(world.bob.id, "Bob")],
        seed=2,
        guild_id=world.guild.id,
        channel_id=world.channel.id,
    )
    for ply, text in enumerate(texts[:-1]):
        info = await service.get_game(game.id)
        await service.play(game.id, info.to_act.user_id, text, expected_ply=ply)
    await world.bot.flow.drain()
    info = await service.get_game(game.id)
    user = world.user(info.to_act.user_id)
    assert info.to_act.dm_reachable is True  # the hand DMs so far went through
    fake.set_dm_closed(user)
    mark = fake.mark()
    await world.play_slash(game.id, texts[-1], user, world.place(info))
    post = await world.board_post(info, len(texts))
    assert "follow-up decision" in post.content and post.mentioned_ids == []  # a DM was expected
    ping = await fake.wait_for_message(world.place(info), lambda m: user.id in m.mentioned_ids, since=mark)
    assert f"you have a decision to make in game #{game.id}" in ping.content
    await world.bot.flow.drain()


def test_the_turn_summary_speaks_the_servers_language() -> None:
    """The summary line is built from catalogue phrases, so a Persian server reads it in Persian (the
    game's own phrases fall back to English where the game has no translation)."""
    from types import SimpleNamespace
    from typing import Any, cast

    from warchest_bot.discord.flow import GameFlow
    from warchest_bot.games import Phrase
    from warchest_bot.service.publication import move_payload

    flow = GameFlow(cast(Any, None))
    seats = [SimpleNamespace(seat=0, name="Ann"), SimpleNamespace(seat=1, name="Bob")]
    info = cast(Any, SimpleNamespace(seats=seats))
    steps = [(0, Phrase("dice.bid_secret")), (1, Phrase("dice.bids_shown", {"first": 1, "second": 3}))]
    facts = move_payload(
        seat=1,
        action="bid",
        last_action=None,
        next_seat=1,
        followup=False,
        drew=False,
        game_over=False,
        steps=steps,
    )
    assert flow.turn_summary(info, facts, "Bob", "en") == (
        "Ann's turn: placed a secret bid; Bob: placed a secret bid: the bids are 1 and 3."
    )
    persian = flow.turn_summary(info, facts, "Bob", "fa")
    assert persian.startswith("نوبت ") and "؛ " in persian
    one = move_payload(
        seat=0, action="Sw e2-e3", last_action=None, next_seat=1, followup=False, drew=False, game_over=False
    )
    assert flow.turn_summary(info, one, "Ann", "en") == "Ann played Sw e2-e3."  # rows from before turns


async def test_a_boards_play_button_opens_the_current_decision_until_its_turn_is_over(world: World) -> None:
    """The board is posted as a turn begins; within a turn of several decisions its Play button opens the
    decision the turn has reached (not a refusal as out of date), and once the turn is over it is stale."""
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await _start(world)
    game_id, place = info.id, world.place(info)
    start = await _board(world, info, 0)
    await world.play_slash(game_id, "bid 3", alice, place)
    # the simultaneous step goes on: Bob's bid, from the board posted before Alice's
    menu = await world.reply(await fake.click_button(bob, start, f"wc:menu:{game_id}:0"))
    assert menu.ephemeral and "bid 1" in str(menu.walk_components()), menu.content
    await world.play_slash(game_id, "bid 1", bob, place)
    board = await _board(world, info, 2)
    mark = fake.mark()
    await world.play_slash(game_id, "roll", alice, place)
    await fake.wait_for_message(alice, lambda m: m.attachments, since=mark)  # her position, by DM
    # Alice rolled (the game is at ply 3): Play under the board of ply 2 offers her cards to play
    hand = (await world.service.view(game_id, alice.id))["hand"]
    menu = await world.reply(await fake.click_button(alice, board, f"wc:menu:{game_id}:2"))
    offered = str(menu.walk_components())
    assert menu.ephemeral and f"play {hand[0]}" in offered and "roll" not in offered, menu.content
    refused = await world.reply(await fake.click_button(bob, board, f"wc:menu:{game_id}:2"))
    assert refused.ephemeral and "not your turn" in refused.content
    mark = fake.mark()
    await world.play_slash(game_id, f"play {hand[0]}", alice, place)
    await fake.wait_for_message(alice, lambda m: "scores" in m.content, since=mark)  # after this play
    await world.play_slash(game_id, "draw", alice, place)
    await _board(world, info, 5)
    stale = await world.reply(await fake.click_button(bob, board, f"wc:menu:{game_id}:2"))
    assert stale.ephemeral and "out of date" in stale.content
    await world.bot.flow.drain()
