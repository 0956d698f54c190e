"""Move clocks: deadlines, reminders, timeout claims, vacations and the "everywhere" view.

A game may have a move clock (time per turn, chosen at creation). Whenever a turn begins (every decision
of War Chest and Point-Buy Chess; a game may make a turn of several decisions, see `GameKind.turn_start`),
`Clocks.turn_changed` (a `GameListener`, run inside the committing transaction) sets that seat's deadline
and replaces the game's timers: one reminder per share of the move time the player asked for (moved out of
their quiet hours; dropped if that would be after the deadline) and one "deadline" timer that tells the
opponents they may claim the win. Nothing ends a game by itself: `claim_timeout` does, on request.

A player on vacation: deadlines they must meet are pushed back by the vacation's length when it starts, and
a turn that reaches them during it starts its clock when the vacation ends. Not in a tournament whose organiser
does not allow vacations (`service.tournaments.vacation_exempt`): its games' clocks run on.

Clock policies (`ClockPolicy`, chosen per game with `ClockTerms`; tournaments use the same): ``fixed`` gives
each turn the move time; ``increment`` gives each seat a bank (the move time at first) that the turn uses,
and adds the increment to what is left when the turn ends, up to the cap. Either can run on **playing
hours** (`PlayingHours`): a seat's clock does not run during its player's night (their quiet hours, in their
time zone, at most `MAX_NIGHT` a day), so a deadline is that much later; reminders and the timeout follow.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

from ..i18n import format_list, t
from ..storage import (
    AllowanceExceeded,
    ClockRecord,
    Conflict,
    GameRecord,
    GameStatus,
    NewTimer,
    StorageError,
    TimerRecord,
)
from .errors import ErrorCode, ServiceError
from .prefs import Preferences
from .results import GameInfo, SeatInfo
from .seats import AUTOPILOT

if TYPE_CHECKING:  # pragma: no cover
    from .service import GameService

log = logging.getLogger(__name__)

REMINDER, DEADLINE, VACATION_END = "reminder", "deadline", "vacation_end"
DEFAULT_ALLOWANCE_DAYS = 30
LATE_AFTER = timedelta(minutes=2)
"""A timer fired this much after it was due is flagged `late` (the bot was down, or very busy)."""


def format_utc(moment: datetime) -> str:
    """A plain-text time for messages (the adapter usually passes a Discord timestamp instead)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


# --- clock policies ----------------------------------------------------------------------------------------

MAX_CLOCK = timedelta(days=30)
"""The longest move time, bank, increment or cap a clock may have."""
MAX_NIGHT = timedelta(hours=12)
"""The most of a day that playing hours stop a clock: a longer quiet period counts its first 12 hours."""


@dataclass(frozen=True, slots=True)
class ClockTerms:
    """A game's clock as chosen at creation: ``move_time`` per turn (``fixed``), or, with ``increment``,
    each seat's first bank, which grows by ``increment`` per turn up to ``cap`` (default: ``move_time``);
    ``playing_hours``: no seat's clock runs during its player's night."""

    move_time: timedelta
    increment: timedelta | None = None
    cap: timedelta | None = None
    playing_hours: bool = False

    @property
    def policy(self) -> str:
        return "increment" if self.increment else "fixed"

    def checked(self) -> ClockTerms:
        """These terms, refused (``bad_options``) unless every time is whole hours within `MAX_CLOCK`, the
        cap is at least the move time, and a cap comes with an increment."""

        def hours(value: timedelta | None, low: timedelta) -> bool:
            return (
                value is None
                or isinstance(value, timedelta)
                and low <= value <= MAX_CLOCK
                and not value % timedelta(hours=1)
            )

        if not isinstance(self.move_time, timedelta) or not hours(self.move_time, timedelta(hours=1)):
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_move_time", days=MAX_CLOCK.days)
        if not hours(self.increment, timedelta(hours=1)) or not hours(self.cap, self.move_time):
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_increment", days=MAX_CLOCK.days)
        if self.cap is not None and not self.increment:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_increment", days=MAX_CLOCK.days)
        return self

    @property
    def cap_seconds(self) -> int:
        if not self.increment:
            return 0
        return int((self.cap or self.move_time).total_seconds())

    def storage_args(self) -> dict[str, Any]:
        """The keyword arguments of `set_game_clock` after the move seconds."""
        return {
            "policy": self.policy,
            "increment_seconds": int(self.increment.total_seconds()) if self.increment else 0,
            "cap_seconds": self.cap_seconds,
            "playing_hours": bool(self.playing_hours),
        }

    @classmethod
    def of(cls, clock: ClockRecord) -> ClockTerms:
        increment = timedelta(seconds=clock.increment_seconds) if clock.policy == "increment" else None
        cap = timedelta(seconds=clock.cap_seconds) if increment else None
        return cls(timedelta(seconds=clock.move_seconds), increment, cap, clock.playing_hours)


class PlayingHours:
    """When one player's clock runs: all the time but their nights (their quiet hours in their time zone,
    at most `MAX_NIGHT` each, local wall times, so a night across a DST change is an hour longer or
    shorter in real time). Without quiet hours the clock always runs."""

    def __init__(self, prefs: Preferences | None) -> None:
        self.prefs = prefs
        self.runs_always = prefs is None or prefs.quiet_start is None or prefs.quiet_end is None

    def _nights_from(self, moment: datetime) -> list[tuple[datetime, datetime]]:
        """The nights (UTC start, end) that begin on the local days around ``moment``, in order."""
        prefs = self.prefs
        assert prefs is not None and prefs.quiet_start is not None and prefs.quiet_end is not None
        zone = prefs.zone
        day = moment.astimezone(zone).date()
        nights = []
        for offset in (-1, 0, 1, 2):
            d = day + timedelta(days=offset)
            start = datetime.combine(d, prefs.quiet_start, tzinfo=zone)
            end_day = d if prefs.quiet_start < prefs.quiet_end else d + timedelta(days=1)
            end = datetime.combine(end_day, prefs.quiet_end, tzinfo=zone)
            start_utc, end_utc = start.astimezone(UTC), end.astimezone(UTC)
            nights.append((start_utc, min(end_utc, start_utc + MAX_NIGHT)))
        return nights

    def _night_after(self, moment: datetime) -> tuple[datetime, datetime]:
        """The first night that has not ended at ``moment`` (it may have begun already)."""
        return next(n for n in self._nights_from(moment) if n[1] > moment)

    def advance(self, start: datetime, seconds: float) -> datetime:
        """The moment at which ``seconds`` of running clock have passed since ``start``."""
        if self.runs_always:
            return start + timedelta(seconds=seconds)
        moment, left = start, timedelta(seconds=max(0.0, seconds))
        while True:
            night_start, night_end = self._night_after(moment)
            if night_start <= moment:
                moment = night_end
                continue
            if moment + left <= night_start:
                return moment + left
            left -= night_start - moment
            moment = night_end

    def counted(self, start: datetime, end: datetime) -> float:
        """Seconds of running clock between ``start`` and ``end`` (0 if ``end`` is not later)."""
        if end <= start:
            return 0.0
        if self.runs_always:
            return (end - start).total_seconds()
        total, moment = 0.0, start
        while moment < end:
            night_start, night_end = self._night_after(moment)
            if night_start > moment:
                total += (min(end, night_start) - moment).total_seconds()
            moment = night_end
        return total


class ClockPolicy(Protocol):
    """How much time a turn gets and what is carried over when it ends (tournaments reuse these)."""

    name: str

    def budget(self, clock: ClockRecord, seat: int) -> int:
        """Seconds of running clock for the turn of ``seat`` that begins now."""
        ...

    def banks_after(self, clock: ClockRecord, seat: int, left_seconds: float) -> dict[int, int] | None:
        """The seats' banks once the turn of ``seat`` ended with ``left_seconds`` of it unused (None:
        nothing carries over)."""
        ...


class FixedClock:
    """The move time for every turn; nothing carries over."""

    name = "fixed"

    def budget(self, clock: ClockRecord, seat: int) -> int:
        return clock.move_seconds

    def banks_after(self, clock: ClockRecord, seat: int, left_seconds: float) -> dict[int, int] | None:
        return None


class IncrementClock:
    """A bank per seat (the move time at first): a turn may use all of it; what is left, plus the
    increment, is the seat's next bank, at most the cap (a turn that ran out leaves only the increment)."""

    name = "increment"

    def budget(self, clock: ClockRecord, seat: int) -> int:
        return clock.banks.get(seat, clock.move_seconds)

    def banks_after(self, clock: ClockRecord, seat: int, left_seconds: float) -> dict[int, int] | None:
        bank = int(max(0.0, left_seconds)) + clock.increment_seconds
        return {**clock.banks, seat: min(clock.cap_seconds or bank, bank)}


POLICIES: dict[str, ClockPolicy] = {"fixed": FixedClock(), "increment": IncrementClock()}


def clock_policy(clock: ClockRecord) -> ClockPolicy:
    """The policy of a stored clock (an unknown name counts as fixed)."""
    return POLICIES.get(clock.policy, POLICIES["fixed"])


@dataclass(frozen=True, slots=True)
class Notification:
    """Something to tell one user, as plain data; the adapter delivers it.

    ``kind``: "reminder" (your turn; ``deadline``), "timeout_claimable" (an opponent's time ran out: offer
    the claim button), "vacation_started" / "vacation_ended" (an opponent's clock pauses / runs again).
    ``dm`` / ``mention``: how the user wants to be reached (their preference; a mention goes to the game's
    thread or channel). ``late``: fired after downtime, well after ``due_at``.
    Use ``message(locale, deadline=...)`` for the sentence: keyword arguments override the plain-text values
    (pass a Discord timestamp such as ``<t:1700000000:R>`` for ``deadline`` or ``until``).
    """

    kind: str
    user_id: int
    game_id: int | None
    due_at: datetime
    fired_at: datetime
    late: bool = False
    dm: bool = True
    mention: bool = False
    deadline: datetime | None = None
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    message_id: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, locale: str | None = "en", **overrides: Any) -> str:
        return t(self.message_id, locale, **{**self.params, **overrides})


@dataclass(frozen=True, slots=True)
class ClockInfo:
    """A game's move clock as the adapter shows it."""

    game_id: int
    move_time: timedelta
    seat: int | None
    user_id: int | None
    deadline: datetime | None
    expired: bool
    terms: ClockTerms | None = None
    """The clock's policy, increment, cap and playing hours (None: a fixed clock)."""
    bank: timedelta | None = None
    """With an increment clock: the bank of the seat to act when its turn began."""


@dataclass(frozen=True, slots=True)
class EverywhereGame:
    """One of my active games: whose turn, and until when."""

    game: GameInfo
    to_act: SeatInfo | None
    my_turn: bool
    deadline: datetime | None
    move_time: timedelta | None
    expired: bool


@dataclass(frozen=True, slots=True)
class Everywhere:
    """All of a user's active games (my turn first, earliest deadline first)."""

    user_id: int
    games: tuple[EverywhereGame, ...]

    @property
    def my_turn_count(self) -> int:
        return sum(1 for g in self.games if g.my_turn)

    def summary(self, locale: str | None = "en") -> str:
        """ "It is your turn in N games." """
        n = self.my_turn_count
        if n == 0:
            return t("everywhere.none", locale)
        if n == 1:
            return t("everywhere.one", locale)
        return t("everywhere.many", locale, count=n)


@dataclass(frozen=True, slots=True)
class VacationInfo:
    user_id: int
    starts_at: datetime
    ends_at: datetime
    days: int
    days_left: int
    """Allowance days left in the vacation's calendar year after this booking."""


@dataclass(frozen=True, slots=True)
class VacationResult:
    vacation: VacationInfo
    paused_games: tuple[int, ...]
    """Games whose running deadline (theirs to meet) was pushed back."""
    notifications: tuple[Notification, ...]
    """For the opponents in every active game of the player (not those of `kept_games`)."""
    kept_games: tuple[int, ...] = ()
    """The player's active games that the vacation does not pause (tournaments that do not allow it)."""


Deliver = Callable[[Notification], Awaitable[None]]


class Clocks:
    """Move clocks over a `GameService` (register with `service.listeners.append(clocks)`)."""

    def __init__(
        self,
        service: GameService,
        *,
        clock: Callable[[], datetime],
        wake: Callable[[], None] = lambda: None,
        allowance_days: int = DEFAULT_ALLOWANCE_DAYS,
    ) -> None:
        self.service = service
        self.storage = service.storage
        self.clock = clock
        self.wake = wake
        self.allowance_days = allowance_days

    # --- preferences ---------------------------------------------------------------------------------

    async def preferences(self, user_id: int) -> Preferences:
        return Preferences.from_settings(await self.storage.get_user_settings(user_id))

    # --- the listener: a new turn, a finished game ---------------------------------------------------

    async def turn_changed(
        self, game_id: int, ply: int, seat: int | None, *, continued: bool = False
    ) -> None:
        """The turn of ``seat`` begins at ``ply`` (``continued``: the same seat's follow-up decision within
        its action, which a game like War Chest counts as a turn of its own: its clock carries on without
        an increment)."""
        clock = await self.storage.get_game_clock(game_id)
        if clock is None:
            return
        record = await self.storage.get_game(game_id)
        now = self.clock()
        clock = await self._turn_ended(record, clock, ply, now, seat=seat, continued=continued)
        holder = next((s for s in record.seats if s.seat == seat), None)
        # Timers of earlier turns go entirely; of this turn, the unfired ones are replaced (a reminder step
        # that already fired stays recorded, so it never fires twice).
        await self.storage.cancel_timers(game_id, kinds=(REMINDER, DEADLINE), keep_ply=ply, fired_too=True)
        await self.storage.cancel_timers(game_id, kinds=(REMINDER, DEADLINE))
        if holder is None or holder.user_id is None or holder.autopilot is not None:
            # nobody, an AI, or the AI playing for a silent player (`seats`): no deadline
            await self.storage.set_deadline(game_id, ply=ply, seat=seat, turn_started_at=now, deadline=None)
            return
        start = now
        vacation = (await self.storage.vacations_at([holder.user_id], now)).get(holder.user_id)
        if vacation is not None and not await self.vacation_exempt([game_id]):
            start = max(start, vacation.ends_at)
        policy = clock_policy(clock)
        assert seat is not None
        budget = policy.budget(clock, seat)
        hours = await self.playing_hours(clock, holder.user_id)
        deadline = hours.advance(start, budget)
        await self.storage.set_deadline(game_id, ply=ply, seat=seat, turn_started_at=now, deadline=deadline)
        await self._schedule(game_id, ply, holder.user_id, budget, deadline, start=start, hours=hours)

    async def playing_hours(self, clock: ClockRecord, user_id: int | None) -> PlayingHours:
        """When the clock of ``user_id`` runs in this game (always, unless it plays on playing hours)."""
        if not clock.playing_hours or user_id is None:
            return PlayingHours(None)
        return PlayingHours(await self.preferences(user_id))

    async def _turn_ended(
        self,
        record: GameRecord,
        clock: ClockRecord,
        ply: int,
        now: datetime,
        *,
        seat: int | None = None,
        continued: bool = False,
    ) -> ClockRecord:
        """The running turn (of ``clock.seat``) ends now, before the turn of ``seat`` at ``ply`` begins:
        what its policy carries over (an increment clock's bank) is stored; returns the clock as it is now.

        ``continued`` (the same seat decides again within its action): what was left carries over, without
        the increment. A take-back (``ply`` before the running turn's): the interrupted turn counts for
        nothing (its seat keeps the bank it began with), and the seat that decides again gets back the bank
        it had before the increment its taken-back turn earned."""
        if clock.ply is None or clock.ply == ply or clock.seat is None or clock.deadline is None:
            return clock
        policy = clock_policy(clock)
        if ply < clock.ply:
            if seat is None or seat == clock.seat or policy.banks_after(clock, seat, 0) is None:
                return clock  # (a fixed clock carries nothing over)
            banks: dict[int, int] | None = {
                **clock.banks,
                seat: max(0, policy.budget(clock, seat) - clock.increment_seconds),
            }
        else:
            holder = next((s for s in record.seats if s.seat == clock.seat), None)
            hours = await self.playing_hours(clock, holder.user_id if holder else None)
            carried = replace(clock, increment_seconds=0) if continued else clock
            banks = policy.banks_after(carried, clock.seat, hours.counted(now, clock.deadline))
        if banks is None:
            return clock
        await self.storage.set_clock_banks(record.id, banks)
        return replace(clock, banks=banks)

    async def game_ended(self, game_id: int) -> None:
        if await self.storage.get_game_clock(game_id) is not None:
            await self.storage.set_deadline(game_id, ply=None, seat=None, turn_started_at=None, deadline=None)
            await self.storage.cancel_timers(game_id, fired_too=True)

    async def _schedule(
        self,
        game_id: int,
        ply: int,
        user_id: int,
        move_seconds: int,
        deadline: datetime,
        *,
        start: datetime | None = None,
        hours: PlayingHours | None = None,
    ) -> None:
        """The turn's deadline timer and reminders: one per share of its ``move_seconds`` of running clock
        from ``start`` (default: that much before the deadline)."""
        prefs = await self.preferences(user_id)
        move = timedelta(seconds=move_seconds)
        hours = hours or PlayingHours(None)
        begin = deadline - move if start is None else start
        timers = [NewTimer(deadline, DEADLINE, game_id, None, ply, 0)]
        for step, share in enumerate(prefs.reminders):
            due = prefs.outside_quiet_hours(hours.advance(begin, move_seconds * share))
            if due < deadline:
                timers.append(NewTimer(due, REMINDER, game_id, user_id, ply, step))
        await self.storage.add_timers(timers)
        self.wake()

    # --- looking at clocks ---------------------------------------------------------------------------

    def _clock_info(self, record: GameRecord, clock: ClockRecord, now: datetime) -> ClockInfo:
        acting = _acting(record, clock)
        holder = next((s for s in record.seats if s.seat == acting), None)
        running = record.status is GameStatus.ACTIVE and clock.deadline is not None
        terms = ClockTerms.of(clock)
        bank = None
        if terms.increment and running and clock.seat is not None:
            bank = timedelta(seconds=clock_policy(clock).budget(clock, clock.seat))
        return ClockInfo(
            game_id=record.id,
            move_time=timedelta(seconds=clock.move_seconds),
            seat=acting if running else None,
            user_id=holder.user_id if running and holder is not None else None,
            deadline=clock.deadline if running else None,
            expired=running and clock.deadline is not None and now >= clock.deadline,
            terms=terms if terms.increment or terms.playing_hours else None,
            bank=bank,
        )

    async def clock_of(self, game_id: int) -> ClockInfo | None:
        """The game's clock and the running deadline (None: the game has no clock)."""
        with self.service.storage_errors(game_id):
            clock = await self.storage.get_game_clock(game_id)
            if clock is None:
                return None
            record = await self.storage.get_game(game_id)
        return self._clock_info(record, clock, self.clock())

    async def everywhere(self, user_id: int, *, guild_id: int | None = None) -> Everywhere:
        """Each of the user's active games (up to 500): whose turn it is and the deadline."""
        now = self.clock()
        with self.service.storage_errors():
            records = await self.storage.list_games_for_user(
                user_id, statuses=GameStatus.ACTIVE, guild_id=guild_id, limit=500
            )
            clocks = await self.storage.get_game_clocks(r.id for r in records)
        games = []
        for record in records:
            info = self.service.info_of(record)
            clock = clocks.get(record.id)
            ci = self._clock_info(record, clock, now) if clock is not None else None
            games.append(
                EverywhereGame(
                    game=info,
                    to_act=info.to_act,
                    # (not while the bot plays the seat for them: `seats`)
                    my_turn=info.to_act is not None
                    and info.to_act.user_id == user_id
                    and not info.to_act.autopilot,
                    deadline=ci.deadline if ci else None,
                    move_time=ci.move_time if ci else None,
                    expired=bool(ci and ci.expired),
                )
            )
        far = datetime.max.replace(tzinfo=UTC)
        games.sort(key=lambda g: (not g.my_turn, g.deadline or far, g.game.id))
        return Everywhere(user_id, tuple(games))

    # --- timeouts ------------------------------------------------------------------------------------

    async def claim_timeout(self, game_id: int, user_id: int) -> GameInfo:
        """An opponent of the seat to act claims the win because its deadline passed. The timed-out seat's
        team loses (in 4-player games with its partner); the winner is the game's `forfeit_winner`, as
        for a resignation. Refused (``not_timed_out``) before the deadline."""
        service = self.service
        async with service.locked(game_id):
            live, claimer = await service.active_seat(game_id, user_id)
            record = live.record
            with service.storage_errors(game_id):
                clock = await self.storage.get_game_clock(game_id)
            if clock is None:
                raise ServiceError(ErrorCode.NO_CLOCK, game_id=game_id)
            late = next((s for s in record.seats if s.seat == record.turn_seat), None)
            if late is None:
                raise ServiceError(ErrorCode.NOT_TIMED_OUT, game_id=game_id, player="?", deadline="?")
            if claimer.team == late.team:
                raise ServiceError(ErrorCode.NOT_OPPONENT, game_id=game_id, player=late.display_name)
            now = self.clock()
            # The deadline is the turn's (set when the turn began at ``clock.ply``; decisions within a turn
            # keep it): a later turn has set a new one.
            if clock.deadline is None or clock.ply is None or now < clock.deadline:
                deadline = clock.deadline
                raise ServiceError(
                    ErrorCode.NOT_TIMED_OUT,
                    game_id=game_id,
                    player=late.display_name,
                    deadline=format_utc(deadline) if deadline else "?",
                    deadline_at=deadline,
                )
            return await service.forfeit(live, late, "timeout")

    # --- vacations -----------------------------------------------------------------------------------

    async def vacation_exempt(self, game_ids: Sequence[int]) -> set[int]:
        """The games among ``game_ids`` that a vacation does not pause: tournament games whose event's
        organiser did not allow vacations (`service.tournaments`)."""
        from .tournaments import vacation_exempt  # (the tournaments build on the service, not the reverse)

        return await vacation_exempt(self.storage, game_ids) if game_ids else set()

    async def vacation_days_left(self, user_id: int, year: int | None = None) -> int:
        year = year or self.clock().year
        with self.service.storage_errors():
            used = await self.storage.vacation_days_used(user_id, year)
        return max(0, self.allowance_days - used)

    async def start_vacation(self, user_id: int, days: int, *, name: str | None = None) -> VacationResult:
        """Pause the player's clocks from now for ``days`` whole days (from the yearly allowance)."""
        if isinstance(days, bool) or not isinstance(days, int) or days < 1:
            raise ServiceError(ErrorCode.VACATION_REFUSED, "error.bad_vacation_days")
        now = self.clock()
        seconds = days * 86400
        try:
            async with self.storage.transaction():
                vacation = await self.storage.add_vacation(
                    user_id, starts_at=now, days=days, allowance=self.allowance_days
                )
                extended = await self.storage.extend_deadlines_for_user(user_id, seconds)
                clocks = await self.storage.get_game_clocks(extended)
                exempt = await self.vacation_exempt(extended)
                for game_id in exempt:  # its deadline back where it was: the event does not pause it
                    clock = clocks[game_id]
                    assert clock.deadline is not None
                    await self.storage.set_deadline(
                        game_id,
                        ply=clock.ply,
                        seat=clock.seat,
                        turn_started_at=clock.turn_started_at,
                        deadline=clock.deadline - timedelta(seconds=seconds),
                    )
                paused = [game_id for game_id in extended if game_id not in exempt]
                for game_id in paused:
                    clock = clocks[game_id]
                    assert clock.deadline is not None and clock.ply is not None
                    await self.storage.cancel_timers(game_id, kinds=(REMINDER, DEADLINE))
                    assert clock.seat is not None
                    budget = clock_policy(clock).budget(clock, clock.seat)
                    await self._schedule(game_id, clock.ply, user_id, budget, clock.deadline)
                await self.storage.add_timers(
                    [NewTimer(vacation.ends_at, VACATION_END, None, user_id, None, vacation.id)]
                )
                records = await self.storage.list_games_for_user(
                    user_id, statuses=GameStatus.ACTIVE, limit=500
                )
                kept = await self.vacation_exempt([r.id for r in records])
                records = [r for r in records if r.id not in kept]  # their opponents' clocks run on
        except AllowanceExceeded as exc:
            raise ServiceError(
                ErrorCode.VACATION_REFUSED,
                "error.vacation_allowance",
                left=max(0, exc.allowance - exc.used),
                year=exc.year,
                days=days,
            ) from exc
        except Conflict as exc:
            raise ServiceError(ErrorCode.VACATION_REFUSED, "error.vacation_running", until="?") from exc
        except StorageError as exc:
            with self.service.storage_errors():
                raise exc
        for game_id in paused:
            self.service.forget(game_id)
        self.wake()
        notes = []
        for record in records:
            me = record.seat_of(user_id)
            player = name or (me.display_name if me else str(user_id))
            for other in record.seats:
                if other.user_id is None or other.user_id == user_id:
                    continue
                notes.append(
                    await self._note(
                        "vacation_started",
                        other.user_id,
                        record,
                        now,
                        now,
                        params={"player": player, "until": format_utc(vacation.ends_at)},
                        deadline=vacation.ends_at,
                    )
                )
        left = await self.vacation_days_left(user_id, vacation.year)
        info = VacationInfo(user_id, vacation.starts_at, vacation.ends_at, days, left)
        return VacationResult(info, tuple(paused), tuple(notes), tuple(sorted(kept)))

    # --- firing timers -------------------------------------------------------------------------------

    async def _note(
        self,
        kind: str,
        user_id: int,
        record: GameRecord | None,
        due: datetime,
        now: datetime,
        *,
        params: dict[str, Any],
        message_id: str | None = None,
        deadline: datetime | None = None,
        late: bool = False,
    ) -> Notification:
        prefs = await self.preferences(user_id)
        return Notification(
            kind=kind,
            user_id=user_id,
            game_id=record.id if record else None,
            due_at=due,
            fired_at=now,
            late=late,
            dm=prefs.dm,
            mention=prefs.mention,
            deadline=deadline,
            guild_id=record.guild_id if record else None,
            channel_id=record.channel_id if record else None,
            thread_id=record.thread_id if record else None,
            message_id=message_id or f"notify.{kind}",
            params={"game_id": record.id if record else "", **params},
        )

    async def handle_timers(self, timers: Sequence[TimerRecord], now: datetime) -> list[Notification]:
        """Turn due timers into notifications (the scheduler's handler; see `Correspondence`).

        Stale timers (the game moved on, or ended) are dropped. Of the timers of one turn that are all due
        (after downtime), only the latest counts: the deadline notice if it is due, else the last reminder
        step — never a burst of everything missed. A reminder that now falls into the player's quiet hours
        is moved to their end.
        """
        fired: list[int] = []
        notes: list[Notification] = []
        by_turn: dict[tuple[Any, ...], list[TimerRecord]] = {}
        for timer in timers:
            key = (timer.game_id, timer.ply) if timer.game_id is not None else ("user", timer.id)
            by_turn.setdefault(key, []).append(timer)
        for group in by_turn.values():
            fired.extend(t.id for t in group)
            deadlines = [t for t in group if t.kind == DEADLINE]
            reminders = sorted((t for t in group if t.kind == REMINDER), key=lambda t: t.step)
            others = [t for t in group if t.kind not in (DEADLINE, REMINDER)]
            chosen = deadlines[-1:] or reminders[-1:]
            for timer in [*chosen, *others]:
                try:
                    made = await self._fire(timer, now)
                except StorageError:
                    log.exception("timer %s (%s, game %s) failed", timer.id, timer.kind, timer.game_id)
                    continue
                if made is None:  # moved out of quiet hours: not fired yet
                    fired.remove(timer.id)
                    continue
                notes.extend(made)
        await self.storage.mark_timers_fired(fired, at=now)
        return notes

    async def _fire(self, timer: TimerRecord, now: datetime) -> list[Notification] | None:
        late = now - timer.due_at > LATE_AFTER
        if timer.kind == VACATION_END:
            return await self._vacation_ended(timer, now)
        if timer.kind == AUTOPILOT:  # a later missed deadline: the bot may take the seat (`seats`)
            await self.service.autopilot_due(timer, now)
            return []
        if timer.game_id is None:
            return []
        record = await self.storage.get_game(timer.game_id)
        clock = await self.storage.get_game_clock(timer.game_id)
        if (
            record.status is not GameStatus.ACTIVE
            or clock is None
            or clock.deadline is None
            or clock.ply != timer.ply
        ):
            return []  # stale: a later turn set its own deadline, or the game ended
        holder = next((s for s in record.seats if s.seat == _acting(record, clock)), None)
        if holder is None or holder.user_id is None:
            return []
        if timer.kind == REMINDER:
            prefs = await self.preferences(holder.user_id)
            until = prefs.quiet_until(now)
            if until is not None:
                if until >= clock.deadline:
                    return []
                await self.storage.reschedule_timer(timer.id, until)
                return None
            if now >= clock.deadline:
                return []
            note = await self._note(
                "reminder",
                holder.user_id,
                record,
                timer.due_at,
                now,
                message_id="notify.reminder_late" if late else "notify.reminder",
                params={"player": holder.display_name, "deadline": format_utc(clock.deadline)},
                deadline=clock.deadline,
                late=late,
            )
            return [note]
        if timer.kind == DEADLINE:
            if now < clock.deadline:  # pushed back (vacation) after this timer was made
                await self.storage.add_timers(
                    [
                        NewTimer(
                            clock.deadline,
                            DEADLINE,
                            record.id,
                            None,
                            clock.ply,
                            int(clock.deadline.timestamp()),
                        )
                    ]
                )
                return []
            notes = []
            for other in record.seats:
                if other.user_id is None or other.team == holder.team:
                    continue
                notes.append(
                    await self._note(
                        "timeout_claimable",
                        other.user_id,
                        record,
                        timer.due_at,
                        now,
                        message_id="notify.timeout_claimable_late" if late else "notify.timeout_claimable",
                        params={"player": holder.display_name},
                        deadline=clock.deadline,
                        late=late,
                    )
                )
            if timer.ply is not None and await self.service.deadline_missed(record.id, timer.ply, now):
                return []  # the bot plays the seat now (`seats`): nothing to claim
            self.wake()
            return notes
        return []

    async def _vacation_ended(self, timer: TimerRecord, now: datetime) -> list[Notification]:
        user_id = timer.user_id
        assert user_id is not None
        records = await self.storage.list_games_for_user(user_id, statuses=GameStatus.ACTIVE, limit=500)
        kept = await self.vacation_exempt([r.id for r in records])  # never paused by it
        notes = []
        for record in records:
            if record.id in kept:
                continue
            me = record.seat_of(user_id)
            for other in record.seats:
                if other.user_id is None or other.user_id == user_id:
                    continue
                notes.append(
                    await self._note(
                        "vacation_ended",
                        other.user_id,
                        record,
                        timer.due_at,
                        now,
                        params={"player": me.display_name if me else str(user_id)},
                        late=now - timer.due_at > LATE_AFTER,
                    )
                )
        return notes


def _acting(record: GameRecord, clock: ClockRecord) -> int | None:
    """The seat the running deadline binds now: the seat to decide (within a turn of a simultaneous step
    it changes while the turn's deadline stays), else the seat whose turn set it."""
    return record.turn_seat if record.turn_seat is not None else clock.seat


def names(seats: Sequence[SeatInfo], locale: str | None = "en") -> str:
    return format_list((s.name for s in seats), locale)


__all__ = [
    "MAX_CLOCK",
    "MAX_NIGHT",
    "POLICIES",
    "ClockInfo",
    "ClockPolicy",
    "ClockTerms",
    "Clocks",
    "FixedClock",
    "IncrementClock",
    "PlayingHours",
    "clock_policy",
    "Everywhere",
    "EverywhereGame",
    "Notification",
    "VacationInfo",
    "VacationResult",
    "format_utc",
]
