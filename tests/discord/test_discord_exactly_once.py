"""`/wc play` sent twice applies once: autocomplete values carry the ply of the position they were offered
on, and an action typed by hand after the round changed is refused until the player saw the new hand."""

from __future__ import annotations

from test_discord_two_player import start_challenge
from wc_helpers import World

from tests.service.helpers import repeatable_action
from warchest_bot.service import Player


async def _twice(world: World, user, place, options):
    """The same slash command sent twice in a row (a double submission), and both answers."""
    first = await world.fake.send_slash_command(user, place, "wc play", options)
    second = await world.fake.send_slash_command(user, place, "wc play", options)
    return await world.reply(first), await world.reply(second)


async def test_the_same_autocomplete_value_sent_twice_applies_once(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info, user, legal = await world.to_act(game_id)
    place = world.place(info)
    choices = await fake.autocomplete(
        user, place, "wc play", {"action": "", "game": game_id}, focused="action"
    )
    # The list reads as before; each value carries the ply it was offered on.
    assert [c["name"] for c in choices] == [a.text for a in legal][:25]
    assert all(c["value"] == f"{c['name']}@{info.ply}" for c in choices)
    chosen = choices[-1]
    answers = await _twice(world, user, place, {"action": chosen["value"], "game": game_id})
    assert all(a.ephemeral for a in answers)
    assert sorted("You played" in a.content for a in answers) == [False, True]
    refused = next(a for a in answers if "You played" not in a.content)
    assert "out of date" in refused.content
    assert (await world.service.get_game(game_id)).ply == info.ply + 1
    await world.board_post(info, info.ply + 1)


async def test_a_typed_action_after_the_round_changed_is_refused_until_the_new_hand_is_seen(world: World):
    fake, service = world.fake, world.service
    seed, played, text, _round = repeatable_action(new_round=True)
    game = await service.create_game(
        [Player(world.alice.id, "Alice"), Player(world.bob.id, "Bob")],
        seed=seed,
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        options={"units": "first-game"},
    )
    for ply, action in enumerate(played):  # as the Play buttons would, each seeing the changed hands
        info = await service.get_game(game.id)
        result = await service.play(game.id, info.to_act.user_id, action, expected_ply=ply)
        for seat in result.hands_changed:
            await service.view(game.id, next(s.user_id for s in info.seats if s.seat == seat))
    info = await service.get_game(game.id)
    user = world.user(info.to_act.user_id)
    place = world.place(info)
    # Hand DMs off: the new round's hand is not shown to them by itself.
    saved = await fake.send_slash_command(user, world.channel, "wc my settings", {"hand_dms": False})
    assert "saved" in (await world.reply(saved)).content

    answers = await _twice(world, user, place, {"action": text, "game": game.id})
    assert "You played" in answers[0].content
    assert answers[1].ephemeral and "Look at your new hand (/wc hand)" in answers[1].content
    after = await service.get_game(game.id)
    assert after.ply == info.ply + 1 and after.to_act.user_id == user.id  # applied once; their turn again

    hand = await fake.send_slash_command(user, place, "wc hand", {"game": game.id})
    await world.reply(hand)
    again = await world.play_slash(game.id, text, user, place)
    assert "You played" in again.content
    assert (await service.get_game(game.id)).ply == info.ply + 2
