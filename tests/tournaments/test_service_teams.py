"""War Chest's 4-player games in an event: each entrant a team of two, seated 0 and 2 against 1 and 3;
a resignation by either player of a team gives the board to the other team (both backends)."""

from __future__ import annotations

import pytest
from faketime import FakeTime

from warchest_bot.service import GameService, Player
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import Outcome, Settings

GUILD, CHANNEL, ORGANISER = 7, 70, 1


@pytest.fixture
async def tournaments(db_target):  # type: ignore[no-untyped-def]
    async with GameService.open(db_target, clock=FakeTime()) as games:
        yield TournamentService(games)


async def test_teams_of_two_play_four_player_war_chest(tournaments: TournamentService) -> None:
    svc = tournaments
    made = await svc.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=ORGANISER,
        name="Teams",
        kind="warchest",
        options={"players": 4},
        settings=Settings(rounds=2),
    )
    for n in range(4):
        a, b = 100 + 2 * n, 101 + 2 * n
        await svc.join(made.id, [Player(a, f"A{n}"), Player(b, f"B{n}")], rating=1500 - n)
    await svc.start(made.id, by=ORGANISER)
    step = await svc.advance(made.id)
    assert step.paired == 1 and len(step.opened) == 2
    _, model = await svc.get(made.id)
    games = await svc.round_games(made.id, 1)
    for g in model.rounds[0].games:
        assert g.second is not None
        info = await svc.games.get_game(games[g.table])
        seats = {s.seat: s.user_id for s in info.seats}
        assert len(seats) == 4
        teams = [{seats[0], seats[2]}, {seats[1], seats[3]}]
        entrants = [set(model.entrants[g.first].members), set(model.entrants[g.second].members)]
        assert sorted(map(sorted, teams)) == sorted(map(sorted, entrants))  # partners sit together
        assert info.to_act is not None and info.to_act.user_id in model.entrants[g.first].members
    board1, board2 = model.rounds[0].games
    assert board2.second is not None
    # The second player of board 1's second team resigns: the first team wins the board.
    await svc.games.resign(games[1], model.entrants[board1.second or 0].members[1])
    await svc.games.resign(games[2], model.entrants[board2.first].members[0])
    step = await svc.advance(made.id)
    assert step.closed == 1 and step.paired is None
    _, model = await svc.get(made.id)
    assert [g.outcome for g in model.rounds[0].games] == [Outcome.FIRST_WINS, Outcome.SECOND_WINS]
    assert (await svc.advance(made.id)).paired == 2
