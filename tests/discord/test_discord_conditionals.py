"""Conditional moves through the real discord.py client and the fake Discord: /wc my conditional leaves a
line privately, lists and cancels it; when the opponent plays the expected move, the board post of the answer
says it was played as a conditional move and pings the opponent, the post of the triggering move pings
nobody, and the owner's line is never shown in the game's thread before it is played."""

from __future__ import annotations

from typing import Any

from fakediscord import FakeMessage
from wc_helpers import World

from warchest_bot.service import GameInfo, Player

ARMIES = (
    "army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1",
    "army Ki e8, Qu d8, Ro a8, Ro h8, Bi c8, Bi f8, Kn b8, Kn g8",
)


async def ask(world: World, user, name: str, options: dict[str, Any], place) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, place, name, options)
    return await world.reply(inter)


async def board(world: World, info: GameInfo, ply: int) -> FakeMessage:
    name = f"-{info.id}-{ply}.png"
    return await world.fake.wait_for_message(
        None, lambda m: any(a.filename.endswith(name) for a in m.attachments), 10
    )


async def test_a_conditional_line_left_privately_is_played_and_announced(world: World) -> None:
    alice, bob = world.alice, world.bob
    info = await world.service.create_challenge(
        Player(alice.id, alice.global_name),
        kind="pointbuy",
        options={"picking": "secret"},
        invited=[bob.id],
        guild_id=world.guild.id,
        channel_id=world.channel.id,
    )
    info = await world.service.join(info.id, Player(bob.id, bob.global_name))
    await board(world, info, 0)
    info = await world.service.get_game(info.id)
    place = world.place(info)
    for user, army in zip((alice, bob), ARMIES, strict=True):
        await world.play_slash(info.id, army, user, place)
    await board(world, info, 2)

    nothing = await ask(world, bob, "wc my conditional", {"game": info.id}, place)
    assert nothing.ephemeral and f"You have no conditional lines in game #{info.id}" in nothing.content
    refused = await ask(
        world, alice, "wc my conditional", {"game": info.id, "line": "Kn g8-f6; Kn b1-c3"}, place
    )
    assert refused.ephemeral and "It is your turn" in refused.content
    saved = await ask(world, bob, "wc my conditional", {"game": info.id, "line": "Kn b1-c3; Kn g8-f6"}, place)
    assert saved.ephemeral and "Line 1: Kn b1-c3 → Kn g8-f6" in saved.content, saved.content
    await ask(world, bob, "wc my conditional", {"game": info.id, "line": "Kn g1-f3; Kn b8-c6"}, place)
    listed = await ask(world, bob, "wc my conditional", {"game": info.id}, place)
    assert "Line 1: Kn b1-c3 → Kn g8-f6" in listed.content and "Line 2: Kn g1-f3 → Kn b8-c6" in listed.content
    cancelled = await ask(world, bob, "wc my conditional", {"game": info.id, "cancel": 2}, place)
    assert cancelled.ephemeral and "cancelled" in cancelled.content
    in_thread = [m.content for m in world.fake.messages_in(place) if not m.ephemeral]
    assert not any("g8-f6" in text for text in in_thread)  # nobody saw the line

    answer = await world.play_slash(info.id, "Kn b1-c3", alice, place)
    assert answer.ephemeral and "You played Kn b1-c3" in answer.content
    first = await board(world, info, 3)
    assert "Alice played Kn b1-c3." in first.content and first.mentioned_ids == []
    second = await board(world, info, 4)
    assert "Bob played Kn g8-f6 as a conditional move." in second.content, second.content
    assert second.mentioned_ids == [alice.id]
    assert (await world.service.get_game(info.id)).ply == 4
    gone = await ask(world, bob, "wc my conditional", {"game": info.id}, place)
    assert "You have no conditional lines" in gone.content
