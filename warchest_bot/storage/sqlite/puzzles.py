"""SQLitePuzzles: the SQLite implementation of `PuzzleRepository` (see `..repositories`).

Puzzle ratings, attempts, and the daily puzzle (schema v8). A mixin of `Storage` over `SQLiteCore`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from ..errors import Conflict, NotFound
from ..puzzles import DailyPostRecord, DailyPuzzleSetting, PuzzleAttemptRecord, PuzzleRatingRecord
from .core import SQLiteCore, _from_unix, _marks

_ATTEMPT = "id, user_id, puzzle_id, guild_id, started_at, tries, solved, finished_at"
_POST = "guild_id, day, channel_id, puzzle_id, attempts, last_error, done_at"


def _attempt(row: Sequence[Any]) -> PuzzleAttemptRecord:
    return PuzzleAttemptRecord(
        id=row[0],
        user_id=row[1],
        puzzle_id=row[2],
        guild_id=row[3],
        started_at=_from_unix(row[4]),
        tries=row[5],
        solved=None if row[6] is None else bool(row[6]),
        finished_at=_from_unix(row[7]),
    )


def _post(row: Sequence[Any]) -> DailyPostRecord:
    return DailyPostRecord(
        guild_id=row[0],
        day=row[1],
        channel_id=row[2],
        puzzle_id=row[3],
        attempts=row[4],
        last_error=row[5],
        done_at=_from_unix(row[6]),
    )


class SQLitePuzzles(SQLiteCore):
    """Puzzle ratings, attempts and daily posts. Methods commit before they return (unless inside
    `transaction()`)."""

    # --- ratings -------------------------------------------------------------------------------------

    async def get_puzzle_ratings(self, subjects: Iterable[str]) -> dict[str, PuzzleRatingRecord]:
        """The stored ratings of these subjects (``user:<id>`` / ``puzzle:<id>``); absent ones are left out."""
        subjects = list(subjects)
        if not subjects:
            return {}
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT subject, rating, rd, volatility, attempts, solved FROM puzzle_ratings"
                f" WHERE subject IN ({_marks(len(subjects))})",
                subjects,
            )
        return {r[0]: PuzzleRatingRecord(*r) for r in rows}

    # --- attempts ------------------------------------------------------------------------------------

    async def start_puzzle_attempt(
        self, user_id: int, puzzle_id: str, guild_id: int | None, *, at: datetime | None = None
    ) -> PuzzleAttemptRecord:
        now = self._now(at)
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db,
                "INSERT INTO puzzle_attempts (user_id, puzzle_id, guild_id, started_at) VALUES (?, ?, ?, ?)"
                f" RETURNING {_ATTEMPT}",
                (user_id, puzzle_id, guild_id, now),
            )
        return _attempt(rows[0])

    async def get_puzzle_attempt(self, attempt_id: int) -> PuzzleAttemptRecord:
        """The attempt; `NotFound` if there is none."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db, f"SELECT {_ATTEMPT} FROM puzzle_attempts WHERE id = ?", (attempt_id,)
            )
        if not rows:
            raise NotFound(f"puzzle attempt {attempt_id}")
        return _attempt(rows[0])

    async def puzzle_attempts_of(self, user_id: int, *, limit: int = 500) -> list[PuzzleAttemptRecord]:
        """The user's latest attempts, newest first."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {_ATTEMPT} FROM puzzle_attempts WHERE user_id = ? ORDER BY id DESC LIMIT ?",
                (user_id, limit),
            )
        return [_attempt(r) for r in rows]

    async def answer_puzzle_attempt(
        self,
        attempt_id: int,
        *,
        tries: int,
        solved: bool,
        finish: bool,
        ratings: Sequence[PuzzleRatingRecord] = (),
        at: datetime | None = None,
    ) -> PuzzleAttemptRecord:
        """Record one answer (or the solution shown) on an attempt that has had ``tries`` answers and is not
        finished, in one transaction with the new ``ratings``: the first answer sets ``solved``; ``finish``
        ends the attempt. `Conflict` (nothing written) if the attempt moved on meanwhile."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE puzzle_attempts SET tries = tries + 1, solved = coalesce(solved, ?),"
                " finished_at = CASE WHEN ? = 1 THEN ? ELSE finished_at END"
                " WHERE id = ? AND tries = ? AND finished_at IS NULL",
                (int(solved), int(finish), now, attempt_id, tries),
            )
            if cursor.rowcount != 1:
                raise Conflict(f"puzzle attempt {attempt_id} was answered meanwhile")
            await db.executemany(
                "INSERT INTO puzzle_ratings (subject, rating, rd, volatility, attempts, solved, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (subject) DO UPDATE SET rating = excluded.rating,"
                " rd = excluded.rd, volatility = excluded.volatility, attempts = excluded.attempts,"
                " solved = excluded.solved, updated_at = excluded.updated_at",
                [(r.subject, r.rating, r.rd, r.volatility, r.attempts, r.solved, now) for r in ratings],
            )
            rows = await self._fetch(
                db, f"SELECT {_ATTEMPT} FROM puzzle_attempts WHERE id = ?", (attempt_id,)
            )
        return _attempt(rows[0])

    # --- the daily puzzle ----------------------------------------------------------------------------

    async def set_daily_puzzle(self, setting: DailyPuzzleSetting, *, at: datetime | None = None) -> None:
        now = self._now(at)
        async with self._unit(write=True) as db:
            await db.execute(
                "INSERT INTO puzzle_daily (guild_id, channel_id, hour, set_by, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, hour = excluded.hour,"
                " set_by = excluded.set_by, updated_at = excluded.updated_at",
                (setting.guild_id, setting.channel_id, setting.hour, setting.set_by, now),
            )

    async def delete_daily_puzzle(self, guild_id: int) -> bool:
        """Opt the server out; False if it was not in."""
        async with self._unit(write=True) as db:
            cursor = await db.execute("DELETE FROM puzzle_daily WHERE guild_id = ?", (guild_id,))
            return cursor.rowcount > 0

    async def get_daily_puzzle(self, guild_id: int) -> DailyPuzzleSetting | None:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT guild_id, channel_id, hour, set_by FROM puzzle_daily WHERE guild_id = ?",
                (guild_id,),
            )
        return DailyPuzzleSetting(*rows[0]) if rows else None

    async def owe_daily_post(
        self, guild_id: int, day: int, channel_id: int, puzzle_id: str, *, at: datetime | None = None
    ) -> bool:
        """Record that the server's puzzle of ``day`` is owed; False (nothing written) if that day's post
        is already owed or done, so a day is posted at most once."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "INSERT INTO puzzle_daily_posts (guild_id, day, channel_id, puzzle_id, created_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (guild_id, day, channel_id, puzzle_id, now),
            )
            return cursor.rowcount == 1

    async def owed_daily_posts(self, *, limit: int = 100) -> list[DailyPostRecord]:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {_POST} FROM puzzle_daily_posts WHERE done_at IS NULL ORDER BY day, guild_id LIMIT ?",
                (limit,),
            )
        return [_post(r) for r in rows]

    async def daily_posts_of(self, guild_id: int) -> list[DailyPostRecord]:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db, f"SELECT {_POST} FROM puzzle_daily_posts WHERE guild_id = ? ORDER BY day", (guild_id,)
            )
        return [_post(r) for r in rows]

    async def mark_daily_post(
        self, guild_id: int, day: int, *, error: str | None = None, at: datetime | None = None
    ) -> None:
        """The post went out (``error`` None) or failed (counted, kept owed)."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            if error is None:
                await db.execute(
                    "UPDATE puzzle_daily_posts SET done_at = ?, attempts = attempts + 1"
                    " WHERE guild_id = ? AND day = ? AND done_at IS NULL",
                    (now, guild_id, day),
                )
            else:
                await db.execute(
                    "UPDATE puzzle_daily_posts SET attempts = attempts + 1, last_error = ?"
                    " WHERE guild_id = ? AND day = ? AND done_at IS NULL",
                    (error[:500], guild_id, day),
                )
