"""Schema creation, migrations and refusal of databases the bot must not touch."""

from __future__ import annotations

import sqlite3

import aiosqlite
import pytest

from warchest_bot.storage import NewSeat, SchemaError, Storage, StorageError
from warchest_bot.storage.migrations import APPLICATION_ID, MIGRATIONS, migrate, split_statements

EXPECTED_TABLES = {
    "games",
    "seats",
    "actions",
    "snapshots",
    "challenges",
    "challenge_invites",
    "message_refs",
    "user_settings",
    "guild_settings",
}


def _schema(path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()


def _pragma(path, name: str):
    with sqlite3.connect(path) as conn:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]


async def test_migrates_an_empty_file_to_the_latest_version(tmp_path):
    path = tmp_path / "sub" / "fresh.sqlite3"
    async with Storage.open(path) as storage:
        assert storage.schema_version == len(MIGRATIONS)
        rows = await storage._db.execute_fetchall("PRAGMA foreign_keys")
        assert list(rows)[0][0] == 1
        rows = await storage._db.execute_fetchall("PRAGMA synchronous")
        assert list(rows)[0][0] == 1  # NORMAL
    names = {name for name, _ in _schema(path)}
    assert names >= EXPECTED_TABLES
    assert _pragma(path, "user_version") == len(MIGRATIONS)
    assert _pragma(path, "application_id") == APPLICATION_ID
    assert _pragma(path, "journal_mode") == "wal"


async def test_fsync_commits_selects_full_synchronous(tmp_path):
    async with Storage.open(tmp_path / "db.sqlite3", fsync_commits=True) as storage:
        rows = await storage._db.execute_fetchall("PRAGMA synchronous")
        assert list(rows)[0][0] == 2  # FULL


async def test_default_path_is_created_with_its_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    async with Storage.open() as storage:
        assert storage.schema_version == len(MIGRATIONS)
    assert (tmp_path / "data" / "warchest.sqlite3").is_file()


async def test_reopening_is_a_no_op(tmp_path):
    path = tmp_path / "db.sqlite3"
    async with Storage.open(path) as storage:
        game = await storage.create_game(
            kind="warchest", options={"mode": "2p"}, seed=7, seats=[NewSeat("ann", user_id=1)]
        )
    before = _schema(path)
    async with Storage.open(path) as storage:
        assert storage.schema_version == len(MIGRATIONS)
        assert (await storage.get_game(game.id)) == game
    assert _schema(path) == before
    assert _pragma(path, "user_version") == len(MIGRATIONS)


async def test_newer_schema_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "db.sqlite3"
    async with Storage.open(path):
        pass
    newer = len(MIGRATIONS) + 3
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {newer}")
    with pytest.raises(SchemaError) as info:
        await Storage.open(path)
    assert str(info.value) == (
        f"database schema version {newer} is newer than this bot ({len(MIGRATIONS)}); upgrade the bot"
    )
    assert _pragma(path, "user_version") == newer  # untouched


async def test_a_foreign_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    with pytest.raises(SchemaError, match="no warchest-bot schema version"):
        await Storage.open(path)
    other_app = tmp_path / "app.sqlite3"
    with sqlite3.connect(other_app) as conn:
        conn.execute("PRAGMA application_id = 1234")
    with pytest.raises(SchemaError, match="another application"):
        await Storage.open(other_app)


async def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"definitely not sqlite" * 100)
    with pytest.raises(StorageError, match="cannot open database"):
        await Storage.open(path)


async def test_migrations_apply_one_step_at_a_time(tmp_path):
    path = tmp_path / "steps.sqlite3"
    first = "CREATE TABLE a (x INTEGER);"
    second = """
        -- a comment with a ; inside
        CREATE TABLE b (y TEXT DEFAULT 'p;q');
        CREATE TRIGGER b_copy AFTER INSERT ON b BEGIN INSERT INTO a (x) VALUES (1); END;
    """
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, [first]) == 1
        await db.execute("INSERT INTO a (x) VALUES (5)")
        assert await migrate(db, [first, second]) == 2
        await db.execute("INSERT INTO b (y) VALUES ('z')")
        rows = list(await db.execute_fetchall("SELECT x FROM a ORDER BY x"))
        assert rows == [(1,), (5,)]
        with pytest.raises(SchemaError, match="newer than this bot"):
            await migrate(db, [first])


async def test_a_failing_migration_leaves_the_previous_version(tmp_path):
    path = tmp_path / "broken.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(db, ["CREATE TABLE a (x INTEGER);"])
        with pytest.raises(sqlite3.OperationalError):
            await migrate(db, ["CREATE TABLE a (x INTEGER);", "CREATE TABLE b (y); CREATE TABLE a (z);"])
        assert list(await db.execute_fetchall("PRAGMA user_version"))[0][0] == 1
        tables = {r[0] for r in await db.execute_fetchall("SELECT name FROM sqlite_master")}
        assert "b" not in tables


def test_split_statements_respects_triggers_and_quotes():
    script = "CREATE TABLE t (a TEXT DEFAULT ';');\nCREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;\n-- end"
    assert len(split_statements(script)) == 2
    with pytest.raises(ValueError):
        split_statements("CREATE TABLE t (a)")
