"""SQLiteMeta: the SQLite implementation of `MetaRepository` (see `..repositories`).

The bot's own bookkeeping (schema v3): a small key-value table, `bot_meta`.

Used for facts about the installation rather than games, e.g. the hash of the slash-command tree last
registered with Discord (so the bot registers its commands at start-up only when they changed).
A mixin of `Storage` over `SQLiteCore`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..errors import StorageDamaged
from ..records import HealthCounts
from .core import SQLiteCore


class SQLiteMeta(SQLiteCore):
    async def get_meta(self, key: str) -> str | None:
        """The value stored under `key`, or None."""
        async with self._unit(write=False) as db:
            rows = list(await db.execute_fetchall("SELECT value FROM bot_meta WHERE key = ?", (key,)))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str, *, at: Any = None) -> None:
        """Store `value` under `key` (replacing what was there)."""
        if not isinstance(key, str) or not key or not isinstance(value, str):
            raise TypeError("bot_meta keys and values are non-empty strings")
        now = self._now(at)
        async with self._unit(write=True) as db:
            await db.execute(
                "INSERT INTO bot_meta (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (key, value, now),
            )

    async def health_counts(self, *, at: datetime | None = None) -> HealthCounts:
        """Active games, announcements owed and timers due now, read in one snapshot."""
        now = self._now(at)
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT (SELECT count(*) FROM games WHERE status = 'active'),"
                " (SELECT count(*) FROM outbox WHERE done_at IS NULL),"
                " (SELECT count(*) FROM timers WHERE fired_at IS NULL AND due_at <= ?)",
                (now,),
            )
        return HealthCounts(*(int(v) for v in rows[0]))

    async def check_integrity(self) -> None:
        """Read every page (`PRAGMA quick_check`); raise `StorageDamaged` naming the first problem."""
        async with self._unit(write=False) as db:
            rows = list(await db.execute_fetchall("PRAGMA quick_check(1)"))
        verdict = " ".join(str(rows[0][0]).replace("*** in database main ***", "").split()) if rows else "?"
        if verdict != "ok":
            raise StorageDamaged(f"the database is damaged ({verdict}); restore it from a backup")
