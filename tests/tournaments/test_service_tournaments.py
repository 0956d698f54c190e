"""Tournaments through the service on both backends: a 16-entrant, 4-round Swiss and a 6-entrant round
robin played to the end on move clocks over a fake time (games opened through the service and its outbox,
finished by resignations, adjudicated draws and a timeout the service claims), withdrawal, a requested
bye; repeating a step and a crash between opening a game and linking it never open a board
twice."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from faketime import FakeTime

from warchest_bot.service import Correspondence, GameService, Player
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.storage import GameStatus
from warchest_bot.tournaments import Format, Outcome, Settings, TournamentError

from .events import service_event

GUILD, CHANNEL, ORGANISER = 7, 70, 1


@pytest.fixture
async def tournaments(db_target):  # type: ignore[no-untyped-def]
    async with GameService.open(db_target, clock=FakeTime()) as games:
        yield TournamentService(games)


@pytest.fixture
async def clocked(db_target):  # type: ignore[no-untyped-def]
    """A service whose games keep move clocks (`Correspondence`) on a fake time, and that time."""
    clock = FakeTime()
    async with GameService.open(db_target, clock=clock) as games:
        corr = Correspondence(games, clock=clock, sleep=clock.sleep)
        yield TournamentService(games, correspondence=corr), clock
        corr.detach()


MOVE_TIME = timedelta(days=1)


async def _event(
    svc: TournamentService, players: int, settings: Settings, move_time: timedelta | None = None
) -> int:
    return await service_event(
        svc,
        players,
        name="Test event",
        options={"players": 2},
        settings=settings,
        rating=lambda n: 1000 + 10 * n,
        label="Player {n}",
        move_time=move_time,
    )


async def _finish_games(
    svc: TournamentService, tid: int, rng: random.Random, *, left: int = 0
) -> dict[int, Outcome]:
    """End every active game of the open round but the last ``left``: a resignation of either side, or
    (for a third) an adjudicated draw by the organiser; the outcomes expected per board."""
    record, model = await svc.get(tid)
    rnd = model.current
    assert rnd is not None
    expected = {}
    links = {g.board: g.game_id for g in await svc.storage.tournament_games(tid, rnd.number)}
    playing = [g for g in rnd.games if g.outcome is None]
    for g in playing[: len(playing) - left]:
        info = await svc.games.get_game(links[g.table])
        assert info.status == "active" and info.ply == 0 and info.to_act is not None
        assert info.to_act.user_id in model.entrants[g.first].members  # the first entrant decides first
        roll = rng.random()
        if roll < 0.33:
            await svc.adjudicate(tid, ORGANISER, rnd.number, g.table, Outcome.DRAW)
            expected[g.table] = Outcome.DRAW
        else:
            assert g.second is not None
            loser = model.entrants[g.first if roll < 0.66 else g.second].members[0]
            await svc.games.resign(info.id, loser)
            expected[g.table] = Outcome.SECOND_WINS if roll < 0.66 else Outcome.FIRST_WINS
    return expected


async def _outbox_starts(svc: TournamentService, game_ids: list[int]) -> list[int]:
    counts = []
    for gid in game_ids:
        rows = await svc.storage.outbox_rows(gid)
        counts.append(sum(r.kind == "start" for r in rows))
    return counts


async def _time_out_the_last(
    svc: TournamentService, clock: FakeTime, tid: int, ended: dict[int, Outcome]
) -> dict[int, Outcome]:
    """The one game of the open round not ``ended`` (by `_finish_games`): nobody moves in it past its
    move deadline, and the service's step claims it for the side waiting (the second entrant: the first
    decides first) and closes the round; the outcomes expected per board."""
    _, model = await svc.get(tid)
    rnd = model.current
    assert rnd is not None
    (board,) = [g.table for g in rnd.games if g.outcome is None and g.table not in ended]
    game = {g.board: g.game_id for g in await svc.storage.tournament_games(tid, rnd.number)}[board]
    clock.advance(MOVE_TIME - timedelta(hours=1))
    step = await svc.advance(tid)
    assert step.timeouts == () and step.closed is None  # before the deadline: the round waits for it
    clock.advance(timedelta(hours=2))
    step = await svc.advance(tid)
    assert step.timeouts == (game,) and step.closed == rnd.number
    info = await svc.games.get_game(game)
    assert info.over is not None and info.over.reason == "timeout"
    return {**ended, board: Outcome.SECOND_WINS}


@pytest.mark.slow
async def test_a_swiss_is_played_to_the_end_through_the_service(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, clock = clocked
    rng = random.Random(11)
    tid = await _event(svc, 16, Settings(rounds=4), MOVE_TIME)
    assert await svc.request_bye(tid, 103) == 1
    with pytest.raises(TournamentError):
        await svc.withdraw(tid, 104, by=105)  # only the organiser may withdraw someone else
    all_games: list[int] = []
    for number in range(1, 5):
        step = await svc.advance(tid)
        assert step.paired == number
        _, model = await svc.get(tid)
        playing = [g for g in model.rounds[-1].games if g.outcome is None]
        assert len(step.opened) == len(playing)
        assert (await svc.advance(tid)).opened == ()  # repeating the step opens nothing
        all_games += step.opened
        if number == 2:
            # A withdrawal during the round forfeits its game: the opponent wins it.
            forfeited = await svc.withdraw(tid, 109)
            assert len(forfeited) == 1
        if number == 3:
            # One game of round 3 is left to its move clock: the service claims its timeout.
            ended = await _finish_games(svc, tid, rng, left=1)
            expected = await _time_out_the_last(svc, clock, tid, ended)
        else:
            expected = await _finish_games(svc, tid, rng)
            step = await svc.advance(tid)
            assert step.closed == number
        _, model = await svc.get(tid)
        for g in model.rounds[-1].games:
            if g.table in expected:
                assert g.outcome is expected[g.table]
    record, model = await svc.get(tid)
    assert record.status == "finished" and model.finished
    assert await _outbox_starts(svc, all_games) == [1] * len(all_games)
    assert [r.code for r in model.entries(model.by_key("103").number)][0] == "H"  # type: ignore[union-attr]
    withdrawn = model.by_key("109")
    assert withdrawn is not None
    assert all(r.code == "Z" for r in model.entries(withdrawn.number)[2:])
    rows = model.standings()
    assert (
        sum(r.points for r in rows)
        == sum(
            1.0 if g.second is not None or g.outcome is Outcome.PAIRING_BYE else 0
            for r in model.rounds
            for g in r.games
        )
        - sum(1.0 for r in model.rounds for g in r.games if g.outcome is Outcome.DOUBLE_FORFEIT)
        + 0.5
    )
    assert (await svc.advance(tid)).paired is None


@pytest.mark.slow
async def test_a_round_robin_is_played_to_the_end(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, clock = clocked
    rng = random.Random(5)
    tid = await _event(svc, 6, Settings(format=Format.ROUND_ROBIN), MOVE_TIME)
    met = set()
    for number in range(1, 6):
        step = await svc.advance(tid)
        assert step.paired == number and len(step.opened) == 3
        _, model = await svc.get(tid)
        met |= {frozenset((g.first, g.second)) for g in model.rounds[-1].games}
        if number == 2:  # one game of round 2 left to its move clock: claimed by the service
            ended = await _finish_games(svc, tid, rng, left=1)
            expected = await _time_out_the_last(svc, clock, tid, ended)
            _, model = await svc.get(tid)
            assert {g.table: g.outcome for g in model.rounds[-1].games} == expected
            continue
        await _finish_games(svc, tid, rng)
        assert (await svc.advance(tid)).closed == number
    record, model = await svc.get(tid)
    assert record.status == "finished" and len(met) == 15
    assert sum(r.points for r in model.standings()) == 15


async def test_a_crash_between_opening_a_game_and_linking_it_opens_no_second_game(
    tournaments: TournamentService,
) -> None:
    svc = tournaments
    tid = await _event(svc, 4, Settings(rounds=2))
    real_link = svc.storage.link_tournament_game
    calls = 0

    async def crash_after_the_first_game(*args: int) -> bool:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("killed between the game's commit and its link")
        return await real_link(*args)

    svc.storage.link_tournament_game = crash_after_the_first_game  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        await svc.advance(tid)
    svc.storage.link_tournament_game = real_link  # type: ignore[method-assign]
    step = await svc.advance(tid)
    assert step.paired is None  # the round was paired once, before the crash
    links = await svc.storage.tournament_games(tid, 1)
    assert [g.board for g in links] == [1, 2]
    games = await svc.storage.list_games_for_guild(GUILD, statuses=GameStatus.ACTIVE, limit=50)
    assert sorted(g.id for g in games) == sorted(g.game_id for g in links)


async def test_entry_rules_through_the_service(tournaments: TournamentService) -> None:
    svc = tournaments
    made = await svc.create(
        guild_id=GUILD,
        channel_id=None,
        organiser=ORGANISER,
        name="x",
        kind="warchest",
        options={},
        settings=Settings(),
    )
    await svc.join(made.id, [Player(5, "Five")])
    with pytest.raises(TournamentError) as twice:
        await svc.join(made.id, [Player(5, "Five")])
    assert twice.value.code == "tournament.already_entered"
    await svc.join(made.id, [Player(6, "Six")])
    with pytest.raises(TournamentError) as not_organiser:
        await svc.start(made.id, by=5)
    assert not_organiser.value.code == "tournament.organiser_only"
    assert (await svc.advance(made.id)).paired is None  # not started: nothing to drive
    with pytest.raises(TournamentError):
        await svc.get(made.id + 99)


async def test_a_timeout_is_claimed_automatically_inside_a_tournament(db_target) -> None:  # type: ignore[no-untyped-def]
    clock = FakeTime()
    async with GameService.open(db_target, clock=clock) as games:
        svc = TournamentService(games, correspondence=Correspondence(games, clock=clock, sleep=clock.sleep))
        tid = await service_event(svc, 4, name="Clocked", move_time=timedelta(days=1))
        step = await svc.advance(tid)
        assert len(step.opened) == 2
        links = {g.game_id: g.board for g in await svc.storage.tournament_games(tid, 1)}
        late = {links[gid]: (await games.get_game(gid)).to_act for gid in step.opened}
        clock.advance(timedelta(hours=23))
        assert (await svc.advance(tid)).timeouts == ()  # before the deadline nothing happens
        clock.advance(timedelta(hours=2))
        step = await svc.advance(tid)
        assert len(step.timeouts) == 2
        assert step.closed == 1
        _, model = await svc.get(tid)
        # The first entrant, to act, let its deadline pass: the second entrant wins.
        for g in model.rounds[0].games:
            seat = late[g.table]
            assert seat is not None and seat.user_id in model.entrants[g.first].members
            assert g.outcome is Outcome.SECOND_WINS
        for gid in step.timeouts:
            info = await games.get_game(gid)
            assert info.over is not None and info.over.reason == "timeout"


async def test_advance_all_drives_every_running_event(tournaments: TournamentService) -> None:
    svc = tournaments
    running = [await _event(svc, 4, Settings(rounds=2)) for _ in range(2)]
    waiting = await svc.create(
        guild_id=GUILD,
        channel_id=None,
        organiser=ORGANISER,
        name="w",
        kind="warchest",
        options={},
        settings=Settings(),
    )
    steps = await svc.advance_all()
    assert sorted(steps) == sorted(running) and waiting.id not in steps
    assert all(s.paired == 1 and len(s.opened) == 2 for s in steps.values())
    again = await svc.advance_all()
    assert all(s.paired is None and s.opened == () for s in again.values())


@pytest.mark.parametrize("limit", [1, 2])
async def test_a_round_deadline_counts_the_silent_and_leaves_the_rest_to_the_organiser(
    db_target, limit: int
) -> None:  # type: ignore[no-untyped-def]
    clock = FakeTime()
    async with GameService.open(db_target, clock=clock) as games:
        svc = TournamentService(games)
        tid = await service_event(
            svc,
            4,
            name="Deadlines",
            settings=Settings(rounds=2, missed_deadlines=limit),
            round_time=timedelta(days=3),
        )
        assert (await svc.advance(tid)).paired == 1
        clock.advance(timedelta(days=2))
        assert (await svc.advance(tid)).missed == ()
        clock.advance(timedelta(days=1, hours=1))
        step = await svc.advance(tid)
        _, model = await svc.get(tid)
        firsts = sorted(g.first for g in model.rounds[0].games)
        assert sorted(step.missed) == firsts  # the first entrants were to act and never moved
        if limit == 1:
            # Removed at once: their games are forfeited and the round closes.
            assert step.closed == 1
            assert [g.outcome for g in model.rounds[0].games] == [Outcome.SECOND_BY_FORFEIT] * 2
            step = await svc.advance(tid)
            assert step.paired == 2 and len(step.opened) == 1
        else:
            assert step.closed is None and model.unfinished()
            assert (await svc.advance(tid)).missed == ()  # counted once per round
            for g in model.rounds[0].games:
                await svc.adjudicate(tid, ORGANISER, 1, g.table, Outcome.DRAW)
            assert (await svc.advance(tid)).closed == 1
            _, model = await svc.get(tid)
            assert all(model.entrant(n).missed == 1 for n in firsts)


async def test_a_server_admin_acts_as_organiser_and_forfeits_a_game(tournaments: TournamentService) -> None:
    svc = tournaments
    tid = await service_event(svc, 2, settings=Settings(rounds=1), channel_id=None, start=False)
    with pytest.raises(TournamentError):
        await svc.start(tid, by=55)
    await svc.start(tid, by=55, admin=True)
    await svc.advance(tid)
    with pytest.raises(TournamentError):
        await svc.adjudicate(tid, 55, 1, 1, Outcome.FIRST_BY_FORFEIT)
    await svc.adjudicate(tid, 55, 1, 1, Outcome.FIRST_BY_FORFEIT, admin=True)
    step = await svc.advance(tid)
    assert step.closed == 1 and step.finished
    _, model = await svc.get(tid)
    game = model.rounds[0].games[0]
    assert [r.code for r in model.entries(game.first)] == ["+"]
    assert [r.code for r in model.entries(game.second or 0)] == ["-"]
