"""SQLiteMessageRefs: the SQLite implementation of `MessageRefRepository` (see `..repositories`).

References to the chat messages that show a game (board posts, hands, ...).
A mixin of `Storage` over `SQLiteCore` (connections, transactions, shared helpers).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..records import (
    MessageRef,
)
from .core import (
    SQLiteCore,
    _from_unix,
)

_WHOLE_GAME_SEAT = -1  # message_refs.seat for references that belong to no particular seat


class SQLiteMessageRefs(SQLiteCore):
    """References to the chat messages that show a game (board posts, hands, ...).

    Methods commit before they return unless called inside `transaction()`.
    """

    @staticmethod
    def _ref_from_row(row: Sequence[Any]) -> MessageRef:
        return MessageRef(
            game_id=row[0],
            kind=row[1],
            seat=None if row[2] == _WHOLE_GAME_SEAT else row[2],
            message_id=row[3],
            channel_id=row[4],
            updated_at=_from_unix(row[5]),
        )

    async def set_message_ref(
        self,
        game_id: int,
        kind: str,
        message_id: int,
        *,
        channel_id: int | None = None,
        seat: int | None = None,
        at: datetime | None = None,
    ) -> None:
        """Remember (or replace) the message of this kind for the game or one of its seats."""
        if not kind:
            raise ValueError("kind must not be empty")
        if seat is not None and seat < 0:
            raise ValueError("seat numbers start at 0")
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._game_state(db, game_id)
            await db.execute(
                "INSERT INTO message_refs (game_id, kind, seat, channel_id, message_id, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, kind, seat) DO UPDATE SET"
                " channel_id = excluded.channel_id, message_id = excluded.message_id, updated_at = excluded.updated_at",
                (game_id, kind, _WHOLE_GAME_SEAT if seat is None else seat, channel_id, message_id, now),
            )

    async def get_message_ref(self, game_id: int, kind: str, seat: int | None = None) -> MessageRef | None:
        """The remembered message of this kind, if any."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT game_id, kind, seat, message_id, channel_id, updated_at FROM message_refs"
                " WHERE game_id = ? AND kind = ? AND seat = ?",
                (game_id, kind, _WHOLE_GAME_SEAT if seat is None else seat),
            )
        return self._ref_from_row(rows[0]) if rows else None

    async def list_message_refs(self, game_id: int) -> list[MessageRef]:
        """All remembered messages of a game."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT game_id, kind, seat, message_id, channel_id, updated_at FROM message_refs"
                " WHERE game_id = ? ORDER BY kind, seat",
                (game_id,),
            )
        return [self._ref_from_row(r) for r in rows]

    async def find_message_ref(self, message_id: int) -> MessageRef | None:
        """Which game (and kind/seat) a Discord message belongs to, if the bot remembers it."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT game_id, kind, seat, message_id, channel_id, updated_at FROM message_refs"
                " WHERE message_id = ? ORDER BY game_id DESC LIMIT 1",
                (message_id,),
            )
        return self._ref_from_row(rows[0]) if rows else None

    async def delete_message_ref(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Forget a message; False if it was not remembered."""
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "DELETE FROM message_refs WHERE game_id = ? AND kind = ? AND seat = ?",
                (game_id, kind, _WHOLE_GAME_SEAT if seat is None else seat),
            )
            return cursor.rowcount > 0
