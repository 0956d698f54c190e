"""The turn under way: the decisions made since it began, what each said, and the state it began from.

Every decision is committed as it is made; what is public happens once per turn (the game says where its
turns begin: `GameKind.turn_start`). To post a turn's summary, DM the hands it changed and refuse an undo
across a draw, the service needs the whole turn, not just its last decision. The log is the truth: the live
cache keeps the turn so far (`Live.turn`), and after a restart (or a cache miss) it is rebuilt from the
state where the turn began and the logged decisions since, so a turn interrupted by a crash resumes where it
was and its summary still names every decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import Announcement
from ..storage import ActionRecord
from .rules import GameRules, State


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of a turn: the seat that made it and what it said."""

    seat: int
    said: Announcement


@dataclass(slots=True)
class TurnSoFar:
    """The turn under way: it began at ply ``start`` in state ``first``; ``steps`` are its decisions since
    (``start + len(steps)`` is the ply now); ``drew``: one of them drew hidden or random information."""

    start: int
    first: State
    steps: list[Step] = field(default_factory=list)
    drew: bool = False

    @property
    def ply(self) -> int:
        """The ply the turn has reached."""
        return self.start + len(self.steps)

    @property
    def movers(self) -> frozenset[int]:
        """The seats that decided in this turn so far."""
        return frozenset(step.seat for step in self.steps)

    def fits(self, rules: GameRules, state: State) -> bool:
        """Whether this is the turn under way in ``state``."""
        return self.ply == state.ply and rules.turn_start(state) == self.start

    def with_step(self, rules: GameRules, before: State, action: Any, after: State, seat: int) -> TurnSoFar:
        """This turn with the decision ``action`` of ``seat`` (``before`` → ``after``) added."""
        step = Step(seat, rules.announce(before, action, after, seat))
        return TurnSoFar(self.start, self.first, [*self.steps, step], self.drew or rules.drew(before, after))


def replay_turn(rules: GameRules, first: State, entries: Sequence[ActionRecord]) -> tuple[TurnSoFar, State]:
    """The turn that began in state ``first`` (not changed) after the logged decisions ``entries`` since
    it began, and the state they reach. Raises the game's ValueErrors for a log that does not fit."""
    turn = TurnSoFar(first.ply, first)
    state = first.clone()
    for entry in entries:
        action = rules.action_of(state, entry.notation)
        after = state.clone()
        after.apply(action)
        seat = entry.seat if entry.seat is not None else state.current_player
        turn = turn.with_step(rules, state, action, after, int(seat))
        state = after
    return turn, state


__all__ = ["Step", "TurnSoFar", "replay_turn"]
