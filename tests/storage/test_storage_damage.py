"""Files the bot must refuse or report clearly: a foreign SQLite file (refused before anything is written
to it, WAL included), a damaged page ("the database is damaged"), and the `bot_meta` key-value table."""

from __future__ import annotations

import sqlite3

import pytest

from warchest_bot.service import GameService, Player, ServiceError
from warchest_bot.storage import SchemaError, Storage, StorageDamaged
from warchest_bot.storage.migrations import MIGRATIONS

ANN, BOB = Player(101, "Ann"), Player(102, "Bob")


def _foreign(path) -> bytes:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("INSERT INTO notes (body) VALUES ('mine')")
    conn.close()
    return path.read_bytes()


async def test_a_foreign_file_is_refused_before_it_is_switched_to_wal(tmp_path):
    path = tmp_path / "someone-elses.sqlite3"
    before = _foreign(path)
    assert before[18:20] == b"\x01\x01"  # rollback journal (legacy) file format
    with pytest.raises(SchemaError, match="no warchest-bot schema version"):
        await Storage.open(path)
    assert path.read_bytes() == before  # header (journal mode) and content untouched
    assert not (tmp_path / "someone-elses.sqlite3-wal").exists()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


async def test_a_future_version_is_refused_before_anything_is_written(tmp_path):
    path = tmp_path / "future.sqlite3"
    async with Storage.open(path):
        pass
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(SchemaError, match="upgrade the bot"):
        await Storage.open(path)
    assert path.read_bytes() == before


def corrupt_table_page(path, table: str) -> None:
    """Overwrite the b-tree header of `table`'s root page with garbage (the file stays a valid SQLite file
    otherwise: its header and schema page are intact)."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    conn.close()
    assert root > 1
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\xee" * 64)


async def test_a_damaged_page_reads_the_database_is_damaged(tmp_path):
    path = tmp_path / "games.sqlite3"
    async with GameService.open(path) as service:
        game = await service.create_game([ANN, BOB], seed=1)
    corrupt_table_page(path, "games")
    async with GameService.open(path) as service:
        with pytest.raises(StorageDamaged, match="the database is damaged"):
            await service.storage.check_integrity()
        with pytest.raises(ServiceError) as info:
            await service.get_game(game.id)
        assert info.value.code == "storage"
        assert "database is damaged" in info.value.message()
        assert "Something went wrong" not in info.value.message()


async def test_a_file_that_is_not_sqlite_is_reported_as_damaged(tmp_path):
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"definitely not sqlite" * 200)
    with pytest.raises(StorageDamaged, match="damaged or not an SQLite file"):
        await Storage.open(path)
    assert path.read_bytes() == b"definitely not sqlite" * 200


async def test_bot_meta_round_trip_survives_a_reopen(tmp_path):
    path = tmp_path / "meta.sqlite3"
    async with Storage.open(path) as storage:
        assert await storage.get_meta("commands") is None
        await storage.set_meta("commands", "one")
        await storage.set_meta("commands", "two")
        await storage.check_integrity()
    async with Storage.open(path) as storage:
        assert await storage.get_meta("commands") == "two"
