"""What a storage sends its database, statement by statement, for tests and `bench/pg_trips.py` that count
round trips and write transactions (nothing in the product counts them).

PostgreSQL: `counting_connections()` wraps the protocol of every asyncpg connection opened inside it; each
call that waits for the server is one round trip: a simple query (a script such as ``BEGIN; SELECT
pg_advisory_xact_lock(…)`` is one), preparing a statement (a statement-cache miss), executing a prepared
one, an ``executemany`` batch, closing a statement. SQLite: `Trace.watch_sqlite(storage)` sees every
statement the write connection runs (sqlite3's trace callback); there a "round trip" is a statement.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import asyncpg.connection

_ROUND_TRIPS = {
    "query": "simple",
    "prepare": "prepare",
    "bind_execute": "execute",
    "bind_execute_many": "executemany",
    "close_statement": "close",
    "bind": "bind",
    "execute": "portal",
}

_WRITE_BEGINS = re.compile(r"^(BEGIN IMMEDIATE|BEGIN; SELECT pg_advisory_xact_lock)", re.I)


def short(sql: str, width: int = 110) -> str:
    text = re.sub(r"\s+", " ", sql).strip()
    return text if len(text) <= width else text[: width - 3] + "..."


class Trace:
    """Statements sent while `on` (kind, text), in order."""

    def __init__(self) -> None:
        self.on = False
        self.sent: list[tuple[str, str]] = []

    @contextmanager
    def recording(self) -> Iterator[list[tuple[str, str]]]:
        """Record from a clean slate inside the block; the list holds what was sent."""
        self.sent = []
        self.on = True
        try:
            yield self.sent
        finally:
            self.on = False

    def count(self, kind: str, sql: str) -> None:
        if self.on:
            self.sent.append((kind, sql))

    @property
    def round_trips(self) -> int:
        return len(self.sent)

    @property
    def write_transactions(self) -> int:
        """Write transactions begun (SQLite's ``BEGIN IMMEDIATE``; PostgreSQL's BEGIN with the write lock)."""
        return sum(1 for _, sql in self.sent if _WRITE_BEGINS.match(sql.strip()))

    def statements(self) -> Counter[str]:
        return Counter(f"{kind:11} {short(sql)}" for kind, sql in self.sent)

    async def watch_sqlite(self, storage: Any) -> None:
        """Trace the statements of an SQLite storage's write connection."""
        await storage._db.set_trace_callback(lambda sql: self.count("statement", sql))


class _CountingProtocol:
    """Stands in for an asyncpg protocol: records the calls that wait for the server, forwards all."""

    def __init__(self, protocol: object, trace: Trace) -> None:
        object.__setattr__(self, "_p", protocol)
        object.__setattr__(self, "_trace", trace)

    def __getattr__(self, name: str) -> object:
        attr = getattr(self._p, name)
        kind = _ROUND_TRIPS.get(name)
        if kind is None:
            return attr
        trace = self._trace

        def counted(*args: object, **kwargs: object) -> object:
            if name == "query":
                sql = str(args[0])
            elif name == "prepare":
                sql = str(args[1] if len(args) > 1 else kwargs.get("query", ""))
            else:
                state = kwargs.get("state", args[0] if args else None)
                sql = str(getattr(state, "query", ""))
            trace.count(kind, sql)
            return attr(*args, **kwargs)

        return counted

    def __setattr__(self, name: str, value: object) -> None:
        setattr(self._p, name, value)


@contextmanager
def counting_connections(trace: Trace) -> Iterator[Trace]:
    """Count the round trips of every asyncpg connection opened inside the block (they keep counting into
    ``trace`` while it is `on`, after the block too)."""
    cls = asyncpg.connection.Connection
    original = cls.__init__

    def init(self: Any, protocol: Any, *args: Any, **kwargs: Any) -> None:
        original(self, protocol, *args, **kwargs)
        self._protocol = _CountingProtocol(self._protocol, trace)

    cls.__init__ = init  # type: ignore[method-assign]
    try:
        yield trace
    finally:
        cls.__init__ = original  # type: ignore[method-assign]
