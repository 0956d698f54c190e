"""The fixed data of Castles (docs/castles.md): board, castles, key areas, units, cards and the numbers the
rules give (3 coins at the start, at most 10, 6 tokens win, ...). Decisions are named D-CA-n as in the docs.
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefg"
"""The board's files, left to right from player 1's side (D-CA-4: 7×7)."""
SIZE = 7
"""Files and ranks of the board."""

CASTLES: tuple[tuple[str, str], tuple[str, str]] = (("b1", "f1"), ("b7", "f7"))
"""Each seat's two castle squares (D-CA-4)."""
KEY_AREAS: tuple[str, ...] = ("b4", "d4", "f4")
"""The key areas: a token for each one held at the end of your turn (D-CA-4)."""

START_COINS = 3
MAX_COINS = 10
TREASURY_COINS = 24
"""All coins of the game: the treasury holds what the players do not (D-CA-10)."""
CAPTURE_TOKENS = 12
TOKENS_TO_WIN = 6
START_HAND = 3
HAND_SIZE = 4
"""The hand is filled up to this many cards at the start of each round (section 3)."""
PIECES_DRAWN = 4
"""Pieces drawn from the bag at the start of each round, of different types (section 6)."""
PIECES_PER_TYPE = 4
START_BAG_SOLDIERS = 4
INCOME = 1
"""Coins taken at the end of each of your turns (D-CA-2)."""
SUDDEN_DEATH_ROUNDS = 4
"""Rounds without cards played after a tie before the game is drawn (D-CA-12)."""
ROUND_CAP = 40
"""A safety bound: no game can reach it (16 rounds of cards and 4 of sudden death)."""


@dataclass(frozen=True, slots=True)
class UnitType:
    """A unit type: its code, card cost, attack number (a d6 at or under it succeeds) and ability word."""

    code: str
    name: str
    cost: int
    attack: int
    ability: str


UNITS: tuple[UnitType, ...] = (
    UnitType("So", "Soldier", 1, 2, "forward"),
    UnitType("Ar", "Archer", 2, 3, "ranged"),
    UnitType("Kn", "Knight", 3, 4, "leap"),
    UnitType("Pk", "Pikeman", 2, 3, "brace"),
    UnitType("Sc", "Scout", 1, 2, "swift"),
    UnitType("Ax", "Axeman", 2, 4, "reckless"),
    UnitType("Ch", "Champion", 4, 5, "all-round"),
    UnitType("Bn", "Standard-bearer", 2, 1, "banner"),
)
"""The eight unit types in the rules' order (D-CA-5)."""
UNIT_CODES: tuple[str, ...] = tuple(u.code for u in UNITS)
UNIT_BY_CODE: dict[str, UnitType] = {u.code: u for u in UNITS}


@dataclass(frozen=True, slots=True)
class EventType:
    """An event card: its code, name, cost and what it needs as a target ("" none, "recruit": two reserve
    types, "move"/"attack": a unit action of any type, "deploy": a reserve type and a square)."""

    code: str
    name: str
    cost: int
    target: str


EVENTS: tuple[EventType, ...] = (
    EventType("Tx", "Tax", 0, ""),
    EventType("Rc", "Recruit", 1, "recruit"),
    EventType("Mu", "Muster", 1, ""),
    EventType("Ma", "March", 1, "move"),
    EventType("Sb", "Sabotage", 2, ""),
    EventType("Cg", "Charge", 2, ""),
    EventType("Cm", "Command", 2, "attack"),
    EventType("Rf", "Reinforce", 3, "deploy"),
)
"""The eight event cards (D-CA-6)."""
EVENT_CODES: tuple[str, ...] = tuple(e.code for e in EVENTS)
EVENT_BY_CODE: dict[str, EventType] = {e.code: e for e in EVENTS}
CARD_CODES: tuple[str, ...] = UNIT_CODES + EVENT_CODES
"""Every card of a deck, in the rules' order: one unit card per type, then the events."""

TAX_COINS = 2
SABOTAGE_COINS = 2
RECRUITS = 2
MUSTER_DRAWS = 2


def card_cost(code: str) -> int:
    """The cost of card ``code`` (a unit card costs its unit's cost)."""
    unit = UNIT_BY_CODE.get(code)
    return unit.cost if unit is not None else EVENT_BY_CODE[code].cost


def is_unit_card(code: str) -> bool:
    """Whether ``code`` is a unit card (else an event card)."""
    return code in UNIT_BY_CODE


__all__ = [
    "CAPTURE_TOKENS",
    "CARD_CODES",
    "CASTLES",
    "EVENTS",
    "EVENT_BY_CODE",
    "EVENT_CODES",
    "EventType",
    "FILES",
    "HAND_SIZE",
    "INCOME",
    "KEY_AREAS",
    "MAX_COINS",
    "MUSTER_DRAWS",
    "PIECES_DRAWN",
    "PIECES_PER_TYPE",
    "RECRUITS",
    "ROUND_CAP",
    "SABOTAGE_COINS",
    "SIZE",
    "START_BAG_SOLDIERS",
    "START_COINS",
    "START_HAND",
    "SUDDEN_DEATH_ROUNDS",
    "TAX_COINS",
    "TOKENS_TO_WIN",
    "TREASURY_COINS",
    "UNITS",
    "UNIT_BY_CODE",
    "UNIT_CODES",
    "UnitType",
    "card_cost",
    "is_unit_card",
]
