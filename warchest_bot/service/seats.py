"""Games that never die: the bot takes a silent player's seat, and seats change hands (issue 27).

**The bot takes a seat.** A game's *autopilot rule* (``autopilot_after`` missed deadlines; 0: never) is its
own if one of its players set it (`set_autopilot_rule`), else its server's default (`set_server_seat_rules`,
by a server admin), else off. A seat has missed N deadlines when its turn has lasted N move times past the
turn's start without a decision: the first is the clock's deadline, each later one a move time after the one
before (`missed_deadlines`; with an increment clock, an increment after it: `overtime`). When a seat misses its N-th deadline (`Clocks` calls `deadline_missed` when the
deadline timer fires; a later one is a timer of kind ``autopilot`` at deadline + (N - 1) move times), the bot
plays for that seat (``seats.autopilot`` holds the AI level): from that seat's view only, through the same
path as an AI seat (`GameService.ai_turn` / `play_ai`). The seat keeps no deadline while the bot plays it,
nobody can claim the game on time against it, and the game stops counting for the ratings at once (its
``rated`` flag is cleared). The player takes the seat back with any command of theirs in that game
(`return_seat`; the adapter calls it for each of them): if it is their turn, their clock starts again.

**Substitutes.** A player hands their seat to someone who is not in the game (`hand_seat`); that person
accepts or declines with a button (`answer_offer`). The other players (every human player other than the
silent one, all of them) or a server admin may replace a player who missed the server's ``replace_after``
deadlines (default 2) or whose seat the bot plays (`replace_seat`); the newcomer accepts too. Every change of
holder is a *tenure* (`storage.seats`): who held the seat from which ply to which, shown in the history.

Every change is committed with its announcement (an outbox row of kind ``seat``: exactly once, through the
outbox) and ratings read the tenures (`Ratings.apply_game`): a game in which the bot played a person's seat
is never rated; in a game whose seats changed hands only the people who held their seat from the first ply
to the last are rated, each against the other teams' seats that did the same.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from ..games import get_game
from ..storage import (
    ClockRecord,
    GameRecord,
    GameStatus,
    NewTimer,
    SeatConflict,
    SeatOfferRecord,
    SeatRecord,
    TenureRecord,
    TimerRecord,
)
from .core import ServiceCore, check_game_id
from .errors import ErrorCode, ServiceError
from .publication import OutboxKind
from .results import Player

log = logging.getLogger(__name__)

AUTOPILOT = "autopilot"
"""The timer kind of a later missed deadline (the first is the clock's own ``deadline`` timer)."""
AUTOPILOT_KEY, REPLACE_KEY = "autopilot_after", "replace_after"
"""The server settings of the seat rules (guild settings)."""
DEFAULT_REPLACE_AFTER = 2
MAX_MISSED = 10
AUTOPILOT_LEVEL = "normal"
"""The AI level that plays a silent player's seat (the game's first level if it has no such level)."""


@dataclass(frozen=True, slots=True)
class SeatRules:
    """What applies to a game: the bot plays a seat after ``autopilot_after`` missed deadlines (0: never;
    ``own``: the game's own rule, else the server's), and a player may be replaced after ``replace_after``."""

    game_id: int
    autopilot_after: int
    own: bool
    replace_after: int


@dataclass(frozen=True, slots=True)
class SeatOffer:
    """A pending change of a seat's holder (see `SeatOfferRecord`), with who must still agree."""

    game_id: int
    seat: int
    kind: str
    holder_id: int | None
    holder_name: str
    to_user_id: int
    to_name: str
    by_user_id: int
    votes: tuple[int, ...]
    waiting_for: tuple[int, ...]
    """The players whose agreement is still missing (none for a hand-over or a server admin's request)."""


@dataclass(frozen=True, slots=True)
class OfferAnswer:
    """What an answer to an offer did: ``done`` (the seat changed hands), ``declined`` (the offer is gone),
    else it was recorded and the offer waits (``offer``)."""

    offer: SeatOffer
    done: bool = False
    declined: bool = False


def check_missed(value: object, *, allow_zero: bool = True) -> int:
    low = 0 if allow_zero else 1
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_MISSED:
        raise ServiceError(ErrorCode.BAD_OPTIONS, "seat.error.bad_count", low=low, high=MAX_MISSED)
    return value


def overtime(clock: ClockRecord, seat: int) -> timedelta:
    """How long each further missed deadline comes after the one before: the time the seat's next turn
    would have after running out of time (the move time with a fixed clock; with an increment clock the
    increment, at most the cap: what a bank that ran out grows to), never less than an hour."""
    from .clocks import clock_policy  # (clocks imports this module)

    policy = clock_policy(clock)
    banks = policy.banks_after(clock, seat, 0)
    seconds = policy.budget(replace(clock, banks=banks) if banks is not None else clock, seat)
    return timedelta(seconds=max(3600, seconds))


def missed_deadlines(clock: ClockRecord | None, seat: int, turn_seat: int | None, now: datetime) -> int:
    """How many deadlines in a row the seat has missed now: 0 unless it must decide and its deadline has
    passed; then 1, plus one per further `overtime` gone by."""
    if clock is None or clock.deadline is None or now < clock.deadline:
        return 0
    acting = turn_seat if turn_seat is not None else clock.seat
    if acting != seat:
        return 0
    return 1 + int((now - clock.deadline) / overtime(clock, seat))


def holder_at(tenures: list[TenureRecord], seat: int, ply: int) -> TenureRecord | None:
    """The tenure of ``seat`` under which the decision at ``ply`` was made (None: the seat never changed
    hands, its one holder made it)."""
    found = None
    for tenure in tenures:
        if tenure.seat == seat and tenure.from_ply <= ply and (tenure.to_ply is None or ply < tenure.to_ply):
            found = tenure
    return found


class Seats(ServiceCore):
    """The seats part of `GameService` (see the module docstring)."""

    # --- the rules ---------------------------------------------------------------------------------------

    async def _seat_rules(self, record: GameRecord) -> SeatRules:
        own = await self.storage.get_autopilot_rule(record.id)
        server: dict[str, Any] = {}
        if record.guild_id is not None:
            server = await self.storage.get_guild_settings(record.guild_id)
        autopilot = own if own is not None else int(server.get(AUTOPILOT_KEY) or 0)
        after = int(server.get(REPLACE_KEY) or DEFAULT_REPLACE_AFTER)
        return SeatRules(record.id, autopilot, own is not None, after)

    async def seat_rules(self, game_id: int) -> SeatRules:
        """The autopilot and replacement rules that apply to the game."""
        game_id = check_game_id(game_id)
        with self.storage_errors(game_id):
            return await self._seat_rules(await self.storage.get_game(game_id))

    async def set_autopilot_rule(self, game_id: int, user_id: int, after: int) -> SeatRules:
        """A player of an open or running game sets its autopilot rule (0: the bot never plays a seat),
        announced in the game's place. Refused for a game without computer players."""
        game_id = check_game_id(game_id)
        after = check_missed(after)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            record = live.record
            self.require(record, GameStatus.OPEN, GameStatus.ACTIVE)
            seat = self.seat_of(record, user_id)
            if after and get_game(record.kind).facets.players is None:
                raise ServiceError(ErrorCode.BAD_OPTIONS, "seat.error.no_ai", game_id=game_id)
            with self.storage_errors(game_id):
                async with self.committing():
                    await self.storage.set_autopilot_rule(game_id, after, set_by=user_id)
                    if record.status is GameStatus.ACTIVE:
                        await self.owe_seat(record, {"event": "rule", "after": after, "seat": seat.seat})
                rules = await self._seat_rules(record)
        self.announce(game_id)
        return rules

    async def set_server_seat_rules(
        self, guild_id: int, *, autopilot_after: int | None = None, replace_after: int | None = None
    ) -> dict[str, int]:
        """A server's defaults (the adapter checks that a server admin asks): the bot plays a seat after
        ``autopilot_after`` missed deadlines in games without a rule of their own (0: never), and a player
        may be replaced after ``replace_after``. Returns both as they are now."""
        changes: dict[str, Any] = {}
        if autopilot_after is not None:
            changes[AUTOPILOT_KEY] = check_missed(autopilot_after)
        if replace_after is not None:
            changes[REPLACE_KEY] = check_missed(replace_after, allow_zero=False)
        with self.storage_errors():
            if changes:
                settings = await self.storage.update_guild_settings(guild_id, changes)
            else:
                settings = await self.storage.get_guild_settings(guild_id)
        return {
            AUTOPILOT_KEY: int(settings.get(AUTOPILOT_KEY) or 0),
            REPLACE_KEY: int(settings.get(REPLACE_KEY) or DEFAULT_REPLACE_AFTER),
        }

    async def owe_seat(self, record: GameRecord, facts: dict[str, Any]) -> None:
        """The announcement of a seat change (inside the committing transaction)."""
        await self.owe(record.id, record.ply_count, OutboxKind.SEAT, facts)

    # --- the bot takes a seat --------------------------------------------------------------------------------

    @staticmethod
    def autopilot_level(record: GameRecord) -> str | None:
        """The AI level that plays a silent player's seat in this game (None: the game has no AI)."""
        players = get_game(record.kind).facets.players
        if players is None or not players.ai_levels:
            return None
        return AUTOPILOT_LEVEL if AUTOPILOT_LEVEL in players.ai_levels else next(iter(players.ai_levels))

    async def deadline_missed(self, game_id: int, ply: int, now: datetime) -> bool:
        """The deadline of the turn at ``ply`` passed (the clock's deadline timer fired): with an autopilot
        rule of N, the bot takes the seat now (N = 1) or a timer waits for the N-th missed deadline.
        Returns whether the bot took the seat."""
        with self.storage_errors(game_id):
            record = await self.storage.get_game(game_id)
            clock = await self.storage.get_game_clock(game_id)
            rules = await self._seat_rules(record)
        if rules.autopilot_after == 0 or clock is None or clock.deadline is None or clock.ply != ply:
            return False
        if rules.autopilot_after > 1 and clock.seat is not None:
            due = clock.deadline + overtime(clock, clock.seat) * (rules.autopilot_after - 1)
            if now < due:
                with self.storage_errors(game_id):
                    await self.storage.add_timers(
                        [NewTimer(due, AUTOPILOT, game_id, None, ply, rules.autopilot_after)]
                    )
                return False
        return await self._maybe_take_over(game_id, ply, now)

    async def autopilot_due(self, timer: TimerRecord, now: datetime) -> bool:
        """A timer of kind ``autopilot`` fired: the bot takes the seat if it has now missed as many deadlines
        as the game's rule says (a stale timer does nothing)."""
        if timer.game_id is None or timer.ply is None:
            return False
        return await self._maybe_take_over(timer.game_id, timer.ply, now)

    async def _maybe_take_over(self, game_id: int, ply: int, now: datetime) -> bool:
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            record = live.record
            if record.status is not GameStatus.ACTIVE or live.state is None:
                return False
            with self.storage_errors(game_id):
                clock = await self.storage.get_game_clock(game_id)
                rules = await self._seat_rules(record)
            if clock is None or clock.ply != ply or rules.autopilot_after == 0:
                return False
            seat_no = live.state.current_player
            seat = next((s for s in record.seats if s.seat == seat_no), None)
            level = self.autopilot_level(record)
            if seat is None or seat.user_id is None or seat.autopilot is not None or level is None:
                return False
            missed = missed_deadlines(clock, seat.seat, seat_no, now)
            if missed < rules.autopilot_after:
                return False
            try:
                with self.storage_errors(game_id):
                    async with self.committing():
                        await self.storage.set_autopilot(game_id, seat.seat, level)
                        await self.storage.change_tenure(
                            game_id,
                            seat.seat,
                            ply=record.ply_count,
                            user_id=None,
                            display_name=seat.display_name,
                            how="autopilot",
                            first_user_id=seat.user_id,
                            first_name=seat.display_name,
                        )
                        if record.rated:
                            await self.storage.set_game_unrated(game_id)
                        await self.storage.set_deadline(
                            game_id, ply=clock.ply, seat=seat.seat, turn_started_at=now, deadline=None
                        )
                        await self.storage.cancel_timers(game_id, kinds=("reminder", "deadline", AUTOPILOT))
                        await self.owe_seat(
                            record,
                            {"event": "autopilot", "seat": seat.seat, "user": seat.user_id, "missed": missed},
                        )
            finally:
                self.forget(game_id)
        log.info("game %s: the bot plays seat %s after %s missed deadlines", game_id, seat.seat, missed)
        self.announce(game_id)
        return True

    async def return_seat(self, game_id: int, user_id: int) -> bool:
        """The player of a seat the bot plays takes it back (any command of theirs in the game: the
        adapter calls this first). Announced in the game's place; on their turn their clock starts again
        and their hand is sent. False (nothing changes) when the bot does not play their seat."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            record = live.record
            seat = record.seat_of(user_id) if isinstance(user_id, int) else None
            if record.status is not GameStatus.ACTIVE or seat is None or seat.autopilot is None:
                return False
            state = live.state
            assert state is not None
            try:
                with self.storage_errors(game_id):
                    async with self.committing():
                        await self.storage.set_autopilot(game_id, seat.seat, None)
                        await self.storage.change_tenure(
                            game_id,
                            seat.seat,
                            ply=record.ply_count,
                            user_id=user_id,
                            display_name=seat.display_name,
                            how="returned",
                        )
                        await self.owe_seat(record, {"event": "returned", "seat": seat.seat, "user": user_id})
                        if state.current_player == seat.seat:
                            await self.tell_turn_changed(game_id, state.ply, seat.seat)
                            await self.owe_hands(game_id, state.ply, (seat.seat,), decide=seat.seat)
            finally:
                self.forget(game_id)
        self.announce(game_id)
        return True

    # --- substitutes -----------------------------------------------------------------------------------------

    def _offer_info(self, record: GameRecord, offer: SeatOfferRecord) -> SeatOffer:
        holder = next((s for s in record.seats if s.seat == offer.seat), None)
        waiting: tuple[int, ...] = ()
        if offer.kind == "replace" and not offer.admin:
            waiting = tuple(u for u in self._voters(record, offer.seat) if u not in offer.votes)
        return SeatOffer(
            game_id=record.id,
            seat=offer.seat,
            kind=offer.kind,
            holder_id=holder.user_id if holder else None,
            holder_name=holder.display_name if holder else "?",
            to_user_id=offer.to_user_id,
            to_name=offer.to_name,
            by_user_id=offer.by_user_id,
            votes=offer.votes,
            waiting_for=waiting,
        )

    @staticmethod
    def _voters(record: GameRecord, seat: int) -> tuple[int, ...]:
        """Who must agree to replace the holder of ``seat``: every other person playing their own seat
        (AI seats and seats the bot plays for a silent player do not vote)."""
        return tuple(
            s.user_id
            for s in record.seats
            if s.seat != seat and s.user_id is not None and s.autopilot is None
        )

    @staticmethod
    def _check_newcomer(record: GameRecord, to: Player) -> None:
        if record.seat_of(to.user_id) is not None:
            raise ServiceError(ErrorCode.ALREADY_SEATED, "seat.error.newcomer_seated", game_id=record.id)

    async def hand_seat(self, game_id: int, user_id: int, to: Player) -> SeatOffer:
        """The user offers their seat of a running game to ``to`` (who is not in the game), who accepts or
        declines (`answer_offer`). A new offer replaces the seat's earlier one."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            record = live.record
            self.require(record, GameStatus.ACTIVE)
            seat = self.seat_of(record, user_id)
            self._check_newcomer(record, to)
            offer = SeatOfferRecord(
                game_id, seat.seat, "hand", to.user_id, to.name, user_id, (), False, self.storage.clock()
            )
            with self.storage_errors(game_id):
                async with self.committing():
                    await self.storage.put_seat_offer(offer)
                    await self.owe_seat(record, {"event": "offer", "seat": seat.seat, "kind": "hand"})
        self.announce(game_id)
        return self._offer_info(record, offer)

    async def replace_seat(
        self, game_id: int, user_id: int, player_id: int, to: Player, *, admin: bool = False
    ) -> SeatOffer:
        """Ask to replace ``player_id``, who missed the server's ``replace_after`` deadlines (or whose seat
        the bot plays), by ``to``: by one of the other players (their agreement; every other player must
        agree, with this command or the offer's button) or by a server admin (``admin``: no agreement
        needed, the adapter checks the permission). The newcomer accepts too. Asked again for the same
        newcomer it adds the asker's agreement; for another one it starts over."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            record = live.record
            self.require(record, GameStatus.ACTIVE)
            target = record.seat_of(player_id) if isinstance(player_id, int) else None
            if target is None:
                raise ServiceError(ErrorCode.NOT_SEATED, "seat.error.target_not_seated", game_id=game_id)
            if not admin:
                me = self.seat_of(record, user_id)
                if me.seat == target.seat:
                    raise ServiceError(ErrorCode.BAD_INVITE, "seat.error.replace_yourself", game_id=game_id)
            self._check_newcomer(record, to)
            with self.storage_errors(game_id):
                clock = await self.storage.get_game_clock(game_id)
                rules = await self._seat_rules(record)
                existing = await self.storage.get_seat_offer(game_id, target.seat)
            missed = missed_deadlines(clock, target.seat, record.turn_seat, self.storage.clock())
            if target.autopilot is None and missed < rules.replace_after:
                raise ServiceError(
                    ErrorCode.BAD_INVITE,
                    "seat.error.not_silent",
                    game_id=game_id,
                    player=target.display_name,
                    count=rules.replace_after,
                    missed=missed,
                )
            votes: tuple[int, ...] = () if admin else (user_id,)
            if (
                existing is not None
                and existing.kind == "replace"
                and existing.to_user_id == to.user_id
                and not admin
            ):
                votes = tuple(sorted({*existing.votes, user_id}))
                offer = replace(existing, votes=votes)
                new = False
            else:
                offer = SeatOfferRecord(
                    game_id,
                    target.seat,
                    "replace",
                    to.user_id,
                    to.name,
                    user_id,
                    votes,
                    admin,
                    self.storage.clock(),
                )
                new = True
            with self.storage_errors(game_id):
                async with self.committing():
                    await self.storage.put_seat_offer(offer)
                    if new:
                        await self.owe_seat(
                            record, {"event": "offer", "seat": target.seat, "kind": "replace"}
                        )
        self.announce(game_id)
        return self._offer_info(record, offer)

    async def seat_offer(self, game_id: int, seat: int) -> SeatOffer | None:
        """The seat's pending offer (None: none)."""
        game_id = check_game_id(game_id)
        with self.storage_errors(game_id):
            record = await self.storage.get_game(game_id)
            offer = await self.storage.get_seat_offer(game_id, seat)
        return self._offer_info(record, offer) if offer is not None else None

    async def answer_offer(self, game_id: int, seat: int, user_id: int, accept: bool) -> OfferAnswer:
        """An answer to the seat's pending offer: the newcomer accepts or declines; for a replacement, each
        other player agrees or refuses (a refusal withdraws it); the holder of a handed seat may withdraw
        it. When the newcomer accepted and every agreement is in, the newcomer holds the seat from now."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            record = live.record
            self.require(record, GameStatus.ACTIVE)
            with self.storage_errors(game_id):
                offer = await self.storage.get_seat_offer(game_id, seat)
            if offer is None:
                raise ServiceError(ErrorCode.STALE, "seat.error.no_offer", game_id=game_id)
            holder = next(s for s in record.seats if s.seat == seat)
            newcomer = user_id == offer.to_user_id
            voter = offer.kind == "replace" and user_id in self._voters(record, seat)
            withdraws = offer.kind == "hand" and user_id == holder.user_id
            if not (newcomer or voter or withdraws):
                raise ServiceError(ErrorCode.NOT_INVITED, "seat.error.not_yours", game_id=game_id)
            if not accept or (withdraws and not newcomer):
                with self.storage_errors(game_id):
                    async with self.committing():
                        await self.storage.delete_seat_offer(game_id, seat)
                        await self.owe_seat(record, {"event": "declined", "seat": seat, "user": user_id})
                self.announce(game_id)
                return OfferAnswer(self._offer_info(record, offer), declined=True)
            accepted = set(offer.votes)
            accepted.add(user_id)
            offer = replace(offer, votes=tuple(sorted(accepted)))
            info = self._offer_info(record, offer)
            if offer.to_user_id not in accepted or info.waiting_for:
                with self.storage_errors(game_id):
                    await self.storage.put_seat_offer(offer)
                return OfferAnswer(info)
            await self._substitute(live.record, live.state, holder, offer)
        self.announce(game_id)
        return OfferAnswer(info, done=True)

    async def _substitute(
        self, record: GameRecord, state: Any, holder: SeatRecord, offer: SeatOfferRecord
    ) -> None:
        """The newcomer holds the seat from now (the caller holds the lock)."""
        game_id = record.id
        how = "handed" if offer.kind == "hand" else "replaced"
        try:
            with self.storage_errors(game_id, offer.seat):
                async with self.committing():
                    await self.storage.set_seat_holder(game_id, offer.seat, offer.to_user_id, offer.to_name)
                    await self.storage.change_tenure(
                        game_id,
                        offer.seat,
                        ply=record.ply_count,
                        user_id=offer.to_user_id,
                        display_name=offer.to_name,
                        how=how,
                        first_user_id=holder.user_id,
                        first_name=holder.display_name,
                    )
                    await self.storage.delete_seat_offer(game_id, offer.seat)
                    await self.owe_seat(
                        record,
                        {
                            "event": "substituted",
                            "seat": offer.seat,
                            "kind": offer.kind,
                            "from": holder.user_id,
                            "from_name": holder.display_name,
                            "user": offer.to_user_id,
                        },
                    )
                    if state is not None and state.current_player == offer.seat:
                        await self.tell_turn_changed(game_id, state.ply, offer.seat)
                    await self.owe_hands(
                        game_id,
                        record.ply_count,
                        (offer.seat,),
                        decide=offer.seat
                        if state is not None and state.current_player == offer.seat
                        else None,
                        retry=True,
                    )
        except ServiceError as exc:
            if isinstance(exc.__cause__, SeatConflict):
                raise ServiceError(
                    ErrorCode.ALREADY_SEATED, "seat.error.newcomer_seated", game_id=game_id
                ) from exc
            raise
        finally:
            self.forget(game_id)
            self.positions.forget(game_id, len(record.seats))

    # --- the history -----------------------------------------------------------------------------------------

    async def tenures(self, game_id: int) -> list[TenureRecord]:
        """Every tenure of the game's seats (empty: no seat ever changed hands)."""
        game_id = check_game_id(game_id)
        with self.storage_errors(game_id):
            return await self.storage.seat_tenures(game_id)


__all__ = [
    "AUTOPILOT",
    "OfferAnswer",
    "SeatOffer",
    "SeatRules",
    "Seats",
    "holder_at",
    "missed_deadlines",
]
