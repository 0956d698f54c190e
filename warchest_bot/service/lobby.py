"""Before the first move: challenges, games created at once, joining, starting, leaving, declining and
expiring challenges."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from ..games import DEFAULT_KIND, ai_levels_of
from ..storage import GameStatus, NewSeat
from .clocks import ClockTerms
from .core import ServiceCore, check_game_id
from .errors import ErrorCode, ServiceError
from .limits import check_new_game, checks_ids
from .results import AiPlayer, GameInfo, Player
from .rules import SEED_LIMIT, GameRules

_MAX_NAME = 100
MAX_MOVE_TIME = timedelta(days=30)


def _check_move_time(move_time: timedelta | None) -> int | None:
    """Seconds per decision for a move clock (whole hours, 1 hour to 30 days), None for no clock."""
    if move_time is None:
        return None
    if (
        not isinstance(move_time, timedelta)
        or move_time < timedelta(hours=1)
        or move_time > MAX_MOVE_TIME
        or move_time % timedelta(hours=1)
    ):
        raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_move_time", days=MAX_MOVE_TIME.days)
    return int(move_time.total_seconds())


def _clock_terms(move_time: timedelta | None, clock: ClockTerms | None) -> ClockTerms | None:
    """The clock a new game gets: ``clock`` (checked) if given, else a fixed one of ``move_time``."""
    if clock is None:
        seconds = _check_move_time(move_time)
        return None if seconds is None else ClockTerms(timedelta(seconds=seconds))
    if not isinstance(clock, ClockTerms):
        raise ServiceError(ErrorCode.BAD_OPTIONS)
    return clock.checked()


def _clean_name(player: Player) -> str:
    name = " ".join(str(player.name or "").split())[:_MAX_NAME]
    return name or str(player.user_id)


def _new_seat(p: Player | AiPlayer, n: int, team: int) -> NewSeat:
    if isinstance(p, AiPlayer):
        name = " ".join(str(p.name or "").split())[:_MAX_NAME] or p.level
        return NewSeat(name, ai_level=p.level, seat=n, team=team)
    return NewSeat(_clean_name(p), user_id=p.user_id, seat=n, team=team)


class Lobby(ServiceCore):
    """The lobby part of `GameService`."""

    def _setup(
        self, kind: str, options: Mapping[str, Any] | None, players: int | None, seed: int | None
    ) -> tuple[GameRules, dict[str, Any], int, int]:
        """The rules of a new game of ``kind``, its full options (checked by the game, defaults filled
        in), its number of seats and its seed. ``players`` (a count the caller knows, e.g. how many
        people a game is created with) goes into the options' ``players`` entry when the game has that
        option; otherwise it must be the game's own count."""
        rules = self.rules_for_new(kind)
        if not isinstance(options, Mapping | None):
            raise ServiceError(ErrorCode.BAD_OPTIONS)
        given = dict(options) if options is not None else {}
        if players is not None and "players" in rules.game.default_options():
            given.setdefault("players", players)
        full = rules.full_options(given, seed)
        count = rules.players_of(full)
        if players is not None and players != count:
            counts = ", ".join(str(n) for n in rules.game.player_counts)
            raise ServiceError(
                ErrorCode.BAD_OPTIONS, "error.bad_player_count", game=rules.game.title, counts=counts
            )
        return rules, full, count, (secrets.randbelow(SEED_LIMIT + 1) if seed is None else seed)

    # --- creating games ------------------------------------------------------------------------------

    @checks_ids("creator", "invited", "guild_id", "channel_id", "thread_id")
    async def create_challenge(
        self,
        creator: Player,
        *,
        kind: str = DEFAULT_KIND,
        options: Mapping[str, Any] | None = None,
        players: int | None = None,
        rated: bool = False,
        invited: Sequence[int] = (),
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        expires_at: datetime | None = None,
        seed: int | None = None,
        move_time: timedelta | None = None,
        clock: ClockTerms | None = None,
    ) -> GameInfo:
        """An open game with the creator in seat 0, waiting for players: the ``invited`` users have a seat
        reserved each, the remaining seats are open to anyone (an "open challenge" invites nobody).
        ``kind``: the registered game; ``options``: its options (`warchest_bot.games.GameKind.options`;
        missing ones take their defaults, the game checks them: ``bad_options`` with its message);
        ``players``: the number of seats, when the game has a ``players`` option (the same as
        ``options["players"]``). ``move_time``: the move clock (time per decision, whole hours up to 30
        days), None for none; ``clock``: another clock policy (`ClockTerms`: an increment, playing hours),
        instead of ``move_time``."""
        rules, full, players, seed = self._setup(kind, options, players, seed)
        terms = _clock_terms(move_time, clock)
        invited = tuple(dict.fromkeys(invited))
        if creator.user_id in invited:
            raise ServiceError(ErrorCode.BAD_INVITE, "error.invite_self")
        free = players - 1
        if len(invited) > free:
            raise ServiceError(ErrorCode.BAD_INVITE, "error.too_many_invites", players=players, free=free)
        now = self.storage.clock()
        if expires_at is None and self.limits.challenge_expiry is not None:
            expires_at = now + self.limits.challenge_expiry
        with self.storage_errors():
            async with self.storage.transaction():
                await check_new_game(
                    self.storage, self.limits, creator.user_id, now, creates=True, challenge=True
                )
                record = await self.storage.create_game(
                    kind=rules.kind,
                    options=full,
                    seed=seed,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    thread_id=thread_id,
                    created_by=creator.user_id,
                    rated=rated,
                    status=GameStatus.OPEN,
                    seats=[
                        NewSeat(
                            _clean_name(creator),
                            user_id=creator.user_id,
                            seat=0,
                            team=rules.team(players, 0),
                        )
                    ],
                )
                challenge = await self.storage.create_challenge(
                    record.id,
                    creator.user_id,
                    invited=invited,
                    open_seats=free - len(invited),
                    channel_id=channel_id,
                    expires_at=expires_at,
                )
                if terms is not None:
                    await self.storage.set_game_clock(
                        record.id, int(terms.move_time.total_seconds()), **terms.storage_args()
                    )
        return self.info_of(record, challenge)

    @checks_ids("players", "guild_id", "channel_id", "thread_id")
    async def create_game(
        self,
        players: Sequence[Player | AiPlayer],
        *,
        kind: str = DEFAULT_KIND,
        options: Mapping[str, Any] | None = None,
        rated: bool = False,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
        move_time: timedelta | None = None,
        rematch_of: int | None = None,
        clock: ClockTerms | None = None,
    ) -> GameInfo:
        """A game whose players are all known, started at once: ``players[i]`` takes seat i (teams as the
        game says; War Chest: seats 0 and 2 against 1 and 3). The first human player is its creator.
        ``kind``, ``options`` (their ``players`` entry, if any, is the number of players given) and
        ``move_time`` and ``clock`` as in `create_challenge`.
        An `AiPlayer` takes an AI seat, in any seat (a rematch against the bot swaps the sides) as long as
        some seat is a human's; a game with one is never rated. ``rematch_of``: the finished game this one is
        the rematch of, linked in the same commit (a second link is refused: `Conflict`)."""
        rules, full, count, seed = self._setup(kind, options, len(players), seed)
        levels = ai_levels_of(rules.game)
        if any(isinstance(p, AiPlayer) and p.level not in levels for p in players):
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_ai_level", choices=", ".join(levels))
        terms = _clock_terms(move_time, clock)
        humans = [p for p in players if not isinstance(p, AiPlayer)]
        if not humans:
            raise ValueError("a game needs a human player (its creator)")
        if len({p.user_id for p in humans}) != len(humans):
            raise ServiceError(ErrorCode.BAD_INVITE, "error.duplicate_player")
        if len(humans) != count:
            rated = False
        state = rules.new_state(full, seed)
        now = self.storage.clock()
        with self.storage_errors():
            async with self.storage.transaction():
                for n, human in enumerate(humans):
                    await check_new_game(
                        self.storage,
                        self.limits,
                        human.user_id,
                        now,
                        creates=n == 0,
                        is_requester=n == 0,
                        name=_clean_name(human),
                    )
                record = await self.storage.create_game(
                    kind=rules.kind,
                    options=full,
                    seed=seed,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    thread_id=thread_id,
                    created_by=humans[0].user_id,
                    rated=rated,
                    status=GameStatus.ACTIVE,
                    seats=[_new_seat(p, n, rules.team(count, n)) for n, p in enumerate(players)],
                    turn_seat=state.current_player,
                )
                if terms is not None:
                    await self.storage.set_game_clock(
                        record.id, int(terms.move_time.total_seconds()), **terms.storage_args()
                    )
                if rematch_of is not None:
                    await self.storage.link_rematch(rematch_of, record.id)
                await self.tell_turn_changed(record.id, 0, state.current_player)
                human_seats = [n for n, p in enumerate(players) if not isinstance(p, AiPlayer)]
                await self.owe_start(record.id, human_seats, state.current_player)
        self.announce(record.id)
        self.remember(record, state)
        return self.info_of(record)

    # --- before the start ----------------------------------------------------------------------------

    @checks_ids("player")
    async def join(
        self, game_id: int, player: Player, *, seat: int | None = None, auto_start: bool = True
    ) -> GameInfo:
        """Take a seat in an open game (``seat`` None: the lowest free one; in 4-player games seats 0 and 2
        are partners against 1 and 3). An invited user uses their reservation; anyone else needs a seat open
        to anyone. When the last seat is taken and ``auto_start`` is set, the game starts in the same commit
        (status "active" in the returned info: send every seat its hand)."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            record = (await self.live(game_id)).record
            self.require(record, GameStatus.OPEN)
            if record.seat_of(player.user_id) is not None:
                raise ServiceError(ErrorCode.ALREADY_SEATED, game_id=game_id)
            rules = self.rules_of(record)
            players = rules.players_of(record.options)
            if seat is not None and (
                isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
            ):
                raise ServiceError(ErrorCode.INVALID_SEAT, game_id=game_id, last=players - 1)
            taken = {s.seat for s in record.seats}
            free = [n for n in range(players) if n not in taken]
            if not free:
                raise ServiceError(ErrorCode.GAME_FULL, game_id=game_id)
            if seat is not None and seat in taken:
                raise ServiceError(ErrorCode.SEAT_TAKEN, game_id=game_id, seat=seat)
            number = free[0] if seat is None else seat
            with self.storage_errors(game_id):
                challenge = await self.storage.get_challenge(game_id)
            change: dict[str, Any] = {}
            if challenge is not None:
                if player.user_id in challenge.invited_user_ids:
                    change = {"uninvite": (player.user_id,)}
                elif challenge.open_seats > 0:
                    change = {"open_seats": challenge.open_seats - 1}
                else:
                    raise ServiceError(ErrorCode.NOT_INVITED, game_id=game_id)
            start = auto_start and len(free) == 1
            state = rules.new_state(record.options, record.seed) if start else None
            self.forget(game_id)
            with self.storage_errors(game_id, seat=number):
                async with self.storage.transaction():
                    await check_new_game(
                        self.storage, self.limits, player.user_id, self.storage.clock(), creates=False
                    )
                    await self.storage.add_seat(
                        game_id,
                        display_name=_clean_name(player),
                        user_id=player.user_id,
                        seat=number,
                        team=rules.team(players, number),
                    )
                    if change:
                        await self.storage.update_challenge(game_id, **change)
                    if state is not None:
                        await self.storage.set_status(
                            game_id,
                            GameStatus.ACTIVE,
                            expected=GameStatus.OPEN,
                            turn_seat=state.current_player,
                        )
                        await self.tell_turn_changed(game_id, 0, state.current_player)
                        await self.owe_start(game_id, range(players), state.current_player)
            if state is not None:
                self.announce(game_id)
            return await self.fresh_info(game_id)

    async def start(self, game_id: int, user_id: int) -> GameInfo:
        """Start a full open game (for games joined with ``auto_start=False``): deal the units or open the
        draft, draw the first hands. Any seated player may start it."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            record = (await self.live(game_id)).record
            self.require(record, GameStatus.OPEN)
            self.seat_of(record, user_id)
            rules = self.rules_of(record)
            players = rules.players_of(record.options)
            if len(record.seats) < players:
                raise ServiceError(
                    ErrorCode.TABLE_NOT_FULL,
                    game_id=game_id,
                    taken=len(record.seats),
                    players=players,
                )
            state = rules.new_state(record.options, record.seed)
            self.forget(game_id)
            with self.storage_errors(game_id):
                async with self.committing():
                    await self.storage.set_status(
                        game_id, GameStatus.ACTIVE, expected=GameStatus.OPEN, turn_seat=state.current_player
                    )
                    await self.tell_turn_changed(game_id, 0, state.current_player)
                    await self.owe_start(game_id, range(players), state.current_player)
            self.announce(game_id)
            return await self.fresh_info(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Give up a seat before the start; the seat becomes open to anyone. The creator leaving withdraws
        the challenge (the game is cancelled)."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            record = (await self.live(game_id)).record
            self.require(record, GameStatus.OPEN)
            seat = self.seat_of(record, user_id)
            if user_id == record.created_by:
                return await self.end_game(record, "cancelled", seat.seat, seat.display_name)
            self.forget(game_id)
            with self.storage_errors(game_id):
                async with self.storage.transaction():
                    await self.storage.remove_seat(game_id, seat.seat)
                    challenge = await self.storage.get_challenge(game_id)
                    if challenge is not None:
                        await self.storage.update_challenge(game_id, open_seats=challenge.open_seats + 1)
            return await self.fresh_info(game_id)

    async def decline(self, game_id: int, player: Player) -> GameInfo:
        """Turn down an invitation. A private challenge (no seat open to anyone) is cancelled; otherwise the
        declined seat becomes open to anyone."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            record = (await self.live(game_id)).record
            self.require(record, GameStatus.OPEN)
            with self.storage_errors(game_id):
                challenge = await self.storage.get_challenge(game_id)
            if challenge is None or player.user_id not in challenge.invited_user_ids:
                raise ServiceError(ErrorCode.NOT_INVITED, "error.not_invited_decline", game_id=game_id)
            if challenge.open_seats == 0:
                return await self.end_game(record, "declined", None, _clean_name(player))
            self.forget(game_id)
            with self.storage_errors(game_id):
                await self.storage.update_challenge(
                    game_id, uninvite=(player.user_id,), open_seats=challenge.open_seats + 1
                )
            return await self.fresh_info(game_id)

    async def expire_challenges(self, now: datetime | None = None) -> list[GameInfo]:
        """Cancel open games whose challenge has expired; returns them (tell their players)."""
        with self.storage_errors():
            expired = await self.storage.list_expired_challenges(now)
        ended: list[GameInfo] = []
        for challenge in expired:
            async with self.locked(challenge.game_id):
                try:
                    record = (await self.live_fresh(challenge.game_id)).record
                    self.require(record, GameStatus.OPEN)
                    ended.append(await self.end_game(record, "expired", None, None))
                except ServiceError as exc:
                    if exc.user_caused:
                        continue
                    raise
        return ended


__all__ = ["Lobby"]
