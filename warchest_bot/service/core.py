"""The service core that every part of `GameService` stands on: the live-game cache, per-game locks,
storage error translation, committing (with the outbox rows and the publisher hook) and the shared checks
and conversions. The parts (`lobby`, `play`, `history`, `accounts`) and the sibling services (`undo`,
`clocks`, `correspondence`) use only its public names.

The guarantees of `GameService` that rest on the core:
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
from collections import OrderedDict
from collections.abc import Generator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from ..games import DEFAULT_KIND, UnknownGameError
from ..storage import (
    ChallengeRecord,
    Conflict,
    GameEnd,
    GameNotFound,
    GameRecord,
    GameStatus,
    HealthCounts,
    LoadedGame,
    PlyConflict,
    Repository,
    SeatConflict,
    SeatRecord,
    StatusConflict,
    StorageBusy,
    StorageDamaged,
    StorageError,
    TypedActionStale,
    open_storage,
)
from .errors import ErrorCode, ServiceError
from .limits import Limits
from .positions import ShownPositions
from .publication import OutboxKind, Publisher
from .results import GameInfo, GameOver, SeatInfo
from .rules import GameRules, State
from .turns import TurnSoFar, replay_turn

log = logging.getLogger(__name__)

_INT64_MAX = 2**63 - 1


@dataclass
class Live:
    """A cached game: its record (seats, status) and, once started, its committed state and the turn under
    way (None: not known yet, `ServiceCore.turn_of` rebuilds it from the log)."""

    record: GameRecord
    state: State | None
    turn: TurnSoFar | None = None


class GameListener(Protocol):
    """Told about turn changes and game ends *inside* the committing transaction (so whatever it writes
    through the service's storage commits together with the change); see `GameService.listeners`."""

    async def turn_changed(self, game_id: int, ply: int, seat: int | None) -> None:
        """Game ``game_id`` is at ``ply`` and ``seat`` must decide now (a game that just started too)."""

    async def game_ended(self, game_id: int) -> None:
        """Game ``game_id`` was finished or aborted (read it from storage: the change is visible)."""


class _Slot:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class _Hold:
    """Holding one game's lock (a plain class: it is entered on every request, and a generator-based
    context manager costs several times as much)."""

    __slots__ = ("_slots", "_game_id", "_slot")

    def __init__(self, slots: dict[int, _Slot], game_id: int) -> None:
        self._slots, self._game_id = slots, game_id

    async def __aenter__(self) -> None:
        slot = self._slots.get(self._game_id)
        if slot is None:
            slot = self._slots[self._game_id] = _Slot()
        slot.users += 1
        self._slot = slot
        try:
            await slot.lock.acquire()
        except BaseException:  # cancelled while waiting: no longer a user
            self._leave()
            raise

    async def __aexit__(self, *exc_info: object) -> None:
        self._slot.lock.release()
        self._leave()

    def _leave(self) -> None:
        slot = self._slot
        slot.users -= 1
        if slot.users == 0:
            del self._slots[self._game_id]


class _GameLocks:
    """One asyncio.Lock per game id, created on first use and dropped when nobody holds or awaits it."""

    def __init__(self) -> None:
        self._slots: dict[int, _Slot] = {}

    def hold(self, game_id: int) -> _Hold:
        """``async with locks.hold(game_id):`` holds that game's lock."""
        return _Hold(self._slots, game_id)

    def __len__(self) -> int:
        return len(self._slots)


S = TypeVar("S", bound="ServiceCore")


class _Opening(Generic[S]):
    """What `GameService.open()` returns: await it, or `async with GameService.open(path) as service`."""

    def __init__(self, cls: type[S], path: Path | str, kwargs: dict[str, Any]) -> None:
        self._cls, self._path, self._kwargs = cls, path, kwargs
        self._service: S | None = None

    async def _open(self) -> S:
        storage_kw = {
            k: self._kwargs.pop(k) for k in ("clock", "fsync_commits", "busy_timeout") if k in self._kwargs
        }
        storage = await open_storage(self._path, **storage_kw)
        return self._cls(storage, owns_storage=True, **self._kwargs)

    def __await__(self) -> Generator[Any, None, S]:
        return self._open().__await__()

    async def __aenter__(self) -> S:
        self._service = await self._open()
        return self._service

    async def __aexit__(self, *exc_info: object) -> None:
        if self._service is not None:
            await self._service.close()


def check_game_id(game_id: object) -> int:
    """A valid game id, or `ServiceError` ``unknown_game``."""
    if isinstance(game_id, bool) or not isinstance(game_id, int) or not 0 < game_id <= _INT64_MAX:
        raise ServiceError(ErrorCode.UNKNOWN_GAME, game_id=game_id)
    return game_id


def seat_info(s: SeatRecord) -> SeatInfo:
    """A stored seat as the adapter sees it."""
    return SeatInfo(
        seat=s.seat,
        team=s.team,
        user_id=s.user_id,
        name=s.display_name,
        outcome=None if s.outcome is None else str(s.outcome),
        dm_reachable=s.dm_reachable,
        ai_level=s.ai_level or s.autopilot,
        autopilot=s.autopilot is not None,
    )


class ServiceCore:
    """What the parts of `GameService` share (see the module docstring). Its public helpers are for the
    service's own modules (the parts, `undo`, `clocks`, `correspondence`); the adapter uses the parts'."""

    def __init__(
        self,
        storage: Repository,
        *,
        rules: GameRules | None = None,
        cache_size: int = 256,
        snapshot_every: int = 50,
        owns_storage: bool = False,
        limits: Limits | None = None,
    ) -> None:
        if cache_size < 1 or snapshot_every < 1:
            raise ValueError("cache_size and snapshot_every must be positive")
        self.storage = storage
        self.rules = rules or GameRules.of(DEFAULT_KIND)
        """The rules of the game new challenges are of; a stored game's are `rules_of` its record."""
        self._rules: dict[str, GameRules] = {self.rules.kind: self.rules}
        self.cache_size = cache_size
        self.snapshot_every = snapshot_every
        self._owns_storage = owns_storage
        self.limits = limits if limits is not None else Limits()
        """Per-user limits on new games and how long a challenge waits (`Limits`)."""
        self._cache: OrderedDict[int, Live] = OrderedDict()
        self._locks = _GameLocks()
        self.replay_slot = asyncio.Semaphore(1)  # replays are heavy: one built at a time
        self.positions = ShownPositions(
            self.storage
        )  # what each seat last saw: typed actions count as chosen on it
        self.listeners: list[GameListener] = []
        """Correspondence play (clocks, ratings) hooks in here; see `GameListener`."""
        self.publisher: Publisher | None = None
        """Told after each commit that wrote outbox rows (see `publication`); the adapter delivers them."""
        self.claimant: str | None = None
        """The running bot's holder (`storage.running_holder`): outbox rows written by this service are claimed
        by it, so that the bot that committed them delivers them and no other process does meanwhile."""

    @classmethod
    def open(cls: type[S], path: Path | str, **kwargs: Any) -> _Opening[S]:
        """Open the database at ``path`` and a service over it. Keyword arguments go to the service
        (``cache_size``, ``snapshot_every``) or the storage (``clock``, ``fsync_commits``, ``busy_timeout``)."""
        return _Opening(cls, path, dict(kwargs))

    async def close(self) -> None:
        """Drop the cache and, if the service opened the storage, close it."""
        self._cache.clear()
        if self._owns_storage:
            await self.storage.close()

    async def __aenter__(self: S) -> S:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # --- locking and the cache -----------------------------------------------------------------------

    def locked(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Hold the game's lock (for maintenance such as a timeout sweep that must see the game unchanged):
        ``async with service.locked(game_id):``. Do not call this service's methods for the same game
        inside: the lock is not re-entrant."""
        return self._locks.hold(game_id)

    def forget(self, game_id: int | None = None) -> None:
        """Drop cached states: one game's, or all (the next request reloads from the database)."""
        if game_id is None:
            self._cache.clear()
        else:
            self._cache.pop(game_id, None)

    def is_cached(self, game_id: int) -> bool:
        return game_id in self._cache

    def cached_games(self) -> list[Live]:
        """The games in the cache (to patch what changed in their records, e.g. a seat's DM reachability)."""
        return list(self._cache.values())

    async def health(self) -> HealthCounts:
        """Active games, announcements owed and timers due (the operator's status line)."""
        with self.storage_errors():
            return await self.storage.health_counts()

    def lock_count(self) -> int:
        """How many games have a lock held or awaited now (idle locks are dropped)."""
        return len(self._locks)

    @contextmanager
    def storage_errors(self, game_id: int | None = None, seat: int | None = None) -> Iterator[None]:
        """Turn storage errors into ServiceErrors. Conflicts mean the stored game is not what this service
        saw (another process acted, or the game changed under a cached view): nothing was written."""
        try:
            yield
        except GameNotFound as exc:
            raise ServiceError(ErrorCode.UNKNOWN_GAME, game_id=game_id) from exc
        except PlyConflict as exc:
            raise ServiceError(ErrorCode.STALE, game_id=game_id, ply=exc.expected) from exc
        except TypedActionStale as exc:  # see `positions`
            message = "error.stale_new_hand" if exc.reason == "new_hand" else "error.stale_typed"
            raise ServiceError(ErrorCode.STALE, message, game_id=game_id, ply=exc.ply) from exc
        except StatusConflict as exc:
            raise self.status_error(game_id, GameStatus(exc.status)) from exc
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

    async def live(self, game_id: int) -> Live:
        """The cached game, loading it on a miss. Call with the game's lock held."""
        live = self._cache.get(game_id)
        if live is not None:
            self._cache.move_to_end(game_id)
            return live
        with self.storage_errors(game_id):
            loaded = await self.storage.load_game(game_id)
        self.rules_of(loaded.game)  # refuse a game of a kind this bot does not know
        state = self._rebuild(loaded) if loaded.game.started_at is not None else None
        live = Live(loaded.game, state)
        self._cache[game_id] = live
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return live

    async def live_at(self, game_id: int, expected_ply: int | None) -> Live:
        """The cached game, reloaded first if the request has seen a later ply than the cache (another
        process appended to the shared database): then a correct request is not refused as stale. A request
        that carries no ply (a typed action) is meant for the game as it is now: checked like `live_fresh`."""
        if expected_ply is None:
            return await self.live_fresh(game_id)
        live = await self.live(game_id)
        if (
            isinstance(expected_ply, int)
            and expected_ply > live.record.ply_count
            and live.record.status is GameStatus.ACTIVE
        ):
            self._cache.pop(game_id, None)
            live = await self.live(game_id)
        return live

    async def live_fresh(self, game_id: int) -> Live:
        """The cached game after checking (one small read) that no other process changed it since."""
        live = self._cache.get(game_id)
        if live is not None:
            with self.storage_errors(game_id):
                stored = await self.storage.get_game(game_id)
            if stored.ply_count != live.record.ply_count or stored.status is not live.record.status:
                self._cache.pop(game_id, None)
        return await self.live(game_id)

    def rules_of(self, record: GameRecord) -> GameRules:
        """The rules of the stored game's ``kind`` (`ServiceError` "unknown_game" for a kind this bot does
        not know, e.g. a row written by a newer bot)."""
        try:
            return self.rules_for(record.kind)
        except UnknownGameError as exc:
            raise ServiceError(ErrorCode.UNKNOWN_GAME, game_id=record.id) from exc

    def rules_for(self, kind: str) -> GameRules:
        """The rules of the game registered as ``kind``; `warchest_bot.games.UnknownGameError` for others
        (a new game's kind is checked with `rules_for_new`)."""
        rules = self._rules.get(kind)
        if rules is None:
            rules = self._rules[kind] = GameRules.of(kind)
        return rules

    def rules_for_new(self, kind: str) -> GameRules:
        """The rules of a new game of ``kind``; `ServiceError` "bad_options" for a kind nobody registered."""
        try:
            return self.rules_for(kind)
        except UnknownGameError as exc:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.unknown_kind", kind=str(kind)[:40]) from exc

    def players_of(self, record: GameRecord) -> int:
        """How many seats the stored game has (its game says, from its options)."""
        return self.rules_of(record).players_of(record.options)

    async def state_after(self, record: GameRecord, ply: int) -> State:
        """The state after the first ``ply`` stored actions of a started game: from the nearest usable
        snapshot at or before it (or the seed) plus the logged actions (`ServiceError` "corrupt_game" when
        the log does not replay to it)."""
        game_id = record.id
        options = record.options
        rules = self.rules_of(record)
        with self.storage_errors(game_id):
            snap = await self.storage.snapshot_at_or_before(game_id, ply)
        state = None
        if snap is not None and snap.ply > 0:
            try:
                state = rules.restore(snap.state_json)
                if state.ply != snap.ply or not rules.fits(state, options, record.seed):
                    state = None
            except Exception:  # only a cache: replay from the seed instead
                state = None
        if state is None:
            state = rules.new_state(options, record.seed)
        if ply > state.ply:
            with self.storage_errors(game_id):
                entries = await self.storage.action_log(game_id, state.ply, ply - state.ply)
            try:
                rules.replay(state, [e.notation for e in entries])
            except ValueError as exc:  # the interface's errors of a log that does not fit
                log.error("game %s: the action log does not replay: %s", game_id, exc)
                raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=game_id) from exc
        if state.ply != ply:
            raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=game_id)
        return state

    async def turn_of(self, live: Live) -> TurnSoFar:
        """The turn under way in a live game (cached; else rebuilt from the state where it began and the
        decisions logged since, e.g. after a restart in the middle of a turn)."""
        state = live.state
        assert state is not None
        rules = self.rules_of(live.record)
        if live.turn is not None and live.turn.fits(rules, state):
            return live.turn
        start = rules.turn_start(state)
        if start == state.ply:
            turn = TurnSoFar(start, state)
        else:
            game_id = live.record.id
            first = await self.state_after(live.record, start)
            with self.storage_errors(game_id):
                entries = await self.storage.action_log(game_id, start, state.ply - start)
            try:
                turn, _ = replay_turn(rules, first, entries)
            except ValueError as exc:
                log.error("game %s: the turn under way does not replay: %s", game_id, exc)
                raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=game_id) from exc
        live.turn = turn
        return turn

    def _rebuild(self, loaded: LoadedGame) -> State:
        """The state after every stored action: from the latest usable snapshot, else from the seed."""
        record = loaded.game
        rules = self.rules_of(record)
        notations = loaded.notations
        options = record.options
        snap = loaded.snapshot
        if snap is not None and 0 < snap.ply <= len(notations):
            try:
                state = rules.restore(snap.state_json)
                if state.ply == snap.ply and rules.fits(state, options, record.seed):
                    rules.replay(state, notations[snap.ply :])
                    if state.ply == len(notations) == record.ply_count:
                        return state
                log.warning(
                    "game %s: snapshot at ply %s does not fit the log; replaying", record.id, snap.ply
                )
            except Exception as exc:  # a snapshot is only a cache: whatever is wrong with it, replay instead
                log.warning("game %s: snapshot at ply %s unusable (%s); replaying", record.id, snap.ply, exc)
        try:
            state = rules.new_state(options, record.seed)
            rules.replay(state, notations)
        except ValueError as exc:  # the interface's errors of a log that does not fit
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

    def committing(self) -> AbstractAsyncContextManager[object]:
        """One transaction around a change, its outbox rows and whatever the listeners write with it
        (``async with service.committing():``): whole (all or nothing: an error inside leaves the block and
        nothing commits, so no operation needs a savepoint of its own)."""
        return self.storage.transaction(whole=True)

    async def owe(self, game_id: int, ply: int, kind: str, payload: dict[str, Any] | None = None) -> None:
        """Write an outbox row (inside the committing transaction): see `publication`."""
        await self.storage.owe_outbox(game_id, ply, str(kind), payload, claimed_by=self.claimant)

    async def owe_hands(
        self,
        game_id: int,
        ply: int,
        seats: Iterable[int],
        *,
        retry: bool = False,
        decide: int | None = None,
        quiet: bool = False,
    ) -> None:
        """One ``hands`` row per seat (one DM each, so a retry never repeats a DM that went out);
        ``decide``: the seat that must decide now (pinged in the game's place when its DM fails), ``quiet``:
        no board post pinged it (see `publication`)."""
        for seat in sorted(set(seats)):
            payload: dict[str, Any] = {"seats": [seat]}
            if retry:
                payload["retry"] = True
            if seat == decide:
                payload["decide"] = True
                if quiet:
                    payload["quiet"] = True
            await self.owe(game_id, ply, OutboxKind.HANDS, payload)

    async def owe_start(self, game_id: int, seats: Sequence[int], first: int | None) -> None:
        await self.owe(game_id, 0, OutboxKind.START, {"next": first})
        await self.owe_hands(game_id, 0, seats, retry=True)

    def announce(self, game_id: int) -> None:
        """After a commit that wrote outbox rows: wake the publisher (the rows are safe in the database)."""
        if self.publisher is None:
            return
        try:
            self.publisher.announce(game_id)
        except Exception:  # delivery resumes from the database anyway
            log.exception("game %s: the publisher failed to take an announcement", game_id)

    async def tell_turn_changed(
        self, game_id: int, ply: int, seat: int | None, *, continues: bool = False
    ) -> None:
        """Tell the listeners that ``seat`` decides at ``ply``; ``continues``: it is the same seat's follow-up
        within its turn (a game such as War Chest makes every decision a turn of its own), told to a
        listener that has ``turn_continued`` through that instead (a clock gives no increment for it)."""
        for listener in self.listeners:
            continued = getattr(listener, "turn_continued", None) if continues else None
            if continued is not None:
                await continued(game_id, ply, seat)
            else:
                await listener.turn_changed(game_id, ply, seat)

    async def tell_game_ended(self, game_id: int) -> None:
        for listener in self.listeners:
            await listener.game_ended(game_id)

    # --- shared checks and conversions ---------------------------------------------------------------

    async def active_seat(self, game_id: int, user_id: int) -> tuple[Live, SeatRecord]:
        """The active game (fresh: reloaded if another process changed it) and the user's seat in it;
        `ServiceError` if the game is not active or the user is not seated. Call with the game's lock held
        (`locked`)."""
        live = await self.live_fresh(game_id)
        self.require(live.record, GameStatus.ACTIVE)
        return live, self.seat_of(live.record, user_id)

    @staticmethod
    def status_error(game_id: int | None, status: GameStatus) -> ServiceError:
        if status is GameStatus.OPEN:
            return ServiceError(ErrorCode.NOT_STARTED, game_id=game_id)
        if status is GameStatus.ACTIVE:
            return ServiceError(ErrorCode.ALREADY_STARTED, game_id=game_id)
        if status is GameStatus.ABORTED:
            return ServiceError(ErrorCode.GAME_OVER, "error.game_aborted", game_id=game_id)
        return ServiceError(ErrorCode.GAME_OVER, game_id=game_id)

    async def finished_record(self, game_id: int, not_finished: str) -> GameRecord:
        """The stored record of a FINISHED game; a cancelled one is refused as over, one still open or
        running with the message ``not_finished`` (code ``not_finished``)."""
        with self.storage_errors(game_id):
            record = await self.storage.get_game(game_id)
        if record.status is not GameStatus.FINISHED:
            if record.status is GameStatus.ABORTED:
                raise self.status_error(game_id, record.status)
            raise ServiceError(ErrorCode.NOT_FINISHED, not_finished, game_id=game_id)
        return record

    def require(self, record: GameRecord, *allowed: GameStatus) -> None:
        if record.status not in allowed:
            raise self.status_error(record.id, record.status)

    @staticmethod
    def seat_of(record: GameRecord, user_id: int) -> SeatRecord:
        seat = record.seat_of(user_id) if isinstance(user_id, int) else None
        if seat is None:
            raise ServiceError(ErrorCode.NOT_SEATED, game_id=record.id)
        return seat

    @staticmethod
    def seat_name(record: GameRecord, seat: int | None) -> str:
        found = next((s for s in record.seats if s.seat == seat), None)
        return found.display_name if found is not None else "?"

    def game_over_of(self, record: GameRecord) -> GameOver | None:
        if not record.status.is_over:
            return None
        result = record.result or {}
        by_seat = result.get("by_seat")
        winners: tuple[SeatInfo, ...] = ()
        losers: tuple[SeatInfo, ...] = ()
        if record.winner_team is not None:
            winners = tuple(seat_info(s) for s in record.seats if s.team == record.winner_team)
            losers = tuple(seat_info(s) for s in record.seats if s.team != record.winner_team)
        elif record.status is GameStatus.FINISHED:  # a forfeit among several teams: its team lost
            losers = tuple(
                seat_info(s) for s in record.seats if s.outcome is not None and s.outcome == "loss"
            )
        return GameOver(
            game_id=record.id,
            reason=record.end_reason or "aborted",
            winner_team=record.winner_team,
            winners=winners,
            losers=losers,
            by_seat=by_seat,
            by_name=result.get("by_name")
            or (self.seat_name(record, by_seat) if by_seat is not None else None),
            aborted=record.status is GameStatus.ABORTED,
            params=self._result_params(record, result),
        )

    def _result_params(self, record: GameRecord, result: dict[str, Any]) -> dict[str, Any]:
        try:
            return self.rules_for(record.kind).result_params(record.options, result)
        except UnknownGameError:  # a listing may show a game of a kind this bot does not know
            return {}

    def _seat_count(self, record: GameRecord) -> int:
        try:
            return self.rules_for(record.kind).players_of(record.options)
        except (UnknownGameError, ValueError, TypeError):  # listings still show a game they cannot play
            return max([len(record.seats), *(s.seat + 1 for s in record.seats)])

    def info_of(self, record: GameRecord, challenge: ChallengeRecord | None = None) -> GameInfo:
        to_act = None
        if record.status is GameStatus.ACTIVE and record.turn_seat is not None:
            to_act = next((seat_info(s) for s in record.seats if s.seat == record.turn_seat), None)
        return GameInfo(
            id=record.id,
            kind=record.kind,
            status=record.status.value,
            options=dict(record.options),
            players=self._seat_count(record),
            rated=record.rated,
            seats=tuple(seat_info(s) for s in record.seats),
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
            over=self.game_over_of(record),
            invited=challenge.invited_user_ids if challenge is not None else (),
            open_seats=challenge.open_seats if challenge is not None else 0,
        )

    async def fresh_info(self, game_id: int) -> GameInfo:
        with self.storage_errors(game_id):
            record = await self.storage.get_game(game_id)
            challenge = (
                await self.storage.get_challenge(game_id) if record.status is GameStatus.OPEN else None
            )
        return self.info_of(record, challenge)

    def remember(self, record: GameRecord, state: State | None) -> None:
        self._cache[record.id] = Live(record, state)
        self._cache.move_to_end(record.id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    # --- ending (for every part that ends a game) ------------------------------------------------------

    async def forfeit(self, live: Live, seat: SeatRecord, reason: str) -> GameInfo:
        """``seat``'s team forfeits the live game (``reason``: "resign", "timeout"): it loses; the winner
        is the game's `forfeit_winner` (with two teams the other team; with more, by default the one team
        left if only one is, else nobody: the forfeiting team loses and the others draw). Caller holds the
        lock and has checked that the forfeit is allowed."""
        record = live.record
        rules = self.rules_of(record)
        data = rules.result_data(live.state) if live.state is not None else {}
        return await self.end_game(
            record,
            reason,
            seat.seat,
            seat.display_name,
            winner_team=rules.forfeit_winner([s.team for s in record.seats], seat.team),
            forfeit_team=seat.team,
            aborted=False,
            data=data,
        )

    async def end_game(
        self,
        record: GameRecord,
        reason: str,
        by_seat: int | None,
        by_name: str | None,
        *,
        winner_team: int | None = None,
        aborted: bool = True,
        data: dict[str, Any] | None = None,
        forfeit_team: int | None = None,
    ) -> GameInfo:
        """Finish or cancel a game (caller holds the lock and has checked the rules). ``forfeit_team``:
        the team that resigned or timed out; when nobody wins (more than two teams) it alone loses and the
        others draw."""
        result: dict[str, Any] = {"reason": reason, "winner": winner_team, **(data or {})}
        if by_seat is not None:
            result["by_seat"] = by_seat
        if by_name is not None:
            result["by_name"] = by_name
        loser = forfeit_team if winner_team is None and not aborted else None
        end = GameEnd(
            reason=reason, winner_team=winner_team, result=result, aborted=aborted, loser_team=loser
        )
        self._cache.pop(record.id, None)
        with self.storage_errors(record.id):
            async with self.committing():
                await self.storage.finish_game(record.id, end, expected_ply=record.ply_count)
                await self.tell_game_ended(record.id)
                if record.started_at is not None or reason == "cancelled":
                    # A declined or expired challenge only has its message edited (by the adapter).
                    await self.owe(record.id, record.ply_count, OutboxKind.END)
        self.announce(record.id)
        return await self.fresh_info(record.id)


__all__ = ["GameListener", "Live", "ServiceCore", "check_game_id", "seat_info"]
