"""Schema v2 repository methods: clocks, timers, vacations, ratings, undo truncation, rematch links."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from warchest_bot.storage import (
    AllowanceExceeded,
    Conflict,
    NewSeat,
    NewTimer,
    PlyConflict,
    RatingRecord,
    Storage,
    open_storage,
)
from warchest_bot.storage.migrations import MIGRATIONS

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
async def storage(db_target):
    async with open_storage(db_target, clock=lambda: T0) as s:
        yield s


async def _game(storage: Storage) -> int:
    g = await storage.create_game(
        kind="warchest",
        options={"players": 2},
        seed=1,
        status="active",
        seats=[NewSeat("Ann", user_id=1), NewSeat("Bob", user_id=2)],
        turn_seat=0,
    )
    return g.id


async def test_schema_is_at_least_version_two(storage):
    assert storage.schema_version == len(MIGRATIONS) >= 2


async def test_clock_and_deadline_round_trip(storage):
    gid = await _game(storage)
    assert await storage.get_game_clock(gid) is None
    await storage.set_game_clock(gid, 3600)
    deadline = T0 + timedelta(hours=1)
    assert await storage.set_deadline(gid, ply=0, seat=0, turn_started_at=T0, deadline=deadline)
    clock = await storage.get_game_clock(gid)
    assert (clock.move_seconds, clock.ply, clock.seat, clock.deadline) == (3600, 0, 0, deadline)
    assert await storage.extend_deadlines_for_user(1, 86400) == [gid]
    assert await storage.extend_deadlines_for_user(2, 86400) == []  # not Bob's turn
    assert (await storage.get_game_clocks([gid]))[gid].deadline == deadline + timedelta(days=1)


async def test_timers_unique_per_step_and_due_order(storage):
    gid = await _game(storage)
    t1 = NewTimer(T0 + timedelta(minutes=5), "reminder", gid, 1, ply=0, step=0)
    t2 = NewTimer(T0 + timedelta(minutes=1), "reminder", gid, 1, ply=0, step=1)
    assert await storage.add_timers([t1, t2]) == 2
    assert await storage.add_timers([t1]) == 0  # at most once per step
    assert await storage.next_timer_due() == T0 + timedelta(minutes=1)
    due = await storage.due_timers(T0 + timedelta(minutes=10))
    assert [t.step for t in due] == [1, 0]
    await storage.mark_timers_fired([due[0].id])
    assert await storage.next_timer_due() == T0 + timedelta(minutes=5)
    assert await storage.add_timers([t2]) == 0  # a fired step is never created again
    assert await storage.cancel_timers(gid) == 1
    assert await storage.next_timer_due() is None


async def test_vacation_allowance_per_calendar_year(storage):
    v = await storage.add_vacation(1, starts_at=T0, days=20, allowance=30)
    assert v.ends_at == T0 + timedelta(days=20) and v.year == 2025
    with pytest.raises(Conflict):  # overlaps the first
        await storage.add_vacation(1, starts_at=T0 + timedelta(days=1), days=1, allowance=30)
    with pytest.raises(AllowanceExceeded):
        await storage.add_vacation(1, starts_at=T0 + timedelta(days=40), days=11, allowance=30)
    await storage.add_vacation(1, starts_at=T0 + timedelta(days=40), days=10, allowance=30)
    assert await storage.vacation_days_used(1, 2025) == 30
    await storage.add_vacation(1, starts_at=datetime(2026, 1, 2, tzinfo=UTC), days=30, allowance=30)
    running = await storage.vacations_at([1, 2], T0 + timedelta(days=3))
    assert list(running) == [1]


async def test_truncate_actions_is_guarded_by_ply(storage):
    gid = await _game(storage)
    for ply, text in enumerate(["a", "b", "c"]):
        await storage.append_action(gid, ply, ply % 2, text, turn_seat=(ply + 1) % 2)
    await storage.put_snapshot(gid, 3, "{}")
    with pytest.raises(PlyConflict):
        await storage.truncate_actions(gid, 2, expected_ply=2, turn_seat=0)
    assert await storage.truncate_actions(gid, 2, expected_ply=3, turn_seat=0) == 1
    loaded = await storage.load_game(gid)
    assert loaded.notations == ["a", "b"] and loaded.game.ply_count == 2 and loaded.snapshot is None
    await storage.append_action(gid, 2, 0, "d", turn_seat=1)  # the log continues from there


async def test_ratings_leaderboard_and_apply_once(storage):
    gid = await _game(storage)
    await storage.put_ratings(
        [
            RatingRecord(0, 1, 1600.0, 80.0, 0.06, 3, kind="warchest"),
            RatingRecord(0, 2, 1500, 90, 0.06, 3, kind="warchest"),
        ]
    )
    assert [r.user_id for r in await storage.leaderboard(0, kind="warchest")] == [1, 2]
    assert (await storage.get_ratings(0, [2], kind="warchest"))[2].rating == 1500
    assert await storage.mark_game_rated(gid)
    assert not await storage.mark_game_rated(gid)


async def test_rematch_link_once(storage):
    a, b = await _game(storage), await _game(storage)
    await storage.link_rematch(a, b)
    assert await storage.get_rematch(a) == b
    with pytest.raises(Conflict):
        await storage.link_rematch(a, b)
