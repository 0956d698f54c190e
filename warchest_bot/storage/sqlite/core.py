"""The connection core of `Storage` (SQLite): conversions, opening, transactions, read pool.

The topic mixins beside this module (games, actions, listings, challenges, settings, message_refs,
correspondence, outbox, lease, meta) all run their SQL through `_unit()`.

Durability. The file runs in WAL mode with `synchronous=NORMAL`. A commit is acknowledged (the awaited
call returns) only after SQLite has `write()`n the transaction's pages and its commit record into the
`-wal` file; NORMAL merely skips the `fsync()` at that point (it still syncs at checkpoints). Data that has
been written is in the operating system's page cache, which belongs to the kernel, not to the process, so
killing the process (SIGKILL, OOM killer, crash) cannot lose it: the next open replays the WAL up to the last
complete commit record and ignores any torn tail. What NORMAL can lose is the last few commits on an
operating-system crash or power cut (the database stays consistent, never corrupt); SQLite documents
this ("transactions are durable across application crashes regardless of the synchronous setting",
https://www.sqlite.org/pragma.html#pragma_synchronous) and tests/storage/test_storage_crash.py checks it
with SIGKILL. Pass
`fsync_commits=True` (`synchronous=FULL`) to survive power loss as well, at the price of one fsync per
commit (milliseconds on most disks).

Concurrency. Writes go through one write connection per `Storage`, owned by a thread of its own
(`.worker`), and an `asyncio.Lock` keeps each operation's statements together, so two coroutines never share a
transaction. Every write runs in `BEGIN IMMEDIATE` (takes the file's write lock up front, so a second
process waits up to the busy timeout instead of failing mid-transaction), sent with the operation's first
statement; the statements whose results it does not read go with the next one that is read or with COMMIT
(`WriteBatch`: an accepted move is one round trip). With ``synchronous=NORMAL`` a round trip runs on the
event loop's thread itself when the connection's thread is idle and the write lock is free (a commit that
does not wait for the disk costs tens of µs, less than a hand-over to a thread); one that would wait for the
lock, and the WAL's checkpoints, run on the connection's thread. `transaction()` groups several
operations into one commit. Reads outside `transaction()` use a small pool of read-only connections
(`query_only`): in WAL mode a reader sees the last commit and never waits for a writer, in this process or
another, so a long or blocked write stalls no read of another game. (An in-memory database has one
connection only, so there reads share the write connection and its lock.)
"""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, Protocol, Self, TypeVar, overload

import aiosqlite

from ..dsn import is_postgres
from ..errors import (
    GameNotFound,
    PlyConflict,
    StatusConflict,
    StorageBusy,
    StorageDamaged,
    StorageError,
)
from ..migrations import MIGRATIONS, check_usable, migrate
from ..records import GameEnd, GameRecord, GameStatus, Outcome, SeatRecord
from ..wakeups import Unlisten, nothing_to_stop
from ..write_waits import WriteWaits
from .worker import CountCheck, Recheck, RowsCheck, Worker, WriteBatch

Clock = Callable[[], datetime]
"""Returns the current time as an aware UTC datetime; injected so tests control time."""

DEFAULT_PATH = Path("data") / "warchest.sqlite3"

_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1
_MAX_PAGE = 500

_GAME_COLUMNS = (
    "id",
    "kind",
    "status",
    "guild_id",
    "channel_id",
    "thread_id",
    "created_by",
    "options",
    "seed",
    "rated",
    "ply_count",
    "turn_seat",
    "created_at",
    "updated_at",
    "started_at",
    "finished_at",
    "winner_team",
    "end_reason",
    "result",
)
_GAME_SELECT = ", ".join(f"g.{c}" for c in _GAME_COLUMNS)
_SEAT_SELECT = (
    "game_id, seat, user_id, display_name, team, ai_level, dm_reachable, joined_at, outcome, autopilot"
)
_SEAT_JOINED = ", ".join(f"s.{c}" for c in _SEAT_SELECT.split(", "))


class SqlCursor(Protocol):
    """What the topic mixins read of an executed statement."""

    @property
    def rowcount(self) -> int: ...


class SqlConnection(Protocol):
    """What the topic mixins use of a connection: a `WriteBatch` on the write connection, an aiosqlite
    reader, or `..postgres`'s adapter, which takes the
    same SQL (``?`` placeholders, ``ON CONFLICT``, ``RETURNING``) and raises ``sqlite3.IntegrityError`` for
    a violated constraint, so one set of mixins serves both backends. Catch that error after ``execute``
    only to raise: on PostgreSQL the operation's transaction accepts no further statement after it."""

    def execute(self, sql: str, parameters: Iterable[Any] | None = None, /) -> Awaitable[SqlCursor]: ...

    def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] | None = None, /
    ) -> Awaitable[Iterable[Any]]: ...

    def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> Awaitable[Any]: ...


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


# --- conversions -------------------------------------------------------------------------------------


def _to_unix(moment: datetime) -> int:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass a timezone-aware (UTC) datetime")
    return math.floor(moment.timestamp())


@overload
def _from_unix(value: int) -> datetime: ...
@overload
def _from_unix(value: None) -> None: ...
@overload
def _from_unix(value: int | None) -> datetime | None: ...
def _from_unix(value: int | None) -> datetime | None:
    """The moment a stored Unix time (whole seconds, UTC) stands for; NULL stays None."""
    return None if value is None else datetime.fromtimestamp(value, UTC)


def _dump_json(value: Mapping[str, Any], what: str) -> str:
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} must be a mapping (a JSON object), not {type(value).__name__}")
    try:
        return json.dumps(
            dict(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} is not JSON-serialisable: {exc}") from exc


def _load_json(text: str | None) -> dict[str, Any] | None:
    return None if text is None else json.loads(text)


def _check_int64(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int")
    if not _INT64_MIN <= value <= _INT64_MAX:
        raise ValueError(f"{what} {value} does not fit in 64 signed bits (use e.g. secrets.randbits(63))")
    return value


def _check_limit(limit: int) -> int:
    if not 1 <= limit <= _MAX_PAGE:
        raise ValueError(f"limit must be between 1 and {_MAX_PAGE}")
    return limit


def _statuses(statuses: GameStatus | str | Iterable[GameStatus | str] | None) -> tuple[str, ...] | None:
    if statuses is None:
        return None
    if isinstance(statuses, str):
        statuses = (statuses,)
    values = tuple(dict.fromkeys(GameStatus(s).value for s in statuses))
    if not values:
        raise ValueError("statuses must not be empty (pass None for all)")
    return values


def _marks(count: int) -> str:
    return ", ".join("?" * count)


def _seat_from_row(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(
        seat=row[1],
        user_id=row[2],
        display_name=row[3],
        team=row[4],
        ai_level=row[5],
        dm_reachable=None if row[6] is None else bool(row[6]),
        joined_at=_from_unix(row[7]),
        outcome=None if row[8] is None else Outcome(row[8]),
        autopilot=row[9],
    )


def _game_from_row(row: Sequence[Any], seats: tuple[SeatRecord, ...]) -> GameRecord:
    r = dict(zip(_GAME_COLUMNS, row, strict=True))
    return GameRecord(
        id=r["id"],
        kind=r["kind"],
        status=GameStatus(r["status"]),
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        created_by=r["created_by"],
        options=json.loads(r["options"]),
        seed=r["seed"],
        rated=bool(r["rated"]),
        ply_count=r["ply_count"],
        turn_seat=r["turn_seat"],
        created_at=_from_unix(r["created_at"]),
        updated_at=_from_unix(r["updated_at"]),
        started_at=_from_unix(r["started_at"]),
        finished_at=_from_unix(r["finished_at"]),
        winner_team=r["winner_team"],
        end_reason=r["end_reason"],
        result=_load_json(r["result"]),
        seats=seats,
    )


def _is_damage(exc: sqlite3.Error) -> bool:
    """SQLITE_CORRUPT (a damaged page: "database disk image is malformed") or SQLITE_NOTADB."""
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    text = str(exc)
    return (
        name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
        or "malformed" in text
        or "not a database" in text
    )


def _translate(exc: sqlite3.Error) -> StorageError:
    text = str(exc)
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return StorageBusy(f"the database is busy (locked by another process): {text}")
    if _is_damage(exc):
        return StorageDamaged(f"the database is damaged ({text}); restore it from a backup")
    return StorageError(f"database error: {text}")


_S = TypeVar("_S", bound="SQLiteCore")
_C = TypeVar("_C", bound="SQLiteCore")
_DB = TypeVar("_DB")


class _InTransaction(Generic[_DB]):
    """An operation inside `transaction()` that needs no savepoint: a read, or any operation of a whole
    transaction (``whole``), which when it raises may not commit. Its connection is the transaction's
    (SQLite's `WriteBatch`, PostgreSQL's connection). A plain class, as it is entered for every operation of
    every move (a generator-based context manager costs several times as much)."""

    __slots__ = ("_storage", "_db", "_whole")

    def __init__(self, storage: SQLiteCore, db: _DB, *, whole: bool) -> None:
        self._storage, self._db, self._whole = storage, db, whole

    async def __aenter__(self) -> _DB:
        return self._db

    async def __aexit__(self, exc_type: object, exc: BaseException | None, tb: object) -> None:
        if exc is None or not self._whole:
            return
        self._storage._tx_failed = True
        if isinstance(exc, sqlite3.Error):
            raise _translate(exc) from exc


async def _rolled_back(batch: WriteBatch, exc: BaseException) -> BaseException:
    """Roll ``batch`` back after ``exc`` left its block (nothing of it written); the error to raise: ``exc``
    itself, or a database error as the storage's."""
    await batch.rollback()
    return _translate(exc) if isinstance(exc, sqlite3.Error) else exc


async def _committed(batch: WriteBatch) -> None:
    """Commit ``batch`` at the end of its block. Cancelled meanwhile, the commit still runs to its end
    (the next unit waits for it) and the cancellation goes on."""
    try:
        await batch.commit()
    except asyncio.CancelledError:
        await batch.settle()
        raise
    except sqlite3.Error as exc:
        raise _translate(exc) from exc


class _Transaction(Generic[_C]):
    """`SQLiteCore.transaction()`: the write lock, one `WriteBatch` committed when the block ends (rolled
    back, nothing of it written, if the block raises, cancellation included). A plain class, as every
    accepted move enters one (a generator-based context manager costs several times as much)."""

    __slots__ = ("_storage", "_whole", "_batch")

    def __init__(self, storage: _C, *, whole: bool) -> None:
        self._storage, self._whole = storage, whole

    async def __aenter__(self) -> _C:
        storage = self._storage
        if storage._inside_transaction():
            raise StorageError("storage transactions do not nest")
        await storage._lock.acquire()
        try:
            batch = WriteBatch(
                storage._require_db(), "BEGIN IMMEDIATE", keep=self._whole, waits=storage.write_waits
            )
        except BaseException:
            storage._lock.release()
            raise
        self._batch = batch
        storage._tx_task, storage._tx_batch = asyncio.current_task(), batch
        storage._tx_whole, storage._tx_failed = self._whole, False
        return storage

    async def __aexit__(self, exc_type: object, exc: BaseException | None, tb: object) -> bool:
        storage, batch = self._storage, self._batch
        try:
            failure = exc
            if failure is None:
                try:
                    storage._check_whole()
                except StorageError as refused:
                    failure = refused
            storage._tx_task, storage._tx_batch = None, None
            if failure is not None:
                error = await _rolled_back(batch, failure)
                if error is exc:
                    return False  # the block's own exception goes on as it is
                if error is failure:
                    raise failure  # the refusal of a whole transaction after a caught error
                raise error from failure
            await _committed(batch)
            return False
        finally:
            storage._lock.release()


class _Opening(Generic[_S]):
    """What `Storage.open()` returns: await it, or use it as `async with Storage.open(...) as storage`."""

    def __init__(self, opener: Callable[[], Any]) -> None:
        self._opener = opener
        self._storage: _S | None = None

    def __await__(self) -> Generator[Any, None, _S]:
        return self._opener().__await__()

    async def __aenter__(self) -> _S:
        self._storage = await self._opener()
        return self._storage

    async def __aexit__(self, *exc_info: object) -> None:
        if self._storage is not None:
            await self._storage.close()


class SQLiteCore:
    """The connection core every topic mixin of `Storage` builds on: opening and closing the file, the
    write connection and the pool of read-only connections, `_unit()` (one atomic operation) and
    `transaction()`, and the helpers several topics share. It implements `StorageLifecycle`.
    """

    def __init__(self, db: Worker, path: Path | str, clock: Clock, schema_version: int) -> None:
        """Internal: use `Storage.open()`."""
        self._db: Worker | None = db
        self._path = path
        self._clock = clock
        self._schema_version = schema_version
        self._lock = asyncio.Lock()
        self._tx_task: asyncio.Task[Any] | None = None
        self._tx_batch: WriteBatch | None = None  # the statements of the running transaction()
        self._tx_whole = False  # the running transaction() is all or nothing (no savepoint per operation)
        self._tx_failed = False  # an operation raised inside such a transaction
        self._readers: list[aiosqlite.Connection] = []  # read-only connections, see `_open_readers`
        self._idle_readers: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        self.write_waits = WriteWaits()
        """How this process's writes waited for the file's write lock (the status line reads it)."""

    # --- lifecycle -----------------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path | str = DEFAULT_PATH,
        *,
        clock: Clock = utc_now,
        fsync_commits: bool = False,
        busy_timeout: float = 5.0,
        read_connections: int = 2,
    ) -> _Opening[Self]:
        """Open (creating the file and its folder if needed) and migrate the database at `path`.

        Raises `SchemaError` if the file was written by a newer bot or is not a warchest-bot database.
        `fsync_commits=True` also makes commits survive power loss (see the module docstring).
        `read_connections` read-only connections serve reads outside `transaction()` (at least 1).
        """
        if read_connections < 1:
            raise ValueError("read_connections must be at least 1")
        if is_postgres(path):  # never an SQLite file named like an address
            raise ValueError(
                f"{cls.__name__} opens SQLite files; open a PostgreSQL address with open_storage()"
            )

        async def opener() -> Self:
            storage = await cls._open(
                path, clock=clock, fsync_commits=fsync_commits, busy_timeout=busy_timeout
            )
            if str(path) != ":memory:":
                await storage._open_readers(read_connections, busy_timeout)
            return storage

        return _Opening(opener)

    @classmethod
    async def _open(cls, path: Path | str, *, clock: Clock, fsync_commits: bool, busy_timeout: float) -> Self:
        in_memory = str(path) == ":memory:"
        if not in_memory:
            path = Path(path)
            path.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = await Worker.connect(str(path), timeout=busy_timeout)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open database {path}: {exc}") from exc
        try:
            # Refuse a foreign or too-new file before anything writes to it (switching to WAL rewrites
            # the header of somebody else's database).
            await check_usable(db, len(MIGRATIONS))
            rows = list(await db.execute_fetchall("PRAGMA journal_mode = WAL"))
            mode = str(rows[0][0]).lower()
            if mode != "wal" and not in_memory:
                raise StorageError(f"cannot switch {path} to WAL mode (journal_mode is {mode})")
            await db.execute(f"PRAGMA synchronous = {'FULL' if fsync_commits else 'NORMAL'}")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            version = await migrate(db)
            if not fsync_commits:  # a commit that does not wait for the disk runs on the loop (`.worker`)
                await db.execute("PRAGMA busy_timeout = 0")
                await db.execute("PRAGMA wal_autocheckpoint = 0")
                db.write_here = True
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                if _is_damage(exc):
                    raise StorageDamaged(
                        f"cannot open database {path}: the database is damaged or not an SQLite file ({exc}); "
                        "restore it from a backup"
                    ) from exc
                raise StorageError(f"cannot open database {path}: {exc}") from exc
            raise
        return cls(db, path, clock, version)

    async def _open_readers(self, count: int, busy_timeout: float) -> None:
        """Open the read-only connections `_unit(write=False)` uses outside a transaction."""
        try:
            for _ in range(count):
                reader = await aiosqlite.connect(str(self._path), isolation_level=None, timeout=busy_timeout)
                try:
                    for pragma in (
                        "query_only = ON",
                        "foreign_keys = ON",
                        f"busy_timeout = {int(busy_timeout * 1000)}",
                    ):
                        await reader.execute(f"PRAGMA {pragma}")
                except BaseException:
                    await reader.close()
                    raise
                self._readers.append(reader)
                self._idle_readers.put_nowait(reader)
        except BaseException as exc:
            await self.close()
            if isinstance(exc, sqlite3.Error):
                raise StorageError(f"cannot open database {self._path}: {exc}") from exc
            raise

    async def close(self) -> None:
        """Close the connections (idempotent). Waits for running operations to finish."""
        if self._db is None:
            return
        if self._inside_transaction():
            raise StorageError("close() called inside transaction(); leave the block first")
        async with self._lock:
            db, self._db = self._db, None
            if db is None:
                return
            readers, self._readers = self._readers, []
            for _ in readers:  # every reader back in the pool: no read is running
                await self._idle_readers.get()
            for reader in readers:
                await reader.close()
            with suppress(sqlite3.Error):
                await db.execute("PRAGMA optimize")
            await db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def path(self) -> Path | str:
        return self._path

    @property
    def schema_version(self) -> int:
        return self._schema_version

    @property
    def is_open(self) -> bool:
        return self._db is not None

    @property
    def clock(self) -> Clock:
        """The clock this storage stamps times with (injected by `open()`; tests control it)."""
        return self._clock

    # --- transactions --------------------------------------------------------------------------------

    def _inside_transaction(self) -> bool:
        return self._tx_task is not None and self._tx_task is asyncio.current_task()

    @staticmethod
    async def _quietly(db: aiosqlite.Connection, sql: str) -> None:
        with suppress(sqlite3.Error):
            await db.execute(sql)

    def _unit(
        self, *, write: bool, one_statement: bool = False
    ) -> AbstractAsyncContextManager[SqlConnection]:
        """One atomic operation: its own transaction, or a savepoint inside `transaction()`.
        ``one_statement``: a read of a single statement, which PostgreSQL runs without a transaction (one
        statement sees one snapshot anyway); here it changes nothing.

        A write (and any statement inside `transaction()`) runs on the write connection through a
        `WriteBatch`: what `_later` gives it goes with the next statement whose result is read, or with
        COMMIT (`.worker`), so a write whose results nobody reads is one round trip."""
        if self._inside_transaction() and (not write or self._tx_whole):
            # The common case of a move's operations: nothing to begin or end, only a failure to note.
            batch = self._tx_batch
            assert batch is not None
            return _InTransaction(self, batch, whole=write)
        return self._own_unit(write=write)

    @asynccontextmanager
    async def _own_unit(self, *, write: bool) -> AsyncIterator[SqlConnection]:
        """`_unit` when it needs more than the batch of a transaction under way: a savepoint in it, or a
        transaction of its own."""
        if self._inside_transaction():
            batch = self._tx_batch
            assert batch is not None
            await batch.execute("SAVEPOINT operation")
            try:
                yield batch
            except BaseException as exc:
                await batch.later("ROLLBACK TO operation")
                await batch.later("RELEASE operation")
                if isinstance(exc, sqlite3.Error):
                    raise _translate(exc) from exc
                raise
            await batch.later("RELEASE operation")
            return
        if not write and self._readers:
            reader = await self._idle_readers.get()
            try:
                self._require_db()
                async with self._transaction_on(reader, "BEGIN") as db:
                    yield db
            finally:
                self._idle_readers.put_nowait(reader)
            return
        async with self._lock, self._batch(write=write, keep=True) as batch:
            yield batch

    @asynccontextmanager
    async def _batch(self, *, write: bool, keep: bool) -> AsyncIterator[WriteBatch]:
        """One transaction on the write connection (call with `_lock` held): committed when the block
        ends, rolled back (nothing of it written) if it raises, cancellation included."""
        batch = WriteBatch(
            self._require_db(),
            "BEGIN IMMEDIATE" if write else "BEGIN",
            keep=keep,
            waits=self.write_waits if write else None,
        )
        try:
            yield batch
        except BaseException as exc:
            error = await _rolled_back(batch, exc)
            if error is exc:
                raise
            raise error from exc
        await _committed(batch)

    async def _later(
        self,
        db: SqlConnection,
        sql: str,
        parameters: Sequence[Any] = (),
        *,
        rows: RowsCheck | None = None,
        count: CountCheck | None = None,
    ) -> None:
        """Run ``sql``, whose result the caller does not read, checked by ``rows`` (given the rows it
        returned) or ``count`` (the number of rows it changed), either of which may raise: on SQLite's
        write connection with the unit's next round trip (`WriteBatch.later`; the error then comes from
        that statement or from the end of the unit), elsewhere now."""
        if isinstance(db, WriteBatch):
            await db.later(sql, parameters, rows=rows, count=count)
            return
        if rows is not None:
            rows(list(await db.execute_fetchall(sql, parameters)))
            return
        cursor = await db.execute(sql, parameters)
        if count is not None:
            try:
                count(cursor.rowcount)
            except Recheck as again:
                raise again.explain(list(await db.execute_fetchall(again.sql, again.params))) from None

    @asynccontextmanager
    async def _transaction_on(
        self, db: aiosqlite.Connection, begin: str
    ) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction on `db`, started with `begin`; rolled back if the block raises."""
        try:
            # A plain BEGIN for reads still gives a consistent view across several SELECTs.
            await db.execute(begin)
            yield db
            await db.execute("COMMIT")
        except BaseException as exc:
            # Queued after anything already sent, so it runs even if we were cancelled mid-way.
            await self._quietly(db, "ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise _translate(exc) from exc
            raise

    def _check_whole(self) -> None:
        """At the end of a whole `transaction()` block that did not raise: refuse to commit after an
        operation that raised (its error was caught inside the block, its writes not undone)."""
        if self._tx_failed:
            raise StorageError(
                "an operation failed inside transaction(whole=True) and its error was caught: nothing commits"
            )

    async def settled(self) -> None:
        """Wait until the write transaction running now, if any, has ended (committed or not): readers on
        the pool do not wait for writers, so a task woken from inside a transaction calls this before it
        reads what that transaction writes."""
        if not self._inside_transaction():
            async with self._lock:
                pass

    def _require_db(self) -> Worker:
        if self._db is None:
            raise StorageError("storage is closed")
        return self._db

    def transaction(self, *, whole: bool = False) -> AbstractAsyncContextManager[Self]:
        """Run several operations as one commit: `async with storage.transaction(): ...`.

        Operations inside see each other's writes; an operation that raises is undone on its own (the rest
        of the transaction stands if the caller catches the error); an exception leaving the block undoes
        everything. Other tasks wait until the block ends, so keep it short. Do not nest, and do not use
        the storage from other tasks you wait for inside the block.

        ``whole=True``: all or nothing, for a caller that lets any operation's error leave the block.
        Operations are then not undone on their own (no savepoint each: cheaper, on PostgreSQL a round trip
        less per operation); should an error be caught inside anyway, the block's end raises
        `StorageError` and nothing commits. On SQLite the statements whose results nobody reads (the
        action and its guard, outbox rows) go with the next statement read or with COMMIT, so their errors
        (`PlyConflict` for a stale ply) may come from a later operation or from the block's end.
        """
        return _Transaction(self, whole=whole)

    def _now(self, at: datetime | None) -> int:
        if at is None and self._clock is utc_now:
            return math.floor(time.time())  # what _to_unix(utc_now()) gives, a few times faster
        return _to_unix(at if at is not None else self._clock())

    # --- wake-ups across processes (see `..wakeups`): none on SQLite, where the others poll -----------------

    async def notify(self, channel: str) -> None:
        """Nothing on SQLite (the processes of one machine poll)."""

    async def listen(self, channel: str, callback: Callable[[], None]) -> Unlisten:
        """Nothing on SQLite: ``callback`` is never called."""
        return nothing_to_stop

    async def _wake_up(self, db: SqlConnection, channel: str) -> None:
        """`notify` inside an operation, on its connection ``db`` (sent when the operation commits)."""

    # --- shared helpers ------------------------------------------------------------------------------

    @staticmethod
    async def _fetch(db: SqlConnection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await db.execute_fetchall(sql, params))

    async def _game_state(self, db: SqlConnection, game_id: int) -> tuple[GameStatus, int]:
        rows = await self._fetch(db, "SELECT status, ply_count FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return GameStatus(rows[0][0]), rows[0][1]

    async def _require_status(
        self, db: SqlConnection, game_id: int, allowed: Iterable[GameStatus], operation: str
    ) -> tuple[GameStatus, int]:
        status, ply_count = await self._game_state(db, game_id)
        allowed = tuple(allowed)
        if status not in allowed:
            raise StatusConflict(game_id, status.value, (s.value for s in allowed), operation)
        return status, ply_count

    async def _seats_by_game(
        self, db: SqlConnection, game_ids: Sequence[int]
    ) -> dict[int, tuple[SeatRecord, ...]]:
        found: dict[int, list[SeatRecord]] = {gid: [] for gid in game_ids}
        if game_ids:
            rows = await self._fetch(
                db,
                f"SELECT {_SEAT_SELECT} FROM seats WHERE game_id IN ({_marks(len(game_ids))}) ORDER BY game_id, seat",
                tuple(game_ids),
            )
            for row in rows:
                found[row[0]].append(_seat_from_row(row))
        return {gid: tuple(seats) for gid, seats in found.items()}

    async def _games_from_rows(self, db: SqlConnection, rows: list[Any]) -> list[GameRecord]:
        seats = await self._seats_by_game(db, [row[0] for row in rows])
        return [_game_from_row(row, seats[row[0]]) for row in rows]

    async def _fetch_game(self, db: SqlConnection, game_id: int) -> GameRecord:
        """The game with its seats, in one statement (joined: a game without seats is one row whose seat
        columns are NULL)."""
        rows = await self._fetch(
            db,
            f"SELECT {_GAME_SELECT}, {_SEAT_JOINED} FROM games g LEFT JOIN seats s ON s.game_id = g.id"
            " WHERE g.id = ? ORDER BY s.seat",
            (game_id,),
        )
        if not rows:
            raise GameNotFound(game_id)
        n = len(_GAME_COLUMNS)
        return _game_from_row(rows[0][:n], tuple(_seat_from_row(r[n:]) for r in rows if r[n] is not None))

    async def _touch(self, db: SqlConnection, game_id: int, now: int) -> None:
        await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))

    # --- the end of a game (shared by the action log and `finish_game`) -------------------------------

    async def _count_finished(self, db: SqlConnection, game_ids: Sequence[int], sign: int) -> None:
        """Add the finished games among ``game_ids`` to their players' totals (``sign`` 1), or take them out
        (-1: the games are deleted), from their seats' outcomes (schema v13, `record_for_user`)."""
        for start in range(0, len(game_ids), 500):
            chunk = list(game_ids[start : start + 500])
            await db.execute(
                "INSERT INTO player_totals (user_id, guild_key, kind, rated, games, wins, losses, draws)"
                " SELECT s.user_id, COALESCE(g.guild_id, 0), g.kind, g.rated, CAST(? AS BIGINT) * count(*),"
                " CAST(? AS BIGINT) * sum(CASE WHEN s.outcome = 'win' THEN 1 ELSE 0 END),"
                " CAST(? AS BIGINT) * sum(CASE WHEN s.outcome = 'loss' THEN 1 ELSE 0 END),"
                " CAST(? AS BIGINT) * sum(CASE WHEN s.outcome = 'draw' THEN 1 ELSE 0 END)"
                " FROM seats s JOIN games g ON g.id = s.game_id"
                f" WHERE s.game_id IN ({_marks(len(chunk))}) AND s.user_id IS NOT NULL"
                " AND s.game_status = 'finished'"
                " GROUP BY s.user_id, COALESCE(g.guild_id, 0), g.kind, g.rated"
                " ON CONFLICT (user_id, guild_key, kind, rated) DO UPDATE SET"
                " games = player_totals.games + excluded.games, wins = player_totals.wins + excluded.wins,"
                " losses = player_totals.losses + excluded.losses, draws = player_totals.draws + excluded.draws",
                (sign, sign, sign, sign, *chunk),
            )

    async def _finish(
        self, db: SqlConnection, game_id: int, end: GameEnd, now: int, expected_ply: int | None
    ) -> None:
        if not end.reason:
            raise ValueError("GameEnd.reason must not be empty")
        allowed = (GameStatus.OPEN, GameStatus.ACTIVE) if end.aborted else (GameStatus.ACTIVE,)
        previous, ply_count = await self._require_status(
            db, game_id, allowed, "aborting the game" if end.aborted else "finishing the game"
        )
        if expected_ply is not None and expected_ply != ply_count:
            raise PlyConflict(game_id, ply_count, expected_ply)
        if end.winner_team is not None or end.loser_team is not None:
            if end.aborted:
                raise ValueError("an aborted game has no winner or loser")
            if end.winner_team is not None and end.loser_team is not None:
                raise ValueError("a game has a winner team or (a forfeit among several teams) a loser team")
            teams = {
                r[0] for r in await self._fetch(db, "SELECT team FROM seats WHERE game_id = ?", (game_id,))
            }
            for name, team in (("winner_team", end.winner_team), ("loser_team", end.loser_team)):
                if team is not None and team not in teams:
                    raise ValueError(f"{name} {team} is not a team of game {game_id}")
        result_json = None if end.result is None else _dump_json(end.result, "result")
        status = GameStatus.ABORTED if end.aborted else GameStatus.FINISHED
        await db.execute(
            "UPDATE games SET status = ?, finished_at = ?, updated_at = ?, winner_team = ?, end_reason = ?,"
            " result = ?, turn_seat = NULL WHERE id = ?",
            (status.value, now, now, end.winner_team, end.reason, result_json, game_id),
        )
        if end.aborted:
            await db.execute(
                "UPDATE seats SET game_status = ?, outcome = NULL WHERE game_id = ?", (status.value, game_id)
            )
        elif end.winner_team is None and end.loser_team is not None:
            await db.execute(
                "UPDATE seats SET game_status = ?,"
                " outcome = CASE WHEN team = ? THEN 'loss' ELSE 'draw' END WHERE game_id = ?",
                (status.value, end.loser_team, game_id),
            )
        elif end.winner_team is None:
            await db.execute(
                "UPDATE seats SET game_status = ?, outcome = 'draw' WHERE game_id = ?",
                (status.value, game_id),
            )
        else:
            await db.execute(
                "UPDATE seats SET game_status = ?,"
                " outcome = CASE WHEN team = ? THEN 'win' ELSE 'loss' END WHERE game_id = ?",
                (status.value, end.winner_team, game_id),
            )
        if not end.aborted:
            await self._count_finished(db, (game_id,), 1)
        if previous is GameStatus.OPEN:  # only open games have challenges (set_status removes them)
            await db.execute("DELETE FROM challenges WHERE game_id = ?", (game_id,))
