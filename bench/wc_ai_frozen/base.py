"""(Frozen copy, see __init__.) The common interface of computer players, the random baseline, and helpers they share."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .engine import Action, GameState, format_action
from .engine.actions import DECLINE, PASS, PICK, SOAK
from .engine.units import (
    ARCHER,
    BANNERMAN,
    BERSERKER,
    BISHOP,
    CAVALRY,
    CROSSBOWMAN,
    EARL,
    ENSIGN,
    FOOTMAN,
    HERALD,
    KNIGHT,
    LANCER,
    LIGHT_CAVALRY,
    MARSHALL,
    MERCENARY,
    PIKEMAN,
    ROYAL_GUARD,
    SAPPER,
    SCOUT,
    SIEGE_TOWER,
    SWORDSMAN,
    TREBUCHET,
    WAR_WAGON,
    WARRIOR_PRIEST,
)

_MASK = (1 << 64) - 1

# A rough strength order for draft picks (strongest first); the draft is not searched.
DRAFT_ORDER: tuple[int, ...] = (
    LANCER,
    KNIGHT,
    ROYAL_GUARD,
    CROSSBOWMAN,
    ARCHER,
    TREBUCHET,
    SWORDSMAN,
    BERSERKER,
    MARSHALL,
    SIEGE_TOWER,
    BISHOP,
    LIGHT_CAVALRY,
    CAVALRY,
    EARL,
    WARRIOR_PRIEST,
    WAR_WAGON,
    HERALD,
    FOOTMAN,
    SAPPER,
    BANNERMAN,
    PIKEMAN,
    SCOUT,
    ENSIGN,
    MERCENARY,
)


class Player:
    """A computer player. :meth:`choose` returns one of ``g.legal_actions()`` for ``g.current_player``.

    Players receive the real game state, but everything hidden from the acting seat must only be taken
    from ``g.view_for(g.current_player)``; the greedy and search players call :meth:`choose_from_view`
    and never touch the real state again.
    """

    name = "player"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed & _MASK
        self.stats: dict = {}
        """Figures about the last decision (e.g. search iterations)."""

    def choose(self, g: Any) -> Any:
        """The decision for ``g``, a state of either engine: the frozen one (`.engine`) or the product's.
        The player thinks from the view only, on the frozen engine, and its action is handed back as
        ``g``'s own (by its notation, which both engines write alike)."""
        return as_action_of(g, self.choose_from_view(g.view_for(g.current_player)))

    def choose_from_view(self, view: Mapping[str, Any]) -> Action:
        raise NotImplementedError

    def decision_rng(self, view: Mapping[str, Any]) -> random.Random:
        """A random generator that depends only on the player's seed and the decision (its ply), so a
        decision is a pure function of (seed, view) under an iteration budget."""
        return random.Random(f"{self.seed}:{view.get('ply', 0)}:{view.get('viewer')}")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"


class RandomPlayer(Player):
    """Uniform over the legal actions (a baseline). Legal actions are public to the acting seat."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rnd = random.Random(self.seed)

    def choose(self, g: GameState) -> Action:
        return self._rnd.choice(g.legal_actions())


def as_action_of(g: Any, action: Action) -> Any:
    """``action`` (the frozen engine's) as the action of ``g``'s engine."""
    if isinstance(g, GameState):
        return action
    return g.parse_action(format_action(None, action))


def draft_pick(legal: list[Action]) -> Action:
    """The draft pick from :data:`DRAFT_ORDER`."""
    picks = {a.unit: a for a in legal if a.kind == PICK}
    for u in DRAFT_ORDER:
        if u in picks:
            return picks[u]
    return legal[0]


def default_followup(legal: list[Action]) -> Action:
    """A cheap answer to a follow-up decision: soak if possible, else decline, else pass, else the first."""
    for kind in (SOAK, DECLINE, PASS):
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]
