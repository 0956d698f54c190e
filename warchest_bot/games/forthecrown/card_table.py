"""For the Crown's card table as data: every card with its cost, its two effects, the unit a training
effect trains and how many, its pile size, and where each value comes from.

Rules: ``shared/rules/for-the-crown.md`` §3.9 (two effects per card), §4 (the cards) and §5.3 (house
values). Most printed values are unknown to the project, so the shipped table (``cards/standard.json``)
fills them with house values, each tagged ``house``; a server that owns the box can load its own table.
Every value carries its source: ``rulebook`` (stated or implied by the rulebook), ``research`` (outside
material, e.g. VPG's sample play) or ``house`` (the project's choice, §5.3).

The file format (JSON)::

    {"table": "standard", "cards": [
      {"id": "tower", "name": "Tower", "role": "core",
       "cost": 6, "cost_source": "rulebook", "pile": 12, "pile_source": "house",
       "effects": [
         {"effect": "gold", "gold": 3, "source": "rulebook"},
         {"effect": "train", "unit": "Ro", "count": 1, "source": "house"}]}]}

``role`` is ``starter`` (in the starting decks, never in the Supply), ``core`` (always in the Supply) or
``variable`` (one of the stacks chosen at setup). Each effect names one of the engine's effects
(`EFFECTS`) and gives that effect's parameters; an effect's ``source`` covers its parameters, and a
parameter whose value has another source says so in ``<parameter>_source`` (Heir trains a King by the
rulebook, ``count_source: house`` because ×1/×2 is unknown).

`load_table` reads and checks a table; anything it cannot play raises a `CardTableError` subclass with the
card, the field and the value, and a catalogue key (``message_key``) for the words a user reads.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..base import DataFileError
from ..units import BY_CODE

ORDER = "order"
ACTION = "action"
TREASURE = "treasure"
SOURCES = ("rulebook", "research", "house")
"""Where a value comes from (§0.1: the rulebook, outside evidence, the project's house value)."""
ROLES = ("starter", "core", "variable")
STARTER_IDS = ("peon", "guard")
"""The cards every starting deck is made of (§3.2: 6 Peon + 4 Guard)."""
STANDARD = "standard"
"""The shipped table's name."""
MAX_COST = 99
MAX_PILE = 60
MIN_VARIABLE = 10
"""The fewest variable cards a table may have (a Supply has 10 variable stacks)."""


@dataclass(frozen=True, slots=True)
class EffectType:
    """One effect the engine knows: the phase it is played in (``order``, ``action`` or ``treasure``) and
    its parameters with their bounds (name → (lowest, highest) for numbers, or ``"unit"`` for a unit
    code)."""

    phase: str
    params: Mapping[str, tuple[int, int] | str] = field(default_factory=dict)


EFFECTS: dict[str, EffectType] = {
    # treasure
    "gold": EffectType(TREASURE, {"gold": (0, 20), "buys": (0, 5), "discount": (0, 5)}),
    "legend": EffectType(TREASURE),
    # training (an action: trash the card, train the unit into the Barracks)
    "train": EffectType(ACTION, {"unit": "unit", "count": (1, 2)}),
    # orders
    "guard_deploy": EffectType(ORDER),
    "squire_deploy": EffectType(ORDER),
    "academy": EffectType(ORDER),
    "armor": EffectType(ORDER),
    "astrology": EffectType(ORDER),
    "aviary": EffectType(ORDER),
    "bureaucracy": EffectType(ORDER),
    "exec_draw": EffectType(ORDER),
    "false_orders": EffectType(ORDER),
    "heir": EffectType(ORDER),
    "mourning": EffectType(ORDER),
    "onslaught": EffectType(ORDER),
    "quartermaster_deploy": EffectType(ORDER),
    "sanctuary": EffectType(ORDER),
    "sanctuary_draw": EffectType(ORDER),
    "stables_march": EffectType(ORDER),
    "temple": EffectType(ORDER),
    "versatility": EffectType(ORDER),
    "wish": EffectType(ORDER),
    "wish_immunity": EffectType(ORDER),
    # actions
    "consort": EffectType(ACTION),
    "destiny": EffectType(ACTION),
    "evangelism": EffectType(ACTION),
    "exec_deploy": EffectType(ACTION),
    "false_orders_reveal": EffectType(ACTION),
    "fog": EffectType(ACTION),
    "refiner_morph": EffectType(ACTION),
    "refiner_gain": EffectType(ACTION),
    "sacrifice": EffectType(ACTION),
    "scribes": EffectType(ACTION),
    "stables_draw": EffectType(ACTION),
    "subterfuge": EffectType(ACTION),
    "vigilance": EffectType(ACTION),
}
"""Every effect a card may have, by the name the table uses (§4.3)."""


# --- errors --------------------------------------------------------------------------------------------
class CardTableError(DataFileError):
    """A card table that cannot be played. ``card`` is the card's id (None: the table as a whole),
    ``field`` the entry at fault, ``value`` what it holds; ``message_key`` names the catalogue message
    that explains it to a user, filled with ``params``."""

    message_key = "forthecrown.table.bad"

    def __init__(self, reason: str, card: str | None = None, field: str | None = None, value: Any = None):
        self.reason = reason
        self.card = card
        self.field = field
        self.value = value
        where = f"card {card!r}" if card is not None else "the table"
        if field is not None:
            where += f", {field}"
        super().__init__(f"{where}: {reason}")

    @property
    def params(self) -> dict[str, Any]:
        """The values the catalogue message is filled with."""
        return {"card": self.card or "", "field": self.field or "", "value": repr(self.value)}


class BadEntryError(CardTableError):
    """An entry of the table as a whole (not of one card) is wrong: no name, no list of cards, …"""

    message_key = "forthecrown.table.bad_entry"


class NotJsonError(CardTableError):
    """The file is not a JSON object."""

    message_key = "forthecrown.table.not_json"


class MissingCardError(CardTableError):
    """A card the starting decks need (Peon, Guard) is not in the table."""

    message_key = "forthecrown.table.missing_card"


class TooFewCardsError(CardTableError):
    """Fewer variable cards than a Supply needs."""

    message_key = "forthecrown.table.too_few"

    @property
    def params(self) -> dict[str, Any]:
        return {**super().params, "n": MIN_VARIABLE}


class UnknownEffectError(CardTableError):
    """A card names an effect the engine does not know."""

    message_key = "forthecrown.table.unknown_effect"


class UnknownUnitError(CardTableError):
    """A training effect names a unit type that does not exist."""

    message_key = "forthecrown.table.unknown_unit"


class NegativeCostError(CardTableError):
    """A card costs less than nothing."""

    message_key = "forthecrown.table.negative_cost"


# --- values --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Effect:
    """One half of a card: the engine's ``name`` of the effect, its phase, its parameters and their
    sources (``sources`` maps "effect" and each parameter to its source)."""

    name: str
    phase: str
    params: Mapping[str, Any]
    sources: Mapping[str, str]

    def param(self, name: str, default: Any = 0) -> Any:
        """The value of parameter ``name`` (``default`` when the card does not give it)."""
        return self.params.get(name, default)

    @property
    def trains(self) -> tuple[str, int] | None:
        """(unit code, how many) when this is a training effect."""
        if self.name != "train":
            return None
        return str(self.params["unit"]), int(self.params.get("count", 1))


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its ``id`` (notation), ``name``, ``role``, ``cost``, ``pile`` (copies in its Supply
    stack), its two effects, and the sources of cost and pile."""

    id: str
    name: str
    role: str
    cost: int
    pile: int
    effects: tuple[Effect, Effect]
    cost_source: str
    pile_source: str

    @property
    def trains(self) -> tuple[str, int] | None:
        """(unit, count) of the card's training effect, if it has one."""
        for e in self.effects:
            if e.trains is not None:
                return e.trains
        return None

    def effect(self, name: str) -> Effect | None:
        """The card's effect called ``name``, if it has it."""
        return next((e for e in self.effects if e.name == name), None)


@dataclass(frozen=True, slots=True)
class CardTable:
    """A whole, checked card table: its name and its cards by id (in the file's order)."""

    name: str
    cards: Mapping[str, Card]
    data: Mapping[str, Any]
    """The table as it was read (what a game records, so a replay never changes under it)."""

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def of_role(self, role: str) -> tuple[str, ...]:
        """The ids of the cards of ``role``, in the table's order."""
        return tuple(c.id for c in self.cards.values() if c.role == role)

    def house_values(self) -> list[tuple[str, str]]:
        """Every (card id, value name) whose value is a house value (what pictures and rules mark)."""
        out: list[tuple[str, str]] = []
        for c in self.cards.values():
            if c.cost_source == "house":
                out.append((c.id, "cost"))
            if c.pile_source == "house":
                out.append((c.id, "pile"))
            for n, e in enumerate(c.effects):
                out.extend((c.id, f"effect{n + 1}.{k}") for k, s in e.sources.items() if s == "house")
        return out


# --- reading and checking ------------------------------------------------------------------------------
def _source(raw: Mapping[str, Any], key: str, card: str, default: str | None = None) -> str:
    value = raw.get(key, default)
    if value not in SOURCES:
        raise CardTableError(f"a source is one of {', '.join(SOURCES)}", card, key, value)
    return str(value)


def _number(
    raw: Mapping[str, Any], key: str, card: str, low: int, high: int, where: str | None = None
) -> int:
    value = raw.get(key)
    where = where or key
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardTableError("must be a whole number", card, where, value)
    if value < low and key == "cost":
        raise NegativeCostError("a card cannot cost less than 0", card, where, value)
    if not low <= value <= high:
        raise CardTableError(f"must be from {low} to {high}", card, where, value)
    return value


def _effect(raw: Any, card: str, n: int) -> Effect:
    where = f"effects[{n}]"
    if not isinstance(raw, Mapping):
        raise CardTableError("an effect is an object", card, where, raw)
    name = raw.get("effect")
    kind = EFFECTS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise UnknownEffectError("the engine has no such effect", card, f"{where}.effect", name)
    source = _source(raw, "source", card)
    known = {"effect", "source"} | set(kind.params) | {f"{p}_source" for p in kind.params}
    extra = sorted(set(raw) - known)
    if extra:
        raise CardTableError("unknown entry", card, f"{where}.{extra[0]}", raw[extra[0]])
    params: dict[str, Any] = {}
    sources = {"effect": source}
    for p, bounds in kind.params.items():
        if p not in raw:
            if bounds == "unit":
                raise CardTableError("a training effect names its unit", card, f"{where}.{p}")
            continue
        if bounds == "unit":
            unit = raw[p]
            if not isinstance(unit, str) or unit not in BY_CODE:
                raise UnknownUnitError("there is no such unit type", card, f"{where}.{p}", unit)
            params[p] = unit
        else:
            assert isinstance(bounds, tuple)
            params[p] = _number(raw, p, card, bounds[0], bounds[1], f"{where}.{p}")
        sources[p] = _source(raw, f"{p}_source", card, source)
    return Effect(str(name), kind.phase, params, sources)


def _card(raw: Any, n: int) -> Card:
    if not isinstance(raw, Mapping):
        raise BadEntryError("a card is an object", None, f"cards[{n}]", raw)
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not card_id or not all(ch.isalnum() or ch == "-" for ch in card_id):
        raise BadEntryError("a card id is letters, digits and '-'", None, f"cards[{n}].id", card_id)
    if card_id != card_id.lower():
        raise CardTableError("a card id is lower case", card_id, "id", card_id)
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardTableError("a card has a name", card_id, "name", name)
    role = raw.get("role")
    if role not in ROLES:
        raise CardTableError(f"a role is one of {', '.join(ROLES)}", card_id, "role", role)
    cost = _number(raw, "cost", card_id, 0, MAX_COST)
    pile = _number(raw, "pile", card_id, 0, MAX_PILE)
    effects = raw.get("effects")
    if not isinstance(effects, Sequence) or isinstance(effects, str) or len(effects) != 2:
        raise CardTableError("a card has exactly two effects", card_id, "effects", effects)
    known = {"id", "name", "role", "cost", "cost_source", "pile", "pile_source", "effects"}
    extra = sorted(set(raw) - known)
    if extra:
        raise CardTableError("unknown entry", card_id, extra[0], raw[extra[0]])
    return Card(
        card_id,
        name.strip(),
        str(role),
        cost,
        pile,
        (_effect(effects[0], card_id, 0), _effect(effects[1], card_id, 1)),
        _source(raw, "cost_source", card_id),
        _source(raw, "pile_source", card_id),
    )


def load_table(data: Any) -> CardTable:
    """The checked `CardTable` of ``data`` (a parsed JSON object, or its text); a `CardTableError`
    subclass names the first thing wrong. A table has a name, unique card ids, the starting cards
    (Peon, Guard) and at least 10 variable cards."""
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except ValueError as exc:
            raise NotJsonError(f"not JSON: {exc}") from exc
    if not isinstance(data, Mapping):
        raise NotJsonError("a table is a JSON object")
    name = data.get("table")
    if not isinstance(name, str) or not name:
        raise BadEntryError("a table has a name", None, "table", name)
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, Sequence) or isinstance(raw_cards, str):
        raise BadEntryError("a table has a list of cards", None, "cards", raw_cards)
    cards: dict[str, Card] = {}
    for n, raw in enumerate(raw_cards):
        card = _card(raw, n)
        if card.id in cards:
            raise CardTableError("two cards have this id", card.id, "id", card.id)
        cards[card.id] = card
    for sid in STARTER_IDS:
        if sid not in cards:
            raise MissingCardError("the starting decks need this card", sid, "id")
    if sum(c.role == "variable" for c in cards.values()) < MIN_VARIABLE:
        raise TooFewCardsError(f"a table has at least {MIN_VARIABLE} variable cards", None, "cards")
    return CardTable(name, cards, json.loads(json.dumps(data)))


def standard_table() -> CardTable:
    """The shipped table (``cards/standard.json``): the rulebook's values where known, house values
    (§5.3) elsewhere."""
    global _STANDARD
    if _STANDARD is None:
        text = resources.files(__package__).joinpath("cards", "standard.json").read_text("utf-8")
        _STANDARD = load_table(text)
    return _STANDARD


_STANDARD: CardTable | None = None

__all__ = [
    "ACTION",
    "EFFECTS",
    "MIN_VARIABLE",
    "BadEntryError",
    "MissingCardError",
    "NotJsonError",
    "TooFewCardsError",
    "ORDER",
    "SOURCES",
    "TREASURE",
    "Card",
    "CardTable",
    "CardTableError",
    "Effect",
    "EffectType",
    "NegativeCostError",
    "UnknownEffectError",
    "UnknownUnitError",
    "load_table",
    "standard_table",
]
