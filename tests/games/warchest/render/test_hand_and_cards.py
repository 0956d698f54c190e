"""Hand images and unit cards."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from warchest_bot.games.warchest.engine import UNITS
from warchest_bot.games.warchest.messages.en.pictures import MESSAGES
from warchest_bot.games.warchest.render import hand_png, render_hand, render_unit_card, unit_card_png

from .positions import FOUR_PLAYER, TWO_PLAYER, view


@pytest.mark.parametrize(
    "position, seat, rows", [(TWO_PLAYER, 0, 4), (TWO_PLAYER, 1, 4), (FOUR_PLAYER, 2, 3)]
)
def test_hand_image_size(position, seat, rows):
    img = render_hand(view(position, seat))
    assert img.width == 1000
    assert 500 <= img.height <= 800
    data = hand_png(view(position, seat))
    assert Image.open(io.BytesIO(data)).size == img.size


def test_hand_shows_the_coins_in_hand():
    v = view(TWO_PLAYER, 0)
    full = render_hand(v)
    v["seats"][0]["hand"] = []
    empty = render_hand(v)
    # The hand area (left of the bag box) changes; the units list below does not.
    assert ImageChops.difference(full.crop((0, 100, 490, 290)), empty.crop((0, 100, 490, 290))).getbbox()
    assert not ImageChops.difference(
        full.crop((0, 320, 1000, full.height)), empty.crop((0, 320, 1000, full.height))
    ).getbbox()


@pytest.mark.parametrize("unit", [u.id for u in UNITS])
def test_unit_cards(unit):
    img = render_unit_card(unit)
    assert img.width == 600 and 500 <= img.height <= 900
    assert render_unit_card(UNITS[unit].code).tobytes() == img.tobytes()
    assert render_unit_card(UNITS[unit].name).tobytes() == img.tobytes()


def test_unit_cards_are_all_different_and_cached_as_png():
    pngs = {unit_card_png(u.id) for u in UNITS}
    assert len(pngs) == len(UNITS)
    assert unit_card_png("Swordsman") is unit_card_png("sw")


def test_unknown_unit_card():
    with pytest.raises(ValueError):
        render_unit_card("Dragon")
    with pytest.raises(ValueError):
        render_unit_card(99)


def test_catalogue_covers_every_unit():
    for u in UNITS:
        for field in ("name", "short", "tactic", "attribute", "restriction"):
            assert f"unit.{u.code}.{field}" in MESSAGES
        assert MESSAGES[f"unit.{u.code}.short"]


def test_unit_card_texts_are_the_engines_rules_text():
    """The English card texts in the catalogue are the engine's unit catalogue (the rules data), word for
    word; the names too, but the Royal Coin's (the engine calls it "Royal")."""
    for u in UNITS:
        for field in ("tactic", "attribute", "restriction"):
            assert MESSAGES[f"unit.{u.code}.{field}"] == getattr(u, field), (u.code, field)
        assert MESSAGES[f"unit.{u.code}.name"] == ("Royal Coin" if u.code == "RC" else u.name)
