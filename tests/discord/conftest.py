"""Fixtures for the bot's end-to-end tests: the fake Discord, a game database, a world of users."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import pytest
from fakediscord import FakeDiscord
from faketime import FakeTime
from wc_helpers import World, build_world

from warchest_bot.service import GameService


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
async def world(fake: FakeDiscord, tmp_path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[World]:
    caplog.set_level(logging.WARNING)
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running():
            yield world
    fake.assert_clean()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


@pytest.fixture
async def event_world(fake: FakeDiscord, tmp_path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[World]:
    """A world for the tournament tests (`event_helpers`): its service on a fake time, no bot running yet
    (`event_helpers.running` starts one, and again after a restart)."""
    caplog.set_level(logging.WARNING)
    async with GameService.open(tmp_path / "games.sqlite3", clock=FakeTime()) as service:
        yield build_world(fake, service, tmp_path / "games.sqlite3")
    fake.assert_clean()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
