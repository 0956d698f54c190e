"""Point-Buy Chess end to end through the fake Discord, with War Chest's habits: the game's thread with a
board after every move, open picking by /wc play's autocomplete values and the Play menus, moves to the
capture of the last Sovereign and its result post; secret picking typed entry by entry with the points
left, answered privately and never shown to the opponent (posts, DMs, pictures, history, logs) before the
reveal, and the player's own army on their private panel; resign and a rematch whose budgets follow the
series rule (the loser +1, in their new seat); a game against the bot. Most games are created through the
service (a challenge accepted, or a game against the bot) and played through Discord; the last test makes
them with /wc new (the game, its settings in the challenge text, the thread's and pictures' names)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from fakediscord import FakeMessage
from wc_helpers import PNG, World

from warchest_bot.games.pointbuy import POINT_BUY_CHESS
from warchest_bot.service import AiPlayer, GameInfo, Player


async def ask(
    world: World, user, name: str, options: dict[str, Any] | None = None, place=None
) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, place or world.channel, name, options or {})
    return await world.reply(inter)


async def board(world: World, info: GameInfo, ply: int) -> FakeMessage:
    """The board picture of ``info``'s game at ``ply``, posted in the game's place. The file name is
    unique to the game, so the message is looked for everywhere first: the bot records a new thread a
    moment after Discord has it, and ``info`` may have been read in between."""
    name = f"-{info.id}-{ply}.png"
    posted = await world.fake.wait_for_message(
        None, lambda m: any(a.filename.endswith(name) for a in m.attachments), 10
    )
    fresh = await world.service.get_game(info.id)
    assert posted.channel_id == world.place(fresh).id
    return posted


def ids(message: FakeMessage) -> list[str]:
    return [c["custom_id"] for c in message.walk_components() if "custom_id" in c]


async def challenge(world: World, creator, opponent, settings: str) -> GameInfo:
    """A challenge made through the service (``settings`` as "name=value" pairs), accepted by
    ``opponent`` through the service too; the bot then opens the game's thread and posts the board."""
    options: dict[str, Any] = {}
    for pair in settings.split():
        name, value = pair.split("=")
        options[name] = int(value) if value.isdigit() else value
    info = await world.service.create_challenge(
        Player(creator.id, creator.global_name),
        kind="pointbuy",
        options=options,
        invited=[opponent.id],
        guild_id=world.guild.id,
        channel_id=world.channel.id,
    )
    info = await world.service.join(info.id, Player(opponent.id, opponent.global_name))
    assert info.kind == "pointbuy" and info.status == "active"
    # The thread exists on Discord a moment before the bot records it; the first board comes after.
    await board(world, info, 0)
    return await world.service.get_game(info.id)


async def complete(world: World, user, place, typed: str) -> list[dict[str, Any]]:
    return await world.fake.autocomplete(user, place, "wc play", {"action": typed}, focused="action")


async def play_value(world: World, user, place, value: str) -> FakeMessage:
    """/wc play with a value the autocomplete offered (the action and its ply)."""
    inter = await world.fake.send_slash_command(user, place, "wc play", {"action": value})
    return await world.reply(inter)


async def test_open_picking_and_play_to_the_capture_of_the_last_sovereign(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await challenge(world, alice, bob, "budget=16")
    place = world.place(info)
    assert place.is_thread and place.name.endswith(f" #{info.id}")
    first = await board(world, info, 0)
    assert first.attachments[0].data.startswith(PNG) and first.mentioned_ids == [alice.id]
    assert f"Game #{info.id} begins: Alice (White) against Bob (Black)." in first.content
    for user in (alice, bob):  # the private panel (the seat's Barracks) by DM
        dm = await fake.wait_for_message(user, lambda m: m.attachments)
        assert dm.is_dm and dm.attachments[0].data.startswith(PNG)
        assert dm.content.startswith(f"Your army in game #{info.id}"), dm.content

    # open picking by autocomplete values: the picks of the typed unit, with the ply
    offered = await complete(world, alice, place, "pick qu")
    assert offered[0] == {"name": "pick Qu a1", "value": "pick Qu a1@0"}
    assert all(c["name"].startswith("pick Qu ") for c in offered) and len(offered) == 9
    d1 = next(c["value"] for c in offered if c["name"] == "pick Qu d1")
    answer = await play_value(world, alice, place, d1)
    assert answer.ephemeral and "You played pick Qu d1" in answer.content
    post = await board(world, info, 1)
    assert "pick Qu d1" in post.content and post.mentioned_ids == [bob.id]
    assert [b["label"] for b in post.buttons][:2] == ["Play", "My army"]  # the game's own word, not "hand"
    again = await play_value(world, alice, place, d1)  # the same value twice: stale, nothing changes
    assert again.ephemeral and "You played" not in again.content
    assert await complete(world, alice, place, "") == []  # not her turn: nothing offered

    # ... and by the Play menus (group by kind, then by unit, then the action)
    menu = await world.reply(await fake.click_button(bob, post, f"wc:menu:{info.id}:1"))
    assert menu.ephemeral
    picked = await pick_by_menu(world, bob, menu, "pick Ki e8")
    assert "You played pick Ki e8" in picked.content
    await board(world, info, 2)
    for user, text, ply in ((alice, "pick Ki e1", 2), (bob, "pick Qu d8", 3)):
        answer = await world.play_slash(info.id, text, user, place)
        assert answer.ephemeral and f"You played {text}" in answer.content
        await board(world, info, ply + 1)

    # play: the Queen takes the King (the last Sovereign) on the fourth ply of play
    for user, text, ply in (
        (alice, "Pa e2-e3", 4),
        (bob, "Pa f7-f6", 5),
        (alice, "Qu d1-h5", 6),
        (bob, "Pa a7-a6", 7),
    ):
        offered = await complete(world, user, place, text)
        assert offered[0]["name"] == text, offered
        answer = await play_value(world, user, place, offered[0]["value"])
        assert answer.ephemeral and f"You played {text}" in answer.content
        await board(world, info, ply + 1)
    offered = await complete(world, alice, place, "qu h5x")
    assert [c["name"] for c in offered] == ["Qu h5xh7", "Qu h5xe8"]
    await play_value(world, alice, place, offered[1]["value"])
    info = await world.service.get_game(info.id)
    assert info.status == "finished" and info.over is not None
    final = await board(world, info, 9)
    assert "Alice won game" in final.content and "no Sovereign left" in final.content, final.content
    assert sorted(final.mentioned_ids) == sorted([alice.id, bob.id])


async def pick_by_menu(world: World, user, menu: FakeMessage, text: str) -> FakeMessage:
    """Narrow the Play menu down to ``text``: a select option or button that is the action itself, else the
    group the action belongs to (a word of its text), step by step."""
    fake = world.fake
    words = text.split()
    for _ in range(5):
        step = None
        for c in menu.walk_components():
            cid = c.get("custom_id", "")
            options = c.get("options", [])
            exact = [o["value"] for o in options if text in (o["value"], o.get("label"))]
            group = [o["value"] for o in options if o["value"] in words]
            if exact or group:
                step = await fake.select_option(user, menu, cid, [(exact or group)[0]])
                break
            if cid.endswith(":" + text) or (cid.startswith("wc:kind:") and cid.split(":")[-1] in words):
                step = await fake.click_button(user, menu, cid)
                break
        assert step is not None, f"no way to {text} in {menu.text}"
        menu = await world.step_answer(step, menu)
        if "You played" in menu.content:
            return menu
    raise AssertionError(f"the menu did not end in {text}: {menu.text}")


ALICE_ARMY = "army Qu d1, Ki e1"
OTHER_ARMY = "army Ni a1, Pa b1, Pa c1, Ki d1, Pa e1, Pa f1"  # 16 points too, elsewhere


async def test_secret_picking_entry_by_entry_without_a_leak_before_the_reveal(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await challenge(world, alice, bob, "budget=16 picking=secret")
    place = world.place(info)
    await board(world, info, 0)

    # the army typed entry by entry: units the points left buy, then places, with the points left
    offered = await complete(world, alice, place, "ar")  # first a ready-made army: it can be sent as it is
    assert offered[0] == {"name": "army Qu d1, Ki e1", "value": "army Qu d1, Ki e1@0"}
    offered = await complete(world, alice, place, "army q")
    assert offered == [{"name": "army Qu · Queen, 9 points: 7 left", "value": "army Qu@0"}]
    offered = await complete(world, alice, place, "army Qu")
    assert [c["name"] for c in offered] == [f"army Qu {f}1 · 7 points left" for f in "abcdefgh"] + [
        "army Qu barracks · 7 points left"
    ]
    offered = await complete(world, alice, place, "army Qu d1, k")
    # (a Knight would leave 4 points: no Sovereign could follow, and the army would lose)
    assert [c["name"] for c in offered] == ["army Qu d1, Ki · King, 7 points: 0 left"]
    offered = await complete(world, alice, place, "army Qu d1, Ki")
    assert "army Qu d1, Ki d1 · every point spent: send the army" not in [c["name"] for c in offered]
    (value,) = [c["value"] for c in offered if c["name"].startswith("army Qu d1, Ki e1 ")]
    assert value == "army Qu d1, Ki e1@0"
    answer = await play_value(world, alice, place, value)
    assert answer.ephemeral and f"You played {ALICE_ARMY}" in answer.content

    # in public only "army (secret)": the post, its picture, Bob's DMs, the history, the logs
    post = await board(world, info, 1)
    assert "army (secret)" in post.content and post.mentioned_ids == [bob.id]
    other = POINT_BUY_CHESS.new_state(info.options, 0)
    before = other.clone()
    action = POINT_BUY_CHESS.parse_action(other, OTHER_ARMY)
    other.apply(action)
    last = POINT_BUY_CHESS.describe_last_action(before, other, action, 0)
    names = ["Alice", "Bob"]
    assert post.attachments[0].data == POINT_BUY_CHESS.board_png(other.view_for(None), last, names=names)
    bob_panels = {POINT_BUY_CHESS.private_png(s.view_for(1), names=names) for s in (before, other)}
    bob_dms = [a.data for m in fake.dms_to(bob) for a in m.attachments]
    assert bob_dms and set(bob_dms) <= bob_panels  # Bob's panels do not depend on Alice's army
    alice_panel = await ask(world, alice, "wc hand", {"game": info.id}, place)  # her army, privately
    assert alice_panel.ephemeral
    assert alice_panel.attachments[0].data == POINT_BUY_CHESS.private_png(
        POINT_BUY_CHESS.replay(info.options, 0, [ALICE_ARMY]).view_for(0), names=names
    )
    assert alice_panel.attachments[0].data != POINT_BUY_CHESS.private_png(other.view_for(0), names=names)
    history = await ask(world, bob, "wc look history", {"game": info.id}, place)
    assert history.ephemeral and "army (secret)" in history.content and "Qu d1" not in history.content
    mine = await ask(world, alice, "wc look history", {"game": info.id}, place)
    assert ALICE_ARMY in mine.content
    secret_words = ("Qu d1", "Ki e1")
    for m in fake.messages.values():
        if m.id in (answer.id, mine.id, alice_panel.id) or m in fake.dms_to(alice):
            continue  # Alice's own private answers and DMs
        assert not any(w in m.content for w in secret_words), m.content
        assert not any(w in str(m.components) for w in secret_words), (m.channel_id, m.content)
    # the bot's own log lines, at any level (the libraries' debug lines echo requests and SQL), and every
    # line at INFO or above
    logged = [r for r in caplog.records if r.name.startswith("warchest_bot") or r.levelno >= logging.INFO]
    assert not [r for r in logged if any(w in r.getMessage() for w in secret_words)]

    # Bob types his; both armies are revealed together
    offered = await complete(world, bob, place, "army Ki e")
    assert [c["name"] for c in offered] == ["army Ki e8 · 9 points left"]
    answer = await world.play_slash(info.id, "army Ki e8, Qu d8", bob, place)
    assert answer.ephemeral and "You played army Qu d8, Ki e8" in answer.content
    revealed = await board(world, info, 2)
    assert revealed.mentioned_ids == [alice.id]
    view = await world.service.view(info.id)
    assert view["board"][3] == [0, "Qu"] and view["board"][59] == [1, "Qu"]

    # Bob resigns; the rematch gives him (the loser) one point more, and White: 17 against 16
    result = await world.resign(bob, info.id, place)
    assert result.ephemeral and "resign" in result.content.lower()
    started = await ask(world, bob, "wc rematch", {"game": info.id}, place)
    assert "rematch" in started.content.lower(), started.content
    page = await world.service.games_for_user(bob.id, status="active", limit=5)
    (rematch,) = page.games
    assert rematch.kind == "pointbuy" and rematch.seats[0].user_id == bob.id
    assert rematch.options["budget"] == 17 and rematch.options["budget_black"] == 16
    offered = await complete(world, bob, world.place(rematch), "army")
    assert offered[0]["name"].endswith("17 points: 0 left") is False  # nothing costs 17
    first = await complete(world, bob, world.place(rematch), "a")
    assert first[0]["name"] == "army Pa a1, Qu d1, Ki e1"  # a ready-made army of 17 points
    await world.resign(alice, rematch.id, world.place(rematch))


async def test_point_buy_chess_against_the_bot(world: World) -> None:
    alice = world.alice
    info = await world.service.create_game(
        [Player(alice.id, alice.global_name), AiPlayer("easy", "Bot")],
        kind="pointbuy",
        options={"budget": 10},
        guild_id=world.guild.id,
        channel_id=world.channel.id,
    )
    game_id = info.id
    await world.fake.wait_until(
        lambda: any(c.name.endswith(f"#{game_id}") for c in world.fake.channels.values())
    )
    info = await world.service.get_game(game_id)
    assert info.kind == "pointbuy" and info.options["budget"] == 10
    place = world.place(info)
    made = 0
    while made < 6:
        info = await world.service.get_game(game_id)
        assert info.status == "active"
        await board(world, info, info.ply)
        if info.to_act.user_id is None:  # the bot's decision: wait for its post
            await board(world, info, info.ply + 1)
            continue
        offered = await complete(world, alice, place, "pick Ki e1" if made == 0 else "")
        assert offered, info
        answer = await play_value(world, alice, place, offered[0]["value"])
        assert answer.ephemeral and "You played" in answer.content, answer.content
        made += 1
    for _ in range(100):  # the bot's answer, before Alice resigns at its position
        info = await world.service.get_game(game_id)
        if info.to_act is not None and info.to_act.user_id == alice.id:
            break
        await asyncio.sleep(0.1)
    await board(world, info, info.ply)
    result = await world.resign(alice, game_id, place)
    assert result.ephemeral and "resign" in result.content.lower(), result.content
    info = await world.service.get_game(game_id)
    assert info.status == "finished" and info.over is not None and info.over.winners


async def test_a_challenge_by_wc_new_with_the_game_and_its_settings(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    posted = await ask(
        world, alice, "wc new", {"opponent": bob, "game": "pointbuy", "settings": "budget=20 picking=secret"}
    )
    assert not posted.ephemeral and posted.mentioned_ids == [bob.id]
    assert "Point-Buy Chess" in posted.content and "budget: 20, picking: secret)" in posted.content
    assert "turn_cap" not in posted.content and "repetition" not in posted.content  # only what differs
    game_id = int(posted.content.split("#")[1].split()[0])
    await world.reply(await fake.click_button(bob, posted, f"wc:ch:join:{game_id}"))
    await fake.wait_until(lambda: "has started" in fake.messages[posted.id].content)
    info = await world.service.get_game(game_id)
    assert info.kind == "pointbuy" and info.options["budget"] == 20 and info.options["picking"] == "secret"
    place = world.place(info)
    assert place.is_thread and place.name == f"Point-Buy Chess #{game_id}"
    first = await board(world, info, 0)
    assert first.attachments[0].filename == f"pointbuy-{game_id}-0.png"
    offered = await complete(world, alice, place, "a")
    assert offered[0]["name"] == "army Pa a1, Bi c1, Qu d1, Ki e1"  # a ready-made army of 20 points
    bot_game = await ask(world, alice, "wc new", {"game": "pointbuy", "ai": "easy", "settings": "budget=10"})
    assert not bot_game.ephemeral and "#" in bot_game.content
    bot_id = int(bot_game.content.split("#")[1].split(":")[0].split()[0])
    await fake.wait_until(lambda: any(c.name == f"Point-Buy Chess #{bot_id}" for c in fake.channels.values()))
    bot_info = await world.service.get_game(bot_id)
    assert bot_info.kind == "pointbuy" and bot_info.options["budget"] == 10
    await board(world, bot_info, 0)  # the game is under way before the test ends
    plain = await ask(world, alice, "wc new", {"opponent": bob, "game": "pointbuy"})
    assert "(with the usual settings)" in plain.content and "budget" not in plain.content, plain.content


def menu_groups(menu: FakeMessage) -> list[str]:
    """The unit groups a Play menu offers, in order (as buttons or as a select menu's options)."""
    comps = list(menu.walk_components())
    buttons = [c["custom_id"].split(":")[-1] for c in comps if c.get("custom_id", "").startswith("wc:kind:")]
    return buttons or [o["value"] for c in comps for o in c.get("options", [])]


async def test_open_picking_warns_a_side_without_a_sovereign_and_refuses_a_pick_that_leaves_none(
    world: World,
) -> None:
    """The tester's game (open picking, budget 12): a Warlord would leave 2 points, no Sovereign could
    follow and the army would lose when picking is over. The picking DM and the Play menu say so, the
    Sovereigns come first, and the pick is refused (nothing changes)."""
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await challenge(world, alice, bob, "budget=12")
    place = world.place(info)
    first = await board(world, info, 0)
    warning = "You have no Sovereign on your first rank yet"
    dm = await fake.wait_for_message(alice, lambda m: m.attachments)
    assert warning in dm.content and "your decision" in dm.content, dm.content
    menu = await world.reply(await fake.click_button(alice, first, f"wc:menu:{info.id}:0"))
    assert menu.ephemeral and menu.content.startswith(warning), menu.content
    assert menu_groups(menu)[:2] == ["An", "Ki"]  # the Sovereigns first
    refused = await world.play_slash(info.id, "pick Wa d1", alice, place)
    assert refused.ephemeral and "no way to buy a Sovereign" in refused.content, refused.content
    assert (await world.service.get_game(info.id)).ply == 0
    offered = await complete(world, alice, place, "")
    assert [c["name"].split()[1] for c in offered[:17]] == ["An"] * 9 + ["Ki"] * 8
    assert not any(c["name"].startswith("pick Wa") for c in await complete(world, alice, place, "pick w"))
    answer = await world.play_slash(info.id, "pick Ki e1", alice, place)
    assert "You played pick Ki e1" in answer.content
    post = await board(world, info, 1)
    menu = await world.reply(await fake.click_button(bob, post, f"wc:menu:{info.id}:1"))
    assert menu.content.startswith(warning)  # Black has none yet either
    after = await world.play_slash(info.id, "pick An d8", bob, place)
    assert "You played pick An d8" in after.content
    await board(world, info, 2)
    menu = await world.reply(
        await fake.click_button(alice, await board(world, info, 2), f"wc:menu:{info.id}:2")
    )
    assert warning not in menu.content and menu_groups(menu)[0] == "Ac"  # her King is on her first rank


async def test_point_buy_refusals_and_dms_speak_of_point_buy_chess(world: World) -> None:
    """A typing refusal gives Point-Buy Chess's examples (not War Chest's "Sw deploy e2"), in English and
    in Persian; the army DM of an open-picking game does not speak of a secret army."""
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await challenge(world, alice, bob, "budget=12")
    place = world.place(info)
    await board(world, info, 0)
    dm = await fake.wait_for_message(alice, lambda m: m.attachments)
    assert "secret army while picking" not in dm.content and dm.content.startswith(
        f"Your army in game #{info.id}"
    )
    for typed in ("Zz fly e2", " ", "x" * 4001):
        refused = await world.play_slash(info.id, typed, alice, place)
        assert refused.ephemeral and "Sw deploy e2" not in refused.content, refused.content
        assert "Kn b1-c3" in refused.content, refused.content
    await ask(world, alice, "wc my settings", {"language": "fa"})
    refused = await world.play_slash(info.id, "Zz fly e2", alice, place)
    assert "Sw deploy e2" not in refused.content and "Kn b1-c3" in refused.content, refused.content


async def test_dms_open_again_and_the_army_is_named_as_point_buy_chess_names_it(world: World) -> None:
    """Carol's DMs are closed when the game begins; open again, /wc hand sends her army by DM and says so
    in Point-Buy Chess's word (her army, not her hand)."""
    fake, carol = world.fake, world.carol
    info = await challenge(world, world.alice, carol, "budget=12")
    place = world.place(info)
    await board(world, info, 0)
    await world.bot.flow.drain()
    assert (await world.service.get_game(info.id)).seat_of(carol.id).dm_reachable is False
    fake.set_dm_closed(carol, False)
    inter = await fake.send_slash_command(carol, place, "wc hand")
    await world.reply(inter)
    told = await fake.wait_for_message(place, lambda m: "direct messages again" in m.content)
    assert told.ephemeral and f"your army for game #{info.id} is in your DMs" in told.content, told.content
    assert [m for m in fake.dms_to(carol) if m.attachments]
