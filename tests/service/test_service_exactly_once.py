"""Exactly once: the same `/wc play` sent twice applies once. A request carrying its ply is refused once
the game moved on; a typed action (no ply) counts as chosen on the position last shown to the seat."""

from __future__ import annotations

import asyncio
import random

import pytest

from warchest_bot.games.warchest.engine import GameState, Options, format_action
from warchest_bot.service import GameService, ServiceError

from .helpers import ANN, BOB, repeatable_action, users_by_seat


async def _reach(service: GameService, new_round: bool) -> tuple[int, int, str, int]:
    """A game at the position `repeatable_action` found, reached by plays that carry their ply (as
    buttons do), each followed by the changed hands shown to their seats (as the bot's hand DMs do).
    Returns (game id, the user to act, the repeatable text, the round)."""
    seed, played, text, round_now = repeatable_action(new_round=new_round)
    game = await service.create_game([ANN, BOB], seed=seed, options={"units": "first-game"})
    users = users_by_seat(game)
    for user in users.values():
        await service.view(game.id, user)
    for ply, action in enumerate(played):
        info = await service.get_game(game.id)
        result = await service.play(game.id, info.to_act.user_id, action, expected_ply=ply)
        for seat in result.hands_changed:
            await service.view(game.id, users[seat])
    info = await service.get_game(game.id)
    return game.id, users[info.to_act.seat], text, round_now


async def test_a_typed_action_sent_twice_across_a_new_round_applies_once(service: GameService):
    game_id, user, text, round_before = await _reach(service, new_round=True)
    await service.view(game_id, user)  # the player looks at their hand, then types the action (twice)
    first = await service.play(game_id, user, text, expected_ply=None)
    assert first.round == round_before + 1 and first.round_started
    with pytest.raises(ServiceError) as refused:
        await service.play(game_id, user, text, expected_ply=None)
    assert refused.value.code == "stale"
    assert "Look at your new hand (/wc hand)" in refused.value.message()
    assert (await service.get_game(game_id)).ply == first.ply  # applied once
    # Once they have seen the new hand, the same action typed again is their new decision.
    await service.view(game_id, user)
    again = await service.play(game_id, user, text, expected_ply=None)
    assert again.ply == first.ply + 1


async def test_a_typed_action_after_another_process_committed_is_taken(service: GameService, db_path):
    """Two bot processes on one database: the player acted through the other one (a Play button in their
    hand DM goes to Discord's shard 0), which also sent them the new round's hand; the action they then
    type in the game's thread reaches this one, which never saw the new hand shown. It is their decision,
    not a repeat: taken (this process knows nothing newer than what it last showed)."""
    game_id, user, text, round_before = await _reach(service, new_round=True)
    async with GameService.open(db_path) as elsewhere:
        first = await elsewhere.play(game_id, user, text, expected_ply=None)
        assert first.round_started and first.next.user_id == user
        await elsewhere.view(game_id, user)  # the new hand, in their DMs
    again = await service.play(game_id, user, text, expected_ply=None)
    assert again.ply == first.ply + 1


@pytest.mark.parametrize("new_round", [False, True], ids=["same-round", "new-round"])
async def test_a_typed_action_sent_twice_to_two_processes_applies_once(
    service: GameService, db_path, new_round
):
    """The same `/wc play` twice, the second copy reaching another bot process on the same database, which
    never showed the seat anything nor saw the first copy (a slow client retrying; two shards): refused there
    as well, since what the seat was shown and did is kept in the database and checked in the append's
    transaction. Once the seat is shown the position, the same text is their new decision."""
    game_id, user, text, _round = await _reach(service, new_round=new_round)
    first = await service.play(game_id, user, text, expected_ply=None)
    assert first.next is not None and first.next.user_id == user  # they act again
    async with GameService.open(db_path) as elsewhere:
        with pytest.raises(ServiceError) as refused:
            await elsewhere.play(game_id, user, text, expected_ply=None)
        assert refused.value.code == "stale"
        expected = "Look at your new hand (/wc hand)" if new_round else "already went through"
        assert expected in refused.value.message()
        assert (await elsewhere.get_game(game_id)).ply == first.ply  # applied once
        await elsewhere.view(game_id, user)
    again = await service.play(game_id, user, text, expected_ply=None)
    assert again.ply == first.ply + 1


async def test_a_typed_action_sent_twice_in_one_turn_applies_once(service: GameService):
    game_id, user, text, round_before = await _reach(service, new_round=False)
    first = await service.play(game_id, user, text, expected_ply=None)
    assert first.round == round_before and first.next.user_id == user  # they act again
    with pytest.raises(ServiceError) as refused:
        await service.play(game_id, user, text, expected_ply=None)
    assert refused.value.code == "stale" and "already went through" in refused.value.message()
    assert (await service.get_game(game_id)).ply == first.ply
    legal = await service.legal_actions(
        game_id, user
    )  # the list of actions (autocomplete) shows the position
    assert text in [a.text for a in legal] and {a.ply for a in legal} == {first.ply}
    again = await service.play(game_id, user, text, expected_ply=None)
    assert again.ply == first.ply + 1


async def test_a_double_submission_racing_for_the_game_applies_once(service: GameService):
    game_id, user, text, _round = await _reach(service, new_round=True)
    results = await asyncio.gather(
        service.play(game_id, user, text, expected_ply=None),
        service.play(game_id, user, text, expected_ply=None),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, ServiceError)]
    assert len(errors) == 1 and errors[0].code == "stale"
    ply = next(r for r in results if not isinstance(r, BaseException)).ply
    assert (await service.get_game(game_id)).ply == ply


async def test_an_action_carrying_its_ply_applies_once(service: GameService):
    game_id, user, text, _round = await _reach(service, new_round=False)
    [legal] = [a for a in await service.legal_actions(game_id, user) if a.text == text]
    first = await service.play(game_id, user, legal.text, expected_ply=legal.ply)
    with pytest.raises(ServiceError) as refused:
        await service.play(game_id, user, legal.text, expected_ply=legal.ply)
    assert refused.value.code == "stale"
    assert (await service.get_game(game_id)).ply == first.ply


async def test_typed_actions_are_accepted_as_the_bot_shows_hands(service: GameService):
    """A whole game typed by hand: after every action the bot sends the changed hands (as its hand DMs
    do); nothing is refused, although the same seat often acts twice in a row."""
    game = await service.create_game([ANN, BOB], seed=5, options={"units": "first-game", "max_rounds": 6})
    users = users_by_seat(game)
    rng = random.Random(5)
    ref = GameState.new(Options(units="first-game", seed=5, max_rounds=6))
    for seat in users:
        await service.view(game.id, users[seat])  # the first hand DMs
    repeats = 0
    while not ref.is_terminal():
        seat = ref.current_player
        action = rng.choice(ref.legal_actions())
        result = await service.play(game.id, users[seat], format_action(ref, action), expected_ply=None)
        ref.apply(action)
        repeats += ref.current_player == seat
        for changed in result.hands_changed:
            await service.view(game.id, users[changed])
    assert (await service.get_game(game.id)).status == "finished" and repeats
