"""SQLiteTournaments: the SQLite (and PostgreSQL) implementation of `TournamentRepository` (see
`..tournaments`; schema v17). A mixin of `Storage` over `SQLiteCore`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ..tournaments import TOURNAMENT_STATUSES, TournamentConflict, TournamentGameRecord, TournamentRecord
from .core import SQLiteCore, _dump_json, _from_unix, _load_json, _marks

_SELECT = (
    "id, guild_id, channel_id, name, kind, options, organiser, status, state, version, created_at, updated_at"
)


def _record(row: Sequence[Any]) -> TournamentRecord:
    return TournamentRecord(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=None if row[2] is None else int(row[2]),
        name=str(row[3]),
        kind=str(row[4]),
        options=_load_json(row[5]) or {},
        organiser=int(row[6]),
        status=str(row[7]),
        state=_load_json(row[8]) or {},
        version=int(row[9]),
        created_at=_from_unix(int(row[10])),
        updated_at=_from_unix(int(row[11])),
    )


def _statuses(statuses: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(statuses)
    if not chosen or any(s not in TOURNAMENT_STATUSES for s in chosen):
        raise ValueError(f"bad tournament statuses {chosen!r}")
    return chosen


class SQLiteTournaments(SQLiteCore):
    """Mixin for `Storage`. Methods commit unless inside `transaction()`."""

    async def create_tournament(
        self,
        *,
        guild_id: int,
        channel_id: int | None,
        name: str,
        kind: str,
        options: Mapping[str, Any],
        organiser: int,
        state: Mapping[str, Any],
        at: datetime | None = None,
    ) -> TournamentRecord:
        """See `TournamentRepository.create_tournament`."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db,
                "INSERT INTO tournaments (guild_id, channel_id, name, kind, options, organiser, status, state,"
                " version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'entry', ?, 1, ?, ?)"
                f" RETURNING {_SELECT}",
                (
                    guild_id,
                    channel_id,
                    name,
                    kind,
                    _dump_json(options, "options"),
                    organiser,
                    _dump_json(state, "state"),
                    now,
                    now,
                ),
            )
        return _record(rows[0])

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        """See `TournamentRepository.get_tournament`."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, f"SELECT {_SELECT} FROM tournaments WHERE id = ?", (tournament_id,))
        return _record(rows[0]) if rows else None

    async def tournaments_of_guild(
        self, guild_id: int, statuses: Iterable[str] | None = None
    ) -> list[TournamentRecord]:
        """See `TournamentRepository.tournaments_of_guild`."""
        chosen = _statuses(TOURNAMENT_STATUSES if statuses is None else statuses)
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {_SELECT} FROM tournaments WHERE guild_id = ? AND status IN ({_marks(len(chosen))})"
                " ORDER BY id DESC",
                (guild_id, *chosen),
            )
        return [_record(r) for r in rows]

    async def tournaments_with_status(self, statuses: Iterable[str]) -> list[TournamentRecord]:
        """See `TournamentRepository.tournaments_with_status`."""
        chosen = _statuses(statuses)
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {_SELECT} FROM tournaments WHERE status IN ({_marks(len(chosen))}) ORDER BY id",
                chosen,
            )
        return [_record(r) for r in rows]

    async def save_tournament(
        self,
        tournament_id: int,
        *,
        expected_version: int,
        state: Mapping[str, Any],
        status: str | None = None,
        at: datetime | None = None,
    ) -> TournamentRecord:
        """See `TournamentRepository.save_tournament`."""
        if status is not None:
            _statuses((status,))
        now = self._now(at)
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db,
                "UPDATE tournaments SET state = ?, status = COALESCE(?, status), version = version + 1,"
                f" updated_at = ? WHERE id = ? AND version = ? RETURNING {_SELECT}",
                (_dump_json(state, "state"), status, now, tournament_id, expected_version),
            )
        if not rows:
            raise TournamentConflict(f"tournament {tournament_id} is not at version {expected_version}")
        return _record(rows[0])

    async def link_tournament_game(self, tournament_id: int, round: int, board: int, game_id: int) -> bool:
        """See `TournamentRepository.link_tournament_game`."""
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "INSERT INTO tournament_games (tournament_id, round, board, game_id) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (tournament_id, round, board) DO NOTHING",
                (tournament_id, round, board, game_id),
            )
            return cursor.rowcount == 1

    async def tournament_games(
        self, tournament_id: int, round: int | None = None, *, playing: bool = False
    ) -> list[TournamentGameRecord]:
        """See `TournamentRepository.tournament_games`."""
        sql = (
            "SELECT t.tournament_id, t.round, t.board, t.game_id FROM tournament_games t"
            + (" JOIN games g ON g.id = t.game_id AND g.status IN ('open', 'active')" if playing else "")
            + " WHERE t.tournament_id = ?"
        )
        params: tuple[int, ...] = (tournament_id,)
        if round is not None:
            sql += " AND t.round = ?"
            params += (round,)
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, sql + " ORDER BY t.round, t.board", params)
        return [TournamentGameRecord(*(int(v) for v in r)) for r in rows]

    async def tournament_of_game(self, game_id: int) -> TournamentGameRecord | None:
        """See `TournamentRepository.tournament_of_game`."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT tournament_id, round, board, game_id FROM tournament_games WHERE game_id = ?",
                (game_id,),
            )
        return TournamentGameRecord(*(int(v) for v in rows[0])) if rows else None
