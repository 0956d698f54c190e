"""`Storage`: the SQLite (aiosqlite) implementation of the game repository.

Durability. The file runs in WAL mode with `synchronous=NORMAL`. A commit is acknowledged (the awaited
call returns) only after SQLite has `write()`n the transaction's pages and its commit record into the
`-wal` file; NORMAL merely skips the `fsync()` at that point (it still syncs at checkpoints). Data that has
been written is in the operating system's page cache, which belongs to the kernel, not to the process, so
killing the process (SIGKILL, OOM killer, crash) cannot lose it: the next open replays the WAL up to the last
complete commit record and ignores any torn tail. What NORMAL can lose is the last few commits on an
operating-system crash or power cut (the database stays consistent, never corrupt); SQLite documents
this ("transactions are durable across application crashes regardless of the synchronous setting",
https://www.sqlite.org/pragma.html#pragma_synchronous) and tests/storage/test_storage_crash.py checks it
with SIGKILL. Pass
`fsync_commits=True` (`synchronous=FULL`) to survive power loss as well, at the price of one fsync per
commit (milliseconds on most disks).

Concurrency. Writes go through one write connection per `Storage`; aiosqlite runs its calls on one
thread, and an `asyncio.Lock` keeps each operation's statements together, so two coroutines never share a
transaction. Every write runs in `BEGIN IMMEDIATE` (takes the file's write lock up front, so a second
process waits up to the busy timeout instead of failing mid-transaction). `transaction()` groups several
operations into one commit. Reads outside `transaction()` use a small pool of read-only connections
(`query_only`): in WAL mode a reader sees the last commit and never waits for a writer, in this process or
another, so a long or blocked write stalls no read of another game. (An in-memory database has one
connection only, so there reads share the write connection and its lock.)
"""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from .correspondence import CorrespondenceRepository
from .errors import (
    ChallengeConflict,
    Conflict,
    GameNotFound,
    PlyConflict,
    SeatConflict,
    StatusConflict,
    StorageBusy,
    StorageDamaged,
    StorageError,
)
from .lease import LeaseRepository
from .meta import MetaRepository
from .migrations import MIGRATIONS, check_usable, migrate
from .outbox import OutboxRepository
from .records import (
    ActionRecord,
    ChallengeRecord,
    GameEnd,
    GameRecord,
    GameStatus,
    LoadedGame,
    MessageRef,
    NewSeat,
    Outcome,
    PlayerRecord,
    SeatRecord,
    Snapshot,
)

Clock = Callable[[], datetime]
"""Returns the current time as an aware UTC datetime; injected so tests control time."""

DEFAULT_PATH = Path("data") / "warchest.sqlite3"

_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1
_MAX_PAGE = 500
_WHOLE_GAME_SEAT = -1  # message_refs.seat for references that belong to no particular seat

_GAME_COLUMNS = (
    "id",
    "kind",
    "status",
    "guild_id",
    "channel_id",
    "thread_id",
    "created_by",
    "options",
    "seed",
    "rated",
    "ply_count",
    "turn_seat",
    "created_at",
    "updated_at",
    "started_at",
    "finished_at",
    "winner_team",
    "end_reason",
    "result",
)
_GAME_SELECT = ", ".join(f"g.{c}" for c in _GAME_COLUMNS)
_SEAT_SELECT = "game_id, seat, user_id, display_name, team, ai_level, dm_reachable, joined_at, outcome"
_CHALLENGE_SELECT = "c.game_id, c.challenger_id, c.open_seats, c.channel_id, c.message_id, c.created_at, c.expires_at, g.guild_id"
# The only tables settings can live in; identifiers are never taken from callers.
_SETTINGS_TABLES = {"user": ("user_settings", "user_id"), "guild": ("guild_settings", "guild_id")}


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


# --- conversions -------------------------------------------------------------------------------------


def _to_unix(moment: datetime) -> int:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass a timezone-aware (UTC) datetime")
    return math.floor(moment.timestamp())


def _from_unix(value: int | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def _dump_json(value: Mapping[str, Any], what: str) -> str:
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} must be a mapping (a JSON object), not {type(value).__name__}")
    try:
        return json.dumps(
            dict(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} is not JSON-serialisable: {exc}") from exc


def _load_json(text: str | None) -> dict[str, Any] | None:
    return None if text is None else json.loads(text)


def _check_int64(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int")
    if not _INT64_MIN <= value <= _INT64_MAX:
        raise ValueError(f"{what} {value} does not fit in 64 signed bits (use e.g. secrets.randbits(63))")
    return value


def _check_limit(limit: int) -> int:
    if not 1 <= limit <= _MAX_PAGE:
        raise ValueError(f"limit must be between 1 and {_MAX_PAGE}")
    return limit


def _statuses(statuses: GameStatus | str | Iterable[GameStatus | str] | None) -> tuple[str, ...] | None:
    if statuses is None:
        return None
    if isinstance(statuses, str):
        statuses = (statuses,)
    values = tuple(dict.fromkeys(GameStatus(s).value for s in statuses))
    if not values:
        raise ValueError("statuses must not be empty (pass None for all)")
    return values


def _marks(count: int) -> str:
    return ", ".join("?" * count)


def _seat_from_row(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(
        seat=row[1],
        user_id=row[2],
        display_name=row[3],
        team=row[4],
        ai_level=row[5],
        dm_reachable=None if row[6] is None else bool(row[6]),
        joined_at=_from_unix(row[7]),  # type: ignore[arg-type]
        outcome=None if row[8] is None else Outcome(row[8]),
    )


def _game_from_row(row: Sequence[Any], seats: tuple[SeatRecord, ...]) -> GameRecord:
    r = dict(zip(_GAME_COLUMNS, row, strict=True))
    return GameRecord(
        id=r["id"],
        kind=r["kind"],
        status=GameStatus(r["status"]),
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        created_by=r["created_by"],
        options=json.loads(r["options"]),
        seed=r["seed"],
        rated=bool(r["rated"]),
        ply_count=r["ply_count"],
        turn_seat=r["turn_seat"],
        created_at=_from_unix(r["created_at"]),  # type: ignore[arg-type]
        updated_at=_from_unix(r["updated_at"]),  # type: ignore[arg-type]
        started_at=_from_unix(r["started_at"]),
        finished_at=_from_unix(r["finished_at"]),
        winner_team=r["winner_team"],
        end_reason=r["end_reason"],
        result=_load_json(r["result"]),
        seats=seats,
    )


def _is_damage(exc: sqlite3.Error) -> bool:
    """SQLITE_CORRUPT (a damaged page: "database disk image is malformed") or SQLITE_NOTADB."""
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    text = str(exc)
    return (
        name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
        or "malformed" in text
        or "not a database" in text
    )


def _translate(exc: sqlite3.Error) -> StorageError:
    text = str(exc)
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return StorageBusy(f"the database is busy (locked by another process): {text}")
    if _is_damage(exc):
        return StorageDamaged(f"the database is damaged ({text}); restore it from a backup")
    return StorageError(f"database error: {text}")


class _Opening:
    """What `Storage.open()` returns: await it, or use it as `async with Storage.open(...) as storage`."""

    def __init__(self, opener: Callable[[], Any]) -> None:
        self._opener = opener
        self._storage: Storage | None = None

    def __await__(self):
        return self._opener().__await__()

    async def __aenter__(self) -> Storage:
        self._storage = await self._opener()
        return self._storage

    async def __aexit__(self, *exc_info: object) -> None:
        if self._storage is not None:
            await self._storage.close()


class Storage(CorrespondenceRepository, MetaRepository, LeaseRepository, OutboxRepository):
    """The game repository. Open with `await Storage.open(path)` or `async with Storage.open(path) as s`.

    All methods are coroutines that commit before they return (unless called inside `transaction()`), take
    and return plain values and the dataclasses of `warchest_bot.storage.records`, and raise only
    `StorageError` subclasses (plus `ValueError`/`TypeError` for malformed arguments, before touching the
    database).
    """

    def __init__(self, db: aiosqlite.Connection, path: Path | str, clock: Clock, schema_version: int) -> None:
        """Internal: use `Storage.open()`."""
        self._db: aiosqlite.Connection | None = db
        self._path = path
        self._clock = clock
        self._schema_version = schema_version
        self._lock = asyncio.Lock()
        self._tx_task: asyncio.Task[Any] | None = None
        self._readers: list[aiosqlite.Connection] = []  # read-only connections, see `_open_readers`
        self._idle_readers: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()

    # --- lifecycle -----------------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path | str = DEFAULT_PATH,
        *,
        clock: Clock = utc_now,
        fsync_commits: bool = False,
        busy_timeout: float = 5.0,
        read_connections: int = 2,
    ) -> _Opening:
        """Open (creating the file and its folder if needed) and migrate the database at `path`.

        Raises `SchemaError` if the file was written by a newer bot or is not a warchest-bot database.
        `fsync_commits=True` also makes commits survive power loss (see the module docstring).
        `read_connections` read-only connections serve reads outside `transaction()` (at least 1).
        """
        if read_connections < 1:
            raise ValueError("read_connections must be at least 1")

        async def opener() -> Storage:
            storage = await cls._open(
                path, clock=clock, fsync_commits=fsync_commits, busy_timeout=busy_timeout
            )
            if str(path) != ":memory:":
                await storage._open_readers(read_connections, busy_timeout)
            return storage

        return _Opening(opener)

    @classmethod
    async def _open(
        cls, path: Path | str, *, clock: Clock, fsync_commits: bool, busy_timeout: float
    ) -> Storage:
        in_memory = str(path) == ":memory:"
        if not in_memory:
            path = Path(path)
            path.parent.mkdir(parents=True, exist_ok=True)
        connection = aiosqlite.connect(str(path), isolation_level=None, timeout=busy_timeout)
        try:
            db = await connection
        except sqlite3.Error as exc:
            # aiosqlite stops its worker thread on its own; wait for it, or it answers a closed loop.
            thread = getattr(connection, "_thread", None)
            if thread is not None:
                await asyncio.to_thread(thread.join, 5.0)
            raise StorageError(f"cannot open database {path}: {exc}") from exc
        try:
            # Refuse a foreign or too-new file before anything writes to it (switching to WAL rewrites
            # the header of somebody else's database).
            await check_usable(db, len(MIGRATIONS))
            rows = list(await db.execute_fetchall("PRAGMA journal_mode = WAL"))
            mode = str(rows[0][0]).lower()
            if mode != "wal" and not in_memory:
                raise StorageError(f"cannot switch {path} to WAL mode (journal_mode is {mode})")
            await db.execute(f"PRAGMA synchronous = {'FULL' if fsync_commits else 'NORMAL'}")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            version = await migrate(db)
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                if _is_damage(exc):
                    raise StorageDamaged(
                        f"cannot open database {path}: the database is damaged or not an SQLite file ({exc}); "
                        "restore it from a backup"
                    ) from exc
                raise StorageError(f"cannot open database {path}: {exc}") from exc
            raise
        return cls(db, path, clock, version)

    async def _open_readers(self, count: int, busy_timeout: float) -> None:
        """Open the read-only connections `_unit(write=False)` uses outside a transaction."""
        try:
            for _ in range(count):
                reader = await aiosqlite.connect(str(self._path), isolation_level=None, timeout=busy_timeout)
                try:
                    for pragma in (
                        "query_only = ON",
                        "foreign_keys = ON",
                        f"busy_timeout = {int(busy_timeout * 1000)}",
                    ):
                        await reader.execute(f"PRAGMA {pragma}")
                except BaseException:
                    await reader.close()
                    raise
                self._readers.append(reader)
                self._idle_readers.put_nowait(reader)
        except BaseException as exc:
            await self.close()
            if isinstance(exc, sqlite3.Error):
                raise StorageError(f"cannot open database {self._path}: {exc}") from exc
            raise

    async def close(self) -> None:
        """Close the connections (idempotent). Waits for running operations to finish."""
        if self._db is None:
            return
        if self._inside_transaction():
            raise StorageError("close() called inside transaction(); leave the block first")
        async with self._lock:
            db, self._db = self._db, None
            if db is None:
                return
            readers, self._readers = self._readers, []
            for _ in readers:  # every reader back in the pool: no read is running
                await self._idle_readers.get()
            for reader in readers:
                await reader.close()
            with suppress(sqlite3.Error):
                await db.execute("PRAGMA optimize")
            await db.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def path(self) -> Path | str:
        return self._path

    @property
    def schema_version(self) -> int:
        return self._schema_version

    @property
    def is_open(self) -> bool:
        return self._db is not None

    # --- transactions --------------------------------------------------------------------------------

    def _inside_transaction(self) -> bool:
        return self._tx_task is not None and self._tx_task is asyncio.current_task()

    @staticmethod
    async def _quietly(db: aiosqlite.Connection, sql: str) -> None:
        with suppress(sqlite3.Error):
            await db.execute(sql)

    @asynccontextmanager
    async def _unit(self, *, write: bool) -> AsyncIterator[aiosqlite.Connection]:
        """One atomic operation: its own transaction, or a savepoint inside `transaction()`."""
        if self._inside_transaction():
            db = self._require_db()
            if not write:
                yield db
                return
            await db.execute("SAVEPOINT operation")
            try:
                yield db
            except BaseException as exc:
                await self._quietly(db, "ROLLBACK TO operation")
                await self._quietly(db, "RELEASE operation")
                if isinstance(exc, sqlite3.Error):
                    raise _translate(exc) from exc
                raise
            await db.execute("RELEASE operation")
            return
        if not write and self._readers:
            reader = await self._idle_readers.get()
            try:
                self._require_db()
                async with self._transaction_on(reader, "BEGIN") as db:
                    yield db
            finally:
                self._idle_readers.put_nowait(reader)
            return
        async with (
            self._lock,
            self._transaction_on(self._require_db(), "BEGIN IMMEDIATE" if write else "BEGIN") as db,
        ):
            yield db

    @asynccontextmanager
    async def _transaction_on(
        self, db: aiosqlite.Connection, begin: str
    ) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction on `db`, started with `begin`; rolled back if the block raises."""
        try:
            # A plain BEGIN for reads still gives a consistent view across several SELECTs.
            await db.execute(begin)
            yield db
            await db.execute("COMMIT")
        except BaseException as exc:
            # Queued after anything already sent, so it runs even if we were cancelled mid-way.
            await self._quietly(db, "ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise _translate(exc) from exc
            raise

    async def settled(self) -> None:
        """Wait until the write transaction running now, if any, has ended (committed or not): readers on
        the pool do not wait for writers, so a task woken from inside a transaction calls this before it
        reads what that transaction writes."""
        if not self._inside_transaction():
            async with self._lock:
                pass

    def _require_db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("storage is closed")
        return self._db

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Storage]:
        """Run several operations as one commit: `async with storage.transaction(): ...`.

        Operations inside see each other's writes; an operation that raises is undone on its own (the rest
        of the transaction stands if the caller catches the error); an exception leaving the block undoes
        everything. Other tasks wait until the block ends, so keep it short. Do not nest, and do not use
        the storage from other tasks you wait for inside the block.
        """
        if self._inside_transaction():
            raise StorageError("storage transactions do not nest")
        async with self._unit(write=True):
            self._tx_task = asyncio.current_task()
            try:
                yield self
            finally:
                self._tx_task = None

    def _now(self, at: datetime | None) -> int:
        return _to_unix(at if at is not None else self._clock())

    # --- shared helpers ------------------------------------------------------------------------------

    @staticmethod
    async def _fetch(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await db.execute_fetchall(sql, params))

    async def _game_state(self, db: aiosqlite.Connection, game_id: int) -> tuple[GameStatus, int]:
        rows = await self._fetch(db, "SELECT status, ply_count FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return GameStatus(rows[0][0]), rows[0][1]

    async def _require_status(
        self, db: aiosqlite.Connection, game_id: int, allowed: Iterable[GameStatus], operation: str
    ) -> tuple[GameStatus, int]:
        status, ply_count = await self._game_state(db, game_id)
        allowed = tuple(allowed)
        if status not in allowed:
            raise StatusConflict(game_id, status.value, (s.value for s in allowed), operation)
        return status, ply_count

    async def _seats_by_game(
        self, db: aiosqlite.Connection, game_ids: Sequence[int]
    ) -> dict[int, tuple[SeatRecord, ...]]:
        found: dict[int, list[SeatRecord]] = {gid: [] for gid in game_ids}
        if game_ids:
            rows = await self._fetch(
                db,
                f"SELECT {_SEAT_SELECT} FROM seats WHERE game_id IN ({_marks(len(game_ids))}) ORDER BY game_id, seat",
                tuple(game_ids),
            )
            for row in rows:
                found[row[0]].append(_seat_from_row(row))
        return {gid: tuple(seats) for gid, seats in found.items()}

    async def _games_from_rows(self, db: aiosqlite.Connection, rows: list[Any]) -> list[GameRecord]:
        seats = await self._seats_by_game(db, [row[0] for row in rows])
        return [_game_from_row(row, seats[row[0]]) for row in rows]

    async def _fetch_game(self, db: aiosqlite.Connection, game_id: int) -> GameRecord:
        rows = await self._fetch(db, f"SELECT {_GAME_SELECT} FROM games g WHERE g.id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return (await self._games_from_rows(db, rows))[0]

    async def _touch(self, db: aiosqlite.Connection, game_id: int, now: int) -> None:
        await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))

    # --- games ---------------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        options: Mapping[str, Any],
        seed: int,
        kind: str = "warchest",
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        created_by: int | None = None,
        rated: bool = False,
        status: GameStatus | str = GameStatus.OPEN,
        seats: Sequence[NewSeat] = (),
        turn_seat: int | None = None,
        at: datetime | None = None,
    ) -> GameRecord:
        """Create a game (status 'open' or 'active') with its seats, in one transaction; return it."""
        status = GameStatus(status)
        if status.is_over:
            raise ValueError("a game is created open or active")
        options_json = _dump_json(options, "options")
        _check_int64(seed, "seed")
        if not kind:
            raise ValueError("kind must not be empty")
        now = self._now(at)
        async with self._unit(write=True) as db:
            row = await db.execute_insert(
                "INSERT INTO games (kind, status, guild_id, channel_id, thread_id, created_by, options, seed,"
                " rated, turn_seat, created_at, updated_at, started_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    kind,
                    status.value,
                    guild_id,
                    channel_id,
                    thread_id,
                    created_by,
                    options_json,
                    seed,
                    int(bool(rated)),
                    turn_seat,
                    now,
                    now,
                    now if status is GameStatus.ACTIVE else None,
                ),
            )
            assert row is not None
            game_id = int(row[0])
            if seats:
                await self._insert_seats(db, game_id, seats, status, now, new_game=True)
            return await self._fetch_game(db, game_id)

    async def get_game(self, game_id: int) -> GameRecord:
        """The game with its seats (no actions). Raises `GameNotFound`."""
        async with self._unit(write=False) as db:
            return await self._fetch_game(db, game_id)

    async def find_game_by_thread(self, thread_id: int) -> GameRecord | None:
        """The most recent game played in this Discord thread, if any."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                f"SELECT {_GAME_SELECT} FROM games g WHERE g.thread_id = ? ORDER BY g.id DESC LIMIT 1",
                (thread_id,),
            )
            games = await self._games_from_rows(db, rows)
        return games[0] if games else None

    async def load_game(self, game_id: int) -> LoadedGame:
        """Game record, seats, the whole action log in ply order and the latest snapshot, read consistently."""
        async with self._unit(write=False) as db:
            game = await self._fetch_game(db, game_id)
            rows = await self._fetch(
                db,
                "SELECT ply, seat, notation, created_at FROM actions WHERE game_id = ? ORDER BY ply",
                (game_id,),
            )
            snap = await self._fetch(
                db, "SELECT ply, state FROM snapshots WHERE game_id = ? ORDER BY ply DESC LIMIT 1", (game_id,)
            )
        actions = tuple(ActionRecord(r[0], r[1], r[2], _from_unix(r[3])) for r in rows)  # type: ignore[arg-type]
        return LoadedGame(game, actions, Snapshot(snap[0][0], snap[0][1]) if snap else None)

    async def set_status(
        self,
        game_id: int,
        status: GameStatus | str,
        *,
        expected: GameStatus | str | Iterable[GameStatus | str] | None = None,
        turn_seat: int | None = None,
        at: datetime | None = None,
    ) -> None:
        """Start a game ('open' → 'active'), or reopen an active game that has no actions yet.

        Use `finish_game` to end a game; finished and aborted games never change status again. `expected`
        guards against races: the change is refused with `StatusConflict` unless the current status is one
        of them. Entering 'active' records `started_at` and deletes the game's challenge. `turn_seat`, when
        given, updates the whose-turn hint (None leaves it as it is).
        """
        target = GameStatus(status)
        if target.is_over:
            raise ValueError("use finish_game() to finish or abort a game")
        live = (GameStatus.OPEN, GameStatus.ACTIVE)
        allowed = [s for s in map(GameStatus, _statuses(expected) or live) if s in live]
        now = self._now(at)
        async with self._unit(write=True) as db:
            current, ply_count = await self._require_status(
                db, game_id, allowed, f"setting status {target.value}"
            )
            if target is GameStatus.OPEN and ply_count > 0:
                raise StatusConflict(game_id, current.value, ["open"], "reopening a game that has actions")
            await db.execute(
                "UPDATE games SET status = ?, updated_at = ?, turn_seat = COALESCE(?, turn_seat),"
                " started_at = CASE WHEN ? = 'active' THEN COALESCE(started_at, ?) ELSE started_at END"
                " WHERE id = ?",
                (target.value, now, turn_seat, target.value, now, game_id),
            )
            await db.execute("UPDATE seats SET game_status = ? WHERE game_id = ?", (target.value, game_id))
            if target is not GameStatus.OPEN:
                await db.execute("DELETE FROM challenges WHERE game_id = ?", (game_id,))

    async def set_options(
        self, game_id: int, options: Mapping[str, Any], *, at: datetime | None = None
    ) -> None:
        """Replace the options of a game that has not started yet."""
        options_json = _dump_json(options, "options")
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._require_status(db, game_id, (GameStatus.OPEN,), "changing options")
            await db.execute(
                "UPDATE games SET options = ?, updated_at = ? WHERE id = ?", (options_json, now, game_id)
            )

    async def set_thread(self, game_id: int, thread_id: int | None, *, at: datetime | None = None) -> None:
        """Record the Discord thread the game is played in."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._game_state(db, game_id)
            await db.execute(
                "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?", (thread_id, now, game_id)
            )

    async def delete_game(self, game_id: int) -> bool:
        """Delete a game and everything attached to it; False if it did not exist."""
        async with self._unit(write=True) as db:
            cursor = await db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            return cursor.rowcount > 0

    async def import_games(self, games: Iterable[LoadedGame]) -> int:
        """Insert complete games exactly as given (ids, times, status, seats with outcomes, actions, snapshot),
        all in one transaction; return how many. For restoring or moving data between backends, seeding
        tests and benchmarks. Raises `Conflict` if a game id already exists and `ValueError` for a game whose
        log is inconsistent (plies not 0..n-1, ply_count not n); nothing is written in either case.
        """
        game_rows: list[tuple[Any, ...]] = []
        seat_rows: list[tuple[Any, ...]] = []
        action_rows: list[tuple[Any, ...]] = []
        snapshot_rows: list[tuple[Any, ...]] = []
        for loaded in games:
            g = loaded.game
            if [a.ply for a in loaded.actions] != list(range(len(loaded.actions))) or g.ply_count != len(
                loaded.actions
            ):
                raise ValueError(f"game {g.id}: the action log must hold plies 0..ply_count-1")
            _check_int64(g.seed, "seed")
            status = GameStatus(g.status)
            game_rows.append(
                (
                    g.id,
                    g.kind,
                    status.value,
                    g.guild_id,
                    g.channel_id,
                    g.thread_id,
                    g.created_by,
                    _dump_json(g.options, "options"),
                    g.seed,
                    int(g.rated),
                    g.ply_count,
                    g.turn_seat,
                    _to_unix(g.created_at),
                    _to_unix(g.updated_at),
                    None if g.started_at is None else _to_unix(g.started_at),
                    None if g.finished_at is None else _to_unix(g.finished_at),
                    g.winner_team,
                    g.end_reason,
                    None if g.result is None else _dump_json(g.result, "result"),
                )
            )
            seat_rows.extend(
                (
                    g.id,
                    seat.seat,
                    seat.user_id,
                    seat.display_name,
                    seat.team,
                    seat.ai_level,
                    None if seat.dm_reachable is None else int(seat.dm_reachable),
                    _to_unix(seat.joined_at),
                    status.value,
                    None if seat.outcome is None else Outcome(seat.outcome).value,
                )
                for seat in g.seats
            )
            action_rows.extend(
                (g.id, a.ply, a.seat, a.notation, _to_unix(a.created_at)) for a in loaded.actions
            )
            if loaded.snapshot is not None:
                if not 0 <= loaded.snapshot.ply <= g.ply_count:
                    raise ValueError(f"game {g.id}: snapshot ply {loaded.snapshot.ply} is beyond the log")
                snapshot_rows.append(
                    (g.id, loaded.snapshot.ply, loaded.snapshot.state_json, _to_unix(g.updated_at))
                )
        statements = (
            (
                f"INSERT INTO games ({', '.join(_GAME_COLUMNS)}) VALUES ({_marks(len(_GAME_COLUMNS))})",
                game_rows,
            ),
            (
                "INSERT INTO seats (game_id, seat, user_id, display_name, team, ai_level, dm_reachable, joined_at,"
                " game_status, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                seat_rows,
            ),
            (
                "INSERT INTO actions (game_id, ply, seat, notation, created_at) VALUES (?, ?, ?, ?, ?)",
                action_rows,
            ),
            ("INSERT INTO snapshots (game_id, ply, state, created_at) VALUES (?, ?, ?, ?)", snapshot_rows),
        )
        async with self._unit(write=True) as db:
            try:
                for sql, rows in statements:
                    await db.executemany(sql, rows)
            except sqlite3.IntegrityError as exc:
                raise Conflict(
                    f"cannot import: {exc} (a game id that exists already, or a repeated seat?)"
                ) from exc
        return len(game_rows)

    # --- seats ---------------------------------------------------------------------------------------

    async def _insert_seats(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        seats: Sequence[NewSeat],
        status: GameStatus,
        now: int,
        *,
        new_game: bool = False,
    ) -> list[int]:
        """Insert seats with one statement; returns their numbers. `new_game` skips looking up taken seats."""
        for new in seats:
            if (new.user_id is None) == (new.ai_level is None):
                raise ValueError("a seat has exactly one of user_id (a human) and ai_level (an AI)")
            if not new.display_name:
                raise ValueError("display_name must not be empty")
            if new.seat is not None and new.seat < 0:
                raise ValueError("seat numbers start at 0")
        taken: set[int] = set()
        if not new_game and any(new.seat is None for new in seats):
            taken = {
                r[0] for r in await self._fetch(db, "SELECT seat FROM seats WHERE game_id = ?", (game_id,))
            }
        taken |= {new.seat for new in seats if new.seat is not None}
        numbers: list[int] = []
        for new in seats:
            number = new.seat
            if number is None:
                number = next(n for n in range(len(taken) + 1) if n not in taken)
                taken.add(number)
            numbers.append(number)
        users = [new.user_id for new in seats if new.user_id is not None]
        if len(set(numbers)) != len(numbers) or len(set(users)) != len(users):
            raise SeatConflict(f"the seats for game {game_id} repeat a seat number or a user")
        rows = [
            (
                game_id,
                number,
                new.user_id,
                new.display_name,
                number if new.team is None else new.team,
                new.ai_level,
                None if new.dm_reachable is None else int(new.dm_reachable),
                now,
                status.value,
            )
            for new, number in zip(seats, numbers, strict=True)
        ]
        try:
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, display_name, team, ai_level, dm_reachable,"
                " joined_at, game_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        except sqlite3.IntegrityError as exc:
            for user_id in users:
                if await self._fetch(
                    db, "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                ):
                    raise SeatConflict(f"user {user_id} already has a seat in game {game_id}") from exc
            raise SeatConflict(f"seat {', '.join(map(str, numbers))} of game {game_id} is taken") from exc
        return numbers

    async def add_seat(
        self,
        game_id: int,
        *,
        display_name: str,
        user_id: int | None = None,
        ai_level: str | None = None,
        seat: int | None = None,
        team: int | None = None,
        dm_reachable: bool | None = None,
        at: datetime | None = None,
    ) -> SeatRecord:
        """Seat a human (`user_id`) or an AI (`ai_level`) in an open game; `seat` None = lowest free.

        Raises `SeatConflict` if the seat is taken or the user is already seated, `StatusConflict` if the
        game is not open.
        """
        new = NewSeat(display_name, user_id, ai_level, seat, team, dm_reachable)
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._require_status(db, game_id, (GameStatus.OPEN,), "adding a seat")
            (number,) = await self._insert_seats(db, game_id, [new], GameStatus.OPEN, now)
            await self._touch(db, game_id, now)
            rows = await self._fetch(
                db, f"SELECT {_SEAT_SELECT} FROM seats WHERE game_id = ? AND seat = ?", (game_id, number)
            )
        return _seat_from_row(rows[0])

    async def remove_seat(self, game_id: int, seat: int, *, at: datetime | None = None) -> None:
        """Free a seat of an open game. Raises `SeatConflict` if nobody sits there."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._require_status(db, game_id, (GameStatus.OPEN,), "removing a seat")
            cursor = await db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            if cursor.rowcount == 0:
                raise SeatConflict(f"game {game_id} has nobody in seat {seat}")
            await self._touch(db, game_id, now)

    async def set_dm_reachable(
        self, user_id: int, reachable: bool | None, *, game_id: int | None = None
    ) -> int:
        """Record whether the bot can DM this user: in one game, or (game_id None) in all their open and
        active games. Returns the number of seats updated."""
        value = None if reachable is None else int(reachable)
        async with self._unit(write=True) as db:
            if game_id is None:
                cursor = await db.execute(
                    "UPDATE seats SET dm_reachable = ? WHERE user_id = ? AND game_status IN ('open', 'active')",
                    (value, user_id),
                )
            else:
                cursor = await db.execute(
                    "UPDATE seats SET dm_reachable = ? WHERE user_id = ? AND game_id = ?",
                    (value, user_id, game_id),
                )
            return cursor.rowcount

    # --- the action log ------------------------------------------------------------------------------

    async def append_action(
        self,
        game_id: int,
        ply: int,
        seat: int | None,
        notation: str,
        at: datetime | None = None,
        snapshot_json: str | None = None,
        *,
        turn_seat: int | None = None,
        end: GameEnd | None = None,
    ) -> None:
        """Append the action for `ply` (0-based) to an active game, in one transaction with the game row.

        `ply` must equal the game's current ply count, else `PlyConflict` (someone else acted first: reload).
        A non-active game raises `StatusConflict`. Optionally, in the same commit: cache `snapshot_json` as the
        state after this action (snapshot ply `ply + 1`), set the whose-turn hint `turn_seat` (always written;
        None = nobody/unknown), and finish the game with `end`.
        """
        if not isinstance(notation, str) or not notation.strip():
            raise ValueError("notation must be a non-empty string")
        if ply < 0:
            raise ValueError("ply starts at 0")
        now = self._now(at)
        async with self._unit(write=True) as db:
            # The ply count is the guard: this row changes only if nobody appended since the caller looked.
            cursor = await db.execute(
                "UPDATE games SET ply_count = ply_count + 1, updated_at = ?, turn_seat = ?"
                " WHERE id = ? AND ply_count = ? AND status = 'active'",
                (now, turn_seat, game_id, ply),
            )
            if cursor.rowcount != 1:
                await self._require_status(db, game_id, (GameStatus.ACTIVE,), "appending an action")
                _, ply_count = await self._game_state(db, game_id)
                raise PlyConflict(game_id, ply_count, ply)
            await db.execute(
                "INSERT INTO actions (game_id, ply, seat, notation, created_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, ply, seat, notation, now),
            )
            if snapshot_json is not None:
                await self._put_snapshot(db, game_id, ply + 1, snapshot_json, now)
            if end is not None:
                await self._finish(db, game_id, end, now, expected_ply=None)

    async def action_log(
        self, game_id: int, from_ply: int = 0, limit: int | None = None
    ) -> list[ActionRecord]:
        """Actions with ply >= `from_ply` in ply order (at most `limit`). Raises `GameNotFound`."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT ply, seat, notation, created_at FROM actions WHERE game_id = ? AND ply >= ?"
                " ORDER BY ply LIMIT ?",
                (game_id, from_ply, -1 if limit is None else limit),
            )
            if not rows:
                await self._game_state(db, game_id)
        return [ActionRecord(r[0], r[1], r[2], _from_unix(r[3])) for r in rows]  # type: ignore[arg-type]

    # --- snapshots -----------------------------------------------------------------------------------

    async def _put_snapshot(
        self, db: aiosqlite.Connection, game_id: int, ply: int, state_json: str, now: int
    ) -> None:
        if not isinstance(state_json, str):
            raise TypeError("snapshot state must be JSON text (str)")
        await db.execute(
            "INSERT INTO snapshots (game_id, ply, state, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, ply) DO UPDATE SET state = excluded.state, created_at = excluded.created_at",
            (game_id, ply, state_json, now),
        )

    async def put_snapshot(
        self, game_id: int, ply: int, state_json: str, *, at: datetime | None = None
    ) -> None:
        """Cache the game state after `ply` actions. `ply` beyond the log raises `PlyConflict`."""
        now = self._now(at)
        async with self._unit(write=True) as db:
            _, ply_count = await self._game_state(db, game_id)
            if not 0 <= ply <= ply_count:
                raise PlyConflict(game_id, ply_count, ply)
            await self._put_snapshot(db, game_id, ply, state_json, now)

    async def snapshot_at_or_before(self, game_id: int, ply: int | None = None) -> Snapshot | None:
        """The latest snapshot at or before `ply` (None = the latest of all)."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT ply, state FROM snapshots WHERE game_id = ? AND ply <= ? ORDER BY ply DESC LIMIT 1",
                (game_id, _INT64_MAX if ply is None else ply),
            )
        return Snapshot(rows[0][0], rows[0][1]) if rows else None

    async def prune_snapshots(self, game_id: int, *, keep: int = 1) -> int:
        """Delete all but the `keep` most recent snapshots of a game; return how many were deleted."""
        if keep < 0:
            raise ValueError("keep must be >= 0")
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND ply NOT IN"
                " (SELECT ply FROM snapshots WHERE game_id = ? ORDER BY ply DESC LIMIT ?)",
                (game_id, game_id, keep),
            )
            return cursor.rowcount

    # --- the end -------------------------------------------------------------------------------------

    async def _finish(
        self, db: aiosqlite.Connection, game_id: int, end: GameEnd, now: int, expected_ply: int | None
    ) -> None:
        if not end.reason:
            raise ValueError("GameEnd.reason must not be empty")
        allowed = (GameStatus.OPEN, GameStatus.ACTIVE) if end.aborted else (GameStatus.ACTIVE,)
        previous, ply_count = await self._require_status(
            db, game_id, allowed, "aborting the game" if end.aborted else "finishing the game"
        )
        if expected_ply is not None and expected_ply != ply_count:
            raise PlyConflict(game_id, ply_count, expected_ply)
        if end.winner_team is not None:
            if end.aborted:
                raise ValueError("an aborted game has no winner")
            teams = {
                r[0] for r in await self._fetch(db, "SELECT team FROM seats WHERE game_id = ?", (game_id,))
            }
            if end.winner_team not in teams:
                raise ValueError(f"winner_team {end.winner_team} is not a team of game {game_id}")
        result_json = None if end.result is None else _dump_json(end.result, "result")
        status = GameStatus.ABORTED if end.aborted else GameStatus.FINISHED
        await db.execute(
            "UPDATE games SET status = ?, finished_at = ?, updated_at = ?, winner_team = ?, end_reason = ?,"
            " result = ?, turn_seat = NULL WHERE id = ?",
            (status.value, now, now, end.winner_team, end.reason, result_json, game_id),
        )
        if end.aborted:
            await db.execute(
                "UPDATE seats SET game_status = ?, outcome = NULL WHERE game_id = ?", (status.value, game_id)
            )
        elif end.winner_team is None:
            await db.execute(
                "UPDATE seats SET game_status = ?, outcome = 'draw' WHERE game_id = ?",
                (status.value, game_id),
            )
        else:
            await db.execute(
                "UPDATE seats SET game_status = ?,"
                " outcome = CASE WHEN team = ? THEN 'win' ELSE 'loss' END WHERE game_id = ?",
                (status.value, end.winner_team, game_id),
            )
        if previous is GameStatus.OPEN:  # only open games have challenges (set_status removes them)
            await db.execute("DELETE FROM challenges WHERE game_id = ?", (game_id,))

    async def finish_game(
        self, game_id: int, end: GameEnd, *, at: datetime | None = None, expected_ply: int | None = None
    ) -> None:
        """End a game: finished (winner team or draw) from 'active', or aborted from 'open'/'active'.

        Sets every seat's outcome (none for aborted games) and deletes a pending challenge. With
        `expected_ply`, refuses with `PlyConflict` if an action was appended meanwhile (e.g. a resignation
        racing a move).
        """
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._finish(db, game_id, end, now, expected_ply)

    # --- listings ------------------------------------------------------------------------------------

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
        wanted = _statuses(statuses)
        where = ["s.user_id = ?"]
        params: list[Any] = [user_id]
        if wanted is not None:
            where.append(f"s.game_status IN ({_marks(len(wanted))})")
            params.extend(wanted)
        if guild_id is not None:
            where.append("g.guild_id = ?")
            params.append(guild_id)
        if my_turn:
            where.append("g.turn_seat = s.seat")
        if before is not None:
            where.append("s.game_id < ?")
            params.append(before)
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
        wanted = _statuses(statuses)
        where = ["g.guild_id = ?"]
        params: list[Any] = [guild_id]
        if wanted is not None:
            where.append(f"g.status IN ({_marks(len(wanted))})")
            params.extend(wanted)
        if before is not None:
            where.append("g.id < ?")
            params.append(before)
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
        """Ids of active games whose turn hint names an AI seat, oldest first (to resume AI turns)."""
        sql = (
            "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.turn_seat"
            " WHERE g.status = ? AND s.ai_level IS NOT NULL ORDER BY g.id LIMIT ?"
        )
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, sql, (GameStatus.ACTIVE.value, _check_limit(limit)))
        return [int(r[0]) for r in rows]

    async def record_for_user(
        self, user_id: int, guild_id: int | None = None, *, rated_only: bool = False
    ) -> PlayerRecord:
        """Wins, losses and draws over the user's finished games (in one guild, or everywhere)."""
        where = ["s.user_id = ?", "s.game_status = 'finished'"]
        params: list[Any] = [user_id]
        join = ""
        if guild_id is not None or rated_only:
            join = " JOIN games g ON g.id = s.game_id"
            if guild_id is not None:
                where.append("g.guild_id = ?")
                params.append(guild_id)
            if rated_only:
                where.append("g.rated = 1")
        sql = (
            "SELECT count(*), coalesce(sum(s.outcome = 'win'), 0), coalesce(sum(s.outcome = 'loss'), 0),"
            f" coalesce(sum(s.outcome = 'draw'), 0) FROM seats s{join} WHERE {' AND '.join(where)}"
        )
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, sql, params)
        games, wins, losses, draws = rows[0]
        return PlayerRecord(games=games, wins=wins, losses=losses, draws=draws)

    # --- challenges ----------------------------------------------------------------------------------

    async def _challenges_from_rows(self, db: aiosqlite.Connection, rows: list[Any]) -> list[ChallengeRecord]:
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
                created_at=_from_unix(r[5]),  # type: ignore[arg-type]
                expires_at=_from_unix(r[6]),
                guild_id=r[7],
            )
            for r in rows
        ]

    async def _select_challenges(
        self, db: aiosqlite.Connection, where: str, params: Sequence[Any], limit: int = _MAX_PAGE
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

    # --- settings ------------------------------------------------------------------------------------

    async def _get_settings(self, scope: str, key: int) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[scope]
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, f"SELECT settings FROM {table} WHERE {column} = ?", (key,))
        return json.loads(rows[0][0]) if rows else {}

    async def _update_settings(
        self, scope: str, key: int, changes: Mapping[str, Any], *, replace: bool, at: datetime | None
    ) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[scope]
        _dump_json(changes, "settings")  # validate before touching the database
        now = self._now(at)
        async with self._unit(write=True) as db:
            current: dict[str, Any] = {}
            if not replace:
                rows = await self._fetch(db, f"SELECT settings FROM {table} WHERE {column} = ?", (key,))
                current = json.loads(rows[0][0]) if rows else {}
            for name, value in changes.items():
                if value is None and not replace:
                    current.pop(name, None)
                else:
                    current[name] = value
            await db.execute(
                f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?)"
                f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
                (key, _dump_json(current, "settings"), now),
            )
        return current

    async def get_user_settings(self, user_id: int) -> dict[str, Any]:
        """The user's settings ({} if never set)."""
        return await self._get_settings("user", user_id)

    async def set_user_settings(
        self, user_id: int, settings: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Replace the user's settings."""
        return await self._update_settings("user", user_id, settings, replace=True, at=at)

    async def update_user_settings(
        self, user_id: int, changes: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Merge `changes` into the user's settings atomically (a None value deletes the key); return them."""
        return await self._update_settings("user", user_id, changes, replace=False, at=at)

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The guild's settings ({} if never set)."""
        return await self._get_settings("guild", guild_id)

    async def set_guild_settings(
        self, guild_id: int, settings: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Replace the guild's settings."""
        return await self._update_settings("guild", guild_id, settings, replace=True, at=at)

    async def update_guild_settings(
        self, guild_id: int, changes: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Merge `changes` into the guild's settings atomically (a None value deletes the key); return them."""
        return await self._update_settings("guild", guild_id, changes, replace=False, at=at)

    # --- message references --------------------------------------------------------------------------

    @staticmethod
    def _ref_from_row(row: Sequence[Any]) -> MessageRef:
        return MessageRef(
            game_id=row[0],
            kind=row[1],
            seat=None if row[2] == _WHOLE_GAME_SEAT else row[2],
            message_id=row[3],
            channel_id=row[4],
            updated_at=_from_unix(row[5]),  # type: ignore[arg-type]
        )

    async def set_message_ref(
        self,
        game_id: int,
        kind: str,
        message_id: int,
        *,
        channel_id: int | None = None,
        seat: int | None = None,
        at: datetime | None = None,
    ) -> None:
        """Remember (or replace) the message of this kind for the game or one of its seats."""
        if not kind:
            raise ValueError("kind must not be empty")
        if seat is not None and seat < 0:
            raise ValueError("seat numbers start at 0")
        now = self._now(at)
        async with self._unit(write=True) as db:
            await self._game_state(db, game_id)
            await db.execute(
                "INSERT INTO message_refs (game_id, kind, seat, channel_id, message_id, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, kind, seat) DO UPDATE SET"
                " channel_id = excluded.channel_id, message_id = excluded.message_id, updated_at = excluded.updated_at",
                (game_id, kind, _WHOLE_GAME_SEAT if seat is None else seat, channel_id, message_id, now),
            )

    async def get_message_ref(self, game_id: int, kind: str, seat: int | None = None) -> MessageRef | None:
        """The remembered message of this kind, if any."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT game_id, kind, seat, message_id, channel_id, updated_at FROM message_refs"
                " WHERE game_id = ? AND kind = ? AND seat = ?",
                (game_id, kind, _WHOLE_GAME_SEAT if seat is None else seat),
            )
        return self._ref_from_row(rows[0]) if rows else None

    async def list_message_refs(self, game_id: int) -> list[MessageRef]:
        """All remembered messages of a game."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT game_id, kind, seat, message_id, channel_id, updated_at FROM message_refs"
                " WHERE game_id = ? ORDER BY kind, seat",
                (game_id,),
            )
        return [self._ref_from_row(r) for r in rows]

    async def find_message_ref(self, message_id: int) -> MessageRef | None:
        """Which game (and kind/seat) a Discord message belongs to, if the bot remembers it."""
        async with self._unit(write=False) as db:
            rows = await self._fetch(
                db,
                "SELECT game_id, kind, seat, message_id, channel_id, updated_at FROM message_refs"
                " WHERE message_id = ? ORDER BY game_id DESC LIMIT 1",
                (message_id,),
            )
        return self._ref_from_row(rows[0]) if rows else None

    async def delete_message_ref(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Forget a message; False if it was not remembered."""
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                "DELETE FROM message_refs WHERE game_id = ? AND kind = ? AND seat = ?",
                (game_id, kind, _WHOLE_GAME_SEAT if seat is None else seat),
            )
            return cursor.rowcount > 0


__all__ = ["DEFAULT_PATH", "MIGRATIONS", "Clock", "Storage", "utc_now"]
