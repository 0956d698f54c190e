"""What the adapter asked for: the last action as data for the board highlight, and a finished game's full
action log for replays (face-down coins included only once the game is over)."""

from __future__ import annotations

import random

import pytest

from warchest_bot.engine import GameState, Options, action_to_json, parse_action
from warchest_bot.engine.notation import FACE_DOWN_KINDS
from warchest_bot.service import Player, ServiceError

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


async def test_last_action_is_the_public_action_json(service):
    game = await service.create_game([ANN, BOB], units="first-game", max_rounds=2)
    rng = random.Random(3)
    info = game
    seen_face_down = False
    while info.status == "active":
        legal = await service.legal_actions(info.id, info.to_act.user_id)
        choice = rng.choice(legal)
        result = await service.play(info.id, info.to_act.user_id, choice.text, expected_ply=info.ply)
        last = result.last_action
        assert last is not None and last["seat"] == result.seat and last["text"] == result.action
        assert last["kind"] == result.kind
        if result.kind in FACE_DOWN_KINDS:
            seen_face_down = True
            assert last["coin"] is None  # paid face down: not shown
        info = await service.get_game(info.id)
    assert seen_face_down


async def test_finished_log_is_the_full_log_of_a_finished_game_only(service):
    game = await service.create_game([ANN, BOB], units="first-game", max_rounds=2)
    with pytest.raises(ServiceError) as err:
        await service.finished_log(game.id)
    assert err.value.code == "not_finished"
    info = game
    rng = random.Random(5)
    while info.status == "active":
        legal = await service.legal_actions(info.id, info.to_act.user_id)
        await service.play(info.id, info.to_act.user_id, rng.choice(legal).text, expected_ply=info.ply)
        info = await service.get_game(info.id)
    log = await service.finished_log(info.id)
    assert [e.ply for e in log] == list(range(info.ply))
    state = GameState.new(Options(players=2, units="first-game", max_rounds=2, seed=info.seed))
    for entry in log:  # the full texts replay the game exactly
        action = parse_action(state, entry.text)
        assert action_to_json(action, entry.seat)["text"]
        state.apply(action)
    assert state.is_terminal()
    aborted = await service.create_game([ANN, BOB], units="first-game")
    await service.abort(aborted.id, ANN.user_id)
    with pytest.raises(ServiceError):
        await service.finished_log(aborted.id)
