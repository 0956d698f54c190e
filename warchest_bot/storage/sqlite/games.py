"""SQLiteGames: the SQLite implementation of `GameRepository` (see `..repositories`).

Games and their seats: creation, lookup, status changes, the end, import.
A mixin of `Storage` over `SQLiteCore` (connections, transactions, shared helpers).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ..errors import (
    Conflict,
    SeatConflict,
    StatusConflict,
)
from ..records import (
    ActionRecord,
    GameEnd,
    GameRecord,
    GameStatus,
    LoadedGame,
    NewSeat,
    Outcome,
    SeatRecord,
    Snapshot,
)
from .core import (
    _GAME_COLUMNS,
    _GAME_SELECT,
    _SEAT_SELECT,
    SqlConnection,
    SQLiteCore,
    _check_int64,
    _dump_json,
    _from_unix,
    _marks,
    _seat_from_row,
    _statuses,
    _to_unix,
)


class SQLiteGames(SQLiteCore):
    """Games and their seats: creation, lookup, status changes, the end, import.

    Methods commit before they return unless called inside `transaction()`.
    """

    async def create_game(
        self,
        *,
        options: Mapping[str, Any],
        seed: int,
        kind: str,
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
            rows = await self._fetch(
                db,
                "INSERT INTO games (kind, status, guild_id, channel_id, thread_id, created_by, options, seed,"
                " rated, turn_seat, created_at, updated_at, started_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
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
            game_id = int(rows[0][0])
            if seats:
                await self._insert_seats(db, game_id, seats, status, now, new_game=True)
            return await self._fetch_game(db, game_id)

    async def get_game(self, game_id: int) -> GameRecord:
        """The game with its seats (no actions). Raises `GameNotFound`."""
        async with self._unit(write=False, one_statement=True) as db:
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
        actions = tuple(ActionRecord(r[0], r[1], r[2], _from_unix(r[3])) for r in rows)
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
            await self._count_finished(db, (game_id,), -1)  # (nothing when it was not finished)
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
            await self._count_finished(db, [row[0] for row in game_rows], 1)
        return len(game_rows)

    async def _insert_seats(
        self,
        db: SqlConnection,
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
