"""`Correspondence`: what the adapter uses for correspondence play, in one object.

>>> corr = Correspondence(service, deliver=send_notification)   # doctest: +SKIP
>>> corr.start()                       # the timer task (overdue timers fire once, late, flagged)
>>> await corr.claim_timeout(game_id, user_id)
>>> await corr.stop()

It hooks into the `GameService` as a listener (deadlines are set and ratings updated in the same commit as
the move or the end of the game), owns the one timer task, and calls ``deliver(notification)`` for every
`Notification` (plain data) the timers produce. Time is injected: ``clock`` (default: the storage's clock)
and ``sleep`` (default: asyncio.sleep).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ..games import DEFAULT_KIND, Outcome
from ..storage import GameStatus, TimerRecord
from .clocks import DEFAULT_ALLOWANCE_DAYS, ClockInfo, Clocks, Everywhere, Notification, VacationResult
from .daily_digest import SERVER_DIGEST, DailyDigests
from .errors import ErrorCode, ServiceError
from .following import Following
from .limits import check_list_limit, checks_ids
from .prefs import Preferences, check_preference_changes
from .puzzles import DAILY_PUZZLE
from .ratings import DEFAULT_TAU, RatingInfo, Ratings
from .results import AiPlayer, GameInfo, Player, PlayerRecord
from .scheduler import Sleep, TimerScheduler
from .service import GameService
from .undo import Undo, UndoAnswer, UndoRequest

log = logging.getLogger(__name__)

Deliver = Callable[[Notification], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class PlayerStatsWithRating:
    """`/wc stats`: results (overall and on the server) and Glicko-2 ratings (global and on the server),
    of one game kind (``rating.kind``)."""

    record: PlayerRecord
    rating: RatingInfo
    server_rating: RatingInfo | None


class Correspondence:
    """Clocks, reminders, vacations, take-backs, rematches, ratings and preferences over a `GameService`."""

    def __init__(
        self,
        service: GameService,
        *,
        deliver: Deliver | None = None,
        clock: Callable[[], datetime] | None = None,
        sleep: Sleep = asyncio.sleep,
        allowance_days: int = DEFAULT_ALLOWANCE_DAYS,
        tau: float = DEFAULT_TAU,
    ) -> None:
        self.service = service
        self.storage = service.storage
        self.deliver = deliver
        self.clock = clock or self.storage.clock
        self.scheduler = TimerScheduler(self.storage, self._handle_timers, clock=self.clock, sleep=sleep)
        self.clocks = Clocks(
            service, clock=self.clock, wake=self.scheduler.wake, allowance_days=allowance_days
        )
        self.ratings = Ratings(self.storage, tau=tau)
        self.undo = Undo(service)
        self.following = Following(service)
        """Spectators: follows of games and players, and the notices they owe (a listener too)."""
        self.digests = DailyDigests(service, clock=self.clock, wake=self.scheduler.wake)
        """The server-wide daily digest: one post per game per day instead of one per move."""
        self.delivered = 0
        self.on_daily_owed: Callable[[], None] | None = None
        """Called when a daily puzzle post became owed (the adapter posts what is owed)."""
        service.listeners.append(self)

    # --- lifecycle -----------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the timer task (call from the running event loop, e.g. in the bot's setup hook)."""
        self.scheduler.start()

    async def stop(self) -> None:
        await self.scheduler.stop()

    def detach(self) -> None:
        """Stop listening to the service (tests)."""
        if self in self.service.listeners:
            self.service.listeners.remove(self)
        self.following.detach()

    # --- GameListener --------------------------------------------------------------------------------

    async def turn_changed(self, game_id: int, ply: int, seat: int | None) -> None:
        await self.clocks.turn_changed(game_id, ply, seat)

    async def turn_continued(self, game_id: int, ply: int, seat: int | None) -> None:
        """The same seat's follow-up decision (see `GameService.tell_turn_changed`): no increment."""
        await self.clocks.turn_changed(game_id, ply, seat, continued=True)

    async def game_ended(self, game_id: int) -> None:
        await self.clocks.game_ended(game_id)
        await self.storage.delete_undo_request(game_id)
        await self.ratings.apply_game(await self.storage.get_game(game_id))

    async def _handle_timers(self, timers: Sequence[TimerRecord], now: datetime) -> None:
        daily = [t for t in timers if t.kind == DAILY_PUZZLE]
        if daily:
            timers = [t for t in timers if t.kind != DAILY_PUZZLE]
            if await self.service.handle_daily_timers(daily, now) and self.on_daily_owed is not None:
                self.on_daily_owed()
        digests = [t for t in timers if t.kind == SERVER_DIGEST]
        if digests:
            timers = [t for t in timers if t.kind != SERVER_DIGEST]
            await self.digests.handle(digests, now)
            await self.storage.mark_timers_fired([t.id for t in digests], at=now)
        notes = await self.clocks.handle_timers(timers, now)
        for note in notes:
            if self.deliver is None:
                continue
            try:
                await self.deliver(note)
                self.delivered += 1
            except Exception:
                log.exception(
                    "delivering %s to user %s (game %s) failed", note.kind, note.user_id, note.game_id
                )

    # --- clocks --------------------------------------------------------------------------------------

    async def clock_of(self, game_id: int) -> ClockInfo | None:
        return await self.clocks.clock_of(game_id)

    async def claim_timeout(self, game_id: int, user_id: int) -> GameInfo:
        return await self.clocks.claim_timeout(game_id, user_id)

    @checks_ids("user_id", "guild_id")
    async def everywhere(self, user_id: int, *, guild_id: int | None = None) -> Everywhere:
        return await self.clocks.everywhere(user_id, guild_id=guild_id)

    @checks_ids("user_id")
    async def start_vacation(self, user_id: int, days: int, *, name: str | None = None) -> VacationResult:
        return await self.clocks.start_vacation(user_id, days, name=name)

    @checks_ids("user_id")
    async def vacation_days_left(self, user_id: int, year: int | None = None) -> int:
        return await self.clocks.vacation_days_left(user_id, year)

    # --- take-backs ----------------------------------------------------------------------------------

    async def request_undo(self, game_id: int, user_id: int) -> UndoRequest:
        return await self.undo.request(game_id, user_id)

    async def answer_undo(self, game_id: int, user_id: int, accept: bool) -> UndoAnswer:
        return await self.undo.answer(game_id, user_id, accept)

    async def pending_undo(self, game_id: int) -> UndoRequest | None:
        return await self.undo.pending(game_id)

    # --- rematch -------------------------------------------------------------------------------------

    async def rematch(
        self,
        game_id: int,
        user_id: int,
        *,
        options_for: Callable[[str, dict[str, Any], int | None], Awaitable[dict[str, Any]]] | None = None,
    ) -> GameInfo:
        """A new game of the same kind with the same players, seats swapped as the game says
        (`GameKind.rematch_seating`: with War Chest side A and B change hands, partners stay partners),
        the options the game gives a rematch (`GameKind.rematch_options`: War Chest's are the same), a new
        seed, the same move clock and rated flag. Any player of the finished game may
        ask, once. AI seats come back as AI seats of the same level and name (a game against the bot).
        ``options_for(kind, options, guild_id)``, when given, has the last word on the options (the Discord
        layer's: For the Crown's rematch takes the card table the server's new games get now)."""
        service = self.service
        async with service.locked(game_id):
            with service.storage_errors(game_id):
                record = await self.storage.get_game(game_id)
                existing = await self.storage.get_rematch(game_id)
                clock = await self.storage.get_game_clock(game_id)
            if record.status is not GameStatus.FINISHED:
                if record.status is GameStatus.ABORTED:
                    raise service.status_error(game_id, record.status)
                raise ServiceError(ErrorCode.NOT_FINISHED, game_id=game_id)
            service.seat_of(record, user_id)
            if existing is not None:
                raise ServiceError(ErrorCode.REMATCH_EXISTS, game_id=game_id, rematch_id=existing)
            seats = sorted(record.seats, key=lambda s: s.seat)
            if any(s.user_id is None and s.ai_level is None for s in seats):
                raise ServiceError(ErrorCode.BAD_INVITE, "error.duplicate_player")
            rules = service.rules_of(record)
            order = rules.rematch_seating(len(seats))
            players: list[Player | AiPlayer] = []
            for i in order:
                seat = seats[i]
                if seat.user_id is not None:
                    players.append(Player(seat.user_id, seat.display_name))
                elif seat.ai_level is not None:  # always, by the check above
                    players.append(AiPlayer(seat.ai_level, seat.display_name))
            outcome = Outcome(record.winner_team, record.end_reason or "")
            options = rules.rematch_options(record.options, outcome)
            if options_for is not None:
                options = await options_for(record.kind, options, record.guild_id)
            try:
                # One commit: the new game, its link to this one, and its start announcements.
                return await service.create_game(
                    players,
                    kind=record.kind,
                    options=options,
                    rated=record.rated,
                    guild_id=record.guild_id,
                    channel_id=record.channel_id,
                    move_time=timedelta(seconds=clock.move_seconds) if clock else None,
                    rematch_of=game_id,
                )
            except ServiceError as exc:
                if exc.code != ErrorCode.STALE:
                    raise
                with service.storage_errors(game_id):
                    existing = await self.storage.get_rematch(game_id)
                if existing is None:
                    raise
                # Another process linked a rematch first: point to it.
                raise ServiceError(ErrorCode.REMATCH_EXISTS, game_id=game_id, rematch_id=existing) from exc

    async def rematch_of(self, game_id: int) -> int | None:
        with self.service.storage_errors(game_id):
            return await self.storage.get_rematch(game_id)

    # --- ratings -------------------------------------------------------------------------------------

    @checks_ids("user_id", "guild_id")
    async def rating(
        self, user_id: int, guild_id: int | None = None, *, kind: str = DEFAULT_KIND
    ) -> RatingInfo:
        """The player's rating in game ``kind``: on the server, or global (``guild_id`` None)."""
        with self.service.storage_errors():
            return await self.ratings.rating(user_id, guild_id, kind=kind)

    @checks_ids("guild_id")
    async def leaderboard(
        self, guild_id: int | None = None, *, kind: str = DEFAULT_KIND, limit: int = 20
    ) -> list[RatingInfo]:
        """Highest ratings in game ``kind`` first: on the server, or global (``guild_id`` None)."""
        limit = check_list_limit(limit)
        with self.service.storage_errors():
            return await self.ratings.leaderboard(guild_id, kind=kind, limit=limit)

    @checks_ids("user_id", "guild_id")
    async def stats(
        self, user_id: int, guild_id: int | None = None, *, kind: str = DEFAULT_KIND
    ) -> PlayerStatsWithRating:
        """Results and ratings in game ``kind``: overall and, with ``guild_id``, on that server."""
        record = await self.service.record(user_id, guild_id, kind=kind)
        rating = await self.rating(user_id, kind=kind)
        server = await self.rating(user_id, guild_id, kind=kind) if guild_id is not None else None
        return PlayerStatsWithRating(record, rating, server)

    # --- preferences ---------------------------------------------------------------------------------

    @checks_ids("user_id")
    async def preferences(self, user_id: int) -> Preferences:
        with self.service.storage_errors():
            return await self.clocks.preferences(user_id)

    @checks_ids("user_id")
    async def update_preferences(self, user_id: int, changes: dict[str, Any]) -> Preferences:
        """Change preference keys (``notify``, ``reminders``, ``quiet_hours``, ``timezone``, ``hand_dms``;
        None resets one); refused with ``bad_preferences`` naming what is wrong. Takes effect from the
        next turn (reminders already scheduled re-check the quiet hours when they fire)."""
        current = (await self.preferences(user_id)).to_settings()
        normal = check_preference_changes(changes)
        Preferences.validated({k: v for k, v in {**current, **normal}.items() if v is not None})
        await self.service.update_user_settings(user_id, normal)
        return await self.preferences(user_id)


__all__ = ["Correspondence", "Deliver", "PlayerStatsWithRating"]
