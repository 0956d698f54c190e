"""A game that is not War Chest, end to end through the fake Discord: Tiny Lines (tests/games/tinygame.py,
registered only for the test; nothing outside tests/ knows it) from the challenge to the result with the same
habits as War Chest: /wc new with the game and its settings (autocompleted, refused clearly when wrong),
Accept, the game's own thread and board posts, the private panel by DM, /wc play with autocomplete, the Play
menus, resign, the result with the final board and the replay; then its rules, stats and leaderboard, and a
game against the bot."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fakediscord import FakeMessage
from wc_helpers import GIF, PNG, World

from warchest_bot.service import GameInfo

pytestmark = pytest.mark.usefixtures("tiny_game")


async def ask(
    world: World, user, name: str, options: dict[str, Any] | None = None, place=None
) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, place or world.channel, name, options or {})
    return await world.reply(inter)


async def board(world: World, info: GameInfo, ply: int) -> FakeMessage:
    name = f"tinylines-{info.id}-{ply}.png"
    return await world.fake.wait_for_message(
        world.place(info), lambda m: any(a.filename == name for a in m.attachments), 10
    )


def ids(message: FakeMessage) -> list[str]:
    return [c["custom_id"] for c in message.walk_components() if "custom_id" in c]


async def test_tiny_lines_from_challenge_to_result_like_war_chest(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    offered = await fake.autocomplete(alice, world.channel, "wc new", {"game": "tiny"}, focused="game")
    assert [(c["name"], c["value"]) for c in offered] == [("Tiny Lines", "tinylines")]
    hints = await fake.autocomplete(
        alice, world.channel, "wc new", {"game": "tinylines", "settings": ""}, focused="settings"
    )
    assert [c["value"] for c in hints] == ["first=seat0", "first=random", "blockers=yes", "blockers=no"]
    hints = await fake.autocomplete(
        alice, world.channel, "wc new", {"game": "tinylines", "settings": "first=seat0 b"}, focused="settings"
    )
    assert [c["value"] for c in hints] == ["first=seat0 blockers=yes", "first=seat0 blockers=no"]

    # wrong settings are refused privately, saying what is valid
    bad = await ask(world, alice, "wc new", {"opponent": bob, "game": "tinylines", "settings": "colour=red"})
    assert bad.ephemeral and "not a setting of Tiny Lines" in bad.content and "first, blockers" in bad.content
    bad = await ask(world, alice, "wc new", {"opponent": bob, "game": "tinylines", "settings": "first=last"})
    assert bad.ephemeral and "choose seat0, random" in bad.content
    bad = await ask(world, alice, "wc new", {"opponent": bob, "game": "tinylines", "units": "draft"})
    assert bad.ephemeral and "Tiny Lines has no units option" in bad.content
    bad = await ask(world, alice, "wc new", {"opponent": bob, "game": "chess"})
    assert bad.ephemeral and "no game called “chess”" in bad.content and "Tiny Lines" in bad.content

    challenge = await ask(
        world, alice, "wc new", {"opponent": bob, "game": "tinylines", "settings": "first=seat0 blockers=yes"}
    )
    assert not challenge.ephemeral and challenge.mentioned_ids == [bob.id]
    assert (
        "of Tiny Lines (with the usual settings)" in challenge.content
    )  # only settings that differ are listed
    game_id = int(challenge.content.split("#")[1].split()[0])
    await world.reply(await fake.click_button(bob, challenge, f"wc:ch:join:{game_id}"))
    await fake.wait_until(lambda: "has started" in fake.messages[challenge.id].content)
    info = await world.service.get_game(game_id)
    assert info.kind == "tinylines" and info.status == "active" and info.options["first"] == "seat0"
    place = world.place(info)
    assert place.is_thread and place.name == f"Tiny Lines #{game_id}"
    first = await board(world, info, 0)
    assert first.attachments[0].data.startswith(PNG) and first.mentioned_ids == [alice.id]
    assert ids(first) == [f"wc:menu:{game_id}:0", f"wc:hand:{game_id}"]
    for user in (alice, bob):  # each gets the private panel (their secret blocker) by DM
        dm = await fake.wait_for_message(user, lambda m: m.attachments)
        assert dm.is_dm and dm.attachments[0].data.startswith(PNG)
        if user is alice:  # the player to act gets the menu with it
            assert ids(dm) == [f"wc:act:{game_id}:0:0"]
        else:
            assert ids(dm) == [f"wc:menu:{game_id}:now", f"wc:hand:{game_id}"]

    # /wc play autocompletes the legal actions (9 marks and the blocker's reveal)
    legal = await world.service.legal_actions(game_id, alice.id)
    choices = await fake.autocomplete(alice, place, "wc play", {"action": ""}, focused="action")
    assert [c["name"] for c in choices] == [a.text for a in legal] and len(legal) == 10
    assert [c["value"] for c in choices] == [f"{a.text}@0" for a in legal]
    narrowed = await fake.autocomplete(alice, place, "wc play", {"action": "mark a"}, focused="action")
    assert [c["name"] for c in narrowed] == ["mark a1", "mark a2", "mark a3"]

    # the Play menu: the few actions in one select menu
    menu = await world.reply(await fake.click_button(alice, first, f"wc:menu:{game_id}:0"))
    assert menu.ephemeral and menu.content == f"Game #{game_id}: choose the action."
    (select,) = [c for c in menu.walk_components() if c.get("custom_id") == f"wc:act:{game_id}:0:0"]
    assert [o["value"] for o in select["options"]] == [a.text for a in legal]
    played = await fake.select_option(alice, menu, f"wc:act:{game_id}:0:0", ["mark a1"])
    assert "You played mark a1" in (await world.step_answer(played, menu)).content
    after = await board(world, info, 1)
    assert "mark a1" in after.content and after.mentioned_ids == [bob.id]

    answer = await world.play_slash(game_id, "mark b1", bob, place)  # by /wc play
    assert answer.ephemeral and "You played mark b1" in answer.content
    await board(world, info, 2)
    refused = await world.play_slash(game_id, "mark b1", alice, place)
    assert refused.ephemeral and "You played" not in refused.content
    assert (await world.service.get_game(game_id)).ply == 2

    # resign: the result, the final board and the replay in the game's thread
    result = await world.resign(bob, game_id, place)
    assert result.ephemeral and "resign" in result.content.lower()
    final = await fake.wait_for_message(place, lambda m: "final board" in m.content.lower())
    assert final.attachments[0].filename == f"tinylines-{game_id}-2.png"
    assert sorted(final.mentioned_ids) == sorted([alice.id, bob.id])
    replay = await fake.wait_for_message(
        place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments)
    )
    assert replay.attachments[0].filename == f"tinylines-{game_id}.gif"
    assert replay.attachments[0].data.startswith(GIF)
    info = await world.service.get_game(game_id)
    assert info.status == "finished" and info.over is not None and info.over.winner_team == 0

    # rules, stats and leaderboard of the game: of this thread's game, or named
    rules = await ask(world, world.dave, "wc rules", place=place)
    assert rules.content.startswith("Tiny Lines: mark squares")
    assert (await ask(world, world.dave, "wc rules", {"game": "Tiny Lines"})).content == rules.content
    assert (await ask(world, world.dave, "wc rules")).content.startswith("War Chest:")
    helped = await ask(world, world.dave, "wc help", {"game": "tinylines"})
    assert "/wc play" in helped.content and "Games: War Chest" in helped.content
    assert rules.content in helped.content
    stats = await ask(world, world.dave, "wc look stats", {"player": alice, "game": "tinylines"})
    assert stats.content.startswith("Tiny Lines:") and "1 games, 1 wins, 0 losses" in stats.content
    chest = await ask(world, world.dave, "wc look stats", {"player": alice})
    assert chest.content.startswith("War Chest:") and "0 games" in chest.content
    top = await ask(world, world.dave, "wc look leaderboard", {"game": "tinylines"})
    assert top.content.startswith("Leaderboard of this server in Tiny Lines:\n")
    assert f"1. <@{alice.id}>" in top.content
    assert f"<@{alice.id}>" not in (await ask(world, world.dave, "wc look leaderboard")).content


async def test_tiny_lines_against_the_bot(world: World) -> None:
    alice = world.alice
    started = await ask(world, alice, "wc new", {"game": "tinylines", "ai": "easy"})
    assert "against the bot" in started.content
    game_id = int(re.search(r"#(\d+)", started.content)[1])
    await world.fake.wait_until(lambda: "has started" in world.fake.messages[started.id].content)
    info = await world.service.get_game(game_id)
    assert info.kind == "tinylines" and [s.ai_level for s in info.seats] == [None, "easy"]
    await board(world, info, 0)
    await world.play_slash(game_id, "mark c3", alice, world.place(info))
    bot_move = await board(world, info, 2)  # the bot answered at once
    assert "mark a1" in bot_move.content and bot_move.mentioned_ids == [alice.id]
    assert ids(bot_move)[0] == f"wc:menu:{game_id}:2"
    await world.bot.flow.drain()


async def test_menu_pages_and_numbered_actions_through_discord(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pages of select menus and actions carried by number (for texts too long for a custom id), with
    Discord's limits shrunk so that Tiny Lines' 10 actions need them."""
    from warchest_bot.discord import components

    monkeypatch.setattr(components, "PER_SELECT", 2)
    monkeypatch.setattr(components, "MAX_ROWS", 2)  # 2 options a menu, 1 menu a page + Previous / Next
    monkeypatch.setattr(components, "MAX_VALUE", 4)  # "mark a1" travels as "#0"
    fake, alice, bob = world.fake, world.alice, world.bob
    challenge = await ask(world, alice, "wc new", {"opponent": bob, "game": "tinylines"})
    game_id = int(challenge.content.split("#")[1].split()[0])
    await world.reply(await fake.click_button(bob, challenge, f"wc:ch:join:{game_id}"))
    await fake.wait_until(lambda: "has started" in fake.messages[challenge.id].content)
    info = await world.service.get_game(game_id)
    legal = await world.service.legal_actions(game_id, alice.id)
    menu = await world.reply(
        await fake.click_button(alice, await board(world, info, 0), f"wc:menu:{game_id}:0")
    )
    assert ids(menu) == [f"wc:act:{game_id}:0:0", f"wc:page:{game_id}:0:1:-:-"]
    (select,) = [c for c in menu.walk_components() if c.get("custom_id") == f"wc:act:{game_id}:0:0"]
    assert [(o["label"], o["value"]) for o in select["options"]] == [
        (legal[0].text, "#0"),
        (legal[1].text, "#1"),
    ]
    turned = await fake.click_button(alice, menu, f"wc:page:{game_id}:0:1:-:-")
    await turned.wait_response()
    menu = fake.messages[menu.id]
    assert ids(menu) == [f"wc:act:{game_id}:0:1", f"wc:page:{game_id}:0:0:-:-", f"wc:page:{game_id}:0:2:-:-"]
    played = await fake.select_option(alice, menu, f"wc:act:{game_id}:0:1", ["#3"])
    assert f"You played {legal[3].text}" in (await world.step_answer(played, menu)).content
    assert f"{legal[3].text}" in (await board(world, info, 1)).content
    assert (await world.service.get_game(game_id)).ply == 1
