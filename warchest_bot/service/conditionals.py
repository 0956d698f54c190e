"""Conditional moves: "if they play X, I answer Y" lines a player leaves while the opponent is to move
(issue 27), for the games that declare the ``conditionals`` facet (Point-Buy Chess: perfect information).

**Leaving a line** (`add_conditional`): while it is an opponent's decision, a player writes a line of moves
separated by ``;``: the opponent's move they expect, their answer, then optionally the opponent's next move
and their next answer, and so on (at most `MAX_LINE_MOVES` moves, `MAX_LINES` lines per seat and game). Every
move is checked now by playing the line out from the position: each must be legal, the seats must alternate
as the line says, and the line may not run past the end of the game. Each line is stored in canonical
notation with the ply it expects (`storage.conditionals`). A seat has one answer per opponent's move: a new
line that begins with the same move replaces the older one.

**Playing it** (`conditional_answer`, called by `Play` inside the commit of every accepted decision of such a
game): when the opponent plays the line's first move, the answer is played at once for its owner, in the same
transaction as the triggering move and announced with it through the outbox (the board post says that it
was played as a conditional move); the rest of the line stays, two plies later. Every other line of the game
is settled by that same decision: a line whose expected move was not played, or that expected another ply
(the game left the line: another move, a take-back), is cancelled. A line is also dropped when its answer
is no longer legal, when its owner no longer holds the seat, or when the game ends.

**Who sees them**: only their owner (`conditional_lines`, `cancel_conditional`); nothing is announced when a
line is left or cancelled, so the opponent learns of one only when it is played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..storage import ConditionalRecord, GameRecord, GameStatus
from .core import check_game_id
from .errors import ErrorCode, ServiceError
from .play import Decision, Play
from .rules import GameRules, State
from .turns import TurnSoFar

LINE_SEPARATOR = ";"
MAX_LINE_MOVES = 10
"""The longest line: five moves of the opponent and five answers."""
MAX_LINES = 20
"""Lines one seat may keep in one game."""


@dataclass(frozen=True, slots=True)
class ConditionalLine:
    """One of the player's lines: ``moves`` alternate between the opponent's expected move (first) and
    the player's answer, from ply ``from_ply``; ``number`` is how the player names it (1, 2, … in order)."""

    id: int
    number: int
    game_id: int
    seat: int
    from_ply: int
    moves: tuple[str, ...]


def split_line(text: str) -> list[str]:
    """The moves of a line as written (separated by ``;``, or the Arabic-script ``؛``), empty ones left
    out."""
    return [part.strip() for part in re.split("[;\u061b]", str(text)) if part.strip()]


class ConditionalMoves(Play):
    """Conditional moves in `GameService` (see the module docstring)."""

    @staticmethod
    def _lines_of(records: list[ConditionalRecord]) -> list[ConditionalLine]:
        return [
            ConditionalLine(r.id, n, r.game_id, r.seat, r.from_ply, r.moves)
            for n, r in enumerate(records, start=1)
        ]

    def _facet_rules(self, record: GameRecord) -> GameRules:
        rules = self.rules_of(record)
        if rules.game.facets.conditionals is None:
            raise ServiceError(
                ErrorCode.BAD_OPTIONS,
                "conditional.error.not_this_game",
                game_id=record.id,
                game=rules.game.title,
            )
        return rules

    async def add_conditional(self, game_id: int, user_id: int, line: str) -> ConditionalLine:
        """Leave a line (see the module docstring) in an active game of the user's while an opponent is to
        decide; returns it. Refused with the reason (which move of the line, and why) otherwise."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            live = await self.live_fresh(game_id)
            record = live.record
            self.require(record, GameStatus.ACTIVE)
            seat = self.seat_of(record, user_id)
            rules = self._facet_rules(record)
            facet = rules.game.facets.conditionals
            assert facet is not None and live.state is not None
            state = live.state
            if state.current_player == seat.seat:
                raise ServiceError(ErrorCode.BAD_OPTIONS, "conditional.error.your_turn", game_id=game_id)
            moves = split_line(line)
            if len(moves) < 2 or len(moves) % 2 or len(moves) > MAX_LINE_MOVES:
                raise ServiceError(
                    ErrorCode.BAD_OPTIONS, "conditional.error.shape", game_id=game_id, most=MAX_LINE_MOVES
                )
            team = seat.team
            teams = {s.seat: s.team for s in record.seats}
            position = state.clone()
            canonical: list[str] = []
            for number, text in enumerate(moves, start=1):
                if not facet.conditionals_open(position) or position.is_terminal():
                    raise ServiceError(
                        ErrorCode.BAD_OPTIONS, "conditional.error.ends", game_id=game_id, number=number
                    )
                mine = number % 2 == 0
                acting = position.current_player
                if (acting == seat.seat) != mine or (not mine and teams.get(acting) == team):
                    raise ServiceError(
                        ErrorCode.BAD_OPTIONS, "conditional.error.order", game_id=game_id, number=number
                    )
                try:
                    chosen = rules.parse(position, text, game_id)
                except ServiceError as exc:
                    raise ServiceError(
                        ErrorCode.BAD_OPTIONS,
                        "conditional.error.move",
                        game_id=game_id,
                        number=number,
                        move=text[:40],
                    ) from exc
                canonical.append(rules.text(chosen, public=False))
                position.apply(chosen)
            with self.storage_errors(game_id):
                mine_now = await self.storage.conditionals_of(game_id, seat.seat)
                same = [r.id for r in mine_now if r.moves[0] == canonical[0] and r.from_ply == state.ply]
                if len(mine_now) - len(same) >= MAX_LINES:
                    raise ServiceError(
                        ErrorCode.LIMIT_REACHED, "conditional.error.too_many", game_id=game_id, most=MAX_LINES
                    )
                async with self.committing():
                    if same:
                        await self.storage.delete_conditionals(game_id, ids=same)
                    added = await self.storage.add_conditional(
                        game_id, seat.seat, user_id, from_ply=state.ply, moves=canonical
                    )
                records = await self.storage.conditionals_of(game_id, seat.seat)
        return next(line for line in self._lines_of(records) if line.id == added.id)

    async def conditional_lines(self, game_id: int, user_id: int) -> list[ConditionalLine]:
        """The user's own lines in the game, numbered (nobody else's: they are the owner's secret)."""
        game_id = check_game_id(game_id)
        with self.storage_errors(game_id):
            record = await self.storage.get_game(game_id)
        seat = self.seat_of(record, user_id)
        self._facet_rules(record)
        if record.status is not GameStatus.ACTIVE:
            return []  # a game that ended left every line
        with self.storage_errors(game_id):
            return self._lines_of(await self.storage.conditionals_of(game_id, seat.seat))

    async def cancel_conditional(self, game_id: int, user_id: int, number: int | None = None) -> int:
        """Cancel the user's line ``number`` (as `conditional_lines` numbers them; None: all of them);
        returns how many went. An unknown number is refused."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            with self.storage_errors(game_id):
                record = await self.storage.get_game(game_id)
            seat = self.seat_of(record, user_id)
            self._facet_rules(record)
            with self.storage_errors(game_id):
                lines = self._lines_of(await self.storage.conditionals_of(game_id, seat.seat))
                if number is None:
                    return await self.storage.delete_conditionals(game_id, seat=seat.seat)
                chosen = [line.id for line in lines if line.number == number]
                if not chosen:
                    raise ServiceError(
                        ErrorCode.BAD_OPTIONS, "conditional.error.no_line", game_id=game_id, number=number
                    )
                return await self.storage.delete_conditionals(game_id, ids=chosen, seat=seat.seat)

    async def conditional_answer(
        self, rules: GameRules, record: GameRecord, state: State, step: Decision
    ) -> Decision | None:
        game_id = record.id
        lines = await self.storage.conditionals_of(game_id)
        if not lines:
            return None
        facet = rules.game.facets.conditionals
        assert facet is not None
        after = step.after
        holders = {s.seat: s for s in record.seats}
        found: tuple[ConditionalRecord, Decision] | None = None
        settled: list[int] = []
        playable = step.end is None and step.turn_over and facet.conditionals_open(after)
        for line in lines:
            holder = holders.get(line.seat)
            fits = (
                playable
                and found is None
                and line.from_ply == state.ply
                and line.seat != step.seat
                and line.moves[0] == step.private_text
                and holder is not None
                and holder.user_id == line.user_id
                and after.current_player == line.seat
            )
            if fits and holder is not None:
                try:
                    chosen = rules.action_of(after, line.moves[1])
                except ValueError:
                    chosen = None
                if chosen is not None and chosen in after.legal_actions():
                    turn = TurnSoFar(after.ply, after)
                    found = (line, self.decision(rules, record, after, turn, chosen, holder))
                    continue
            settled.append(line.id)
        if settled:
            await self.storage.delete_conditionals(game_id, ids=settled)
        if found is None:
            return None
        line, answer = found
        rest = line.moves[2:]
        if rest and answer.end is None:
            await self.storage.advance_conditional(line.id, from_ply=answer.after.ply, moves=rest)
        else:
            await self.storage.delete_conditionals(game_id, ids=[line.id])
        return answer


__all__ = [
    "LINE_SEPARATOR",
    "MAX_LINES",
    "MAX_LINE_MOVES",
    "ConditionalLine",
    "ConditionalMoves",
    "split_line",
]
