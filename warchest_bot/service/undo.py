"""Take-backs by agreement: the player who just acted asks, the opponents accept or decline.

Allowed only for the requester's own last turn (every decision of it: a game's turn may be several; see
`GameKind.turn_start`), before anyone else acts, and only if taking it back hides
nothing again that was revealed: an action that drew hidden or random information (the game's ``drew``:
a die roll, a draw from a bag, a new round) or changed another seat's private hand cannot be taken back, so
a draw is never seen and then re-rolled; the refusal says so in the game's own words. An accepted undo truncates the stored action log (guarded by the ply count) and rebuilds
the cached state, in one transaction with the clock's new deadline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..storage import GameRecord, GameStatus
from .errors import ErrorCode, ServiceError
from .publication import OutboxKind
from .rules import State
from .turns import replay_turn

if TYPE_CHECKING:  # pragma: no cover
    from .service import GameService


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """A pending take-back of action ``ply - 1`` by ``seat``; ``waiting_for``: users who must still answer."""

    game_id: int
    ply: int
    seat: int
    user_id: int
    name: str
    waiting_for: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class UndoAnswer:
    """``status``: "waiting" (more answers needed), "declined", or "accepted" (the action was taken back:
    ``ply`` is the new ply count, ``to_act`` the seat to decide again, ``hands_changed`` seats to resend
    their hand)."""

    game_id: int
    status: str
    ply: int
    requester_id: int
    requester_name: str
    by_user_id: int
    to_act: int | None = None
    hands_changed: tuple[int, ...] = ()
    waiting_for: tuple[int, ...] = ()


def _answering(record: GameRecord, seat: int) -> list[int]:
    """The human opponents of ``seat`` who play their own seats: AI seats accept without asking, and so
    does the bot for a silent player whose seat it plays (`seats`; the silent player would never answer,
    and the take-back only returns a decision that no one after it has answered yet)."""
    team = next(s.team for s in record.seats if s.seat == seat)
    return [
        s.user_id for s in record.seats if s.team != team and s.user_id is not None and s.autopilot is None
    ]


class Undo:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.storage = service.storage

    async def _before(self, record: GameRecord, upto: int) -> State:
        loaded = await self.storage.load_game(record.id)
        rules = self.service.rules_of(record)
        state = rules.new_state(record.options, record.seed)
        rules.replay(state, loaded.notations[:upto])
        return state

    async def _check(self, record: GameRecord, state: State, seat: int) -> State:
        """Refuse unless the last turn (all its decisions, or the turn under way so far) is ``seat``'s alone
        and hides nothing again; return the state where that turn began."""
        game_id = record.id
        if state.ply == 0 or state.ply != record.ply_count:
            raise ServiceError(ErrorCode.UNDO_REFUSED, "error.undo_nothing", game_id=game_id)
        rules = self.service.rules_of(record)
        with self.service.storage_errors(game_id):
            last_before = await self._before(record, state.ply - 1)
            start = rules.turn_start(last_before)  # where the turn of the last decision began
            entries = await self.storage.action_log(game_id, start, state.ply - start)
            before = last_before if start == last_before.ply else await self._before(record, start)
        if not entries or any(e.seat != seat for e in entries):
            raise ServiceError(ErrorCode.UNDO_REFUSED, "error.undo_not_last", game_id=game_id)
        turn, _ = replay_turn(rules, before, entries)  # never across a draw, at any decision of the turn
        if turn.drew or rules.round_of(before) != rules.round_of(state):
            raise ServiceError(ErrorCode.UNDO_REFUSED, rules.own_words("error.undo_draw"), game_id=game_id)
        was, now = rules.private_signatures(before), rules.private_signatures(state)
        if any(was[n] != now[n] for n in range(len(now)) if n != seat):
            raise ServiceError(ErrorCode.UNDO_REFUSED, "error.undo_hidden", game_id=game_id)
        return before

    async def request(self, game_id: int, user_id: int) -> UndoRequest:
        """Ask to take back one's own last action; tell ``waiting_for`` (accept/decline buttons)."""
        service = self.service
        async with service.locked(game_id):
            live, seat = await service.active_seat(game_id, user_id)
            record = live.record
            assert live.state is not None
            await self._check(record, live.state, seat.seat)
            waiting = _answering(record, seat.seat)
            with service.storage_errors(game_id):
                await self.storage.put_undo_request(
                    game_id, ply=record.ply_count, seat=seat.seat, user_id=user_id
                )
            if not waiting:  # only AI opponents: they agree
                answer = await self._apply(record, live.state, seat.seat, user_id, user_id)
                return UndoRequest(game_id, answer.ply, seat.seat, user_id, seat.display_name, ())
            return UndoRequest(
                game_id, record.ply_count, seat.seat, user_id, seat.display_name, tuple(waiting)
            )

    async def pending(self, game_id: int) -> UndoRequest | None:
        with self.service.storage_errors(game_id):
            req = await self.storage.get_undo_request(game_id)
            if req is None:
                return None
            record = await self.storage.get_game(game_id)
        if record.status is not GameStatus.ACTIVE or record.ply_count != req.ply:
            return None
        waiting = tuple(u for u in _answering(record, req.seat) if u not in req.accepted)
        return UndoRequest(game_id, req.ply, req.seat, req.user_id, service_name(record, req.seat), waiting)

    async def answer(self, game_id: int, user_id: int, accept: bool) -> UndoAnswer:
        """An opponent accepts or declines. The last acceptance takes the action back."""
        service = self.service
        async with service.locked(game_id):
            live, me = await service.active_seat(game_id, user_id)
            record = live.record
            with service.storage_errors(game_id):
                req = await self.storage.get_undo_request(game_id)
            if req is None:
                raise ServiceError(ErrorCode.NO_UNDO_REQUEST, game_id=game_id)
            name = service_name(record, req.seat)
            if req.ply != record.ply_count:
                with service.storage_errors(game_id):
                    await self.storage.delete_undo_request(game_id)
                raise ServiceError(ErrorCode.UNDO_REFUSED, "error.undo_stale", game_id=game_id)
            if user_id == req.user_id:
                raise ServiceError(ErrorCode.UNDO_REFUSED, "error.undo_own", game_id=game_id)
            answering = _answering(record, req.seat)
            if user_id not in answering:
                raise ServiceError(ErrorCode.NOT_OPPONENT, game_id=game_id, player=name)
            if not accept:
                with service.storage_errors(game_id):
                    await self.storage.delete_undo_request(game_id)
                return UndoAnswer(game_id, "declined", record.ply_count, req.user_id, name, me.user_id or 0)
            accepted = {*req.accepted, user_id}
            waiting = tuple(u for u in answering if u not in accepted)
            if waiting:
                with service.storage_errors(game_id):
                    await self.storage.set_undo_accepted(game_id, accepted)
                return UndoAnswer(
                    game_id, "waiting", record.ply_count, req.user_id, name, user_id, waiting_for=waiting
                )
            assert live.state is not None
            return await self._apply(record, live.state, req.seat, req.user_id, user_id)

    async def _apply(
        self, record: GameRecord, state: State, seat: int, requester: int, by: int
    ) -> UndoAnswer:
        service = self.service
        before = await self._check(record, state, seat)  # re-checked under the lock
        game_id = record.id
        service.forget(game_id)
        rules = service.rules_of(record)
        was, now = rules.private_signatures(state), rules.private_signatures(before)
        changed = tuple(n for n in range(len(now)) if was[n] != now[n])
        with service.storage_errors(game_id):
            async with self.storage.transaction():
                await self.storage.truncate_actions(
                    game_id, before.ply, expected_ply=state.ply, turn_seat=before.current_player
                )
                await self.storage.delete_undo_request(game_id)
                await self.storage.delete_conditionals(game_id)  # the game left every line
                await service.tell_turn_changed(game_id, before.ply, before.current_player)
                await service.owe(game_id, before.ply, OutboxKind.UNDO)
                humans = {s.seat for s in record.seats if s.user_id is not None}
                seats = {n for n in (*changed, before.current_player) if n in humans}
                await service.owe_hands(game_id, before.ply, seats)
        service.announce(game_id)
        await service.live(game_id)  # rebuild the cache from the truncated log
        return UndoAnswer(
            game_id,
            "accepted",
            before.ply,
            requester,
            service_name(record, seat),
            by,
            to_act=before.current_player,
            hands_changed=changed,
        )


def service_name(record: GameRecord, seat: int) -> str:
    found = next((s for s in record.seats if s.seat == seat), None)
    return found.display_name if found is not None else "?"


__all__ = ["Undo", "UndoAnswer", "UndoRequest"]
