from __future__ import annotations

import pytest

from warchest_bot.service import GameService

from .helpers import FakeClock


@pytest.fixture
def db_path(db_target):
    """The test's database, on each backend (see `db_target`)."""
    return db_target


@pytest.fixture
async def service(db_path):
    async with GameService.open(db_path, clock=FakeClock()) as svc:
        yield svc
