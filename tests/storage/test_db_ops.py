"""`warchest-bot backup`, `restore` and `migrate-db` (warchest_bot/storage/ops.py) on real files and a real
PostgreSQL server."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest

from warchest_bot.cli import main
from warchest_bot.storage import (
    GameEnd,
    LeaseHeld,
    NewSeat,
    NewTimer,
    ProcessLease,
    RatingRecord,
    Storage,
    StorageError,
    open_storage,
    shard_lease,
)
from warchest_bot.storage.ops import backup, migrate_to_postgres, restore

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


async def _populate(storage: Storage, games: int = 3) -> list[int]:
    """Games with actions (one finished), a clock, timers, ratings, settings, an outbox row."""
    ids = []
    for n in range(games):
        game = await storage.create_game(
            kind="warchest",
            options={"players": 2, "n": n},
            seed=1000 + n,
            guild_id=77,
            status="active",
            seats=[NewSeat("Ann ☃", user_id=1, team=0), NewSeat("Bob", user_id=2, team=1)],
        )
        for ply in range(5 + n):
            await storage.append_action(game.id, ply, ply % 2, f"action {ply}", snapshot_json='{"x": 1}')
        ids.append(game.id)
    await storage.finish_game(ids[0], GameEnd(reason="resigned", winner_team=1))
    await storage.set_game_clock(ids[-1], 3600)
    await storage.add_timers([NewTimer(T0 + timedelta(hours=1), "reminder", ids[-1], 1, ply=6, step=0)])
    await storage.put_ratings(
        [
            RatingRecord(0, 2, 1612.5, 80.25, 0.06, 1, kind="warchest"),
            RatingRecord(77, 1, 1487.0, 90, 0.06, 1, kind="warchest"),
        ]
    )
    await storage.mark_game_rated(ids[0])
    await storage.set_user_settings(1, {"locale": "fa", "notify": "dm"})
    await storage.set_guild_settings(77, {"locale": "fa"})
    await storage.add_outbox(ids[-1], 7, "move", {"text": "Sw move e2-e3"})
    return ids


def _sqlite_rows(path) -> dict[str, list[tuple]]:
    con = sqlite3.connect(path)
    try:
        tables = [
            r[0]
            for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {
            t: sorted(con.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr)
            for t in tables
            if t != "leases"
        }
    finally:
        con.close()


async def test_backup_of_a_live_database_is_a_consistent_copy(tmp_path):
    path, copy = tmp_path / "live.sqlite3", tmp_path / "backups" / "copy.sqlite3"
    async with Storage.open(path) as storage:
        ids = await _populate(storage)

        async def keep_writing():
            for ply in range(6, 40):
                await storage.append_action(ids[1], ply, ply % 2, f"late {ply}")

        writer = asyncio.create_task(keep_writing())
        size = await asyncio.to_thread(backup, path, copy)
        await writer
    assert size == copy.stat().st_size > 0
    async with Storage.open(copy) as restored:
        await restored.check_integrity()
        game = await restored.load_game(ids[1])
        plies = [a.ply for a in game.actions]
        assert plies == list(range(len(plies))) and len(plies) >= 6  # a committed state, whatever moment
        assert (await restored.get_user_settings(1)) == {"locale": "fa", "notify": "dm"}
    with pytest.raises(StorageError, match="exists already"):
        backup(path, copy)
    with pytest.raises(StorageError, match="pg_dump"):
        backup("postgresql://bot@localhost/wc", tmp_path / "x.sqlite3")


async def test_restore_checks_the_backup_and_refuses_while_a_bot_runs(tmp_path):
    live, saved = tmp_path / "data" / "warchest.sqlite3", tmp_path / "saved.sqlite3"
    async with Storage.open(live) as storage:
        ids = await _populate(storage)
    backup(live, saved)
    async with Storage.open(live) as storage:  # a game started after the backup
        await storage.create_game(kind="warchest", options={}, seed=5)
    not_ours = tmp_path / "other.sqlite3"
    sqlite3.connect(not_ours).execute("CREATE TABLE invoices (id INTEGER)").connection.commit()
    with pytest.raises(StorageError, match="no warchest-bot schema"):
        await restore(not_ours, live, force=True)
    with pytest.raises(StorageError, match="--force"):
        await restore(saved, live)
    async with Storage.open(live) as running, ProcessLease(running, name=shard_lease(0, 1)):
        with pytest.raises(LeaseHeld):
            await restore(saved, live, force=True)
    assert await restore(saved, live, force=True) == len(ids)
    async with Storage.open(live) as storage:
        assert [g.id for g in await storage.list_games_for_guild(77, limit=50)] == sorted(ids, reverse=True)
    assert saved.is_file()  # the backup itself is kept


async def test_migrate_db_copies_everything_and_checks_counts(tmp_path, pg_server, capsys):
    source = tmp_path / "warchest.sqlite3"
    async with Storage.open(source, clock=lambda: T0) as storage:
        ids = await _populate(storage)
    expected = _sqlite_rows(source)
    dsn = await pg_server.create_database()

    assert await asyncio.to_thread(main, ["migrate-db", "--db", str(source), "--to", dsn]) == 0
    out = capsys.readouterr().out
    assert "games" in out and "counts match" in out and "WARCHEST_DB=" in out

    conn = await asyncpg.connect(dsn)
    try:
        for table, rows in expected.items():
            got = sorted((tuple(r) for r in await conn.fetch(f'SELECT * FROM "{table}"')), key=repr)
            assert got == rows, table
    finally:
        await conn.close()
    async with open_storage(dsn) as pg:
        assert (await pg.load_game(ids[2])).actions[-1].notation == "action 6"
        newer = await pg.create_game(kind="warchest", options={}, seed=9)  # ids go on after the copied ones
        assert newer.id == max(ids) + 1
        assert (await pg.get_ratings(0, [2], kind="warchest"))[2].rating == 1612.5

    # a second run into the same (now not empty) database writes nothing
    assert await asyncio.to_thread(main, ["migrate-db", "--db", str(source), "--to", dsn]) == 2
    assert "not empty" in capsys.readouterr().err


async def test_migrate_db_refuses_while_the_bot_runs_on_the_file(tmp_path, pg_server):
    source = tmp_path / "warchest.sqlite3"
    async with Storage.open(source) as storage, ProcessLease(storage, name=shard_lease(0, 1)):
        await _populate(storage, games=2)
        with pytest.raises(LeaseHeld):
            await migrate_to_postgres(source, await pg_server.create_database())


def test_backup_and_restore_on_the_command_line(tmp_path, capsys):
    db, copy = tmp_path / "db.sqlite3", tmp_path / "copy.sqlite3"

    async def make():
        async with Storage.open(db) as storage:
            await _populate(storage, games=2)

    asyncio.run(make())
    assert main(["backup", str(copy), "--db", str(db)]) == 0
    assert "backed up to" in capsys.readouterr().out
    assert main(["restore", str(copy), "--db", str(db)]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["restore", str(copy), "--db", str(db), "--force"]) == 0
    assert "(2 games)" in capsys.readouterr().out
