"""SQLiteReviews: the SQLite implementation of `ReviewRepository` (see `..repositories`).

The reviews of finished games (schema v9), one row per game: a cache of what the search found.
A mixin of `Storage` over `SQLiteCore`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ..records import ReviewRecord
from .core import SQLiteCore, _dump_json, _from_unix, _to_unix


class SQLiteReviews(SQLiteCore):
    async def get_review(self, game_id: int) -> ReviewRecord | None:
        """The stored review of the game, or None."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT version, budget, data, requested_by, created_at FROM reviews WHERE game_id = ?",
                (game_id,),
            )
        if not rows:
            return None
        version, budget, data, requested_by, created_at = rows[0]
        return ReviewRecord(
            game_id, int(version), int(budget), json.loads(data), requested_by, _from_unix(created_at)
        )

    async def save_review(
        self,
        game_id: int,
        data: Mapping[str, Any],
        *,
        version: int,
        budget: int,
        requested_by: int | None,
        at: datetime | None = None,
    ) -> None:
        """Store the game's review (replacing an older one)."""
        text = _dump_json(data, "review")
        now = self._now(at)
        async with self._unit(write=True) as db:
            await db.execute(
                "INSERT INTO reviews (game_id, version, budget, data, requested_by, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
                " budget = excluded.budget, data = excluded.data, requested_by = excluded.requested_by,"
                " created_at = excluded.created_at",
                (game_id, int(version), int(budget), text, requested_by, now),
            )

    async def count_reviews_by(self, user_id: int, *, since: datetime) -> int:
        """How many reviews stored since ``since`` the user asked for."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT count(*) FROM reviews WHERE requested_by = ? AND created_at >= ?",
                (user_id, _to_unix(since)),
            )
        return int(rows[0][0])
