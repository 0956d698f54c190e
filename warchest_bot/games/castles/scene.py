"""What a picture or a description of Castles shows, read from a view (the engine's ``view_for``): the
units, castles and key areas on the board, each side's coins, tokens, bag, hand, deck, face-down or
revealed card and drawn pieces, the die's last roll and the result. Pictures and alt text read views only
through `scene_of`, so nothing a view leaves out (another seat's hand, a face-down card before the
reveal, the bag's order) can be drawn or described.

The view is the engine's (`codec.view_of`): ``board`` (``[square, owner, kind]``), ``castles``
(``[square, owner, taken]``), ``sides`` (per seat: ``coins``, ``tokens``, ``bag`` and ``reserve`` as
counts by code, ``hand`` (the seat's own cards, else None) and ``hand_count``, ``deck`` (a count),
``drawn``, ``used``, ``facedown`` (the seat's own card code; ``true`` for a card lying face down before
the reveal; None)), ``revealed`` (each seat's card once both are in), ``last_roll`` (``[seat, unit,
source, target, needed, value]``), ``round``, ``phase``, ``to_move``, ``ply``, ``seat`` and ``result``
(``[winner, reason]``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...i18n import t
from . import messages as messages  # the game's words: importing them adds them to the catalogue
from .rules import CARD_CODES, KEY_AREAS, card_cost, is_unit_card
from .state import square_coords

_MOVE = re.compile(r"\b([a-g][1-7])([-x])([a-g][1-7])\b")
_PLACE = re.compile(r"\b([a-g][1-7])\s*$")

Square = tuple[int, int]
"""(file, rank), both from 0: a1 is (0, 0)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A unit on the board: its owner, its type's code and its square."""

    owner: int
    code: str
    square: Square


@dataclass(frozen=True, slots=True)
class Castle:
    """A castle: its square, its owner and the seat that took it (None: still standing)."""

    owner: int
    square: Square
    taken_by: int | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A card as a picture shows it: ``kind`` "unit" or "event", its code and its cost."""

    kind: str
    code: str
    cost: int

    @classmethod
    def of(cls, code: str) -> Card:
        """The card with ``code`` (its kind and cost from the rules)."""
        return cls("unit" if is_unit_card(code) else "event", code, card_cost(code))


@dataclass(frozen=True, slots=True)
class Roll:
    """The die's last roll: the face, the number it had to be at or under, whether it succeeded, the
    attacking unit's code, the seat that rolled and the squares."""

    face: int
    need: int
    hit: bool
    code: str | None = None
    seat: int | None = None
    source: Square | None = None
    target: Square | None = None


@dataclass(frozen=True, slots=True)
class Side:
    """What everyone sees of one seat: coins, capture tokens, pieces in its bag, cards in its hand and
    deck, its reserve (unit code → pieces), the units drawn this round and those already used, and its
    card of the round (``down``: one lies face down; ``shown``: the card revealed)."""

    coins: int = 0
    tokens: int = 0
    bag: int = 0
    hand: int = 0
    deck: int = 0
    reserve: Mapping[str, int] = field(default_factory=dict)
    drawn: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    down: bool = False
    shown: Card | None = None


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything a picture of one position draws."""

    pieces: tuple[Piece, ...]
    castles: tuple[Castle, ...]
    keys: tuple[tuple[Square, int | None], ...]
    """Each key area and the seat whose unit stands on it (None: nobody's)."""
    sides: tuple[Side, Side]
    to_move: int | None
    ply: int
    round: int
    phase: str
    roll: Roll | None
    winner: int | None
    reason: str | None
    over: bool
    seat: int | None
    hand: tuple[Card, ...] | None
    """The viewing seat's own hand (None: a spectator's view)."""
    own_down: Card | None = None
    """The viewing seat's own card face down, before the reveal (only in its own view)."""


def card_name(code: str, locale: str) -> str:
    """A unit's or an event's name in ``locale`` (``castles.unit.<Code>.name`` / ``castles.event.…``)."""
    return t(f"castles.{'unit' if is_unit_card(code) else 'event'}.{code}.name", locale)


def _count(value: Any) -> int:
    if isinstance(value, Mapping):
        return sum(int(n) for n in value.values())
    if isinstance(value, (list, tuple)):
        return len(value)
    return int(value or 0)


def _side(data: Mapping[str, Any], revealed: str | None, mine: bool) -> tuple[Side, Card | None]:
    down_value = data.get("facedown")
    shown = Card.of(revealed) if revealed else None
    own_down = (
        Card.of(down_value) if mine and isinstance(down_value, str) and down_value in CARD_CODES else None
    )
    hand = data.get("hand_count")
    return Side(
        coins=int(data.get("coins", 0)),
        tokens=int(data.get("tokens", 0)),
        bag=_count(data.get("bag")),
        hand=int(hand) if hand is not None else _count(data.get("hand")),
        deck=_count(data.get("deck")),
        reserve={str(k): int(v) for k, v in (data.get("reserve") or {}).items()},
        drawn=tuple(str(c) for c in data.get("drawn") or ()),
        used=tuple(str(c) for c in data.get("used") or ()),
        down=bool(down_value) and shown is None,
        shown=shown,
    ), own_down


def scene_of(view: Mapping[str, Any]) -> Scene:
    """The scene a view shows."""
    pieces = tuple(
        Piece(int(owner), str(kind), square_coords(sq)) for sq, owner, kind in view.get("board") or ()
    )
    castles = tuple(
        Castle(int(owner), square_coords(sq), 1 - int(owner) if taken else None)
        for sq, owner, taken in view.get("castles") or ()
    )
    on = {p.square: p.owner for p in pieces}
    keys = tuple((sq, on.get(sq)) for sq in map(square_coords, KEY_AREAS))
    seat = view.get("seat")
    mine = seat if isinstance(seat, int) else None
    revealed: Sequence[Any] = view.get("revealed") or (None, None)
    sides_data: Sequence[Mapping[str, Any]] = view.get("sides") or ({}, {})
    read = [_side(sides_data[n], revealed[n], mine == n) for n in (0, 1)]
    roll = None
    if view.get("last_roll"):
        rolled, unit, source, target, needed, value = view["last_roll"]
        roll = Roll(int(value), int(needed), int(value) <= int(needed), unit, rolled, square_coords(source),
                    square_coords(target))  # fmt: skip
    result = view.get("result")
    winner, reason = result if result else (None, None)
    hand = sides_data[mine].get("hand") if mine is not None else None
    return Scene(
        pieces=pieces,
        castles=castles,
        keys=keys,
        sides=(read[0][0], read[1][0]),
        to_move=None if result else view.get("to_move"),
        ply=int(view.get("ply", 0)),
        round=int(view.get("round", 1)),
        phase=str(view.get("phase", "play")),
        roll=roll,
        winner=winner,
        reason=reason,
        over=bool(result),
        seat=mine,
        hand=tuple(Card.of(c) for c in hand) if isinstance(hand, (list, tuple)) else None,
        own_down=read[mine][1] if mine is not None else None,
    )


def action_squares(text: str) -> tuple[Square | None, Square | None, bool]:
    """The squares an action's public text names: (origin, destination, whether it attacks). "So b2-b3"
    moves, "Ar c3xc5" and "Cm Kn d3xe5" attack, a text ending on a square ("deploy So b2", "Rf Ch b1")
    places there; other texts name none."""
    move = _MOVE.search(text)
    if move is not None:
        return square_coords(move[1]), square_coords(move[3]), move[2] == "x"
    place = _PLACE.search(text)
    if place is not None and len(text.split()) >= 2:
        return None, square_coords(place[1]), False
    return None, None, False
