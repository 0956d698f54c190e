"""The action log's PostgreSQL-only statement: appending an action is one round trip (SQLite's
`..sqlite.actions` runs the guarded UPDATE of the game row, the INSERT of the action and the UPDATE of the
seat's last chosen position as three)."""

from __future__ import annotations

from ..sqlite.actions import SQLiteActionLog
from ..sqlite.core import SqlConnection

_ADVANCE = (
    "WITH advanced AS ("
    "UPDATE games SET ply_count = ply_count + 1, updated_at = ?, turn_seat = ?"
    " WHERE id = ? AND ply_count = ? AND status = 'active' RETURNING id),"
    " marked AS (UPDATE seats SET acted_ply = CAST(? AS BIGINT), acted_round = CAST(? AS BIGINT)"
    " WHERE game_id IN (SELECT id FROM advanced) AND seat = CAST(? AS BIGINT) AND CAST(? AS BIGINT) IS NOT NULL)"
    " INSERT INTO actions (game_id, ply, seat, notation, created_at)"
    " SELECT id, CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS BIGINT) FROM advanced"
)


class PostgresActionLog(SQLiteActionLog):
    """`SQLiteActionLog` with the game row's guarded update and the action's insert in one statement (a
    data-modifying ``WITH``, which SQLite lacks): the action is inserted only if the guard matched."""

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
        marked = seat_round if seat is not None else None
        cursor = await db.execute(
            _ADVANCE,
            (now, turn_seat, game_id, ply, ply, seat_round, seat, marked, ply, seat, notation, now),
        )
        if cursor.rowcount != 1:
            await self._refuse_append(db, game_id, ply)
