"""Move clocks: deadlines, timeout claims, reminders (quiet hours, at most once), the everywhere view,
vacations, and restarts with overdue timers — all with injected time."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from warchest_bot.service import Correspondence, GameService, ServiceError

from .conftest import ANN, BOB, CAT, DAN, GUILD, START, play_one, reference

DAY = timedelta(days=1)


async def _game(corr, players=(ANN, BOB), *, seed=5, move_time=DAY, rated=True):
    info = await corr.service.create_game(
        list(players),
        seed=seed,
        move_time=move_time,
        rated=rated,
        guild_id=GUILD,
        options={"units": "first-game"},
    )
    return info, reference(info, seed)


async def test_deadline_follows_the_seat_to_act(corr, fake_time):
    info, ref = await _game(corr)
    clock = await corr.clock_of(info.id)
    assert clock.move_time == DAY and clock.seat == ref.current_player
    assert clock.user_id == info.to_act.user_id and clock.deadline == START + DAY and not clock.expired
    assert clock.deadline.tzinfo is not None
    fake_time.advance(timedelta(hours=5))
    await play_one(corr.service, info, ref)
    clock = await corr.clock_of(info.id)
    assert clock.seat == ref.current_player and clock.deadline == START + timedelta(hours=5) + DAY
    assert await corr.clock_of((await corr.service.create_game([CAT, DAN])).id) is None


async def test_move_time_is_validated(corr):
    for bad in (timedelta(minutes=30), timedelta(hours=1, minutes=5), timedelta(days=31)):
        with pytest.raises(ServiceError) as err:
            await corr.service.create_game([ANN, BOB], move_time=bad)
        assert err.value.code == "bad_options" and err.value.message_id == "error.bad_move_time"


async def test_timeout_claim_refused_before_the_deadline_then_wins(corr, fake_time):
    info, ref = await _game(corr)
    late = info.to_act
    other = next(s for s in info.seats if s.seat != late.seat)
    with pytest.raises(ServiceError) as err:
        await corr.claim_timeout(info.id, other.user_id)
    assert err.value.code == "not_timed_out" and err.value.params["deadline_at"] == START + DAY
    fake_time.advance(DAY - timedelta(seconds=1))
    with pytest.raises(ServiceError):
        await corr.claim_timeout(info.id, other.user_id)
    fake_time.advance(timedelta(seconds=1))
    with pytest.raises(ServiceError) as err:  # the late player cannot claim against themselves
        await corr.claim_timeout(info.id, late.user_id)
    assert err.value.code == "not_opponent"
    assert (await corr.clock_of(info.id)).expired
    over = await corr.claim_timeout(info.id, other.user_id)
    assert over.status == "finished" and over.over.reason == "timeout"
    assert over.over.winner_team == other.team and late.name in over.over.message()
    assert (await corr.clock_of(info.id)).deadline is None
    with pytest.raises(ServiceError) as err:
        await corr.claim_timeout(info.id, other.user_id)
    assert err.value.code == "game_over"


async def test_four_player_timeout_the_team_loses(corr, fake_time):
    info, ref = await _game(corr, (ANN, BOB, CAT, DAN))
    late = info.to_act
    partner = next(s for s in info.seats if s.team == late.team and s.seat != late.seat)
    opponent = next(s for s in info.seats if s.team != late.team)
    fake_time.advance(DAY)
    with pytest.raises(ServiceError) as err:
        await corr.claim_timeout(info.id, partner.user_id)
    assert err.value.code == "not_opponent"
    over = await corr.claim_timeout(info.id, opponent.user_id)
    assert {s.user_id for s in over.over.losers} == {late.user_id, partner.user_id}


async def test_reminder_at_half_time_once_by_preference(corr, fake_time, inbox):
    info, ref = await _game(corr)
    to_act = info.to_act
    await corr.update_preferences(to_act.user_id, {"notify": "both"})
    info2, ref2 = await _game(corr, (CAT, DAN), seed=6)
    fake_time.advance(timedelta(hours=11, minutes=59))
    assert await corr.scheduler.run_due() == 0
    fake_time.advance(timedelta(minutes=1))
    assert await corr.scheduler.run_due() == 2
    notes = inbox.take()
    assert sorted(n.game_id for n in notes) == [info.id, info2.id]
    mine = next(n for n in notes if n.game_id == info.id)
    assert mine.kind == "reminder" and mine.user_id == to_act.user_id and not mine.late
    assert (mine.dm, mine.mention) == (True, True)  # the preference as it is when the reminder fires
    assert mine.deadline == START + DAY and mine.guild_id == GUILD
    assert "Your time runs out" in mine.message(deadline="<t:1:R>") and "<t:1:R>" in mine.message(
        deadline="<t:1:R>"
    )
    fake_time.advance(timedelta(hours=1))
    assert await corr.scheduler.run_due() == 0  # at most once
    assert inbox.take() == []


async def test_reminder_steps_and_the_claim_notice(corr, fake_time, inbox):
    await corr.update_preferences(ANN.user_id, {"reminders": [0.25, 0.75]})
    await corr.update_preferences(BOB.user_id, {"reminders": [0.25, 0.75]})
    info, ref = await _game(corr)
    late = info.to_act
    for hours in (6, 12):
        fake_time.advance(timedelta(hours=hours))
        await corr.scheduler.run_due()
    assert [n.kind for n in inbox.take()] == ["reminder", "reminder"]
    fake_time.advance(timedelta(hours=6))
    await corr.scheduler.run_due()
    (note,) = inbox.take()
    assert note.kind == "timeout_claimable" and note.user_id != late.user_id and late.name in note.message()


async def test_a_move_replaces_the_timers_of_the_previous_turn(corr, fake_time, inbox):
    info, ref = await _game(corr)
    first = info.to_act.user_id
    fake_time.advance(timedelta(hours=1))
    await play_one(corr.service, info, ref)
    fake_time.advance(timedelta(hours=12))
    await corr.scheduler.run_due()
    notes = inbox.take()
    assert [n.user_id for n in notes] == [next(s.user_id for s in info.seats if s.seat == ref.current_player)]
    assert notes[0].user_id != first or ref.current_player == info.to_act.seat


async def test_quiet_hours_shift_the_reminder_to_their_end(corr, fake_time, inbox):
    # Tehran is UTC+3:30: the half-time reminder (00:00 UTC = 03:30 local) falls in 23:00-08:00.
    await corr.update_preferences(ANN.user_id, {"quiet_hours": "23:00-08:00", "timezone": "Asia/Tehran"})
    await corr.update_preferences(BOB.user_id, {"quiet_hours": "23:00-08:00", "timezone": "Asia/Tehran"})
    info, ref = await _game(corr)
    (reminder,) = [t for t in await corr.storage.list_timers(game_id=info.id) if t.kind == "reminder"]
    assert reminder.due_at.isoformat() == "2025-03-04T04:30:00+00:00"  # 08:00 in Tehran
    fake_time.advance(timedelta(hours=12))
    assert await corr.scheduler.run_due() == 0 and inbox.take() == []
    fake_time.advance(timedelta(hours=4, minutes=30))
    await corr.scheduler.run_due()
    assert [n.kind for n in inbox.take()] == ["reminder"]


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"timezone": "Europe"}, "error.bad_timezone"),  # a folder of the zone database: IsADirectoryError
        ({"timezone": "Europe/" + "x" * 300}, "error.text_too_long"),  # too long a file name: OSError
        ({"timezone": "x" * 10_000_000}, "error.text_too_long"),  # took minutes through the command
        ({"quiet_hours": "1" * 10_000 + ":00-07:00"}, "error.text_too_long"),
    ],
    ids=["folder", "long-name", "10MB", "long-quiet-hours"],
)
async def test_a_bad_or_overlong_time_zone_or_quiet_hours_is_refused_clearly_and_changes_nothing(
    corr, change, refusal
):
    await corr.update_preferences(ANN.user_id, {"quiet_hours": "23:00-08:00", "timezone": "Asia/Tehran"})
    with pytest.raises(ServiceError) as refused:
        await corr.update_preferences(ANN.user_id, change)
    assert refused.value.code == "bad_preferences" and refused.value.message_id == refusal
    if refusal == "error.text_too_long":
        assert "at most 64 characters" in refused.value.message("en")
        assert "۶۴" in refused.value.message("fa")
    prefs = await corr.preferences(ANN.user_id)
    assert (prefs.timezone, prefs.to_settings()["quiet_hours"]) == ("Asia/Tehran", "23:00-08:00")


async def test_quiet_hours_changed_after_scheduling_are_respected_at_fire_time(corr, fake_time, inbox):
    info, ref = await _game(corr)
    user = info.to_act.user_id
    await corr.update_preferences(user, {"quiet_hours": "23:00-02:00", "timezone": "UTC"})
    fake_time.advance(timedelta(hours=12))  # 00:00 UTC: quiet
    await corr.scheduler.run_due()
    assert inbox.take() == []
    (reminder,) = [t for t in await corr.storage.list_timers(game_id=info.id) if t.kind == "reminder"]
    assert reminder.due_at.isoformat() == "2025-03-04T02:00:00+00:00"
    fake_time.advance(timedelta(hours=2))
    await corr.scheduler.run_due()
    assert [n.user_id for n in inbox.take()] == [user]


async def test_preferences_are_validated(corr):
    for bad in (
        {"notify": "pigeon"},
        {"reminders": [1.5]},
        {"timezone": "Mars/Olympus"},
        {"quiet_hours": "late"},
        {"hand_dms": "yes"},
        {"text_board": "yes"},
        {"colour": "red"},
    ):
        with pytest.raises(ServiceError) as err:
            await corr.update_preferences(ANN.user_id, bad)
        assert err.value.code == "bad_preferences" and "{" not in err.value.message()
    prefs = await corr.update_preferences(
        ANN.user_id, {"notify": "mention", "hand_dms": False, "quiet_hours": "22:00-7:00"}
    )
    assert (
        prefs.mention
        and not prefs.dm
        and not prefs.hand_dms
        and prefs.to_settings()["quiet_hours"] == "22:00-07:00"
    )
    prefs = await corr.update_preferences(ANN.user_id, {"quiet_hours": None})
    assert prefs.quiet_start is None and not prefs.text_board
    prefs = await corr.update_preferences(ANN.user_id, {"text_board": True})
    assert prefs.text_board and prefs.mention  # the others kept


async def test_everywhere_view(corr, fake_time):
    g1, _ = await _game(corr, (ANN, BOB), seed=5)
    g2, _ = await _game(corr, (ANN, CAT), seed=6)
    g3 = await corr.service.create_game([DAN, ANN], seed=7)  # no clock
    view = await corr.everywhere(ANN.user_id)
    assert {g.game.id for g in view.games} == {g1.id, g2.id, g3.id}
    mine = [g for g in view.games if g.my_turn]
    assert view.my_turn_count == len(mine)
    assert all(g.to_act is not None for g in view.games)
    assert [g.deadline for g in view.games if g.game.id == g3.id] == [None]
    assert view.summary() in {
        "It is not your turn in any game.",
        "It is your turn in 1 game.",
        f"It is your turn in {len(mine)} games.",
    }
    assert view.games[: len(mine)] == tuple(mine)  # my turn first


async def test_vacation_pauses_and_accounts(corr, fake_time, inbox):
    info, ref = await _game(corr)
    late = info.to_act
    other = next(s for s in info.seats if s.seat != late.seat)
    fake_time.advance(timedelta(hours=20))
    result = await corr.start_vacation(late.user_id, 3)
    assert result.paused_games == (info.id,)
    assert (
        result.vacation.ends_at == START + timedelta(hours=20) + 3 * DAY and result.vacation.days_left == 27
    )
    assert [(n.kind, n.user_id) for n in result.notifications] == [("vacation_started", other.user_id)]
    assert late.name in result.notifications[0].message()
    clock = await corr.clock_of(info.id)
    assert clock.deadline == START + DAY + 3 * DAY
    fake_time.advance(DAY)  # the old deadline has passed, the new one has not
    with pytest.raises(ServiceError) as err:
        await corr.claim_timeout(info.id, other.user_id)
    assert err.value.code == "not_timed_out"
    with pytest.raises(ServiceError) as err:
        await corr.start_vacation(late.user_id, 1)  # one at a time
    assert err.value.message_id == "error.vacation_running"
    with pytest.raises(ServiceError) as err:
        await corr.start_vacation(other.user_id, 31)
    assert err.value.message_id == "error.vacation_allowance"
    with pytest.raises(ServiceError):
        await corr.start_vacation(other.user_id, 0)
    fake_time.advance(2 * DAY)
    await corr.scheduler.run_due()
    kinds = {(n.kind, n.user_id) for n in inbox.take()}
    assert ("vacation_ended", other.user_id) in kinds
    fake_time.advance(timedelta(hours=4))
    over = await corr.claim_timeout(info.id, other.user_id)
    assert over.over.reason == "timeout"
    assert await corr.vacation_days_left(late.user_id) == 27


async def test_a_turn_reaching_a_player_on_vacation_starts_after_it(corr, fake_time):
    info, ref = await _game(corr)
    waiting = next(s for s in info.seats if s.seat != info.to_act.seat)
    await corr.start_vacation(waiting.user_id, 2)
    assert (await corr.clock_of(info.id)).deadline == START + DAY  # not their turn: unchanged
    fake_time.advance(timedelta(hours=1))
    while ref.current_player != waiting.seat:
        await play_one(corr.service, info, ref)
    assert (await corr.clock_of(info.id)).deadline == START + 2 * DAY + DAY


async def test_vacation_allowance_is_per_calendar_year(corr, fake_time):
    await corr.start_vacation(ANN.user_id, 30)
    fake_time.advance(31 * DAY)
    with pytest.raises(ServiceError):
        await corr.start_vacation(ANN.user_id, 1)
    fake_time.now = fake_time.now.replace(year=2026, month=1, day=1)
    assert await corr.vacation_days_left(ANN.user_id) == 30
    await corr.start_vacation(ANN.user_id, 1)


async def test_restart_with_overdue_timers_fires_once_late_and_flagged(db_path, fake_time, inbox):
    async with GameService.open(db_path, clock=fake_time) as service:
        corr = Correspondence(service, deliver=inbox, clock=fake_time, sleep=fake_time.sleep)
        for user in (ANN, BOB, CAT, DAN):
            await corr.update_preferences(user.user_id, {"reminders": [0.25, 0.5, 0.75]})
        g1 = await service.create_game([ANN, BOB], seed=1, move_time=DAY)
        g2 = await service.create_game([CAT, DAN], seed=2, move_time=2 * DAY)
    # The bot is down for 30 hours: g1's deadline and all its reminders passed; g2 has two reminders due.
    fake_time.advance(timedelta(hours=30))
    async with GameService.open(db_path, clock=fake_time) as service:
        corr = Correspondence(service, deliver=inbox, clock=fake_time, sleep=fake_time.sleep)
        corr.scheduler.max_sleep = 1e9
        corr.start()
        await asyncio.wait_for(corr.scheduler.wait_idle(), 5)
        notes = inbox.take()
        assert all(n.late for n in notes)
        by_game = {}
        for n in notes:
            by_game.setdefault(n.game_id, []).append(n.kind)
        assert by_game == {g1.id: ["timeout_claimable"], g2.id: ["reminder"]}
        assert "late" in notes[0].message() or "offline" in notes[0].message()
        # the scheduler now sleeps until g2's last reminder (36 h after the start)
        assert fake_time.sleepers() == [START + timedelta(hours=36)]
        corr.scheduler._idle.clear()
        assert fake_time.advance(timedelta(hours=6)) == 1
        await asyncio.wait_for(corr.scheduler.wait_idle(), 5)
        assert [(n.game_id, n.kind, n.late) for n in inbox.take()] == [(g2.id, "reminder", False)]
        await corr.stop()


async def test_scheduler_wakes_for_an_earlier_timer(corr, fake_time, inbox):
    corr.start()
    await asyncio.wait_for(corr.scheduler.wait_idle(), 5)
    assert fake_time.sleepers() == []  # nothing to wait for: no sleeping, no polling
    await _game(corr, move_time=7 * DAY)
    await asyncio.wait_for(corr.scheduler.wait_idle(), 5)
    assert fake_time.sleepers() == [START + timedelta(days=3, hours=12)]
    await _game(corr, (CAT, DAN), seed=6, move_time=timedelta(hours=2))
    await asyncio.wait_for(corr.scheduler.wait_idle(), 5)
    assert fake_time.sleepers() == [START + timedelta(hours=1)]
    passes = corr.scheduler.passes
    corr.scheduler._idle.clear()
    fake_time.advance(timedelta(hours=1))
    await asyncio.wait_for(corr.scheduler.wait_idle(), 5)
    assert [n.kind for n in inbox.take()] == ["reminder"]
    assert corr.scheduler.passes == passes + 1


async def test_a_challenge_with_a_clock_starts_it_when_the_last_seat_is_taken(corr, fake_time):
    open_game = await corr.service.create_challenge(ANN, invited=[BOB.user_id], move_time=timedelta(hours=6))
    assert (await corr.clock_of(open_game.id)).deadline is None
    fake_time.advance(timedelta(hours=1))
    started = await corr.service.join(open_game.id, BOB)
    clock = await corr.clock_of(open_game.id)
    assert started.status == "active" and clock.seat == started.to_act.seat
    assert clock.deadline == START + timedelta(hours=7)
