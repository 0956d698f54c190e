"""(Frozen copy, see __init__.) The greedy player: one-ply look-ahead with the hand-written evaluation.

Each legal action is tried on a determinization of the acting seat's view and scored with
:func:`~warchest_bot.games.warchest.ai.evaluate.evaluate` once the turn is over. Follow-up decisions that the action
triggers (a Swordsman's free move, a Berserker chain, Footman orders, a Warrior Priest draw, the
defender's Royal Guard soak) are part of the look-ahead: the seat that owes each one is assumed to pick
what is best for its own team, so the value of an attack on a Royal Guard accounts for the soak.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Player, draft_pick
from .determinize import Determinizer
from .engine import Action, GameState
from .evaluate import DEFAULT_WEIGHTS, Weights, evaluate

FOLLOWUP_DEPTH = 3
"""How many follow-up decisions deep the look-ahead goes before evaluating anyway."""


def child(g: GameState, action: Action) -> GameState:
    """A copy of ``g`` with ``action`` applied."""
    c = g.clone()
    # The legal-action list of g is still valid for the copy; reusing it saves regenerating it in apply().
    c._legal = g._legal
    c.apply(action)
    return c


def settled_score(
    g: GameState, team: int, depth: int = FOLLOWUP_DEPTH, w: Weights = DEFAULT_WEIGHTS
) -> float:
    """Evaluation of ``g`` for ``team`` once the follow-up decisions of the current turn are resolved,
    each by the seat that owes it, to the best of its team (up to ``depth`` decisions)."""
    if g.result is not None or depth <= 0 or not g.pending:
        v = evaluate(g, w)
        return v if team == 0 else -v
    scores = [settled_score(child(g, a), team, depth - 1, w) for a in g.legal_actions()]
    return max(scores) if acting_team(g) == team else min(scores)


def acting_team(g: GameState) -> int:
    """The team of the seat that decides now (``g`` is not over)."""
    seat = g.current_player
    if seat is None:
        raise ValueError("the game is over: no seat decides")
    return g.team_of[seat]


def action_scores(g: GameState, legal: list[Action], w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """One-ply scores of ``legal`` (the legal actions of ``g``) for the team of the seat to act."""
    team = acting_team(g)
    return [settled_score(child(g, a), team, FOLLOWUP_DEPTH, w) for a in legal]


class GreedyPlayer(Player):
    """Best action by one-ply look-ahead; ties broken at random (seeded)."""

    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(seed)
        self.weights = weights

    def choose_from_view(self, view: Mapping[str, Any]) -> Action:
        rnd = self.decision_rng(view)
        world = Determinizer(view).sample(rnd)
        legal = world.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if world.phase == "draft":
            return draft_pick(legal)
        scores = action_scores(world, legal, self.weights)
        top = max(scores)
        return rnd.choice([a for a, s in zip(legal, scores, strict=True) if s >= top - 1e-9])
