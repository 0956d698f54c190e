"""`Listener`: the wake-ups (`..wakeups`) of one `PostgresStorage` arrive on one connection of their own.

``LISTEN`` belongs to a session, so the listening connection is not taken from the pool (which lends its
connections to one operation at a time): it is opened at the first `listen`, carries every channel listened
to (asyncpg's ``add_listener``), and is closed when the last callback stops or the storage closes. A
notification calls the callbacks of its channel in the event loop.

A connection that drops (the server restarts, a network cut, an idle connection killed) is opened again, with a
log line, `RETRY` seconds apart while it fails; once it is back every callback is called once, since a wake-up
sent meanwhile was lost. A cut that closes nothing (no packet comes back) is found by a ``SELECT 1`` every
`PING` seconds. While the connection is down, the processes fall back on their polling.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import asyncpg

from ...tasks import cancel_and_wait
from ..dsn import redacted
from ..wakeups import Unlisten

log = logging.getLogger("warchest_bot.storage.postgres.listener")

RETRY = 5.0
"""Seconds between two tries to open the listening connection again."""
PING = 30.0
"""Seconds between two checks that the listening connection still answers."""
CONNECT_TIMEOUT = 10.0

_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)


class _Callback:
    """One `listen` (compared by identity: the same callback may listen twice)."""

    __slots__ = ("call",)

    def __init__(self, call: Callable[[], None]) -> None:
        self.call = call


class Listener:
    """The listening connection of one storage object (see the module docstring)."""

    def __init__(self, dsn: str) -> None:
        self._dsn = dsn
        self._channels: dict[str, list[_Callback]] = {}
        self._conn: asyncpg.Connection | None = None
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._lost = asyncio.Event()

    async def listen(self, channel: str, callback: Callable[[], None]) -> Unlisten:
        entry = _Callback(callback)
        async with self._lock:
            callbacks = self._channels.setdefault(channel, [])
            callbacks.append(entry)
            if self._task is None:
                try:
                    await self._open()  # listening once this returns (unless the server is unreachable)
                except _ERRORS as exc:
                    log.warning(
                        "cannot open the listening connection to %s (%s); trying again in %.0f s",
                        redacted(self._dsn),
                        exc,
                        RETRY,
                    )
                self._task = asyncio.get_running_loop().create_task(self._keep(), name="pg-listener")
            elif len(callbacks) == 1 and self._conn is not None:
                try:
                    await self._conn.add_listener(channel, self._notified)
                except _ERRORS:
                    self._drop()  # opened again, with every channel, by `_keep`

        async def unlisten() -> None:
            await self._remove(channel, entry)

        return unlisten

    async def _remove(self, channel: str, entry: _Callback) -> None:
        async with self._lock:
            callbacks = self._channels.get(channel, [])
            if entry not in callbacks:
                return
            callbacks.remove(entry)
            if callbacks:
                return
            del self._channels[channel]
            if self._channels:
                if self._conn is not None:
                    with suppress(*_ERRORS):
                        await self._conn.remove_listener(channel, self._notified)
                return
            await self._shut()

    async def close(self) -> None:
        """Stop listening on every channel and close the connection."""
        async with self._lock:
            self._channels.clear()
            await self._shut()

    async def _shut(self) -> None:
        task, self._task = self._task, None
        await cancel_and_wait(task)
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                await conn.close(timeout=2.0)
            except _ERRORS:
                conn.terminate()

    async def _open(self) -> None:
        """Open the connection and listen on every channel (under the lock)."""
        conn: asyncpg.Connection = await asyncpg.connect(
            self._dsn,
            timeout=CONNECT_TIMEOUT,
            server_settings={"application_name": "warchest-bot listener"},
        )
        try:
            conn.add_termination_listener(self._terminated)
            for channel in self._channels:
                await conn.add_listener(channel, self._notified)
        except BaseException:
            conn.terminate()
            raise
        self._lost.clear()
        self._conn = conn

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None and not conn.is_closed():
            conn.terminate()
        self._lost.set()

    async def _keep(self) -> None:
        """Keep the connection open: check it every `PING` seconds, open it again when it dropped."""
        while True:
            if self._conn is None:
                async with self._lock:
                    try:
                        await self._open()
                    except _ERRORS as exc:
                        log.warning("listening connection: still cannot connect (%s)", exc)
                    else:
                        log.warning("listening connection open again: wake-ups arrive at once again")
                if self._conn is None:
                    await asyncio.sleep(RETRY)
                    continue
                self._wake_all()  # a wake-up sent while it was down was lost: everyone looks again
            conn = self._conn
            with suppress(TimeoutError):
                await asyncio.wait_for(self._lost.wait(), timeout=PING)
            if conn is not self._conn:  # dropped by `listen` meanwhile
                log.warning("the listening connection dropped; opening it again (polling meanwhile)")
                continue
            try:
                if not self._lost.is_set():
                    await conn.fetchval("SELECT 1", timeout=CONNECT_TIMEOUT)
                dead = conn.is_closed()
            except _ERRORS:
                dead = True
            if dead:
                log.warning("the listening connection dropped; opening it again (polling meanwhile)")
                self._drop()
            self._lost.clear()

    def _terminated(self, conn: Any) -> None:
        if conn is self._conn:
            self._lost.set()

    def _notified(self, conn: Any, pid: int, channel: str, payload: object) -> None:
        for entry in list(self._channels.get(channel, ())):
            self._call(entry)

    def _wake_all(self) -> None:
        for callbacks in list(self._channels.values()):
            for entry in list(callbacks):
                self._call(entry)

    @staticmethod
    def _call(entry: _Callback) -> None:
        try:
            entry.call()
        except Exception:
            log.exception("a wake-up callback failed")


__all__ = ["CONNECT_TIMEOUT", "PING", "RETRY", "Listener"]
