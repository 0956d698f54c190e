"""Bad input: every refused request gets its specific error code and leaves the database byte-for-byte
unchanged (compared as a full SQL dump)."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.warchest.engine import Action, format_action
from warchest_bot.service import GameService, ServiceError

from .helpers import ANN, BOB, CAT, DAN, dump, play_random, reference, users_by_seat

SEED = 5150


async def _refused(service: GameService, db_path, call, code: str) -> ServiceError:
    before = dump(db_path)
    with pytest.raises(ServiceError) as info:
        await call()
    err = info.value
    assert err.code == code, (err.code, err.message())
    assert err.message() and "{" not in err.message()
    assert err.user_caused
    assert dump(db_path) == before
    return err


@pytest.mark.slow
async def test_bad_plays_change_nothing(service: GameService, db_path):
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    ref = reference(game, SEED)
    users = users_by_seat(game)
    gid = game.id
    me, other = users[ref.current_player], users[1 - ref.current_player]
    ply = ref.ply

    def play(user, text, expected=ply, game_id=gid):
        return lambda: service.play(game_id, user, text, expected_ply=expected)

    some = format_action(ref, ref.legal_actions()[0])
    err = await _refused(service, db_path, play(me, "deploy"), "ambiguous")
    assert "Sw deploy" in err.params["candidates"] or "deploy" in err.params["candidates"]
    err = await _refused(service, db_path, play(me, "decline"), "illegal")
    assert err.message() == "You cannot play “decline” now: there is no follow-up decision to make."
    await _refused(service, db_path, play(me, Action("deploy", 1, (0,))), "illegal")
    await _refused(service, db_path, play(me, "Sw deploy e2 e3 e4"), "illegal")
    for garbage in ("", "   ", None, 42, "hello world", "Sw deploy z9", "Sw deploy e2 please", "💣" * 2000):
        await _refused(service, db_path, play(me, garbage), "unparseable")
    for stale in (ply - 1, ply + 1, ply + 100, "0"):
        err = await _refused(service, db_path, play(me, some, expected=stale), "stale")
        assert err.params["ply"] == ply
    err = await _refused(service, db_path, play(other, some), "not_your_turn")
    assert err.message() == f"It is not your turn in game #{gid}: {game.to_act.name} must decide now."
    await _refused(service, db_path, play(999, some), "not_seated")
    await _refused(service, db_path, play("101", some), "not_seated")
    for bad_id in (gid + 1000, -1, 0, "1", None, True, 2**70):
        await _refused(service, db_path, play(me, some, game_id=bad_id), "unknown_game")

    # the same requests against a game that has moved on, from a cold cache
    await play_random(service, game, ref, random.Random(1), plies=9)
    service.forget()
    ply = ref.ply
    me, other = users[ref.current_player], users[1 - ref.current_player]
    some = format_action(ref, ref.legal_actions()[0])
    await _refused(service, db_path, play(me, some, expected=ply - 9), "stale")
    await _refused(service, db_path, play(other, some, expected=ply), "not_your_turn")
    await _refused(service, db_path, play(me, "Xx deploy e2", expected=ply), "unparseable")
    result = await service.play(gid, me, some, expected_ply=ply)  # and a good request still works
    assert result.ply == ply + 1


async def test_bad_lifecycle_requests_change_nothing(service: GameService, db_path):
    open_game = await service.create_challenge(ANN, players=4, invited=[CAT.user_id])
    await service.join(open_game.id, BOB, seat=1)
    active = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    ref = reference(active, SEED)
    await play_random(service, active, ref, random.Random(2), plies=3)
    done = await service.create_game([CAT, DAN], seed=SEED, options={"units": "first-game"})
    await service.resign(done.id, DAN.user_id)

    o, a, d = open_game.id, active.id, done.id
    refusals = [
        (lambda: service.join(o, BOB), "already_seated"),
        (lambda: service.join(o, DAN, seat=1), "seat_taken"),
        (lambda: service.join(o, DAN, seat=9), "invalid_seat"),
        (lambda: service.join(o, DAN, seat=-1), "invalid_seat"),
        (lambda: service.join(a, CAT), "already_started"),
        (lambda: service.join(d, ANN), "game_over"),
        (lambda: service.join(12345, DAN), "unknown_game"),
        (lambda: service.start(o, ANN.user_id), "table_not_full"),
        (lambda: service.start(o, DAN.user_id), "not_seated"),
        (lambda: service.start(a, ANN.user_id), "already_started"),
        (lambda: service.leave(o, DAN.user_id), "not_seated"),
        (lambda: service.leave(a, ANN.user_id), "already_started"),
        (lambda: service.decline(o, DAN), "not_invited"),
        (lambda: service.decline(a, DAN), "already_started"),
        (lambda: service.abort(o, BOB.user_id), "not_creator"),
        (lambda: service.abort(a, ANN.user_id), "too_late"),
        (lambda: service.abort(a, CAT.user_id), "not_seated"),
        (lambda: service.abort(d, CAT.user_id), "game_over"),
        (lambda: service.resign(o, ANN.user_id), "not_started"),
        (lambda: service.resign(a, CAT.user_id), "not_seated"),
        (lambda: service.resign(a, ANN.user_id, expected_ply=0), "stale"),
        (lambda: service.resign(d, CAT.user_id), "game_over"),
        (lambda: service.play(d, CAT.user_id, "Sw pass", expected_ply=0), "game_over"),
        (lambda: service.play(o, ANN.user_id, "Sw pass", expected_ply=0), "not_started"),
        (lambda: service.legal_actions(a, CAT.user_id), "not_seated"),
        (lambda: service.state_at(a, 99), "bad_ply"),
        (lambda: service.state_at(o, 0), "not_started"),
        (lambda: service.view(o), "not_started"),
        (lambda: service.action_log(777), "unknown_game"),
        (lambda: service.create_challenge(ANN, players=5), "bad_options"),
        (lambda: service.create_challenge(ANN, options={"max_rounds": 10**6}), "bad_options"),
        (lambda: service.create_challenge(ANN, seed=2**64), "bad_options"),
        (lambda: service.create_challenge(ANN, invited=[ANN.user_id]), "bad_invite"),
        (lambda: service.create_game([ANN]), "bad_options"),
        (lambda: service.create_game([ANN, ANN]), "bad_invite"),
    ]
    for call, code in refusals:
        await _refused(service, db_path, call, code)


@pytest.mark.parametrize(
    ("kind", "example", "foreign"),
    [("warchest", "Sw deploy e2", "Kn b1-c3"), ("pointbuy", "Kn b1-c3", "Sw deploy e2")],
)
async def test_a_refused_action_text_shows_the_games_own_examples(
    service: GameService, db_path, kind, example, foreign
):
    game = await service.create_game([ANN, BOB], kind=kind, seed=SEED)
    users = users_by_seat(game)
    me = users[game.to_act.seat]
    for text, code in (("", "unparseable"), ("x" * 5000, "unparseable"), ("hello world", "unparseable")):
        err = await _refused(
            service, db_path, lambda t=text: service.play(game.id, me, t, expected_ply=game.ply), code
        )
        for locale in ("en", "fa"):
            shown = err.message(locale)
            assert example in shown and foreign not in shown, (text[:10], locale, shown)
