"""Take-backs (accepted, declined, refused across a draw, stale), rematches, and Glicko-2 ratings checked
against the worked example of Glickman's paper."""

from __future__ import annotations

from datetime import timedelta

import pytest

from warchest_bot.service import AiPlayer, ServiceError
from warchest_bot.service.ratings import Glicko, update

from .conftest import ANN, BOB, CAT, DAN, GUILD, START, play_one, reference

DAY = timedelta(days=1)


async def _game(corr, players=(ANN, BOB), *, seed=5, rated=True, move_time=DAY):
    info = await corr.service.create_game(
        list(players),
        seed=seed,
        rated=rated,
        guild_id=GUILD,
        move_time=move_time,
        options={"units": "first-game"},
    )
    return info, reference(info, seed)


def _user(info, seat):
    return next(s.user_id for s in info.seats if s.seat == seat)


# --- undo ------------------------------------------------------------------------------------------------


async def test_undo_accepted_takes_the_action_back(corr, fake_time):
    info, ref = await _game(corr)
    before = ref.clone()
    mover = _user(info, ref.current_player)
    fake_time.advance(timedelta(hours=3))
    played = await play_one(corr.service, info, ref, draws=False)
    opponent = _user(info, 1 - played.seat)
    request = await corr.request_undo(info.id, mover)
    assert request.ply == 1 and request.waiting_for == (opponent,)
    assert (await corr.pending_undo(info.id)).user_id == mover
    with pytest.raises(ServiceError) as err:
        await corr.answer_undo(info.id, mover, True)
    assert err.value.message_id == "error.undo_own"
    answer = await corr.answer_undo(info.id, opponent, True)
    assert answer.status == "accepted" and answer.ply == 0 and answer.to_act == before.current_player
    assert played.seat in answer.hands_changed
    game = await corr.service.get_game(info.id)
    assert game.ply == 0 and game.to_act.seat == before.current_player
    assert await corr.service.action_log(info.id) == []
    assert await corr.service.view(info.id, mover) == before.view_for(played.seat)
    clock = await corr.clock_of(info.id)  # the mover decides again, with a fresh move time
    assert clock.seat == before.current_player and clock.deadline == START + timedelta(hours=3) + DAY
    assert await corr.pending_undo(info.id) is None
    # play continues from the restored position
    await play_one(corr.service, info, before, draws=False)


async def test_undo_declined_changes_nothing(corr):
    info, ref = await _game(corr)
    mover = _user(info, ref.current_player)
    played = await play_one(corr.service, info, ref, draws=False)
    opponent = _user(info, 1 - played.seat)
    await corr.request_undo(info.id, mover)
    answer = await corr.answer_undo(info.id, opponent, False)
    assert answer.status == "declined"
    assert (await corr.service.get_game(info.id)).ply == 1
    with pytest.raises(ServiceError) as err:
        await corr.answer_undo(info.id, opponent, True)
    assert err.value.code == "no_undo_request"


async def test_undo_refused_for_someone_else_or_after_the_next_seat_acted(corr):
    info, ref = await _game(corr)
    mover = _user(info, ref.current_player)
    played = await play_one(corr.service, info, ref, draws=False)
    other = _user(info, 1 - played.seat)
    with pytest.raises(ServiceError) as err:
        await corr.request_undo(info.id, other)
    assert err.value.message_id == "error.undo_not_last"
    await corr.request_undo(info.id, mover)
    if ref.current_player != played.seat:
        await play_one(corr.service, info, ref, draws=False)
        with pytest.raises(ServiceError) as err:
            await corr.answer_undo(info.id, other, True)
        assert err.value.message_id == "error.undo_stale"


async def test_undo_refused_across_a_bag_draw(corr):
    info, ref = await _game(corr)
    while True:  # play until the action that ends the round (everyone draws a new hand)
        trial_draws = [a for a in ref.legal_actions() if _draws(ref, a)]
        if trial_draws and ref.current_player is not None:
            seat = ref.current_player
            await play_one(corr.service, info, ref, draws=True)
            break
        await play_one(corr.service, info, ref, draws=False)
    ply = ref.ply
    with pytest.raises(ServiceError) as err:
        await corr.request_undo(info.id, _user(info, seat))
    assert err.value.code == "undo_refused" and err.value.message_id == "error.undo_draw.warchest"
    assert "bag" in err.value.message("en") and "کیسه" in err.value.message("fa")  # War Chest's own words
    assert (await corr.service.get_game(info.id)).ply == ply


def _draws(state, action) -> bool:
    trial = state.clone()
    trial.apply(action)
    return trial.draws != state.draws


async def test_storage_truncation_is_guarded_by_ply(corr):
    info, ref = await _game(corr)
    await play_one(corr.service, info, ref)
    from warchest_bot.storage import PlyConflict

    with pytest.raises(PlyConflict):
        await corr.storage.truncate_actions(info.id, 0, expected_ply=2, turn_seat=0)


# --- rematch ---------------------------------------------------------------------------------------------


async def test_rematch_swaps_seats_keeps_options_and_clock(corr):
    info, ref = await _game(corr, move_time=3 * DAY)
    with pytest.raises(ServiceError) as err:
        await corr.rematch(info.id, ANN.user_id)
    assert err.value.code == "not_finished"
    await corr.service.resign(info.id, ANN.user_id)
    again = await corr.rematch(info.id, BOB.user_id)
    assert [s.user_id for s in again.seats] == [BOB.user_id, ANN.user_id]
    assert again.options == info.options and again.rated and again.guild_id == GUILD
    assert (await corr.clock_of(again.id)).move_time == 3 * DAY
    assert await corr.rematch_of(info.id) == again.id
    with pytest.raises(ServiceError) as err:
        await corr.rematch(info.id, ANN.user_id)
    assert err.value.code == "rematch_exists"
    with pytest.raises(ServiceError) as err:
        await corr.rematch(info.id, CAT.user_id)
    assert err.value.code == "not_seated"


async def test_four_player_rematch_keeps_partners_and_swaps_sides(corr):
    info, _ = await _game(corr, (ANN, BOB, CAT, DAN))
    await corr.service.resign(info.id, ANN.user_id)
    again = await corr.rematch(info.id, DAN.user_id)
    assert [s.user_id for s in again.seats] == [BOB.user_id, ANN.user_id, DAN.user_id, CAT.user_id]


async def test_rematch_against_the_bot_keeps_its_level_and_swaps_sides(corr):
    bot = AiPlayer("hard", "Bot (hard)")
    info = await corr.service.create_game([ANN, bot], guild_id=GUILD, options={"units": "first-game"})
    await corr.service.resign(info.id, ANN.user_id)
    again = await corr.rematch(info.id, ANN.user_id)
    assert [(s.user_id, s.ai_level, s.name) for s in again.seats] == [
        (None, "hard", "Bot (hard)"),
        (ANN.user_id, None, ANN.name),
    ]
    assert again.created_by == ANN.user_id and not again.rated and again.options == info.options
    assert await corr.rematch_of(info.id) == again.id


# --- ratings ---------------------------------------------------------------------------------------------


def test_glicko2_matches_the_worked_example_of_the_paper():
    after = update(
        Glicko(1500, 200, 0.06),
        [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)],
        tau=0.5,
    )
    # The paper prints 1464.06 / 151.52 / 0.05999 from rounded intermediate values.
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_glicko2_rd_grows_without_games():
    assert update(Glicko(1500, 200, 0.06), []).rd == pytest.approx(200.271, abs=1e-3)  # step 6 only


async def test_rated_games_update_global_and_server_ratings(corr, fake_time):
    info, _ = await _game(corr)
    await corr.service.resign(info.id, BOB.user_id)
    ann, bob = await corr.rating(ANN.user_id), await corr.rating(BOB.user_id)
    assert ann.rating > 1500 > bob.rating and ann.games == bob.games == 1
    assert ann.rating - 1500 == pytest.approx(1500 - bob.rating)
    assert (await corr.rating(ANN.user_id, GUILD)).rating == pytest.approx(ann.rating)
    assert (await corr.rating(ANN.user_id, GUILD + 1)).games == 0
    board = await corr.leaderboard(GUILD)
    assert [r.user_id for r in board] == [ANN.user_id, BOB.user_id]
    stats = await corr.stats(ANN.user_id, GUILD)
    assert stats.record.overall.wins == 1 and stats.rating.games == 1 and stats.server_rating.games == 1


async def test_timeouts_count_casual_and_aborted_games_do_not(corr, fake_time):
    casual, _ = await _game(corr, seed=1, rated=False)
    await corr.service.resign(casual.id, BOB.user_id)
    aborted, _ = await _game(corr, seed=2)
    await corr.service.abort(aborted.id, ANN.user_id)
    assert (await corr.rating(ANN.user_id)).games == 0
    timed, _ = await _game(corr, seed=3)
    late = timed.to_act
    other = next(s for s in timed.seats if s.seat != late.seat)
    fake_time.advance(DAY)
    await corr.claim_timeout(timed.id, other.user_id)
    assert (await corr.rating(other.user_id)).rating > 1500 > (await corr.rating(late.user_id)).rating
    assert (await corr.rating(late.user_id)).games == 1


async def test_four_player_team_ratings(corr):
    info, _ = await _game(corr, (ANN, BOB, CAT, DAN))
    await corr.service.resign(info.id, BOB.user_id)  # team 1 (Bob, Dan) loses
    ratings = {p.user_id: (await corr.rating(p.user_id)).rating for p in (ANN, BOB, CAT, DAN)}
    assert ratings[ANN.user_id] == pytest.approx(ratings[CAT.user_id])
    assert ratings[BOB.user_id] == pytest.approx(ratings[DAN.user_id])
    assert ratings[ANN.user_id] > 1500 > ratings[BOB.user_id]


async def test_undo_refused_once_the_secret_armies_are_shown_in_point_buy_words(corr):
    info = await corr.service.create_game(
        [ANN, BOB], kind="pointbuy", guild_id=GUILD, options={"budget": 16, "picking": "secret"}
    )
    armies = {ANN: "army Qu d1, Ki e1", BOB: "army Qu d8, Ki e8"}
    for ply, player in enumerate((ANN, BOB)):  # each sends an army in secret; the second reveals both
        await corr.service.play(info.id, player.user_id, armies[player], expected_ply=ply)
    info = await corr.service.get_game(info.id)
    with pytest.raises(ServiceError) as err:
        await corr.request_undo(info.id, BOB.user_id)
    assert err.value.message_id == "error.undo_draw.pointbuy"
    assert "secret armies" in err.value.message("en") and "کیسه" not in err.value.message("fa")
