"""A big Swiss is paired in a child process (py4swiss's compiled matching holds the interpreter's lock, so
in a thread it would stop the bot's event loop): the same pairings as in the bot's own process, its
refusals alike, and a child killed before it answers raises a clear error with nothing paired, after which
the service's next step pairs the round."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from faketime import FakeTime
from procs import alive, wait_until_gone

from warchest_bot.service import GameService
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import PairingImpossible, Standing
from warchest_bot.tournaments.pairing import CHILD_FROM, Board, CaissifyEngine, PairingProcessError

from .events import active, finish_round, new_event, service_event

IN_CHILD = CaissifyEngine(child_from=2)
AT_HOME = CaissifyEngine(child_from=None)


def boards(found: list[Board]) -> list[tuple[int, int, int | None]]:
    return [(b.table, b.first, b.second) for b in found]


def test_the_default_engine_pairs_big_fields_in_a_child() -> None:
    assert CaissifyEngine().child_from == CHILD_FROM
    assert 2 < CHILD_FROM <= 200


def test_a_child_pairs_exactly_as_the_bots_own_process() -> None:
    # Random events with a withdrawal and a requested bye (odd fields too): the same boards and colours.
    compared = 0
    for seed, players in ((0, 20), (1, 27)):
        rng = random.Random(900 + seed)
        t = new_event(rng, players, 4)
        for number in range(1, 5):
            if number == 3:
                t.withdraw(rng.choice(sorted(active(t))))
            if number == 2:
                t.request_bye(rng.choice(sorted(active(t))))
            standings = t.pairing_standings(number)
            expected = AT_HOME.swiss(standings, number, t.total_rounds)
            assert boards(IN_CHILD.swiss(standings, number, t.total_rounds)) == boards(expected)
            compared += 1
            finish_round(t, t.pair_next_round(AT_HOME), rng)
    assert compared == 8
    assert not IN_CHILD.children


def test_a_150_entrant_round_in_the_default_engines_child_pairs_as_at_home() -> None:
    rng = random.Random(150)
    t = new_event(rng, 150, 5)
    finish_round(t, t.pair_next_round(), rng)
    standings = t.pairing_standings(2)
    assert len(standings) >= CHILD_FROM
    assert boards(CaissifyEngine().swiss(standings, 2, 5)) == boards(AT_HOME.swiss(standings, 2, 5))


def test_a_child_refuses_what_the_bots_own_process_refuses() -> None:
    met = [
        Standing(1, 1.0, colours=("w",), opponents=frozenset({2})),
        Standing(2, 0.0, colours=("b",), opponents=frozenset({1})),
    ]
    with pytest.raises(PairingImpossible, match="second pairing bye"):
        AT_HOME.swiss(met, 2, 3)
    with pytest.raises(PairingImpossible, match="second pairing bye"):
        IN_CHILD.swiss(met, 2, 3)


def kill_the_child(engine: CaissifyEngine, within: float = 30.0) -> int:
    """SIGKILL the first child ``engine`` starts (waiting at most ``within`` seconds); its pid."""
    deadline = time.monotonic() + within
    while not engine.children:
        assert time.monotonic() < deadline, "no pairing child started"
        time.sleep(0.001)
    pid = next(iter(engine.children))
    os.kill(pid, signal.SIGKILL)
    return pid


def test_a_child_killed_before_it_answers_raises_and_the_next_pairing_works() -> None:
    rng = random.Random(400)
    t = new_event(rng, 400, 5)
    finish_round(t, t.pair_next_round(AT_HOME), rng)
    standings = t.pairing_standings(2)  # seconds of work: the kill comes long before the answer
    engine = CaissifyEngine(child_from=2)
    outcome: list[object] = []

    def pair() -> None:
        try:
            outcome.append(engine.swiss(standings, 2, 5))
        except Exception as exc:
            outcome.append(exc)

    worker = threading.Thread(target=pair)
    worker.start()
    kill_the_child(engine)
    worker.join(60)
    assert not worker.is_alive()
    [error] = outcome
    assert isinstance(error, PairingProcessError)
    assert str(error) == f"the pairing process ended without an answer (exit code {-signal.SIGKILL})"
    assert not engine.children
    small = t.pairing_standings(2)[:20]  # the same engine pairs again afterwards
    assert boards(engine.swiss(small, 2, 5)) == boards(AT_HOME.swiss(small, 2, 5))


BOT = """
import random, threading, time
from warchest_bot.tournaments import Outcome, Settings, Tournament
from warchest_bot.tournaments.pairing import CaissifyEngine

rng = random.Random(600)
t = Tournament(Settings(rounds=5))
for i in range(600):
    t.join(f"user:{i}", f"Player {i}", [i], rating=1200 + rng.randrange(800))
t.start()
for g in t.pair_next_round(CaissifyEngine(child_from=None)).games:
    if g.outcome is None:
        t.record(1, g.table, rng.choice((Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW)))
t.close_round()
engine = CaissifyEngine(child_from=2)
threading.Thread(target=engine.swiss, args=(t.pairing_standings(2), 2, 5), daemon=True).start()
while not engine.children:
    time.sleep(0.01)
print(*engine.children, flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal")
def test_a_pairing_child_dies_with_a_killed_bot(tmp_path) -> None:
    # Round 2 of 600 entrants is many seconds of work: a child left to itself would still be computing it.
    root = Path(__file__).resolve().parents[2]
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(root)},
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert bot.stdout is not None
        [child] = [int(p) for p in bot.stdout.readline().split()]
        time.sleep(1.5)  # the child started and is pairing
        assert alive(child)
    finally:
        bot.kill()
        bot.wait(60)
    left = wait_until_gone({child}, 5)
    if left:
        os.kill(child, signal.SIGKILL)  # not left computing after a failed test
    assert not left


async def test_a_killed_pairing_child_leaves_the_event_unchanged_and_the_next_step_pairs(tmp_path) -> None:
    engine = CaissifyEngine(child_from=2)
    async with GameService.open(tmp_path / "games.sqlite3", clock=FakeTime()) as games:
        svc = TournamentService(games, engine)
        tid = await service_event(svc, 6, name="Killed", channel_id=None)
        before, model = await svc.get(tid)
        assert model.current is None
        stepping = asyncio.create_task(svc.advance(tid))
        await asyncio.to_thread(kill_the_child, engine)
        with pytest.raises(PairingProcessError, match="without an answer"):
            await asyncio.wait_for(stepping, 60)
        after, model = await svc.get(tid)
        assert (after.version, after.state, after.status) == (before.version, before.state, before.status)
        assert model.current is None and not model.rounds
        assert await svc.storage.tournament_games(tid) == []
        expected = AT_HOME.swiss(model.pairing_standings(1), 1, 2)
        step = await asyncio.wait_for(svc.advance(tid), 60)
        assert step.paired == 1 and len(step.opened) == 3
        _, model = await svc.get(tid)
        assert model.current is not None
        assert [(g.table, g.first, g.second) for g in model.current.games] == boards(expected)
