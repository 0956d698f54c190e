"""War Chest puzzles: positions with one clearly best move, seen from one seat.

A puzzle is stored as the solver's view (``GameState.view_for(seat)``: the board, every public zone, the
solver's own hand, bag contents and face-down discard, and only *counts* of the other seats' hands, bags
and face-down discards; no RNG state, no seed) plus its solution and theme. It never holds what the solver
could not know, so nothing hidden can leak into its picture or text.

Themes and the property each solution has (checked by :func:`check_puzzle`, used by the generator and by
the tests over :data:`CHECK_SAMPLES` determinizations of the view, fixed seeds; the win and capture checks
depend only on the solver's own coins and the board, so they hold in every determinization):

- ``win``: the solution places the solver's team's last control marker (the game is won on the spot),
  and no other legal action wins at once.
- ``defend``: the other team threatens to place its last control marker with its next coin; after the
  solution it cannot in any sampled determinization, while after every other legal action it can in at
  least one (the solver's follow-up decisions, if the action triggers any, are played at their best).
- ``capture``: the solution removes an enemy unit from the board (its last coin on the board eliminated),
  and no other legal action does.

Every shipped puzzle was also confirmed by the search AI at a high budget from the solver's view: its
solution was the search's choice and beat the second best move by a clear margin (``search`` in the data).
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..ai.determinize import Determinizer
from ..engine import Action, GameState
from ..engine.actions import ATTACK, CONTROL, TACTIC

THEMES = ("win", "defend", "capture")
CHECK_SAMPLES = 24
"""Determinizations of the view each check runs over (seeds 0..CHECK_SAMPLES-1)."""
FOLLOWUP_DEPTH = 3


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``view`` is the solver's view (the position), ``solution`` the action text."""

    id: str
    theme: str
    view: dict[str, Any]
    solution: str
    rating: float = 1500.0
    source: str = ""
    search: dict[str, Any] = field(default_factory=dict)

    @property
    def seat(self) -> int:
        return int(self.view["viewer"])

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "theme": self.theme,
            "rating": self.rating,
            "solution": self.solution,
            "source": self.source,
            "search": self.search,
            "view": self.view,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        return cls(
            id=str(data["id"]),
            theme=str(data["theme"]),
            view=dict(data["view"]),
            solution=str(data["solution"]),
            rating=float(data.get("rating", 1500.0)),
            source=str(data.get("source", "")),
            search=dict(data.get("search", {})),
        )

    def worlds(self, samples: int = CHECK_SAMPLES) -> list[GameState]:
        """Complete states consistent with the view (fixed seeds 0..samples-1)."""
        det = Determinizer(self.view)
        return [det.sample(random.Random(k)) for k in range(samples)]

    def state(self) -> GameState:
        """One complete state consistent with the view (seed 0): for legal actions and notation, which
        depend only on what the solver sees."""
        return self.worlds(1)[0]

    def legal_texts(self) -> list[str]:
        g = self.state()
        return [g.format_action(a) for a in g.legal_actions()]

    def solution_action(self) -> Action:
        return self.state().parse_action(self.solution)

    def is_solution(self, text: str) -> bool:
        """Whether ``text`` (notation) names the solution; raises the engine's notation errors."""
        return self.state().parse_action(text) == self.solution_action()


# ------------------------------------------------------------------------------------------ properties
def _team(g: GameState) -> int:
    seat = g.current_player
    if seat is None:
        raise ValueError("the game is over")
    return g.team_of[seat]


def _after(g: GameState, a: Action) -> GameState:
    c = g.clone()
    c.apply(a)
    return c


def wins_at_once(g: GameState, a: Action) -> bool:
    """Whether ``a`` ends the game with a win for the acting seat's team."""
    team = _team(g)
    return _after(g, a).winner == team


def _opponent_can_win(g: GameState, team: int, depth: int = FOLLOWUP_DEPTH) -> bool:
    """Whether, from ``g`` (after ``team``'s action), the other team can win with its next decision; the
    decisions ``team`` still owes first are played at their best for ``team``."""
    if g.result is not None:
        return g.result.winner is not None and g.result.winner != team
    legal = g.legal_actions()
    if _team(g) == team:
        if depth <= 0 or not g.pending:
            return False  # the solver's team plays again: no immediate threat this turn
        return all(_opponent_can_win(_after(g, a), team, depth - 1) for a in legal)
    return any(wins_at_once(g, a) for a in legal if a.kind == CONTROL or a.kind == TACTIC)


def threat_after(g: GameState, a: Action) -> bool:
    """Whether the other team can win at once after the acting team plays ``a`` in ``g``."""
    team = _team(g)
    return _opponent_can_win(_after(g, a), team)


def _enemy_units(g: GameState, team: int) -> set[tuple[int, int]]:
    return {(h, st[1]) for h, st in enumerate(g.stacks) if st is not None and g.team_of[st[0]] != team}


def captures(g: GameState, a: Action) -> bool:
    """Whether ``a`` removes an enemy unit from the board (without waiting for a soak decision)."""
    if a.kind not in (ATTACK, TACTIC):
        return False
    team = _team(g)
    after = _after(g, a)
    if any(p.kind == "soak" for p in after.pending):
        return False
    return len(_enemy_units(after, team)) < len(_enemy_units(g, team))


def solving_actions(theme: str, worlds: Iterable[GameState]) -> list[Action]:
    """The legal actions that have the theme's property in the given determinizations (see the module
    docstring); a good puzzle has exactly one."""
    worlds = list(worlds)
    legal = worlds[0].legal_actions()
    if theme == "win":
        return [a for a in legal if all(wins_at_once(w, a) for w in worlds)]
    if theme == "capture":
        return [a for a in legal if all(captures(w, a) for w in worlds)]
    if theme == "defend":
        safe = [a for a in legal if not any(threat_after(w, a) for w in worlds)]
        return safe if len(safe) < len(legal) else []  # nothing to defend when every action is safe
    raise ValueError(f"unknown theme {theme!r}")


def check_puzzle(p: Puzzle, samples: int = CHECK_SAMPLES) -> list[str]:
    """What is wrong with a puzzle (empty: it is sound): a valid view, a legal solution, and the solution
    the one legal action with its theme's property (module docstring)."""
    problems: list[str] = []
    if p.theme not in THEMES:
        return [f"{p.id}: unknown theme {p.theme!r}"]
    try:
        worlds = p.worlds(samples)
    except Exception as exc:  # a position that does not load is exactly what this reports
        return [f"{p.id}: the view does not load: {exc}"]
    g = worlds[0]
    if g.current_player != p.seat:
        problems.append(f"{p.id}: seat {p.seat} is not the one to act")
    try:
        solution = g.parse_action(p.solution)
    except Exception as exc:
        return [*problems, f"{p.id}: the solution {p.solution!r} is not legal: {exc}"]
    found = solving_actions(p.theme, worlds)
    if found != [solution]:
        problems.append(
            f"{p.id}: {p.theme} is met by {[g.format_action(a) for a in found]}, not just {p.solution!r}"
        )
    return problems


# ------------------------------------------------------------------------------------------ the data
@functools.cache
def load_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles shipped in ``data/*.json`` (each file a list of puzzles), sorted by id."""
    out: list[Puzzle] = []
    folder = resources.files(__package__).joinpath("data")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            out.extend(Puzzle.from_json(d) for d in json.loads(entry.read_text(encoding="utf-8")))
    return tuple(sorted(out, key=lambda p: p.id))


def puzzle_by_id(puzzle_id: str) -> Puzzle | None:
    return next((p for p in load_puzzles() if p.id == puzzle_id), None)


__all__ = [
    "CHECK_SAMPLES",
    "THEMES",
    "Puzzle",
    "captures",
    "check_puzzle",
    "load_puzzles",
    "puzzle_by_id",
    "solving_actions",
    "threat_after",
    "wins_at_once",
]
