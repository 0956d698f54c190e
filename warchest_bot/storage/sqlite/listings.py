"""SQLiteListings: the SQLite implementation of `ListingRepository` (see `..repositories`).

Lists of games (a user's, a guild's, stale ones, the AI's turns) and a user's record.
A mixin of `Storage` over `SQLiteCore` (connections, transactions, shared helpers).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, TypeAlias

from ..records import (
    GameRecord,
    GameStatus,
    PlayerStats,
)
from .core import (
    _GAME_SELECT,
    SQLiteCore,
    _check_limit,
    _marks,
    _statuses,
    _to_unix,
)

Statuses: TypeAlias = GameStatus | str | Iterable[GameStatus | str] | None
"""The statuses a list of games asks for (None: every one)."""


def _listed(
    owner: tuple[str, int], statuses: tuple[str, Statuses], before: tuple[str, int | None]
) -> tuple[list[str], list[Any]]:
    """The WHERE terms and their values of a page of games: each (column, value) pair of the games' owner
    (a user, a guild), the statuses wanted (None: every one) and the page's end (games with a smaller id;
    None: the first page)."""
    (owner_column, owner_id), (status_column, wanted), (id_column, last) = owner, statuses, before
    where = [f"{owner_column} = ?"]
    params: list[Any] = [owner_id]
    values = _statuses(wanted)
    if values is not None:
        where.append(f"{status_column} IN ({_marks(len(values))})")
        params.extend(values)
    if last is not None:
        where.append(f"{id_column} < ?")
        params.append(last)
    return where, params


class SQLiteListings(SQLiteCore):
    """Lists of games (a user's, a guild's, stale ones, the AI's turns) and a user's record.

    Methods commit before they return unless called inside `transaction()`.
    """

    async def list_games_for_user(
        self,
        user_id: int,
        *,
        statuses: GameStatus | str | Iterable[GameStatus | str] | None = None,
        guild_id: int | None = None,
        my_turn: bool = False,
        limit: int = 20,
        before: int | None = None,
    ) -> list[GameRecord]:
        """A user's games, newest first (by game id), with seats.

        Page with `before=<id of the last game of the previous page>`. `my_turn=True` keeps only games whose
        whose-turn hint points at the user's seat.
        """
        where, params = _listed(("s.user_id", user_id), ("s.game_status", statuses), ("s.game_id", before))
        if guild_id is not None:
            where.append("g.guild_id = ?")
            params.append(guild_id)
        if my_turn:
            where.append("g.turn_seat = s.seat")
        params.append(_check_limit(limit))
        sql = (
            f"SELECT {_GAME_SELECT} FROM seats s JOIN games g ON g.id = s.game_id"
            f" WHERE {' AND '.join(where)} ORDER BY s.game_id DESC LIMIT ?"
        )
        async with self._unit(write=False) as db:
            return await self._games_from_rows(db, await self._fetch(db, sql, params))

    async def list_games_for_guild(
        self,
        guild_id: int,
        *,
        statuses: GameStatus | str | Iterable[GameStatus | str] | None = None,
        limit: int = 20,
        before: int | None = None,
    ) -> list[GameRecord]:
        """A guild's games, newest first (by game id), with seats; page with `before` as above."""
        where, params = _listed(("g.guild_id", guild_id), ("g.status", statuses), ("g.id", before))
        params.append(_check_limit(limit))
        sql = f"SELECT {_GAME_SELECT} FROM games g WHERE {' AND '.join(where)} ORDER BY g.id DESC LIMIT ?"
        async with self._unit(write=False) as db:
            return await self._games_from_rows(db, await self._fetch(db, sql, params))

    async def list_stale_games(
        self,
        *,
        updated_before: datetime,
        statuses: GameStatus | str | Iterable[GameStatus | str] = GameStatus.ACTIVE,
        limit: int = 100,
    ) -> list[GameRecord]:
        """Games not touched since `updated_before`, oldest first: for reminders and timeouts."""
        wanted = _statuses(statuses) or ()
        sql = (
            f"SELECT {_GAME_SELECT} FROM games g WHERE g.status IN ({_marks(len(wanted))}) AND g.updated_at < ?"
            " ORDER BY g.updated_at, g.id LIMIT ?"
        )
        params = (*wanted, _to_unix(updated_before), _check_limit(limit))
        async with self._unit(write=False) as db:
            return await self._games_from_rows(db, await self._fetch(db, sql, params))

    async def list_ai_turn_games(self, *, limit: int = 500) -> list[int]:
        """Ids of active games whose turn hint names an AI seat (or a seat the AI plays for its player),
        oldest first (to resume AI turns)."""
        sql = (
            "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.turn_seat"
            " WHERE g.status = ? AND (s.ai_level IS NOT NULL OR s.autopilot IS NOT NULL) ORDER BY g.id LIMIT ?"
        )
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, sql, (GameStatus.ACTIVE.value, _check_limit(limit)))
        return [int(r[0]) for r in rows]

    async def record_for_user(
        self, user_id: int, guild_id: int | None = None, *, rated_only: bool = False, kind: str | None = None
    ) -> PlayerStats:
        """Wins, losses and draws over the user's finished games (in one guild, or everywhere; of one
        game ``kind``, or of every game): summed from the user's totals (schema v13: a handful of rows per
        user, kept by the commit that finishes a game), however many games they played."""
        where = ["user_id = ?"]
        params: list[Any] = [user_id]
        if guild_id is not None:
            where.append("guild_key = ?")
            params.append(guild_id)
        if rated_only:
            where.append("rated = 1")
        if kind is not None:
            where.append("kind = ?")
            params.append(kind)
        sql = (
            "SELECT COALESCE(sum(games), 0), COALESCE(sum(wins), 0), COALESCE(sum(losses), 0),"
            f" COALESCE(sum(draws), 0) FROM player_totals WHERE {' AND '.join(where)}"
        )
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, sql, params)
        games, wins, losses, draws = (int(n) for n in rows[0])
        return PlayerStats(games=games, wins=wins, losses=losses, draws=draws)
