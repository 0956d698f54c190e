"""The tournament duty (`TournamentSweep`) on both backends with a fake clock: nobody types, yet the
rounds are paired, their games opened, the timeouts claimed, the rounds closed and the event finished; each
round owes its pairings post and its results post to the event's channel exactly once (outbox rows of
kind ``tournament``), and a paused event stands still."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from faketime import FakeTime

from warchest_bot.service import Correspondence, GameService
from warchest_bot.service.tournaments import TournamentService, TournamentSweep
from warchest_bot.tournaments import Settings, TournamentError

from .events import service_event

GUILD, CHANNEL, ORGANISER = 7, 70, 1


async def _swept(sweep: TournamentSweep, time: FakeTime, delta: timedelta) -> None:
    """Move the fake time on and wait for the sweep that woke."""
    before = sweep.passes
    time.advance(delta)
    for _ in range(500):
        if sweep.passes > before:
            break
        await asyncio.sleep(0.01)
    assert sweep.passes > before
    await asyncio.wait_for(sweep.wait_idle(), 10)


async def _posts(svc: TournamentService, tid: int) -> list[tuple[int, str]]:
    """The round posts owed so far: (round, pairings/results), in the order written."""
    rows = []
    for link in await svc.storage.tournament_games(tid):
        rows += [r for r in await svc.storage.outbox_rows(link.game_id) if r.kind == "tournament"]
    return [(r.payload["round"], r.payload["post"]) for r in sorted(rows, key=lambda r: r.id)]


@pytest.fixture
async def clocked(db_target):  # type: ignore[no-untyped-def]
    time = FakeTime()
    async with GameService.open(db_target, clock=time) as games:
        corr = Correspondence(games, clock=time, sleep=time.sleep)
        svc = TournamentService(games, correspondence=corr)
        sweep = TournamentSweep(svc, sleep=time.sleep)
        yield svc, sweep, time
        await sweep.stop()
        corr.detach()


async def test_the_sweep_runs_an_event_to_its_end_with_nobody_typing(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, sweep, time = clocked
    tid = await service_event(svc, 4, name="Nobody types", move_time=timedelta(days=1))
    sweep.start()
    await asyncio.wait_for(sweep.wait_idle(), 10)
    _, model = await svc.get(tid)
    assert len(model.rounds) == 1 and len(await svc.round_games(tid, 1)) == 2
    assert await _posts(svc, tid) == [(1, "pairings")]

    await _swept(sweep, time, timedelta(hours=23))  # before the move deadline: nothing
    _, model = await svc.get(tid)
    assert model.current is not None and model.current.number == 1
    await _swept(sweep, time, timedelta(hours=2))  # past it: claimed, closed, next round paired
    record, model = await svc.get(tid)
    assert model.rounds[0].closed and model.current is not None and model.current.number == 2
    assert await _posts(svc, tid) == [(1, "pairings"), (1, "results"), (2, "pairings")]

    await _swept(sweep, time, timedelta(days=1, hours=1))
    record, model = await svc.get(tid)
    assert record.status == "finished" and model.finished
    assert await _posts(svc, tid) == [(1, "pairings"), (1, "results"), (2, "pairings"), (2, "results")]
    await _swept(sweep, time, timedelta(days=3))  # repeating the sweep owes nothing more
    assert len(await _posts(svc, tid)) == 4


async def test_a_paused_event_stands_still_and_its_round_deadline_moves_on(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, sweep, time = clocked
    tid = await service_event(
        svc,
        4,
        name="Paused",
        channel_id=None,
        settings=Settings(rounds=2, missed_deadlines=1),
        round_time=timedelta(days=3),
    )
    sweep.start()
    await asyncio.wait_for(sweep.wait_idle(), 10)
    with pytest.raises(TournamentError):
        await svc.pause(tid, by=55)
    await svc.pause(tid, by=ORGANISER)
    with pytest.raises(TournamentError):
        await svc.pause(tid, by=ORGANISER)
    await _swept(sweep, time, timedelta(days=4))  # paused: the deadline does not count
    record, model = await svc.get(tid)
    assert record.status == "paused" and all(e.missed == 0 for e in model.entrants.values())
    await svc.resume(tid, by=55, admin=True)
    sweep.wake()
    await _swept(sweep, time, timedelta(days=2))  # 2 of the 3 days since the round was paired running
    _, model = await svc.get(tid)
    assert all(e.missed == 0 for e in model.entrants.values()) and model.current is not None
    await _swept(sweep, time, timedelta(days=1, hours=1))
    _, model = await svc.get(tid)
    assert sorted(e.missed for e in model.entrants.values()) == [0, 0, 1, 1]
    assert model.rounds[0].closed  # the two silent players were removed, their games forfeited
