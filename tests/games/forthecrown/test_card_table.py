"""The card table: the shipped table is complete and sourced (§4.1, §5.3), and the loader refuses what the
engine cannot play with a typed error that names the card, the field and the value."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from warchest_bot.games.forthecrown.card_table import (
    EFFECTS,
    SOURCES,
    CardTableError,
    NegativeCostError,
    UnknownEffectError,
    UnknownUnitError,
    load_table,
    standard_table,
)
from warchest_bot.games.units import BY_CODE

RULEBOOK_NAMES = {
    "Peon", "Guard", "Squire", "Champion", "Clergy", "Tower", "Consort", "Academy", "Armor", "Astrology",
    "Aviary", "Bureaucracy", "Destiny", "Evangelism", "Executive Action", "False Orders", "Fog", "Heir",
    "Legend", "Mourning", "Onslaught", "Patronage", "Quartermaster", "Refiner", "Sacrifice", "Sanctuary",
    "Scribes", "Stables", "Subterfuge", "Temple", "Versatility", "Vigilance", "Wish",
}  # fmt: skip
FIRST_GAME = {
    "armor", "bureaucracy", "evangelism", "heir", "legend", "patronage", "quartermaster", "refiner",
    "stables", "versatility",
}  # fmt: skip


def raw() -> dict[str, Any]:
    """The shipped table's data, to change in a test."""
    return copy.deepcopy(dict(standard_table().data))


def card_of(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["id"] == card_id)


def test_every_card_the_rulebook_names_is_in_the_table() -> None:
    table = standard_table()
    assert {c.name for c in table.cards.values()} == RULEBOOK_NAMES
    assert set(table.of_role("core")) == {"champion", "clergy", "tower", "consort"}
    assert set(table.of_role("starter")) == {"peon", "guard", "squire"}
    assert set(table.of_role("variable")) >= FIRST_GAME
    assert len(table.of_role("variable")) == 26


def test_the_rulebook_values_are_kept_and_marked() -> None:
    table = standard_table()
    assert (table["champion"].cost, table["legend"].cost, table["tower"].cost) == (2, 4, 6)
    for cid in ("champion", "legend", "tower"):
        assert table[cid].cost_source == "rulebook"
    assert table["clergy"].cost == 3 and table["clergy"].cost_source == "research"
    tower_gold = table["tower"].effect("gold")
    clergy_gold = table["clergy"].effect("gold")
    assert tower_gold is not None and tower_gold.param("gold") == 3
    assert clergy_gold is not None and clergy_gold.param("gold") == 2
    assert table["peon"].trains == ("Pa", 1)
    assert table["guard"].trains == ("Pa", 1)
    assert table["guard"].effects[1].sources["effect"] == "research"
    heir = table["heir"].effect("train")
    assert heir is not None and heir.params["unit"] == "Ki"
    assert heir.sources["unit"] == "rulebook" and heir.sources["count"] == "house"
    versatility = table["versatility"].trains
    assert versatility is not None and versatility[0] == "St"
    for cid in (
        "executive-action",
        "false-orders",
        "quartermaster",
        "refiner",
        "sanctuary",
        "stables",
        "wish",
    ):
        assert table[cid].trains is None
        assert all(e.sources["effect"] == "rulebook" for e in table[cid].effects)


def test_every_value_has_a_source_and_house_values_are_listed() -> None:
    table = standard_table()
    for c in table.cards.values():
        assert c.cost_source in SOURCES and c.pile_source in SOURCES
        for e in c.effects:
            assert e.name in EFFECTS and e.phase == EFFECTS[e.name].phase
            assert set(e.sources) == {"effect", *e.params}
            assert set(e.sources.values()) <= set(SOURCES)
    house = table.house_values()
    assert ("patronage", "cost") in house and ("patronage", "effect1.effect") in house
    assert ("tower", "cost") not in house


def test_house_training_covers_every_unit_but_the_immortal() -> None:
    """§5.3 rule 1: every unit type but the Immortal is trained by some card."""
    trained = {c.trains[0] for c in standard_table().cards.values() if c.trains is not None}
    assert trained == set(BY_CODE) - {"Im"}


def test_the_shipped_file_reads_back_identically() -> None:
    table = standard_table()
    again = load_table(json.dumps(dict(table.data)))
    assert again.cards == table.cards


def test_an_unknown_effect_is_refused() -> None:
    data = raw()
    card_of(data, "tower")["effects"][1]["effect"] = "teleport"
    with pytest.raises(UnknownEffectError) as err:
        load_table(data)
    assert (err.value.card, err.value.field, err.value.value) == ("tower", "effects[1].effect", "teleport")
    assert err.value.message_key == "forthecrown.table.unknown_effect"


def test_a_unit_that_does_not_exist_is_refused() -> None:
    data = raw()
    card_of(data, "heir")["effects"][1]["unit"] = "Dg"
    with pytest.raises(UnknownUnitError) as err:
        load_table(data)
    assert (err.value.card, err.value.field, err.value.value) == ("heir", "effects[1].unit", "Dg")


def test_a_negative_cost_is_refused() -> None:
    data = raw()
    card_of(data, "legend")["cost"] = -1
    with pytest.raises(NegativeCostError) as err:
        load_table(data)
    assert (err.value.card, err.value.field, err.value.value) == ("legend", "cost", -1)
    assert err.value.params == {"card": "legend", "field": "cost", "value": "-1"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: card_of(d, "tower").update(cost_source="rumour"), "cost_source"),
        (lambda d: card_of(d, "tower").update(pile="ten"), "pile"),
        (lambda d: card_of(d, "tower").update(role="bonus"), "role"),
        (lambda d: card_of(d, "tower")["effects"].pop(), "effects"),
        (lambda d: card_of(d, "tower")["effects"][0].update(gold=99), "effects[0].gold"),
        (lambda d: card_of(d, "tower")["effects"][0].update(colour="red"), "effects[0].colour"),
        (lambda d: card_of(d, "tower").update(id="Tower"), "id"),
        (lambda d: card_of(d, "clergy").update(id="tower"), "id"),
        (lambda d: d["cards"].remove(card_of(d, "guard")), "id"),
        (lambda d: card_of(d, "heir")["effects"][1].pop("unit"), "effects[1].unit"),
    ],
)
def test_other_faults_are_refused_with_the_field(change: Any, field: str) -> None:
    data = raw()
    change(data)
    with pytest.raises(CardTableError) as err:
        load_table(data)
    assert err.value.field == field


def test_text_that_is_not_json_is_refused() -> None:
    with pytest.raises(CardTableError):
        load_table("{not json")
    with pytest.raises(CardTableError):
        load_table("[]")
