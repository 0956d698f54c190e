"""The organiser's powers and the entry list through the service on both backends: leaving before the
start, replacing a player (from the entrant's next game; the game under way still counts for the
entrant, whoever of the two finishes it), and the TRF16 export."""

from __future__ import annotations

import pytest
from faketime import FakeTime

from warchest_bot.service import GameService, Player
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import Outcome, TournamentError

from .events import service_event

GUILD, CHANNEL, ORGANISER = 7, 70, 1


@pytest.fixture
async def tournaments(db_target):  # type: ignore[no-untyped-def]
    async with GameService.open(db_target, clock=FakeTime()) as games:
        yield TournamentService(games)


async def test_leave_replace_and_export(tournaments: TournamentService) -> None:
    svc = tournaments
    tid = await service_event(
        svc, 5, name="Organised", channel_id=None, rating=lambda n: 2000 - n, start=False
    )
    await svc.leave(tid, 104)
    with pytest.raises(TournamentError) as refused:
        await svc.leave(tid, 104)
    assert refused.value.code == "tournament.not_entered"
    await svc.start(tid, by=ORGANISER)
    with pytest.raises(TournamentError):
        await svc.leave(tid, 100)  # started: withdraw instead
    await svc.advance(tid)
    _, model = await svc.get(tid)
    assert len(model.entrants) == 4
    board = model.rounds[0].games[0]
    first = model.entrants[board.first]
    old = first.members[0]
    with pytest.raises(TournamentError):
        await svc.replace(tid, 55, old, Player(200, "New"))  # not the organiser
    with pytest.raises(TournamentError):
        await svc.replace(tid, ORGANISER, old, Player(101, "Taken"))  # already plays
    replaced = await svc.replace(tid, ORGANISER, old, Player(200, "New"))
    assert replaced.members == (200,) and replaced.name == "New"

    games = await svc.round_games(tid, 1)
    info = await svc.games.get_game(games[board.table])
    assert info.seat_of(old) is not None  # the game under way keeps its seats
    second = model.entrants[board.second or 0].members[0]
    await svc.games.resign(info.id, second)  # the old player's side wins: the entrant's point
    for g in model.rounds[0].games[1:]:
        await svc.adjudicate(tid, ORGANISER, 1, g.table, Outcome.DRAW)
    step = await svc.advance(tid)
    assert step.closed == 1
    _, model = await svc.get(tid)
    assert model.rounds[0].games[0].outcome is Outcome.FIRST_WINS
    assert model.points(replaced.number) == 1.0
    step = await svc.advance(tid)
    assert step.paired == 2
    games = await svc.round_games(tid, 2)
    seated = {s.user_id for gid in games.values() for s in (await svc.games.get_game(gid)).seats}
    assert 200 in seated and old not in seated  # the newcomer plays the entrant's next game

    trf = await svc.trf16(tid)
    assert trf.startswith("012 Organised") and trf.count("\n001 ") + trf.startswith("001 ") == 4
