import os

import pytest
from hypothesis import settings

# CI runs a fixed, derandomized set of examples so that a landing never depends on luck; locally
# Hypothesis explores new examples on every run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _no_operator_settings(monkeypatch):
    """A developer's own bot settings (exported, or loaded from a `.env` by an earlier test) never reach a
    test: each test starts without DISCORD_TOKEN and WARCHEST_* variables."""
    for name in list(os.environ):
        if name == "DISCORD_TOKEN" or name.startswith("WARCHEST_"):
            monkeypatch.delenv(name)


BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL server for the whole test session (`tests/pgserver.py`), started when first needed."""
    from pgserver import PostgresServer

    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
async def db_target(request, tmp_path):
    """Where a test's database lives, once per backend: an SQLite file, or a new database on the test
    PostgreSQL server. `GameService.open` and `open_storage` take either."""
    if request.param == "sqlite":
        return tmp_path / "games.sqlite3"
    return await request.getfixturevalue("pg_server").create_database()


@pytest.fixture
def tiny_game():
    """Tiny Lines (`tests/games/tinygame.py`, kind "tinylines"), a game that exists only under tests/,
    registered with its catalogue messages for the test and dropped afterwards."""
    from games.tinygame import registered

    with registered() as game:
        yield game
