"""SQLiteChallenges: the SQLite implementation of `ChallengeRepository` (see `..repositories`).

Challenges (open games waiting for players) and a user's counts for the limits.
A mixin of `Storage` over `SQLiteCore` (connections, transactions, shared helpers).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from ..errors import (
    ChallengeConflict,
)
from ..records import (
    ChallengeRecord,
    GameStatus,
)
from .core import (
    _MAX_PAGE,
    SqlConnection,
    SQLiteCore,
    _check_limit,
    _from_unix,
    _marks,
    _to_unix,
)

_CHALLENGE_SELECT = "c.game_id, c.challenger_id, c.open_seats, c.channel_id, c.message_id, c.created_at, c.expires_at, g.guild_id"


class SQLiteChallenges(SQLiteCore):
    """Challenges (open games waiting for players) and a user's counts for the limits.

    Methods commit before they return unless called inside `transaction()`.
    """

    async def _challenges_from_rows(self, db: SqlConnection, rows: list[Any]) -> list[ChallengeRecord]:
        invited: dict[int, list[int]] = {row[0]: [] for row in rows}
        if rows:
            for game_id, user_id in await self._fetch(
                db,
                f"SELECT game_id, user_id FROM challenge_invites WHERE game_id IN ({_marks(len(invited))})"
                " ORDER BY game_id, user_id",
                tuple(invited),
            ):
                invited[game_id].append(user_id)
        return [
            ChallengeRecord(
                game_id=r[0],
                challenger_id=r[1],
                invited_user_ids=tuple(invited[r[0]]),
                open_seats=r[2],
                channel_id=r[3],
                message_id=r[4],
                created_at=_from_unix(r[5]),
                expires_at=_from_unix(r[6]),
                guild_id=r[7],
            )
            for r in rows
        ]

    async def _select_challenges(
        self, db: SqlConnection, where: str, params: Sequence[Any], limit: int = _MAX_PAGE
    ) -> list[ChallengeRecord]:
        rows = await self._fetch(
            db,
            f"SELECT {_CHALLENGE_SELECT} FROM challenges c JOIN games g ON g.id = c.game_id WHERE {where}"
            " ORDER BY c.game_id DESC LIMIT ?",
            (*params, _check_limit(limit)),
        )
        return await self._challenges_from_rows(db, rows)

    async def create_challenge(
        self,
        game_id: int,
        challenger_id: int,
        *,
        invited: Iterable[int] = (),
        open_seats: int = 0,
        channel_id: int | None = None,
        message_id: int | None = None,
        expires_at: datetime | None = None,
        at: datetime | None = None,
    ) -> ChallengeRecord:
        """Invite specific users and/or open `open_seats` seats to anyone, for an open game.

        Raises `ChallengeConflict` if the game already has a challenge, `StatusConflict` if it is not open.
        """
        invited = tuple(dict.fromkeys(invited))
        if open_seats < 0:
            raise ValueError("open_seats must be >= 0")
        if not invited and not open_seats:
            raise ValueError("a challenge needs invited users or open seats")
        now = self._now(at)
        expires = None if expires_at is None else _to_unix(expires_at)
        async with self._unit(write=True) as db:
            await self._require_status(db, game_id, (GameStatus.OPEN,), "creating a challenge")
            try:
                await db.execute(
                    "INSERT INTO challenges (game_id, challenger_id, open_seats, channel_id, message_id,"
                    " created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, challenger_id, open_seats, channel_id, message_id, now, expires),
                )
            except sqlite3.IntegrityError as exc:
                raise ChallengeConflict(f"game {game_id} already has a challenge") from exc
            await db.executemany(
                "INSERT INTO challenge_invites (game_id, user_id) VALUES (?, ?)",
                [(game_id, u) for u in invited],
            )
            return (await self._select_challenges(db, "c.game_id = ?", (game_id,)))[0]

    async def get_challenge(self, game_id: int) -> ChallengeRecord | None:
        """The game's pending challenge, if any."""
        async with self._unit(write=False) as db:
            found = await self._select_challenges(db, "c.game_id = ?", (game_id,))
        return found[0] if found else None

    async def update_challenge(
        self,
        game_id: int,
        *,
        open_seats: int | None = None,
        message_id: int | None = None,
        channel_id: int | None = None,
        uninvite: Iterable[int] = (),
    ) -> ChallengeRecord:
        """Change a pending challenge: open seat count, its message, or withdraw invitations (accepted or
        declined). Arguments left None stay as they are. Raises `ChallengeConflict` if there is none."""
        if open_seats is not None and open_seats < 0:
            raise ValueError("open_seats must be >= 0")
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "UPDATE challenges SET open_seats = COALESCE(?, open_seats), message_id = COALESCE(?, message_id),"
                " channel_id = COALESCE(?, channel_id) WHERE game_id = ?",
                (open_seats, message_id, channel_id, game_id),
            )
            if cursor.rowcount == 0:
                raise ChallengeConflict(f"game {game_id} has no pending challenge")
            await db.executemany(
                "DELETE FROM challenge_invites WHERE game_id = ? AND user_id = ?",
                [(game_id, u) for u in uninvite],
            )
            return (await self._select_challenges(db, "c.game_id = ?", (game_id,)))[0]

    async def delete_challenge(self, game_id: int) -> bool:
        """Withdraw a challenge (the game itself stays); False if there was none."""
        async with self._unit(write=True) as db:
            cursor = await db.execute("DELETE FROM challenges WHERE game_id = ?", (game_id,))
            return cursor.rowcount > 0

    async def list_challenges_for_user(self, user_id: int) -> list[ChallengeRecord]:
        """Challenges the user sent or is invited to, newest first."""
        async with self._unit(write=False) as db:
            return await self._select_challenges(
                db,
                "c.challenger_id = ? OR c.game_id IN (SELECT game_id FROM challenge_invites WHERE user_id = ?)",
                (user_id, user_id),
            )

    async def list_open_challenges(self, guild_id: int, *, limit: int = 25) -> list[ChallengeRecord]:
        """Challenges in a guild with seats open to anyone, newest first."""
        async with self._unit(write=False) as db:
            return await self._select_challenges(
                db, "g.guild_id = ? AND c.open_seats > 0", (guild_id,), limit
            )

    async def list_expired_challenges(
        self, now: datetime | None = None, *, limit: int = 100
    ) -> list[ChallengeRecord]:
        """Challenges whose expiry time has passed."""
        moment = self._now(now)
        async with self._unit(write=False) as db:
            return await self._select_challenges(
                db, "c.expires_at IS NOT NULL AND c.expires_at <= ?", (moment,), limit
            )

    async def user_counts(self, user_id: int, *, since: datetime) -> tuple[int, int, int]:
        """For per-user limits: (open challenges the user created, games the user takes part in that are
        open or active, games the user created at or after ``since``). Inside `transaction()` the counts
        and the creation that follows are one commit."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT (SELECT COUNT(*) FROM challenges WHERE challenger_id = ?),"
                " (SELECT COUNT(*) FROM seats WHERE user_id = ? AND game_status IN ('open', 'active')),"
                " (SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id"
                "  WHERE s.user_id = ? AND g.created_by = ? AND g.created_at >= ?)",
                (user_id, user_id, user_id, user_id, _to_unix(since)),
            )
        challenges, current, created = rows[0]
        return challenges, current, created
