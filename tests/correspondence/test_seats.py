"""The bot takes a silent player's seat, seats change hands (issue 27), through the service with fake time, on
both backends: autopilot after N missed deadlines (the AI plays from that seat's view only, the game stops
being rated, nobody can claim on time against it), the player taking the seat back, seats handed on and
silent players replaced (tenures, votes, the newcomer's acceptance), and how such games are rated."""

from __future__ import annotations

from datetime import timedelta

import pytest

from warchest_bot.games.warchest.engine import format_action
from warchest_bot.service import GameService, ServiceError
from warchest_bot.service.results import Player
from warchest_bot.service.seats import missed_deadlines

from .conftest import ANN, BOB, CAT, DAN, GUILD, play_one, reference

DAY = timedelta(days=1)
EVE = Player(105, "Eve")


async def _game(corr, players=(ANN, BOB, CAT, DAN), *, seed=5, rated=True):
    info = await corr.service.create_game(
        list(players), seed=seed, move_time=DAY, rated=rated, guild_id=GUILD, options={"units": "first-game"}
    )
    return info, reference(info, seed)


async def _seat_rows(corr, game_id):
    return [r.payload for r in await corr.storage.outbox_rows(game_id) if r.kind == "seat"]


async def _ai_plays(corr, game_id, ref):
    """Play the AI's turn as the adapter's runner does: its view, then `play_ai` (the first legal action)."""
    turn = await corr.service.ai_turn(game_id)
    assert turn is not None
    assert turn.view == corr.service.rules.view(ref, turn.seat)  # that seat's view, nothing else
    action = ref.legal_actions()[0]
    await corr.service.play_ai(game_id, turn.seat, format_action(ref, action), expected_ply=turn.ply)
    ref.apply(action)
    return turn


async def test_the_bot_takes_the_seat_after_two_missed_deadlines_and_gives_it_back(corr, fake_time, inbox):
    info, ref = await _game(corr)
    assert info.rated
    with pytest.raises(ServiceError) as err:
        await corr.service.set_autopilot_rule(info.id, EVE.user_id, 2)
    assert err.value.code == "not_seated"
    rules = await corr.service.set_autopilot_rule(info.id, ANN.user_id, 2)
    assert (rules.autopilot_after, rules.own) == (2, True)
    assert await _seat_rows(corr, info.id) == [{"event": "rule", "after": 2, "seat": 0}]
    silent = info.to_act
    fake_time.advance(DAY)  # the first missed deadline: the opponents may claim, the bot waits
    await corr.scheduler.run_due()
    assert {n.kind for n in inbox.take()} == {"timeout_claimable"}
    assert await corr.service.ai_turn(info.id) is None
    fake_time.advance(DAY - timedelta(seconds=1))
    await corr.scheduler.run_due()
    assert await corr.service.ai_turn(info.id) is None
    fake_time.advance(timedelta(seconds=1))  # the second: the bot plays the seat
    await corr.scheduler.run_due()
    game = await corr.service.get_game(info.id)
    seat = next(s for s in game.seats if s.seat == silent.seat)
    assert seat.autopilot and seat.ai_level == "normal" and seat.user_id == silent.user_id
    assert not game.rated  # never rated from now on
    rows = await _seat_rows(corr, info.id)
    assert rows[-1] == {"event": "autopilot", "seat": silent.seat, "user": silent.user_id, "missed": 2}
    assert (await corr.clock_of(info.id)).deadline is None
    opponent = next(s for s in info.seats if s.team != silent.team)
    with pytest.raises(ServiceError) as err:  # nothing to claim against a seat the bot plays
        await corr.claim_timeout(info.id, opponent.user_id)
    assert err.value.code == "not_timed_out"
    assert info.id in await corr.service.games_awaiting_ai()  # resumed after a restart

    turn = await _ai_plays(corr, info.id, ref)
    assert turn.seat == silent.seat and turn.level == "normal"
    # the others play until the silent seat's turn comes again: the bot plays it, without a deadline
    while ref.current_player != silent.seat:
        await play_one(corr.service, await corr.service.get_game(info.id), ref)
    assert (await corr.clock_of(info.id)).deadline is None
    await _ai_plays(corr, info.id, ref)
    back_at = ref.ply + 1
    while ref.current_player != silent.seat:
        await play_one(corr.service, await corr.service.get_game(info.id), ref)
    assert not await corr.service.return_seat(
        info.id, ANN.user_id if silent.user_id != ANN.user_id else BOB.user_id
    )
    assert await corr.service.return_seat(info.id, silent.user_id)
    assert not await corr.service.return_seat(info.id, silent.user_id)  # once
    assert await corr.service.ai_turn(info.id) is None
    clock = await corr.clock_of(info.id)
    assert clock.user_id == silent.user_id and clock.deadline == fake_time.now + DAY  # their clock again
    rows = await _seat_rows(corr, info.id)
    assert rows[-1] == {"event": "returned", "seat": silent.seat, "user": silent.user_id}
    hands = [r for r in await corr.storage.outbox_rows(info.id) if r.kind == "hands"][-1]
    assert hands.payload == {"seats": [silent.seat], "decide": True}
    with pytest.raises(ServiceError) as err:  # the AI's move, thought before the return, is refused
        await corr.service.play_ai(
            info.id, silent.seat, format_action(ref, ref.legal_actions()[0]), expected_ply=ref.ply
        )
    assert err.value.code == "not_seated"
    await play_one(corr.service, await corr.service.get_game(info.id), ref)

    tenures = [(t.user_id, t.from_ply, t.to_ply, t.how) for t in await corr.service.tenures(info.id)]
    assert tenures[0] == (silent.user_id, 0, 0, "start")
    assert tenures[1][:2] == (None, 0) and tenures[1][3] == "autopilot"
    assert tenures[2] == (silent.user_id, tenures[1][2], None, "returned")
    assert tenures[1][2] >= back_at
    log = await corr.service.action_log(info.id)
    assert log[0].seat == silent.seat and log[0].autopilot and log[0].user_id is None
    assert log[0].name == silent.name
    assert not log[-1].autopilot and log[-1].user_id == silent.user_id


async def test_autopilot_after_one_missed_deadline_and_the_server_default(corr, fake_time, inbox):
    await corr.service.set_server_seat_rules(GUILD, autopilot_after=1)
    info, ref = await _game(corr, (ANN, BOB))
    rules = await corr.service.seat_rules(info.id)
    assert (rules.autopilot_after, rules.own, rules.replace_after) == (1, False, 2)
    fake_time.advance(DAY)
    await corr.scheduler.run_due()
    assert inbox.take() == []  # the bot plays the seat at once: no claim to offer
    assert (await corr.service.ai_turn(info.id)).seat == info.to_act.seat
    # a game's own rule overrides the server's; 0 turns it off
    other, _ = await _game(corr, (CAT, DAN), seed=6)
    await corr.service.set_autopilot_rule(other.id, CAT.user_id, 0)
    fake_time.advance(DAY)
    await corr.scheduler.run_due()
    assert await corr.service.ai_turn(other.id) is None
    assert [n.kind for n in inbox.take()] == ["timeout_claimable"]
    with pytest.raises(ServiceError) as err:
        await corr.service.set_autopilot_rule(other.id, CAT.user_id, 11)
    assert err.value.message_id == "seat.error.bad_count"


async def test_a_handed_seat_accepted_declined_and_refused(corr, fake_time):
    info, ref = await _game(corr, (ANN, BOB))
    with pytest.raises(ServiceError) as err:
        await corr.service.hand_seat(info.id, ANN.user_id, BOB)
    assert err.value.message_id == "seat.error.newcomer_seated"
    offer = await corr.service.hand_seat(info.id, ANN.user_id, EVE)
    assert (offer.kind, offer.to_user_id, offer.waiting_for) == ("hand", EVE.user_id, ())
    with pytest.raises(ServiceError) as err:  # not theirs to answer
        await corr.service.answer_offer(info.id, offer.seat, BOB.user_id, True)
    assert err.value.message_id == "seat.error.not_yours"
    declined = await corr.service.answer_offer(info.id, offer.seat, EVE.user_id, False)
    assert declined.declined
    assert (await corr.service.get_game(info.id)).seat_of(ANN.user_id) is not None
    with pytest.raises(ServiceError) as err:
        await corr.service.answer_offer(info.id, offer.seat, EVE.user_id, True)
    assert err.value.message_id == "seat.error.no_offer"
    await play_one(corr.service, info, ref)
    offer = await corr.service.hand_seat(info.id, ANN.user_id, EVE)
    done = await corr.service.answer_offer(info.id, offer.seat, EVE.user_id, True)
    assert done.done
    game = await corr.service.get_game(info.id)
    assert game.seat_of(ANN.user_id) is None and game.seat_of(EVE.user_id).seat == offer.seat
    assert [(t.user_id, t.from_ply, t.to_ply, t.how) for t in await corr.service.tenures(info.id)] == [
        (ANN.user_id, 0, 1, "start"),
        (EVE.user_id, 1, None, "handed"),
    ]
    events = [r["event"] for r in await _seat_rows(corr, info.id)]
    assert events == ["offer", "declined", "offer", "substituted"]
    # the game goes on with Eve in Ann's seat; the history names who made each decision
    while ref.ply < 4:
        await play_one(corr.service, await corr.service.get_game(info.id), ref)
    names = {(e.seat, e.name) for e in await corr.service.action_log(info.id)}
    assert (offer.seat, "Ann") in names and (offer.seat, "Eve") in names


async def test_a_silent_player_replaced_by_the_others_or_an_admin(corr, fake_time):
    info, ref = await _game(corr)
    silent = info.to_act
    others = [s for s in info.seats if s.seat != silent.seat]
    with pytest.raises(ServiceError) as err:  # not silent yet
        await corr.service.replace_seat(info.id, others[0].user_id, silent.user_id, EVE)
    assert err.value.message_id == "seat.error.not_silent"
    fake_time.advance(DAY)
    clock = await corr.storage.get_game_clock(info.id)
    assert missed_deadlines(clock, silent.seat, silent.seat, fake_time.now) == 1
    with pytest.raises(ServiceError):
        await corr.service.replace_seat(info.id, others[0].user_id, silent.user_id, EVE)
    fake_time.advance(DAY)  # two missed deadlines: the server's default
    with pytest.raises(ServiceError) as err:
        await corr.service.replace_seat(info.id, silent.user_id, silent.user_id, EVE)
    assert err.value.message_id == "seat.error.replace_yourself"
    offer = await corr.service.replace_seat(info.id, others[0].user_id, silent.user_id, EVE)
    assert set(offer.waiting_for) == {others[1].user_id, others[2].user_id}
    early = await corr.service.answer_offer(info.id, silent.seat, EVE.user_id, True)
    assert not early.done and set(early.offer.waiting_for) == {others[1].user_id, others[2].user_id}
    again = await corr.service.replace_seat(info.id, others[1].user_id, silent.user_id, EVE)  # agreeing
    assert again.waiting_for == (others[2].user_id,)
    done = await corr.service.answer_offer(info.id, silent.seat, others[2].user_id, True)
    assert done.done  # Eve had accepted already
    game = await corr.service.get_game(info.id)
    assert game.seat_of(EVE.user_id).seat == silent.seat and game.seat_of(silent.user_id) is None
    clock = await corr.clock_of(info.id)
    assert clock.user_id == EVE.user_id and clock.deadline == fake_time.now + DAY  # a fresh clock for Eve
    events = [r["event"] for r in await _seat_rows(corr, info.id)]
    assert events == ["offer", "substituted"]  # one offer post; agreements answer privately
    # a refusal by one of the players withdraws a replacement; an admin needs nobody's agreement
    info2, _ = await _game(corr, (ANN, BOB, CAT, Player(106, "Fay")), seed=6)
    silent2 = info2.to_act
    voter = next(s for s in info2.seats if s.seat != silent2.seat)
    fake_time.advance(2 * DAY)
    await corr.service.replace_seat(info2.id, voter.user_id, silent2.user_id, EVE)
    refused = await corr.service.answer_offer(
        info2.id,
        silent2.seat,
        next(s.user_id for s in info2.seats if s.seat not in (silent2.seat, voter.seat)),
        False,
    )
    assert refused.declined
    by_admin = await corr.service.replace_seat(info2.id, 999, silent2.user_id, EVE, admin=True)
    assert by_admin.waiting_for == ()
    assert (await corr.service.answer_offer(info2.id, silent2.seat, EVE.user_id, True)).done


async def test_how_games_with_changed_seats_are_rated(corr, fake_time):
    # 2 players, one seat handed on: it counts for the one who handed it on (their choice), not the newcomer
    gil, hal = Player(107, "Gil"), Player(108, "Hal")
    info, ref = await _game(corr, (gil, hal))
    offer = await corr.service.hand_seat(info.id, gil.user_id, EVE)
    await corr.service.answer_offer(info.id, offer.seat, EVE.user_id, True)
    await corr.service.resign(info.id, hal.user_id)
    assert [(await corr.rating(u.user_id)).games for u in (gil, hal, EVE)] == [1, 1, 0]
    assert (await corr.rating(gil.user_id)).rating > 1500 > (await corr.rating(hal.user_id)).rating
    # 4 players, one seat replaced: the others are rated only against the other team's whole-game seats
    info, ref = await _game(corr, seed=7)
    silent = info.to_act
    fake_time.advance(2 * DAY)
    await corr.service.replace_seat(info.id, 0, silent.user_id, EVE, admin=True)
    await corr.service.answer_offer(info.id, silent.seat, EVE.user_id, True)
    partner = next(s for s in info.seats if s.team == silent.team and s.seat != silent.seat)
    await corr.service.resign(info.id, partner.user_id)
    rated = {s.user_id: (await corr.rating(s.user_id)).games for s in info.seats}
    assert rated[silent.user_id] == 0 and (await corr.rating(EVE.user_id)).games == 0
    assert all(rated[s.user_id] == 1 for s in info.seats if s.seat != silent.seat)
    winners = [s for s in info.seats if s.team != silent.team]
    # each winner beat only the partner (the replaced seat is left out): one result, not two
    solo = (await corr.rating(winners[0].user_id)).rating
    assert 1500 < solo < 1700
    # the bot played a seat: never rated, whatever the flag said
    before = {u.user_id: await corr.rating(u.user_id) for u in (CAT, DAN)}
    info, ref = await _game(corr, (CAT, DAN), seed=8)
    await corr.service.set_autopilot_rule(info.id, CAT.user_id, 1)
    fake_time.advance(DAY)
    await corr.scheduler.run_due()
    late = info.to_act
    await corr.service.return_seat(info.id, late.user_id)
    other = next(s for s in info.seats if s.seat != late.seat)
    await corr.service.resign(info.id, other.user_id)
    assert {u.user_id: await corr.rating(u.user_id) for u in (CAT, DAN)} == before
    assert not (await corr.service.get_game(info.id)).rated


async def test_a_seat_taken_back_through_another_process_is_not_played_by_the_ai(corr, fake_time, db_path):
    info, ref = await _game(corr, (ANN, BOB))
    await corr.service.set_autopilot_rule(info.id, ANN.user_id, 1)
    fake_time.advance(DAY)
    await corr.scheduler.run_due()
    turn = await corr.service.ai_turn(info.id)  # this process has the game cached, the bot on the seat
    assert turn is not None
    async with GameService.open(db_path, clock=fake_time) as other:  # a second bot process
        assert await other.return_seat(info.id, info.to_act.user_id)
    action = format_action(ref, ref.legal_actions()[0])
    with pytest.raises(ServiceError) as err:
        await corr.service.play_ai(info.id, turn.seat, action, expected_ply=turn.ply)
    assert err.value.code == "not_seated"
    assert (await corr.service.get_game(info.id)).ply == turn.ply  # nothing played
