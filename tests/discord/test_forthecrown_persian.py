"""For the Crown on a Persian server with Persian players, end to end through the real discord.py client
against the fake Discord: `/wc new game:forthecrown` found by its Persian title, a whole short game to its
result and replay with every text sent in Persian (`persian_check`: the turn summaries' card and unit
names included), the rules guide's card pages; and undo by turn: a turn under way that drew nothing can
be taken back, a turn whose end drew the next hand cannot."""

from __future__ import annotations

import re

from fakediscord import FakeMessage, FakeUser
from persian_check import check_languages
from test_forthecrown import board, boards, choose
from wc_helpers import World

from warchest_bot.i18n import t

KIND = "forthecrown"


async def slash(world: World, user: FakeUser, name: str, options=None, place=None) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, place or world.channel, name, options or {})
    return await world.reply(inter)


async def test_a_whole_game_in_persian(world: World) -> None:
    fake = world.fake
    assert (await slash(world, fake.owner, "wc admin server", {"language": "fa"})).ephemeral
    for user in (world.alice, world.bob):
        await slash(world, user, "wc my settings", {"language": "fa"})
    offered = await fake.autocomplete(world.alice, world.channel, "wc new", {"game": "تاج"}, focused="game")
    assert {"name": t("title.forthecrown", "fa"), "value": KIND} in offered
    message = await slash(
        world, world.alice, "wc new", {"opponent": world.bob, "game": KIND, "settings": "turn_cap=6"}
    )
    game_id = max(
        g.id for g in (await world.service.games_for_user(world.alice.id, status="all", limit=5)).games
    )
    await world.reply(await fake.click_button(world.bob, message, f"wc:ch:join:{game_id}"))
    info = await world.service.get_game(game_id)
    await board(world, info, 0)
    info = await world.service.get_game(game_id)
    place = world.place(info)
    decisions = 0
    while info.status == "active":
        info, user, legal = await world.to_act(game_id)
        assert (await world.play_slash(game_id, choose(legal, world.rng).text, user, place)).ephemeral
        decisions += 1
        info = await world.service.get_game(game_id)
    final = await board(world, info, info.ply)
    assert info.over.message("fa") in final.content
    posts = boards(world, info)
    assert len(posts) == 6 + 1 < decisions
    assert any(t("forthecrown.phrase.end_turn", "fa") in p.content for p in posts)
    await fake.wait_for_message(place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments), 90)
    for name, options in (
        ("wc look history", {"game": game_id}),
        ("wc rules", {"game": KIND, "topic": "برج"}),
        ("wc rules", {"game": KIND, "unit": "tower"}),
    ):
        assert (await slash(world, world.alice, name, options, place)).ephemeral
    everyone = {"public": "fa", world.alice.id: "fa", world.bob.id: "fa", fake.owner.id: "en"}
    problems, counts = check_languages(fake, everyone)
    assert not problems, "\n".join(problems[:40])
    assert counts["fa"] > 50


async def test_undo_takes_back_a_turn_under_way_but_never_a_draw(world: World) -> None:
    fake = world.fake
    message = await slash(world, world.alice, "wc new", {"opponent": world.bob, "game": KIND})
    game_id = int(re.search(r"#(\d+)", message.content)[1])
    await world.reply(await fake.click_button(world.bob, message, f"wc:ch:join:{game_id}"))
    info, user, legal = await world.to_act(game_id)
    other = world.bob if user is world.alice else world.alice
    march = next(a for a in legal if a.text.startswith("Ki "))
    await world.play_slash(game_id, march.text, user, world.place(info))
    request = await world.bot.correspondence.request_undo(game_id, user.id)
    assert request.waiting_for == (other.id,)
    answer = await world.bot.correspondence.answer_undo(game_id, other.id, True)
    assert answer.status == "accepted" and answer.ply == 0
    # a whole turn: its end drew the next hand, so it cannot be taken back
    while (info := await world.service.get_game(game_id)).to_act.user_id == user.id:
        legal = await world.service.legal_actions(game_id, user.id)
        await world.play_slash(game_id, "end", user, world.place(info))
    refused = await slash(world, user, "wc undo", {"game": game_id}, world.place(info))
    assert refused.ephemeral and info.ply == (await world.service.get_game(game_id)).ply
