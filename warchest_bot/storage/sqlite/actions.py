"""SQLiteActionLog: the SQLite implementation of `ActionLogRepository` (see `..repositories`).

A game's ordered action log (the truth) and its snapshots (a cache).
A mixin of `Storage` over `SQLiteCore` (connections, transactions, shared helpers).
"""

from __future__ import annotations

from datetime import datetime

from ..errors import (
    PlyConflict,
)
from ..records import (
    ActionRecord,
    GameEnd,
    GameStatus,
    Snapshot,
)
from .core import (
    _INT64_MAX,
    SqlConnection,
    SQLiteCore,
    _from_unix,
)


class SQLiteActionLog(SQLiteCore):
    """A game's ordered action log (the truth) and its snapshots (a cache).

    Methods commit before they return unless called inside `transaction()`.
    """

    async def append_action(
        self,
        game_id: int,
        ply: int,
        seat: int | None,
        notation: str,
        at: datetime | None = None,
        snapshot_json: str | None = None,
        *,
        turn_seat: int | None = None,
        end: GameEnd | None = None,
    ) -> None:
        """Append the action for `ply` (0-based) to an active game, in one transaction with the game row.

        `ply` must equal the game's current ply count, else `PlyConflict` (someone else acted first: reload).
        A non-active game raises `StatusConflict`. Optionally, in the same commit: cache `snapshot_json` as the
        state after this action (snapshot ply `ply + 1`), set the whose-turn hint `turn_seat` (always written;
        None = nobody/unknown), and finish the game with `end`.
        """
        if not isinstance(notation, str) or not notation.strip():
            raise ValueError("notation must be a non-empty string")
        if ply < 0:
            raise ValueError("ply starts at 0")
        now = self._now(at)
        async with self._unit(write=True) as db:
            if not await self._advance(db, game_id, ply, seat, notation, now, turn_seat):
                await self._require_status(db, game_id, (GameStatus.ACTIVE,), "appending an action")
                _, ply_count = await self._game_state(db, game_id)
                raise PlyConflict(game_id, ply_count, ply)
            if snapshot_json is not None:
                await self._put_snapshot(db, game_id, ply + 1, snapshot_json, now)
            if end is not None:
                await self._finish(db, game_id, end, now, expected_ply=None)

    async def _advance(
        self,
        db: SqlConnection,
        game_id: int,
        ply: int,
        seat: int | None,
        notation: str,
        now: int,
        turn_seat: int | None,
    ) -> bool:
        """Count the action in the game row and store it; False (nothing written) when the game is not
        active at ``ply``. The ply count is the guard: the row changes only if nobody appended since the
        caller looked. (PostgreSQL does both in one statement: `..postgres.actions`.)"""
        cursor = await db.execute(
            "UPDATE games SET ply_count = ply_count + 1, updated_at = ?, turn_seat = ?"
            " WHERE id = ? AND ply_count = ? AND status = 'active'",
            (now, turn_seat, game_id, ply),
        )
        if cursor.rowcount != 1:
            return False
        await db.execute(
            "INSERT INTO actions (game_id, ply, seat, notation, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, ply, seat, notation, now),
        )
        return True

    async def action_log(
        self, game_id: int, from_ply: int = 0, limit: int | None = None
    ) -> list[ActionRecord]:
        """Actions with ply >= `from_ply` in ply order (at most `limit`). Raises `GameNotFound`."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT ply, seat, notation, created_at FROM actions WHERE game_id = ? AND ply >= ?"
                " ORDER BY ply LIMIT ?",
                (game_id, from_ply, _INT64_MAX if limit is None else limit),
            )
            if not rows:
                await self._game_state(db, game_id)
        return [ActionRecord(r[0], r[1], r[2], _from_unix(r[3])) for r in rows]

    async def _put_snapshot(
        self, db: SqlConnection, game_id: int, ply: int, state_json: str, now: int
    ) -> None:
        if not isinstance(state_json, str):
            raise TypeError("snapshot state must be JSON text (str)")
        await db.execute(
            "INSERT INTO snapshots (game_id, ply, state, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, ply) DO UPDATE SET state = excluded.state, created_at = excluded.created_at",
            (game_id, ply, state_json, now),
        )

    async def put_snapshot(
        self, game_id: int, ply: int, state_json: str, *, at: datetime | None = None
    ) -> None:
        """Cache the game state after `ply` actions. `ply` beyond the log raises `PlyConflict`."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            _, ply_count = await self._game_state(db, game_id)
            if not 0 <= ply <= ply_count:
                raise PlyConflict(game_id, ply_count, ply)
            await self._put_snapshot(db, game_id, ply, state_json, now)

    async def snapshot_at_or_before(self, game_id: int, ply: int | None = None) -> Snapshot | None:
        """The latest snapshot at or before `ply` (None = the latest of all)."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT ply, state FROM snapshots WHERE game_id = ? AND ply <= ? ORDER BY ply DESC LIMIT 1",
                (game_id, _INT64_MAX if ply is None else ply),
            )
        return Snapshot(rows[0][0], rows[0][1]) if rows else None

    async def prune_snapshots(self, game_id: int, *, keep: int = 1) -> int:
        """Delete all but the `keep` most recent snapshots of a game; return how many were deleted."""
        if keep < 0:
            raise ValueError("keep must be >= 0")
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND ply NOT IN"
                " (SELECT ply FROM snapshots WHERE game_id = ? ORDER BY ply DESC LIMIT ?)",
                (game_id, game_id, keep),
            )
            return cursor.rowcount
