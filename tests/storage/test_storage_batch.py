"""A write unit sent in few round trips (SQLite's `WriteBatch`: the statements whose results nobody reads go
with the next one that is read, or with COMMIT) keeps every guarantee of a transaction, on both backends:
an error anywhere writes nothing, a cancelled unit writes nothing (or all of it) and leaves the storage
usable, a stale ply is refused with nothing written, and what a unit wrote is there when it returns."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from dbdump import dump

from warchest_bot.storage import (
    GameEnd,
    GameStatus,
    NewSeat,
    PlyConflict,
    StatusConflict,
    Storage,
    StorageError,
    TypedActionStale,
    open_storage,
)
from warchest_bot.storage.dsn import is_postgres

START = datetime(2025, 3, 1, 12, 0, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


async def _active_game(storage: Storage) -> int:
    game = await storage.create_game(
        kind="warchest",
        options={},
        seed=1,
        seats=[NewSeat("Ann", user_id=1), NewSeat("Bob", user_id=2)],
        status=GameStatus.ACTIVE,
        turn_seat=0,
    )
    return game.id


async def _move(storage: Storage, game_id: int, ply: int, *, typed: bool = False, peek: bool = False) -> None:
    """What the service commits for a move: the action (with its seat's round) and two outbox rows;
    ``peek``: with a read of the game in between (on SQLite a round trip in the middle of the unit)."""
    async with storage.transaction(whole=True):
        await storage.append_action(
            game_id, ply, ply % 2, f"a{ply}", turn_seat=(ply + 1) % 2, seat_round=1, typed=typed
        )
        if peek:
            assert (await storage.get_game(game_id)).ply_count == ply + 1
        await storage.owe_outbox(game_id, ply + 1, "move", {"ply": ply + 1}, claimed_by="me")
        await storage.owe_outbox(game_id, ply + 1, "hands", {"seats": [ply % 2]}, claimed_by="me")


async def _consistent(storage: Storage, game_id: int) -> int:
    """The game's ply count, after checking that every committed action has its two outbox rows and its
    seat mark, and nothing else was written."""
    loaded = await storage.load_game(game_id)
    plies = loaded.game.ply_count
    assert [a.notation for a in loaded.actions] == [f"a{p}" for p in range(plies)]
    rows = await storage.outbox_rows(game_id)
    assert [(r.ply, r.kind) for r in rows] == [(p + 1, k) for p in range(plies) for k in ("move", "hands")]
    return plies


async def test_a_move_commits_with_everything_it_owes(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        for ply in range(3):
            await _move(storage, game_id, ply)
        assert await _consistent(storage, game_id) == 3
        pending = await storage.pending_outbox(game_id)
        assert [r.payload for r in pending][:2] == [{"ply": 1}, {"seats": [0]}]
        assert all(r.claimed_by == "me" for r in pending)
        assert (await storage.get_game(game_id)).turn_seat == 1


async def test_a_stale_ply_is_refused_and_writes_nothing(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        await _move(storage, game_id, 0)
        before = dump(db_target)
        for stale in (0, 2):  # behind, and ahead of, the game
            with pytest.raises(PlyConflict) as refused:
                await _move(storage, game_id, stale)
            assert (refused.value.expected, refused.value.given) == (1, stale)
            with pytest.raises(PlyConflict):  # alone, outside a transaction
                await storage.append_action(game_id, stale, 0, "again")
            with pytest.raises(PlyConflict):  # in a transaction that undoes each operation alone
                async with storage.transaction():
                    await storage.append_action(game_id, stale, 0, "again")
        assert dump(db_target) == before
        await _move(storage, game_id, 1)  # the right ply still goes through
        assert await _consistent(storage, game_id) == 2


async def test_a_finished_game_takes_no_action_and_the_refusal_says_why(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        await storage.finish_game(game_id, GameEnd(reason="aborted", aborted=True))
        before = dump(db_target)
        with pytest.raises(StatusConflict):
            await _move(storage, game_id, 0)
        assert dump(db_target) == before


async def test_a_stale_typed_action_is_refused_and_writes_nothing(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        await _move(storage, game_id, 0)
        await _move(storage, game_id, 1)
        await storage.mark_shown(game_id, 0, 2, 2)  # seat 0 was shown a hand of round 2
        before = dump(db_target)
        with pytest.raises(TypedActionStale):  # typed against round 1: it never saw that hand
            await _move(storage, game_id, 2, typed=True)
        assert dump(db_target) == before


async def test_an_error_in_the_middle_writes_nothing(db_target):
    """Raised by the caller between operations, or by a statement kept for the commit (the outbox row of
    a game that does not exist breaks a foreign key): nothing of the unit is written."""
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        await _move(storage, game_id, 0)
        before = dump(db_target)
        with pytest.raises(RuntimeError):
            async with storage.transaction(whole=True):
                await storage.append_action(game_id, 1, 1, "a1", seat_round=1)
                await storage.owe_outbox(game_id, 2, "move")
                raise RuntimeError("boom")
        with pytest.raises(StorageError) as broken:
            async with storage.transaction(whole=True):
                await storage.append_action(game_id, 1, 1, "a1", seat_round=1)
                await storage.owe_outbox(game_id, 2, "move")
                await storage.owe_outbox(game_id + 100, 2, "move")
        assert not isinstance(broken.value, PlyConflict)
        # The same, alone (PostgreSQL's adapter raises the constraint as sqlite3's IntegrityError there).
        with pytest.raises((StorageError, sqlite3.IntegrityError)):
            await storage.owe_outbox(game_id + 100, 2, "move")
        with pytest.raises(ValueError):  # refused before anything is sent
            async with storage.transaction(whole=True):
                await storage.append_action(game_id, 1, 1, "a1", seat_round=1)
                await storage.owe_outbox(game_id, 2, "no such kind")
        assert dump(db_target) == before
        await _move(storage, game_id, 1)
        assert await _consistent(storage, game_id) == 2


async def test_a_cancelled_move_writes_all_or_nothing_and_the_storage_stays_usable(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        outcomes = set()
        for attempt in range(60):
            ply = (await storage.get_game(game_id)).ply_count
            task = asyncio.create_task(_move(storage, game_id, ply, peek=attempt % 2 == 1))
            for _ in range(attempt // 2 % 10):  # cancel at a different stage each time
                await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            outcomes.add((attempt % 2, await _consistent(storage, game_id) > ply))
        if not is_postgres(str(db_target)):  # (its round trips take longer than the yields above)
            # Cancelled before it began, and once its commit was sent (it then runs to its end).
            assert {(0, False), (0, True), (1, False)} <= outcomes
        plies = await _consistent(storage, game_id)
        await _move(storage, game_id, plies)
        assert await _consistent(storage, game_id) == plies + 1


async def test_a_unit_reads_what_it_wrote_before(db_target):
    """A statement kept for later runs before any statement sent after it: a read inside the transaction
    sees the kept writes."""
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        async with storage.transaction(whole=True):
            await storage.append_action(game_id, 0, 0, "a0")
            await storage.owe_outbox(game_id, 1, "move")
            assert (await storage.get_game(game_id)).ply_count == 1
            assert [r.ply for r in await storage.outbox_rows(game_id)] == [1]
            await storage.append_action(game_id, 1, 1, "a1")
        assert (await storage.get_game(game_id)).ply_count == 2


@pytest.mark.parametrize("fsync", [False, True])
async def test_a_move_on_sqlite_is_one_round_trip(tmp_path, fsync):
    """BEGIN IMMEDIATE, the guard, the action, the seat, the outbox rows and COMMIT: one round trip, a
    refused move too, and an operation alone whose result nobody reads. With ``synchronous=NORMAL`` the
    trip runs on the loop's own thread (the connection's thread is idle, the write lock free); with FULL
    (a commit waits for the disk) on the connection's thread."""
    async with Storage.open(tmp_path / "games.sqlite3", clock=FakeClock(), fsync_commits=fsync) as storage:
        game_id = await _active_game(storage)
        worker = storage._db
        assert worker is not None
        trips = {"thread": 0, "here": 0}
        run, here = worker.run, worker.here

        async def on_thread(fn):  # type: ignore[no-untyped-def]
            trips["thread"] += 1
            return await run(fn)

        def on_loop(fn):  # type: ignore[no-untyped-def]
            trips["here"] += 1
            return here(fn)

        worker.run, worker.here = on_thread, on_loop  # type: ignore[method-assign]
        where = "thread" if fsync else "here"
        await _move(storage, game_id, 0)
        assert trips == {"thread": 0, "here": 0, where: 1}
        trips.update(thread=0, here=0)
        with pytest.raises(PlyConflict):
            await _move(storage, game_id, 0)
        assert trips == {"thread": 0, "here": 0, where: 1}
        trips.update(thread=0, here=0)
        await storage.mark_shown(game_id, 1, 1, 1)
        await storage.outbox_done((await storage.outbox_rows(game_id))[0].id)
        assert trips == {"thread": 0, "here": 0, where: 2}


@pytest.mark.parametrize("fsync", [False, True])
async def test_a_taken_write_lock_is_waited_for_off_the_loop_and_counted(tmp_path, fsync):
    """Another program holds the write lock: the write waits for it (on the connection's thread, the
    loop goes on meanwhile) and goes through once it is free; refused as busy after the busy timeout,
    counted either way; the storage stays usable."""
    path = tmp_path / "games.sqlite3"
    async with Storage.open(path, clock=FakeClock(), busy_timeout=0.5, fsync_commits=fsync) as storage:
        game_id = await _active_game(storage)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StorageError, match="busy"):
                await _move(storage, game_id, 0)
            assert storage.write_waits.refused == 1
            move = asyncio.create_task(_move(storage, game_id, 0))
            ticks = 0
            while ticks < 5:  # the loop is not blocked while the write waits
                await asyncio.sleep(0.01)
                ticks += 1
            assert not move.done()
        finally:
            other.execute("ROLLBACK")
            other.close()
        await move
        assert await _consistent(storage, game_id) == 1
        await _move(storage, game_id, 1)
        assert await _consistent(storage, game_id) == 2


async def test_the_wal_is_checkpointed_off_the_loop(tmp_path):
    """With commits on the loop's thread the connection never checkpoints at a commit; its thread does,
    every `Worker.CHECKPOINT_EVERY` commits, so the WAL does not grow without end (each move adds pages
    to it: 200 moves unchecked leave about 1,500 pages)."""
    path = tmp_path / "games.sqlite3"
    async with Storage.open(path, clock=FakeClock()) as storage:
        assert storage._db is not None
        storage._db.CHECKPOINT_EVERY = 10
        game_id = await _active_game(storage)
        # The WAL file keeps its largest size: start it empty, so that what the schema's creation wrote
        # (more pages with every migration) does not count.
        await storage._db.run(lambda c: c.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall())
        assert path.with_name(path.name + "-wal").stat().st_size == 0
        for ply in range(200):
            await _move(storage, game_id, ply)
        pages = path.with_name(path.name + "-wal").stat().st_size // 4096
        assert pages < 200
        check = sqlite3.connect(path)
        try:
            assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            check.close()
        assert await _consistent(storage, game_id) == 200


def test_a_storage_left_open_does_not_keep_the_process_from_ending(tmp_path):
    """The write connection's thread never holds the process: one that exits without closing its storage
    ends, and what it committed is there at the next open."""
    path = tmp_path / "games.sqlite3"
    script = (
        "import asyncio, sys\n"
        "from warchest_bot.storage import Storage, NewSeat, GameStatus\n"
        "async def main():\n"
        f"    storage = await Storage.open({str(path)!r})\n"
        "    game = await storage.create_game(kind='warchest', options={}, seed=1,"
        " seats=[NewSeat('Ann', user_id=1)], status=GameStatus.ACTIVE, turn_seat=0)\n"
        "    await storage.append_action(game.id, 0, 0, 'a0')\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], timeout=60, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr

    async def reopened() -> list[str]:
        async with Storage.open(path) as storage:
            return [a.notation for a in (await storage.load_game(1)).actions]

    assert asyncio.run(reopened()) == ["a0"]
