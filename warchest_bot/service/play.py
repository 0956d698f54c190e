"""Playing a game: actions by humans and AI seats (each committed with its outbox rows before it returns),
what a seat may do now, resigning and aborting."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..games import Phrase
from ..storage import GameEnd, GameRecord, GameStatus, SeatRecord
from .core import ServiceCore, check_game_id, seat_info
from .errors import ErrorCode, ServiceError
from .publication import OutboxKind, hands_owed, move_payload
from .results import AiTurn, GameInfo, Legal, PlayResult, Suggestion
from .rules import Action, GameRules, State
from .turns import TurnSoFar

_CONDITIONALS: dict[str, bool] = {}
"""Per game kind, whether it declares the conditional moves facet (read once: a facet is fixed)."""


@dataclass(slots=True)
class Decision:
    """One accepted decision worked out before it is written (`Play.decision`): the state after it, its
    texts, the turn so far with it, how the game ends (if it does) and what its turn owes. Never changed
    once made (not frozen only because a frozen dataclass's fifteen fields cost every move ~2 % more)."""

    seat: int
    chosen: Action
    private_text: str
    public_text: str
    after: State
    turn: TurnSoFar
    end: GameEnd | None
    snapshot: str | None
    turn_over: bool
    changed: tuple[int, ...]
    round_started: bool
    drew: bool
    followup: bool
    seat_round: int
    last_action: dict[str, Any] | None


class Play(ServiceCore):
    """The playing part of `GameService`."""

    async def resign(self, game_id: int, user_id: int, *, expected_ply: int | None = None) -> GameInfo:
        """Resign an active game: the resigning seat's team loses; the winner is the game's
        `forfeit_winner` (with two teams the other team; with more, by default the one team left if only
        one is, else nobody: the resigning team loses and the others draw). Allowed whoever's turn it is.
        Returns the finished game (``over`` says who won; tell everyone)."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_at(game_id, expected_ply)
            record = live.record
            self.require(record, GameStatus.ACTIVE)
            seat = self.seat_of(record, user_id)
            if expected_ply is not None and expected_ply != record.ply_count:
                raise ServiceError(ErrorCode.STALE, game_id=game_id, ply=record.ply_count)
            return await self.forfeit(live, seat, "resign")

    async def abort(self, game_id: int, user_id: int) -> GameInfo:
        """Cancel a game that counts for nobody: an open game by its creator, an active game by any of its
        players until the first real move (draft picks do not count)."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live(game_id)
            record = live.record
            self.require(record, GameStatus.OPEN, GameStatus.ACTIVE)
            seat = self.seat_of(record, user_id)
            if record.status is GameStatus.OPEN:
                if user_id != record.created_by:
                    raise ServiceError(
                        ErrorCode.NOT_CREATOR,
                        game_id=game_id,
                        player=self.seat_name(record, 0),
                    )
                return await self.end_game(record, "cancelled", seat.seat, seat.display_name)
            assert live.state is not None
            if self.rules_of(record).under_way(live.state):
                raise ServiceError(ErrorCode.TOO_LATE, game_id=game_id)
            return await self.end_game(record, "aborted", seat.seat, seat.display_name)

    async def close_for_event(self, game_id: int) -> GameInfo | None:
        """End a game whose result an event decided without it (a tournament board forfeited, adjudicated
        or given up by a withdrawal): it ends as cancelled (reason "tournament"), so it counts in no rating
        or record (the event keeps its result), and its thread is told why. None when it was over already."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            record = (await self.live(game_id)).record
            if record.status not in (GameStatus.OPEN, GameStatus.ACTIVE):
                return None
            return await self.end_game(record, "tournament", None, None)

    # --- playing -------------------------------------------------------------------------------------

    async def play(
        self, game_id: int, user_id: int, action: str | Action, *, expected_ply: int | None
    ) -> PlayResult:
        """Play ``action`` (notation text, or one of the game's actions) for the user's seat.

        ``expected_ply`` is the ply the request was made against (`GameInfo.ply` / `PlayResult.ply` when the
        board or button was made); a different value is refused as "stale". Pass None only for a typed
        command: it counts as chosen on the position last shown to the seat (`positions`), and is refused
        as "stale" if its turn has passed or the round changed since. The action is committed before this
        returns.
        """
        return await self._play(
            game_id, lambda record: self.seat_of(record, user_id), action, expected_ply=expected_ply
        )

    async def play_ai(
        self, game_id: int, seat: int, action: str | Action, *, expected_ply: int
    ) -> PlayResult:
        """Play ``action`` for the AI seat ``seat`` (as `play` does for a human): refused unless that seat
        is an AI seat (or one the AI plays for a silent player, see `seats`) and it is its decision at
        ``expected_ply``."""

        def ai_seat(record: GameRecord) -> SeatRecord:
            found = next((s for s in record.seats if s.seat == seat), None)
            if found is None or not (found.is_ai or found.autopilot is not None):
                raise ServiceError(ErrorCode.NOT_SEATED, game_id=record.id)
            return found

        return await self._play(game_id, ai_seat, action, expected_ply=expected_ply, ai=True)

    async def ai_turn(self, game_id: int) -> AiTurn | None:
        """What an AI seat (or the AI playing a silent player's seat) must decide now in this game (that
        seat's view of the position), or None when the game is not active or a human is to act."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            state = live.state
            if live.record.status is not GameStatus.ACTIVE or state is None:
                return None
            seat = next((s for s in live.record.seats if s.seat == state.current_player), None)
            level = None if seat is None else seat.ai_level or seat.autopilot
            if seat is None or level is None:
                return None
            return AiTurn(
                game_id,
                state.ply,
                seat.seat,
                level,
                self.rules_of(live.record).view(state, seat.seat),
                kind=live.record.kind,
            )

    async def games_awaiting_ai(self, limit: int = 500) -> list[int]:
        """Active games in which an AI seat must act (to resume their AI turns after a restart)."""
        with self.storage_errors():
            return await self.storage.list_ai_turn_games(limit=limit)

    async def _play(
        self,
        game_id: int,
        seat_of: Callable[[GameRecord], SeatRecord],
        action: str | Action,
        *,
        expected_ply: int | None,
        ai: bool = False,
    ) -> PlayResult:
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_at(game_id, expected_ply)
            record = live.record
            self.require(record, GameStatus.ACTIVE)
            seat = seat_of(record)
            if ai and seat.autopilot is not None:
                # The AI plays a silent player's seat: make sure they did not take it back meanwhile through
                # another process sharing the database (this one's cache would not know).
                with self.storage_errors(game_id):
                    stored = await self.storage.get_game(game_id)
                if next((s.autopilot for s in stored.seats if s.seat == seat.seat), None) is None:
                    self.forget(game_id)
                    raise ServiceError(ErrorCode.NOT_SEATED, game_id=game_id)
            state = live.state
            assert state is not None
            if expected_ply is not None and expected_ply != state.ply:
                raise ServiceError(ErrorCode.STALE, game_id=game_id, ply=state.ply)
            to_act = state.current_player
            if to_act != seat.seat:
                raise ServiceError(
                    ErrorCode.NOT_YOUR_TURN, game_id=game_id, player=self.seat_name(record, to_act)
                )
            rules = self.rules_of(record)
            chosen = rules.parse(state, action, game_id)
            turn = await self.turn_of(live)
            step = self.decision(rules, record, state, turn, chosen, seat)
            lines = _CONDITIONALS.get(rules.kind)  # whether the game has conditional moves (`conditionals`)
            if lines is None:
                lines = _CONDITIONALS[rules.kind] = rules.game.facets.conditionals is not None
            answer: Decision | None = None
            try:
                with self.storage_errors(game_id):
                    async with self.committing():
                        if lines:
                            answer = await self.conditional_answer(rules, record, state, step)
                        await self.write_decision(
                            record, state, step, typed=expected_ply is None, answered=answer is not None
                        )
                        if answer is not None:
                            await self.write_decision(
                                record, step.after, answer, typed=False, conditional=True
                            )
            except BaseException:
                # Whatever happened (a rival process appended first, a full disk, cancellation mid-commit),
                # the database is the truth: forget the cached state and reload it next time.
                self.forget(game_id)
                raise
            self.announce(game_id)
            final = answer or step
            after, end = final.after, final.end
            game_over = None
            next_seat = None
            if end is not None:
                self.forget(game_id)  # seats' outcomes changed: reload the record when needed
                self.positions.forget(game_id, len(record.seats))
                finished = replace(
                    record,
                    status=GameStatus.FINISHED,
                    winner_team=end.winner_team,
                    end_reason=end.reason,
                    result=end.result,
                )
                game_over = self.game_over_of(finished)
                notify = tuple(s.user_id for s in record.seats if s.user_id is not None)
            else:
                live.state = after
                live.turn = TurnSoFar(after.ply, after) if final.turn_over else final.turn
                live.record = record.moved(after.ply, after.current_player)
                nxt = next(s for s in record.seats if s.seat == after.current_player)
                next_seat = seat_info(nxt)
                notify = (nxt.user_id,) if nxt.user_id is not None and final.turn_over else ()
            return PlayResult(
                game_id=game_id,
                ply=after.ply,
                seat=seat.seat,
                user_id=seat.user_id,
                action=step.public_text,
                private_action=step.private_text,
                kind=rules.action_kind(chosen),
                round=rules.round_of(after),
                phase=rules.phase_of(after),
                round_started=step.round_started,
                drew=step.drew,
                hands_changed=step.changed,
                next=next_seat,
                followup=final.followup,
                notify=notify,
                game_over=game_over,
                last_action=step.last_action,
                turn_over=step.turn_over,
                conditional=None if answer is None else answer.public_text,
            )

    def decision(
        self,
        rules: GameRules,
        record: GameRecord,
        state: State,
        turn: TurnSoFar,
        chosen: Action,
        seat: SeatRecord,
    ) -> Decision:
        """What the legal decision ``chosen`` of ``seat`` in ``state`` does (nothing is written yet)."""
        private_text = rules.text(chosen, public=False)
        public_text = rules.text(chosen, public=True)
        after = state.clone()
        after.apply(chosen)
        turn = turn.with_step(rules, state, chosen, after, seat.seat)
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
        # What is public is the turn's: its first state, its decisions, what they drew and changed.
        turn_over = end is not None or rules.ends_turn(after)
        first = turn.first
        before_private = rules.private_signatures(first)
        after_private = rules.private_signatures(after)
        changed = tuple(n for n, sig in enumerate(after_private) if sig != before_private[n])
        return Decision(
            seat=seat.seat,
            chosen=chosen,
            private_text=private_text,
            public_text=public_text,
            after=after,
            turn=turn,
            end=end,
            snapshot=snapshot,
            turn_over=turn_over,
            changed=changed,
            round_started=rules.round_of(after) != rules.round_of(first),
            drew=turn.drew,
            followup=end is None and rules.is_followup(after),
            seat_round=rules.mark(state).round,
            last_action=rules.last_action(state, after, chosen, seat.seat),
        )

    async def write_decision(
        self,
        record: GameRecord,
        state: State,
        step: Decision,
        *,
        typed: bool,
        answered: bool = False,
        conditional: bool = False,
    ) -> None:
        """Append the decision ``step`` made in ``state`` with the announcements it owes (inside the
        committing transaction). ``answered``: a conditional move answers it at once (its board post pings
        nobody and no hand is owed for it); ``conditional``: it is that answer (its post says so)."""
        game_id = record.id
        after, end, turn = step.after, step.end, step.turn
        next_number = after.current_player if end is None else None
        humans = {s.seat for s in record.seats if s.user_id is not None}
        await self.storage.append_action(
            game_id,
            state.ply,
            step.seat,
            step.private_text,
            snapshot_json=step.snapshot,
            turn_seat=after.current_player,
            end=end,
            seat_round=step.seat_round,
            typed=typed,  # checked against what the seat was shown
        )
        if end is not None:
            await self.tell_game_ended(game_id)
        elif step.turn_over:
            continues = step.followup and after.current_player == step.seat  # the same seat's action goes on
            await self.tell_turn_changed(game_id, after.ply, after.current_player, continues=continues)
        if step.turn_over:
            board = move_payload(
                seat=step.seat,
                action=step.public_text,
                last_action=step.last_action,
                next_seat=next_number,
                followup=step.followup,
                drew=step.drew,
                game_over=end is not None,
                steps=[(s.seat, s.said.public) for s in turn.steps],
            )
            if answered:
                board["answered"] = True
            if conditional:
                board["conditional"] = True
            await self.owe(game_id, after.ply, OutboxKind.MOVE, board)
            if answered:
                return
            hands = (
                ()
                if end is not None
                else hands_owed(
                    movers=turn.movers,
                    changed=step.changed,
                    round_started=step.round_started,
                    next_seat=next_number,
                    followup=step.followup,
                )
            )
            # The seat that closed a turn of several decisions and begins the next one (the last
            # bid of a simultaneous step) is shown its position privately, as a follow-up is.
            again = len(turn.steps) > 1 and next_number == step.seat
            if again and next_number is not None:
                hands = (*hands, next_number)
            await self.owe_hands(
                game_id,
                after.ply,
                (n for n in hands if n in humans),
                decide=next_number if step.followup or again else None,
            )
        elif next_number in humans:
            # Within a turn only the seat to decide hears of it, privately: its position
            # after this decision, with the menu of the next one.
            await self.owe_hands(game_id, after.ply, (next_number,), decide=next_number, quiet=True)

    async def conditional_answer(
        self, rules: GameRules, record: GameRecord, state: State, step: Decision
    ) -> Decision | None:
        """The conditional move that answers ``step`` in ``state`` (None: none), with the lines it settles
        written (inside the committing transaction): `conditionals.ConditionalMoves` says how."""
        return None

    async def turn_so_far(self, game_id: int, user_id: int | None = None) -> tuple[tuple[int, Phrase], ...]:
        """The decisions of the turn under way (empty when one begins now), each (seat, phrase) as the user
        may read it (their own hidden picks and draws in full; a spectator's view for None)."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            if live.record.status is not GameStatus.ACTIVE or live.state is None:
                return ()
            viewer = live.record.seat_of(user_id) if user_id is not None else None
            seat = viewer.seat if viewer is not None else None
            turn = await self.turn_of(live)
            return tuple((step.seat, step.said.for_seat(seat)) for step in turn.steps)

    async def turn_start(self, game_id: int) -> int:
        """The ply at which the turn under way began (`GameKind.turn_start`): the ply now when a turn begins
        now, or when the game is not under way."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            if live.record.status is not GameStatus.ACTIVE or live.state is None:
                return live.record.ply_count
            return self.rules_of(live.record).turn_start(live.state)

    async def legal_actions(self, game_id: int, user_id: int) -> tuple[Legal, ...]:
        """What the user may do now (empty when it is not their decision): for buttons and autocomplete."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            self.require(live.record, GameStatus.ACTIVE)
            seat = self.seat_of(live.record, user_id)
            state = live.state
            assert state is not None
            if state.current_player != seat.seat:
                return ()
            rules = self.rules_of(live.record)
            await self.positions.shown(game_id, seat.seat, rules.mark(state))
            followup = rules.is_followup(state)
            return tuple(
                Legal(
                    rules.text(a, public=False),
                    rules.text(a, public=True),
                    rules.action_kind(a),
                    followup,
                    ply=state.ply,
                )
                for a in state.legal_actions()
            )

    async def suggest_actions(self, game_id: int, user_id: int, typed: str) -> tuple[Suggestion, ...]:
        """What to offer the user who is typing ``typed`` as their action now (empty when it is not their
        decision): legal actions matching the text, or the next part of one the game lets a player write
        in parts (`GameKind.complete_action`: e.g. a secret army, entry by entry). Like `legal_actions`,
        it counts as showing the position to the seat."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            self.require(live.record, GameStatus.ACTIVE)
            seat = self.seat_of(live.record, user_id)
            state = live.state
            assert state is not None
            if state.current_player != seat.seat:
                return ()
            rules = self.rules_of(live.record)
            await self.positions.shown(game_id, seat.seat, rules.mark(state))
            return tuple(
                Suggestion(c.text, c.note, dict(c.params), ply=state.ply, kind=live.record.kind)
                for c in rules.complete(state, str(typed))
            )


__all__ = ["Decision", "Play"]
