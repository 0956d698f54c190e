"""Computer players for Castles, deciding from the acting seat's own view only.

>>> from warchest_bot.games.castles.ai import make_player
>>> bot = make_player("normal", seed=1)         # or "easy", "hard", "random", "novice", "greedy", ...
>>> action = bot.choose(state)                  # doctest: +SKIP  (one of state.legal_actions())

The view hides the other seat's hand and face-down card and both decks' order, and the seed that draws
the bags and the die. A player that looks ahead fills them in at random (`codec.position_from_view`: a
*determinization*) with a seed of its own, so every die and draw it imagines is a fresh sample.

- ``random``: uniform over the legal actions (seeded).
- ``greedy`` (level easy): the action with the best *quick score* (`quick_score`: what the action does at
  once — an attack's chance of success times what it removes, a castle or key area entered, a deploy, an
  event's worth — without looking further), and for the face-down card the best card it can pay for.
- ``novice`` (level easy): the greedy choice made carelessly: any action within `NOVICE_SLACK` of the best
  quick score, at random.
- ``sampler`` (level normal) and ``deep`` (level hard): each of the best few actions (by quick score) is
  tried on a few determinizations, each followed by a playout by the quick policy of both seats through
  the other seat's reply (normal: 3 samples of 5 candidates; hard: 10 samples of 8 candidates, every
  candidate of a sample meeting the same dice and draws); the action whose playouts end with the best evaluation (`evaluate`: tokens,
  castles, material, position, bag and coins) on average is played. The number of samples is fixed (a
  decision is a pure function of the seed and the view); a wall-clock budget (300 ms normal, 1 s hard)
  stops the sampling early on a slow machine, before a sample that would overrun it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .codec import position_from_view
from .engine import (
    END,
    SKIP,
    CastlesAction,
    apply,
    attack_number,
    legal_actions,
)
from .rules import (
    KEY_AREAS,
    MAX_COINS,
    card_cost,
    is_unit_card,
)
from .state import ALL_SQUARES, Position, square_coords

_MASK = (1 << 64) - 1
WIN = 1000.0

UNIT_VALUE: dict[str, float] = {
    "So": 2.0,
    "Sc": 2.2,
    "Ar": 3.2,
    "Pk": 3.0,
    "Ax": 3.0,
    "Bn": 2.6,
    "Kn": 4.2,
    "Ch": 5.5,
}
"""What a unit on the board is worth to the players (on a scale where a token is 10)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's terms."""

    token: float = 10.0
    castle: float = 6.0
    on_key_area: float = 4.0
    advance: float = 0.35
    bag_piece: float = 0.9
    bag_type: float = 1.6
    coin: float = 0.35
    threat: float = 0.45


DEFAULT_WEIGHTS = Weights()


# --- evaluation ------------------------------------------------------------------------------------------
def _chebyshev(a: str, b: str) -> int:
    fa, ra = square_coords(a)
    fb, rb = square_coords(b)
    return max(abs(fa - fb), abs(ra - rb))


_DISTANCES = {(a, b): _chebyshev(a, b) for a in ALL_SQUARES for b in ALL_SQUARES}


def _distance(a: str, b: str) -> int:
    return _DISTANCES[(a, b)]


def _objectives(pos: Position, seat: int) -> list[str]:
    targets = [c.square for c in pos.castles if c.owner != seat and not c.taken]
    return targets + list(KEY_AREAS)


def _success(needed: int) -> float:
    return max(0, min(6, needed)) / 6.0


def _threats(pos: Position, seat: int) -> float:
    """What ``seat``'s units threaten to remove next (chance × value), summed."""
    from .engine import attack_targets

    total = 0.0
    for square, unit in pos.board.of(seat):
        best = 0.0
        for target in attack_targets(pos.board, square, unit):
            victim = pos.board.at(target)
            assert victim is not None
            best = max(best, _success(attack_number(pos, square, target)) * UNIT_VALUE[victim.kind])
        total += best
    return total


def side_score(pos: Position, seat: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """How well ``seat`` stands, on its own."""
    side = pos.side(seat)
    score = side.tokens * w.token
    score += w.castle * sum(1 for c in pos.castles if c.owner != seat and c.taken)
    objectives = _objectives(pos, seat)
    for square, unit in pos.board.of(seat):
        score += UNIT_VALUE[unit.kind]
        if square in KEY_AREAS:
            score += w.on_key_area
        nearest = min(_distance(square, target) for target in objectives)
        score += w.advance * (6 - nearest)
    score += w.bag_piece * (side.bag.total() + len(side.drawn) - len(side.deployed))
    score += w.bag_type * len(set(side.bag.types()) | set(side.drawn))
    score += w.coin * side.coins
    score += w.threat * _threats(pos, seat)
    return score


def evaluate(pos: Position, seat: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """How well ``seat`` stands against the other seat (a won game is +1000, a lost one −1000)."""
    if pos.result is not None:
        if pos.result.winner is None:
            return 0.0
        return WIN if pos.result.winner == seat else -WIN
    return side_score(pos, seat, w) - side_score(pos, 1 - seat, w)


# --- the quick policy --------------------------------------------------------------------------------------
def card_worth(pos: Position, seat: int, card: str) -> float:
    """How much putting ``card`` face down is worth to ``seat`` now (unaffordable cards nothing)."""
    side = pos.side(seat)
    cost = card_cost(card)
    if cost > side.coins:
        return -1.0
    if is_unit_card(card):
        on_board = sum(1 for _, u in pos.board.of(seat) if u.kind == card)
        worth = UNIT_VALUE[card] * (1.0 if side.reserve[card] else 0.3) + 0.8 * min(on_board, 2)
    else:
        worth = {"Tx": 1.6, "Rc": 3.0, "Mu": 2.4, "Ma": 2.0, "Sb": 1.5, "Cg": 1.2, "Cm": 2.6, "Rf": 5.0}[card]
        if card == "Tx" and side.coins >= MAX_COINS - 1:
            worth = 0.0
    return worth - 0.3 * cost


def quick_score(pos: Position, action: CastlesAction) -> float:
    """What ``action`` does at once for the seat to act (no look-ahead)."""
    seat = pos.to_move
    verb = action.verb
    if verb == "pick":
        return card_worth(pos, seat, action.card)
    if verb in ("end", "skip"):
        return 0.0
    if verb == "event":
        return {"Tx": 1.5, "Rc": 2.5, "Mu": 2.0, "Sb": 1.0, "Cg": 0.3}.get(action.card, 0.5)
    score = 0.0
    if verb == "deploy":
        own = len(pos.board.of(seat))
        score = 2.0 + UNIT_VALUE[action.unit] * 0.5 + (1.5 if own < 4 else 0.0)
        nearest = min(_distance(action.target, t) for t in _objectives(pos, seat))
        return score + 0.2 * (6 - nearest)
    target = action.target
    if verb == "attack":
        victim = pos.board.at(target)
        assert victim is not None
        p = _success(attack_number(pos, action.source, target))
        score = p * (UNIT_VALUE[victim.kind] + 2.0)
        castle = pos.castle_at(target)
        if action.unit != "Ar":
            if castle is not None and castle.owner != seat and not castle.taken:
                score += p * 12.0
            if target in KEY_AREAS:
                score += p * 3.0
        if action.unit == "Ax":
            score -= (1 - p) * UNIT_VALUE["Ax"]
        return score
    # a move
    castle = pos.castle_at(target)
    if castle is not None and castle.owner != seat and not castle.taken:
        return 14.0
    if target in KEY_AREAS and action.source not in KEY_AREAS:
        score += 4.0
    if action.source in KEY_AREAS:
        score -= 4.0
    objectives = _objectives(pos, seat)
    before = min(_distance(action.source, t) for t in objectives)
    after = min(_distance(target, t) for t in objectives)
    score += 0.8 * (before - after)
    return score


def quick_choice(pos: Position, rng: random.Random | None = None) -> CastlesAction:
    """The quick policy: the legal action with the best quick score (ties: the first, or at random)."""
    actions = legal_actions(pos)
    scores = [quick_score(pos, a) for a in actions]
    best = max(scores)
    top = [a for a, s in zip(actions, scores, strict=True) if s >= best - 1e-9]
    return top[0] if rng is None else rng.choice(top)


# --- players -------------------------------------------------------------------------------------------------
class CastlesPlayer:
    """Common ground: ``choose(state)`` is ``choose_from_view(state.view_for(seat))`` (games/base.py
    Player); a decision depends only on the player's seed and the view."""

    name = "player"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed & _MASK
        self.stats: dict[str, Any] = {}
        """Figures about the last decision (samples played)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"

    def rng(self, view: Mapping[str, Any]) -> random.Random:
        """A generator that depends only on the seed and the decision."""
        return random.Random(f"{self.seed}:{view.get('ply', 0)}:{view.get('seat')}")

    def choose(self, state: Any) -> CastlesAction:
        """The action for ``state.current_player``, from its view."""
        return self.choose_from_view(state.view_for(state.current_player))

    def choose_from_view(self, view: Mapping[str, Any]) -> CastlesAction:
        """The action from the acting seat's view alone."""
        rng = self.rng(view)
        pos = position_from_view(view, rng)
        actions = legal_actions(pos)
        if len(actions) == 1:
            return actions[0]
        return self.decide(view, pos, actions, rng)

    def decide(
        self, view: Mapping[str, Any], pos: Position, actions: Sequence[CastlesAction], rng: random.Random
    ) -> CastlesAction:
        """The choice among ``actions`` (more than one) of position ``pos`` (one determinization)."""
        raise NotImplementedError


class RandomPlayer(CastlesPlayer):
    """Uniform over the legal actions (seeded)."""

    name = "random"

    def decide(
        self, view: Mapping[str, Any], pos: Position, actions: Sequence[CastlesAction], rng: random.Random
    ) -> CastlesAction:
        """Any legal action."""
        return rng.choice(list(actions))


class GreedyPlayer(CastlesPlayer):
    """The quick policy (`quick_choice`): the best action by what it does at once; with ``slack``, any
    action within ``slack`` of the best score, at random (a beginner's play)."""

    name = "greedy"

    def __init__(self, seed: int = 0, *, slack: float = 0.0) -> None:
        super().__init__(seed)
        self.slack = slack

    def decide(
        self, view: Mapping[str, Any], pos: Position, actions: Sequence[CastlesAction], rng: random.Random
    ) -> CastlesAction:
        """The best quick score (or one near it)."""
        if not self.slack:
            return quick_choice(pos, rng)
        scores = [quick_score(pos, a) for a in actions]
        best = max(scores)
        near = [a for a, s in zip(actions, scores, strict=True) if s >= best - self.slack]
        return rng.choice(near)


class SamplerPlayer(CastlesPlayer):
    """Determinized playouts (module docstring): ``width`` candidates, ``samples`` playouts each, every
    playout going on until ``horizon`` new turns have begun (the face-down picks count as one: 1 stops at
    the end of the own turn, 3 after the other seat's reply). ``paired``: within a sample every candidate
    meets the same dice and draws (common random numbers: the comparison is fairer at the same cost)."""

    name = "sampler"

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = 6,
        width: int = 6,
        horizon: int = 3,
        paired: bool = False,
        budget_ms: float | None = 300.0,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        super().__init__(seed)
        self.samples = samples
        self.width = width
        self.horizon = horizon
        self.paired = paired
        self.budget_ms = budget_ms
        self.weights = weights

    def decide(
        self, view: Mapping[str, Any], pos: Position, actions: Sequence[CastlesAction], rng: random.Random
    ) -> CastlesAction:
        """The candidate whose playouts end best on average."""
        seat = pos.to_move
        ranked = sorted(actions, key=lambda a: -quick_score(pos, a))
        candidates = ranked[: self.width]
        for keep in (END, SKIP):
            if keep in actions and keep not in candidates:
                candidates.append(keep)
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000.0
        totals = [0.0] * len(candidates)
        played = 0
        last = 0.0
        for sample in range(self.samples):
            began = time.perf_counter()
            if deadline is not None and sample and began + last > deadline:
                break  # another sample would overrun the budget
            world = pos if sample == 0 else position_from_view(view, rng)
            shared = rng.getrandbits(48)
            for n, action in enumerate(candidates):
                seed = shared if self.paired else rng.getrandbits(48)
                totals[n] += self._playout(world, action, seat, seed)
            played += 1
            last = time.perf_counter() - began
        self.stats = {"samples": played, "candidates": len(candidates)}
        best = max(range(len(candidates)), key=lambda n: totals[n])
        return candidates[best]

    def _playout(self, pos: Position, action: CastlesAction, seat: int, seed: int) -> float:
        ties = random.Random(seed)
        pos = apply(pos, action, seed, check=False)
        turns_left = self.horizon
        turn_from = pos.turn_from
        steps = 0
        while pos.result is None and steps < 120:
            if pos.turn_from != turn_from:  # a new turn (or the picks) began
                turn_from = pos.turn_from
                turns_left -= 1
            if turns_left <= 0:
                break
            pos = apply(pos, quick_choice(pos, ties), seed, check=False)
            steps += 1
        return evaluate(pos, seat, self.weights)


LEVELS: dict[str, tuple[str, float | None]] = {
    "easy": ("novice", None),
    "normal": ("sampler", 300.0),
    "hard": ("deep", 1000.0),
}
"""Difficulty levels: player name and think time per decision (ms)."""
PLAYER_NAMES = ("random", "novice", "greedy", "sampler", "deep")
NOVICE_SLACK = 2.5
"""How far below the best quick score the easy player's choices may be."""
SAMPLER = {"samples": 3, "width": 5, "horizon": 3, "paired": False}
DEEP = {"samples": 10, "width": 8, "horizon": 3, "paired": True}


def make_player(level: str, seed: int = 0, *, budget_ms: float | None = None) -> CastlesPlayer:
    """A player by level (``easy``, ``normal``, ``hard``) or name (``random``, ``greedy``, ``sampler``,
    ``deep``); ``budget_ms`` overrides the level's think time."""
    key = level.strip().lower()
    if key in LEVELS:
        key, level_budget = LEVELS[key]
        if budget_ms is None:
            budget_ms = level_budget
    if key == "random":
        return RandomPlayer(seed)
    if key == "greedy":
        return GreedyPlayer(seed)
    if key == "novice":
        return GreedyPlayer(seed, slack=NOVICE_SLACK)
    if key == "sampler":
        return SamplerPlayer(seed, budget_ms=300.0 if budget_ms is None else budget_ms, **SAMPLER)  # type: ignore[arg-type]
    if key == "deep":
        return SamplerPlayer(seed, budget_ms=1000.0 if budget_ms is None else budget_ms, **DEEP)  # type: ignore[arg-type]
    raise ValueError(f"unknown player {level!r}; choose one of {', '.join(PLAYER_NAMES + tuple(LEVELS))}")


__all__ = [
    "DEFAULT_WEIGHTS",
    "GreedyPlayer",
    "LEVELS",
    "PLAYER_NAMES",
    "RandomPlayer",
    "SamplerPlayer",
    "Weights",
    "evaluate",
    "make_player",
    "quick_choice",
    "quick_score",
]
