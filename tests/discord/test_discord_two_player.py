"""A challenge accepted and a whole 2-player game played through /wc play (with autocomplete)."""

from __future__ import annotations

import json

from wc_helpers import GIF, PNG, World

from warchest_bot.discord import menus


async def start_challenge(world: World, creator, opponent, **options) -> int:
    fake = world.fake
    inter = await fake.send_slash_command(
        creator, world.channel, "wc new", {"opponent": opponent, "units": "first-game", **options}
    )
    challenge = await world.reply(inter)
    assert not challenge.ephemeral and challenge.mentioned_ids == [opponent.id]
    game_id = int(challenge.content.split("#")[1].split()[0])
    accept = await fake.click_button(opponent, challenge, f"wc:ch:join:{game_id}")
    assert (await world.reply(accept)).ephemeral
    await fake.wait_until(lambda: "has started" in fake.messages[challenge.id].content)
    assert fake.messages[challenge.id].components == []
    return game_id


async def test_challenge_accepted_and_game_played_to_the_end_by_slash_commands(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob, max_rounds=3)
    info = await world.service.get_game(game_id)
    assert (
        info.status == "active" and info.thread_id == fake.messages[info.thread_id].id
    )  # thread from challenge
    place = world.place(info)
    assert place.is_thread
    first = await world.board_post(info, 0)
    assert first.attachments[0].data.startswith(PNG)
    assert first.mentioned_ids == [info.to_act.user_id]
    for user in (world.alice, world.bob):  # each got the hand, privately
        dm = await fake.wait_for_message(user, lambda m: m.attachments)
        assert dm.is_dm and dm.attachments[0].data.startswith(PNG) and "Your hand" in dm.content
        ids = [c["custom_id"] for c in dm.walk_components() if "custom_id" in c]
        if user.id == info.to_act.user_id:  # the guided menu comes with the hand of the player to act
            assert ids and all(i.startswith(("wc:coin:", "wc:kind:", "wc:do:", "wc:act:")) for i in ids)
        else:
            assert ids == [f"wc:menu:{game_id}:now", f"wc:hand:{game_id}"]  # Play works when the turn comes

    moves = 0
    while info.status == "active":
        info, user, legal = await world.to_act(game_id)
        if moves == 0:  # autocomplete offers exactly the caller's legal actions, filtered by what is typed
            choices = await fake.autocomplete(
                user, place, "wc play", {"action": "", "game": game_id}, focused="action"
            )
            assert [c["name"] for c in choices] == [a.text for a in legal][:25]
            assert [c["value"] for c in choices] == [f"{a.text}@{info.ply}" for a in legal][:25]
            typed = legal[-1].text.split()[0]
            choices = await fake.autocomplete(user, place, "wc play", {"action": typed}, focused="action")
            assert choices and all(typed.lower() in c["name"].lower() for c in choices)
            other = world.bob if user is world.alice else world.alice
            assert await fake.autocomplete(other, place, "wc play", {"action": ""}, focused="action") == []
        action = world.rng.choice(legal)
        answer = await world.play_slash(game_id, action.text, user, place)
        assert answer.ephemeral and action.text in answer.content
        post = await world.board_post(info, info.ply + 1)
        assert post.attachments[0].data.startswith(PNG)
        info = await world.service.get_game(game_id)
        if info.status == "active":
            assert post.mentioned_ids == [info.to_act.user_id]  # only the player to act is pinged
        moves += 1
    assert info.status == "finished" and moves > 10
    final = await world.board_post(info, info.ply)
    assert info.over is not None and info.over.message() in final.content
    replay = await fake.wait_for_message(
        place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments)
    )
    assert replay.attachments[0].data.startswith(GIF)
    # nothing public carried a private hand
    assert not [m for m in fake.messages_in(place) if any("hand" in a.filename for a in m.attachments)]
    # the seed never left the service: no post, DM, button or file name carries it
    seed = str((await world.service.storage.get_game(game_id)).seed)
    for m in fake.messages.values():
        shown = json.dumps([m.content, m.embeds, m.components, [a.filename for a in m.attachments]])
        assert seed not in shown


def test_menus_group_coin_kind_target():
    from warchest_bot.service import Legal

    legal = (
        Legal("Sw deploy e2", "Sw deploy e2", "deploy"),
        Legal("Sw recruit Pi", "recruit Pi", "recruit"),
        Legal("Pi deploy e2", "Pi deploy e2", "deploy"),
    )
    step = menus.first_step(legal)
    assert step.level == "coin" and step.coins == ("Sw", "Pi")
    assert menus.after_coin(legal, "Sw").kinds == ("deploy", "recruit")
    assert menus.after_coin(legal, "Pi").choices == (legal[2],)
    follow = (Legal("move e3-e4", "move e3-e4", "move", True), Legal("decline", "decline", "decline", True))
    assert menus.first_step(follow).level == "target"
    assert [a.text for a in menus.filter_actions(legal, "sw DEP")] == ["Sw deploy e2"]
    last = menus.last_action_json("Ca tactic e3-e4xf4", 1)
    assert last["coin"] == "Cavalry" and last["hexes"] == ["e3", "e4", "f4"] and last["seat"] == 1
