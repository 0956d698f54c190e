"""Adding a timer on PostgreSQL wakes the worker's scheduler in the same statement, only when it has to.

The worker's scheduler sleeps until the earliest unfired timer (`warchest_bot.service.scheduler`). A timer
another process adds changes that only when it is due before every other unfired timer; then the insert
also sends the wake-up (`TIMERS_CHANNEL`, at commit), in the same round trip: a data-modifying ``WITH``,
whose ``NOT EXISTS`` sees the timers as they were before the statement. Any other timer is found in time
by the sleep the scheduler is in anyway. A move in a clock game (which adds its deadline and reminders)
costs no extra round trip.
"""

from __future__ import annotations

from typing import Any

from ..sqlite.core import SqlConnection
from ..sqlite.correspondence import SQLiteCorrespondence
from ..wakeups import TIMERS_CHANNEL

_INSERT = (
    "WITH added AS ("
    "INSERT INTO timers (due_at, kind, game_id, user_id, ply, step, payload, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING due_at),"
    " woken AS ("
    f"SELECT pg_notify('{TIMERS_CHANNEL}', '') FROM added WHERE NOT EXISTS"
    " (SELECT 1 FROM timers WHERE fired_at IS NULL AND due_at <= added.due_at))"
    " SELECT (SELECT count(*) FROM added), (SELECT count(*) FROM woken)"
)


class PostgresTimers(SQLiteCorrespondence):
    """`SQLiteCorrespondence` whose timer insert also wakes the scheduler when it must (one statement)."""

    async def _insert_timer(self, db: SqlConnection, row: tuple[Any, ...]) -> int:
        rows = await self._fetch(db, _INSERT, row)
        return int(rows[0][0])
