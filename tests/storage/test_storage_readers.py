"""Readers never wait for writers: reads run on read-only connections while a write waits for the lock."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from warchest_bot.storage import GameStatus, NewSeat, Storage, StorageBusy, StorageError


async def _game(storage: Storage, seed: int) -> int:
    game = await storage.create_game(
        kind="warchest",
        options={"variant": "2p"},
        seed=seed,
        seats=[NewSeat("Ann", user_id=1), NewSeat("Bob", user_id=2)],
        status=GameStatus.ACTIVE,
        turn_seat=0,
    )
    return game.id


def _hold_write_lock(path) -> sqlite3.Connection:
    """Another connection (as another process would) takes the file's write lock and keeps it."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE games SET updated_at = updated_at")
    return other


async def _until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.01)


async def test_reads_of_another_game_do_not_wait_for_a_blocked_write(tmp_path):
    path = tmp_path / "db.sqlite3"
    # The busy timeout is long: with one shared connection, the reads below would wait for all of it.
    async with Storage.open(path, busy_timeout=20.0) as storage:
        game_a, game_b = await _game(storage, 1), await _game(storage, 2)
        other = _hold_write_lock(path)
        try:
            write_a = asyncio.create_task(storage.append_action(game_a, 0, 0, "a1"))
            await _until(storage._lock.locked)  # the write of game A is waiting for the file's lock
            for _ in range(5):
                game = await storage.get_game(game_b)
                loaded = await storage.load_game(game_b)
                assert (game.id, loaded.game.ply_count) == (game_b, 0)
            # The reads finished while the other connection still held the lock and the write still waited.
            assert other.in_transaction
            assert not write_a.done()
        finally:
            other.rollback()
            other.close()
        await write_a  # the write goes through once the lock is free, as before
        assert (await storage.get_game(game_a)).ply_count == 1


async def test_a_write_still_waits_then_reports_busy(tmp_path):
    path = tmp_path / "db.sqlite3"
    async with Storage.open(path, busy_timeout=0.2) as storage:
        game_a, game_b = await _game(storage, 1), await _game(storage, 2)
        other = _hold_write_lock(path)
        try:
            with pytest.raises(StorageBusy):
                await storage.append_action(game_a, 0, 0, "a1")
            assert (await storage.get_game(game_b)).ply_count == 0
        finally:
            other.rollback()
            other.close()
        await storage.append_action(game_a, 0, 0, "a1")
        assert (await storage.get_game(game_a)).ply_count == 1


async def test_reads_do_not_wait_for_this_storage_s_own_transaction(tmp_path):
    async with Storage.open(tmp_path / "db.sqlite3") as storage:
        game_a, game_b = await _game(storage, 1), await _game(storage, 2)
        inside, leave = asyncio.Event(), asyncio.Event()

        async def long_transaction() -> None:
            async with storage.transaction():
                await storage.append_action(game_a, 0, 0, "a1")
                inside.set()
                await leave.wait()

        task = asyncio.create_task(long_transaction())
        await inside.wait()
        # Another task reads the last commit: game B, and game A as it was before the open transaction.
        # (wait_for only turns the old behaviour, a deadlock, into a failure; it measures nothing.)
        assert (await asyncio.wait_for(storage.get_game(game_b), 60)).ply_count == 0
        assert (await asyncio.wait_for(storage.get_game(game_a), 60)).ply_count == 0
        assert not task.done()
        leave.set()
        await task
        assert (await storage.get_game(game_a)).ply_count == 1


async def test_reads_see_every_earlier_commit(tmp_path):
    async with Storage.open(tmp_path / "db.sqlite3", read_connections=3) as storage:
        game = await _game(storage, 1)
        for ply in range(20):
            await storage.append_action(game, ply, ply % 2, f"m{ply}")
            assert (await storage.get_game(game)).ply_count == ply + 1


async def test_cancelled_reads_return_their_connection(tmp_path):
    async with Storage.open(tmp_path / "db.sqlite3", read_connections=2) as storage:
        game = await _game(storage, 1)
        for attempt in range(20):
            task = asyncio.create_task(storage.load_game(game))
            for _ in range(attempt % 5):
                await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        results = await asyncio.gather(*(storage.get_game(game) for _ in range(10)))
        assert {r.id for r in results} == {game}
    with pytest.raises(StorageError, match="closed"):
        await storage.get_game(game)


async def test_read_connections_cannot_write(tmp_path):
    async with Storage.open(tmp_path / "db.sqlite3") as storage:
        with pytest.raises(StorageError, match="readonly"):
            async with storage._unit(write=False) as db:
                await db.execute("DELETE FROM games")


async def test_an_in_memory_database_reads_through_its_one_connection():
    async with Storage.open(":memory:") as storage:
        game = await _game(storage, 1)
        assert (await storage.get_game(game)).id == game
