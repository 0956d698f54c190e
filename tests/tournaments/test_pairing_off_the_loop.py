"""Pairing a round runs off the event loop: a large Swiss takes seconds to pair (tens of seconds at a few
hundred players), and the bot must go on answering meanwhile. The real engine is wrapped so that it waits
until a coroutine on the loop lets it go on: were the pairing run on the loop, that coroutine could never
run and the pairing would give up."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

from faketime import FakeTime

from warchest_bot.service import GameService
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import DEFAULT_ENGINE
from warchest_bot.tournaments.pairing import Board, Standing

from .events import service_event


class GatedEngine:
    """The default engine, whose Swiss pairing first waits (at most 10 s) for `release`."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.waited: bool | None = None

    def swiss(self, entrants: Sequence[Standing], round_number: int, total_rounds: int) -> list[Board]:
        self.started.set()
        self.waited = self.release.wait(10)
        return DEFAULT_ENGINE.swiss(entrants, round_number, total_rounds)

    def round_robin(self, numbers: Sequence[int], round_number: int, cycles: int) -> list[Board]:
        return DEFAULT_ENGINE.round_robin(numbers, round_number, cycles)


async def test_the_loop_runs_while_a_round_is_paired(tmp_path) -> None:
    engine = GatedEngine()
    async with GameService.open(tmp_path / "games.sqlite3", clock=FakeTime()) as games:
        svc = TournamentService(games, engine)
        tid = await service_event(svc, 4, name="Off the loop", channel_id=None)
        stepping = asyncio.create_task(svc.advance(tid))
        while not engine.started.is_set():
            await asyncio.sleep(0.01)  # the loop runs while the engine works
        engine.release.set()
        step = await asyncio.wait_for(stepping, 30)
        assert engine.waited is True  # released by the coroutine, not by the engine's own timeout
        assert step.paired == 1 and len(step.opened) == 2
