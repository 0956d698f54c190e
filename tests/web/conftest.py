"""Fixtures of the web pages' tests: a service on a fresh SQLite file, the pages served on a real local
port (`WebServer`), and an HTTP client."""

from __future__ import annotations

import aiohttp
import pytest
from webhelpers import Clock

from warchest_bot.service import Correspondence, GameService
from warchest_bot.web import RateLimit, WebServer


@pytest.fixture
async def service(tmp_path):
    async with GameService.open(tmp_path / "games.sqlite3", clock=Clock()) as svc:
        yield svc


@pytest.fixture
async def corr(service):
    c = Correspondence(service)
    yield c
    await c.stop()
    c.detach()


@pytest.fixture
async def web(service, corr):
    server = WebServer(
        service, "127.0.0.1", 0, correspondence=corr, rate_limit=RateLimit(rate=1000, burst=10_000)
    )
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session
