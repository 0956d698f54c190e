"""A bot process killed with SIGKILL while it seeds the knockout after a Swiss and opens its games: after
a restart the bracket is seeded exactly once and every match has exactly one game (both backends)."""

from __future__ import annotations

import pytest

from warchest_bot.service import GameService
from warchest_bot.service import knockout as playoff
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.storage import GameStatus
from warchest_bot.tournaments import Settings

from .events import service_event
from .test_tournament_crash import step_killed


@pytest.mark.parametrize("where", ["pairing", "opening"])
async def test_sigkill_while_seeding_the_knockout_leaves_one_bracket(db_target, where: str) -> None:  # type: ignore[no-untyped-def]
    async with GameService.open(db_target) as games:
        svc = TournamentService(games)
        tid = await service_event(
            svc, 4, settings=Settings(rounds=1), rating=lambda n: 1500 - n, knockout=playoff.terms_of(4)
        )
        await svc.advance(tid)
        _, model = await svc.get(tid)
        swiss = await svc.round_games(tid, 1)
        for g in model.rounds[0].games:
            assert g.second is not None
            await svc.games.resign(swiss[g.table], model.entrants[g.second].members[0])
        # The step that closes the Swiss's round; the next one (in the killed process) seeds the knockout.
        assert (await svc.advance(tid)).closed == 1
        record, model = await svc.get(tid)
        assert model.finished and playoff.bracket(record.state) is None
    step_killed(db_target, tid, where)
    async with GameService.open(db_target) as games:
        svc = TournamentService(games)
        record, _ = await svc.get(tid)
        seeded = playoff.bracket(record.state)
        assert seeded is not None  # the bracket was stored before the kill
        tickets = {k: v for k, v in record.state["tickets"].items() if k.startswith("k")}
        step = await svc.advance(tid)
        assert step.paired is None
        record, _ = await svc.get(tid)
        assert playoff.bracket(record.state) == seeded
        assert {k: v for k, v in record.state["tickets"].items() if k.startswith("k1:")} == tickets
        played = await svc.knockout_games(tid)
        assert sorted(played) == [(1, 1, 1), (1, 2, 1)]
        active = await games.storage.list_games_for_guild(7, statuses=GameStatus.ACTIVE, limit=50)
        assert sorted(g.id for g in active) == sorted(played.values())
        for (_r, match, _g), game_id in played.items():
            info = await svc.games.get_game(game_id)
            high = seeded.rounds[0][match - 1].high
            assert info.to_act is not None and info.to_act.user_id == 100 + seeded.entrant(high) - 1
