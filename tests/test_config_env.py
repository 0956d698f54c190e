"""Settings: `.env` is read from the folder the bot starts in (or `--env-file`), never from next to the
package; malformed WARCHEST_* values stop the bot with one line naming the variable; a database the bot
cannot use stops `python3 bot.py` with one line (exit 2), before it logs in anywhere."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from warchest_bot.config import ConfigError, load_settings
from warchest_bot.storage.migrations import MIGRATIONS

ROOT = Path(__file__).resolve().parent.parent


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without any setting of the bot's (a developer's exports must not leak in)."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("WARCHEST_")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def bot(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        cwd=cwd,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def one_line(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


@pytest.fixture
def clean(monkeypatch, tmp_path):
    """In-process settings tests: an empty working folder and none of the bot's variables set."""
    for name in list(os.environ):
        if name == "DISCORD_TOKEN" or name.startswith("WARCHEST_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_env_in_the_working_folder_is_read(clean):
    (clean / ".env").write_text("DISCORD_TOKEN=abc\nWARCHEST_DB=games/x.sqlite3\n")
    settings = load_settings()
    assert settings.token == "abc" and settings.db_path == Path("games/x.sqlite3")


def test_env_file_option(clean):
    other = clean / "elsewhere"
    other.mkdir()
    (other / "bot.env").write_text("DISCORD_TOKEN=from-file\nWARCHEST_LOG_LEVEL=debug\n")
    settings = load_settings(env_file=other / "bot.env")
    assert settings.token == "from-file" and settings.log_level == "DEBUG"
    with pytest.raises(ConfigError, match="no such file"):
        load_settings(env_file=other / "missing.env")


def test_env_next_to_the_package_is_not_read(tmp_path):
    # An installed copy of the package (as in site-packages) with a `.env` beside it, started from a
    # folder without one: the token must not be found. (Before: found via the package's location.)
    install = tmp_path / "site"
    shutil.copytree(
        ROOT / "warchest_bot", install / "warchest_bot", ignore=shutil.ignore_patterns("__pycache__")
    )
    (install / ".env").write_text("DISCORD_TOKEN=leaked\n")
    (install / "warchest_bot" / ".env").write_text("DISCORD_TOKEN=leaked\n")
    work = tmp_path / "work"
    work.mkdir()
    proc = subprocess.run(
        [sys.executable, "-m", "warchest_bot.cli", "run"],
        cwd=work,
        env=clean_env(PYTHONPATH=str(install)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "DISCORD_TOKEN is not set" in one_line(proc)


def test_run_reads_env_from_the_working_folder_and_env_file(tmp_path):
    # With the token found, the next thing the bot does is open its database: make that fail on purpose
    # (a folder where the file should be) so the test never logs in anywhere.
    (tmp_path / "db-is-a-folder").mkdir()
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nWARCHEST_DB=db-is-a-folder\n")
    line = one_line(bot(tmp_path))
    assert "DISCORD_TOKEN" not in line and "cannot open database db-is-a-folder" in line
    elsewhere = tmp_path / "conf"
    elsewhere.mkdir()
    (elsewhere / "prod.env").write_text(f"DISCORD_TOKEN=abc\nWARCHEST_DB={tmp_path / 'db-is-a-folder'}\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "DISCORD_TOKEN is not set" in one_line(bot(empty))
    line = one_line(bot(empty, "--env-file", str(elsewhere / "prod.env")))
    assert "cannot open database" in line


def test_a_developers_env_in_the_repository_does_not_leak_into_the_tests(tmp_path):
    # A checkout with a real-looking token in its .env: the CLI tests still see no token (they start the
    # bot from empty folders), so they pass and never try to log in. (Before: found next to config.py.)
    repo = tmp_path / "checkout"
    shutil.copytree(
        ROOT / "warchest_bot", repo / "warchest_bot", ignore=shutil.ignore_patterns("__pycache__")
    )
    (repo / "tests").mkdir()
    for name in ("bot.py", "pyproject.toml", "tests/conftest.py", "tests/test_cli.py"):
        shutil.copy(ROOT / name, repo / name)
    (repo / ".env").write_text("DISCORD_TOKEN=a-developers-token\nWARCHEST_DB=/nonexistent/dev.sqlite3\n")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_cli.py"],
        cwd=repo,
        env=clean_env(PYTHONPATH=str(repo)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 passed" in proc.stdout


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("WARCHEST_RENDER_PROCESSES", "two"),
        ("WARCHEST_AI_PROCESSES", "-1"),
        ("WARCHEST_LOG_LEVEL", "LOUD"),
        ("WARCHEST_DEV_GUILD", "my-server"),
    ],
)
def test_a_malformed_setting_is_one_line_naming_it(tmp_path, name, value):
    line = one_line(bot(tmp_path, DISCORD_TOKEN="abc", **{name: value}))
    assert line.startswith(f"warchest-bot: {name}={value!r} is not valid")


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
    conn.close()


def _ours(path: Path, *, version: int | None = None) -> None:
    import asyncio

    from warchest_bot.service import GameService, Player

    async def make() -> None:
        async with GameService.open(path) as service:
            await service.create_game([Player(1, "Ann"), Player(2, "Bob")], seed=3)

    asyncio.run(make())
    if version is not None:
        with sqlite3.connect(path) as conn:
            conn.execute(f"PRAGMA user_version = {version}")
        conn.close()


@pytest.mark.slow
def test_bot_refuses_unusable_databases_with_one_line(tmp_path):
    from tests.storage.test_storage_damage import corrupt_table_page

    foreign = tmp_path / "foreign.sqlite3"
    _foreign(foreign)
    before = foreign.read_bytes()
    line = one_line(bot(tmp_path, DISCORD_TOKEN="abc", WARCHEST_DB=str(foreign)))
    assert "no warchest-bot schema version" in line
    assert foreign.read_bytes() == before  # not switched to WAL, nothing written

    future = tmp_path / "future.sqlite3"
    _ours(future, version=len(MIGRATIONS) + 1)
    assert "upgrade the bot" in one_line(bot(tmp_path, DISCORD_TOKEN="abc", WARCHEST_DB=str(future)))

    damaged = tmp_path / "damaged.sqlite3"
    _ours(damaged)
    corrupt_table_page(damaged, "seats")
    assert "the database is damaged" in one_line(bot(tmp_path, DISCORD_TOKEN="abc", WARCHEST_DB=str(damaged)))

    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"\x00not a database\xff" * 300)
    assert "damaged or not an SQLite file" in one_line(
        bot(tmp_path, DISCORD_TOKEN="abc", WARCHEST_DB=str(junk))
    )


WITHOUT_ASYNCPG = """
import sys
sys.modules["asyncpg"] = None  # as in an install without the postgresql extra: `import asyncpg` fails
from warchest_bot.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(
    "command",
    [["run"], ["migrate-db", "--db", "games.sqlite3", "--to", "postgresql://bot:secret@127.0.0.1:1/x"]],
)
def test_postgresql_without_its_driver_is_one_line_naming_the_extra(tmp_path, command):
    """asyncpg is the ``postgresql`` extra: a bot (or a command) told to use PostgreSQL without it says how
    to install it, in one line with exit code 2, and shows no password."""
    dsn = "postgresql://bot:secret@127.0.0.1:1/games"
    proc = subprocess.run(
        [sys.executable, "-c", WITHOUT_ASYNCPG, *command],
        cwd=tmp_path,
        env=clean_env(DISCORD_TOKEN="abc", WARCHEST_DB=dsn),
        capture_output=True,
        text=True,
        timeout=60,
    )
    line = one_line(proc)
    assert "asyncpg" in line and "warchest_bot[postgresql]" in line and "secret" not in line, line


def test_time_zones_work_without_a_system_zone_database(tmp_path):
    # PYTHONTZPATH pointing nowhere: zoneinfo must fall back to the `tzdata` package (a dependency).
    code = (
        "import zoneinfo, datetime as d; z = zoneinfo.ZoneInfo('Europe/Paris'); "
        "print(d.datetime(2025, 7, 1, tzinfo=z).utcoffset(), len(zoneinfo.available_timezones()) > 300)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        env=clean_env(PYTHONTZPATH=str(tmp_path / "none")),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.stdout.split() == ["2:00:00", "True"], proc.stderr


def test_debug_logging_keeps_the_libraries_lines_that_carry_player_input_off(clean, monkeypatch):
    """WARCHEST_LOG_LEVEL=DEBUG shows the bot's own debug lines, never discord.py's payloads or aiosqlite's
    SQL parameters (they hold what players typed: a secret army, a hand)."""
    import logging

    from warchest_bot.discord.runner import _logging

    root = logging.getLogger()
    saved = root.level, root.handlers[:], {n: logging.getLogger(n).level for n in ("discord", "aiosqlite")}
    root.handlers.clear()  # basicConfig configures only a root without handlers
    try:
        monkeypatch.setenv("DISCORD_TOKEN", "x")
        monkeypatch.setenv("WARCHEST_LOG_LEVEL", "DEBUG")
        _logging(load_settings())
        assert logging.getLogger("warchest_bot").isEnabledFor(logging.DEBUG)
        for library in ("discord", "aiosqlite"):
            assert not logging.getLogger(library).isEnabledFor(logging.DEBUG), library
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        for name, level in saved[2].items():
            logging.getLogger(name).setLevel(level)
