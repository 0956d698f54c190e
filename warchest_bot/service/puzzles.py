"""Puzzles: a position with one clearly best move, from one seat's view, and the solver's puzzle rating.

`/wc puzzle` picks a puzzle near the user's puzzle rating that they have not tried lately and starts an
*attempt*. The first answer of an attempt is rated: the user and the puzzle are rated against each other
with Glicko-2 (`ratings.update`), the user winning when they find the solution, the puzzle when they do not
(showing the solution before answering counts as not finding it). Puzzles start at the rating the generator
gives them (a guess) with a wide deviation, so how often players solve them soon sets it. A wrong answer may
be retried, unrated, until the solution is found or shown.

The daily puzzle: a server admin opts in (`set_daily_puzzle`: a channel and a UTC hour). A database timer
(kind `DAILY_PUZZLE`, the correspondence scheduler's) fires at that hour; its handler records the day's post
as owed (one row per server and day, so a day is owed once whatever fires twice) and schedules the next
day's timer; the adapter posts owed rows and marks them done, also after a restart (see
`discord/puzzles.py`). The puzzles themselves are a game's data (its `facets.Puzzles`, War Chest's), so this
module knows no single game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from ..games import DEFAULT_KIND, get_game
from ..storage import (
    Conflict,
    DailyPostRecord,
    DailyPuzzleSetting,
    NewTimer,
    NotFound,
    PuzzleAttemptRecord,
    PuzzleRatingRecord,
    TimerRecord,
)
from .core import ServiceCore
from .errors import ErrorCode, ServiceError
from .limits import checks_ids
from .ratings import DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY, Glicko, update
from .results import Legal

DAILY_PUZZLE = "daily_puzzle"
"""The timer kind of the daily puzzle (payload: the guild id; step: the day)."""
PUZZLE_RD = 200.0
"""A new puzzle's rating deviation: its starting rating is a guess."""
MIN_RD = 60.0
"""Neither side's deviation goes below this, so ratings keep following how players do."""
NEAREST = 6
"""A new puzzle is drawn at random from this many untried ones nearest to the user's rating."""
RECENT = 200
"""Puzzles among the user's latest this many attempts are not offered again while others are left."""


@dataclass(frozen=True, slots=True)
class PuzzleShown:
    """A puzzle as the solver sees it: the seat's ``view`` (no hidden information), the legal actions, the
    theme, the ratings, and how the attempt stands (``solved`` None until the first answer)."""

    attempt_id: int
    puzzle_id: str
    kind: str
    theme: str
    seat: int
    view: dict[str, Any]
    legal: tuple[Legal, ...]
    puzzle_rating: int
    user_rating: int
    tries: int
    solved: bool | None
    finished: bool


@dataclass(frozen=True, slots=True)
class PuzzleAnswer:
    """The verdict on an answer: ``correct``; ``rated`` when it was the attempt's first (then
    ``change`` is the user's rating change); ``solution`` once it is found or shown."""

    correct: bool
    rated: bool
    change: int
    solution: str | None
    shown: PuzzleShown


def day_of(moment: datetime) -> int:
    """Days since 1970-01-01 (UTC)."""
    return (moment.astimezone(UTC).date() - datetime(1970, 1, 1, tzinfo=UTC).date()).days


def next_daily_time(now: datetime, hour: int) -> tuple[int, datetime]:
    """The next time (strictly after ``now``) the clock shows ``hour``:00 UTC, and its day."""
    base = now.astimezone(UTC).replace(hour=hour, minute=0, second=0, microsecond=0)
    due = base if base > now else base + timedelta(days=1)
    return day_of(due), due


def _user(user_id: int) -> str:
    return f"user:{user_id}"


def _puzzle(puzzle_id: str) -> str:
    return f"puzzle:{puzzle_id}"


class Puzzles(ServiceCore):
    """The puzzle part of `GameService`."""

    # --- the puzzles ---------------------------------------------------------------------------------

    @staticmethod
    def puzzle_set(kind: str = DEFAULT_KIND) -> tuple[Any, ...]:
        """The puzzles a game ships (none if it declares no `warchest_bot.games.facets.Puzzles`)."""
        source = get_game(kind).facets.puzzles
        return tuple(source.puzzles()) if source is not None else ()

    def _puzzle_by_id(self, puzzle_id: str, kind: str = DEFAULT_KIND) -> Any:
        for p in self.puzzle_set(kind):
            if p.id == puzzle_id:
                return p
        raise ServiceError(ErrorCode.UNKNOWN_GAME, "puzzle.error.unknown", puzzle=puzzle_id)

    def daily_puzzle_of(self, day: int, kind: str = DEFAULT_KIND) -> Any:
        """The puzzle of ``day`` (the same everywhere): the set in a fixed shuffled order, one a day."""
        puzzles = sorted(self.puzzle_set(kind), key=lambda p: p.id)
        order = list(range(len(puzzles)))
        random.Random(len(puzzles)).shuffle(order)
        return puzzles[order[day % len(puzzles)]]

    async def _ratings(self, user_id: int, puzzle: Any) -> tuple[PuzzleRatingRecord, PuzzleRatingRecord]:
        with self.storage_errors():
            stored = await self.storage.get_puzzle_ratings([_user(user_id), _puzzle(puzzle.id)])
        user = stored.get(_user(user_id)) or PuzzleRatingRecord(
            _user(user_id), DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY
        )
        rated = stored.get(_puzzle(puzzle.id)) or PuzzleRatingRecord(
            _puzzle(puzzle.id), float(puzzle.rating), PUZZLE_RD, DEFAULT_VOLATILITY
        )
        return user, rated

    @checks_ids("user_id")
    async def puzzle_rating(self, user_id: int) -> PuzzleRatingRecord:
        """The user's puzzle rating (the starting one if they never answered a puzzle)."""
        with self.storage_errors():
            stored = await self.storage.get_puzzle_ratings([_user(user_id)])
        return stored.get(_user(user_id)) or PuzzleRatingRecord(
            _user(user_id), DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY
        )

    async def _shown(self, attempt: PuzzleAttemptRecord, kind: str = DEFAULT_KIND) -> PuzzleShown:
        puzzle = self._puzzle_by_id(attempt.puzzle_id, kind)
        user, rated = await self._ratings(attempt.user_id, puzzle)
        rules = self.rules_for(kind)
        state = puzzle.state()
        legal = tuple(
            Legal(
                rules.game.format_action(state, a),
                rules.game.format_action(state, a, public=True),
                rules.action_kind(a),
            )
            for a in state.legal_actions()
        )
        return PuzzleShown(
            attempt_id=attempt.id,
            puzzle_id=puzzle.id,
            kind=kind,
            theme=puzzle.theme,
            seat=puzzle.seat,
            view=dict(puzzle.view),
            legal=legal,
            puzzle_rating=round(rated.rating),
            user_rating=round(user.rating),
            tries=attempt.tries,
            solved=attempt.solved,
            finished=attempt.finished_at is not None,
        )

    # --- attempts ------------------------------------------------------------------------------------

    @checks_ids("user_id", "guild_id")
    async def new_puzzle(
        self,
        user_id: int,
        guild_id: int | None = None,
        *,
        puzzle_id: str | None = None,
        rnd: random.Random | None = None,
    ) -> PuzzleShown:
        """Start an attempt: on ``puzzle_id`` (the daily puzzle's button), else on a puzzle near the user's
        rating that they have not tried lately."""
        puzzles = self.puzzle_set()
        if not puzzles:
            raise ServiceError(ErrorCode.UNKNOWN_GAME, "puzzle.error.none")
        if puzzle_id is not None:
            chosen = self._puzzle_by_id(puzzle_id)
        else:
            with self.storage_errors():
                recent = await self.storage.puzzle_attempts_of(user_id, limit=RECENT)
                rated = await self.storage.get_puzzle_ratings([_puzzle(p.id) for p in puzzles])
            me = await self.puzzle_rating(user_id)
            tried = {a.puzzle_id for a in recent}
            fresh = [p for p in puzzles if p.id not in tried]
            if not fresh:  # tried them all: the ones tried longest ago come back
                order = {a.puzzle_id: n for n, a in enumerate(recent)}
                fresh = sorted(puzzles, key=lambda p: -order.get(p.id, RECENT))[: max(1, len(puzzles) // 2)]

            def distance(p: Any) -> float:
                r = rated.get(_puzzle(p.id))
                return abs((r.rating if r else float(p.rating)) - me.rating)

            near = sorted(fresh, key=lambda p: (distance(p), p.id))[:NEAREST]
            chosen = (rnd or random.Random()).choice(near)
        with self.storage_errors():
            attempt = await self.storage.start_puzzle_attempt(user_id, chosen.id, guild_id)
        return await self._shown(attempt)

    async def _attempt_of(self, user_id: int, attempt_id: int) -> PuzzleAttemptRecord:
        attempt: PuzzleAttemptRecord | None
        with self.storage_errors():
            try:
                attempt = await self.storage.get_puzzle_attempt(attempt_id)
            except NotFound:
                attempt = None
        if attempt is None or attempt.user_id != user_id:
            raise ServiceError(ErrorCode.NOT_SEATED, "puzzle.error.not_yours")
        return attempt

    @checks_ids("user_id")
    async def puzzle_attempt(self, user_id: int, attempt_id: int) -> PuzzleShown:
        """The user's attempt as it stands."""
        return await self._shown(await self._attempt_of(user_id, attempt_id))

    @checks_ids("user_id")
    async def latest_puzzle(self, user_id: int) -> PuzzleShown | None:
        """The user's latest attempt (None: they never tried a puzzle)."""
        with self.storage_errors():
            latest = await self.storage.puzzle_attempts_of(user_id, limit=1)
        return await self._shown(latest[0]) if latest else None

    def _rated(
        self, user: PuzzleRatingRecord, puzzle: PuzzleRatingRecord, solved: bool
    ) -> tuple[PuzzleRatingRecord, PuzzleRatingRecord]:
        u = Glicko(user.rating, user.rd, user.volatility)
        p = Glicko(puzzle.rating, puzzle.rd, puzzle.volatility)
        u2 = update(u, [(p, 1.0 if solved else 0.0)])
        p2 = update(p, [(u, 0.0 if solved else 1.0)])
        return (
            PuzzleRatingRecord(
                user.subject,
                u2.rating,
                max(MIN_RD, u2.rd),
                u2.volatility,
                user.attempts + 1,
                user.solved + solved,
            ),
            PuzzleRatingRecord(
                puzzle.subject,
                p2.rating,
                max(MIN_RD, p2.rd),
                p2.volatility,
                puzzle.attempts + 1,
                puzzle.solved + solved,
            ),
        )

    async def _record(self, attempt: PuzzleAttemptRecord, solved: bool, finish: bool) -> tuple[int, bool]:
        """Store an answer (rating both sides if it is the first); the user's rating change and whether
        it was rated."""
        puzzle = self._puzzle_by_id(attempt.puzzle_id)
        first = attempt.solved is None
        change = 0
        ratings: Sequence[PuzzleRatingRecord] = ()
        if first:
            user, rated = await self._ratings(attempt.user_id, puzzle)
            new_user, new_puzzle = self._rated(user, rated, solved)
            ratings = (new_user, new_puzzle)
            change = round(new_user.rating) - round(user.rating)
        with self.storage_errors():
            try:
                await self.storage.answer_puzzle_attempt(
                    attempt.id, tries=attempt.tries, solved=solved, finish=finish, ratings=ratings
                )
            except Conflict as exc:  # the same attempt answered twice at once: the other answer counts
                raise ServiceError(ErrorCode.STALE, "puzzle.error.answered") from exc
        return change, first

    @checks_ids("user_id")
    async def answer_puzzle(self, user_id: int, attempt_id: int, text: str) -> PuzzleAnswer:
        """Check an answer (notation). Illegal or unreadable text is refused (`ServiceError`) and changes
        nothing; a legal answer is right or wrong."""
        attempt = await self._attempt_of(user_id, attempt_id)
        if attempt.finished_at is not None:
            raise ServiceError(ErrorCode.GAME_OVER, "puzzle.error.finished")
        puzzle = self._puzzle_by_id(attempt.puzzle_id)
        state = puzzle.state()
        action = self.rules_for(DEFAULT_KIND).parse(state, text, 0)
        correct = action == puzzle.solution_action()
        change, rated = await self._record(attempt, correct, finish=correct)
        shown = await self._shown(await self.storage.get_puzzle_attempt(attempt_id))
        return PuzzleAnswer(correct, rated, change, puzzle.solution if correct else None, shown)

    @checks_ids("user_id")
    async def show_puzzle_solution(self, user_id: int, attempt_id: int) -> PuzzleAnswer:
        """Give up: the solution (a first answer not yet given counts as not solved)."""
        attempt = await self._attempt_of(user_id, attempt_id)
        puzzle = self._puzzle_by_id(attempt.puzzle_id)
        change, rated = 0, False
        if attempt.finished_at is None:
            change, rated = await self._record(attempt, False, finish=True)
        shown = await self._shown(await self.storage.get_puzzle_attempt(attempt_id))
        return PuzzleAnswer(bool(attempt.solved), rated, change, puzzle.solution, shown)

    # --- the daily puzzle ----------------------------------------------------------------------------

    @checks_ids("guild_id", "channel_id", "user_id")
    async def set_daily_puzzle(
        self, guild_id: int, channel_id: int, hour: int, user_id: int, *, now: datetime | None = None
    ) -> datetime:
        """Opt the server in (or change channel and hour); returns when the next one is posted. Whether the
        user may (Manage Server) is the adapter's to check."""
        if not isinstance(hour, int) or isinstance(hour, bool) or not 0 <= hour <= 23:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "puzzle.error.bad_hour")
        now = now or self.storage.clock()
        day, due = next_daily_time(now, hour)
        with self.storage_errors():
            async with self.storage.transaction():
                await self.storage.set_daily_puzzle(DailyPuzzleSetting(guild_id, channel_id, hour, user_id))
                await self.storage.add_timers(
                    [NewTimer(due, DAILY_PUZZLE, None, None, None, day, {"guild_id": guild_id})]
                )
        self._wake_timers()
        return due

    @checks_ids("guild_id")
    async def stop_daily_puzzle(self, guild_id: int) -> bool:
        """Opt the server out (its pending timer then does nothing); False if it was not in."""
        with self.storage_errors():
            return await self.storage.delete_daily_puzzle(guild_id)

    @checks_ids("guild_id")
    async def daily_puzzle_setting(self, guild_id: int) -> DailyPuzzleSetting | None:
        with self.storage_errors():
            return await self.storage.get_daily_puzzle(guild_id)

    def _wake_timers(self) -> None:
        for listener in self.listeners:
            wake = getattr(getattr(listener, "scheduler", None), "wake", None)
            if wake is not None:
                wake()

    async def handle_daily_timers(self, timers: Sequence[TimerRecord], now: datetime) -> int:
        """The scheduler's handler for `DAILY_PUZZLE` timers: owe each server its day's post (once per
        server and day) and schedule the next day's; returns how many posts became owed. Marks the timers
        fired."""
        owed = 0
        for timer in timers:
            guild_id = int(timer.payload.get("guild_id", 0))
            setting = await self.storage.get_daily_puzzle(guild_id) if guild_id else None
            if setting is None:
                continue  # opted out since
            puzzle = self.daily_puzzle_of(timer.step)
            async with self.storage.transaction():
                created = await self.storage.owe_daily_post(
                    guild_id, timer.step, setting.channel_id, puzzle.id
                )
                if created:
                    day, due = next_daily_time(max(now, timer.due_at), setting.hour)
                    await self.storage.add_timers(
                        [NewTimer(due, DAILY_PUZZLE, None, None, None, day, {"guild_id": guild_id})]
                    )
            owed += created
        await self.storage.mark_timers_fired([t.id for t in timers], at=now)
        return owed

    async def owed_daily_posts(self) -> list[DailyPostRecord]:
        with self.storage_errors():
            return await self.storage.owed_daily_posts()

    async def daily_post_done(self, post: DailyPostRecord, error: str | None = None) -> None:
        with self.storage_errors():
            await self.storage.mark_daily_post(post.guild_id, post.day, error=error)

    def daily_puzzle(self, puzzle_id: str) -> Any:
        """A puzzle by id (the daily post shows it)."""
        return self._puzzle_by_id(puzzle_id)


__all__ = ["DAILY_PUZZLE", "PuzzleAnswer", "PuzzleShown", "Puzzles", "day_of", "next_daily_time"]
