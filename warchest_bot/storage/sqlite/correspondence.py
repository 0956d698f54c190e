"""SQLiteCorrespondence: the SQLite implementation of `CorrespondenceRepository` (see `..repositories`).

Correspondence play (schema v2): move clocks, timers, vacations, ratings, undo requests and rematch links;
the records it takes and returns are in `..correspondence`. A mixin of `Storage` over `SQLiteCore`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from ..correspondence import (
    AllowanceExceeded,
    ClockRecord,
    NewTimer,
    RatingRecord,
    TimerRecord,
    UndoRequestRecord,
    VacationRecord,
)
from ..errors import Conflict, PlyConflict, StatusConflict
from ..wakeups import TIMERS_CHANNEL
from .core import SqlConnection, SQLiteCore, _from_unix, _marks, _to_unix


def _unix(moment: datetime) -> int:
    return _to_unix(moment)


_dt = _from_unix


_TIMER_SELECT = "id, due_at, kind, game_id, user_id, ply, step, payload, fired_at"


def _timer(row: Sequence[Any]) -> TimerRecord:
    return TimerRecord(
        id=row[0],
        due_at=_dt(row[1]),
        kind=row[2],
        game_id=row[3],
        user_id=row[4],
        ply=row[5],
        step=row[6],
        payload=json.loads(row[7]) if row[7] else {},
        fired_at=_dt(row[8]),
    )


def _clock(row: Sequence[Any]) -> ClockRecord:
    banks = {int(seat): int(seconds) for seat, seconds in json.loads(row[10] or "{}").items()}
    return ClockRecord(
        row[0],
        row[1],
        row[2],
        row[3],
        _dt(row[4]),
        _dt(row[5]),
        policy=row[6],
        increment_seconds=row[7],
        cap_seconds=row[8],
        playing_hours=bool(row[9]),
        banks=banks,
    )


_CLOCK_SELECT = (
    "game_id, move_seconds, ply, seat, turn_started_at, deadline,"
    " policy, increment_seconds, cap_seconds, playing_hours, banks"
)
CLOCK_POLICIES = ("fixed", "increment")


class SQLiteCorrespondence(SQLiteCore):
    """Mixin for `Storage` (see the module docstring). Methods commit unless inside `transaction()`."""

    # --- move clocks ---------------------------------------------------------------------------------

    async def set_game_clock(
        self,
        game_id: int,
        move_seconds: int,
        *,
        policy: str = "fixed",
        increment_seconds: int = 0,
        cap_seconds: int = 0,
        playing_hours: bool = False,
        at: datetime | None = None,
    ) -> None:
        """Give a game a move clock of `move_seconds` per decision (replacing any earlier choice); with
        ``policy`` "increment", `move_seconds` is each seat's first bank, growing by `increment_seconds` per
        turn up to `cap_seconds` (see `ClockRecord`)."""
        for value in (move_seconds, increment_seconds, cap_seconds):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError("clock seconds must be ints >= 0")
        if move_seconds <= 0:
            raise ValueError("move_seconds must be a positive int")
        if policy not in CLOCK_POLICIES:
            raise ValueError(f"unknown clock policy {policy!r}")
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._game_state(db, game_id)
            await db.execute(
                "INSERT INTO game_clocks (game_id, move_seconds, policy, increment_seconds, cap_seconds,"
                " playing_hours, banks, updated_at) VALUES (?, ?, ?, ?, ?, ?, '{}', ?)"
                " ON CONFLICT (game_id) DO UPDATE SET move_seconds = excluded.move_seconds,"
                " policy = excluded.policy, increment_seconds = excluded.increment_seconds,"
                " cap_seconds = excluded.cap_seconds, playing_hours = excluded.playing_hours,"
                " banks = excluded.banks, updated_at = excluded.updated_at",
                (game_id, move_seconds, policy, increment_seconds, cap_seconds, int(playing_hours), now),
            )

    async def set_clock_banks(
        self, game_id: int, banks: dict[int, int], *, at: datetime | None = None
    ) -> bool:
        """Replace the seats' banks of an increment clock (seat -> seconds); False if the game has no clock."""
        text = json.dumps({str(seat): int(seconds) for seat, seconds in sorted(banks.items())})
        now = self._now(at)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE game_clocks SET banks = ?, updated_at = ? WHERE game_id = ?", (text, now, game_id)
            )
            return cursor.rowcount == 1

    async def get_game_clock(self, game_id: int) -> ClockRecord | None:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db, f"SELECT {_CLOCK_SELECT} FROM game_clocks WHERE game_id = ?", (game_id,)
            )
        return _clock(rows[0]) if rows else None

    async def get_game_clocks(self, game_ids: Iterable[int]) -> dict[int, ClockRecord]:
        """The clocks of these games (games without a clock are left out)."""
        ids = list(dict.fromkeys(game_ids))
        found: dict[int, ClockRecord] = {}
        async with self._unit(write=False) as db:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                rows = await self._fetch(
                    db,
                    f"SELECT {_CLOCK_SELECT} FROM game_clocks WHERE game_id IN ({_marks(len(chunk))})",
                    chunk,
                )
                found.update((r[0], _clock(r)) for r in rows)
        return found

    async def set_deadline(
        self,
        game_id: int,
        *,
        ply: int | None,
        seat: int | None,
        turn_started_at: datetime | None,
        deadline: datetime | None,
        at: datetime | None = None,
    ) -> bool:
        """Set (or, with `deadline` None, stop) the running deadline; False if the game has no clock."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE game_clocks SET ply = ?, seat = ?, turn_started_at = ?, deadline = ?, updated_at = ?"
                " WHERE game_id = ?",
                (
                    ply,
                    seat,
                    None if turn_started_at is None else _unix(turn_started_at),
                    None if deadline is None else _unix(deadline),
                    now,
                    game_id,
                ),
            )
            return cursor.rowcount == 1

    async def extend_deadlines_for_user(
        self, user_id: int, seconds: int, *, at: datetime | None = None
    ) -> list[int]:
        """Push back by `seconds` every running deadline that the user's seat must meet, in their active
        games; return the game ids."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db,
                "SELECT c.game_id FROM seats s JOIN game_clocks c ON c.game_id = s.game_id AND c.seat = s.seat"
                " WHERE s.user_id = ? AND s.game_status = 'active' AND c.deadline IS NOT NULL",
                (user_id,),
            )
            ids = [r[0] for r in rows]
            await db.executemany(
                "UPDATE game_clocks SET deadline = deadline + ?, updated_at = ? WHERE game_id = ?",
                [(seconds, now, gid) for gid in ids],
            )
        return ids

    # --- timers --------------------------------------------------------------------------------------

    async def add_timers(self, timers: Iterable[NewTimer], *, at: datetime | None = None) -> int:
        """Create timers; one that exists already (same kind, game, user, ply, step) is left as it is, so a
        reminder step fires at most once. Returns how many were created."""
        now = self._now(at)
        rows = [
            (
                _unix(t.due_at),
                t.kind,
                t.game_id,
                t.user_id,
                t.ply,
                t.step,
                json.dumps(t.payload, sort_keys=True) if t.payload else None,
                now,
            )
            for t in timers
        ]
        async with self._unit(write=True) as db:
            added = 0
            for row in rows:
                added += await self._insert_timer(db, row)
            return added

    async def _insert_timer(self, db: SqlConnection, row: tuple[Any, ...]) -> int:
        """Insert one timer (unless it exists); 1 if it did. PostgreSQL's also wakes the scheduler
        (`TIMERS_CHANNEL`) in the same statement when the timer is due before every other unfired one."""
        cursor = await db.execute(
            "INSERT INTO timers (due_at, kind, game_id, user_id, ply, step, payload, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            row,
        )
        return cursor.rowcount

    async def cancel_timers(
        self,
        game_id: int,
        *,
        kinds: Iterable[str] | None = None,
        keep_ply: int | None = None,
        fired_too: bool = False,
    ) -> int:
        """Delete a game's unfired timers (of `kinds`, all by default; sparing those of `keep_ply`).
        `fired_too` deletes the records of fired ones as well (a step deleted so may be created again)."""
        where = ["game_id = ?"]
        if not fired_too:
            where.append("fired_at IS NULL")
        params: list[Any] = [game_id]
        if kinds is not None:
            kinds = tuple(kinds)
            where.append(f"kind IN ({_marks(len(kinds))})")
            params.extend(kinds)
        if keep_ply is not None:
            where.append("(ply IS NULL OR ply <> ?)")
            params.append(keep_ply)
        async with self._unit(write=True) as db:
            cursor = await db.execute(f"DELETE FROM timers WHERE {' AND '.join(where)}", params)
            return cursor.rowcount

    async def next_timer_due(self) -> datetime | None:
        """When the earliest unfired timer is due (None: no timer)."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, "SELECT min(due_at) FROM timers WHERE fired_at IS NULL")
        return _dt(rows[0][0]) if rows else None

    async def due_timers(self, now: datetime, *, limit: int = 500) -> list[TimerRecord]:
        """Unfired timers due at or before `now`, earliest first."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {_TIMER_SELECT} FROM timers WHERE fired_at IS NULL AND due_at <= ?"
                " ORDER BY due_at, id LIMIT ?",
                (_unix(now), limit),
            )
        return [_timer(r) for r in rows]

    async def list_timers(
        self, *, game_id: int | None = None, unfired_only: bool = True
    ) -> list[TimerRecord]:
        where, params = [], []
        if game_id is not None:
            where.append("game_id = ?")
            params.append(game_id)
        if unfired_only:
            where.append("fired_at IS NULL")
        sql = f"SELECT {_TIMER_SELECT} FROM timers"
        if where:
            sql += " WHERE " + " AND ".join(where)
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, sql + " ORDER BY due_at, id", params)
        return [_timer(r) for r in rows]

    async def mark_timers_fired(self, timer_ids: Iterable[int], *, at: datetime | None = None) -> int:
        """Record that timers fired (or were dropped): they never fire again."""
        now = self._now(at)
        ids = list(timer_ids)
        async with self._unit(write=True) as db:
            await db.executemany(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL", [(now, i) for i in ids]
            )
        return len(ids)

    async def reschedule_timer(self, timer_id: int, due_at: datetime) -> None:
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE timers SET due_at = ? WHERE id = ? AND fired_at IS NULL", (_unix(due_at), timer_id)
            )
            if cursor.rowcount:
                await self._wake_up(db, TIMERS_CHANNEL)

    # --- vacations -----------------------------------------------------------------------------------

    async def add_vacation(
        self,
        user_id: int,
        *,
        starts_at: datetime,
        days: int,
        allowance: int,
        at: datetime | None = None,
    ) -> VacationRecord:
        """Book `days` whole days from `starts_at` against the allowance of `starts_at`'s calendar year
        (UTC). Raises `AllowanceExceeded` if fewer days are left, `Conflict` if a vacation is running."""
        if isinstance(days, bool) or not isinstance(days, int) or days < 1:
            raise ValueError("a vacation is at least 1 whole day")
        start = _unix(starts_at)
        end = start + days * 86400
        year = starts_at.year
        now = self._now(at)
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db,
                "SELECT coalesce(sum(days), 0) FROM vacations WHERE user_id = ? AND year = ?",
                (user_id, year),
            )
            used = rows[0][0]
            if used + days > allowance:
                raise AllowanceExceeded(user_id, year, used, allowance, days)
            running = await self._fetch(
                db,
                "SELECT 1 FROM vacations WHERE user_id = ? AND starts_at < ? AND ends_at > ?",
                (user_id, end, start),
            )
            if running:
                raise Conflict(f"user {user_id} already has a vacation at that time")
            rows = await self._fetch(
                db,
                "INSERT INTO vacations (user_id, year, starts_at, ends_at, days, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (user_id, year, start, end, days, now),
            )
            return VacationRecord(int(rows[0][0]), user_id, year, _dt(start), _dt(end), days)

    async def vacation_days_used(self, user_id: int, year: int) -> int:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT coalesce(sum(days), 0) FROM vacations WHERE user_id = ? AND year = ?",
                (user_id, year),
            )
        return int(rows[0][0])

    async def vacations_at(self, user_ids: Iterable[int], moment: datetime) -> dict[int, VacationRecord]:
        """The vacation running at `moment` for each of these users (users without one are left out)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        t = _unix(moment)
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT id, user_id, year, starts_at, ends_at, days FROM vacations"
                f" WHERE user_id IN ({_marks(len(ids))}) AND starts_at <= ? AND ends_at > ?",
                (*ids, t, t),
            )
        return {r[1]: VacationRecord(r[0], r[1], r[2], _dt(r[3]), _dt(r[4]), r[5]) for r in rows}

    # --- ratings -------------------------------------------------------------------------------------

    async def get_ratings(self, scope: int, user_ids: Iterable[int], *, kind: str) -> dict[int, RatingRecord]:
        """The ratings in game ``kind`` of these users in a scope (users without one are left out)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT scope, user_id, rating, rd, volatility, games, updated_at, kind FROM ratings"
                f" WHERE kind = ? AND scope = ? AND user_id IN ({_marks(len(ids))})",
                (kind, scope, *ids),
            )
        return {r[1]: RatingRecord(r[0], r[1], r[2], r[3], r[4], r[5], _dt(r[6]), kind=r[7]) for r in rows}

    async def put_ratings(self, ratings: Iterable[RatingRecord], *, at: datetime | None = None) -> None:
        """Store ratings (each in its own ``kind`` and scope), replacing the ones they update."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            await db.executemany(
                "INSERT INTO ratings (kind, scope, user_id, rating, rd, volatility, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, scope, user_id) DO UPDATE SET"
                " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
                " games = excluded.games, updated_at = excluded.updated_at",
                [(r.kind, r.scope, r.user_id, r.rating, r.rd, r.volatility, r.games, now) for r in ratings],
            )

    async def leaderboard(
        self, scope: int, *, kind: str, limit: int = 20, min_games: int = 1
    ) -> list[RatingRecord]:
        """Highest ratings in game ``kind`` of a scope first."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT scope, user_id, rating, rd, volatility, games, updated_at, kind FROM ratings"
                " WHERE kind = ? AND scope = ? AND games >= ? ORDER BY rating DESC, user_id LIMIT ?",
                (kind, scope, min_games, limit),
            )
        return [RatingRecord(r[0], r[1], r[2], r[3], r[4], r[5], _dt(r[6]), kind=r[7]) for r in rows]

    async def mark_game_rated(self, game_id: int, *, at: datetime | None = None) -> bool:
        """Record that a game's result went into the ratings; False if it already had (apply once)."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "INSERT INTO rated_games (game_id, applied_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (game_id, now),
            )
            return cursor.rowcount == 1

    # --- undo ----------------------------------------------------------------------------------------

    async def put_undo_request(
        self, game_id: int, *, ply: int, seat: int, user_id: int, at: datetime | None = None
    ) -> UndoRequestRecord:
        """Open (or replace) the game's take-back request."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            await db.execute(
                "INSERT INTO undo_requests (game_id, ply, seat, user_id, accepted, created_at)"
                " VALUES (?, ?, ?, ?, '[]', ?) ON CONFLICT (game_id) DO UPDATE SET ply = excluded.ply,"
                " seat = excluded.seat, user_id = excluded.user_id, accepted = '[]', created_at = excluded.created_at",
                (game_id, ply, seat, user_id, now),
            )
        return UndoRequestRecord(game_id, ply, seat, user_id, (), _dt(now))

    async def get_undo_request(self, game_id: int) -> UndoRequestRecord | None:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT game_id, ply, seat, user_id, accepted, created_at FROM undo_requests WHERE game_id = ?",
                (game_id,),
            )
        if not rows:
            return None
        r = rows[0]
        return UndoRequestRecord(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), _dt(r[5]))

    async def set_undo_accepted(self, game_id: int, accepted: Iterable[int]) -> None:
        async with self._unit(write=True) as db:
            await db.execute(
                "UPDATE undo_requests SET accepted = ? WHERE game_id = ?",
                (json.dumps(sorted(set(accepted))), game_id),
            )

    async def delete_undo_request(self, game_id: int) -> bool:
        async with self._unit(write=True) as db:
            cursor = await db.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))
            return cursor.rowcount > 0

    async def truncate_actions(
        self,
        game_id: int,
        to_ply: int,
        *,
        expected_ply: int,
        turn_seat: int | None,
        at: datetime | None = None,
    ) -> int:
        """Take back the actions from `to_ply` on (an agreed undo) of an active game whose ply count is
        `expected_ply` (else `PlyConflict`); later snapshots go too. Returns how many actions were removed."""
        if not 0 <= to_ply <= expected_ply:
            raise ValueError("to_ply must be between 0 and expected_ply")
        now = self._now(at)
        async with self._unit(write=True) as db:
            db_: SqlConnection = db
            cursor = await db_.execute(
                "UPDATE games SET ply_count = ?, turn_seat = ?, updated_at = ?"
                " WHERE id = ? AND ply_count = ? AND status = 'active'",
                (to_ply, turn_seat, now, game_id, expected_ply),
            )
            if cursor.rowcount != 1:
                status, ply_count = await self._game_state(db_, game_id)
                if status.value != "active":
                    raise StatusConflict(game_id, status.value, ("active",), "taking back actions")
                raise PlyConflict(game_id, ply_count, expected_ply)
            cursor = await db_.execute(
                "DELETE FROM actions WHERE game_id = ? AND ply >= ?", (game_id, to_ply)
            )
            removed = cursor.rowcount
            await db_.execute("DELETE FROM snapshots WHERE game_id = ? AND ply > ?", (game_id, to_ply))
            return removed

    # --- rematches -----------------------------------------------------------------------------------

    async def link_rematch(self, game_id: int, rematch_id: int) -> None:
        """Record that `rematch_id` is the rematch of `game_id`; `Conflict` if it already has one."""
        async with self._unit(write=True) as db:
            rows = await self._fetch(db, "SELECT rematch_id FROM rematches WHERE game_id = ?", (game_id,))
            if rows:
                raise Conflict(f"game {game_id} already has a rematch (game {rows[0][0]})")
            await db.execute(
                "INSERT INTO rematches (game_id, rematch_id) VALUES (?, ?)", (game_id, rematch_id)
            )

    async def get_rematch(self, game_id: int) -> int | None:
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, "SELECT rematch_id FROM rematches WHERE game_id = ?", (game_id,))
        return rows[0][0] if rows else None
