"""The server-wide daily digest through the service with fake time, on both backends: a server admin's hour
arms a database timer; at that hour every active game of the server with a move since the day before is
owed one ``digest`` outbox row (exactly once, even when the timer is handled twice), the next day is armed,
a game without moves gets none, and a changed or switched-off setting leaves old timers idle."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from warchest_bot.service import ServiceError
from warchest_bot.service.daily_digest import SERVER_DIGEST
from warchest_bot.service.puzzles import next_daily_time

from .conftest import ANN, BOB, CAT, DAN, GUILD, play_one, reference

DAY = timedelta(days=1)


async def _digest_rows(corr, game_id):
    return [r for r in await corr.storage.outbox_rows(game_id) if r.kind == "digest"]


async def _timers(corr):
    return [t for t in await corr.storage.list_timers() if t.kind == SERVER_DIGEST]


async def test_one_digest_row_per_game_per_day(corr, fake_time):
    digests = corr.digests
    assert await digests.digest_hour(GUILD) is None
    with pytest.raises(ServiceError) as err:
        await digests.set_server_digest(GUILD, 24)
    assert err.value.message_id == "digest.error.bad_hour"
    assert await digests.set_server_digest(GUILD, 9) == 9
    assert await digests.digest_hour(GUILD) == 9
    day, due = next_daily_time(fake_time.now, 9)
    [timer] = await _timers(corr)
    assert (timer.due_at, timer.step, timer.payload) == (due, day, {"guild_id": GUILD})

    busy = await corr.service.create_game([ANN, BOB], seed=5, guild_id=GUILD, options={"units": "first-game"})
    quiet = await corr.service.create_game(
        [CAT, DAN], seed=6, guild_id=GUILD, options={"units": "first-game"}
    )
    elsewhere = await corr.service.create_game([ANN, CAT], seed=7, guild_id=GUILD + 1)
    ref = reference(busy, 5)
    for _ in range(3):
        await play_one(corr.service, await corr.service.get_game(busy.id), ref)
    await play_one(corr.service, elsewhere, reference(elsewhere, 7))
    fake_time.now = due
    await corr.scheduler.run_due()
    [row] = await _digest_rows(corr, busy.id)
    assert row.ply == 3 and row.payload == {"day": day, "since": (due - DAY).isoformat()}
    assert await _digest_rows(corr, quiet.id) == []  # no move: no post
    assert await _digest_rows(corr, elsewhere.id) == []  # another server, without a digest
    # handled twice (a crash before the timer was marked fired, or a second process): still one row
    assert await digests.handle([timer], due) == []
    assert len(await _digest_rows(corr, busy.id)) == 1
    [tomorrow] = await _timers(corr)
    assert tomorrow.due_at == due + DAY and tomorrow.step == day + 1
    # the next day: no move in between, so nothing; then a move, and the day after has its row
    fake_time.now = due + DAY
    await corr.scheduler.run_due()
    assert len(await _digest_rows(corr, busy.id)) == 1
    await play_one(corr.service, await corr.service.get_game(busy.id), ref)
    fake_time.now = due + 2 * DAY
    await corr.scheduler.run_due()
    assert [r.payload["day"] for r in await _digest_rows(corr, busy.id)] == [day, day + 2]


async def test_a_changed_hour_or_off_leaves_old_timers_idle(corr, fake_time):
    digests = corr.digests
    fake_time.now = datetime(2026, 1, 5, 0, 30, tzinfo=UTC)
    await digests.set_server_digest(GUILD, 9)
    await digests.set_server_digest(GUILD, 9)  # the same hour again: one timer
    assert len(await _timers(corr)) == 1
    await digests.set_server_digest(GUILD, 15)
    info = await corr.service.create_game([ANN, BOB], seed=5, guild_id=GUILD, options={"units": "first-game"})
    ref = reference(info, 5)
    await play_one(corr.service, info, ref)
    fake_time.now = datetime(2026, 1, 5, 9, tzinfo=UTC)
    await corr.scheduler.run_due()
    assert await _digest_rows(corr, info.id) == []  # the 9:00 timer of the old setting did nothing
    fake_time.now = datetime(2026, 1, 5, 15, tzinfo=UTC)
    await corr.scheduler.run_due()
    assert len(await _digest_rows(corr, info.id)) == 1
    assert await digests.set_server_digest(GUILD, None) is None
    await play_one(corr.service, await corr.service.get_game(info.id), ref)
    fake_time.now = datetime(2026, 1, 6, 15, tzinfo=UTC)
    await corr.scheduler.run_due()
    assert len(await _digest_rows(corr, info.id)) == 1  # off: nothing more
    assert await digests.digest_hour(GUILD) is None
