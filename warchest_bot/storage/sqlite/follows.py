"""SQLiteFollows: the SQLite implementation of `FollowRepository` (see `..repositories`): spectators'
follows of games and players (schema v14; the records are in `..follows`). A mixin of `Storage`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from ..follows import FOLLOW_HOWS, FOLLOW_MODES, FOLLOW_TARGETS, FollowRecord
from .core import SQLiteCore, _from_unix, _marks

_SELECT = "user_id, target, target_id, mode, how, guild_id, created_at"


def _record(row: Sequence[Any]) -> FollowRecord:
    return FollowRecord(row[0], row[1], row[2], row[3], row[4], row[5], _from_unix(int(row[6])))


class SQLiteFollows(SQLiteCore):
    """Mixin for `Storage`. Methods commit unless inside `transaction()`."""

    async def put_follow(
        self,
        user_id: int,
        target: str,
        target_id: int,
        *,
        mode: str,
        how: str,
        guild_id: int | None = None,
        at: datetime | None = None,
    ) -> FollowRecord:
        """Follow (or change how one follows) a game or a player (on the server ``guild_id``); return the
        follow."""
        if target not in FOLLOW_TARGETS or mode not in FOLLOW_MODES or how not in FOLLOW_HOWS:
            raise ValueError(f"bad follow {target!r} {mode!r} {how!r}")
        now = self._now(at)
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db,
                "INSERT INTO follows (user_id, target, target_id, mode, how, guild_id, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, target, target_id)"
                " DO UPDATE SET mode = excluded.mode, how = excluded.how, guild_id = excluded.guild_id"
                f" RETURNING {_SELECT}",
                (user_id, target, target_id, mode, how, guild_id, now),
            )
        return _record(rows[0])

    async def delete_follow(self, user_id: int, target: str, target_id: int) -> bool:
        """Stop following; False if the user did not follow it."""
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "DELETE FROM follows WHERE user_id = ? AND target = ? AND target_id = ?",
                (user_id, target, target_id),
            )
            return cursor.rowcount == 1

    async def follows_of_user(self, user_id: int) -> list[FollowRecord]:
        """What the user follows, oldest first."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {_SELECT} FROM follows WHERE user_id = ? ORDER BY created_at, target, target_id",
                (user_id,),
            )
        return [_record(r) for r in rows]

    async def followers_of(
        self, game_id: int, player_ids: Iterable[int] = (), *, guild_id: int | None = None
    ) -> list[FollowRecord]:
        """The follows of the game ``game_id`` and of any of the players ``player_ids`` made on the server
        ``guild_id`` (the game's; none for a game outside any server); a user may appear more than once,
        once per thing they follow; oldest first."""
        players = list(dict.fromkeys(player_ids))[:500]
        sql = f"SELECT {_SELECT} FROM follows WHERE (target = 'game' AND target_id = ?)"
        params: list[Any] = [game_id]
        if players and guild_id is not None:
            sql += f" OR (target = 'player' AND guild_id = ? AND target_id IN ({_marks(len(players))}))"
            params.append(guild_id)
            params.extend(players)
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, sql + " ORDER BY created_at, user_id", params)
        return [_record(r) for r in rows]


__all__ = ["SQLiteFollows"]
