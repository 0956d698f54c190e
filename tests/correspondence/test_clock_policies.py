"""Clock policies: an increment clock (a bank per seat, growing per turn up to a cap) and playing hours (a
seat's clock stops during its player's night), with injected time across both DST changes of 2025 in
Berlin; reminders and timeouts follow the clock chosen."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from warchest_bot.service import ServiceError
from warchest_bot.service.clocks import ClockTerms, PlayingHours
from warchest_bot.service.prefs import Preferences

from .conftest import ANN, BOB, GUILD, play_one, reference

HOUR, DAY = timedelta(hours=1), timedelta(days=1)
BERLIN_NIGHTS = {"quiet_hours": "22:00-07:00", "timezone": "Europe/Berlin"}


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def berlin_hours() -> PlayingHours:
    return PlayingHours(Preferences.validated(BERLIN_NIGHTS))


def test_playing_hours_skip_the_night_when_summer_time_begins():
    hours = berlin_hours()
    start = utc(2025, 3, 29, 19)  # Saturday 20:00 in Berlin (CET, UTC+1); the clocks go forward that night
    # 2 h to 22:00 CET, the night to 07:00 CEST (05:00 UTC: 8 h of real time, not 9), 15 h of day to 22:00
    # CEST, the next night, then the last 7 h: Monday 14:00 in Berlin.
    deadline = hours.advance(start, DAY.total_seconds())
    assert deadline == utc(2025, 3, 31, 12)
    assert hours.counted(start, deadline) == DAY.total_seconds()
    assert hours.counted(utc(2025, 3, 29, 21), utc(2025, 3, 30, 5)) == 0  # the whole (short) night
    assert hours.advance(utc(2025, 3, 29, 23), 60) == utc(2025, 3, 30, 5, 1)  # a turn begun at night


def test_playing_hours_skip_the_night_when_summer_time_ends():
    hours = berlin_hours()
    start = utc(2025, 10, 25, 18)  # Saturday 20:00 CEST (UTC+2); the clocks go back that night
    # 2 h to 22:00 CEST (20:00 UTC), the night to 07:00 CET (06:00 UTC: 10 h of real time), 15 h to 22:00
    # CET (21:00 UTC), the night to 06:00 UTC, the last 7 h: Monday 13:00 UTC.
    deadline = hours.advance(start, DAY.total_seconds())
    assert deadline == utc(2025, 10, 27, 13)
    assert hours.counted(start, deadline) == DAY.total_seconds()
    assert hours.counted(utc(2025, 10, 25, 20), utc(2025, 10, 26, 6)) == 0


def test_a_long_quiet_period_stops_the_clock_twelve_hours_a_day_at_most():
    hours = PlayingHours(Preferences.validated({"quiet_hours": "20:00-19:00", "timezone": "UTC"}))
    assert hours.counted(utc(2025, 1, 1, 20), utc(2025, 1, 2, 20)) == 12 * 3600
    assert PlayingHours(Preferences()).advance(utc(2025, 1, 1), 3600) == utc(2025, 1, 1, 1)


async def _clock_game(corr, terms: ClockTerms, *, seed: int = 5):
    info = await corr.service.create_game(
        [ANN, BOB], seed=seed, clock=terms, guild_id=GUILD, options={"units": "first-game"}
    )
    return info, reference(info, seed)


async def test_increment_clock_banks_grow_per_turn_up_to_the_cap(corr, fake_time):
    start = fake_time.now
    terms = ClockTerms(DAY, increment=6 * HOUR, cap=2 * DAY)
    info, ref = await _clock_game(corr, terms)
    first = ref.current_player
    clock = await corr.clock_of(info.id)
    assert clock.terms == terms and clock.bank == DAY and clock.deadline == start + DAY
    fake_time.advance(2 * HOUR)  # the first seat used 2 h of its day: 22 h + 6 h = 28 h next time
    await play_one(corr.service, info, ref)
    second = ref.current_player
    assert second != first
    clock = await corr.clock_of(info.id)
    assert clock.seat == second and clock.bank == DAY and clock.deadline == fake_time.now + DAY
    fake_time.advance(HOUR)
    await play_one(corr.service, info, ref)
    clock = await corr.clock_of(info.id)
    assert clock.seat == first and clock.bank == 28 * HOUR
    assert clock.deadline == fake_time.now + 28 * HOUR
    stored = await corr.storage.get_game_clock(info.id)
    assert stored.banks == {first: 28 * 3600, second: 29 * 3600}
    for _ in range(12):  # quick turns: each adds 6 h, until the cap of 2 days
        await play_one(corr.service, info, ref)
    banks = (await corr.storage.get_game_clock(info.id)).banks
    assert banks == {first: 2 * 86400, second: 2 * 86400}
    # a reminder at half of the bank running now, the deadline at its end
    timers = await corr.storage.list_timers(game_id=info.id)
    clock = await corr.clock_of(info.id)
    assert {(t.kind, t.due_at) for t in timers} == {
        ("reminder", fake_time.now + DAY),
        ("deadline", fake_time.now + 2 * DAY),
    }
    assert clock.deadline == fake_time.now + 2 * DAY


async def test_an_increment_turn_that_ran_out_leaves_only_the_increment(corr, fake_time):
    info, ref = await _clock_game(corr, ClockTerms(DAY, increment=6 * HOUR))
    first = ref.current_player
    fake_time.advance(DAY + 5 * HOUR)  # past the deadline; nobody claimed: the move still counts
    await play_one(corr.service, info, ref)
    assert (await corr.storage.get_game_clock(info.id)).banks == {first: 6 * 3600}
    await play_one(corr.service, info, ref)
    clock = await corr.clock_of(info.id)
    assert clock.seat == first and clock.deadline == fake_time.now + 6 * HOUR


async def test_playing_hours_move_the_deadline_reminder_and_timeout_across_dst(corr, fake_time):
    fake_time.now = utc(2025, 3, 29, 19)
    for player in (ANN, BOB):
        await corr.update_preferences(player.user_id, BERLIN_NIGHTS)
    info, ref = await _clock_game(corr, ClockTerms(DAY, playing_hours=True))
    clock = await corr.clock_of(info.id)
    assert clock.deadline == utc(2025, 3, 31, 12) and clock.terms.playing_hours
    timers = {t.kind: t.due_at for t in await corr.storage.list_timers(game_id=info.id)}
    # half of the day's running clock: 2 h, the night, 10 h more
    assert timers == {"reminder": utc(2025, 3, 30, 15), "deadline": utc(2025, 3, 31, 12)}
    late = info.to_act
    other = next(s for s in info.seats if s.seat != late.seat)
    fake_time.now = utc(2025, 3, 30, 19)  # a day of wall time, 14 h of running clock
    with pytest.raises(ServiceError) as err:
        await corr.claim_timeout(info.id, other.user_id)
    assert err.value.code == "not_timed_out"
    fake_time.now = utc(2025, 3, 31, 12)
    over = await corr.claim_timeout(info.id, other.user_id)
    assert over.over.reason == "timeout" and over.over.winner_team == other.team


async def test_playing_hours_with_an_increment_count_only_the_day(corr, fake_time):
    fake_time.now = utc(2025, 10, 25, 18)  # Saturday 20:00 CEST
    for player in (ANN, BOB):
        await corr.update_preferences(player.user_id, BERLIN_NIGHTS)
    info, ref = await _clock_game(corr, ClockTerms(DAY, increment=HOUR, cap=2 * DAY, playing_hours=True))
    first = ref.current_player
    fake_time.now = utc(2025, 10, 26, 8)  # 2 h of evening + 2 h of morning ran; the night did not
    await play_one(corr.service, info, ref)
    assert (await corr.storage.get_game_clock(info.id)).banks == {first: (20 + 1) * 3600}


async def test_clock_terms_are_checked(corr):
    bad = [
        ClockTerms(DAY, increment=timedelta(minutes=30)),
        ClockTerms(DAY, increment=HOUR, cap=HOUR),  # a cap below the first bank
        ClockTerms(DAY, cap=2 * DAY),  # a cap without an increment
        ClockTerms(DAY, increment=31 * DAY),
    ]
    for terms in bad:
        with pytest.raises(ServiceError) as err:
            await corr.service.create_game([ANN, BOB], clock=terms)
        assert err.value.code == "bad_options" and err.value.message_id == "error.bad_increment"
    with pytest.raises(ServiceError) as err:
        await corr.service.create_game([ANN, BOB], clock=ClockTerms(timedelta(minutes=5)))
    assert err.value.message_id == "error.bad_move_time"
