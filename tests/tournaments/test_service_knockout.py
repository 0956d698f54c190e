"""The knockout after a Swiss through the service on both backends, with a fake clock: seeded from the
standings after the last Swiss round, its games opened exactly once, a draw replayed with the other entrant
first, a timeout claimed by the duty, a forfeit by the organiser, the final won and the event finished;
the bracket posted once per round and the winner once (outbox rows of kind ``tournament``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from faketime import FakeTime

from warchest_bot.service import Correspondence, GameService, Player
from warchest_bot.service import knockout as playoff
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import DrawRule, Format, Outcome, Settings, TournamentError

from .events import service_event

GUILD, CHANNEL, ORGANISER = 7, 70, 1


async def _posts(svc: TournamentService, tid: int) -> list[tuple[int, str]]:
    rows = []
    for link in await svc.storage.tournament_games(tid):
        rows += [r for r in await svc.storage.outbox_rows(link.game_id) if r.kind == "tournament"]
    return [(r.payload["round"], r.payload["post"]) for r in sorted(rows, key=lambda r: r.id)]


async def _starts(svc: TournamentService, tid: int) -> list[int]:
    counts = []
    for link in await svc.storage.tournament_games(tid):
        counts.append(sum(r.kind == "start" for r in await svc.storage.outbox_rows(link.game_id)))
    return counts


async def _event(svc: TournamentService, players: int, rounds: int, terms: dict[str, object]) -> int:
    return await service_event(
        svc,
        players,
        name="Cup",
        settings=Settings(rounds=rounds),
        rating=lambda n: 2000 - 10 * n,
        move_time=timedelta(days=1),
        knockout=terms,
    )


async def _play_swiss(svc: TournamentService, tid: int) -> None:
    """Every Swiss game won by the entrant with the smaller number (the higher rated), through resignations."""
    while True:
        await svc.advance_all()
        record, model = await svc.get(tid)
        if model.finished:
            return
        rnd = model.current
        assert rnd is not None
        games = await svc.round_games(tid, rnd.number)
        for g in rnd.games:
            if g.second is not None and g.outcome is None:
                loser = model.entrants[max(g.first, g.second)].members[0]
                await svc.games.resign(games[g.table], loser)


async def _to_act(svc: TournamentService, game_id: int) -> int:
    info = await svc.games.get_game(game_id)
    assert info.to_act is not None
    return info.to_act.user_id


@pytest.fixture
async def clocked(db_target):  # type: ignore[no-untyped-def]
    time = FakeTime()
    async with GameService.open(db_target, clock=time) as games:
        corr = Correspondence(games, clock=time, sleep=time.sleep)
        yield TournamentService(games, correspondence=corr), time
        corr.detach()


async def test_a_knockout_of_four_after_a_swiss_with_a_draw_replayed_a_timeout_and_a_forfeit(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, time = clocked
    tid = await _event(svc, 6, 3, playoff.terms_of(4))
    await _play_swiss(svc, tid)
    record, model = await svc.get(tid)
    assert record.status == "running"  # the Swiss is over, the knockout is not
    ko = playoff.bracket(record.state)
    assert ko is not None
    top = [row.entrant.number for row in model.standings()][:4]
    assert ko.seeds == top
    # Seeds 1-4 and 2-3, each game's first move the higher seed's; posted once, opened once.
    games = await svc.knockout_games(tid)
    assert sorted(games) == [(1, 1, 1), (1, 2, 1)]
    assert await _to_act(svc, games[(1, 1, 1)]) in model.entrants[top[0]].members
    assert await _to_act(svc, games[(1, 2, 1)]) in model.entrants[top[1]].members
    again = await svc.advance(tid)
    assert again.opened == () and again.paired is None
    assert await _posts(svc, tid) == [(1, "pairings"), (1, "results"), (2, "pairings"), (2, "results"),
                                      (3, "pairings"), (3, "results"), (4, "bracket")]  # fmt: skip

    # Match 1 drawn: replayed with seed 4 first (its clock runs out: seed 1 goes through on time).
    with pytest.raises(TournamentError):
        await svc.adjudicate_knockout(tid, 100, 1, Outcome.DRAW)  # only the organiser decides
    assert await svc.adjudicate_knockout(tid, ORGANISER, 1, Outcome.DRAW) == 1
    step = await svc.advance(tid)
    games = await svc.knockout_games(tid)
    assert step.opened == (games[(1, 1, 2)],)
    assert await _to_act(svc, games[(1, 1, 2)]) in model.entrants[top[3]].members
    # Match 2 forfeited by seed 2 (the organiser): seed 3 goes through.
    await svc.adjudicate_knockout(tid, ORGANISER, 2, Outcome.SECOND_BY_FORFEIT)
    time.advance(timedelta(hours=23))
    assert (await svc.advance(tid)).timeouts == ()
    time.advance(timedelta(hours=2))
    step = await svc.advance(tid)
    assert step.timeouts == (games[(1, 1, 2)],) and step.closed == 4
    record, _ = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None
    assert [m.winner for m in ko.rounds[0]] == [1, 3]
    assert [(m.high, m.low) for m in ko.rounds[1]] == [(1, 3)]
    # The final opened in the same step.
    games = await svc.knockout_games(tid)
    assert step.opened == (games[(2, 1, 1)],)
    final = games[(2, 1, 1)]
    assert await _to_act(svc, final) in model.entrants[top[0]].members
    await svc.games.resign(final, model.entrants[top[0]].members[0])
    step = await svc.advance(tid)
    assert step.finished and step.recorded == 1
    record, _ = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert record.status == "finished" and ko is not None and ko.champion == top[2]
    assert (await svc.advance(tid)) == type(step)()  # a finished event does nothing more
    posts = await _posts(svc, tid)
    assert posts[6:] == [(4, "bracket"), (5, "bracket"), (5, "champion")]
    assert await _starts(svc, tid) == [1] * len(await svc.storage.tournament_games(tid))


async def test_the_sweep_pairs_the_knockout_in_the_sweep_that_closes_the_swiss(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, _time = clocked
    tid = await _event(svc, 4, 2, playoff.terms_of(2, DrawRule.HIGHER_SEED))
    for _ in range(2):
        await svc.advance_all()
        _, model = await svc.get(tid)
        rnd = model.current
        assert rnd is not None
        games = await svc.round_games(tid, rnd.number)
        for g in rnd.games:
            assert g.second is not None
            await svc.games.resign(games[g.table], model.entrants[max(g.first, g.second)].members[0])
    steps = await svc.advance_all()  # closes the Swiss's last round, seeds and opens the final
    assert steps[tid].closed == 2 and steps[tid].paired == 3 and len(steps[tid].opened) == 1
    record, model = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None and ko.seeds == [row.entrant.number for row in model.standings()][:2]
    # Under the higher-seed rule a drawn final goes to seed 1 at once.
    await svc.adjudicate_knockout(tid, ORGANISER, 1, Outcome.DRAW)
    record, _ = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert record.status == "finished" and ko is not None and ko.champion == ko.seeds[0]
    assert (await _posts(svc, tid))[-2:] == [(3, "bracket"), (3, "champion")]


async def test_withdrawals_shrink_the_bracket_and_forfeit_a_knockout_match(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, _time = clocked
    tid = await _event(svc, 5, 1, playoff.terms_of(8))
    await _play_swiss(svc, tid)  # 5 entrants: a bracket of 4 (the largest they fill)
    record, model = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None and ko.size == 4
    # A withdrawal in the knockout forfeits its match to the opponent.
    quitter = model.entrants[ko.seeds[3]].members[0]
    await svc.withdraw(tid, quitter)
    record, _ = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None and ko.rounds[0][0].winner == 1
    assert ko.rounds[0][0].games == [Outcome.FIRST_BY_FORFEIT]


async def test_a_knockout_is_refused_after_a_round_robin(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, _time = clocked
    with pytest.raises(TournamentError) as refused:
        await svc.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser=ORGANISER,
            name="League",
            kind="warchest",
            options={},
            settings=Settings(format=Format.ROUND_ROBIN),
            knockout=playoff.terms_of(4),
        )
    assert refused.value.code == "tournament.knockout_swiss_only"
    with pytest.raises(TournamentError):
        playoff.terms_of(3)


ARMIES = (
    "army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1",
    "army Ki e8, Qu d8, Ro a8, Ro h8, Bi c8, Bi f8, Kn b8, Kn g8",
)


async def test_a_game_drawn_by_agreement_is_replayed_with_the_other_player_first(clocked) -> None:  # type: ignore[no-untyped-def]
    """Point-Buy Chess, whose games can end drawn (an offer accepted): the final's drawn game is read as a
    draw and replayed with seed 2 moving first."""
    svc, _time = clocked
    tid = await service_event(
        svc,
        2,
        name="Chess cup",
        kind="pointbuy",
        options={"picking": "secret"},
        settings=Settings(rounds=1),
        rating=lambda n: 2000 - 10 * n,
        knockout=playoff.terms_of(2),
    )
    await _play_swiss(svc, tid)
    record, model = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None
    games = await svc.knockout_games(tid)
    info = await svc.games.get_game(games[(1, 1, 1)])
    seats = {s.seat: s.user_id for s in info.seats}
    for text in (ARMIES[0], ARMIES[1], "Kn b1-c3 draw?", "accept draw"):
        assert info.to_act is not None
        await svc.games.play(info.id, seats[info.to_act.seat], text, expected_ply=info.ply)
        info = await svc.games.get_game(info.id)
    assert info.status == "finished" and info.over is not None and info.over.winner_team is None
    step = await svc.advance(tid)
    games = await svc.knockout_games(tid)
    assert step.recorded == 1 and step.opened == (games[(1, 1, 2)],)
    record, _ = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None and ko.rounds[0][0].games == [Outcome.DRAW] and ko.rounds[0][0].winner is None
    assert await _to_act(svc, games[(1, 1, 2)]) in model.entrants[ko.seeds[1]].members
    await svc.games.resign(games[(1, 1, 2)], model.entrants[ko.seeds[1]].members[0])
    assert (await svc.advance(tid)).finished
    record, _ = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None and ko.champion == ko.seeds[0]


async def test_a_knockout_of_teams_in_four_player_war_chest(clocked) -> None:  # type: ignore[no-untyped-def]
    """Team entrants (two players each) play the knockout as the Swiss: seats 0 and 2 against 1 and 3, the
    higher seed's team first; a resignation by one player of a team loses the match for both."""
    svc, _time = clocked
    made = await svc.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=ORGANISER,
        name="Teams",
        kind="warchest",
        options={"players": 4},
        settings=Settings(rounds=1),
        knockout=playoff.terms_of(2),
    )
    tid = made.id
    for n in range(4):
        await svc.join(tid, [Player(100 + 2 * n, f"A{n}"), Player(101 + 2 * n, f"B{n}")], rating=2000 - n)
    await svc.start(tid, by=ORGANISER)
    await _play_swiss(svc, tid)
    record, model = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None
    (final,) = (await svc.knockout_games(tid)).values()
    info = await svc.games.get_game(final)
    high, low = (model.entrants[ko.entrant(s)] for s in (1, 2))
    assert info.players == 4
    seats = {s.seat: s.user_id for s in info.seats}
    teams = [{seats[0], seats[2]}, {seats[1], seats[3]}]
    assert sorted(teams, key=min) == sorted([set(high.members), set(low.members)], key=min)
    assert info.to_act is not None and info.to_act.user_id in high.members  # the higher seed first
    await svc.games.resign(final, high.members[1])
    assert (await svc.advance(tid)).finished
    record, _ = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None and ko.champion == low.number
