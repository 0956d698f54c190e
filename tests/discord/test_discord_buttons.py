"""A 4-player game to the end through the buttons; stale and foreign presses; closed DMs; a restart."""

from __future__ import annotations

import dataclasses

from test_discord_two_player import start_challenge
from wc_helpers import GIF, PNG, World, build_world

from warchest_bot.service import GameService


async def test_open_four_player_game_played_to_the_end_with_buttons(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(
        world.alice, world.channel, "wc new", {"players": 4, "units": "first-game", "max_rounds": 2}
    )
    challenge = await world.reply(inter)
    game_id = int(challenge.content.split("#")[1].split()[0])
    assert challenge.mentioned_ids == [] and challenge.buttons[0]["custom_id"] == f"wc:ch:join:{game_id}"
    for user in (world.bob, world.dave, world.erin):
        await world.reply(await fake.click_button(user, challenge, f"wc:ch:join:{game_id}"))
    info = await world.service.get_game(game_id)
    assert info.status == "active" and [s.user_id for s in info.seats] == [
        world.alice.id,
        world.bob.id,
        world.dave.id,
        world.erin.id,
    ]
    for user in (world.alice, world.bob, world.dave, world.erin):
        dm = await fake.wait_for_message(user, lambda m: m.attachments)
        assert dm.attachments[0].data.startswith(PNG)

    moves = 0
    while info.status == "active":
        info, user, legal = await world.to_act(game_id)
        answer = await world.play_buttons(info, world.rng.choice(legal), user)
        assert answer.ephemeral and "You played" in answer.content
        post = await world.board_post(info, info.ply + 1)
        assert post.attachments[0].data.startswith(PNG)
        info = await world.service.get_game(game_id)
        if info.status == "active":
            assert post.mentioned_ids == [info.to_act.user_id]
        else:
            assert sorted(post.mentioned_ids) == sorted(info.user_ids)
        moves += 1
    assert info.status == "finished" and moves > 10
    place = world.place(info)
    replay = await fake.wait_for_message(
        place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments)
    )
    assert replay.attachments[0].data.startswith(GIF)


async def test_stale_and_foreign_presses_are_refused_privately(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info, user, legal = await world.to_act(game_id)
    other = world.bob if user is world.alice else world.alice
    board0 = await world.board_post(info, 0)

    # someone else presses Play: a private refusal, nothing changes
    refused = await world.reply(await fake.click_button(other, board0, f"wc:menu:{game_id}:0"))
    assert refused.ephemeral and "not your turn" in refused.content
    outsider = await world.reply(await fake.click_button(world.dave, board0, f"wc:menu:{game_id}:0"))
    assert outsider.ephemeral and "not playing" in outsider.content

    # the right player opens the menu, then plays by slash command: the menu is now stale
    menu = await world.reply(await fake.click_button(user, board0, f"wc:menu:{game_id}:0"))
    await world.play_slash(game_id, legal[0].text, user, world.place(info))
    await world.board_post(info, 1)
    ids = [c["custom_id"] for c in menu.walk_components() if "custom_id" in c]
    stale_id = ids[0]
    if stale_id.startswith(("wc:coin:", "wc:act:")):
        comp = menu.find_component(stale_id)
        press = await fake.select_option(user, menu, stale_id, [comp["options"][0]["value"]])
    else:
        press = await fake.click_button(user, menu, stale_id)
    await press.wait_response()
    text = press.response["data"]["content"]
    assert press.response["data"]["flags"] & 64 and "out of date" in text
    stale = await world.reply(await fake.click_button(user, board0, f"wc:menu:{game_id}:0"))
    assert stale.ephemeral and "out of date" in stale.content
    assert (await world.service.get_game(game_id)).ply == 1


async def test_closed_dms_fall_back_to_wc_hand_and_never_stall(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.carol)
    info = await world.service.get_game(game_id)
    carol_seat = info.seat_of(world.carol.id)
    assert carol_seat is not None
    # carol is told once, privately, as a follow-up of her own Accept
    notice = await fake.wait_for_message(
        world.channel, lambda m: m.ephemeral and "direct messages" in m.content
    )
    assert notice.ephemeral
    await fake.wait_until(lambda: fake.dms_to(world.alice) != [])
    assert fake.dms_to(world.carol) == []
    info = await world.service.get_game(game_id)
    assert info.seat_of(world.carol.id).dm_reachable is False

    # /wc hand shows the hand privately, with the picture
    hand = await world.reply(await fake.send_slash_command(world.carol, world.place(info), "wc hand"))
    assert hand.ephemeral and hand.attachments[0].data.startswith(PNG)
    # the game goes on for several moves (round changes included) without carol's DMs
    for _ in range(12):
        info, user, legal = await world.to_act(game_id)
        await world.play_slash(game_id, legal[-1].text, user, world.place(info))
        await world.board_post(info, info.ply + 1)
    notices = [m for m in fake.posted if "direct messages" in m.content]
    assert len(notices) == 1 and fake.dms_to(world.carol) == []


async def test_restarted_bot_continues_the_game_from_its_buttons(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:  # the first process
        world = build_world(fake, service, db)
        async with world.running():
            game_id = await start_challenge(world, world.alice, world.bob)
            for _ in range(3):
                info, user, legal = await world.to_act(game_id)
                await world.play_slash(game_id, legal[0].text, user, world.place(info))
                await world.board_post(info, info.ply + 1)
            info, user, legal = await world.to_act(game_id)
            board = await world.board_post(info, info.ply)
    assert world.bot is None  # the client is closed, and so is the database

    async with GameService.open(db) as service:  # a new process on the same file
        world.service = service
        async with world.running():
            answer = await world.play_buttons(info, legal[-1], user)  # pressed on the old board post
            assert "You played" in answer.content
            post = await world.board_post(info, info.ply + 1)
            assert post.attachments[0].data.startswith(PNG) and board.id != post.id
            assert (await service.get_game(game_id)).ply == info.ply + 1
            info, user, legal = await world.to_act(game_id)
            await world.play_buttons(info, legal[0], user)  # and on from there
            await world.board_post(info, info.ply + 1)
    fake.assert_clean()


async def test_draft_picks_and_follow_ups_are_asked_through_the_menu(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob, units="draft")
    seen_pick = False
    for _ in range(40):
        info, user, legal = await world.to_act(game_id)
        if info.status != "active":
            break
        followups = [a for a in legal if a.followup]
        target = legal[0] if legal[0].kind == "pick" else (followups or [world.rng.choice(legal)])[0]
        seen_pick |= target.kind == "pick"
        answer = await world.play_buttons(info, target, user)
        assert target.text in answer.content
        await world.board_post(info, info.ply + 1)
    assert seen_pick
    info = await world.service.get_game(game_id)
    assert info.ply >= 40 or info.status == "finished"
    assert not fake.problems


async def test_forged_and_unknown_presses_are_refused_privately_and_quietly(world: World):
    """A press the bot has no item for (a custom id of no known layout, one its message does not carry,
    or a select menu's custom id sent as a button press) is answered privately; nothing is logged as an
    error (the fixture fails on any ERROR record) and nothing changes."""
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info, user, _legal = await world.to_act(game_id)
    board = await world.board_post(info, 0)
    menu = await world.reply(await fake.click_button(user, board, f"wc:menu:{game_id}:0"))
    select_id = next(c["custom_id"] for c in menu.walk_components() if c.get("type") == 3)
    button = next(c for c in board.walk_components() if c.get("type") == 2)
    forged_board = dataclasses.replace(
        board, components=[{"type": 1, "components": [{**button, "custom_id": select_id}]}]
    )
    unknown_board = dataclasses.replace(
        board, components=[{"type": 1, "components": [{**button, "custom_id": "wc:nothing:1"}]}]
    )
    presses = [
        # a select menu's custom id, on a button of the message, sent as a button press
        (forged_board, {"custom_id": select_id, "component_type": 2}),
        # a custom id of no layout the bot knows (an older version's, or made up)
        (unknown_board, {"custom_id": "wc:nothing:1", "component_type": 2}),
        # a custom id the pressed message does not carry
        (board, {"custom_id": f"wc:hand:{game_id}0", "component_type": 2}),
    ]
    for message, data in presses:
        refusal = await world.reply(fake._inject(3, user, world.place(info), data, message=message))
        assert refusal.ephemeral and "You cannot use that button" in refusal.content, refusal.content
    assert (await world.service.get_game(game_id)).ply == 0
