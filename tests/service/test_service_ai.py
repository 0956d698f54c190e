"""AI seats: games against the bot are created at once, the AI plays through `play_ai` exactly like a human
(same checks, same commit), only from its own view, and AI turns can be found again after a restart."""

from __future__ import annotations

import random

import pytest

from warchest_bot.service import AiPlayer, GameService, ServiceError

from .helpers import ANN, BOB, FakeClock, dump

BOT = AiPlayer("easy", "Bot (easy)")


async def code_of(awaitable) -> str:
    with pytest.raises(ServiceError) as info:
        await awaitable
    return info.value.code


async def _human_or_ai_move(service: GameService, game_id: int, rnd: random.Random) -> bool:
    """One decision by whoever must act; False once the game is over."""
    info = await service.get_game(game_id)
    if info.status != "active":
        return False
    turn = await service.ai_turn(game_id)
    if turn is not None:
        assert info.to_act.ai_level == "easy" and info.to_act.user_id is None
        legal = await _legal_for_view(service, game_id)
        action = rnd.choice(legal)
        await service.play_ai(game_id, turn.seat, action, expected_ply=turn.ply)
    else:
        legal = await service.legal_actions(game_id, info.to_act.user_id)
        await service.play(game_id, info.to_act.user_id, rnd.choice(legal).text, expected_ply=info.ply)
    return True


async def _legal_for_view(service: GameService, game_id: int) -> list[str]:
    async with service.locked(game_id):
        state = (await service.live(game_id)).state
        return [service.rules.text(a, public=False) for a in state.legal_actions()]


async def test_game_against_the_ai_starts_at_once_is_unrated_and_plays_to_the_end(service: GameService):
    game = await service.create_game(
        [ANN, BOT], rated=True, seed=11, options={"units": "first-game", "max_rounds": 3}
    )
    assert game.status == "active" and not game.rated
    ai_seat = game.seats[1]
    assert ai_seat.user_id is None and ai_seat.ai_level == "easy" and ai_seat.name == "Bot (easy)"
    assert game.user_ids == (ANN.user_id,)
    rnd = random.Random(3)
    ai_moves = 0
    while True:
        turn = await service.ai_turn(game.id)
        if turn is not None:
            assert turn.seat == 1 and turn.level == "easy" and "rng" not in turn.view
            assert turn.view["viewer"] == 1
            ai_moves += 1
        if not await _human_or_ai_move(service, game.id, rnd):
            break
    info = await service.get_game(game.id)
    assert info.status == "finished" and ai_moves > 3
    assert await service.ai_turn(game.id) is None
    assert (await service.games_for_user(ANN.user_id, status="finished")).games[0].id == game.id


async def test_play_ai_refuses_human_seats_stale_plies_and_humans_cannot_play_for_the_ai(
    service: GameService, db_path
):
    game = await service.create_game([ANN, BOT], seed=5, options={"units": "first-game"})
    ai_first = game.to_act.seat == 1
    if not ai_first:  # let Ann act so that the AI is to move
        legal = await service.legal_actions(game.id, ANN.user_id)
        await service.play(game.id, ANN.user_id, legal[0].text, expected_ply=0)
    turn = await service.ai_turn(game.id)
    assert turn is not None and turn.seat == 1
    legal = await _legal_for_view(service, game.id)
    before = dump(db_path)
    assert (
        await code_of(service.play(game.id, ANN.user_id, legal[0], expected_ply=turn.ply)) == "not_your_turn"
    )
    assert await code_of(service.play_ai(game.id, 0, legal[0], expected_ply=turn.ply)) == "not_seated"
    assert await code_of(service.play_ai(game.id, 1, legal[0], expected_ply=turn.ply + 1)) == "stale"
    assert await code_of(service.play(game.id, BOB.user_id, legal[0], expected_ply=turn.ply)) == "not_seated"
    assert dump(db_path) == before
    result = await service.play_ai(game.id, 1, legal[0], expected_ply=turn.ply)
    assert result.seat == 1 and result.user_id is None and result.ply == turn.ply + 1


async def test_ai_turns_are_found_after_a_restart(db_path):
    async with GameService.open(db_path, clock=FakeClock()) as service:
        games = [
            await service.create_game([ANN, BOT], seed=s, options={"units": "first-game"})
            for s in range(1, 7)
        ]
        waiting = {g.id for g in games if g.to_act.ai_level is not None}
        human = {g.id for g in games} - waiting
        assert waiting and human  # both cases among the seeds
    async with GameService.open(db_path, clock=FakeClock()) as service:
        assert set(await service.games_awaiting_ai()) == waiting
        for game_id in human:
            info = await service.get_game(game_id)
            legal = await service.legal_actions(game_id, ANN.user_id)
            await service.play(game_id, ANN.user_id, legal[0].text, expected_ply=info.ply)
        assert len(await service.games_awaiting_ai()) >= len(waiting)


async def test_four_player_game_with_ai_seats_and_some_seat_must_be_human(service: GameService):
    game = await service.create_game(
        [ANN, AiPlayer("easy", "B1"), AiPlayer("normal", "B2"), AiPlayer("hard", "B3")],
        options={"units": "first-game"},
    )
    assert [s.ai_level for s in game.seats] == [None, "easy", "normal", "hard"]
    with pytest.raises(ValueError):
        await service.create_game([BOT, AiPlayer("hard", "Bot (hard)")])


async def test_ai_may_take_seat_zero_and_the_first_human_is_the_creator(service: GameService):
    """A rematch against the bot swaps the sides: the AI in seat 0, the human creator in seat 1."""
    game = await service.create_game([BOT, ANN], rated=True, options={"units": "first-game"})
    assert [(s.seat, s.user_id, s.ai_level) for s in game.seats] == [
        (0, None, "easy"),
        (1, ANN.user_id, None),
    ]
    assert game.created_by == ANN.user_id and not game.rated and game.status == "active"
    rnd = random.Random(3)
    for _ in range(6):  # both seats decide in turn, the AI's through play_ai
        assert await _human_or_ai_move(service, game.id, rnd)
    assert (await service.get_game(game.id)).ply == 6


async def test_game_info_and_ai_turns_name_the_stored_game_kind(service):
    """The adapter picks renderers, menus and AI by the game's kind, which the service states."""
    game = await service.create_game([ANN, BOT], seed=5, options={"units": "first-game"})
    assert game.kind == (await service.get_game(game.id)).kind == "warchest"
    rnd = random.Random(1)
    while (turn := await service.ai_turn(game.id)) is None:
        assert await _human_or_ai_move(service, game.id, rnd)
    assert turn.kind == "warchest"
