"""The write connection of `Storage`: one sqlite3 connection owned by one thread of its own, and
`WriteBatch`, which sends an operation's statements to it in as few round trips as it can.

Why. Each call that waits for the database thread costs a hand-over through the event loop (≈ 90 µs on
a 2-core machine, far more when its cores are busy; the statement itself, a few µs). An accepted move wrote 6
to 8 statements (BEGIN IMMEDIATE, the guarded update of the game row, the action, the seat, its outbox rows,
COMMIT), each awaited on its own. A `WriteBatch` keeps the statements whose results the caller does not read
(`WriteBatch.later`: the guarded update with its check, inserts) in a list and sends them with the next
statement whose result is read, or with COMMIT: a move is one round trip.

`Worker.run(fn)` runs ``fn(connection)`` on the thread and returns its result: the thread runs calls one at
a time in the order they were made (FIFO), and a call made runs to its end even when the task that made it
is cancelled while it waits, so a ROLLBACK queued after a cancelled call always runs after it.

Where a round trip runs (`Worker.write_here`). With ``synchronous=NORMAL`` a commit does not wait for the disk
(it writes the WAL into the page cache: tens of µs), less than the hand-over to the thread, so a batch runs its
round trip on the event loop's own thread (`Worker.here`) when the connection's thread has nothing to do
(nothing given to it is unanswered, so the two never use the connection at once and FIFO order holds). It
never blocks the loop on a lock or a sync: the connection does not wait for the write lock (busy_timeout
0), and a trip that finds it taken by another process goes to the thread, which waits for it the usual busy
timeout; the WAL is not checkpointed at a commit (``wal_autocheckpoint`` 0, which would sync on the loop)
but on the thread every `Worker.CHECKPOINT_EVERY` commits. A trip run there cannot be cancelled half-way (it
has no ``await``). With ``synchronous=FULL`` (a commit waits for an fsync) every trip runs on the thread.

Guarantees of a batch (see `SQLiteCore._unit`):
- The write lock (``BEGIN IMMEDIATE``) is taken in the first round trip, before any statement of the unit;
  nothing is sent before the first statement that needs the database.
- A statement kept for later runs before anything sent after it, in order; its check (``rows`` /
  ``count``) runs right after it and may raise (e.g. `PlyConflict` when the guarded update
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
from functools import partial
from queue import SimpleQueue
from typing import Any, TypeVar

from ..errors import StorageError
from ..write_waits import WriteWaits

T = TypeVar("T")

RowsCheck = Callable[[list[Any]], None]
"""Called on the database thread with the rows a kept statement returned; raises to stop the unit."""
CountCheck = Callable[[int], None]
"""Called on the database thread with the number of rows a kept statement changed; raises to stop it."""


def _STOP(connection: sqlite3.Connection) -> None:  # noqa: N802 - a marker: the thread closes and ends
    raise AssertionError("never called")


def _settle(worker: Worker, future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    """On the loop, once the thread finished a call: the call's answer."""
    worker._unanswered -= 1
    if future.done():  # cancelled while the call ran: nobody waits for it
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


def _answer(
    loop: asyncio.AbstractEventLoop, worker: Worker, future: asyncio.Future[Any], ok: bool, value: Any
) -> None:
    with suppress(RuntimeError):  # the loop was closed meanwhile: nobody is left to answer
        loop.call_soon_threadsafe(_settle, worker, future, ok, value)


def _serve(worker: Worker, calls: SimpleQueue[Any]) -> None:
    """The thread: run each call in order until told to stop."""
    connection: sqlite3.Connection | None = None
    while True:
        future, loop, fn = calls.get()
        try:
            if connection is None:
                connection = fn(None)  # the first call opens the connection
                result: Any = connection
            elif fn is _STOP:
                connection.close()
                _answer(loop, worker, future, True, None)
                return
            else:
                result = fn(connection)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting task
            _answer(loop, worker, future, False, exc)
            if connection is None:
                return  # it never opened: nothing more to serve
            continue
        _answer(loop, worker, future, True, result)


def _forget(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()  # seen: a call nobody waits for logs no "exception never retrieved"


@dataclass(slots=True)
class Cursor:
    """What an executed statement tells (the `SqlCursor` of the topic mixins)."""

    rowcount: int


class Worker:
    """One sqlite3 connection on a thread of its own (see the module docstring). Use `connect`."""

    CHECKPOINT_EVERY = 100
    """Commits between two checkpoints of the WAL when the connection's own are off (`write_here`)."""

    def __init__(self, busy_timeout: float) -> None:
        self._calls: SimpleQueue[Any] = SimpleQueue()
        # A daemon: a storage left open never keeps the process from ending (ending then is as safe as a
        # kill: SQLite replays the WAL up to the last complete commit at the next open).
        self._thread = threading.Thread(
            target=_serve, args=(self, self._calls), name="warchest-sqlite-writer", daemon=True
        )
        self._open = False
        self._connection: sqlite3.Connection | None = None
        self._unanswered = 0  # calls made whose answer the loop has not seen yet: the thread may be busy
        self._commits = 0
        self.busy_ms = int(busy_timeout * 1000)
        self.write_here = False
        """Run a batch's round trip on the calling (event loop) thread when the worker's thread is idle
        (`here`): turned on by `SQLiteCore` for ``synchronous=NORMAL``, whose commit does not wait for the
        disk, together with a connection that never waits for the write lock (busy_timeout 0: a trip that
        finds it taken goes to the thread, which waits ``busy_ms`` for it) and never checkpoints the WAL at a
        commit (the thread does it every `CHECKPOINT_EVERY` commits: `committed`)."""

    @classmethod
    async def connect(cls, path: str, *, timeout: float) -> Worker:
        """Open ``path`` in autocommit mode (transactions are begun by hand); sqlite3's errors raise."""
        worker = cls(timeout)
        worker._thread.start()

        def opening(_: None) -> sqlite3.Connection:
            return sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)

        try:
            worker._connection = await worker._call(opening)
        except BaseException:
            await asyncio.to_thread(worker._thread.join, 5.0)  # it stopped on its own
            raise
        worker._open = True
        return worker

    def _call(self, fn: Callable[[Any], T]) -> asyncio.Future[T]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._unanswered += 1
        self._calls.put((future, loop, fn))
        return future

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` on the thread, after every call made before; its result or its error."""
        if not self._open:
            raise StorageError("storage is closed")
        return await self._call(fn)

    def idle(self) -> bool:
        """`write_here` is on and the thread has nothing to do: a call may run `here` instead."""
        return self.write_here and self._unanswered == 0 and self._open

    def here(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` on the calling thread, at once (only when `idle`: nothing else uses the
        connection meanwhile, and nothing the thread was given is still to run before it)."""
        assert self.idle() and self._connection is not None
        return fn(self._connection)

    def committed(self) -> None:
        """A transaction committed: with `write_here`, every `CHECKPOINT_EVERY` commits a checkpoint of
        the WAL runs on the thread (the connection's automatic one, at a commit, would run on the loop)."""
        self._commits += 1
        if self.write_here and self._commits % self.CHECKPOINT_EVERY == 0 and self._open:
            self._call(_checkpoint).add_done_callback(_forget)

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
        await self._call(_STOP)
        await asyncio.to_thread(self._thread.join, 5.0)


def _checkpoint(connection: sqlite3.Connection) -> None:
    connection.execute("PRAGMA wal_checkpoint(PASSIVE)")


@dataclass(slots=True)
class _Kept:
    sql: str
    params: Sequence[Any]
    rows: RowsCheck | None
    count: CountCheck | None


class _Elsewhere(Exception):
    """This trip runs on the worker's thread (the write lock is taken: waiting for it would block)."""


def _begin(connection: sqlite3.Connection, begin: str, *, here: bool, busy_ms: int | None) -> None:
    """``begin``. ``busy_ms``: the connection does not wait for the write lock (`Worker.write_here`), and
    this waits up to that long for it, on the worker's thread; ``here`` (on the loop): `_Elsewhere` when
    the lock is taken, at once."""
    if busy_ms is None or begin != "BEGIN IMMEDIATE":
        connection.execute(begin)
    elif here:
        try:
            connection.execute(begin)
        except sqlite3.OperationalError as exc:
            if _is_busy(exc):
                raise _Elsewhere from exc
            raise
    else:
        connection.execute(f"PRAGMA busy_timeout = {busy_ms}")
        try:
            connection.execute(begin)
        finally:
            connection.execute("PRAGMA busy_timeout = 0")


class _LockRefused(Exception):
    """``BEGIN IMMEDIATE`` failed after waiting ``waited`` seconds (carried back from the thread)."""

    def __init__(self, error: sqlite3.Error, waited: float) -> None:
        super().__init__(str(error))
        self.error, self.waited = error, waited


def _kept_error(exc: sqlite3.Error) -> StorageError:
    from .core import _translate  # (core imports this module)

    return _translate(exc)


class Recheck(Exception):
    """Raised by a kept statement's check that failed, to say why only then: ``sql`` (with ``params``) runs
    on the same connection and its rows go to ``rows``, which raises the reason; ``fallback`` is raised if
    it does not. (A move's guarded update needs no SELECT of its own first.)"""

    def __init__(self, sql: str, params: Sequence[Any], rows: RowsCheck, fallback: Exception) -> None:
        super().__init__(sql)
        self.sql, self.params, self.rows, self.fallback = sql, params, rows, fallback

    def explain(self, rows: list[Any]) -> Exception:
        """The error to raise, from the rows of `sql`: what ``rows`` raises, else ``fallback``."""
        try:
            self.rows(rows)
        except Exception as reason:
            return reason
        return self.fallback


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
        except Recheck as again:
            try:
                rows = connection.execute(again.sql, again.params).fetchall()
            except sqlite3.Error as exc:
                raise _kept_error(exc) from exc
            raise again.explain(rows) from None


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
        ends the transaction, and if anything of the trip fails, ROLLBACK runs in it too. Run on the
        calling thread when the worker is `idle` and allows it (`Worker.write_here`), unless the write
        lock is taken (by another process): the trip then waits for it on the worker's thread."""
        kept, self._kept = self._kept, []
        begin = None if self.began else self._begin
        self.began = not ending  # a failed trip leaves it open: the caller's rollback sends ROLLBACK
        worker = self._worker
        busy_ms = worker.busy_ms if worker.write_here else None

        def trip(connection: sqlite3.Connection, here: bool) -> tuple[float | None, T]:
            waited = None
            if begin is not None:
                started = time.monotonic()
                try:
                    _begin(connection, begin, here=here, busy_ms=busy_ms)
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
            try:
                if not worker.idle():
                    raise _Elsewhere
                waited, result = worker.here(partial(trip, here=True))
            except _Elsewhere:
                waited, result = await worker.run(partial(trip, here=False))
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
            self._worker.committed()

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


__all__ = ["CountCheck", "Cursor", "Recheck", "RowsCheck", "Worker", "WriteBatch"]
