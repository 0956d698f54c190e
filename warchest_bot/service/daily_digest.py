"""The server-wide daily digest (issue 27): a server admin may choose one digest post per game per day in the
game's channel or thread instead of a board post after every move (busy channels).

**The setting** (`set_server_digest`, by a server admin; the adapter checks the permission): the UTC hour of
the day's post, kept in the server's settings (``digest_hour``; None: off, a post per move as before). Setting
it arms a database timer of kind `SERVER_DIGEST` (the correspondence scheduler's) at the next such hour.

**The day's posts** (`handle`, the scheduler's handler for those timers): for every active game of the server
with a move since the day before, one outbox row of kind ``digest`` (``day``, ``since``), written in one
transaction with the check that the game has no row for that day yet, so each game gets its post exactly
once, after a crash or a second process too; then the next day's timer. A timer of an hour no longer chosen
(the admin changed it) does nothing. The adapter posts the row (the day's moves in public words, whose turn,
the board picture) and, while the setting is on, makes no board post per move: the player to act is told by
direct message instead (their closed DMs bring the board post back for that move). The start of a game and
its end are posted as always.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..storage import GameStatus, NewTimer, TimerRecord
from .errors import ErrorCode, ServiceError
from .publication import OutboxKind
from .puzzles import next_daily_time

if TYPE_CHECKING:  # pragma: no cover
    from .service import GameService

log = logging.getLogger(__name__)

SERVER_DIGEST = "server_digest"
"""The timer kind of a server's daily digest (payload: the guild id; step: the day)."""
DIGEST_HOUR_KEY = "digest_hour"
"""The server setting: the UTC hour of the daily digest (absent or None: off)."""
MAX_GAMES = 500


def digest_hour_of(settings: dict[str, Any]) -> int | None:
    """The digest hour a server's settings hold (None: off)."""
    hour = settings.get(DIGEST_HOUR_KEY)
    return hour if isinstance(hour, int) and not isinstance(hour, bool) and 0 <= hour <= 23 else None


class DailyDigests:
    """The daily digest over a `GameService` (see the module docstring)."""

    def __init__(
        self, service: GameService, *, clock: Callable[[], datetime], wake: Callable[[], None] = lambda: None
    ) -> None:
        self.service = service
        self.storage = service.storage
        self.clock = clock
        self.wake = wake

    async def digest_hour(self, guild_id: int | None) -> int | None:
        """The server's daily digest hour (UTC), or None when it posts every move."""
        if guild_id is None:
            return None
        with self.service.storage_errors():
            return digest_hour_of(await self.storage.get_guild_settings(guild_id))

    async def set_server_digest(self, guild_id: int, hour: int | None) -> int | None:
        """Post one digest per game per day at ``hour`` (UTC, 0 to 23) in this server's games, or a post per
        move again (None). Returns the setting as it is now."""
        if hour is not None and (isinstance(hour, bool) or not isinstance(hour, int) or not 0 <= hour <= 23):
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "digest.error.bad_hour")
        with self.service.storage_errors():
            async with self.storage.transaction():
                await self.storage.update_guild_settings(guild_id, {DIGEST_HOUR_KEY: hour})
                if hour is not None:
                    await self._arm(guild_id, *next_daily_time(self.clock(), hour))
        self.wake()
        return hour

    async def _arm(self, guild_id: int, day: int, due: datetime) -> None:
        """The server's digest timer at ``due`` (its day ``day``), unless one is already waiting then."""
        waiting = await self.storage.list_timers()
        if any(
            t.kind == SERVER_DIGEST and t.payload.get("guild_id") == guild_id and t.due_at == due
            for t in waiting
        ):
            return
        timer = NewTimer(due, SERVER_DIGEST, None, None, None, day, {"guild_id": guild_id})
        await self.storage.add_timers([timer])

    async def handle(self, timers: Sequence[TimerRecord], now: datetime) -> list[int]:
        """The scheduler's handler for `SERVER_DIGEST` timers: owe each game of the server with a move since
        the day before its day's post (once), and arm the next day. Returns the games owed a post."""
        owed: list[int] = []
        for timer in timers:
            guild_id = timer.payload.get("guild_id")
            if not isinstance(guild_id, int):
                continue
            try:
                owed.extend(await self._server_day(guild_id, timer, now))
            except Exception:
                log.exception("server %s: the daily digest of day %s failed", guild_id, timer.step)
        for game_id in owed:
            self.service.announce(game_id)
        return owed

    async def _server_day(self, guild_id: int, timer: TimerRecord, now: datetime) -> list[int]:
        storage = self.storage
        hour = digest_hour_of(await storage.get_guild_settings(guild_id))
        if hour is None or timer.due_at.hour != hour:
            return []  # switched off, or another hour chosen since (that hour has its own timer)
        since = timer.due_at - timedelta(days=1)
        owed = []
        records = await storage.list_games_for_guild(guild_id, statuses=GameStatus.ACTIVE, limit=MAX_GAMES)
        async with storage.transaction():
            for record in records:
                if record.ply_count == 0:
                    continue
                last = await storage.action_log(record.id, record.ply_count - 1, 1)
                if not last or last[0].created_at < since:
                    continue  # nothing happened since the last digest
                rows = await storage.outbox_rows(record.id)
                if any(r.kind == OutboxKind.DIGEST and r.payload.get("day") == timer.step for r in rows):
                    continue  # already owed (a timer handled twice)
                payload = {"day": timer.step, "since": since.isoformat()}
                await self.service.owe(record.id, record.ply_count, OutboxKind.DIGEST, payload)
                owed.append(record.id)
            await self._arm(guild_id, *next_daily_time(max(now, timer.due_at), hour))
        self.wake()
        return owed


__all__ = ["DIGEST_HOUR_KEY", "SERVER_DIGEST", "DailyDigests", "digest_hour_of"]
