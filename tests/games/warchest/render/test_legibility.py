"""The board read on a phone (about 390 px wide in the chat preview): hex names and unit codes large enough,
and no highlight hiding the name of the hex it marks."""

from __future__ import annotations

import pytest
from PIL import Image

from warchest_bot.games.warchest.render import coin_center, label_center, render_board, theme
from warchest_bot.games.warchest.render.board import image_layout

from .pixels import close
from .positions import FOUR_PLAYER, TWO_PLAYER, view

PHONE_WIDTH = 390
POSITIONS = {2: TWO_PLAYER, 4: FOUR_PLAYER}
# (empty hex, hex with a unit) in each position
HEXES = {2: ("f3", "f4"), 4: ("f3", "d6")}


def _ink(
    img: Image.Image, centre: tuple[int, int], half_w: int, half_h: int, colour: tuple
) -> tuple[int, int]:
    """(height of the bounding box, count) of the pixels near ``colour`` in a box around ``centre``."""
    x, y = centre
    crop = img.crop((x - half_w, y - half_h, x + half_w + 1, y + half_h + 1)).convert("RGB")
    px = crop.load()
    rows = [j for j in range(crop.height) for i in range(crop.width) if close(px[i, j], colour, 60)]
    return (max(rows) - min(rows) + 1 if rows else 0), len(rows)


@pytest.mark.parametrize("players", [2, 4])
def test_hex_names_and_unit_codes_are_legible_at_phone_width(players):
    """Glyphs at least 6 px (names) and 5 px (codes) tall once the image is shown 390 px wide; they were
    3.6 px before (hard to read)."""
    img = render_board(view(POSITIONS[players]))
    scale = PHONE_WIDTH / img.width
    size = image_layout(players).hex_size
    empty, occupied = HEXES[players]
    height, _ = _ink(
        img, label_center(players, empty, False), int(0.45 * size), int(0.3 * size), theme.HEX_LABEL
    )
    assert height * scale >= 6, (empty, height)
    height, _ = _ink(
        img, label_center(players, occupied, True), int(0.45 * size), int(0.2 * size), theme.HEX_LABEL
    )
    assert height * scale >= 6, (occupied, height)
    d = image_layout(players).geometry.coin_diameter
    x, y = coin_center(players, occupied)
    height, _ = _ink(img, (x, round(y + 0.135 * d)), int(0.3 * d), int(0.17 * d), theme.INK)
    assert height * scale >= 5, (occupied, height)


def test_names_stand_where_they_do_not_collide():
    """An empty hex has its name in its middle; where a unit stands it goes above the coin."""
    img = render_board(view(TWO_PLAYER))
    size = image_layout(2).hex_size
    _, middle = _ink(img, label_center(2, "f3", False), int(0.3 * size), int(0.15 * size), theme.HEX_LABEL)
    _, above = _ink(img, label_center(2, "f3", True), int(0.3 * size), int(0.12 * size), theme.HEX_LABEL)
    assert middle > 100 and above == 0
    _, above = _ink(img, label_center(2, "f4", True), int(0.3 * size), int(0.12 * size), theme.HEX_LABEL)
    assert above > 100


MARKS = [
    ({"seat": 0, "kind": "bolster", "coin": "Pikeman", "hexes": ["f4"], "text": "Pi bolster f4"}, ["f4"]),
    (
        {"seat": 0, "kind": "move", "coin": "Pikeman", "hexes": ["f3", "f4"], "text": "Pi move f3-f4"},
        ["f3", "f4"],
    ),
    (
        {"seat": 1, "kind": "attack", "coin": "Cavalry", "hexes": ["e5", "f4"], "text": "Ca attack e5xf4"},
        ["f4"],
    ),
    (
        {"seat": 0, "kind": "attack", "coin": "Pikeman", "hexes": ["f4", "f5"], "text": "Pi attack f4xf5"},
        ["f5"],
    ),
    ({"seat": 0, "kind": "control", "coin": "Crossbowman", "hexes": ["d4"], "text": "Cr control d4"}, ["d4"]),
    (
        {
            "seat": 1,
            "kind": "tactic",
            "coin": "Cavalry",
            "hexes": ["f6", "e5", "f4"],
            "text": "Ca tactic f6-e5xf4",
        },
        ["f6", "e5", "f4"],
    ),
]


@pytest.mark.parametrize("last, marked", MARKS)
def test_the_name_of_a_highlighted_hex_is_still_drawn(last, marked):
    """The ring (and arrow, badge) of the last action leaves the hex's name readable: as many name pixels
    as an unmarked name above a coin (f4 with no highlight)."""
    v = view(TWO_PLAYER)
    size = image_layout(2).hex_size
    plain = render_board(v)
    lit = render_board(v, last)
    _, reference = _ink(
        plain, label_center(2, "f4", True), int(0.3 * size), int(0.13 * size), theme.HEX_LABEL
    )
    for name in marked:
        _, count = _ink(lit, label_center(2, name, True), int(0.3 * size), int(0.13 * size), theme.HEX_LABEL)
        assert count >= 0.7 * reference, (name, count, reference)
