"""SQLiteConditionals: the SQLite (and PostgreSQL) implementation of `ConditionalRepository` (see
`..conditionals`): the lines of conditional moves players leave (schema v16). A mixin of `Storage`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..conditionals import ConditionalRecord
from .core import SQLiteCore, _from_unix, _marks

_SELECT = "id, game_id, seat, user_id, from_ply, moves, created_at"


def _record(row: Sequence[Any]) -> ConditionalRecord:
    moves = tuple(str(m) for m in json.loads(row[5]))
    return ConditionalRecord(
        int(row[0]), int(row[1]), int(row[2]), int(row[3]), int(row[4]), moves, _from_unix(int(row[6]))
    )


def _moves(moves: Sequence[str]) -> str:
    if isinstance(moves, str) or len(moves) < 2 or len(moves) % 2:
        raise ValueError("a conditional line is an even number of moves, at least two")
    return json.dumps([str(m) for m in moves], ensure_ascii=False)


class SQLiteConditionals(SQLiteCore):
    """Mixin for `Storage`. Methods commit unless inside `transaction()`."""

    async def add_conditional(
        self,
        game_id: int,
        seat: int,
        user_id: int,
        *,
        from_ply: int,
        moves: Sequence[str],
        at: datetime | None = None,
    ) -> ConditionalRecord:
        text = _moves(moves)
        now = self._now(at)
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db,
                "INSERT INTO conditional_moves (game_id, seat, user_id, from_ply, moves, created_at)"
                f" VALUES (?, ?, ?, ?, ?, ?) RETURNING {_SELECT}",
                (game_id, seat, user_id, from_ply, text, now),
            )
        return _record(rows[0])

    async def conditionals_of(self, game_id: int, seat: int | None = None) -> list[ConditionalRecord]:
        sql = f"SELECT {_SELECT} FROM conditional_moves WHERE game_id = ?"
        params: list[Any] = [game_id]
        if seat is not None:
            sql += " AND seat = ?"
            params.append(seat)
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, sql + " ORDER BY id", params)
        return [_record(r) for r in rows]

    async def advance_conditional(self, line_id: int, *, from_ply: int, moves: Sequence[str]) -> None:
        text = _moves(moves)
        async with self._unit(write=True) as db:
            await db.execute(
                "UPDATE conditional_moves SET from_ply = ?, moves = ? WHERE id = ?", (from_ply, text, line_id)
            )

    async def delete_conditionals(
        self, game_id: int, *, ids: Sequence[int] | None = None, seat: int | None = None
    ) -> int:
        sql = "DELETE FROM conditional_moves WHERE game_id = ?"
        params: list[Any] = [game_id]
        if ids is not None:
            if not ids:
                return 0
            chosen = [int(i) for i in ids][:500]
            sql += f" AND id IN ({_marks(len(chosen))})"
            params.extend(chosen)
        if seat is not None:
            sql += " AND seat = ?"
            params.append(seat)
        async with self._unit(write=True) as db:
            rows = await self._fetch(db, sql + " RETURNING id", params)
        return len(rows)


__all__ = ["SQLiteConditionals"]
