"""Castles end to end through the real discord.py client against the fake Discord, on a Persian server
with Persian players: `/wc new game:castles` (the Persian title first), the thread, the board after every
turn, hands by DM; the face-down cards hidden until both are in (the posts, Bob's DMs and their pictures,
the history, the bot's log); the die's rolls told in the turn's post; a whole game to its result and
replay, every text in Persian (`persian_check`)."""

from __future__ import annotations

import asyncio
import logging
import random
import re

import pytest
from fakediscord import FakeMessage, FakeUser
from persian_check import check_languages
from wc_helpers import GIF, PNG, World

from warchest_bot.games.castles.entry import CASTLES
from warchest_bot.games.castles.rules import card_cost
from warchest_bot.i18n import t
from warchest_bot.service import GameInfo, Legal


async def slash(world: World, user: FakeUser, name: str, options=None, place=None) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, place or world.channel, name, options or {})
    return await world.reply(inter)


async def board(world: World, info: GameInfo, ply: int) -> FakeMessage:
    """The board post of ``info``'s game at ``ply`` (its file name is unique to the game)."""
    name = f"castles-{info.id}-{ply}.png"
    return await world.fake.wait_for_message(
        None, lambda m: any(a.filename == name for a in m.attachments), 60
    )


async def persian_castles_game(world: World) -> GameInfo:
    """A Persian server and players; Alice challenges Bob to Castles and Bob accepts."""
    fake = world.fake
    assert (await slash(world, fake.owner, "wc admin server", {"language": "fa"})).ephemeral
    for user in (world.alice, world.bob):
        await slash(world, user, "wc my settings", {"language": "fa"})
    offered = await fake.autocomplete(world.alice, world.channel, "wc new", {"game": "قلعه"}, focused="game")
    assert offered == [{"name": t("title.castles", "fa"), "value": "castles"}]
    challenge = await slash(world, world.alice, "wc new", {"opponent": world.bob, "game": "castles"})
    game_id = max(
        g.id for g in (await world.service.games_for_user(world.alice.id, status="all", limit=5)).games
    )
    assert "قلعه‌ها" in challenge.content and not challenge.ephemeral
    await world.reply(await fake.click_button(world.bob, challenge, f"wc:ch:join:{game_id}"))
    info = await world.service.get_game(game_id)
    first = await board(world, info, 0)
    info = await world.service.get_game(game_id)
    place = world.place(info)
    assert place.is_thread and "قلعه‌ها" in place.name
    assert first.attachments[0].data.startswith(PNG) and first.attachments[0].description
    for user in (world.alice, world.bob):
        dm = await fake.wait_for_message(user, lambda m: m.attachments, 30)
        assert dm.content.startswith(t("bot.hand.title.castles", "fa", game_id=game_id))
    return info


_MOVE = re.compile(r"([a-g])([1-7])[-x]([a-g])([1-7])$")


def choose(legal: tuple[Legal, ...], seat: int, rng: random.Random) -> Legal:
    """A forward-minded player: an attack when there is one (the die is rolled), else the move that gains
    the most ground towards the other side, else a deploy, else anything but declining."""

    def score(action: Legal) -> float:
        move = _MOVE.search(action.text)
        if move is not None and "x" in action.text.split()[-1]:
            return 100 + rng.random()
        if move is not None:
            gain = int(move[4]) - int(move[2])
            return 10 * (gain if seat == 0 else -gain) + rng.random()
        if action.text.startswith("deploy"):
            return 5 + rng.random()
        return rng.random() - (1 if action.kind in ("skip", "end") else 0)

    return max(legal, key=score)


async def test_the_first_card_stays_hidden_until_the_second_is_in(world: World, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    fake, alice, bob = world.fake, world.alice, world.bob
    info = await persian_castles_game(world)
    place = world.place(info)
    info, user, legal = await world.to_act(info.id)
    assert user is alice and all(a.text.startswith("pick ") for a in legal)
    bobs = (await world.service.view(info.id, bob.id))["sides"][1]["hand"]
    # a card Bob does not hold (the decks are alike): its name must show nowhere Bob or the public reads
    card = next(a.text.split()[1] for a in legal if a.text.split()[1] not in bobs)
    mark = fake.mark()
    answer = await world.play_slash(info.id, f"pick {card}", alice, place)
    assert answer.ephemeral
    prompt = await fake.wait_for_message(bob, lambda m: m.attachments, 30, since=mark)
    down = t("castles.phrase.down", "fa")
    assert down in prompt.content
    bob_view = await world.service.view(info.id, bob.id)
    assert bob_view["sides"][0]["facedown"] is True
    assert prompt.attachments[0].data == CASTLES.private_png(bob_view, names=["Alice", "Bob"], locale="fa")
    assert [m for m in fake.posted[mark:] if m.channel_id == place.id and not m.ephemeral] == []
    history = await slash(world, bob, "wc look history", {"game": info.id}, place)
    assert history.ephemeral and down in history.content
    secrets = [
        f"pick {card}",
        t("castles.phrase.down_own", "fa", card=card),
        t("castles.phrase.down_own", "en", card=card),
    ]
    mine = {answer.id}
    for m in fake.messages.values():
        if m.id in mine or m in fake.dms_to(alice):
            continue  # Alice's own answer and DMs
        assert not any(s in m.content for s in secrets), m.content
        assert not any(s in str(m.components) for s in secrets), m.content
    logged = [r for r in caplog.records if r.name.startswith("warchest_bot") or r.levelno >= logging.INFO]
    assert not [r for r in logged if f"pick {card}" in r.getMessage()]
    # Bob's card is in: both are revealed together in the turn's post
    info, _, legal = await world.to_act(info.id)
    other = legal[-1].text.split()[1]
    await world.play_slash(info.id, f"pick {other}", bob, place)
    post = await board(world, info, 2)
    assert t("castles.phrase.revealed", "fa", first=card, first_cost=card_cost(card), second=other,
             second_cost=card_cost(other)) in post.content  # fmt: skip


@pytest.mark.slow
async def test_a_whole_game_in_persian(world: World) -> None:
    fake = world.fake
    info = await persian_castles_game(world)
    game_id, place = info.id, world.place(info)
    decisions, rolls = 0, 0
    while info.status == "active":
        info, user, legal = await world.to_act(game_id)
        seat = next(s.seat for s in info.seats if s.user_id == user.id)
        action = choose(legal, seat, world.rng)
        answer = await world.play_slash(game_id, action.text, user, place)
        assert answer.ephemeral, answer.content
        decisions += 1
        info = await world.service.get_game(game_id)
        rolls += "x" in action.text.split()[-1]
        assert decisions < 2000
    assert info.status == "finished" and info.over is not None
    final = await board(world, info, info.ply)
    assert info.over.message("fa") in final.content
    posts = [
        m
        for m in fake.messages_in(place)
        if any(a.filename.startswith(f"castles-{game_id}-") for a in m.attachments)
    ]
    assert rolls and any("تاس" in m.content for m in posts)  # the die told in the turn's posts
    assert len(posts) < decisions  # one post per turn, not per decision
    replay = await fake.wait_for_message(
        place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments), 60
    )
    assert replay.attachments[0].data.startswith(GIF)
    for name, options in (("wc look history", {"game": game_id}), ("wc look stats", {"game": "castles"}),
                          ("wc rules", {"game": "castles", "topic": "شوالیه"}), ("wc rules", {"game": "castles", "unit": "Kn"})):  # fmt: skip
        assert (await slash(world, world.alice, name, options, place)).ephemeral
    everyone = {"public": "fa", world.alice.id: "fa", world.bob.id: "fa", fake.owner.id: "en"}
    problems, counts = check_languages(fake, everyone)
    assert not problems, "\n".join(problems[:40])
    assert counts["fa"] > 100


async def bot_decided(world: World, game_id: int) -> GameInfo:
    """The game once the bot has taken every decision it owes now (Alice's turn, or the game over)."""
    for _ in range(1200):
        info = await world.service.get_game(game_id)
        if info.status != "active" or (info.to_act is not None and info.to_act.user_id is not None):
            return info
        await asyncio.sleep(0.05)
    raise AssertionError("the bot did not decide")


async def test_a_game_against_the_bot(world: World) -> None:
    """`/wc new game:castles ai:easy` starts at once; the bot takes its decisions (its picks too, which
    stay hidden until Alice's card is in) and the game goes on turn after turn."""
    fake, alice = world.fake, world.alice
    answer = await slash(world, alice, "wc new", {"game": "castles", "ai": "easy"})
    assert not answer.ephemeral
    game_id = int(answer.content.split("#")[1].split(":")[0])
    await fake.wait_until(lambda: "has started" in fake.messages[answer.id].content)
    info = await world.service.get_game(game_id)
    assert info.kind == "castles" and next(s for s in info.seats if s.user_id is None).ai_level == "easy"
    await board(world, info, 0)
    place, made, bot_plies = world.place(info), 0, 0
    while made < 12 and info.status == "active":
        info = await world.service.get_game(game_id)
        if info.to_act is None:
            break
        if info.to_act.user_id is None:  # the bot's decision
            bot_plies += (await bot_decided(world, game_id)).ply - info.ply
            continue
        legal = await world.service.legal_actions(game_id, alice.id)
        action = choose(legal, next(s.seat for s in info.seats if s.user_id == alice.id), world.rng)
        assert (await world.play_slash(game_id, action.text, alice, place)).ephemeral
        made += 1
    assert made >= 6 and bot_plies >= 3
    posts = [
        m
        for m in fake.messages_in(place)
        if any(a.filename.startswith(f"castles-{game_id}-") for a in m.attachments)
    ]
    assert len(posts) >= 3 and all(alice.id in m.mentioned_ids or not m.mentioned_ids for m in posts)
    # Alice resigns; the Rematch button starts a new game of Castles against the same bot, sides swapped
    info = await bot_decided(world, game_id)
    await world.resign(alice, game_id, place)
    final = await fake.wait_for_message(place, lambda m: "final board" in m.content and m.attachments, 30)
    rematch = await fake.click_button(alice, final, f"wc:rematch:{game_id}")
    await rematch.wait_response()
    answer = fake.messages[final.id] if rematch.response_type == 7 else await world.reply(rematch)
    assert f"rematch of game #{game_id}" in answer.content
    new_id = max(g.id for g in (await world.service.games_for_user(alice.id, status="all", limit=5)).games)
    new = await world.service.get_game(new_id)
    assert new.kind == "castles" and new.status == "active" and new.id != game_id
    assert [s.user_id for s in new.seats] == [s.user_id for s in reversed(info.seats)]
