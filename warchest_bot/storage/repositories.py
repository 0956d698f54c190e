"""The repository interfaces: what the service may ask of storage, one small `Protocol` per topic.

A backend implements every one of them; `Repository` combines them with the lifecycle and transactions
(`StorageLifecycle`). `Storage` (SQLite, in `.sqlite`) is the implementation today, one mixin per topic;
a PostgreSQL backend would offer the same. Everything passed and returned is defined in `records`,
`errors`, `correspondence`, `outbox` and `lease`: plain dataclasses and errors, no SQL. Conventions every
backend keeps: aware UTC datetimes in and out (whole seconds stored); each method commits before it
returns unless called inside `transaction()`; errors are `StorageError` subclasses (plus `ValueError` /
`TypeError` for malformed arguments, raised before anything is written).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol, Self

from .conditionals import ConditionalRepository
from .correspondence import (
    ClockRecord,
    NewTimer,
    RatingRecord,
    TimerRecord,
    UndoRequestRecord,
    VacationRecord,
)
from .follows import FollowRecord
from .lease import LEASE_SECONDS, LeaseRecord, holder_is_gone
from .outbox import OUTBOX_CLAIM_SECONDS, OutboxRecord
from .puzzles import DailyPostRecord, DailyPuzzleSetting, PuzzleAttemptRecord, PuzzleRatingRecord
from .records import (
    ActionRecord,
    ChallengeRecord,
    GameEnd,
    GameRecord,
    GameStatus,
    HealthCounts,
    LoadedGame,
    MessageRef,
    NewSeat,
    PlayerStats,
    ReviewRecord,
    SeatRecord,
    Snapshot,
)
from .seats import SeatRepository
from .tournaments import TournamentRepository
from .tutorial import TutorialRecord
from .wakeups import Unlisten
from .write_waits import WriteWaits


class StorageLifecycle(Protocol):
    """Closing, transactions and facts about the open database; every backend offers these."""

    @property
    def path(self) -> Path | str:
        """Where the database is (a file path, or e.g. a connection string)."""
        ...

    @property
    def schema_version(self) -> int:
        """The schema version the database was migrated to when it was opened."""
        ...

    @property
    def is_open(self) -> bool:
        """False once `close()` has run."""
        ...

    @property
    def clock(self) -> Callable[[], datetime]:
        """The clock this storage stamps times with (aware UTC datetimes; tests inject their own)."""
        ...

    write_waits: WriteWaits
    """How this process's writes waited for the database's write lock (see `..write_waits`)."""

    async def close(self) -> None:
        """Close the connections (idempotent). Waits for running operations to finish."""
        ...

    async def __aenter__(self) -> Self: ...

    async def __aexit__(self, *exc_info: object) -> None: ...

    def transaction(self, *, whole: bool = False) -> AbstractAsyncContextManager[Self]:
        """Run several operations as one commit: `async with storage.transaction(): ...`.

        Operations inside see each other's writes; an operation that raises is undone on its own (the rest
        of the transaction stands if the caller catches the error); an exception leaving the block undoes
        everything. Do not nest, and do not use the storage from other tasks you wait for inside the block.
        ``whole=True``: all or nothing (operations are not undone on their own, which is cheaper; if one
        raises and the error is caught inside the block anyway, its end raises `StorageError`). An
        operation's error may then be raised by a later operation or by the block's end (SQLite sends the
        writes whose results nobody reads with the commit); either way nothing of the block commits.
        """
        ...

    async def settled(self) -> None:
        """Wait until the write transaction running now, if any, has ended (committed or not)."""
        ...


class GameRepository(Protocol):
    """Games and their seats: creation, lookup, status changes, the end (finished or aborted), import."""

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
        ...

    async def get_game(self, game_id: int) -> GameRecord:
        """The game with its seats (no actions). Raises `GameNotFound`."""
        ...

    async def find_game_by_thread(self, thread_id: int) -> GameRecord | None:
        """The most recent game played in this Discord thread, if any."""
        ...

    async def load_game(self, game_id: int) -> LoadedGame:
        """Game record, seats, the whole action log in ply order and the latest snapshot, read consistently."""
        ...

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
        ...

    async def set_options(
        self, game_id: int, options: Mapping[str, Any], *, at: datetime | None = None
    ) -> None:
        """Replace the options of a game that has not started yet."""
        ...

    async def set_thread(self, game_id: int, thread_id: int | None, *, at: datetime | None = None) -> None:
        """Record the Discord thread the game is played in."""
        ...

    async def delete_game(self, game_id: int) -> bool:
        """Delete a game and everything attached to it; False if it did not exist."""
        ...

    async def import_games(self, games: Iterable[LoadedGame]) -> int:
        """Insert complete games exactly as given (ids, times, status, seats with outcomes, actions, snapshot),
        all in one transaction; return how many. For restoring or moving data between backends, seeding
        tests and benchmarks. Raises `Conflict` if a game id already exists and `ValueError` for a game whose
        log is inconsistent (plies not 0..n-1, ply_count not n); nothing is written in either case.
        """
        ...

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
        ...

    async def remove_seat(self, game_id: int, seat: int, *, at: datetime | None = None) -> None:
        """Free a seat of an open game. Raises `SeatConflict` if nobody sits there."""
        ...

    async def set_dm_reachable(
        self, user_id: int, reachable: bool | None, *, game_id: int | None = None
    ) -> int:
        """Record whether the bot can DM this user: in one game, or (game_id None) in all their open and
        active games. Returns the number of seats updated."""
        ...

    async def finish_game(
        self, game_id: int, end: GameEnd, *, at: datetime | None = None, expected_ply: int | None = None
    ) -> None:
        """End a game: finished (winner team or draw) from 'active', or aborted from 'open'/'active'.

        Sets every seat's outcome (none for aborted games) and deletes a pending challenge. With
        `expected_ply`, refuses with `PlyConflict` if an action was appended meanwhile (e.g. a resignation
        racing a move).
        """
        ...


class ActionLogRepository(Protocol):
    """A game's ordered action log (the truth) and its snapshots (a cache, never the truth)."""

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
        seat_round: int | None = None,
        typed: bool = False,
    ) -> None:
        """Append the action for `ply` (0-based) to an active game, in one transaction with the game row.

        `ply` must equal the game's current ply count, else `PlyConflict` (someone else acted first: reload).
        A non-active game raises `StatusConflict`. Optionally, in the same commit: cache `snapshot_json` as the
        state after this action (snapshot ply `ply + 1`), set the whose-turn hint `turn_seat` (always written;
        None = nobody/unknown), and finish the game with `end`. ``seat_round``: the game's round at `ply`,
        kept as the position the seat's action was chosen on; ``typed``: the action was typed without a ply,
        refused (`TypedActionStale`) when it cannot have been chosen on this position (a repeat of the
        seat's last action, or a round the seat has not seen).
        """
        ...

    async def mark_shown(self, game_id: int, seat: int, ply: int, round_: int) -> None:
        """The seat was shown the position at ``ply`` (in round ``round_``): its hand, or its legal actions.
        Kept unless the seat was already shown a later one."""
        ...

    async def action_log(
        self, game_id: int, from_ply: int = 0, limit: int | None = None
    ) -> list[ActionRecord]:
        """Actions with ply >= `from_ply` in ply order (at most `limit`). Raises `GameNotFound`."""
        ...

    async def put_snapshot(
        self, game_id: int, ply: int, state_json: str, *, at: datetime | None = None
    ) -> None:
        """Cache the game state after `ply` actions. `ply` beyond the log raises `PlyConflict`."""
        ...

    async def snapshot_at_or_before(self, game_id: int, ply: int | None = None) -> Snapshot | None:
        """The latest snapshot at or before `ply` (None = the latest of all)."""
        ...

    async def prune_snapshots(self, game_id: int, *, keep: int = 1) -> int:
        """Delete all but the `keep` most recent snapshots of a game; return how many were deleted."""
        ...


class ListingRepository(Protocol):
    """Lists of games (a user's, a guild's, stale ones, those where the AI is to move) and a user's record."""

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
        ...

    async def list_games_for_guild(
        self,
        guild_id: int,
        *,
        statuses: GameStatus | str | Iterable[GameStatus | str] | None = None,
        limit: int = 20,
        before: int | None = None,
    ) -> list[GameRecord]:
        """A guild's games, newest first (by game id), with seats; page with `before` as above."""
        ...

    async def list_stale_games(
        self,
        *,
        updated_before: datetime,
        statuses: GameStatus | str | Iterable[GameStatus | str] = GameStatus.ACTIVE,
        limit: int = 100,
    ) -> list[GameRecord]:
        """Games not touched since `updated_before`, oldest first: for reminders and timeouts."""
        ...

    async def list_ai_turn_games(self, *, limit: int = 500) -> list[int]:
        """Ids of active games whose turn hint names an AI seat, oldest first (to resume AI turns)."""
        ...

    async def record_for_user(
        self, user_id: int, guild_id: int | None = None, *, rated_only: bool = False, kind: str | None = None
    ) -> PlayerStats:
        """Wins, losses and draws over the user's finished games (in one guild, or everywhere; of one
        game ``kind``, or of every game)."""
        ...


class ChallengeRepository(Protocol):
    """Challenges (open games waiting for players) and a user's counts for the limits."""

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
        ...

    async def get_challenge(self, game_id: int) -> ChallengeRecord | None:
        """The game's pending challenge, if any."""
        ...

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
        ...

    async def delete_challenge(self, game_id: int) -> bool:
        """Withdraw a challenge (the game itself stays); False if there was none."""
        ...

    async def list_challenges_for_user(self, user_id: int) -> list[ChallengeRecord]:
        """Challenges the user sent or is invited to, newest first."""
        ...

    async def list_open_challenges(self, guild_id: int, *, limit: int = 25) -> list[ChallengeRecord]:
        """Challenges in a guild with seats open to anyone, newest first."""
        ...

    async def list_expired_challenges(
        self, now: datetime | None = None, *, limit: int = 100
    ) -> list[ChallengeRecord]:
        """Challenges whose expiry time has passed."""
        ...

    async def user_counts(self, user_id: int, *, since: datetime) -> tuple[int, int, int]:
        """For per-user limits: (open challenges the user created, games the user takes part in that are
        open or active, games the user created at or after ``since``). Inside `transaction()` the counts
        and the creation that follows are one commit."""
        ...


class SettingsRepository(Protocol):
    """Per-user and per-guild settings (JSON objects)."""

    async def get_user_settings(self, user_id: int) -> dict[str, Any]:
        """The user's settings ({} if never set)."""
        ...

    async def set_user_settings(
        self, user_id: int, settings: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Replace the user's settings."""
        ...

    async def update_user_settings(
        self, user_id: int, changes: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Merge `changes` into the user's settings atomically (a None value deletes the key); return them."""
        ...

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The guild's settings ({} if never set)."""
        ...

    async def set_guild_settings(
        self, guild_id: int, settings: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Replace the guild's settings."""
        ...

    async def update_guild_settings(
        self, guild_id: int, changes: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Merge `changes` into the guild's settings atomically (a None value deletes the key); return them."""
        ...


class MessageRefRepository(Protocol):
    """References to the chat messages that show a game (board posts, hands, ...)."""

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
        ...

    async def get_message_ref(self, game_id: int, kind: str, seat: int | None = None) -> MessageRef | None:
        """The remembered message of this kind, if any."""
        ...

    async def list_message_refs(self, game_id: int) -> list[MessageRef]:
        """All remembered messages of a game."""
        ...

    async def find_message_ref(self, message_id: int) -> MessageRef | None:
        """Which game (and kind/seat) a Discord message belongs to, if the bot remembers it."""
        ...

    async def delete_message_ref(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Forget a message; False if it was not remembered."""
        ...


class CorrespondenceRepository(Protocol):
    """Correspondence play: move clocks, timers, vacations, ratings, undo requests, rematch links."""

    async def set_game_clock(
        self,
        game_id: int,
        move_seconds: int,
        *,
        policy: str = "fixed",
        increment_seconds: int = 0,
        cap_seconds: int = 0,
        playing_hours: bool = False,
        at: datetime | None = None,
    ) -> None:
        """Give a game a move clock of `move_seconds` per decision (replacing any earlier choice); with
        ``policy`` "increment", `move_seconds` is each seat's first bank, growing by `increment_seconds` per
        turn up to `cap_seconds`; ``playing_hours``: no seat's clock runs in its player's quiet hours."""
        ...

    async def set_clock_banks(
        self, game_id: int, banks: dict[int, int], *, at: datetime | None = None
    ) -> bool:
        """Replace the seats' banks of an increment clock (seat -> seconds); False if the game has no clock."""
        ...

    async def get_game_clock(self, game_id: int) -> ClockRecord | None: ...

    async def get_game_clocks(self, game_ids: Iterable[int]) -> dict[int, ClockRecord]:
        """The clocks of these games (games without a clock are left out)."""
        ...

    async def set_deadline(
        self,
        game_id: int,
        *,
        ply: int | None,
        seat: int | None,
        turn_started_at: datetime | None,
        deadline: datetime | None,
        at: datetime | None = None,
    ) -> bool:
        """Set (or, with `deadline` None, stop) the running deadline; False if the game has no clock."""
        ...

    async def extend_deadlines_for_user(
        self, user_id: int, seconds: int, *, at: datetime | None = None
    ) -> list[int]:
        """Push back by `seconds` every running deadline that the user's seat must meet, in their active
        games; return the game ids."""
        ...

    async def add_timers(self, timers: Iterable[NewTimer], *, at: datetime | None = None) -> int:
        """Create timers; one that exists already (same kind, game, user, ply, step) is left as it is, so a
        reminder step fires at most once. Returns how many were created."""
        ...

    async def cancel_timers(
        self,
        game_id: int,
        *,
        kinds: Iterable[str] | None = None,
        keep_ply: int | None = None,
        fired_too: bool = False,
    ) -> int:
        """Delete a game's unfired timers (of `kinds`, all by default; sparing those of `keep_ply`).
        `fired_too` deletes the records of fired ones as well (a step deleted so may be created again)."""
        ...

    async def next_timer_due(self) -> datetime | None:
        """When the earliest unfired timer is due (None: no timer)."""
        ...

    async def due_timers(self, now: datetime, *, limit: int = 500) -> list[TimerRecord]:
        """Unfired timers due at or before `now`, earliest first."""
        ...

    async def list_timers(
        self, *, game_id: int | None = None, unfired_only: bool = True
    ) -> list[TimerRecord]: ...

    async def mark_timers_fired(self, timer_ids: Iterable[int], *, at: datetime | None = None) -> int:
        """Record that timers fired (or were dropped): they never fire again."""
        ...

    async def reschedule_timer(self, timer_id: int, due_at: datetime) -> None: ...

    async def add_vacation(
        self,
        user_id: int,
        *,
        starts_at: datetime,
        days: int,
        allowance: int,
        at: datetime | None = None,
    ) -> VacationRecord:
        """Book `days` whole days from `starts_at` against the allowance of `starts_at`'s calendar year
        (UTC). Raises `AllowanceExceeded` if fewer days are left, `Conflict` if a vacation is running."""
        ...

    async def vacation_days_used(self, user_id: int, year: int) -> int: ...

    async def vacations_at(self, user_ids: Iterable[int], moment: datetime) -> dict[int, VacationRecord]:
        """The vacation running at `moment` for each of these users (users without one are left out)."""
        ...

    async def get_ratings(self, scope: int, user_ids: Iterable[int], *, kind: str) -> dict[int, RatingRecord]:
        """The ratings in game ``kind`` of these users in a scope (users without one are left out)."""
        ...

    async def put_ratings(self, ratings: Iterable[RatingRecord], *, at: datetime | None = None) -> None:
        """Store ratings (each in its own ``kind`` and scope), replacing the ones they update."""
        ...

    async def leaderboard(
        self, scope: int, *, kind: str, limit: int = 20, min_games: int = 1
    ) -> list[RatingRecord]:
        """Highest ratings in game ``kind`` of a scope first."""
        ...

    async def mark_game_rated(self, game_id: int, *, at: datetime | None = None) -> bool:
        """Record that a game's result went into the ratings; False if it already had (apply once)."""
        ...

    async def put_undo_request(
        self, game_id: int, *, ply: int, seat: int, user_id: int, at: datetime | None = None
    ) -> UndoRequestRecord:
        """Open (or replace) the game's take-back request."""
        ...

    async def get_undo_request(self, game_id: int) -> UndoRequestRecord | None: ...

    async def set_undo_accepted(self, game_id: int, accepted: Iterable[int]) -> None: ...

    async def delete_undo_request(self, game_id: int) -> bool: ...

    async def truncate_actions(
        self,
        game_id: int,
        to_ply: int,
        *,
        expected_ply: int,
        turn_seat: int | None,
        at: datetime | None = None,
    ) -> int:
        """Take back the actions from `to_ply` on (an agreed undo) of an active game whose ply count is
        `expected_ply` (else `PlyConflict`); later snapshots go too. Returns how many actions were removed."""
        ...

    async def link_rematch(self, game_id: int, rematch_id: int) -> None:
        """Record that `rematch_id` is the rematch of `game_id`; `Conflict` if it already has one."""
        ...

    async def get_rematch(self, game_id: int) -> int | None: ...


class OutboxRepository(Protocol):
    """The transactional outbox: announcements owed by committed actions."""

    async def add_outbox(
        self,
        game_id: int,
        ply: int,
        kind: str,
        payload: Mapping[str, Any] | None = None,
        *,
        at: datetime | None = None,
        claimed_by: str | None = None,
        claim_seconds: float = OUTBOX_CLAIM_SECONDS,
    ) -> int:
        """Owe an announcement of ``kind`` for ``game_id`` at ``ply``; return the row's id. Call it inside
        the transaction that commits the action. ``claimed_by``: the committing bot's holder, which then
        holds the row for ``claim_seconds`` (no other process delivers it meanwhile)."""
        ...

    async def owe_outbox(
        self,
        game_id: int,
        ply: int,
        kind: str,
        payload: Mapping[str, Any] | None = None,
        *,
        at: datetime | None = None,
        claimed_by: str | None = None,
        claim_seconds: float = OUTBOX_CLAIM_SECONDS,
    ) -> None:
        """`add_outbox` for a caller that needs no id: the row is written by the time the transaction
        commits (on SQLite with its COMMIT, in the same round trip), and an error may come from there."""
        ...

    async def pending_outbox(self, game_id: int | None = None, *, limit: int = 200) -> list[OutboxRecord]:
        """Owed announcements (of one game, or of all), oldest first: delivery order within a game is by id."""
        ...

    async def outbox_rows(self, game_id: int) -> list[OutboxRecord]:
        """Every row of a game, done or not, in order (for tests and diagnostics)."""
        ...

    async def claim_outbox(
        self,
        row_id: int,
        holder: str,
        *,
        seen: str | None,
        seconds: float = OUTBOX_CLAIM_SECONDS,
        at: datetime | None = None,
        is_stale: Callable[[str], bool] = holder_is_gone,
    ) -> bool:
        """Claim the owed row ``row_id`` for ``holder`` until ``seconds`` from now (or renew its claim);
        True if it did. A compare-and-swap: only while the row's ``claimed_by`` is still ``seen`` (what the
        caller read; None: unclaimed), and another holder's claim only once it expired or its holder
        `is_stale`, so that of two processes reading the same row at most one takes it."""
        ...

    async def release_outbox_claims(self, holder: str) -> int:
        """Free the owed rows ``holder`` claimed (a clean stop: another process may take them at once);
        return how many."""
        ...

    async def outbox_posted(self, row_id: int, posted: Mapping[str, int]) -> None:
        """Record the messages the owed row ``row_id`` posted so far (its slot -> message id), so that a
        delivery of it again (after a crash) skips them."""
        ...

    async def outbox_done(self, row_id: int, *, at: datetime | None = None) -> None:
        """The announcement was delivered: never send it again."""
        ...

    async def outbox_failed(
        self, row_id: int, error: str, retry_at: datetime, *, at: datetime | None = None
    ) -> None:
        """Delivery failed: count the attempt, keep the error, try again at ``retry_at`` (the row is free
        again: whichever process comes first then tries it)."""
        ...

    async def prune_outbox(self, done_before: datetime) -> int:
        """Forget rows delivered before ``done_before`` (owed rows are never touched); return how many."""
        ...


class LeaseRepository(Protocol):
    """Leases in the database: which process runs timers, outbox and AI turns."""

    async def get_lease(self, name: str) -> LeaseRecord | None:
        """The lease `name` as stored (possibly expired), or None."""
        ...

    async def list_leases(self, prefix: str = "") -> list[LeaseRecord]:
        """Every stored lease whose name starts with `prefix` (possibly expired), by name."""
        ...

    async def take_lease(
        self,
        name: str,
        holder: str,
        *,
        seconds: int = LEASE_SECONDS,
        at: datetime | None = None,
        is_stale: Callable[[str], bool] = holder_is_gone,
    ) -> LeaseRecord:
        """Take lease `name` for `holder` for `seconds`, unless another holder has it: then `LeaseHeld`.

        Free to take: no row, an expired row, a row of `holder` itself, or one whose holder `is_stale`.
        """
        ...

    async def renew_lease(
        self, name: str, holder: str, *, seconds: int = LEASE_SECONDS, at: datetime | None = None
    ) -> bool:
        """Extend `holder`'s lease to `seconds` from now; False if `holder` no longer has it."""
        ...

    async def release_lease(self, name: str, holder: str) -> bool:
        """Give the lease up (only if `holder` has it); True if it did."""
        ...


class MetaRepository(Protocol):
    """The bot's own bookkeeping (a key-value table) and an integrity check."""

    async def get_meta(self, key: str) -> str | None:
        """The value stored under `key`, or None."""
        ...

    async def set_meta(self, key: str, value: str, *, at: Any = None) -> None:
        """Store `value` under `key` (replacing what was there)."""
        ...

    async def health_counts(self, *, at: datetime | None = None) -> HealthCounts:
        """Active games, announcements owed and timers due now, read in one snapshot."""
        ...

    async def check_integrity(self) -> None:
        """Read every page (`PRAGMA quick_check`); raise `StorageDamaged` naming the first problem."""
        ...


class TutorialRepository(Protocol):
    """Each user's place in the tutorial (`/wc tutorial`)."""

    async def get_tutorial(self, user_id: int) -> TutorialRecord | None:
        """The user's tutorial progress, or None if they never started it."""
        ...

    async def put_tutorial(self, record: TutorialRecord, *, at: datetime | None = None) -> None:
        """Store the user's tutorial progress (replacing what was there)."""


class PuzzleRepository(Protocol):
    """Puzzles (schema v8): Glicko-2 ratings of solvers and puzzles, attempts, the daily puzzle."""

    async def get_puzzle_ratings(self, subjects: Iterable[str]) -> dict[str, PuzzleRatingRecord]:
        """The stored ratings of these subjects (``user:<id>`` / ``puzzle:<id>``); absent ones are left out."""
        ...

    async def start_puzzle_attempt(
        self, user_id: int, puzzle_id: str, guild_id: int | None, *, at: datetime | None = None
    ) -> PuzzleAttemptRecord: ...

    async def get_puzzle_attempt(self, attempt_id: int) -> PuzzleAttemptRecord:
        """The attempt; `NotFound` if there is none."""
        ...

    async def puzzle_attempts_of(self, user_id: int, *, limit: int = 500) -> list[PuzzleAttemptRecord]:
        """The user's latest attempts, newest first."""
        ...

    async def answer_puzzle_attempt(
        self,
        attempt_id: int,
        *,
        tries: int,
        solved: bool,
        finish: bool,
        ratings: Sequence[PuzzleRatingRecord] = (),
        at: datetime | None = None,
    ) -> PuzzleAttemptRecord:
        """Record one answer on an unfinished attempt that has had ``tries`` answers, with the new
        ``ratings``, in one transaction; `Conflict` (nothing written) if it moved on meanwhile."""
        ...

    async def set_daily_puzzle(self, setting: DailyPuzzleSetting, *, at: datetime | None = None) -> None: ...

    async def delete_daily_puzzle(self, guild_id: int) -> bool:
        """Opt the server out; False if it was not in."""
        ...

    async def get_daily_puzzle(self, guild_id: int) -> DailyPuzzleSetting | None: ...

    async def owe_daily_post(
        self, guild_id: int, day: int, channel_id: int, puzzle_id: str, *, at: datetime | None = None
    ) -> bool:
        """Record that the server's puzzle of ``day`` is owed; False if it already is (or was posted)."""
        ...

    async def owed_daily_posts(self, *, limit: int = 100) -> list[DailyPostRecord]: ...

    async def daily_posts_of(self, guild_id: int) -> list[DailyPostRecord]: ...

    async def mark_daily_post(
        self, guild_id: int, day: int, *, error: str | None = None, at: datetime | None = None
    ) -> None:
        """The post went out (``error`` None) or failed (counted, kept owed)."""
        ...


class ReviewRepository(Protocol):
    """The reviews of finished games, one per game (a cache: a review can always be made again)."""

    async def get_review(self, game_id: int) -> ReviewRecord | None:
        """The stored review of the game, or None."""
        ...

    async def save_review(
        self,
        game_id: int,
        data: Mapping[str, Any],
        *,
        version: int,
        budget: int,
        requested_by: int | None,
        at: datetime | None = None,
    ) -> None:
        """Store the game's review (replacing an older one)."""
        ...

    async def count_reviews_by(self, user_id: int, *, since: datetime) -> int:
        """How many reviews stored since ``since`` the user asked for."""
        ...


class WakeupRepository(Protocol):
    """Wake-ups across processes sharing the database (see `..wakeups`): no data, only "look again"."""

    async def notify(self, channel: str) -> None:
        """Wake every listener of ``channel`` (in every process), once this commits: inside `transaction()`
        at its commit, and not at all if it is rolled back."""
        ...

    async def listen(self, channel: str, callback: Callable[[], None]) -> Unlisten:
        """Call ``callback()`` for every wake-up committed on ``channel`` from now on (possibly also when
        one may have been missed, e.g. after a lost connection); await what it returns to stop."""
        ...


class FollowRepository(Protocol):
    """Spectators: who follows a game or a player (schema v14; see `follows`)."""

    async def put_follow(
        self,
        user_id: int,
        target: str,
        target_id: int,
        *,
        mode: str,
        how: str,
        guild_id: int | None = None,
        at: datetime | None = None,
    ) -> FollowRecord:
        """Follow (or change how one follows) a game or a player (on the server ``guild_id``)."""
        ...

    async def delete_follow(self, user_id: int, target: str, target_id: int) -> bool:
        """Stop following; False if the user did not follow it."""
        ...

    async def follows_of_user(self, user_id: int) -> list[FollowRecord]:
        """What the user follows, oldest first."""
        ...

    async def followers_of(
        self, game_id: int, player_ids: Iterable[int] = (), *, guild_id: int | None = None
    ) -> list[FollowRecord]:
        """The follows of the game and of any of the players made on the server ``guild_id`` (a user
        once per thing followed)."""
        ...


class Repository(
    GameRepository,
    ActionLogRepository,
    ListingRepository,
    ChallengeRepository,
    SettingsRepository,
    MessageRefRepository,
    CorrespondenceRepository,
    OutboxRepository,
    LeaseRepository,
    MetaRepository,
    TutorialRepository,
    PuzzleRepository,
    ReviewRepository,
    SeatRepository,
    WakeupRepository,
    FollowRepository,
    ConditionalRepository,
    TournamentRepository,
    StorageLifecycle,
    Protocol,
):
    """Everything the service asks of storage: every topic's interface plus lifecycle and transactions."""


__all__ = [
    "ActionLogRepository",
    "ChallengeRepository",
    "ConditionalRepository",
    "CorrespondenceRepository",
    "FollowRepository",
    "GameRepository",
    "LeaseRepository",
    "ListingRepository",
    "MessageRefRepository",
    "MetaRepository",
    "OutboxRepository",
    "PuzzleRepository",
    "Repository",
    "ReviewRepository",
    "SeatRepository",
    "SettingsRepository",
    "TournamentRepository",
    "WakeupRepository",
    "StorageLifecycle",
    "TutorialRepository",
]
