"""Fixtures for correspondence play: a fake clock + sleep that tests drive, a service with `Correspondence`
attached, and a recorder of delivered notifications."""

from __future__ import annotations

import pytest
from faketime import START as START  # the tests of this folder import it from here
from faketime import FakeTime

from warchest_bot.games.warchest.engine import GameState, Options, format_action
from warchest_bot.service import Correspondence, GameInfo, GameService, Player

ANN, BOB, CAT, DAN = Player(101, "Ann"), Player(102, "Bob"), Player(103, "Cat"), Player(104, "Dan")
GUILD = 9001


class Inbox:
    def __init__(self) -> None:
        self.notes = []

    async def __call__(self, note) -> None:
        self.notes.append(note)

    def take(self):
        notes, self.notes = self.notes, []
        return notes


@pytest.fixture
def fake_time():
    return FakeTime()


@pytest.fixture
def inbox():
    return Inbox()


@pytest.fixture
def db_path(db_target):
    """The test's database, on each backend (see `db_target`)."""
    return db_target


@pytest.fixture
async def corr(db_path, fake_time, inbox):
    async with GameService.open(db_path, clock=fake_time) as service:
        c = Correspondence(service, deliver=inbox, clock=fake_time, sleep=fake_time.sleep)
        c.scheduler.max_sleep = 1e9  # tests look at the exact wake-up time (no hourly re-read)
        yield c
        await c.stop()


def reference(info: GameInfo, seed: int) -> GameState:
    return GameState.new(Options(**info.options, seed=seed))


async def play_one(service: GameService, info: GameInfo, ref: GameState, *, draws: bool | None = None):
    """Play the first legal action of the seat to act (one that draws / does not draw, if asked)."""
    users = {s.seat: s.user_id for s in info.seats}
    for action in ref.legal_actions():
        trial = ref.clone()
        trial.apply(action)
        if draws is None or (trial.draws != ref.draws) == draws:
            break
    else:
        raise LookupError("no such action")
    text = format_action(ref, action)
    result = await service.play(info.id, users[ref.current_player], text, expected_ply=ref.ply)
    ref.apply(action)
    return result
