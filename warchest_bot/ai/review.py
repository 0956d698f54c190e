"""The review of a finished game, for any game of the interface whose computer player can value a decision.

How a review is made (`decisions` → `appraise` in a worker per decision → `assemble`):

1. `decisions` replays the stored game (in the service, which alone holds the seed) and keeps, for every
   decision that had a choice (more than one legal action), the deciding seat, **that seat's own view**
   (``view_for(seat)`` before it decided: its own hidden information, nobody else's, never the seed) and the
   action it played (its own canonical text). Nothing else leaves the service.
2. `appraise` (a module-level function of plain data: it pickles for the AI worker processes) hands one
   decision to the ``review_decision(view, played, budget, seed)`` of its game's review facet
   (`warchest_bot.games.facets.Review`). The game's
   search values, from that view alone, the move it prefers and the move that was played, as **win chances
   of the mover's team** (0..1), names both moves in public notation, and says in one catalogue sentence
   what the preferred move wins or prevents, from comparing the two positions they lead to. A game whose
   AI exposes no value declares no review facet (nothing to review).
3. `assemble` puts the appraisals together: the win chance of each team after every reviewed move (for the
   curve: the mover's chance after the move it played, turned into team 0's), the cost of each move (the
   preferred move's chance minus the played move's: how much the mover's chance dropped against the move
   the AI preferred), and marks the costliest moves: at most `MARKS_PER_SEAT` per seat, each costing at
   least `MIN_LOSS`.

How the win chance is calibrated is each game's (its ``review_decision``'s docstring says): a game maps
its search value through a logistic curve whose scale is its evaluation's own (e.g. ``1 / (1 + exp(-value /
3))`` for a value in Pawns), and a proven win or loss to 1 or 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

REVIEW_VERSION = 1
"""Stored with every review: a review made by an older algorithm is made again."""
MARKS_PER_SEAT = 3
"""The costliest moves marked per seat."""
MIN_LOSS = 0.05
"""A move is marked only if it cost at least this much win chance (5 points): smaller drops are noise."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision to review, as the service hands it to a worker: only the deciding seat's view."""

    ply: int
    """The ply of the decision (the position before it had ``ply`` actions)."""
    seat: int
    team: int
    view: Mapping[str, Any]
    """``view_for(seat)`` of the position before the decision (never the seed, never others' secrets)."""
    played: str
    """The action the seat played, in its own (canonical) notation."""


@dataclass(frozen=True, slots=True)
class Appraisal:
    """A game's judgement of one decision from the deciding seat's view (its review facet's
    ``review_decision``)."""

    played_chance: float
    """The mover's team's win chance after the move played (0..1)."""
    best_chance: float
    """The mover's team's win chance after the move the search preferred."""
    played: str
    """The move played, in public notation (what every player may see)."""
    best: str
    """The preferred move, in public notation (the same as ``played`` when the search agreed)."""
    reason: str | None = None
    """Catalogue key of the sentence saying what the preferred move wins or prevents (None: agreed)."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """The values the sentence names (a hex, a square: plain notation)."""


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One reviewed move."""

    ply: int
    seat: int
    team: int
    played: str
    best: str
    chance: float
    """The mover's team's win chance after the move played."""
    best_chance: float
    reason: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    marked: bool = False

    @property
    def loss(self) -> float:
        """How much win chance the move cost against the preferred one (never below 0)."""
        return max(0.0, self.best_chance - self.chance) if self.played != self.best else 0.0

    def chance_of(self, team: int) -> float:
        """``team``'s win chance after the move (two teams: the other team has the rest)."""
        return self.chance if team == self.team else 1.0 - self.chance


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one finished game: every reviewed move in ply order, the costliest marked."""

    kind: str
    plies: int
    """How many actions the game had."""
    budget: int
    moves: tuple[MoveReview, ...]
    version: int = REVIEW_VERSION

    @property
    def marked(self) -> list[MoveReview]:
        """The marked moves, in ply order."""
        return [m for m in self.moves if m.marked]

    def curve(self, team: int = 0) -> list[tuple[int, float]]:
        """``team``'s win chance over the game: (ply after the move, chance), from 50% at ply 0."""
        return [(0, 0.5)] + [(m.ply + 1, m.chance_of(team)) for m in self.moves]

    def to_json(self) -> dict[str, Any]:
        """The review as JSON data (what the cache stores)."""
        return {
            "version": self.version,
            "kind": self.kind,
            "plies": self.plies,
            "budget": self.budget,
            "moves": [{**asdict(m), "params": dict(m.params)} for m in self.moves],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Review:
        """A review `to_json` wrote."""
        return cls(
            kind=str(data["kind"]),
            plies=int(data["plies"]),
            budget=int(data["budget"]),
            moves=tuple(MoveReview(**m) for m in data["moves"]),
            version=int(data.get("version", 0)),
        )


def decisions(game: Any, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> list[Decision]:
    """The decisions of a stored game that had a choice, each with its seat's own view (see the module
    docstring). ``game`` is the `GameKind`; the seed is used here only, to replay the log."""
    state = game.new_state(options, seed)
    teams = game.teams(game.players_of(options))
    out: list[Decision] = []
    for text in log:
        seat = state.current_player
        legal = state.legal_actions()
        action = game.parse_action(state, text)
        if seat is not None and len(legal) > 1:
            out.append(
                Decision(
                    ply=state.ply,
                    seat=seat,
                    team=teams[seat],
                    view=state.view_for(seat),
                    played=game.format_action(state, action),
                )
            )
        state.apply(action)
    return out


def appraise(kind: str, decision: Decision, budget: int | None, seed: int) -> Appraisal | None:
    """One decision appraised by its game from the deciding seat's view alone (runs in a worker process:
    plain data in, plain data out)."""
    from warchest_bot.games import get_game

    review = get_game(kind).facets.review
    if review is None:  # a game that cannot review: no decision is judged
        return None
    return review.review_decision(decision.view, decision.played, budget, seed)


def assemble(
    kind: str,
    plies: int,
    budget: int,
    found: Sequence[tuple[Decision, Appraisal | None]],
    *,
    marks_per_seat: int = MARKS_PER_SEAT,
    min_loss: float = MIN_LOSS,
) -> Review:
    """The review from the appraised decisions (those the game did not judge are left out): the costliest
    moves of each seat (at least ``min_loss``, at most ``marks_per_seat`` each) are marked."""
    moves = [
        MoveReview(
            ply=d.ply,
            seat=d.seat,
            team=d.team,
            played=a.played,
            best=a.best,
            chance=min(1.0, max(0.0, a.played_chance)),
            best_chance=min(1.0, max(0.0, a.best_chance)),
            reason=a.reason,
            params=dict(a.params),
        )
        for d, a in found
        if a is not None
    ]
    moves.sort(key=lambda m: m.ply)
    marked: set[int] = set()
    for seat in sorted({m.seat for m in moves}):
        costly = sorted(
            (n for n, m in enumerate(moves) if m.seat == seat and m.loss >= min_loss),
            key=lambda n: -moves[n].loss,
        )
        marked.update(costly[:marks_per_seat])
    final = tuple(
        MoveReview(**{**asdict(m), "params": dict(m.params), "marked": n in marked})
        for n, m in enumerate(moves)
    )
    return Review(kind=kind, plies=plies, budget=budget, moves=final)


__all__ = [
    "MARKS_PER_SEAT",
    "MIN_LOSS",
    "REVIEW_VERSION",
    "Appraisal",
    "Decision",
    "MoveReview",
    "Review",
    "appraise",
    "assemble",
    "decisions",
]
