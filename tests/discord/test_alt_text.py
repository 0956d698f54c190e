"""Alt text on every image the bot posts, end to end on the fake Discord: board posts (whose turn, the last
move, stacks and control), the private hand (its coins), unit cards (the ability), replays (game and
length); Point-Buy Chess's secret army only in its owner's private picture before the reveal."""

from __future__ import annotations

from test_discord_two_player import start_challenge
from test_pointbuy import ALICE_ARMY, ask, board, challenge
from wc_helpers import World

ALT_TEXT_MAX = 1024


def described(message) -> str:
    (attachment,) = message.attachments
    assert attachment.description, attachment.filename
    assert len(attachment.description) <= ALT_TEXT_MAX
    return attachment.description


async def test_war_chest_board_hand_card_and_replay_carry_alt_text(world: World) -> None:
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info = await world.service.get_game(game_id)
    place = world.place(info)
    first = described(await world.board_post(info, 0))
    assert first.startswith("Board of War Chest after move 0.")
    assert f"It is {info.to_act.name}'s turn." in first
    assert "Alice controls" in first and "Bob controls" in first
    for user in (world.alice, world.bob):  # the hand DM lists exactly the coins in that hand
        dm = await fake.wait_for_message(user, lambda m: m.attachments)
        view = await world.service.view(game_id, user.id)
        (seat,) = [s.seat for s in info.seats if s.user_id == user.id]
        coins = ", ".join(view["seats"][seat]["hand"])
        assert described(dm).startswith(f"The coins in your hand: {coins}.")

    info, user, legal = await world.to_act(game_id)
    deploy = next(a for a in legal if " deploy " in a.text)
    await world.play_slash(game_id, deploy.text, user, place)
    text = described(await world.board_post(info, info.ply + 1))
    unit_hex = deploy.text.split()[-1]
    assert f"Last move: {user.global_name} played {deploy.text}." in text
    assert f"on {unit_hex} (stack of 1)" in text
    assert "hand" not in text and "bag" not in text

    card = await ask(world, world.alice, "wc rules", {"unit": "Archer"})
    assert described(card) == "The card of the Archer: Tactic: attack 2 hexes away. No normal attack."

    await world.resign(world.bob, game_id, place)
    replay = await fake.wait_for_message(
        place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments)
    )
    info = await world.service.get_game(game_id)
    assert described(replay) == f"Replay of War Chest game #{game_id}: an animation of its {info.ply} moves."
    at_ply = await ask(world, world.alice, "wc look replay", {"game": game_id, "ply": 0}, place)
    assert described(at_ply).startswith("Board of War Chest after move 0.")


async def test_point_buy_secret_army_only_in_its_owners_alt_text(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await challenge(world, alice, bob, "budget=16 picking=secret")
    place = world.place(info)
    assert "The armies are being chosen in secret." in described(await board(world, info, 0))
    await world.play_slash(info.id, ALICE_ARMY, alice, place)
    public = described(await board(world, info, 1))
    assert "Last move: by Alice." in public and "It is Bob's turn." in public
    panel = await ask(world, alice, "wc hand", {"game": info.id}, place)
    assert panel.ephemeral and described(panel).startswith("Your secret army: Queen on d1, King on e1.")
    secret = ("Queen on d1", "King on e1")
    for m in fake.messages.values():
        if m.id == panel.id or m in fake.dms_to(alice):
            continue  # Alice's own private pictures
        for a in m.attachments:
            assert not any(w in (a.description or "") for w in secret), a.description
    bob_panels = [a.description for m in fake.dms_to(bob) for a in m.attachments]
    assert bob_panels and not any(w in (d or "") for d in bob_panels for w in secret)
    await world.play_slash(info.id, "army Ki e8, Qu d8", bob, place)
    revealed = described(await board(world, info, 2))
    assert "Alice's units: " in revealed and "Queen on d1" in revealed and "Queen on d8" in revealed


def private_text(world: World, place, since: int) -> str:
    """Everything the bot answered privately in ``place`` from message ``since`` on."""
    return "\n".join(m.content for m in world.fake.messages_in(place) if m.ephemeral and m.id >= since)


async def test_text_board_by_option_and_by_setting(world: World) -> None:
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info, user, legal = await world.to_act(game_id)
    other = world.bob if user is world.alice else world.alice
    place = world.place(info)
    await world.board_post(info, 0)

    inter = await fake.send_slash_command(user, place, "wc board", {"game": game_id, "text": True})
    first = await world.reply(inter)
    assert first.ephemeral and first.attachments[0].description  # the picture too, with its alt text
    await fake.wait_until(lambda: f"- {legal[-1].text}" in private_text(world, place, first.id))
    text = private_text(world, place, first.id)
    assert f"It is {user.global_name}'s turn." in text
    assert "Alice controls" in text and "Bob controls" in text
    assert f"{user.global_name}: " in text and "coins in supply" in text and "3 in hand" in text
    assert f"Your legal actions ({len(legal)}):" in text
    assert all(f"- {a.text}" in text for a in legal)
    assert all(len(m.content) <= 2000 for m in fake.messages_in(place))
    # the hands stay hidden: no coin of a hand is named as being in it
    view = await world.service.view(game_id, user.id)
    assert "The coins in your hand" not in text and view

    plain = await world.reply(await fake.send_slash_command(other, place, "wc board", {"game": game_id}))
    assert plain.attachments and "It is" not in plain.content  # the picture only, by default

    setting = await world.reply(
        await fake.send_slash_command(other, place, "wc my settings", {"text_board": True})
    )
    assert "Boards you ask for and your hand messages also come as text." in setting.content
    by_setting = await world.reply(await fake.send_slash_command(other, place, "wc board", {"game": game_id}))
    assert f"It is {user.global_name}'s turn." in by_setting.content
    assert "Your legal actions" not in by_setting.content  # not their turn
    hand = await world.reply(await fake.send_slash_command(other, place, "wc hand", {"game": game_id}))
    (seat,) = [s.seat for s in info.seats if s.user_id == other.id]
    coins = ", ".join((await world.service.view(game_id, other.id))["seats"][seat]["hand"])
    assert f"The coins in your hand: {coins}." in hand.content
    off = await world.reply(
        await fake.send_slash_command(other, place, "wc my settings", {"text_board": False})
    )
    assert "/wc board text:true gives one as text" in off.content


def test_long_text_is_split_within_the_limit_or_attached() -> None:
    from warchest_bot.discord import textboard

    lines = [f"line {n}: " + "x" * 90 for n in range(50)]
    chunks = textboard.split(lines)
    assert len(chunks) == 3 and all(len(c) <= 2000 for c in chunks)
    assert "\n".join(chunks) == "\n".join(lines)
    assert textboard.split(["y" * 2500]) == ["y" * 1999 + "…"]
