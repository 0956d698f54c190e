"""For the Crown end to end through the real discord.py client against the fake Discord: `/wc new
game:forthecrown` (offered by autocomplete, options by settings), the thread, one board post per TURN with
the turn's summary (not one per decision), hands by DM, a whole game to its result and replay; nothing
hidden leaking (the other player's hand is in no post, no DM to the other player, no view, no log line);
False Orders' promotion decided by the other player in the middle of a turn (a human, and the bot); a game
against the bot."""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fakediscord import FakeMessage, FakeUser
from wc_helpers import GIF, PNG, World

from warchest_bot.games import register_game, unregister_game
from warchest_bot.games.forthecrown.engine import FtcState, new_game
from warchest_bot.games.forthecrown.entry import FOR_THE_CROWN, ForTheCrown
from warchest_bot.i18n import t
from warchest_bot.service import GameInfo, Legal
from warchest_bot.service import lobby as lobby_module

KIND = "forthecrown"
DEAL = 1  # the seed of the whole-game test's deal


async def slash(world: World, user: FakeUser, name: str, options=None, place=None) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, place or world.channel, name, options or {})
    return await world.reply(inter)


def boards(world: World, info: GameInfo, kind: str = KIND) -> list[FakeMessage]:
    """The game's board posts so far (each file name is the game's own)."""
    prefix = f"{kind}-{info.id}-"
    return [
        m
        for m in world.fake.messages_in(world.place(info))
        if any(a.filename.startswith(prefix) and a.filename.endswith(".png") for a in m.attachments)
    ]


async def board(world: World, info: GameInfo, ply: int, kind: str = KIND) -> FakeMessage:
    name = f"{kind}-{info.id}-{ply}.png"
    return await world.fake.wait_for_message(
        None, lambda m: any(a.filename == name for a in m.attachments), 60
    )


async def challenge(world: World, kind: str = KIND, settings: str | None = None) -> GameInfo:
    """Alice challenges Bob, Bob accepts; the first board post is in the game's thread."""
    fake = world.fake
    options: dict[str, Any] = {"opponent": world.bob, "game": kind}
    if settings:
        options["settings"] = settings
    message = await slash(world, world.alice, "wc new", options)
    game_id = int(re.search(r"#(\d+)", message.content)[1])
    await world.reply(await fake.click_button(world.bob, message, f"wc:ch:join:{game_id}"))
    info = await world.service.get_game(game_id)
    first = await board(world, info, 0, kind)
    assert first.attachments[0].data.startswith(PNG) and first.attachments[0].description
    return await world.service.get_game(game_id)


def choose(legal: tuple[Legal, ...], rng: random.Random) -> Legal:
    """A player who attacks when it can, buys the dearest card, plays cards, marches forward, deploys, and
    ends a phase last."""

    def score(action: Legal) -> float:
        words = action.text.split()
        if words[0] == "buy":
            return 50 + rng.random()
        if len(words) == 2 and "x" in words[1]:
            return 100 + rng.random()
        if words[0] == "play":
            return 30 + rng.random()
        if words[0] == "deploy":
            return 20 + rng.random()
        if words[0] == "end":
            return 0
        return 10 + rng.random()

    return max(legal, key=score)


async def test_registered_and_offered(world: World) -> None:
    offered = await world.fake.autocomplete(
        world.alice, world.channel, "wc new", {"game": "crown"}, focused="game"
    )
    assert {"name": "For the Crown", "value": KIND} in offered
    rules = await slash(world, world.alice, "wc rules", {"game": KIND})
    assert rules.ephemeral and "Sovereign" in rules.content
    page = await slash(world, world.alice, "wc rules", {"game": KIND, "topic": "Tower"})
    assert "**Tower**" in page.content and "*" in page.content  # a house value is marked


async def test_a_whole_game_one_post_per_turn_and_nothing_hidden_leaks(
    world: World, caplog, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.DEBUG)
    fake = world.fake
    # A fixed deal: with a random one, both players sometimes held only hands the other also held (the
    # same starting cards), and the leak check below had nothing to look for (CI, 3 December).
    monkeypatch.setattr(lobby_module.secrets, "randbelow", lambda limit: DEAL)
    info = await challenge(world, settings="turn_cap=8")
    monkeypatch.undo()
    game_id, place = info.id, world.place(info)
    assert place.is_thread and info.options["turn_cap"] == 8
    own: dict[int, set[int]] = {world.alice.id: set(), world.bob.id: set()}  # answers only their player sees
    hands_seen: dict[int, set[str]] = {world.alice.id: set(), world.bob.id: set()}
    decisions = 0
    while info.status == "active":
        info, user, legal = await world.to_act(game_id)
        other = world.bob if user is world.alice else world.alice
        mine, theirs = [await world.service.view(game_id, u.id) for u in (user, other)]
        seat = mine["seat"]
        # a seat's view: its own hand, the other's count only; no deck anywhere
        assert "decks" not in mine and "hands" not in mine and mine["hand"] is not None
        assert mine["hand_counts"][1 - seat] == len(theirs["hand"])
        hands_seen[user.id].add(FOR_THE_CROWN.private_alt_text(mine, None, "en"))
        answer = await world.play_slash(game_id, choose(legal, world.rng).text, user, place)
        assert answer.ephemeral, answer.content
        own[user.id].add(answer.id)
        decisions += 1
        info = await world.service.get_game(game_id)
        for u in (user, other):  # every hand each player held, the last one too
            hands_seen[u.id].add(
                FOR_THE_CROWN.private_alt_text(await world.service.view(game_id, u.id), None, "en")
            )
        assert decisions < 400
    assert info.status == "finished" and info.over is not None
    final = await board(world, info, info.ply)
    assert info.over.message("en") in final.content
    posts = boards(world, info)
    # one board post per turn (8 turns and the first), each with the turn's summary
    assert len(posts) == 8 + 1 < decisions
    summaries = [p.content for p in posts[1:]]
    assert all(t("forthecrown.phrase.end_turn", "en") in s for s in summaries), summaries
    assert any("bought" in s for s in summaries)
    replay = await fake.wait_for_message(
        place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments), 90
    )
    assert replay.attachments[0].data.startswith(GIF)
    # A hand's description is read by its player alone: never in a post, nor in the other player's DMs
    # (a hand the other player also held at some point, e.g. the same five starting cards, proves nothing)
    for user_id, seen in hands_seen.items():
        hands = seen - set().union(*(h for u, h in hands_seen.items() if u != user_id))
        assert hands
        for m in fake.messages.values():
            if m.id in own[user_id] or m.channel_id == fake.dm_channel(fake.users[user_id]).id:
                continue
            for hand in hands:
                if hand == t("alt.ftc.hand.empty", "en"):
                    continue
                assert hand not in m.content and all(hand != a.description for a in m.attachments), (
                    user_id,
                    m.channel_id,
                    {u: fake.dm_channel(fake.users[u]).id for u in own},
                    m.content,
                    hand,
                )
    history = await slash(world, world.bob, "wc look history", {"game": game_id}, place)
    assert history.ephemeral and "topdeck " not in history.content.replace("topdeck\n", "")
    logged = [r.getMessage() for r in caplog.records if r.name.startswith("warchest_bot")]
    assert not [line for line in logged if '"decks"' in line or '"hands"' in line]


# --- False Orders: the other player decides in the middle of a turn ----------------------------------------
FIXED = "ftcfixed"


def fixed_position(seed: int) -> FtcState:
    """Seat 0 to play with False Orders in hand; seat 1's Pawn on c2 can march to c1 (its eighth rank)."""
    data = new_game({}, seed).to_json()
    deck = ["peon"] * 6 + ["guard"] * 4
    data.update(
        board={"e1": [0, "Ki"], "e8": [1, "Ki"], "c2": [1, "Pa"], "h1": [0, "Ro"]},
        hands=[["false-orders", "guard", "peon", "peon", "peon"], ["guard", "guard", "peon", "peon", "peon"]],
        decks=[list(deck), list(deck)],
        discards=[[], []],
        barracks=[[], []],
    )
    state = FtcState.from_json(data)
    state.seed = seed  # type: ignore[attr-defined]
    return state


class FixedCrown(ForTheCrown):
    """For the Crown from `fixed_position` (registered by these tests alone)."""

    kind = FIXED
    title = "For the Crown (fixed)"

    def new_state(self, options, seed):
        return fixed_position(seed)


@pytest.fixture
def fixed_game() -> Iterator[FixedCrown]:
    """`FixedCrown` registered for the whole test, the bot's deliveries after its end included."""
    game = register_game(FixedCrown())
    try:
        yield game
    finally:
        unregister_game(FIXED)


async def test_false_orders_lets_the_owner_promote_in_the_middle_of_the_turn(
    fixed_game, world: World
) -> None:
    fake = world.fake
    if True:
        info = await challenge(world, FIXED)
        game_id, place = info.id, world.place(info)
        info, player, _ = await world.to_act(game_id)
        owner = world.bob if player is world.alice else world.alice
        mark = fake.mark()
        answer = await world.play_slash(game_id, "play false-orders false_orders Pa c2-c1", player, place)
        assert answer.ephemeral
        info, user, legal = await world.to_act(game_id)
        assert user is owner and "promote Kn" in [a.text for a in legal]  # the owner decides now
        asked = await fake.wait_for_message(owner, lambda m: m.attachments or m.components, 30, since=mark)
        assert asked.channel_id == fake.dm_channel(owner).id
        assert boards(world, info, FIXED)[1:] == []  # still the same turn: nothing posted
        refused = await world.play_slash(game_id, "end", player, place)
        assert refused.ephemeral and info.ply == (await world.service.get_game(game_id)).ply
        assert (await world.play_slash(game_id, "promote Kn", owner, place)).ephemeral
        info, user, legal = await world.to_act(game_id)
        assert user is player  # back to the turn's player
        while (info := await world.service.get_game(game_id)).to_act.user_id == player.id:
            legal = await world.service.legal_actions(game_id, player.id)
            await world.play_slash(
                game_id, "end" if any(a.text == "end" for a in legal) else legal[0].text, player, place
            )
        await board(world, info, info.ply, FIXED)
        posts = boards(world, info, FIXED)
        assert len(posts) == 2  # the first board and the whole turn's
        turn = posts[1].content
        assert "False Orders" in turn and t("forthecrown.phrase.promote", "en", unit="Knight") in turn
        assert f"{owner.global_name}:" in turn  # the owner's decision is named as theirs
        assert (await world.service.view(game_id, owner.id))["board"][2] == [1, "Kn"]


async def bot_decided(world: World, game_id: int) -> GameInfo:
    """The game once the bot has taken every decision it owes now."""
    for _ in range(1200):
        info = await world.service.get_game(game_id)
        if info.status != "active" or (info.to_act is not None and info.to_act.user_id is not None):
            return info
        await asyncio.sleep(0.05)
    raise AssertionError("the bot did not decide")


async def test_the_bot_promotes_its_unit_in_the_middle_of_the_turn(fixed_game, world: World) -> None:
    """Alice's False Orders marches the bot's Pawn to its eighth rank: the bot decides the promotion in the
    middle of Alice's turn, and the turn goes back to her. (Seats are drawn at random: a game in which the
    bot sits first is resigned and another started, until Alice has the False Orders turn.)"""
    if True:
        for _ in range(12):
            answer = await slash(world, world.alice, "wc new", {"game": FIXED, "ai": "easy"})
            game_id = int(re.search(r"#(\d+)", answer.content)[1])
            await world.fake.wait_until(lambda m=answer.id: "has started" in world.fake.messages[m].content)
            info = await bot_decided(world, game_id)
            if next(s.seat for s in info.seats if s.user_id == world.alice.id) == 0:
                break
            await world.resign(world.alice, game_id, world.place(info))
        else:
            raise AssertionError("Alice never sat first")
        place = world.place(info)
        await world.play_slash(game_id, "play false-orders false_orders Pa c2-c1", world.alice, place)
        info = await bot_decided(world, game_id)
        assert info.status == "active" and info.to_act.user_id == world.alice.id
        view = await world.service.view(game_id, world.alice.id)
        assert view["board"][2] is not None and view["board"][2][0] == 1 and view["pending"] is None
        assert view["turn_of"] == 0 and view["turn"] == 0  # still Alice's first turn
        assert boards(world, info, FIXED)[1:] == []


async def test_a_game_against_the_bot(world: World) -> None:
    fake, alice = world.fake, world.alice
    answer = await slash(world, alice, "wc new", {"game": KIND, "ai": "easy"})
    assert not answer.ephemeral
    game_id = int(re.search(r"#(\d+)", answer.content)[1])
    await fake.wait_until(lambda: "has started" in fake.messages[answer.id].content)
    info = await world.service.get_game(game_id)
    assert info.kind == KIND and next(s for s in info.seats if s.user_id is None).ai_level == "easy"
    place, made = world.place(info), 0
    while info.status == "active":
        info = await bot_decided(world, game_id)
        if info.status != "active" or (made >= 15 and await world.service.turn_start(game_id) == info.ply):
            break  # Alice's turn begins
        legal = await world.service.legal_actions(game_id, alice.id)
        assert (await world.play_slash(game_id, choose(legal, world.rng).text, alice, place)).ephemeral
        made += 1
    if info.status == "active":
        await board(world, info, info.ply)
    posts = boards(world, info)
    assert 3 <= len(posts) < info.ply  # a post per turn (the bot's turns too), not per decision
