"""For the Crown's words: every card of the shipped table has its name and both effect texts in English
and Persian, every effect the engine knows has a text, every error key the card-table loader names exists,
and phases, pools and decisions are named in both languages."""

from __future__ import annotations

import pytest

from warchest_bot.games.forthecrown import card_table, engine, words
from warchest_bot.games.forthecrown.card_table import EFFECTS, Effect, standard_table
from warchest_bot.games.forthecrown.messages import CATALOGUE
from warchest_bot.i18n import t

EN, FA = CATALOGUE.messages["en"], CATALOGUE.messages["fa"]
CARDS = list(standard_table().cards.values())


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.id)
def test_every_card_has_its_name_and_both_effect_texts_in_both_languages(card):
    assert f"forthecrown.card.{card.id}" in EN and f"forthecrown.card.{card.id}" in FA
    assert words.card_name(card, "en") == card.name
    assert words.card_name(card, "fa") != card.name
    for effect in card.effects:
        key = words.effect_key(effect)
        assert key in EN and key in FA, key
        english, persian = words.effect_text(effect, "en"), words.effect_text(effect, "fa")
        assert english and persian and english != persian
        assert words.effect_heading(effect, "fa") != words.effect_heading(effect, "en")


def test_the_numbers_and_units_of_an_effect_are_filled_in():
    tower = standard_table()["tower"]
    assert words.effect_text(tower.effects[0], "en") == "+3 gold."
    assert "۳" in words.effect_text(tower.effects[0], "fa")
    assert words.effect_text(tower.effects[1], "en") == "Trash this card: train Rook into your Barracks."
    assert "رخ" in words.effect_text(tower.effects[1], "fa")
    onslaught = standard_table()["onslaught"]
    assert "2 × Striker" in words.effect_text(onslaught.effects[1], "en")
    quartermaster = standard_table()["quartermaster"]
    assert "costs 1 less" in words.effect_text(quartermaster.effects[1], "en")
    assert words.effect_heading(tower.effects[1], "en") == "Training Action"
    assert words.effect_heading(tower.effects[0], "en") == "Treasure"


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_every_effect_the_engine_knows_has_a_text(name):
    kind = EFFECTS[name]
    params = {p: "Pa" if b == "unit" else 1 for p, b in kind.params.items()}
    effect = Effect(name, kind.phase, params, {"effect": "rulebook"})
    assert words.effect_key(effect) in EN and words.effect_key(effect) in FA


def test_a_card_the_catalogue_does_not_know_shows_the_tables_name():
    data = dict(standard_table().data)
    data["cards"] = [*data["cards"], {**data["cards"][7], "id": "library", "name": "Library"}]
    card = card_table.load_table(data)["library"]
    assert words.card_name(card, "fa") == "Library"


def test_every_key_the_card_table_loader_names_exists_in_both_languages():
    errors = [card_table.CardTableError, card_table.UnknownEffectError, card_table.UnknownUnitError,
              card_table.NegativeCostError]  # fmt: skip
    for error in errors:
        assert error.message_key in EN and error.message_key in FA
    bad = dict(standard_table().data)
    bad["cards"] = [{**bad["cards"][0], "cost": -1}, *bad["cards"][1:]]
    with pytest.raises(card_table.NegativeCostError) as caught:
        card_table.load_table(bad)
    text = t(caught.value.message_key, "en", **caught.value.params)
    assert "peon" in text and "-1" in text
    assert "peon" in t(caught.value.message_key, "fa", **caught.value.params)


def test_phases_pools_and_decisions_are_named_in_both_languages():
    for phase in engine.PHASES:
        assert f"forthecrown.phase.{phase}" in FA
    for pool in ("orders", "actions", "buys", "gold", "treasures"):
        assert f"forthecrown.pool.{pool}" in FA
    for kind in ("topdeck", "promote", "onslaught", "discard", "morph", "reveal", "refine"):
        assert f"forthecrown.decision.{kind}" in FA
    assert t("title.forthecrown", "fa") == "برای تاج"


def test_house_values_are_marked():
    table = standard_table()
    assert words.house_mark(table["tower"], "cost") == ""  # the rulebook's 6
    assert words.house_mark(table["tower"], "effect2") == "*"
    assert words.house_mark(table["peon"], "effect1") == ""
    assert words.is_house(table["patronage"], "effect1")
    assert t("forthecrown.house.legend", "fa").startswith("*")
