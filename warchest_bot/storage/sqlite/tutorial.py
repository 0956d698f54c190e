"""SQLiteTutorial: the SQLite implementation of `TutorialRepository` (see `..repositories`).

One row per user in `tutorial_progress` (schema v7). A mixin of `Storage` over `SQLiteCore`.
"""

from __future__ import annotations

import json
from datetime import datetime

from ..tutorial import TutorialRecord
from .core import SQLiteCore


class SQLiteTutorial(SQLiteCore):
    """Each user's place in the tutorial. Methods commit before they return unless called inside
    `transaction()`."""

    async def get_tutorial(self, user_id: int) -> TutorialRecord | None:
        """The user's tutorial progress, or None if they never started it."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT lesson, actions, attempt, completed FROM tutorial_progress WHERE user_id = ?",
                (user_id,),
            )
        if not rows:
            return None
        lesson, actions, attempt, completed = rows[0]
        return TutorialRecord(
            user_id, str(lesson), tuple(json.loads(actions)), int(attempt), tuple(json.loads(completed))
        )

    async def put_tutorial(self, record: TutorialRecord, *, at: datetime | None = None) -> None:
        """Store the user's tutorial progress (replacing what was there)."""
        if not isinstance(record.lesson, str) or not record.lesson:
            raise ValueError("a tutorial record names its lesson")
        now = self._now(at)
        async with self._unit(write=True) as db:
            await db.execute(
                "INSERT INTO tutorial_progress (user_id, lesson, actions, attempt, completed, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET lesson = excluded.lesson,"
                " actions = excluded.actions, attempt = excluded.attempt, completed = excluded.completed,"
                " updated_at = excluded.updated_at",
                (
                    record.user_id,
                    record.lesson,
                    json.dumps(list(record.actions)),
                    record.attempt,
                    json.dumps(list(record.completed)),
                    now,
                ),
            )
