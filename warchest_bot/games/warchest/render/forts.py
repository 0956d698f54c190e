"""Siege: forts drawn on the board, a stone wall with battlements just inside the hex's edge (drawn over
the control tint, under the coins, so a fort reads the same whoever controls or holds the location).
Views carry ``"forts"`` only with the expansion, so base and Nobility pictures are unchanged."""

from __future__ import annotations

import math
from collections.abc import Mapping

from PIL import Image, ImageDraw

from warchest_bot.games.warchest.engine import NAME_INDEX
from warchest_bot.render.cache import memo

from .coins import hexagon
from .layout import SQ3, SS, BoardGeometry

STONE = (128, 120, 108)
STONE_EDGE = (46, 40, 34)


@memo
def fort_overlay(size: int) -> tuple[Image.Image, int, int]:
    """A fort's wall: (sprite, hex centre x, hex centre y in the sprite)."""
    w = math.ceil(size * 2) + 4
    h = math.ceil(SQ3 * size) + 4
    cx, cy = w / 2, h / 2
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    band = size * 0.13
    outer = [(x * SS, y * SS) for x, y in hexagon(cx, cy, size * 0.93)]
    inner = [(x * SS, y * SS) for x, y in hexagon(cx, cy, size * 0.93 - band)]
    d.polygon(outer, fill=STONE, outline=STONE_EDGE, width=SS)
    d.polygon(inner, fill=(0, 0, 0, 0), outline=STONE_EDGE, width=SS)
    merlon = band * 0.75 * SS
    for x, y in outer:  # a battlement on each corner
        d.rectangle(
            (x - merlon, y - merlon, x + merlon, y + merlon), fill=STONE, outline=STONE_EDGE, width=SS
        )
    img = big.resize((w, h), Image.Resampling.BOX)
    # the inside stays as it was (the tint, the ring): cut it out of the resized sprite
    hole = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(hole).polygon(inner, fill=255)
    alpha = img.getchannel("A")
    alpha.paste(0, mask=hole.resize((w, h), Image.Resampling.BOX).point(lambda v: 255 if v > 250 else 0))
    img.putalpha(alpha)
    return img, round(cx), round(cy)


def draw_forts(
    img: Image.Image,
    geo: BoardGeometry,
    origin: tuple[int, int],
    view: Mapping,
    names_on_board: frozenset[str],
) -> None:
    """Each fort of the view on its hex (``origin``: where the board's layer sits in ``img``)."""
    forts = view.get("forts") or ()
    if not forts:
        return
    sprite, cx, cy = fort_overlay(geo.size)
    for name in forts:
        if name in names_on_board:
            x, y = geo.hex_xy(NAME_INDEX[name])
            img.paste(sprite, (round(origin[0] + x) - cx, round(origin[1] + y) - cy), sprite)
