"""SQLiteSeats: the SQLite (and PostgreSQL) implementation of `SeatRepository` (see `..seats`): a game's
autopilot rule, the seat played by the bot, seats changing hands, tenures and pending seat offers (schema
v14). A mixin of `Storage` over `SQLiteCore`."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..errors import SeatConflict
from ..seats import OFFER_KINDS, TENURE_HOW, SeatOfferRecord, TenureRecord, votes_of
from .core import SQLiteCore, _from_unix


class SQLiteSeats(SQLiteCore):
    async def get_autopilot_rule(self, game_id: int) -> int | None:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db, "SELECT autopilot_after FROM seat_rules WHERE game_id = ?", (game_id,)
            )
        return int(rows[0][0]) if rows else None

    async def set_autopilot_rule(
        self, game_id: int, after: int, *, set_by: int | None, at: datetime | None = None
    ) -> None:
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            raise ValueError("autopilot_after must be an int >= 0")
        now = self._now(at)
        async with self._unit(write=True) as db:
            await db.execute(
                "INSERT INTO seat_rules (game_id, autopilot_after, set_by, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET autopilot_after = excluded.autopilot_after,"
                " set_by = excluded.set_by, updated_at = excluded.updated_at",
                (game_id, after, set_by, now),
            )

    async def set_autopilot(self, game_id: int, seat: int, level: str | None) -> None:
        async with self._unit(write=True) as db:
            await db.execute(
                "UPDATE seats SET autopilot = ? WHERE game_id = ? AND seat = ? AND user_id IS NOT NULL",
                (level, game_id, seat),
            )

    async def set_seat_holder(self, game_id: int, seat: int, user_id: int, display_name: str) -> None:
        async with self._unit(write=True) as db:
            try:
                await db.execute(
                    "UPDATE seats SET user_id = ?, display_name = ?, autopilot = NULL, dm_reachable = NULL,"
                    " shown_ply = NULL, shown_round = NULL, acted_ply = NULL, acted_round = NULL"
                    " WHERE game_id = ? AND seat = ? AND user_id IS NOT NULL",
                    (user_id, display_name, game_id, seat),
                )
            except sqlite3.IntegrityError as exc:
                raise SeatConflict(f"user {user_id} already has a seat in game {game_id}") from exc

    async def change_tenure(
        self,
        game_id: int,
        seat: int,
        *,
        ply: int,
        user_id: int | None,
        display_name: str,
        how: str,
        first_user_id: int | None = None,
        first_name: str = "",
        at: datetime | None = None,
    ) -> None:
        if how not in TENURE_HOW:
            raise ValueError(f"unknown tenure kind {how!r}")
        now = self._now(at)
        insert = (
            "INSERT INTO seat_tenures (game_id, seat, user_id, display_name, from_ply, to_ply, how, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        )
        async with self._unit(write=True) as db:
            rows = await self._fetch(
                db, "SELECT count(*) FROM seat_tenures WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
            if int(rows[0][0]) == 0:
                await db.execute(insert, (game_id, seat, first_user_id, first_name, 0, ply, "start", now))
            else:
                await db.execute(
                    "UPDATE seat_tenures SET to_ply = ? WHERE game_id = ? AND seat = ? AND to_ply IS NULL",
                    (ply, game_id, seat),
                )
            await db.execute(insert, (game_id, seat, user_id, display_name, ply, None, how, now))

    async def seat_tenures(self, game_id: int) -> list[TenureRecord]:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT seat, user_id, display_name, from_ply, to_ply, how FROM seat_tenures"
                " WHERE game_id = ? ORDER BY seat, id",
                (game_id,),
            )
        return [TenureRecord(game_id, int(r[0]), r[1], r[2], int(r[3]), r[4], r[5]) for r in rows]

    async def put_seat_offer(self, offer: SeatOfferRecord) -> None:
        if offer.kind not in OFFER_KINDS:
            raise ValueError(f"unknown offer kind {offer.kind!r}")
        created = self._now(offer.created_at)
        async with self._unit(write=True) as db:
            await db.execute(
                "INSERT INTO seat_offers (game_id, seat, kind, to_user_id, to_name, by_user_id, votes, admin,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET"
                " kind = excluded.kind, to_user_id = excluded.to_user_id, to_name = excluded.to_name,"
                " by_user_id = excluded.by_user_id, votes = excluded.votes, admin = excluded.admin,"
                " created_at = excluded.created_at",
                (
                    offer.game_id,
                    offer.seat,
                    offer.kind,
                    offer.to_user_id,
                    offer.to_name,
                    offer.by_user_id,
                    json.dumps(list(votes_of(offer.votes))),
                    int(offer.admin),
                    created,
                ),
            )

    @staticmethod
    def _offer(game_id: int, row: Sequence[Any]) -> SeatOfferRecord:
        seat, kind, to_user, to_name, by_user, votes, admin, created = row
        return SeatOfferRecord(
            game_id,
            int(seat),
            str(kind),
            int(to_user),
            str(to_name),
            int(by_user),
            votes_of(json.loads(str(votes))),
            bool(admin),
            _from_unix(int(created)),
        )

    _OFFER_COLUMNS = "seat, kind, to_user_id, to_name, by_user_id, votes, admin, created_at"

    async def get_seat_offer(self, game_id: int, seat: int) -> SeatOfferRecord | None:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {self._OFFER_COLUMNS} FROM seat_offers WHERE game_id = ? AND seat = ?",
                (game_id, seat),
            )
        return self._offer(game_id, tuple(rows[0])) if rows else None

    async def seat_offers(self, game_id: int) -> list[SeatOfferRecord]:
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {self._OFFER_COLUMNS} FROM seat_offers WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return [self._offer(game_id, tuple(r)) for r in rows]

    async def delete_seat_offer(self, game_id: int, seat: int) -> bool:
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "DELETE FROM seat_offers WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
            return bool(cursor.rowcount)

    async def set_game_unrated(self, game_id: int) -> None:
        async with self._unit(write=True) as db:
            await db.execute("UPDATE games SET rated = 0 WHERE id = ?", (game_id,))
