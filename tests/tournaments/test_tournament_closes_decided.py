"""A tournament game whose board the event decided without it is closed, on both backends: the organiser's
forfeit or decision, a withdrawal, and (by the sweep) a decision a crash left with its game still open.
The game ends as cancelled with the reason "tournament" (so no rating counts it), its thread is owed the
end post once, the event keeps the result it recorded, and the games it still waits for play on."""

from __future__ import annotations

import pytest
from faketime import FakeTime

from warchest_bot.i18n import t
from warchest_bot.service import GameService
from warchest_bot.service.publication import OutboxKind
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import Outcome

from .events import service_event

GUILD, ORGANISER = 7, 1


@pytest.fixture
async def tournaments(db_target):  # type: ignore[no-untyped-def]
    async with GameService.open(db_target, clock=FakeTime()) as games:
        yield TournamentService(games)


async def _event(svc: TournamentService, players: int) -> int:
    tid = await service_event(svc, players, name="Closing", channel_id=None, rating=lambda n: 2000 - n)
    await svc.advance(tid)
    return tid


async def _status(svc: TournamentService, game_id: int) -> str:
    return (await svc.games.get_game(game_id)).status


async def test_forfeit_and_withdrawal_close_their_games(tournaments: TournamentService) -> None:
    svc = tournaments
    tid = await _event(svc, 6)
    games = await svc.round_games(tid, 1)
    assert len(games) == 3 and all([await _status(svc, g) == "active" for g in games.values()])
    ended: list[int] = []

    class Listener:
        async def turn_changed(self, game_id: int, ply: int, seat: int | None) -> None:
            pass

        async def game_ended(self, game_id: int) -> None:
            ended.append(game_id)

    svc.games.listeners.append(Listener())

    await svc.adjudicate(tid, ORGANISER, 1, 1, Outcome.FIRST_BY_FORFEIT)
    info = await svc.games.get_game(games[1])
    assert info.status == "aborted" and info.over is not None
    assert info.over.reason == "tournament" and info.over.aborted and not info.over.winners
    assert info.over.message("en") == t("result.tournament", "en", game_id=games[1])
    assert info.over.message("fa") == t("result.tournament", "fa", game_id=games[1])
    assert ended == [games[1]]
    assert await _status(svc, games[2]) == "active" and await _status(svc, games[3]) == "active"

    _, model = await svc.get(tid)
    board = next(g for g in model.rounds[0].games if g.table == 2)
    leaver = model.entrants[board.second or 0].members[0]
    await svc.withdraw(tid, leaver)
    assert await _status(svc, games[2]) == "aborted"
    assert await _status(svc, games[3]) == "active"  # still played: the event waits for it
    assert ended == [games[1], games[2]]

    # Repeating changes nothing: the games are over, nothing is ended or announced twice.
    assert await svc.close_decided(tid) == []
    await svc.advance_all()
    assert ended == [games[1], games[2]]
    for game_id in (games[1], games[2]):
        owed = [r for r in await svc.storage.pending_outbox(game_id) if r.kind == OutboxKind.END]
        assert len(owed) == 1  # the thread is told once
    _, model = await svc.get(tid)
    outcomes = {g.table: g.outcome for g in model.rounds[0].games}
    assert outcomes[1] is Outcome.FIRST_BY_FORFEIT and outcomes[2] is Outcome.FIRST_BY_FORFEIT
    assert outcomes[3] is None


async def test_the_sweep_closes_what_a_crash_left_open(tournaments: TournamentService) -> None:
    svc = tournaments
    tid = await _event(svc, 4)
    games = await svc.round_games(tid, 1)

    def decide(_record, model, _notes):  # type: ignore[no-untyped-def]
        # As `adjudicate` stores it, but the process died before it closed the game.
        model.record(1, 2, Outcome.DRAW)
        return True

    await svc._change(tid, decide)
    assert await _status(svc, games[2]) == "active"
    await svc.advance_all()  # a step with nothing to do does not look (the idle sweep stays cheap)
    assert await _status(svc, games[2]) == "active"
    await svc.advance_all(tidy=True)  # as the sweep's first pass after a restart, and every TIDY_EVERY
    assert await _status(svc, games[2]) == "aborted"
    assert await _status(svc, games[1]) == "active"

    # The last board decided closes the round: the next round's games are left alone.
    await svc.adjudicate(tid, ORGANISER, 1, 1, Outcome.SECOND_WINS)
    assert await _status(svc, games[1]) == "aborted"
    await svc.advance_all()
    _, model = await svc.get(tid)
    assert len(model.rounds) == 2 and model.rounds[0].games[0].outcome is Outcome.SECOND_WINS
    second = await svc.round_games(tid, 2)
    assert second and all([await _status(svc, g) == "active" for g in second.values()])
