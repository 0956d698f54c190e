"""The connection core of `PostgresStorage` (PostgreSQL via asyncpg): the pool, `_unit()`, `transaction()`,
and the adapter through which the topic mixins' SQL runs unchanged.

The adapter. The topic mixins (`..sqlite.games` and the others) are written once, in SQL both databases
speak (``ON CONFLICT``, ``RETURNING``, ``count(*) FILTER``), against the small `SqlConnection` protocol.
`PgConnection` implements it over an asyncpg connection: ``?`` placeholders become ``$1, $2, …``; a
statement's row count comes from the command tag; numeric sums come back as ints; a violated constraint
raises ``sqlite3.IntegrityError`` (the DB-API class the mixins catch), other server errors
`StorageError`. After a failed statement PostgreSQL accepts no more statements in that transaction, so a
mixin may catch a constraint violation of one statement only to raise (the operation then ends and is
undone, or rolled back to its savepoint inside `transaction()`); `executemany`, whose failures the seat
code examines with further queries, runs inside a savepoint of its own. An INSERT that gives an identity
column (``id``) explicitly (importing games) moves the column's sequence past it.

Round trips. Every wait for the server counts (`bench/pg_trips.py` prints them per move): statements go
by their text (always the same for a statement, so asyncpg's per-connection cache prepares each once);
BEGIN and the write lock are one round trip, and inside `transaction()` the savepoint an operation is
undone to is set lazily (see `PostgresCore._unit`), or not at all in a whole one (``whole=True``: all or
nothing); a connection going back to the pool is not reset (`_keep_session`). An accepted move
(`GameService.play`, whose commit is whole) costs BEGIN, one statement appending the action (`actions`),
one per outbox row, and COMMIT.

Concurrency. Writes are serialised as in SQLite: one at a time per process (an `asyncio.Lock`) and, across
processes, by a transaction-level advisory lock taken first in every write transaction (in the same round
trip as its BEGIN), so two processes
(shards) never interleave writes and every read-then-write in the mixins stays correct at PostgreSQL's
default isolation. Reads run on other pooled connections in ``REPEATABLE READ READ ONLY`` transactions (one
consistent snapshot per operation) and never wait for writers.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, Self

import asyncpg

from ..dsn import redacted
from ..errors import StorageBusy, StorageError
from ..sqlite.core import Clock, SqlConnection, SQLiteCore, _InTransaction, _Opening, utc_now
from ..wakeups import Unlisten
from ..write_waits import WriteWaits
from .listener import Listener
from .schema import Conn, migrate

WRITE_LOCK = 0x57434843
"""The advisory lock every write transaction holds (one writer at a time across processes)."""

_EXPLICIT_ID = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)\s*\(\s*id\s*,", re.I)


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders (outside quoted literals) as PostgreSQL's ``$1, $2, …``."""
    out: list[str] = []
    count = 0
    quote: str | None = None
    for char in sql:
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "?":
            count += 1
            out.append(f"${count}")
            continue
        out.append(char)
    return "".join(out)


def _value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


def translate_error(exc: BaseException) -> BaseException:
    """The storage error (or ``sqlite3.IntegrityError``) a PostgreSQL failure stands for."""
    if isinstance(exc, asyncpg.IntegrityConstraintViolationError):
        return sqlite3.IntegrityError(str(exc))
    if isinstance(
        exc, asyncpg.SerializationError | asyncpg.DeadlockDetectedError | asyncpg.LockNotAvailableError
    ):
        return StorageBusy(f"the database is busy: {exc}")
    return StorageError(f"database error: {exc}")


_PG_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


async def advance_identity(conn: Conn, table: str) -> None:
    """Move the identity sequence of ``table``'s ``id`` column (if it has one) past the largest id stored,
    after rows were written with their ids given (an import, a migration from SQLite)."""
    await conn.execute(
        f'SELECT setval(s, (SELECT max(id) FROM "{table}")) '
        f"FROM pg_get_serial_sequence('{table}', 'id') AS s "
        f'WHERE s IS NOT NULL AND EXISTS (SELECT 1 FROM "{table}")'
    )


@dataclass(frozen=True, slots=True)
class PgCursor:
    rowcount: int


class PgConnection:
    """`SqlConnection` over one asyncpg connection (see the module docstring)."""

    __slots__ = ("conn",)

    def __init__(self, conn: Conn) -> None:
        self.conn = conn

    async def _run(self, sql: str, params: Iterable[Any] | None, fetch: bool) -> Any:
        text = numbered(sql)
        args = tuple(params or ())
        try:
            result = await (self.conn.fetch if fetch else self.conn.execute)(text, *args)
            if text.lstrip()[:6].upper() == "INSERT":
                await self._after_insert(text)
        except _PG_ERRORS as exc:
            raise translate_error(exc) from exc
        return result

    async def _after_insert(self, sql: str) -> None:
        match = _EXPLICIT_ID.match(sql)
        if match:
            await advance_identity(self.conn, match.group(1))

    async def execute(self, sql: str, parameters: Iterable[Any] | None = None, /) -> PgCursor:
        return PgCursor(_rowcount(await self._run(sql, parameters, fetch=False)))

    async def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] | None = None, /
    ) -> list[tuple[Any, ...]]:
        rows = await self._run(sql, parameters, fetch=True)
        return [tuple(_value(v) for v in row) for row in rows]

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> None:
        rows = [tuple(r) for r in parameters]
        if not rows:
            return
        text = numbered(sql)
        try:
            async with _savepoint(self.conn):
                await self.conn.executemany(text, rows)
                if text.lstrip()[:6].upper() == "INSERT":
                    await self._after_insert(text)
        except _PG_ERRORS as exc:
            raise translate_error(exc) from exc


@asynccontextmanager
async def _scope(conn: Conn, begin: str, undo: str, end: str) -> AsyncIterator[None]:
    """A transaction or savepoint begun by hand (asyncpg's own `transaction()` refuses to nest in one
    begun by hand): ``begin``, then ``end``, or ``undo`` when the block raises. Each is one round trip
    (a simple-protocol script may hold several statements)."""
    await conn.execute(begin)
    try:
        yield
    except BaseException:
        with suppress(*_PG_ERRORS):
            await conn.execute(undo)
        raise
    await conn.execute(end)


def _savepoint(conn: Conn) -> AbstractAsyncContextManager[None]:
    """A savepoint, rolled back to when the block raises, so the transaction around it stays usable."""
    return _scope(
        conn,
        "SAVEPOINT wc_sp",
        "ROLLBACK TO SAVEPOINT wc_sp; RELEASE SAVEPOINT wc_sp",
        "RELEASE SAVEPOINT wc_sp",
    )


_UNIT = "wc_unit"
"""The savepoint before the running operation of `transaction()` (see `PostgresCore._unit`)."""


def _write_transaction(conn: Conn, *, savepoint: bool = False) -> AbstractAsyncContextManager[None]:
    """BEGIN and the write lock (and, for `transaction()`, the savepoint of its first operation) in one
    round trip; COMMIT, or ROLLBACK when the block raises."""
    begin = f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})"
    if savepoint:
        begin += f"; SAVEPOINT {_UNIT}"
    return _scope(conn, begin, "ROLLBACK", "COMMIT")


async def _keep_session(conn: Conn) -> None:
    """The pool's reset when a connection goes back: nothing beyond asyncpg's own rollback of a transaction
    left open. Its default reset (``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``) costs a
    round trip per operation and undoes what this backend never does: session locks (it takes only
    transaction-level ones), cursors, LISTEN and SET."""


class PostgresCore(SQLiteCore):
    """The connection core for PostgreSQL; the topic mixins run over it unchanged (they were written for
    `SQLiteCore`, whose connection-specific methods this class replaces)."""

    def __init__(self, pool: asyncpg.Pool, dsn: str, clock: Clock, schema_version: int) -> None:  # noqa: D107
        self._pool: asyncpg.Pool | None = pool
        self._db = None
        self._path = redacted(dsn)
        self._clock = clock
        self._schema_version = schema_version
        self._lock = asyncio.Lock()
        self._tx_task: asyncio.Task[Any] | None = None
        self._tx_conn: Conn | None = None
        self._tx_marked = False  # the savepoint `_UNIT` stands after every write of the transaction so far
        self._tx_whole = False
        self._tx_failed = False
        self._readers = []
        self._listener = Listener(dsn)
        self.write_waits = (
            WriteWaits()
        )  # not counted here: writers queue on the advisory lock without a limit

    @classmethod
    def open(
        cls,
        path: Path | str = "",
        *,
        clock: Clock = utc_now,
        fsync_commits: bool = False,
        busy_timeout: float = 5.0,
        read_connections: int = 2,
    ) -> _Opening[Self]:
        """Connect to the PostgreSQL database ``path`` (a ``postgresql://`` DSN) and migrate it.
        ``fsync_commits`` is the server's business (``synchronous_commit``) and ignored here."""
        if read_connections < 1:
            raise ValueError("read_connections must be at least 1")
        dsn = str(path)

        async def opener() -> Self:
            try:
                pool = await asyncpg.create_pool(
                    dsn,
                    min_size=1,
                    max_size=read_connections + 2,
                    command_timeout=max(busy_timeout, 30.0),
                    reset=_keep_session,
                    server_settings={"application_name": "warchest-bot"},
                )
            except (*_PG_ERRORS, ValueError) as exc:
                raise StorageError(f"cannot open database {redacted(dsn)}: {exc}") from exc
            try:
                async with pool.acquire() as conn:
                    version = await migrate(conn)
            except BaseException as exc:
                await pool.close()
                if isinstance(exc, _PG_ERRORS):
                    raise StorageError(f"cannot open database {redacted(dsn)}: {exc}") from exc
                raise
            return cls(pool, dsn, clock, version)

        return _Opening(opener)

    async def close(self) -> None:
        if self._pool is None:
            return
        if self._inside_transaction():
            raise StorageError("close() called inside transaction(); leave the block first")
        await self._listener.close()
        async with self._lock:
            pool, self._pool = self._pool, None
            if pool is not None:
                await pool.close()

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    async def notify(self, channel: str) -> None:
        """``NOTIFY``: sent to every listener when the current unit (or `transaction()`) commits."""
        async with self._unit(write=True) as db:
            await self._wake_up(db, channel)

    async def listen(self, channel: str, callback: Callable[[], None]) -> Unlisten:
        """``LISTEN`` on this storage's own listening connection (see `.listener`)."""
        self._require_pool()
        return await self._listener.listen(channel, callback)

    async def _wake_up(self, db: SqlConnection, channel: str) -> None:
        await db.execute("SELECT pg_notify(?, '')", (channel,))

    def _require_pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("storage is closed")
        return self._pool

    @asynccontextmanager
    async def _unit(self, *, write: bool, one_statement: bool = False) -> AsyncIterator[SqlConnection]:
        """One atomic operation: a transaction of its own, or inside `transaction()` one undone alone when
        it raises. There the savepoint `_UNIT` it rolls back to is set lazily: in BEGIN's round trip for
        the first operation, and before a later one only when an operation wrote since (one round trip:
        release the old, set the new); rolling back to it keeps it, still standing after every write that
        stays. So an operation inside `transaction()` costs its own statements plus at most one. A read
        of ``one_statement`` outside it runs alone (autocommit: the statement is its own snapshot), without
        BEGIN and COMMIT."""
        if self._inside_transaction():
            conn = self._tx_conn
            assert conn is not None
            if not write:
                yield PgConnection(conn)
                return
            if self._tx_whole:
                async with _InTransaction(self, PgConnection(conn), whole=True) as db:
                    yield db
                return
            async with self._guard():
                if not self._tx_marked:
                    await conn.execute(f"RELEASE SAVEPOINT {_UNIT}; SAVEPOINT {_UNIT}")
                self._tx_marked = False
                try:
                    yield PgConnection(conn)
                except BaseException:
                    with suppress(*_PG_ERRORS):
                        await conn.execute(f"ROLLBACK TO SAVEPOINT {_UNIT}")
                        self._tx_marked = True
                    raise
            return
        pool = self._require_pool()
        if not write and one_statement:
            async with self._guard(), pool.acquire() as conn:
                yield PgConnection(conn)
            return
        if not write:
            async with (
                self._guard(),
                pool.acquire() as conn,
                conn.transaction(isolation="repeatable_read", readonly=True),
            ):
                yield PgConnection(conn)
            return
        async with self._writing(savepoint=False) as conn:
            yield PgConnection(conn)

    @asynccontextmanager
    async def _writing(self, *, savepoint: bool) -> AsyncIterator[Conn]:
        """A write transaction on a pooled connection, under this process's lock and the write lock."""
        async with (
            self._lock,
            self._guard(),
            self._require_pool().acquire() as conn,
            _write_transaction(conn, savepoint=savepoint),
        ):
            yield conn

    @asynccontextmanager
    async def _guard(self) -> AsyncIterator[None]:
        """Server and connection failures (at BEGIN, COMMIT, acquiring) as storage errors."""
        try:
            yield
        except _PG_ERRORS as exc:
            raise translate_error(exc) from exc

    @asynccontextmanager
    async def transaction(self, *, whole: bool = False) -> AsyncIterator[Self]:
        if self._inside_transaction():
            raise StorageError("storage transactions do not nest")
        async with self._writing(savepoint=not whole) as conn:
            self._tx_task, self._tx_conn = asyncio.current_task(), conn
            self._tx_marked, self._tx_whole, self._tx_failed = not whole, whole, False
            try:
                yield self
                self._check_whole()
            finally:
                self._tx_task, self._tx_conn = None, None
