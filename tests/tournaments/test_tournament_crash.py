"""A bot process killed with SIGKILL while it pairs a round and opens its games: after a restart the round
is paired exactly once and every board has exactly one game (both backends)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from warchest_bot.service import GameService
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.storage import GameStatus
from warchest_bot.tournaments import Settings

from .events import service_event

ROOT = Path(__file__).resolve().parents[2]

# Runs one step of the event and kills itself at the point named: "pairing" (the round is stored, no game
# opened yet), "opening" (the first board's game linked, the second's opened but not linked).
STEP = """
import asyncio, os, signal, sys
from warchest_bot.service import GameService
from warchest_bot.service.tournaments import TournamentService

async def main(target, tid, where):
    async with GameService.open(target) as games:
        svc = TournamentService(games)
        real_create, real_link = games.create_game, games.storage.link_tournament_game
        links = 0
        async def create(*args, **kwargs):
            if where == "pairing":
                os.kill(os.getpid(), signal.SIGKILL)
            return await real_create(*args, **kwargs)
        async def link(*args):
            nonlocal links
            links += 1
            if where == "opening" and links == 2:
                os.kill(os.getpid(), signal.SIGKILL)
            return await real_link(*args)
        games.create_game = create
        games.storage.link_tournament_game = link
        await svc.advance(tid)
        print("not killed", flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
"""


def step_killed(db_target: object, tid: int, where: str) -> None:
    """Runs `STEP` on event ``tid`` in a new process and checks that it died of its SIGKILL at ``where``."""
    done = subprocess.run(
        [sys.executable, "-c", STEP, str(db_target), str(tid), where],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == -9, done.stderr[-2000:]


@pytest.mark.parametrize("where", ["pairing", "opening"])
async def test_sigkill_while_pairing_leaves_one_pairing(db_target, where: str) -> None:  # type: ignore[no-untyped-def]
    async with GameService.open(db_target) as games:
        svc = TournamentService(games)
        tid = await service_event(svc, 4, settings=Settings(rounds=3), rating=lambda n: 1500 - n)
    step_killed(db_target, tid, where)
    async with GameService.open(db_target) as games:
        svc = TournamentService(games)
        record, before = await svc.get(tid)
        assert len(before.rounds) == 1  # the pairing was stored before the kill
        pairing = [(g.first, g.second) for g in before.rounds[0].games]
        step = await svc.advance(tid)
        assert step.paired is None
        record, after = await svc.get(tid)
        assert len(after.rounds) == 1 and [(g.first, g.second) for g in after.rounds[0].games] == pairing
        links = await games.storage.tournament_games(tid, 1)
        assert [g.board for g in links] == [1, 2]
        active = await games.storage.list_games_for_guild(7, statuses=GameStatus.ACTIVE, limit=50)
        assert sorted(g.id for g in active) == sorted(g.game_id for g in links)
        for link, (first, _second) in zip(links, pairing, strict=True):
            game = await games.storage.get_game(link.game_id)
            to_act = next(s for s in game.seats if s.seat == game.turn_seat)
            assert to_act.user_id in after.entrants[first].members  # the first entrant decides first
