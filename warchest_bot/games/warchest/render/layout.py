"""Pixel geometry of the boards (flat-topped hexes, q = column) and the board's static layer.

``x = 1.5·size·q``, ``y = √3·size·(r + q/2)`` around the centre hex f4; the 4-player board adds the wings
left and right. The static layer (background, board plate, hexes, location circles) is drawn once per
board and size, supersampled for smooth edges, and cached. Hex names are drawn with every image, after the
highlights so that nothing hides them: large in the middle of an empty hex, above the coin where a unit
stands, so that they stay legible on a phone (a board shown about 390 px wide).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from warchest_bot.games.warchest.engine import BOARDS, HEX_NAMES
from warchest_bot.games.warchest.engine.geometry import ALL_COORDS
from warchest_bot.render.cache import memo
from warchest_bot.render.text import draw_text

from . import theme
from .coins import draw_ring, hexagon

SQ3 = math.sqrt(3.0)
SS = 2
LABEL_TOP = 0.36
"""Font size (fraction of the hex size) of a hex name drawn above a coin."""
LABEL_CENTRE = 0.40
"""Font size of a hex name drawn in the middle of an empty hex."""
LABEL_TOP_Y = 0.665
"""The name above a coin is centred this fraction of the hex size above the hex centre."""
COIN_DROP = 0.12
"""The coin on a hex sits this fraction of the hex size below the centre, leaving room for the name."""
RING_RADIUS = 0.62
RING_WIDTH = 0.10


@dataclass(frozen=True)
class BoardGeometry:
    """Where the hexes of one board are inside its static layer (``width`` × ``height`` pixels).

    Hex centres fall on whole pixels (columns ``round(1.5·size)`` apart, half rows ``round(√3·size/2)``;
    a stretch of under 1 %), so every hex, coin and name is drawn with the same pixels wherever it
    stands: the picture looks the same and compresses several times better as a PNG.
    """

    players: int
    size: int
    width: int
    height: int
    ox: float
    oy: float

    def hex_xy(self, h: int) -> tuple[float, float]:
        """Centre of hex index ``h``."""
        q, r = ALL_COORDS[h]
        return (self.ox + _column(self.size) * q, self.oy + _half_row(self.size) * (2 * r + q))

    def coin_xy(self, h: int) -> tuple[float, float]:
        """Centre of the coin standing on hex ``h``."""
        x, y = self.hex_xy(h)
        return (x, y + round(COIN_DROP * self.size))

    @property
    def coin_diameter(self) -> int:
        return round(self.size * 0.92)


def _column(size: int) -> int:
    return round(1.5 * size)


def _half_row(size: int) -> int:
    return round(SQ3 * size / 2)


@memo
def board_geometry(players: int, size: int) -> BoardGeometry:
    board = BOARDS[players]
    margin = 0.42 * size
    xs = [_column(size) * ALL_COORDS[h][0] for h in board.hexes]
    ys = [_half_row(size) * (2 * ALL_COORDS[h][1] + ALL_COORDS[h][0]) for h in board.hexes]
    x0, x1 = math.floor(min(xs) - size - margin), max(xs) + size + margin
    y0, y1 = math.floor(min(ys) - SQ3 / 2 * size - margin), max(ys) + SQ3 / 2 * size + margin
    return BoardGeometry(players, size, math.ceil(x1 - x0), math.ceil(y1 - y0), -x0, -y0)


def ring_box(x: float, y: float, radius: float, scale: float = 1.0) -> tuple[float, float, float, float]:
    return ((x - radius) * scale, (y - radius) * scale, (x + radius) * scale, (y + radius) * scale)


@memo
def board_layer(players: int, size: int, labels: bool = True) -> Image.Image:
    """The static board: plate, hexes, neutral location circles and (with ``labels``) every hex's name
    in its middle, as it reads on an empty hex (shared: copy before use)."""
    if labels:
        img = board_layer(players, size, False).copy()
        draw = ImageDraw.Draw(img)
        geo = board_geometry(players, size)
        for h in BOARDS[players].hexes:
            draw_label(draw, geo, h, top=False)
        return img
    geo = board_geometry(players, size)
    board = BOARDS[players]
    big = Image.new("RGB", (geo.width * SS, geo.height * SS), theme.BACKGROUND)
    d = ImageDraw.Draw(big)

    def poly(h: int, scale: float) -> list[tuple[float, float]]:
        x, y = geo.hex_xy(h)
        return [(px * SS, py * SS) for px, py in hexagon(x, y, size * scale)]

    for h in board.hexes:
        d.polygon(poly(h, 1.30), fill=theme.PLATE_EDGE)
    for h in board.hexes:
        d.polygon(poly(h, 1.24), fill=theme.PLATE)
    locations = set(board.locations)
    for h in board.hexes:
        d.polygon(poly(h, 0.96), fill=theme.LOCATION_FILL if h in locations else theme.HEX_FILL)
    for h in board.locations:
        x, y = geo.coin_xy(h)
        d.ellipse(
            ring_box(x, y, size * RING_RADIUS, SS),
            outline=theme.LOCATION_RING,
            width=round(size * 0.05 * SS),
        )
        d.ellipse(ring_box(x, y, size * (RING_RADIUS - 0.09), SS), outline=theme.LOCATION_RING, width=SS)
    return big.resize((geo.width, geo.height), Image.Resampling.BOX)


def label_xy(geo: BoardGeometry, h: int, top: bool) -> tuple[float, float]:
    """Where the name of hex ``h`` is centred: above the coin (``top``) or in the middle of the hex."""
    x, y = geo.hex_xy(h)
    return (x, y - LABEL_TOP_Y * geo.size) if top else (x, y + COIN_DROP * geo.size)


def label_box(geo: BoardGeometry, h: int) -> tuple[int, int, int, int]:
    """A box around the name in the middle of hex ``h`` (inside the hex and its location circle)."""
    x, y = label_xy(geo, h, False)
    w, hh = 0.42 * geo.size, 0.26 * geo.size
    return (math.floor(x - w), math.floor(y - hh), math.ceil(x + w), math.ceil(y + hh))


def draw_label(
    draw: ImageDraw.ImageDraw, geo: BoardGeometry, h: int, halo: bool = False, top: bool = True
) -> None:
    """The hex's name, above the coin (``top``) or large in the middle of an empty hex; with a halo in
    the hex colour when it is drawn over highlights or arrows."""
    size = round((LABEL_TOP if top else LABEL_CENTRE) * geo.size)
    draw_text(
        draw,
        label_xy(geo, h, top),
        HEX_NAMES[h],
        size,
        theme.HEX_LABEL,
        bold=True,
        anchor="mm",
        stroke=max(2, round(size * 0.12)) if halo else 0,
        stroke_fill=theme.HEX_FILL if halo else None,
    )


@memo
def control_overlay(team: int, size: int) -> tuple[Image.Image, int, int]:
    """A controlled location: the hex tinted in the side's colour and its circle in the side's ring
    (solid for side A, striped for side B). Returns (sprite, hex centre x, hex centre y in the sprite)."""
    w = math.ceil(size * 2) + 4
    h = math.ceil(SQ3 * size) + 4
    cx, cy = w / 2, h / 2
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.polygon([(px * SS, py * SS) for px, py in hexagon(cx, cy, size * 0.96)], fill=theme.TEAM_TINT[team])
    ry = cy + COIN_DROP * size
    outer = size * (RING_RADIUS + RING_WIDTH / 2)
    inner = size * (RING_RADIUS - RING_WIDTH / 2)
    draw_ring(d, ring_box(cx, ry, outer, SS), team, theme.TEAM[team], theme.TEAM_EDGE[team])
    d.ellipse(
        ring_box(cx, ry, inner, SS), fill=theme.TEAM_TINT[team], outline=theme.TEAM_EDGE[team], width=SS
    )
    img = big.resize((w, h), Image.Resampling.BOX)
    return img, round(cx), round(cy)


@memo
def hex_outline(size: int, colour: tuple, width: float) -> tuple[Image.Image, int, int]:
    """A highlight border just inside a hex, with a dark edge for contrast."""
    w = math.ceil(size * 2) + 4
    h = math.ceil(SQ3 * size) + 4
    cx, cy = w / 2, h / 2
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    lw = width * size
    pts = [(px * SS, py * SS) for px, py in hexagon(cx, cy, size * 0.96 - lw / 2)]
    d.polygon(pts, outline=theme.INK, width=round((lw + 3) * SS))
    d.polygon(pts, outline=colour, width=round(lw * SS))
    # The polygon outline is drawn inside the points; cut the outer dark rim back to the hex.
    img = big.resize((w, h), Image.Resampling.BOX)
    return img, round(cx), round(cy)
