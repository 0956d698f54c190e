"""Looking at games: the stored game, a seat's view, the action log, positions at a ply, replay frames,
listings of games and challenges, and players' records."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..games import Announcement
from ..storage import ActionRecord, GameRecord, GameStatus
from .core import ServiceCore, check_game_id
from .errors import ErrorCode, ServiceError
from .limits import checks_ids
from .results import GameInfo, GamePage, LogEntry, PlayerRecord
from .seats import holder_at

log = logging.getLogger(__name__)

_MAX_PAGE = 100
_STATUS_GROUPS: dict[str, tuple[GameStatus, ...] | None] = {
    "open": (GameStatus.OPEN,),
    "active": (GameStatus.ACTIVE,),
    "current": (GameStatus.OPEN, GameStatus.ACTIVE),
    "finished": (GameStatus.FINISHED,),
    "aborted": (GameStatus.ABORTED,),
    "ended": (GameStatus.FINISHED, GameStatus.ABORTED),
    "all": None,
}


class History(ServiceCore):
    """The looking-up part of `GameService`."""

    # --- looking at a game ---------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameInfo:
        """The game as stored now (with its pending challenge, if open)."""
        return await self.fresh_info(check_game_id(game_id))

    async def view(self, game_id: int, user_id: int | None = None) -> dict[str, Any]:
        """The current position as the user may see it (their own hand in full if seated; otherwise a
        spectator's view). A dict in the engine's position format (docs/war-chest.md), for renderers."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            if live.state is None:
                self.require(live.record, GameStatus.ACTIVE)
                raise ServiceError(ErrorCode.NOT_STARTED, game_id=game_id)
            seat = live.record.seat_of(user_id) if user_id is not None else None
            if seat is not None:
                await self.positions.shown(game_id, seat.seat, self.rules_of(live.record).mark(live.state))
            return self.rules_of(live.record).view(live.state, seat.seat if seat is not None else None)

    async def action_log(
        self,
        game_id: int,
        viewer_id: int | None = None,
        *,
        from_ply: int = 0,
        limit: int | None = None,
    ) -> list[LogEntry]:
        """The game's actions in ply order, in public notation: the coin paid face down (claim, recruit,
        pass) is shown only to the seat that paid it."""
        game_id = check_game_id(game_id)
        with self.storage_errors(game_id):
            record = await self.storage.get_game(game_id)
            entries = await self.storage.action_log(game_id, max(0, from_ply), limit)
            tenures = await self.storage.seat_tenures(game_id)
        viewer = record.seat_of(viewer_id) if viewer_id is not None else None
        viewer_seat = viewer.seat if viewer is not None else None
        seats = {s.seat: s for s in record.seats}
        rules = self.rules_of(record)
        told = await self._told(record, entries)
        out = []
        for e, (turn, said) in zip(entries, told, strict=True):
            who = seats.get(e.seat) if e.seat is not None else None
            # A seat that changed hands: the decision is its holder's then (`seats`), the bot's included.
            held = holder_at(tenures, e.seat, e.ply) if e.seat is not None else None
            text = (
                e.notation if e.seat is not None and e.seat == viewer_seat else rules.public_text(e.notation)
            )
            out.append(
                LogEntry(
                    ply=e.ply,
                    seat=e.seat,
                    user_id=held.user_id if held is not None else who.user_id if who is not None else None,
                    name=held.display_name
                    if held is not None
                    else who.display_name
                    if who is not None
                    else "",
                    autopilot=held is not None and held.user_id is None,
                    text=text,
                    at=e.created_at,
                    turn=turn,
                    said=said.for_seat(viewer_seat) if said is not None else None,
                )
            )
        return out

    async def _told(
        self, record: GameRecord, entries: list[ActionRecord]
    ) -> list[tuple[int | None, Announcement | None]]:
        """Per logged entry, the ply where its turn began and what it said (`GameKind.announce`, after the
        fact), from the position before the first entry on; (None, None) each when the log does not
        replay (the notation alone is shown then)."""
        unknown: list[tuple[int | None, Announcement | None]] = [(None, None)] * len(entries)
        if not entries or record.started_at is None:
            return unknown
        rules = self.rules_of(record)
        try:
            state = await self.state_after(record, entries[0].ply)
            told: list[tuple[int | None, Announcement | None]] = []
            for e in entries:
                action = rules.action_of(state, e.notation)
                after = state.clone()
                after.apply(action)
                seat = e.seat if e.seat is not None else state.current_player
                told.append((rules.turn_start(state), rules.announce(state, action, after, int(seat))))
                state = after
        except (ServiceError, ValueError) as exc:
            log.warning("game %s: the log's words are not known (%s); notation only", record.id, exc)
            return unknown
        return told

    async def replay_frames(self, game_id: int) -> list[Any]:
        """The frames of a FINISHED game's replay, built here from the seed and the log so that nothing
        outside the service needs either: spectator views (no seed, no RNG state, no hidden coin) and
        public actions, sampled for long games (see `collect_frames`). Refused (``not_finished``) for a
        game still open or running, and for a cancelled one."""
        game_id = check_game_id(game_id)
        record = await self.finished_record(game_id, "error.log_not_finished")
        with self.storage_errors(game_id):
            entries = await self.storage.action_log(game_id, 0, None)
        texts = [e.notation for e in entries]
        options = record.options
        rules = self.rules_of(record)

        def build() -> list[Any]:
            return rules.replay_frames(options, record.seed, texts)

        async with self.replay_slot:
            try:
                return await asyncio.to_thread(build)
            except ValueError as exc:  # the interface's errors of a log that does not fit
                log.error("game %s: the action log does not replay: %s", game_id, exc)
                raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=game_id) from exc

    async def state_at(self, game_id: int, ply: int | None = None) -> dict[str, Any]:
        """A spectator's view of the position after ``ply`` actions (None: now), for replays. Rebuilt from
        the nearest snapshot at or before it (or the seed) plus the logged actions."""
        game_id = check_game_id(game_id)
        with self.storage_errors(game_id):
            record = await self.storage.get_game(game_id)
        if record.started_at is None:
            self.require(record, GameStatus.ACTIVE)
            raise ServiceError(ErrorCode.NOT_STARTED, game_id=game_id)
        if ply is None:
            ply = record.ply_count
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= record.ply_count:
            raise ServiceError(ErrorCode.BAD_PLY, game_id=game_id, last=record.ply_count)
        state = await self.state_after(record, ply)
        return self.rules_of(record).view(state, None)

    # --- history -------------------------------------------------------------------------------------

    @staticmethod
    def _statuses(status: str) -> tuple[GameStatus, ...] | None:
        if status not in _STATUS_GROUPS:
            raise ValueError(f"status must be one of {', '.join(_STATUS_GROUPS)}, not {status!r}")
        return _STATUS_GROUPS[status]

    @staticmethod
    def _check_page(limit: int) -> int:
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= _MAX_PAGE:
            raise ValueError(f"limit must be from 1 to {_MAX_PAGE}")
        return limit

    def _page(self, records: list[GameRecord], limit: int) -> GamePage:
        games = tuple(self.info_of(r) for r in records)
        return GamePage(games, games[-1].id if len(games) == limit else None)

    @checks_ids("user_id", "guild_id", "before")
    async def games_for_user(
        self,
        user_id: int,
        *,
        status: str = "current",
        guild_id: int | None = None,
        my_turn: bool = False,
        limit: int = 20,
        before: int | None = None,
    ) -> GamePage:
        """A user's games, newest first. ``status``: "open", "active", "current" (open or active),
        "finished", "aborted", "ended" (finished or aborted) or "all"; ``guild_id`` limits to one server;
        ``my_turn`` keeps games waiting for the user's decision."""
        with self.storage_errors():
            records = await self.storage.list_games_for_user(
                user_id,
                statuses=self._statuses(status),
                guild_id=guild_id,
                my_turn=my_turn,
                limit=self._check_page(limit),
                before=before,
            )
        return self._page(records, limit)

    @checks_ids("guild_id", "before")
    async def games_for_server(
        self, guild_id: int, *, status: str = "current", limit: int = 20, before: int | None = None
    ) -> GamePage:
        """A server's games, newest first (``status`` as in `games_for_user`)."""
        with self.storage_errors():
            records = await self.storage.list_games_for_guild(
                guild_id, statuses=self._statuses(status), limit=self._check_page(limit), before=before
            )
        return self._page(records, limit)

    @checks_ids("guild_id")
    async def open_challenges(self, guild_id: int, *, limit: int = 25) -> list[GameInfo]:
        """Open games in a server with seats anyone may take, newest first."""
        with self.storage_errors():
            challenges = await self.storage.list_open_challenges(guild_id, limit=self._check_page(limit))
            return [self.info_of(await self.storage.get_game(c.game_id), c) for c in challenges]

    @checks_ids("user_id")
    async def challenges_for_user(self, user_id: int) -> list[GameInfo]:
        """Open games the user created or is invited to, newest first."""
        with self.storage_errors():
            challenges = await self.storage.list_challenges_for_user(user_id)
            return [self.info_of(await self.storage.get_game(c.game_id), c) for c in challenges]

    @checks_ids("user_id", "guild_id")
    async def record(
        self,
        user_id: int,
        guild_id: int | None = None,
        *,
        rated_only: bool = False,
        kind: str | None = None,
    ) -> PlayerRecord:
        """Games, wins, losses and draws over finished games: overall and, if ``guild_id`` is given, there;
        of one game ``kind`` (None: of every game)."""
        with self.storage_errors():
            overall = await self.storage.record_for_user(user_id, rated_only=rated_only, kind=kind)
            server = (
                await self.storage.record_for_user(user_id, guild_id, rated_only=rated_only, kind=kind)
                if guild_id is not None
                else None
            )
        return PlayerRecord(user_id=user_id, overall=overall, guild_id=guild_id, server=server)


__all__ = ["History"]
