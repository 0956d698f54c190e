"""The action log's PostgreSQL-only statement: appending an action is one round trip (SQLite's
`..sqlite.actions` runs the guarded UPDATE of the game row and the INSERT of the action as two)."""

from __future__ import annotations

from ..sqlite.actions import SQLiteActionLog
from ..sqlite.core import SqlConnection

_ADVANCE = (
    "WITH advanced AS ("
    "UPDATE games SET ply_count = ply_count + 1, updated_at = ?, turn_seat = ?"
    " WHERE id = ? AND ply_count = ? AND status = 'active' RETURNING id)"
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
    ) -> bool:
        cursor = await db.execute(_ADVANCE, (now, turn_seat, game_id, ply, ply, seat, notation, now))
        return cursor.rowcount == 1
