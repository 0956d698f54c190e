"""`GameService`: the game lifecycle, who may do what, and history — transport-agnostic.

The adapter (Discord today) calls these coroutines with user ids and opaque guild/channel ids and gets plain
dataclasses back (`results`), or a `ServiceError` with a stable code and a catalogue message.

Guarantees:
- Every accepted action is applied and committed (action row, ply guard, optional snapshot, whose-turn hint
  and, if it ended the game, the result: one transaction) before `play` returns. A refused request writes
  nothing.
- Requests on one game run one at a time (an `asyncio.Lock` per game, created on demand and dropped when
  idle); different games proceed in parallel. The storage's ply guard additionally refuses an action that a
  second process (or a second service on the same file) appended first.
- Live game states are kept in an LRU cache. The cached state is always the committed one: an action is
  applied to a copy, and the copy replaces it only after the commit. On a miss the state is rebuilt from
  the latest snapshot plus the actions after it (or from the seed and the whole log), and the replayed ply
  count is checked against the database.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from ..engine import Action, GameError, GameState
from ..render.replay import Frame
from ..storage import (
    ChallengeRecord,
    Conflict,
    GameEnd,
    GameNotFound,
    GameRecord,
    GameStatus,
    LoadedGame,
    MessageRef,
    NewSeat,
    PlyConflict,
    SeatConflict,
    SeatRecord,
    StatusConflict,
    Storage,
    StorageBusy,
    StorageDamaged,
    StorageError,
)
from .errors import ErrorCode, ServiceError
from .limits import Limits, check_new_game, checks_ids
from .positions import ShownPositions
from .publication import Publisher, hands_owed, move_payload
from .results import (
    AiPlayer,
    AiTurn,
    GameInfo,
    GameOptions,
    GameOver,
    GamePage,
    Legal,
    LogEntry,
    Player,
    PlayerRecord,
    PlayerStats,
    PlayResult,
    SeatInfo,
)
from .rules import SEED_LIMIT, WarChestRules

log = logging.getLogger(__name__)

_INT64_MAX = 2**63 - 1
_MAX_PAGE = 100
_MAX_NAME = 100
_STATUS_GROUPS: dict[str, tuple[GameStatus, ...] | None] = {
    "open": (GameStatus.OPEN,),
    "active": (GameStatus.ACTIVE,),
    "current": (GameStatus.OPEN, GameStatus.ACTIVE),
    "finished": (GameStatus.FINISHED,),
    "aborted": (GameStatus.ABORTED,),
    "ended": (GameStatus.FINISHED, GameStatus.ABORTED),
    "all": None,
}


@dataclass
class _Live:
    """A cached game: its record (seats, status) and, once started, its committed state."""

    record: GameRecord
    state: GameState | None


class GameListener(Protocol):
    """Told about turn changes and game ends *inside* the committing transaction (so whatever it writes
    through the service's storage commits together with the change); see `GameService.listeners`."""

    async def turn_changed(self, game_id: int, ply: int, seat: int | None) -> None:
        """Game ``game_id`` is at ``ply`` and ``seat`` must decide now (a game that just started too)."""

    async def game_ended(self, game_id: int) -> None:
        """Game ``game_id`` was finished or aborted (read it from storage: the change is visible)."""


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


class _Slot:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class _GameLocks:
    """One asyncio.Lock per game id, created on first use and dropped when nobody holds or awaits it."""

    def __init__(self) -> None:
        self._slots: dict[int, _Slot] = {}

    @asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        slot = self._slots.get(game_id)
        if slot is None:
            slot = self._slots[game_id] = _Slot()
        slot.users += 1
        try:
            async with slot.lock:
                yield
        finally:
            slot.users -= 1
            if slot.users == 0:
                del self._slots[game_id]

    def __len__(self) -> int:
        return len(self._slots)


class _Opening:
    """What `GameService.open()` returns: await it, or `async with GameService.open(path) as service`."""

    def __init__(self, path: Path | str, kwargs: dict[str, Any]) -> None:
        self._path, self._kwargs = path, kwargs
        self._service: GameService | None = None

    async def _open(self) -> GameService:
        storage_kw = {
            k: self._kwargs.pop(k) for k in ("clock", "fsync_commits", "busy_timeout") if k in self._kwargs
        }
        storage = await Storage.open(self._path, **storage_kw)
        return GameService(storage, owns_storage=True, **self._kwargs)

    def __await__(self):
        return self._open().__await__()

    async def __aenter__(self) -> GameService:
        self._service = await self._open()
        return self._service

    async def __aexit__(self, *exc_info: object) -> None:
        if self._service is not None:
            await self._service.close()


def _check_game_id(game_id: object) -> int:
    if isinstance(game_id, bool) or not isinstance(game_id, int) or not 0 < game_id <= _INT64_MAX:
        raise ServiceError(ErrorCode.UNKNOWN_GAME, game_id=game_id)
    return game_id


def _clean_name(player: Player) -> str:
    name = " ".join(str(player.name or "").split())[:_MAX_NAME]
    return name or str(player.user_id)


def _seat_info(s: SeatRecord) -> SeatInfo:
    return SeatInfo(
        seat=s.seat,
        team=s.team,
        user_id=s.user_id,
        name=s.display_name,
        outcome=None if s.outcome is None else str(s.outcome),
        dm_reachable=s.dm_reachable,
        ai_level=s.ai_level,
    )


def _new_seat(p: Player | AiPlayer, n: int) -> NewSeat:
    if isinstance(p, AiPlayer):
        name = " ".join(str(p.name or "").split())[:_MAX_NAME] or p.level
        return NewSeat(name, ai_level=p.level, seat=n, team=n % 2)
    return NewSeat(_clean_name(p), user_id=p.user_id, seat=n, team=n % 2)


class GameService:
    """The application layer. Create with `GameService(storage)` (you close the storage) or
    `await GameService.open(path)` / `async with GameService.open(path) as service` (it closes it)."""

    def __init__(
        self,
        storage: Storage,
        *,
        rules: WarChestRules | None = None,
        cache_size: int = 256,
        snapshot_every: int = 50,
        owns_storage: bool = False,
        limits: Limits | None = None,
    ) -> None:
        if cache_size < 1 or snapshot_every < 1:
            raise ValueError("cache_size and snapshot_every must be positive")
        self.storage = storage
        self.rules = rules or WarChestRules()
        self.cache_size = cache_size
        self.snapshot_every = snapshot_every
        self._owns_storage = owns_storage
        self.limits = limits if limits is not None else Limits()
        """Per-user limits on new games and how long a challenge waits (`Limits`)."""
        self._cache: OrderedDict[int, _Live] = OrderedDict()
        self._locks = _GameLocks()
        self._replays = asyncio.Semaphore(1)  # replays are heavy: one built at a time
        self._shown = ShownPositions()  # what each seat last saw: typed actions count as chosen on it
        self.listeners: list[GameListener] = []
        """Correspondence play (clocks, ratings) hooks in here; see `GameListener`."""
        self.publisher: Publisher | None = None
        """Told after each commit that wrote outbox rows (see `publication`); the adapter delivers them."""

    @classmethod
    def open(cls, path: Path | str, **kwargs: Any) -> _Opening:
        """Open the database at ``path`` and a service over it. Keyword arguments go to the service
        (``cache_size``, ``snapshot_every``) or the storage (``clock``, ``fsync_commits``, ``busy_timeout``)."""
        return _Opening(path, dict(kwargs))

    async def close(self) -> None:
        """Drop the cache and, if the service opened the storage, close it."""
        self._cache.clear()
        if self._owns_storage:
            await self.storage.close()

    async def __aenter__(self) -> GameService:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # --- locking and the cache -----------------------------------------------------------------------

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game's lock (for maintenance such as a timeout sweep that must see the game unchanged).
        Do not call this service's methods for the same game inside: the lock is not re-entrant."""
        async with self._locks.hold(game_id):
            yield

    def forget(self, game_id: int | None = None) -> None:
        """Drop cached states: one game's, or all (the next request reloads from the database)."""
        if game_id is None:
            self._cache.clear()
        else:
            self._cache.pop(game_id, None)

    def is_cached(self, game_id: int) -> bool:
        return game_id in self._cache

    @contextmanager
    def _storage_errors(self, game_id: int | None = None, seat: int | None = None) -> Iterator[None]:
        """Turn storage errors into ServiceErrors. Conflicts mean the stored game is not what this service
        saw (another process acted, or the game changed under a cached view): nothing was written."""
        try:
            yield
        except GameNotFound as exc:
            raise ServiceError(ErrorCode.UNKNOWN_GAME, game_id=game_id) from exc
        except PlyConflict as exc:
            raise ServiceError(ErrorCode.STALE, game_id=game_id, ply=exc.expected) from exc
        except StatusConflict as exc:
            raise self._status_error(game_id, GameStatus(exc.status)) from exc
        except SeatConflict as exc:
            raise ServiceError(
                ErrorCode.SEAT_TAKEN, game_id=game_id, seat=seat if seat is not None else "?"
            ) from exc
        except Conflict as exc:
            raise ServiceError(ErrorCode.STALE, "error.changed", game_id=game_id) from exc
        except OverflowError as exc:  # a number SQLite cannot store: the entry point's checks missed it
            raise ServiceError(ErrorCode.BAD_ID, value="?") from exc
        except StorageBusy as exc:
            log.warning("game %s: database busy: %s", game_id, exc)
            raise ServiceError(ErrorCode.BUSY) from exc
        except StorageDamaged as exc:
            log.error("game %s: %s", game_id, exc)
            raise ServiceError(ErrorCode.STORAGE, "error.damaged") from exc
        except StorageError as exc:
            log.exception("game %s: storage failure", game_id)
            raise ServiceError(ErrorCode.STORAGE) from exc

    async def _live(self, game_id: int) -> _Live:
        """The cached game, loading it on a miss. Call with the game's lock held."""
        live = self._cache.get(game_id)
        if live is not None:
            self._cache.move_to_end(game_id)
            return live
        with self._storage_errors(game_id):
            loaded = await self.storage.load_game(game_id)
        if loaded.game.kind != self.rules.kind:
            raise ServiceError(ErrorCode.UNKNOWN_GAME, game_id=game_id)
        state = self._rebuild(loaded) if loaded.game.started_at is not None else None
        live = _Live(loaded.game, state)
        self._cache[game_id] = live
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return live

    async def _live_at(self, game_id: int, expected_ply: int | None) -> _Live:
        """The cached game, reloaded first if the request has seen a later ply than the cache (another
        process appended to the shared database): then a correct request is not refused as stale."""
        live = await self._live(game_id)
        if (
            isinstance(expected_ply, int)
            and expected_ply > live.record.ply_count
            and live.record.status is GameStatus.ACTIVE
        ):
            self._cache.pop(game_id, None)
            live = await self._live(game_id)
        return live

    async def _live_fresh(self, game_id: int) -> _Live:
        """The cached game after checking (one small read) that no other process changed it since."""
        live = self._cache.get(game_id)
        if live is not None:
            with self._storage_errors(game_id):
                stored = await self.storage.get_game(game_id)
            if stored.ply_count != live.record.ply_count or stored.status is not live.record.status:
                self._cache.pop(game_id, None)
        return await self._live(game_id)

    def _rebuild(self, loaded: LoadedGame) -> GameState:
        """The state after every stored action: from the latest usable snapshot, else from the seed."""
        record = loaded.game
        notations = loaded.notations
        options = GameOptions.from_dict(record.options)
        snap = loaded.snapshot
        if snap is not None and 0 < snap.ply <= len(notations):
            try:
                state = self.rules.restore(snap.state_json)
                if state.ply == snap.ply and state.options == self.rules.engine_options(options, record.seed):
                    self.rules.replay(state, notations[snap.ply :])
                    if state.ply == len(notations) == record.ply_count:
                        return state
                log.warning(
                    "game %s: snapshot at ply %s does not fit the log; replaying", record.id, snap.ply
                )
            except Exception as exc:  # a snapshot is only a cache: whatever is wrong with it, replay instead
                log.warning("game %s: snapshot at ply %s unusable (%s); replaying", record.id, snap.ply, exc)
        try:
            state = self.rules.new_state(options, record.seed)
            self.rules.replay(state, notations)
        except (GameError, ValueError) as exc:
            log.error("game %s: the action log does not replay: %s", record.id, exc)
            raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=record.id) from exc
        if state.ply != len(notations) or state.ply != record.ply_count:
            log.error(
                "game %s: replayed %s plies, log has %s, game row says %s",
                record.id,
                state.ply,
                len(notations),
                record.ply_count,
            )
            raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=record.id)
        return state

    @asynccontextmanager
    async def _committing(self) -> AsyncIterator[None]:
        """One transaction around a change, its outbox rows and whatever the listeners write with it."""
        async with self.storage.transaction():
            yield

    async def _owe(self, game_id: int, ply: int, kind: str, payload: dict[str, Any] | None = None) -> None:
        """Write an outbox row (inside the committing transaction): see `publication`."""
        await self.storage.add_outbox(game_id, ply, kind, payload)

    async def _owe_hands(self, game_id: int, ply: int, seats: Iterable[int], *, retry: bool = False) -> None:
        """One ``hands`` row per seat (one DM each, so a retry never repeats a DM that went out)."""
        for seat in sorted(set(seats)):
            await self._owe(game_id, ply, "hands", {"seats": [seat], **({"retry": True} if retry else {})})

    async def _owe_start(self, game_id: int, seats: Sequence[int], first: int | None) -> None:
        await self._owe(game_id, 0, "start", {"next": first})
        await self._owe_hands(game_id, 0, seats, retry=True)

    def _announce(self, game_id: int) -> None:
        """After a commit that wrote outbox rows: wake the publisher (the rows are safe in the database)."""
        if self.publisher is None:
            return
        try:
            self.publisher.announce(game_id)
        except Exception:  # delivery resumes from the database anyway
            log.exception("game %s: the publisher failed to take an announcement", game_id)

    async def _turn_changed(self, game_id: int, ply: int, seat: int | None) -> None:
        for listener in self.listeners:
            await listener.turn_changed(game_id, ply, seat)

    async def _game_ended(self, game_id: int) -> None:
        for listener in self.listeners:
            await listener.game_ended(game_id)

    # --- shared checks and conversions ---------------------------------------------------------------

    @staticmethod
    def _status_error(game_id: int | None, status: GameStatus) -> ServiceError:
        if status is GameStatus.OPEN:
            return ServiceError(ErrorCode.NOT_STARTED, game_id=game_id)
        if status is GameStatus.ACTIVE:
            return ServiceError(ErrorCode.ALREADY_STARTED, game_id=game_id)
        if status is GameStatus.ABORTED:
            return ServiceError(ErrorCode.GAME_OVER, "error.game_aborted", game_id=game_id)
        return ServiceError(ErrorCode.GAME_OVER, game_id=game_id)

    def _require(self, record: GameRecord, *allowed: GameStatus) -> None:
        if record.status not in allowed:
            raise self._status_error(record.id, record.status)

    @staticmethod
    def _seat_of(record: GameRecord, user_id: int) -> SeatRecord:
        seat = record.seat_of(user_id) if isinstance(user_id, int) else None
        if seat is None:
            raise ServiceError(ErrorCode.NOT_SEATED, game_id=record.id)
        return seat

    @staticmethod
    def _seat_name(record: GameRecord, seat: int | None) -> str:
        found = next((s for s in record.seats if s.seat == seat), None)
        return found.display_name if found is not None else "?"

    def _game_over(self, record: GameRecord) -> GameOver | None:
        if not record.status.is_over:
            return None
        result = record.result or {}
        by_seat = result.get("by_seat")
        winners = losers = ()
        if record.winner_team is not None:
            winners = tuple(_seat_info(s) for s in record.seats if s.team == record.winner_team)
            losers = tuple(_seat_info(s) for s in record.seats if s.team != record.winner_team)
        return GameOver(
            game_id=record.id,
            reason=record.end_reason or "aborted",
            winner_team=record.winner_team,
            winners=winners,
            losers=losers,
            by_seat=by_seat,
            by_name=result.get("by_name")
            or (self._seat_name(record, by_seat) if by_seat is not None else None),
            max_rounds=GameOptions.from_dict(record.options).max_rounds,
            aborted=record.status is GameStatus.ABORTED,
        )

    def _info(self, record: GameRecord, challenge: ChallengeRecord | None = None) -> GameInfo:
        to_act = None
        if record.status is GameStatus.ACTIVE and record.turn_seat is not None:
            to_act = next((_seat_info(s) for s in record.seats if s.seat == record.turn_seat), None)
        return GameInfo(
            id=record.id,
            status=record.status.value,
            options=GameOptions.from_dict(record.options),
            rated=record.rated,
            seats=tuple(_seat_info(s) for s in record.seats),
            ply=record.ply_count,
            to_act=to_act,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            thread_id=record.thread_id,
            created_by=record.created_by,
            created_at=record.created_at,
            updated_at=record.updated_at,
            started_at=record.started_at,
            finished_at=record.finished_at,
            over=self._game_over(record),
            invited=challenge.invited_user_ids if challenge is not None else (),
            open_seats=challenge.open_seats if challenge is not None else 0,
        )

    async def _fresh_info(self, game_id: int) -> GameInfo:
        with self._storage_errors(game_id):
            record = await self.storage.get_game(game_id)
            challenge = (
                await self.storage.get_challenge(game_id) if record.status is GameStatus.OPEN else None
            )
        return self._info(record, challenge)

    def _options(
        self, players: int, units: str, royal_guard: str, max_rounds: int, seed: int | None
    ) -> tuple[GameOptions, int]:
        options = GameOptions(players=players, units=units, royal_guard=royal_guard, max_rounds=max_rounds)
        self.rules.check_options(options, seed)
        return options, (secrets.randbelow(SEED_LIMIT + 1) if seed is None else seed)

    # --- creating games ------------------------------------------------------------------------------

    @checks_ids("creator", "invited", "guild_id", "channel_id", "thread_id")
    async def create_challenge(
        self,
        creator: Player,
        *,
        players: int = 2,
        units: str = "random",
        royal_guard: str = "revised",
        max_rounds: int = 200,
        rated: bool = False,
        invited: Sequence[int] = (),
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        expires_at: datetime | None = None,
        seed: int | None = None,
        move_time: timedelta | None = None,
    ) -> GameInfo:
        """An open game with the creator in seat 0, waiting for players: the ``invited`` users have a seat
        reserved each, the remaining seats are open to anyone (an "open challenge" invites nobody).
        ``move_time``: the move clock (time per decision, whole hours up to 30 days), None for none."""
        options, seed = self._options(players, units, royal_guard, max_rounds, seed)
        move_seconds = _check_move_time(move_time)
        invited = tuple(dict.fromkeys(invited))
        if creator.user_id in invited:
            raise ServiceError(ErrorCode.BAD_INVITE, "error.invite_self")
        free = players - 1
        if len(invited) > free:
            raise ServiceError(ErrorCode.BAD_INVITE, "error.too_many_invites", players=players, free=free)
        now = self.storage._clock()
        if expires_at is None and self.limits.challenge_expiry is not None:
            expires_at = now + self.limits.challenge_expiry
        with self._storage_errors():
            async with self.storage.transaction():
                await check_new_game(
                    self.storage, self.limits, creator.user_id, now, creates=True, challenge=True
                )
                record = await self.storage.create_game(
                    kind=self.rules.kind,
                    options=options.to_dict(),
                    seed=seed,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    thread_id=thread_id,
                    created_by=creator.user_id,
                    rated=rated,
                    status=GameStatus.OPEN,
                    seats=[NewSeat(_clean_name(creator), user_id=creator.user_id, seat=0, team=0)],
                )
                challenge = await self.storage.create_challenge(
                    record.id,
                    creator.user_id,
                    invited=invited,
                    open_seats=free - len(invited),
                    channel_id=channel_id,
                    expires_at=expires_at,
                )
                if move_seconds is not None:
                    await self.storage.set_game_clock(record.id, move_seconds)
        return self._info(record, challenge)

    @checks_ids("players", "guild_id", "channel_id", "thread_id")
    async def create_game(
        self,
        players: Sequence[Player | AiPlayer],
        *,
        units: str = "random",
        royal_guard: str = "revised",
        max_rounds: int = 200,
        rated: bool = False,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
        move_time: timedelta | None = None,
        rematch_of: int | None = None,
    ) -> GameInfo:
        """A game whose players are all known, started at once: ``players[i]`` takes seat i (teams: seats 0
        and 2 against 1 and 3). The first human player is its creator. ``move_time`` as in `create_challenge`.
        An `AiPlayer` takes an AI seat, in any seat (a rematch against the bot swaps the sides) as long as
        some seat is a human's; a game with one is never rated. ``rematch_of``: the finished game this one is
        the rematch of, linked in the same commit (a second link is refused: `Conflict`)."""
        count = len(players)
        options, seed = self._options(count if count in (2, 4) else 0, units, royal_guard, max_rounds, seed)
        move_seconds = _check_move_time(move_time)
        humans = [p for p in players if not isinstance(p, AiPlayer)]
        if not humans:
            raise ValueError("a game needs a human player (its creator)")
        if len({p.user_id for p in humans}) != len(humans):
            raise ServiceError(ErrorCode.BAD_INVITE, "error.duplicate_player")
        if len(humans) != count:
            rated = False
        state = self.rules.new_state(options, seed)
        now = self.storage._clock()
        with self._storage_errors():
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
                    kind=self.rules.kind,
                    options=options.to_dict(),
                    seed=seed,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    thread_id=thread_id,
                    created_by=humans[0].user_id,
                    rated=rated,
                    status=GameStatus.ACTIVE,
                    seats=[_new_seat(p, n) for n, p in enumerate(players)],
                    turn_seat=state.current_player,
                )
                if move_seconds is not None:
                    await self.storage.set_game_clock(record.id, move_seconds)
                if rematch_of is not None:
                    await self.storage.link_rematch(rematch_of, record.id)
                await self._turn_changed(record.id, 0, state.current_player)
                human_seats = [n for n, p in enumerate(players) if not isinstance(p, AiPlayer)]
                await self._owe_start(record.id, human_seats, state.current_player)
        self._announce(record.id)
        self._remember(record, state)
        return self._info(record)

    def _remember(self, record: GameRecord, state: GameState | None) -> None:
        self._cache[record.id] = _Live(record, state)
        self._cache.move_to_end(record.id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    # --- before the start ----------------------------------------------------------------------------

    @checks_ids("player")
    async def join(
        self, game_id: int, player: Player, *, seat: int | None = None, auto_start: bool = True
    ) -> GameInfo:
        """Take a seat in an open game (``seat`` None: the lowest free one; in 4-player games seats 0 and 2
        are partners against 1 and 3). An invited user uses their reservation; anyone else needs a seat open
        to anyone. When the last seat is taken and ``auto_start`` is set, the game starts in the same commit
        (status "active" in the returned info: send every seat its hand)."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            record = (await self._live(game_id)).record
            self._require(record, GameStatus.OPEN)
            if record.seat_of(player.user_id) is not None:
                raise ServiceError(ErrorCode.ALREADY_SEATED, game_id=game_id)
            options = GameOptions.from_dict(record.options)
            if seat is not None and (
                isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < options.players
            ):
                raise ServiceError(ErrorCode.INVALID_SEAT, game_id=game_id, last=options.players - 1)
            taken = {s.seat for s in record.seats}
            free = [n for n in range(options.players) if n not in taken]
            if not free:
                raise ServiceError(ErrorCode.GAME_FULL, game_id=game_id)
            if seat is not None and seat in taken:
                raise ServiceError(ErrorCode.SEAT_TAKEN, game_id=game_id, seat=seat)
            number = free[0] if seat is None else seat
            with self._storage_errors(game_id):
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
            state = self.rules.new_state(options, record.seed) if start else None
            self._cache.pop(game_id, None)
            with self._storage_errors(game_id, seat=number):
                async with self.storage.transaction():
                    await check_new_game(
                        self.storage, self.limits, player.user_id, self.storage._clock(), creates=False
                    )
                    await self.storage.add_seat(
                        game_id,
                        display_name=_clean_name(player),
                        user_id=player.user_id,
                        seat=number,
                        team=number % 2,
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
                        await self._turn_changed(game_id, 0, state.current_player)
                        await self._owe_start(game_id, range(options.players), state.current_player)
            if state is not None:
                self._announce(game_id)
            return await self._fresh_info(game_id)

    async def start(self, game_id: int, user_id: int) -> GameInfo:
        """Start a full open game (for games joined with ``auto_start=False``): deal the units or open the
        draft, draw the first hands. Any seated player may start it."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            record = (await self._live(game_id)).record
            self._require(record, GameStatus.OPEN)
            self._seat_of(record, user_id)
            options = GameOptions.from_dict(record.options)
            if len(record.seats) < options.players:
                raise ServiceError(
                    ErrorCode.TABLE_NOT_FULL,
                    game_id=game_id,
                    taken=len(record.seats),
                    players=options.players,
                )
            state = self.rules.new_state(options, record.seed)
            self._cache.pop(game_id, None)
            with self._storage_errors(game_id):
                async with self._committing():
                    await self.storage.set_status(
                        game_id, GameStatus.ACTIVE, expected=GameStatus.OPEN, turn_seat=state.current_player
                    )
                    await self._turn_changed(game_id, 0, state.current_player)
                    await self._owe_start(game_id, range(options.players), state.current_player)
            self._announce(game_id)
            return await self._fresh_info(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Give up a seat before the start; the seat becomes open to anyone. The creator leaving withdraws
        the challenge (the game is cancelled)."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            record = (await self._live(game_id)).record
            self._require(record, GameStatus.OPEN)
            seat = self._seat_of(record, user_id)
            if user_id == record.created_by:
                return await self._end_unlocked(record, "cancelled", seat.seat, seat.display_name)
            self._cache.pop(game_id, None)
            with self._storage_errors(game_id):
                async with self.storage.transaction():
                    await self.storage.remove_seat(game_id, seat.seat)
                    challenge = await self.storage.get_challenge(game_id)
                    if challenge is not None:
                        await self.storage.update_challenge(game_id, open_seats=challenge.open_seats + 1)
            return await self._fresh_info(game_id)

    async def decline(self, game_id: int, player: Player) -> GameInfo:
        """Turn down an invitation. A private challenge (no seat open to anyone) is cancelled; otherwise the
        declined seat becomes open to anyone."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            record = (await self._live(game_id)).record
            self._require(record, GameStatus.OPEN)
            with self._storage_errors(game_id):
                challenge = await self.storage.get_challenge(game_id)
            if challenge is None or player.user_id not in challenge.invited_user_ids:
                raise ServiceError(ErrorCode.NOT_INVITED, "error.not_invited_decline", game_id=game_id)
            if challenge.open_seats == 0:
                return await self._end_unlocked(record, "declined", None, _clean_name(player))
            self._cache.pop(game_id, None)
            with self._storage_errors(game_id):
                await self.storage.update_challenge(
                    game_id, uninvite=(player.user_id,), open_seats=challenge.open_seats + 1
                )
            return await self._fresh_info(game_id)

    async def expire_challenges(self, now: datetime | None = None) -> list[GameInfo]:
        """Cancel open games whose challenge has expired; returns them (tell their players)."""
        with self._storage_errors():
            expired = await self.storage.list_expired_challenges(now)
        ended: list[GameInfo] = []
        for challenge in expired:
            async with self._locks.hold(challenge.game_id):
                try:
                    record = (await self._live(challenge.game_id)).record
                    self._require(record, GameStatus.OPEN)
                    ended.append(await self._end_unlocked(record, "expired", None, None))
                except ServiceError as exc:
                    if exc.user_caused:
                        continue
                    raise
        return ended

    # --- ending --------------------------------------------------------------------------------------

    async def _end_unlocked(
        self,
        record: GameRecord,
        reason: str,
        by_seat: int | None,
        by_name: str | None,
        *,
        winner_team: int | None = None,
        aborted: bool = True,
        data: dict[str, Any] | None = None,
    ) -> GameInfo:
        """Finish or cancel a game (caller holds the lock and has checked the rules)."""
        result: dict[str, Any] = {"reason": reason, "winner": winner_team, **(data or {})}
        if by_seat is not None:
            result["by_seat"] = by_seat
        if by_name is not None:
            result["by_name"] = by_name
        end = GameEnd(reason=reason, winner_team=winner_team, result=result, aborted=aborted)
        self._cache.pop(record.id, None)
        with self._storage_errors(record.id):
            async with self._committing():
                await self.storage.finish_game(record.id, end, expected_ply=record.ply_count)
                await self._game_ended(record.id)
                if record.started_at is not None or reason == "cancelled":
                    # A declined or expired challenge only has its message edited (by the adapter).
                    await self._owe(record.id, record.ply_count, "end")
        self._announce(record.id)
        return await self._fresh_info(record.id)

    async def resign(self, game_id: int, user_id: int, *, expected_ply: int | None = None) -> GameInfo:
        """Resign an active game: the resigning seat's team loses (in a 2-player game, the opponent wins).
        Allowed whoever's turn it is. Returns the finished game (``over`` says who won; tell everyone)."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            live = await self._live_at(game_id, expected_ply)
            record = live.record
            self._require(record, GameStatus.ACTIVE)
            seat = self._seat_of(record, user_id)
            if expected_ply is not None and expected_ply != record.ply_count:
                raise ServiceError(ErrorCode.STALE, game_id=game_id, ply=record.ply_count)
            data = self.rules.result_data(live.state) if live.state is not None else {}
            return await self._end_unlocked(
                record,
                "resign",
                seat.seat,
                seat.display_name,
                winner_team=1 - seat.team,
                aborted=False,
                data=data,
            )

    async def abort(self, game_id: int, user_id: int) -> GameInfo:
        """Cancel a game that counts for nobody: an open game by its creator, an active game by any of its
        players until the first real move (draft picks do not count)."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            live = await self._live(game_id)
            record = live.record
            self._require(record, GameStatus.OPEN, GameStatus.ACTIVE)
            seat = self._seat_of(record, user_id)
            if record.status is GameStatus.OPEN:
                if user_id != record.created_by:
                    raise ServiceError(
                        ErrorCode.NOT_CREATOR,
                        game_id=game_id,
                        player=self._seat_name(record, 0),
                    )
                return await self._end_unlocked(record, "cancelled", seat.seat, seat.display_name)
            assert live.state is not None
            if self.rules.under_way(live.state):
                raise ServiceError(ErrorCode.TOO_LATE, game_id=game_id)
            return await self._end_unlocked(record, "aborted", seat.seat, seat.display_name)

    # --- playing -------------------------------------------------------------------------------------

    async def play(
        self, game_id: int, user_id: int, action: str | Action, *, expected_ply: int | None
    ) -> PlayResult:
        """Play ``action`` (notation text, or an engine Action) for the user's seat.

        ``expected_ply`` is the ply the request was made against (`GameInfo.ply` / `PlayResult.ply` when the
        board or button was made); a different value is refused as "stale". Pass None only for a typed
        command: it counts as chosen on the position last shown to the seat (`positions`), and is refused
        as "stale" if its turn has passed or the round changed since. The action is committed before this
        returns.
        """
        return await self._play(
            game_id, lambda record: self._seat_of(record, user_id), action, expected_ply=expected_ply
        )

    async def play_ai(
        self, game_id: int, seat: int, action: str | Action, *, expected_ply: int
    ) -> PlayResult:
        """Play ``action`` for the AI seat ``seat`` (as `play` does for a human): refused unless that seat
        is an AI seat and it is its decision at ``expected_ply``."""

        def ai_seat(record: GameRecord) -> SeatRecord:
            found = next((s for s in record.seats if s.seat == seat), None)
            if found is None or not found.is_ai:
                raise ServiceError(ErrorCode.NOT_SEATED, game_id=record.id)
            return found

        return await self._play(game_id, ai_seat, action, expected_ply=expected_ply)

    async def ai_turn(self, game_id: int) -> AiTurn | None:
        """What an AI seat must decide now in this game (its view of the position), or None when the game
        is not active or a human is to act."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            live = await self._live_fresh(game_id)
            state = live.state
            if live.record.status is not GameStatus.ACTIVE or state is None:
                return None
            seat = next((s for s in live.record.seats if s.seat == state.current_player), None)
            if seat is None or seat.ai_level is None:
                return None
            return AiTurn(game_id, state.ply, seat.seat, seat.ai_level, self.rules.view(state, seat.seat))

    async def games_awaiting_ai(self, limit: int = 500) -> list[int]:
        """Active games in which an AI seat must act (to resume their AI turns after a restart)."""
        with self._storage_errors():
            return await self.storage.list_ai_turn_games(limit=limit)

    async def _play(
        self,
        game_id: int,
        seat_of: Callable[[GameRecord], SeatRecord],
        action: str | Action,
        *,
        expected_ply: int | None,
    ) -> PlayResult:
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            live = await self._live_at(game_id, expected_ply)
            record = live.record
            self._require(record, GameStatus.ACTIVE)
            seat = seat_of(record)
            state = live.state
            assert state is not None
            if expected_ply is not None and expected_ply != state.ply:
                raise ServiceError(ErrorCode.STALE, game_id=game_id, ply=state.ply)
            to_act = state.current_player
            if to_act != seat.seat:
                raise ServiceError(
                    ErrorCode.NOT_YOUR_TURN, game_id=game_id, player=self._seat_name(record, to_act)
                )
            if expected_ply is None:
                self._shown.check_typed(game_id, seat.seat, state)
            rules = self.rules
            chosen = rules.parse(state, action, game_id)
            private_text = rules.text(chosen, public=False)
            public_text = rules.text(chosen, public=True)
            after = state.clone()
            after.apply(chosen)
            outcome = rules.result(after)
            end = None
            if outcome is not None:
                winner, reason = outcome
                end = GameEnd(
                    reason=reason,
                    winner_team=winner,
                    result={"reason": reason, "winner": winner, **rules.result_data(after)},
                )
            snapshot = None
            if end is None and after.ply % self.snapshot_every == 0:
                snapshot = rules.snapshot(after)
            before_private = rules.private_signatures(state)
            after_private = rules.private_signatures(after)
            changed = tuple(n for n, sig in enumerate(after_private) if sig != before_private[n])
            round_started = after.round != state.round
            drew = after.draws != state.draws
            followup = end is None and rules.is_followup(after)
            next_number = after.current_player if end is None else None
            last_action = rules.last_action(state, after, chosen, seat.seat)
            board = move_payload(
                seat=seat.seat,
                action=public_text,
                last_action=last_action,
                next_seat=next_number,
                followup=followup,
                drew=drew,
                game_over=end is not None,
            )
            hands = (
                ()
                if end is not None
                else hands_owed(
                    mover=seat.seat,
                    changed=changed,
                    round_started=round_started,
                    next_seat=next_number,
                    followup=followup,
                )
            )
            try:
                with self._storage_errors(game_id):
                    async with self._committing():
                        await self.storage.append_action(
                            game_id,
                            state.ply,
                            seat.seat,
                            private_text,
                            snapshot_json=snapshot,
                            turn_seat=after.current_player,
                            end=end,
                        )
                        if end is not None:
                            await self._game_ended(game_id)
                        else:
                            await self._turn_changed(game_id, after.ply, after.current_player)
                        await self._owe(game_id, after.ply, "move", board)
                        humans = {s.seat for s in record.seats if s.user_id is not None}
                        await self._owe_hands(game_id, after.ply, (n for n in hands if n in humans))
            except BaseException:
                # Whatever happened (a rival process appended first, a full disk, cancellation mid-commit),
                # the database is the truth: forget the cached state and reload it next time.
                self._cache.pop(game_id, None)
                raise
            self._announce(game_id)
            self._shown.acted(game_id, seat.seat, state)
            game_over = None
            next_seat = None
            if end is not None:
                self._cache.pop(game_id, None)  # seats' outcomes changed: reload the record when needed
                self._shown.forget(game_id, len(record.seats))
                finished = replace(
                    record,
                    status=GameStatus.FINISHED,
                    winner_team=end.winner_team,
                    end_reason=end.reason,
                    result=end.result,
                )
                game_over = self._game_over(finished)
                notify = tuple(s.user_id for s in record.seats if s.user_id is not None)
            else:
                live.state = after
                live.record = replace(record, ply_count=after.ply, turn_seat=after.current_player)
                nxt = next(s for s in record.seats if s.seat == after.current_player)
                next_seat = _seat_info(nxt)
                notify = (nxt.user_id,) if nxt.user_id is not None else ()
            return PlayResult(
                game_id=game_id,
                ply=after.ply,
                seat=seat.seat,
                user_id=seat.user_id,
                action=public_text,
                private_action=private_text,
                kind=chosen.kind,
                round=after.round,
                phase=after.phase,
                round_started=round_started,
                drew=drew,
                hands_changed=changed,
                next=next_seat,
                followup=followup,
                notify=notify,
                game_over=game_over,
                last_action=last_action,
            )

    # --- looking at a game ---------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameInfo:
        """The game as stored now (with its pending challenge, if open)."""
        return await self._fresh_info(_check_game_id(game_id))

    async def view(self, game_id: int, user_id: int | None = None) -> dict[str, Any]:
        """The current position as the user may see it (their own hand in full if seated; otherwise a
        spectator's view). A dict in the engine's position format (see README), for renderers."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            live = await self._live_fresh(game_id)
            if live.state is None:
                self._require(live.record, GameStatus.ACTIVE)
                raise ServiceError(ErrorCode.NOT_STARTED, game_id=game_id)
            seat = live.record.seat_of(user_id) if user_id is not None else None
            if seat is not None:
                self._shown.shown(game_id, seat.seat, live.state)
            return self.rules.view(live.state, seat.seat if seat is not None else None)

    async def legal_actions(self, game_id: int, user_id: int) -> tuple[Legal, ...]:
        """What the user may do now (empty when it is not their decision): for buttons and autocomplete."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            live = await self._live_fresh(game_id)
            self._require(live.record, GameStatus.ACTIVE)
            seat = self._seat_of(live.record, user_id)
            state = live.state
            assert state is not None
            if state.current_player != seat.seat:
                return ()
            self._shown.shown(game_id, seat.seat, state)
            followup = self.rules.is_followup(state)
            return tuple(
                Legal(
                    self.rules.text(a, public=False),
                    self.rules.text(a, public=True),
                    a.kind,
                    followup,
                    ply=state.ply,
                )
                for a in state.legal_actions()
            )

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
        game_id = _check_game_id(game_id)
        with self._storage_errors(game_id):
            record = await self.storage.get_game(game_id)
            entries = await self.storage.action_log(game_id, max(0, from_ply), limit)
        viewer = record.seat_of(viewer_id) if viewer_id is not None else None
        viewer_seat = viewer.seat if viewer is not None else None
        seats = {s.seat: s for s in record.seats}
        out = []
        for e in entries:
            who = seats.get(e.seat) if e.seat is not None else None
            text = (
                e.notation
                if e.seat is not None and e.seat == viewer_seat
                else self.rules.public_text(e.notation)
            )
            out.append(
                LogEntry(
                    ply=e.ply,
                    seat=e.seat,
                    user_id=who.user_id if who is not None else None,
                    name=who.display_name if who is not None else "",
                    text=text,
                    at=e.created_at,
                )
            )
        return out

    async def replay_frames(self, game_id: int) -> list[Frame]:
        """The frames of a FINISHED game's replay, built here from the seed and the log so that nothing
        outside the service needs either: spectator views (no seed, no RNG state, no hidden coin) and
        public actions, sampled for long games (see `collect_frames`). Refused (``not_finished``) for a
        game still open or running, and for a cancelled one."""
        game_id = _check_game_id(game_id)
        with self._storage_errors(game_id):
            record = await self.storage.get_game(game_id)
        if record.status is not GameStatus.FINISHED:
            if record.status is GameStatus.ABORTED:
                raise self._status_error(game_id, record.status)
            raise ServiceError(ErrorCode.NOT_FINISHED, "error.log_not_finished", game_id=game_id)
        with self._storage_errors(game_id):
            entries = await self.storage.action_log(game_id, 0, None)
        texts = [e.notation for e in entries]
        options = GameOptions.from_dict(record.options)

        def build() -> list[Frame]:
            return self.rules.replay_frames(self.rules.new_state(options, record.seed), texts)

        async with self._replays:
            try:
                return await asyncio.to_thread(build)
            except (GameError, ValueError) as exc:
                log.error("game %s: the action log does not replay: %s", game_id, exc)
                raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=game_id) from exc

    async def state_at(self, game_id: int, ply: int | None = None) -> dict[str, Any]:
        """A spectator's view of the position after ``ply`` actions (None: now), for replays. Rebuilt from
        the nearest snapshot at or before it (or the seed) plus the logged actions."""
        game_id = _check_game_id(game_id)
        with self._storage_errors(game_id):
            record = await self.storage.get_game(game_id)
        if record.started_at is None:
            self._require(record, GameStatus.ACTIVE)
            raise ServiceError(ErrorCode.NOT_STARTED, game_id=game_id)
        if ply is None:
            ply = record.ply_count
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= record.ply_count:
            raise ServiceError(ErrorCode.BAD_PLY, game_id=game_id, last=record.ply_count)
        options = GameOptions.from_dict(record.options)
        with self._storage_errors(game_id):
            snap = await self.storage.snapshot_at_or_before(game_id, ply)
        state = None
        if snap is not None and snap.ply > 0:
            try:
                state = self.rules.restore(snap.state_json)
                if state.ply != snap.ply or state.options != self.rules.engine_options(options, record.seed):
                    state = None
            except Exception:  # only a cache: replay from the seed instead
                state = None
        if state is None:
            state = self.rules.new_state(options, record.seed)
        if ply > state.ply:
            with self._storage_errors(game_id):
                entries = await self.storage.action_log(game_id, state.ply, ply - state.ply)
            try:
                self.rules.replay(state, [e.notation for e in entries])
            except (GameError, ValueError) as exc:
                log.error("game %s: the action log does not replay: %s", game_id, exc)
                raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=game_id) from exc
        if state.ply != ply:
            raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=game_id)
        return self.rules.view(state, None)

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
        games = tuple(self._info(r) for r in records)
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
        with self._storage_errors():
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
        with self._storage_errors():
            records = await self.storage.list_games_for_guild(
                guild_id, statuses=self._statuses(status), limit=self._check_page(limit), before=before
            )
        return self._page(records, limit)

    @checks_ids("guild_id")
    async def open_challenges(self, guild_id: int, *, limit: int = 25) -> list[GameInfo]:
        """Open games in a server with seats anyone may take, newest first."""
        with self._storage_errors():
            challenges = await self.storage.list_open_challenges(guild_id, limit=self._check_page(limit))
            return [self._info(await self.storage.get_game(c.game_id), c) for c in challenges]

    @checks_ids("user_id")
    async def challenges_for_user(self, user_id: int) -> list[GameInfo]:
        """Open games the user created or is invited to, newest first."""
        with self._storage_errors():
            challenges = await self.storage.list_challenges_for_user(user_id)
            return [self._info(await self.storage.get_game(c.game_id), c) for c in challenges]

    @checks_ids("user_id", "guild_id")
    async def record(
        self, user_id: int, guild_id: int | None = None, *, rated_only: bool = False
    ) -> PlayerRecord:
        """Games, wins, losses and draws over finished games: overall and, if ``guild_id`` is given, there."""
        with self._storage_errors():
            overall = await self.storage.record_for_user(user_id, rated_only=rated_only)
            server = (
                await self.storage.record_for_user(user_id, guild_id, rated_only=rated_only)
                if guild_id is not None
                else None
            )

        def stats(r: Any) -> PlayerStats:
            return PlayerStats(games=r.games, wins=r.wins, losses=r.losses, draws=r.draws)

        return PlayerRecord(
            user_id=user_id,
            overall=stats(overall),
            guild_id=guild_id,
            server=stats(server) if server is not None else None,
        )

    # --- bookkeeping for the adapter (threads, DMs, messages, settings) --------------------------------

    @checks_ids("thread_id")
    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Record the thread (or channel) the game is played in."""
        game_id = _check_game_id(game_id)
        async with self._locks.hold(game_id):
            self._cache.pop(game_id, None)
            with self._storage_errors(game_id):
                await self.storage.set_thread(game_id, thread_id)

    @checks_ids("thread_id")
    async def find_game_by_thread(self, thread_id: int) -> GameInfo | None:
        """The latest game played in this thread, if any."""
        with self._storage_errors():
            record = await self.storage.find_game_by_thread(thread_id)
        return self._info(record) if record is not None else None

    @checks_ids("user_id", "game_id")
    async def set_dm_reachable(
        self, user_id: int, reachable: bool | None, *, game_id: int | None = None
    ) -> int:
        """Whether the bot can DM the user (e.g. False after Discord's 50007); in one game or all current
        games. Returns the number of seats updated."""
        with self._storage_errors(game_id):
            count = await self.storage.set_dm_reachable(user_id, reachable, game_id=game_id)
        for live in self._cache.values():  # seats are cached with the game; refresh them on next use
            if live.record.seat_of(user_id) is not None:
                live.record = replace(
                    live.record,
                    seats=tuple(
                        replace(s, dm_reachable=reachable)
                        if s.user_id == user_id and (game_id is None or live.record.id == game_id)
                        else s
                        for s in live.record.seats
                    ),
                )
        return count

    @checks_ids("message_id", "channel_id")
    async def remember_message(
        self,
        game_id: int,
        kind: str,
        message_id: int,
        *,
        channel_id: int | None = None,
        seat: int | None = None,
    ) -> None:
        """Remember a message the adapter posted for the game ("board", a seat's "hand", ...)."""
        game_id = _check_game_id(game_id)
        with self._storage_errors(game_id):
            await self.storage.set_message_ref(game_id, kind, message_id, channel_id=channel_id, seat=seat)

    @checks_ids("game_id")
    async def message(self, game_id: int, kind: str, seat: int | None = None) -> MessageRef | None:
        with self._storage_errors(game_id):
            return await self.storage.get_message_ref(game_id, kind, seat)

    @checks_ids("message_id")
    async def find_message(self, message_id: int) -> MessageRef | None:
        """Which game (and kind, seat) a remembered message belongs to."""
        with self._storage_errors():
            return await self.storage.find_message_ref(message_id)

    @checks_ids("user_id")
    async def user_settings(self, user_id: int) -> dict[str, Any]:
        with self._storage_errors():
            return await self.storage.get_user_settings(user_id)

    @checks_ids("user_id")
    async def update_user_settings(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Merge settings (e.g. ``{"locale": "fa"}``); a None value removes a key."""
        with self._storage_errors():
            return await self.storage.update_user_settings(user_id, changes)

    @checks_ids("guild_id")
    async def server_settings(self, guild_id: int) -> dict[str, Any]:
        with self._storage_errors():
            return await self.storage.get_guild_settings(guild_id)

    @checks_ids("guild_id")
    async def update_server_settings(self, guild_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        with self._storage_errors():
            return await self.storage.update_guild_settings(guild_id, changes)

    @checks_ids("user_id", "guild_id")
    async def locale_for(
        self, user_id: int, guild_id: int | None = None, fallback: str | None = None
    ) -> str | None:
        """The locale to talk to a user in: their setting, else the server's, else ``fallback`` (e.g. the
        Discord client's locale)."""
        settings = await self.user_settings(user_id)
        if settings.get("locale"):
            return str(settings["locale"])
        if guild_id is not None:
            server = await self.server_settings(guild_id)
            if server.get("locale"):
                return str(server["locale"])
        return fallback


__all__ = ["GameService"]
