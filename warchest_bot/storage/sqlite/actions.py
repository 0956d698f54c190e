"""SQLiteActionLog: the SQLite implementation of `ActionLogRepository` (see `..repositories`).

A game's ordered action log (the truth) and its snapshots (a cache).
A mixin of `Storage` over `SQLiteCore` (connections, transactions, shared helpers).

Typed actions (schema v12). A button or an autocomplete value carries the ply it was chosen on and a stale one
is refused by the ply guard; an action typed without one counts as chosen on the position last shown to the
seat. Each seat's row keeps that position (``shown_ply``, ``shown_round``: `mark_shown`, written when the
service shows the seat its hand or its legal actions) and the position its last action was chosen on
(``acted_ply``, ``acted_round``: written by `append_action`). A typed action (``typed=True``) is checked
against them in the transaction that appends it, so every process on the database sees the same facts, and
refused (`TypedActionStale`) when
  - the seat acted on the position just before and was shown nothing since ("repeat": the same `/wc play`
    sent twice, even to two processes), or
  - the round changed since the seat last saw its hand or acted ("new_hand": it cannot have chosen a coin
    of a hand it never saw).
A seat with no marks (a game older than v12) is not refused.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any

from ..errors import (
    GameNotFound,
    PlyConflict,
    StatusConflict,
    TypedActionStale,
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
from .worker import Recheck


def _appendable(game_id: int, ply: int, rows: list[Any]) -> None:
    """Raise unless the game of ``rows`` (its status and ply count) is active at ``ply``."""
    if not rows:
        raise GameNotFound(game_id)
    status, ply_count = GameStatus(rows[0][0]), rows[0][1]
    if status is not GameStatus.ACTIVE:
        raise StatusConflict(game_id, status.value, (GameStatus.ACTIVE.value,), "appending an action")
    if ply_count != ply:
        raise PlyConflict(game_id, ply_count, ply)


def _advanced(game_id: int, ply: int, changed: int) -> None:
    """The guarded update of the game row changed it, or nobody may append (the guard): why is read then
    (`GameNotFound`, `StatusConflict`, `PlyConflict`)."""
    if changed != 1:
        raise Recheck(
            "SELECT status, ply_count FROM games WHERE id = ?",
            (game_id,),
            partial(_appendable, game_id, ply),
            PlyConflict(game_id, ply + 1, ply),
        )


def _typed_in_time(game_id: int, seat: int, ply: int, round_: int, rows: list[Any]) -> None:
    """`TypedActionStale` when an action typed by ``seat`` cannot have been chosen on the position at
    ``ply`` (in round ``round_``), judged from the seat's marks in ``rows`` (see the module docstring)."""
    if not rows:
        return
    shown_ply, shown_round, acted_ply, acted_round = rows[0]
    marks = [(p, r) for p, r in ((shown_ply, shown_round), (acted_ply, acted_round)) if p is not None]
    if marks and max(marks)[1] != round_:
        raise TypedActionStale(game_id, ply, "new_hand")
    if acted_ply is not None and acted_ply == ply - 1 and (shown_ply is None or shown_ply <= acted_ply):
        raise TypedActionStale(game_id, ply, "repeat")


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
        seat_round: int | None = None,
        typed: bool = False,
    ) -> None:
        """Append the action for `ply` (0-based) to an active game, in one transaction with the game row.

        `ply` must equal the game's current ply count, else `PlyConflict` (someone else acted first: reload).
        A non-active game raises `StatusConflict`. Optionally, in the same commit: cache `snapshot_json` as the
        state after this action (snapshot ply `ply + 1`), set the whose-turn hint `turn_seat` (always written;
        None = nobody/unknown), and finish the game with `end`. ``seat_round``: the game's round at `ply`,
        kept as the position the seat's action was chosen on; ``typed``: the action was typed without a ply,
        refused (`TypedActionStale`) when it cannot have been chosen on this position (module docstring).
        """
        if not isinstance(notation, str) or not notation.strip():
            raise ValueError("notation must be a non-empty string")
        if ply < 0:
            raise ValueError("ply starts at 0")
        now = self._now(at)
        async with self._unit(write=True) as db:
            if typed and seat is not None and seat_round is not None:
                await self._check_typed(db, game_id, seat, ply, seat_round)
            await self._advance(db, game_id, ply, seat, notation, now, turn_seat, seat_round)
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
        seat_round: int | None,
    ) -> None:
        """Count the action in the game row, store it, and note the position the seat chose it on (when
        ``seat_round`` is given). The ply count is the guard: the row changes only if nobody appended
        since the caller looked; else nothing is written and `PlyConflict` raises (`StatusConflict` for a
        game that is not active, `GameNotFound`). No result is read here: on SQLite's write connection the
        statements and their checks go with the unit's next round trip (`_later`). (PostgreSQL does it
        all in one statement: `..postgres.actions`.)"""
        await self._later(
            db,
            "UPDATE games SET ply_count = ply_count + 1, updated_at = ?, turn_seat = ?"
            " WHERE id = ? AND ply_count = ? AND status = 'active'",
            (now, turn_seat, game_id, ply),
            count=partial(_advanced, game_id, ply),
        )
        await self._later(
            db,
            "INSERT INTO actions (game_id, ply, seat, notation, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, ply, seat, notation, now),
        )
        if seat is not None and seat_round is not None:
            await self._later(
                db,
                "UPDATE seats SET acted_ply = ?, acted_round = ? WHERE game_id = ? AND seat = ?",
                (ply, seat_round, game_id, seat),
            )

    async def _refuse_append(self, db: SqlConnection, game_id: int, ply: int) -> None:
        """Nothing was appended at ``ply``: raise why (`GameNotFound`, `StatusConflict`, `PlyConflict`)."""
        _appendable(
            game_id,
            ply,
            await self._fetch(db, "SELECT status, ply_count FROM games WHERE id = ?", (game_id,)),
        )
        raise PlyConflict(game_id, ply + 1, ply)

    async def _check_typed(self, db: SqlConnection, game_id: int, seat: int, ply: int, round_: int) -> None:
        """`TypedActionStale` when an action typed by ``seat`` cannot have been chosen on the position at
        ``ply`` (in round ``round_``): see the module docstring. Checked with the unit's next round trip."""
        await self._later(
            db,
            "SELECT shown_ply, shown_round, acted_ply, acted_round FROM seats WHERE game_id = ? AND seat = ?",
            (game_id, seat),
            rows=partial(_typed_in_time, game_id, seat, ply, round_),
        )

    async def mark_shown(self, game_id: int, seat: int, ply: int, round_: int) -> None:
        """The seat was shown the position at ``ply`` (in round ``round_``): its hand, or its legal actions.
        Kept unless the seat was already shown a later one."""
        async with self._unit(write=True) as db:
            await self._later(
                db,
                "UPDATE seats SET shown_ply = ?, shown_round = ?"
                " WHERE game_id = ? AND seat = ? AND (shown_ply IS NULL OR shown_ply < ?)",
                (ply, round_, game_id, seat, ply),
            )

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
        await self._later(
            db,
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
