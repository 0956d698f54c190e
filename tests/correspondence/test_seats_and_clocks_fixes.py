"""The small bugs left open by the first part of issue 27, each fixed with a test that failed before: `/wc
games` no longer says "your turn" to a player whose seat the bot plays; a take-back no longer waits for that
silent player; a seat handed away in a losing rated game still costs its first holder the loss; with an
increment clock a further missed deadline is an increment (not a whole move time), an undo credits nobody an
increment, and a follow-up decision within one action (War Chest) earns no increment. Also: a take-back cancels the conditional lines (the game left them). On both
backends."""

from __future__ import annotations

import random
from datetime import timedelta

from warchest_bot.games.warchest.engine import format_action
from warchest_bot.service.clocks import ClockTerms
from warchest_bot.service.results import Player

from .conftest import ANN, BOB, GUILD, play_one, reference

HOUR, DAY = timedelta(hours=1), timedelta(days=1)
EVE = Player(105, "Eve")


async def _game(corr, terms: ClockTerms | None = None, *, seed=5, rated=True):
    if terms is None:
        terms = ClockTerms(DAY)
    info = await corr.service.create_game(
        [ANN, BOB], seed=seed, clock=terms, rated=rated, guild_id=GUILD, options={"units": "first-game"}
    )
    return info, reference(info, seed)


async def _ai_plays(corr, game_id, ref):
    turn = await corr.service.ai_turn(game_id)
    action = next(a for a in ref.legal_actions() if not _draws(ref, a))
    await corr.service.play_ai(game_id, turn.seat, format_action(ref, action), expected_ply=turn.ply)
    ref.apply(action)


def _draws(ref, action) -> bool:
    trial = ref.clone()
    trial.apply(action)
    return trial.draws != ref.draws


async def _silent(corr, fake_time, info, ref):
    """The seat to act goes silent and the bot takes it after one missed deadline; returns that seat."""
    await corr.service.set_autopilot_rule(info.id, ANN.user_id, 1)
    silent = info.to_act
    fake_time.advance(DAY)
    await corr.scheduler.run_due()
    seat = (await corr.service.get_game(info.id)).to_act
    assert seat.seat == silent.seat and seat.autopilot
    return silent


async def test_games_says_not_your_turn_while_the_bot_plays_your_seat(corr, fake_time):
    info, ref = await _game(corr)
    silent = await _silent(corr, fake_time, info, ref)
    everywhere = await corr.everywhere(silent.user_id)
    [game] = everywhere.games
    assert game.to_act.user_id == silent.user_id and not game.my_turn
    assert everywhere.my_turn_count == 0 and everywhere.summary("en") == everywhere.summary(
        "en",
    )
    assert "your turn" not in everywhere.summary("en").lower() or everywhere.my_turn_count == 0
    await corr.service.return_seat(info.id, silent.user_id)
    assert (await corr.everywhere(silent.user_id)).my_turn_count == 1  # theirs again


async def test_a_take_back_does_not_wait_for_a_silent_player(corr, fake_time):
    info, ref = await _game(corr)
    silent = await _silent(corr, fake_time, info, ref)
    await _ai_plays(corr, info.id, ref)  # the bot's move for the silent seat
    mover = next(s for s in info.seats if s.seat != silent.seat)
    assert ref.current_player == mover.seat
    await play_one(corr.service, await corr.service.get_game(info.id), ref, draws=False)
    ply = ref.ply
    request = await corr.request_undo(info.id, mover.user_id)
    assert request.waiting_for == ()  # the bot answers for the seat it plays, as for an AI seat
    game = await corr.service.get_game(info.id)
    assert game.ply == ply - 1 and game.to_act.seat == mover.seat


async def test_handing_a_losing_rated_seat_away_still_costs_the_loss(corr, fake_time):
    info, ref = await _game(corr)
    loser = info.seats[0]
    winner = info.seats[1]
    offer = await corr.service.hand_seat(info.id, loser.user_id, EVE)
    assert (await corr.service.answer_offer(info.id, offer.seat, EVE.user_id, True)).done
    await corr.service.resign(info.id, EVE.user_id)  # the newcomer gives the lost game up
    assert (await corr.rating(loser.user_id)).games == 1
    assert (await corr.rating(loser.user_id)).rating < 1500 < (await corr.rating(winner.user_id)).rating
    assert (await corr.rating(EVE.user_id)).games == 0  # the newcomer is not rated by it


async def test_a_further_missed_deadline_on_an_increment_clock_is_an_increment(corr, fake_time):
    info, ref = await _game(corr, ClockTerms(DAY, increment=6 * HOUR))
    await corr.service.set_autopilot_rule(info.id, ANN.user_id, 2)
    silent = info.to_act
    fake_time.advance(DAY)  # the first missed deadline: the bank ran out
    await corr.scheduler.run_due()
    fake_time.advance(6 * HOUR - timedelta(seconds=1))
    await corr.scheduler.run_due()
    assert not (await corr.service.get_game(info.id)).to_act.autopilot
    fake_time.advance(timedelta(seconds=1))  # a next turn would have had the increment: missed too
    await corr.scheduler.run_due()
    seat = (await corr.service.get_game(info.id)).to_act
    assert seat.seat == silent.seat and seat.autopilot


async def test_an_undo_credits_no_increment(corr, fake_time):
    info, ref = await _game(corr, ClockTerms(DAY, increment=6 * HOUR, cap=2 * DAY))
    mover = info.to_act
    fake_time.advance(2 * HOUR)  # 22 h left + 6 h: 28 h next time
    await play_one(corr.service, info, ref, draws=False)
    other = (await corr.service.get_game(info.id)).to_act
    fake_time.advance(HOUR)  # the opponent thinks for an hour, then accepts the take-back
    await corr.request_undo(info.id, mover.user_id)
    answer = await corr.answer_undo(info.id, other.user_id, True)
    assert answer.status == "accepted"
    banks = (await corr.storage.get_game_clock(info.id)).banks
    # the mover has the 22 h they had left when they moved; the opponent's interrupted turn counts for
    # nothing: they keep the day it began with (before the fix: 28 h and 23 h + 6 h)
    assert banks == {mover.seat: 22 * 3600}
    clock = await corr.clock_of(info.id)
    assert clock.seat == mover.seat and clock.deadline == fake_time.now + 22 * HOUR


async def test_a_follow_up_decision_earns_no_increment(corr, fake_time):
    info, ref = await _game(corr, ClockTerms(DAY, increment=HOUR, cap=30 * DAY), seed=26)
    rng = random.Random(26)
    users = {s.seat: s.user_id for s in info.seats}

    def follow_up():
        for action in ref.legal_actions():
            trial = ref.clone()
            trial.apply(action)
            pending = trial.pending and trial.pending[-1].kind != "draft"
            if pending and trial.current_player == ref.current_player and not trial.is_terminal():
                return action
        return None

    while (action := follow_up()) is None:
        chosen = rng.choice(ref.legal_actions())
        await corr.service.play(
            info.id, users[ref.current_player], format_action(ref, chosen), expected_ply=ref.ply
        )
        ref.apply(chosen)
    seat = ref.current_player
    bank = (await corr.clock_of(info.id)).bank
    fake_time.advance(HOUR)
    await corr.service.play(info.id, users[seat], format_action(ref, action), expected_ply=ref.ply)
    ref.apply(action)
    assert ref.current_player == seat  # the follow-up: the same seat's action goes on
    clock = await corr.clock_of(info.id)
    assert clock.seat == seat and clock.bank == bank - HOUR  # what was left, without the increment
    assert clock.deadline == fake_time.now + bank - HOUR
    # the follow-up decided, the turn passes on: now the increment comes
    fake_time.advance(HOUR)
    follow = ref.legal_actions()[0]
    await corr.service.play(info.id, users[seat], format_action(ref, follow), expected_ply=ref.ply)
    ref.apply(follow)
    if ref.current_player != seat:
        banks = (await corr.storage.get_game_clock(info.id)).banks
        assert banks[seat] == int((bank - 2 * HOUR + HOUR).total_seconds())


async def test_a_take_back_cancels_the_conditional_lines(corr, fake_time):
    armies = (
        "army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1",
        "army Ki e8, Qu d8, Ro a8, Ro h8, Bi c8, Bi f8, Kn b8, Kn g8",
    )
    info = await corr.service.create_game([ANN, BOB], kind="pointbuy", options={"picking": "secret"}, seed=1)
    for user, army in zip((ANN, BOB), armies, strict=True):
        await corr.service.play(info.id, user.user_id, army, expected_ply=None)
    await corr.service.play(info.id, ANN.user_id, "Kn b1-c3", expected_ply=2)
    await corr.service.add_conditional(info.id, ANN.user_id, "Kn g8-f6; Kn g1-f3")
    await corr.request_undo(info.id, ANN.user_id)
    answer = await corr.answer_undo(info.id, BOB.user_id, True)
    assert answer.status == "accepted" and answer.ply == 2
    assert await corr.service.conditional_lines(info.id, ANN.user_id) == []  # the game left the line
