"""The write connection of `Storage`: one sqlite3 connection owned by one thread of its own, and
`WriteBatch`, which sends an operation's statements to that thread in as few round trips as it can.

Why. Each call that waits for the database thread costs a round trip through the event loop (≈ 90 µs on
a 2-core machine; the statement itself, a few µs). An accepted move wrote 6 to 8 statements (BEGIN
IMMEDIATE, the guarded update of the game row, the action, the seat, its outbox rows, COMMIT), each
awaited on its own. A `WriteBatch` keeps the statements whose results the caller does not read
(`WriteBatch.later`: the write lock, the guarded update with its check, inserts) in a list and sends them
with the next statement whose result is read, or with COMMIT: a move is one round trip.

`Worker.run(fn)` runs ``fn(connection)`` on the thread and returns its result: the thread runs calls one at
a time in the order they were made (FIFO), and a call made runs to its end even when the task that made it
is cancelled while it waits, so a ROLLBACK queued after a cancelled call always runs after it.

Guarantees of a batch (see `SQLiteCore._unit`):
- The write lock (``BEGIN IMMEDIATE``) is taken in the first round trip, before any statement of the unit;
  nothing is sent before the first statement that needs the database.
- A statement kept for later runs before anything sent after it, in order; its check (``rows`` /
  ``count``) runs on the thread right after it and may raise (e.g. `PlyConflict` when the guarded update
  matched no row); the rest of the trip is then not run. The error of a kept statement is a
  `StorageError` (never a bare ``sqlite3.Error``, which a caller catches only for its own statement).
- `commit`: the kept statements and COMMIT in one round trip; if any of it fails, ROLLBACK in the same trip
  and the error raised. `rollback`: the kept statements are dropped (never sent) and, if anything was
  sent, ROLLBACK.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from queue import SimpleQueue
from typing import Any, TypeVar

from ..errors import StorageError
from ..write_waits import WriteWaits

T = TypeVar("T")

RowsCheck = Callable[[list[Any]], None]
"""Called on the database thread with the rows a kept statement returned; raises to stop the unit."""
CountCheck = Callable[[int], None]
"""Called on the database thread with the number of rows a kept statement changed; raises to stop it."""

_STOP = object()


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.done():  # cancelled while the call ran: nobody waits for it
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


def _serve(calls: SimpleQueue[Any]) -> None:
    """The thread: run each call in order until told to stop."""
    connection: sqlite3.Connection | None = None
    while True:
        item = calls.get()
        if item is _STOP:
            return
        future, loop, fn = item
        try:
            if connection is None:
                connection = fn(None)  # the first call opens the connection
                result: Any = None
            elif fn is _STOP:
                connection.close()
                loop.call_soon_threadsafe(_settle, future, True, None)
                return
            else:
                result = fn(connection)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting task
            loop.call_soon_threadsafe(_settle, future, False, exc)
            if connection is None:
                return  # it never opened: nothing more to serve
            continue
        loop.call_soon_threadsafe(_settle, future, True, result)


@dataclass(slots=True)
class Cursor:
    """What an executed statement tells (the `SqlCursor` of the topic mixins)."""

    rowcount: int


class Worker:
    """One sqlite3 connection on a thread of its own (see the module docstring). Use `connect`."""

    def __init__(self) -> None:
        self._calls: SimpleQueue[Any] = SimpleQueue()
        self._thread = threading.Thread(target=_serve, args=(self._calls,), name="warchest-sqlite-writer")
        self._open = False

    @classmethod
    async def connect(cls, path: str, *, timeout: float) -> Worker:
        """Open ``path`` in autocommit mode (transactions are begun by hand); sqlite3's errors raise."""
        worker = cls()
        worker._thread.start()

        def opening(_: None) -> sqlite3.Connection:
            return sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)

        try:
            await worker._call(opening)
        except BaseException:
            await asyncio.to_thread(worker._thread.join, 5.0)  # it stopped on its own
            raise
        worker._open = True
        return worker

    def _call(self, fn: Callable[[Any], T]) -> asyncio.Future[T]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._calls.put((future, loop, fn))
        return future

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` on the thread, after every call made before; its result or its error."""
        if not self._open:
            raise StorageError("storage is closed")
        return await self._call(fn)

    async def execute(self, sql: str, parameters: Iterable[Any] | None = None, /) -> Cursor:
        params = tuple(parameters or ())
        return await self.run(lambda c: Cursor(c.execute(sql, params).rowcount))

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] | None = None, /) -> list[Any]:
        params = tuple(parameters or ())
        return await self.run(lambda c: c.execute(sql, params).fetchall())

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> Cursor:
        rows = [tuple(p) for p in parameters]
        return await self.run(lambda c: Cursor(c.executemany(sql, rows).rowcount))

    async def set_trace_callback(self, callback: Callable[[str], object] | None) -> None:
        """Call ``callback`` with the text of every statement the connection runs (tests count them)."""
        await self.run(lambda c: c.set_trace_callback(callback))

    async def close(self) -> None:
        """Close the connection after every call made before, and end the thread."""
        if not self._open:
            return
        self._open = False
        await self._call(_STOP)  # type: ignore[arg-type]
        await asyncio.to_thread(self._thread.join, 5.0)


@dataclass(slots=True)
class _Kept:
    sql: str
    params: Sequence[Any]
    rows: RowsCheck | None
    count: CountCheck | None


class _LockRefused(Exception):
    """``BEGIN IMMEDIATE`` failed after waiting ``waited`` seconds (carried back from the thread)."""

    def __init__(self, error: sqlite3.Error, waited: float) -> None:
        super().__init__(str(error))
        self.error, self.waited = error, waited


def _kept_error(exc: sqlite3.Error) -> StorageError:
    from .core import _translate  # (core imports this module)

    return _translate(exc)


def _run_kept(connection: sqlite3.Connection, kept: list[_Kept]) -> None:
    for item in kept:
        try:
            cursor = connection.execute(item.sql, item.params)
            if item.rows is not None:
                item.rows(cursor.fetchall())
            if item.count is not None:
                item.count(cursor.rowcount)
        except sqlite3.Error as exc:
            raise _kept_error(exc) from exc


class WriteBatch:
    """One write unit (or whole `transaction()`) on the `Worker` (see the module docstring).

    ``begin``: the statement that opens the transaction (``BEGIN IMMEDIATE`` for writes, whose wait for the
    lock is counted in ``waits``; ``BEGIN`` for a read of an in-memory database). ``keep``: statements
    given to `later` wait for the next round trip; False (the operations of a `transaction()` that undoes
    each alone, with savepoints): they run at once.
    """

    __slots__ = ("_begin", "_kept", "_waits", "_worker", "began", "keep")

    def __init__(self, worker: Worker, begin: str, *, keep: bool, waits: WriteWaits | None = None) -> None:
        self._worker = worker
        self._begin = begin
        self._waits = waits
        self._kept: list[_Kept] = []
        self.keep = keep
        self.began = False  # the transaction was begun on the connection

    async def _trip(self, last: Callable[[sqlite3.Connection], T], *, ending: bool = False) -> T:
        """One round trip: BEGIN if not yet sent, the kept statements, then ``last``. ``ending``: ``last``
        ends the transaction, and if anything of the trip fails, ROLLBACK runs in it too."""
        kept, self._kept = self._kept, []
        begin = None if self.began else self._begin
        self.began = not ending  # a failed trip leaves it open: the caller's rollback sends ROLLBACK

        def trip(connection: sqlite3.Connection) -> tuple[float | None, T]:
            waited = None
            if begin is not None:
                started = time.monotonic()
                try:
                    connection.execute(begin)
                except sqlite3.Error as exc:
                    raise _LockRefused(exc, time.monotonic() - started) from exc
                waited = time.monotonic() - started
            try:
                _run_kept(connection, kept)
                return waited, last(connection)
            except BaseException:
                if ending:
                    _quietly(connection, "ROLLBACK")
                raise

        try:
            waited, result = await self._worker.run(trip)
        except _LockRefused as refused:
            self.began = False  # no transaction is open
            if self._waits is not None:
                self._waits.waited(refused.waited, refused=_is_busy(refused.error))
            raise refused.error from None
        if waited is not None and self._waits is not None:
            self._waits.waited(waited)
        return result

    # --- the `SqlConnection` of the topic mixins ----------------------------------------------------

    async def execute(self, sql: str, parameters: Iterable[Any] | None = None, /) -> Cursor:
        params = tuple(parameters or ())
        return await self._trip(lambda c: Cursor(c.execute(sql, params).rowcount))

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] | None = None, /) -> list[Any]:
        params = tuple(parameters or ())
        return await self._trip(lambda c: c.execute(sql, params).fetchall())

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> Cursor:
        rows = [tuple(p) for p in parameters]
        return await self._trip(lambda c: Cursor(c.executemany(sql, rows).rowcount))

    async def later(
        self,
        sql: str,
        parameters: Iterable[Any] | None = None,
        /,
        *,
        rows: RowsCheck | None = None,
        count: CountCheck | None = None,
    ) -> None:
        """Run ``sql`` before anything sent after it, checked by ``rows`` / ``count`` on the thread: with
        the next round trip when the batch keeps statements, else now."""
        item = _Kept(sql, tuple(parameters or ()), rows, count)
        if self.keep:
            self._kept.append(item)
            return
        await self._trip(lambda c: _run_kept(c, [item]))

    # --- the end of the unit ------------------------------------------------------------------------

    async def commit(self) -> None:
        """The kept statements and COMMIT in one round trip (ROLLBACK in it if anything fails). Nothing
        at all when the unit sent nothing and kept nothing."""
        if self.began or self._kept:
            await self._trip(lambda c: _execute(c, "COMMIT"), ending=True)

    async def rollback(self) -> None:
        """Drop the kept statements; ROLLBACK if the transaction was begun (errors ignored). Waits until
        every call made before has run, so the connection is free for the next unit when it returns."""
        self._kept = []
        if self.began:
            self.began = False
            await self._worker.run(lambda c: _quietly(c, "ROLLBACK"))

    async def settle(self) -> None:
        """Wait until every call made before has run (after a cancelled commit: the commit itself)."""
        await self._worker.run(lambda c: None)


def _execute(connection: sqlite3.Connection, sql: str) -> None:
    connection.execute(sql)


def _quietly(connection: sqlite3.Connection, sql: str) -> None:
    with suppress(sqlite3.Error):
        connection.execute(sql)


def _is_busy(exc: sqlite3.Error) -> bool:
    text = str(exc)
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


__all__ = ["CountCheck", "Cursor", "RowsCheck", "Worker", "WriteBatch"]
