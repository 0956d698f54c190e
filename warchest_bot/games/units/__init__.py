"""The 24 unit types of For the Crown, shared by Point-Buy Chess and For the Crown.

Rules reference: ``shared/rules/for-the-crown.md`` §2. This package is pure data and geometry: the unit
types (`UNIT_TYPES`, with codes, names, Point-Buy prices and classes) and, in `moves`, every unit's
marches and attacks on an 8×8 board. Games (`warchest_bot.games.pointbuy`, later For the Crown) add the
turn, the Barracks, promotion and victory on top.

Squares are ints 0..63, ``square = rank * 8 + file`` (a1 = 0, h1 = 7, a8 = 56, h8 = 63), as in
python-chess. Player 0 sits on rank 1 and moves "forward" up the board; player 1 sits on rank 8.
"""

from __future__ import annotations

from dataclasses import dataclass

from warchest_bot.games.units.moves import Board, Piece, UnitMove, unit_moves

__all__ = [
    "BY_CODE",
    "UNIT_TYPES",
    "Board",
    "Piece",
    "UnitMove",
    "UnitType",
    "parse_square",
    "square_name",
    "unit_moves",
]

FOOT = "Foot"
HEAVY = "Heavy"
MOUNTED = "Mounted"
PIOUS = "Pious"
REGAL = "Regal"
SOVEREIGN = "Sovereign"


@dataclass(frozen=True, slots=True)
class UnitType:
    """A unit type: the two-letter ``code`` notation uses, its ``name``, its Point-Buy ``price``
    (§1.2; a recommendation the players may change, so games take prices as data) and its classes
    (§2.1)."""

    code: str
    name: str
    price: int
    classes: frozenset[str]

    @property
    def is_foot(self) -> bool:
        """Foot units may deploy to the second rank too and promote on the eighth (§1.3, §1.4)."""
        return FOOT in self.classes

    @property
    def is_sovereign(self) -> bool:
        """A player with no Sovereign on the board has lost (§1.5)."""
        return SOVEREIGN in self.classes


def _unit(code: str, name: str, price: int, *classes: str) -> UnitType:
    return UnitType(code, name, price, frozenset(classes))


UNIT_TYPES: tuple[UnitType, ...] = (
    _unit("Ac", "Acolyte", 3, PIOUS),
    _unit("An", "Anointed", 6, PIOUS, SOVEREIGN),
    _unit("Ba", "Banshee", 9, REGAL),
    _unit("Bi", "Bishop", 3, PIOUS),
    _unit("Ch", "Chancellor", 9, REGAL),
    _unit("Cr", "Charger", 6, HEAVY),
    _unit("Dr", "Dragoon", 7, MOUNTED, REGAL),
    _unit("Gr", "Gryphon", 8, HEAVY, REGAL),
    _unit("He", "Hero", 7, MOUNTED),
    _unit("Im", "Immortal", 8, FOOT),
    _unit("Ki", "King", 7, SOVEREIGN),
    _unit("Kn", "Knight", 3, MOUNTED),
    _unit("Mo", "Monk", 3, PIOUS, FOOT),
    _unit("Ni", "Nightrider", 5, MOUNTED),
    _unit("Or", "Oracle", 3, PIOUS),
    _unit("Pa", "Pawn", 1, FOOT),
    _unit("Ph", "Phantom", 8, MOUNTED, REGAL),
    _unit("Qu", "Queen", 9, REGAL),
    _unit("Ro", "Rook", 5, HEAVY),
    _unit("Sn", "Sniper", 5, HEAVY),
    _unit("Sx", "Sphinx", 6, PIOUS, REGAL),
    _unit("Sp", "Spy", 4, HEAVY),
    _unit("St", "Striker", 2, FOOT),
    _unit("Wa", "Warlord", 10, HEAVY),
)
"""All 24 types in the rules' (alphabetical) order."""

BY_CODE: dict[str, UnitType] = {u.code: u for u in UNIT_TYPES}
"""Unit types by code."""


def square_name(square: int) -> str:
    """``0`` → ``"a1"``, ``63`` → ``"h8"``."""
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


def parse_square(text: str) -> int | None:
    """``"a1"`` → ``0``; None unless ``text`` is a square name (any case)."""
    if len(text) != 2:
        return None
    f, r = text[0].lower(), text[1]
    if f not in "abcdefgh" or r not in "12345678":
        return None
    return (int(r) - 1) * 8 + "abcdefgh".index(f)
