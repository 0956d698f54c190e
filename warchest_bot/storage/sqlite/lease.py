"""SQLiteLease: the SQLite implementation of `LeaseRepository` (see `..repositories`).

The service lease (schema v4), described in `..lease` with its record and `ProcessLease`. A mixin of
`Storage` over `SQLiteCore`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..lease import LEASE_SECONDS, LeaseHeld, LeaseRecord, holder_is_gone
from .core import SQLiteCore, _from_unix


def _record(row: Any) -> LeaseRecord:
    return LeaseRecord(row[0], row[1], _from_unix(row[2]), _from_unix(row[3]))


class SQLiteLease(SQLiteCore):
    """Mixin for `Storage` (see the module docstring). Each method is one transaction."""

    async def get_lease(self, name: str) -> LeaseRecord | None:
        """The lease `name` as stored (possibly expired), or None."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db, "SELECT name, holder, acquired_at, expires_at FROM leases WHERE name = ?", (name,)
            )
        return _record(rows[0]) if rows else None

    async def list_leases(self, prefix: str = "") -> list[LeaseRecord]:
        """Every stored lease whose name starts with `prefix` (possibly expired), by name."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT name, holder, acquired_at, expires_at FROM leases WHERE substr(name, 1, ?) = ?"
                " ORDER BY name",
                (len(prefix), prefix),
            )
        return [_record(row) for row in rows]

    async def take_lease(
        self,
        name: str,
        holder: str,
        *,
        seconds: int = LEASE_SECONDS,
        at: datetime | None = None,
        is_stale: Callable[[str], bool] = holder_is_gone,
    ) -> LeaseRecord:
        """Take lease `name` for `holder` for `seconds`, unless another holder has it: then `LeaseHeld`.

        Free to take: no row, an expired row, a row of `holder` itself, or one whose holder `is_stale`.
        """
        if seconds < 1:
            raise ValueError("seconds must be positive")
        now = self._now(at)
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db, "SELECT name, holder, acquired_at, expires_at FROM leases WHERE name = ?", (name,)
            )
            if rows and rows[0][1] != holder and rows[0][3] > now and not is_stale(rows[0][1]):
                raise LeaseHeld(_record(rows[0]))
            await db.execute(
                "INSERT INTO leases (name, holder, acquired_at, expires_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET holder = excluded.holder,"
                " acquired_at = excluded.acquired_at, expires_at = excluded.expires_at",
                (name, holder, now, now + seconds),
            )
        return _record((name, holder, now, now + seconds))

    async def renew_lease(
        self, name: str, holder: str, *, seconds: int = LEASE_SECONDS, at: datetime | None = None
    ) -> bool:
        """Extend `holder`'s lease to `seconds` from now; False if `holder` no longer has it."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE leases SET expires_at = ? WHERE name = ? AND holder = ?",
                (now + seconds, name, holder),
            )
            return cursor.rowcount == 1

    async def release_lease(self, name: str, holder: str) -> bool:
        """Give the lease up (only if `holder` has it); True if it did."""
        async with self._unit(write=True) as db:
            cursor = await db.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))
            return cursor.rowcount == 1
