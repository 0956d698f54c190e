"""What the adapter asked for: the last action as data for the board highlight, and a finished game's replay
frames (spectator views built inside the service)."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.engine.notation import FACE_DOWN_KINDS
from warchest_bot.service import Player, ServiceError

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")
SEED = 2**62 + 12345


async def test_last_action_is_the_public_action_json(service):
    game = await service.create_game([ANN, BOB], options={"units": "first-game", "max_rounds": 2})
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


async def test_replay_frames_are_spectator_views_of_a_finished_game_only(service):
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game", "max_rounds": 2})
    with pytest.raises(ServiceError) as err:
        await service.replay_frames(game.id)
    assert err.value.code == "not_finished"
    ref = GameState.new(Options(players=2, units="first-game", max_rounds=2, seed=SEED))
    views = [ref.view_for(None)]
    rng = random.Random(5)
    users = {s.seat: s.user_id for s in game.seats}
    while not ref.is_terminal():
        action = rng.choice(ref.legal_actions())
        await service.play(game.id, users[ref.current_player], action, expected_ply=ref.ply)
        ref.apply(action)
        views.append(ref.view_for(None))
    frames = await service.replay_frames(game.id)
    assert [f.ply for f in frames] == list(range(ref.ply + 1))  # a short game: every ply
    assert [f.view for f in frames] == views
    assert frames[0].last is None and all(f.last["text"] for f in frames[1:])
    aborted = await service.create_game([ANN, BOB], options={"units": "first-game"})
    await service.abort(aborted.id, ANN.user_id)
    with pytest.raises(ServiceError):
        await service.replay_frames(aborted.id)
