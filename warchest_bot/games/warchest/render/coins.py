"""Coin, stack and marker sprites (RGBA, cached, shared read-only).

A coin has its side's ring (side A: solid blue; side B: orange striped with cream notches), a light face,
the unit's emblem and its two-letter code. A stack shows its lower coins as edges below the top coin and a
dark badge with its height.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw, ImageFilter

from warchest_bot.render.cache import memo
from warchest_bot.render.text import draw_text

from . import theme
from .emblems import emblem_mask

SS = 4
MAX_LAYERS = 4
"""At most this many coin edges are drawn under a stack (the badge gives the exact height)."""
LABEL_MIN = 44
"""Coins at least this wide carry their unit code under the emblem; smaller ones only the emblem."""


def _ring_colours(code: str, team: int | None) -> tuple[tuple, tuple, tuple, tuple]:
    """(ring, layer, edge, face) colours."""
    if team is None:
        ring, layer, edge = theme.NEUTRAL, theme.NEUTRAL_DARK, theme.INK
        face = theme.NEUTRAL_FACE
    else:
        ring, layer, edge = theme.TEAM[team], theme.TEAM_DARK[team], theme.TEAM_EDGE[team]
        face = theme.TEAM_FACE[team]
    if code == "RC":
        face = theme.ROYAL_FACE
        if team is None:
            ring = theme.ROYAL_RING
    return ring, layer, edge, face


def draw_ring(
    draw: ImageDraw.ImageDraw, box: tuple[float, ...], team: int | None, colour: tuple, edge: tuple
):
    """A filled disc in ``colour``; side B's gets cream notches around its rim (the shape cue)."""
    draw.ellipse(box, fill=colour, outline=edge, width=max(1, round((box[2] - box[0]) * 0.02)))
    if team == 1:
        for k in range(12):
            a = k * 30 - 6
            draw.pieslice(box, a, a + 12, fill=theme.STRIPE)
        draw.ellipse(box, outline=edge, width=max(1, round((box[2] - box[0]) * 0.02)))


@memo
def coin_sprite(code: str, team: int | None, diameter: int, height: int = 1) -> tuple[Image.Image, int, int]:
    """A stack of ``height`` coins of unit ``code`` (``RC``: the Royal Coin) for ``team`` (None: neutral).

    Returns ``(sprite, cx, cy)``: the RGBA sprite and where the top coin's centre is inside it.
    """
    d = diameter
    layers = min(max(height, 1), MAX_LAYERS + 1) - 1
    step = max(3, round(d * 0.075))
    pad = max(4, round(d * 0.14))
    w, h = d + 2 * pad, d + 2 * pad + layers * step
    cx, cy = pad + d / 2, pad + d / 2
    ring, layer_col, edge, face = _ring_colours(code, team)

    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    # Soft shadow under the whole stack.
    shadow = Image.new("L", big.size, 0)
    sd = ImageDraw.Draw(shadow)
    off = d * 0.05
    r = d / 2
    sd.ellipse(
        tuple(
            v * SS
            for v in (cx - r + off, cy - r + off * 1.6, cx + r + off, cy + r + off * 1.6 + layers * step)
        ),
        fill=110,
    )
    shadow = shadow.filter(ImageFilter.GaussianBlur(d * 0.05 * SS))
    big.putalpha(shadow)
    draw = ImageDraw.Draw(big)

    def box(y_off: float, radius: float) -> tuple[float, ...]:
        return tuple(v * SS for v in (cx - radius, cy + y_off - radius, cx + radius, cy + y_off + radius))

    for i in range(layers, 0, -1):
        draw.ellipse(box(i * step, r), fill=layer_col, outline=edge, width=max(1, round(SS * d * 0.018)))
    draw_ring(draw, box(0, r), team, ring, edge)
    draw.ellipse(box(0, r * 0.78), fill=face, outline=edge, width=max(1, round(SS * d * 0.012)))
    if height >= 2:
        rb = max(10.5, d * 0.2)
        bx, by = cx + d * 0.37, cy - d * 0.37
        draw.ellipse(
            tuple(v * SS for v in (bx - rb, by - rb, bx + rb, by + rb)),
            fill=theme.INK,
            outline=theme.WHITE,
            width=round(SS * max(1.5, d * 0.025)),
        )
    sprite = big.resize((w, h), Image.Resampling.BOX)

    # Emblem and code at final size (text hinted at its real size stays crisp).
    sd2 = ImageDraw.Draw(sprite)
    if d >= LABEL_MIN:
        # The code is what players type: as large as the face allows (legible on a phone), the emblem
        # above it.
        e = round(d * 0.27)
        sprite.paste(theme.INK + (255,), (round(cx - e / 2), round(cy - d * 0.335)), emblem_mask(code, e))
        draw_text(
            sd2,
            (cx, cy + d * 0.135),
            code,
            max(14, round(d * 0.40)),
            theme.INK + (255,),
            bold=True,
            anchor="mm",
            max_width=d * 0.6,  # wide codes (WP, RG) shrink to stay inside the face
            min_size=max(10, round(d * 0.24)),  # WW, the widest, needs a little less than WP
        )
    else:
        e = round(d * 0.52)
        sprite.paste(theme.INK + (255,), (round(cx - e / 2), round(cy - e / 2)), emblem_mask(code, e))
    if height >= 2:
        draw_text(
            sd2,
            (cx + d * 0.37, cy - d * 0.37),
            str(height),
            max(14, round(d * 0.25)),
            theme.WHITE + (255,),
            bold=True,
            anchor="mm",
        )
    return sprite, round(cx), round(cy)


@memo
def marker_sprite(team: int, diameter: int, placed: bool = False) -> Image.Image:
    """A control marker token: a disc in the side's colour and pattern; ``placed`` draws the empty slot
    of a marker already on the board."""
    d = diameter
    big = Image.new("RGBA", (d * SS, d * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    b = (SS, SS, (d - 1) * SS, (d - 1) * SS)
    if placed:
        draw.ellipse(b, outline=theme.FAINT + (255,), width=round(SS * max(1.5, d * 0.08)))
    else:
        draw_ring(draw, b, team, theme.TEAM[team] + (255,), theme.WHITE + (255,))
    return big.resize((d, d), Image.Resampling.BOX)


def paste(base: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Paste an RGBA sprite onto ``base`` (RGB or RGBA) with its top-left at ``xy``."""
    base.paste(sprite, (round(xy[0]), round(xy[1])), sprite)


def paste_coin(
    base: Image.Image,
    code: str,
    team: int | None,
    diameter: int,
    center: tuple[float, float],
    height: int = 1,
) -> None:
    """Paste a coin (stack) so that its top coin is centred on ``center``."""
    sprite, cx, cy = coin_sprite(code, team, diameter, height)
    base.paste(sprite, (round(center[0]) - cx, round(center[1]) - cy), sprite)


def hexagon(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """Corners of a flat-topped hexagon."""
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]
