"""A third game that lives only under tests/ (Tiny Lines, `tests/games/tinygame.py`) played through the
service on a real SQLite file: nothing outside tests/ knows it. Create, join, play to a result with its
hidden blockers, resign, take back, rematch, restart, the bot as a player, its own ratings."""

from __future__ import annotations

import pytest

from warchest_bot.games import GameKind, pictures_of
from warchest_bot.service import AiPlayer, Correspondence, GameService, ServiceError

from .conftest import ANN, BOB, CAT, GUILD

KIND = "tinylines"


def _seat_user(info, seat):
    return next(s.user_id for s in info.seats if s.seat == seat)


async def _play(service, game_id, text):
    info = await service.get_game(game_id)
    return await service.play(game_id, info.to_act.user_id, text, expected_ply=info.ply)


async def _refusal(call) -> ServiceError:
    with pytest.raises(ServiceError) as err:
        await call
    return err.value


async def test_challenge_join_and_play_to_a_line(corr, tiny_game):
    assert isinstance(tiny_game, GameKind)  # the whole interface, from tests/ alone
    service = corr.service
    open_game = await service.create_challenge(ANN, kind=KIND, guild_id=GUILD, rated=True)
    assert (open_game.kind, open_game.players, open_game.free_seats) == (KIND, 2, (1,))
    assert dict(open_game.options) == {"first": "seat0", "blockers": 1}
    game = await service.join(open_game.id, BOB)
    assert game.status == "active" and game.to_act.user_id == ANN.user_id
    # Each seat sees its own blocker, nobody else's; a spectator sees none.
    ann_view, bob_view = await service.view(game.id, ANN.user_id), await service.view(game.id, BOB.user_id)
    assert ann_view["my_blocker"] is not None and bob_view["my_blocker"] is not None
    assert ann_view["my_blocker"] != bob_view["my_blocker"]
    assert (await service.view(game.id))["my_blocker"] is None
    legal = await service.legal_actions(game.id, ANN.user_id)
    assert {entry.kind for entry in legal} == {"mark", "reveal"} and len(legal) == 10
    assert await service.legal_actions(game.id, BOB.user_id) == ()
    refused = await _refusal(service.play(game.id, BOB.user_id, "mark a1", expected_ply=0))
    assert refused.code == "not_your_turn"
    refused = await _refusal(service.play(game.id, ANN.user_id, "jump a1", expected_ply=0))
    assert refused.code == "unparseable"
    for text in ("mark a1", "mark a2", "mark b1", "mark b2"):
        played = await _play(service, game.id, text)
        assert played.game_over is None and played.phase == "play" and not played.drew
    last = await _play(service, game.id, "mark c1")
    over = last.game_over
    assert over is not None and over.reason == "line" and over.winner_team == 0
    assert over.message() == f"Ann won game #{game.id} with three in a row."
    finished = await service.get_game(game.id)
    assert finished.status == "finished" and [s.outcome for s in finished.seats] == ["win", "loss"]
    assert [e.text for e in await service.action_log(game.id)] == [
        "mark a1",
        "mark a2",
        "mark b1",
        "mark b2",
        "mark c1",
    ]
    frames = await service.replay_frames(game.id)
    assert len(frames) == 6 and pictures_of(tiny_game).render_replay(frames)[:3] == b"GIF"
    # Its ratings are its own: War Chest's did not move.
    assert (
        (await corr.rating(ANN.user_id, kind=KIND)).rating
        > 1500
        > (await corr.rating(BOB.user_id, kind=KIND)).rating
    )
    assert (await corr.rating(ANN.user_id)).games == 0
    stats = await corr.stats(ANN.user_id, GUILD, kind=KIND)
    assert stats.record.overall.wins == 1 and stats.server_rating.games == 1


async def test_a_revealed_blocker_closes_its_square(corr, tiny_game):
    service = corr.service
    game = await service.create_game([ANN, BOB], kind=KIND, seed=3)
    blocker = (await service.view(game.id, ANN.user_id))["my_blocker"]
    played = await _play(service, game.id, "reveal")
    name = "abc"[blocker % 3] + str(blocker // 3 + 1)
    assert played.action == f"reveal {name}" and played.kind == "reveal"
    assert (await service.view(game.id))["board"][blocker] == "#"
    assert (await service.view(game.id, ANN.user_id))["my_blocker"] is None
    refused = await _refusal(_play(service, game.id, f"mark {name}"))
    assert refused.code == "illegal"
    assert all(entry.text != f"mark {name}" for entry in await service.legal_actions(game.id, BOB.user_id))


async def test_resign_undo_rematch_and_abort(corr, tiny_game):
    service = corr.service
    game = await service.create_game([ANN, BOB], kind=KIND, rated=True)
    assert (await service.abort(game.id, BOB.user_id)).status == "aborted"  # nothing played yet
    game = await service.create_game([ANN, BOB], kind=KIND, rated=True)
    await _play(service, game.id, "mark b2")
    assert (await _refusal(service.abort(game.id, ANN.user_id))).code == "too_late"
    await corr.request_undo(game.id, ANN.user_id)
    answer = await corr.answer_undo(game.id, BOB.user_id, True)
    assert answer.status == "accepted" and answer.ply == 0 and answer.to_act == 0
    await _play(service, game.id, "mark a1")
    ended = await service.resign(game.id, ANN.user_id)
    assert ended.over.reason == "resign" and ended.over.winner_team == 1
    assert [s.name for s in ended.over.winners] == ["Bob"]
    assert (await corr.rating(BOB.user_id, kind=KIND)).games == 1
    again = await corr.rematch(game.id, ANN.user_id)
    assert again.kind == KIND and dict(again.options) == dict(game.options)
    assert [s.user_id for s in again.seats] == [BOB.user_id, ANN.user_id] and again.status == "active"


async def test_options_and_seats_are_the_games(corr, tiny_game):
    service = corr.service
    err = await _refusal(service.create_challenge(ANN, kind=KIND, options={"first": "last"}))
    assert err.code == "bad_options"
    err = await _refusal(service.create_challenge(ANN, kind=KIND, options={"units": "draft"}))
    assert err.code == "bad_options"  # a War Chest option is not one of this game's
    err = await _refusal(service.create_game([ANN, BOB, CAT], kind=KIND))
    assert err.message_id == "error.bad_player_count" and "Tiny Lines" in err.message()
    err = await _refusal(service.create_challenge(ANN, kind=KIND, players=4))
    assert err.code == "bad_options"
    err = await _refusal(service.create_game([ANN, AiPlayer("hard", "Bot")], kind=KIND))
    assert err.message_id == "error.bad_ai_level"  # War Chest has a hard level; this game has not
    game = await service.create_game([ANN, BOB], kind=KIND, options={"first": "random", "blockers": 0})
    assert dict(game.options) == {"first": "random", "blockers": 0}
    assert (await service.view(game.id, ANN.user_id))["my_blocker"] is None


async def test_the_bot_plays_it_and_a_restart_continues_it(db_path, fake_time, tiny_game):
    async with GameService.open(db_path, clock=fake_time, snapshot_every=2) as service:
        game = await service.create_game([ANN, AiPlayer("easy", "Bot")], kind=KIND, seed=5)
        await _play(service, game.id, "mark c3")
        turn = await service.ai_turn(game.id)
        assert turn is not None and turn.kind == KIND and turn.seat == 1 and turn.view["seat"] == 1
        choice = tiny_game.make_player(turn.level).choose_from_view(turn.view)
        played = await service.play_ai(game.id, turn.seat, choice, expected_ply=turn.ply)
        assert played.ply == 2 and played.next.user_id == ANN.user_id
        before = await service.view(game.id, ANN.user_id)
    async with GameService.open(db_path, clock=fake_time) as service:  # rebuilt from the log (no snapshots)
        assert await service.view(game.id, ANN.user_id) == before
        assert (await _play(service, game.id, "mark c2")).ply == 3
        assert await service.games_awaiting_ai() == [game.id]
    async with GameService.open(db_path, clock=fake_time, cache_size=1) as service:
        corr = Correspondence(service, clock=fake_time)
        assert (await corr.rating(ANN.user_id, kind=KIND)).games == 0  # a game with the bot is not rated
        assert (await service.get_game(game.id)).ply == 3
