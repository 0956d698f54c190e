"""Drawing emblems (unit glyphs) in unit-square coordinates, shared by every game's pictures.

A glyph is a function of a `Pen` that draws in a unit square (``u``, ``v`` from 0 to 1, ``v`` downwards)
onto a supersampled greyscale mask; `glyph_mask` scales it down so it is smooth at any size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

SUPERSAMPLE = 4


class Pen:
    """Draws in unit-square coordinates onto an ``L`` mask: ``on`` paints the glyph, ``off`` cuts it out."""

    def __init__(self, draw: ImageDraw.ImageDraw, size: int) -> None:
        self.d = draw
        self.s = size

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (u * self.s, v * self.s)

    def poly(self, pts: Sequence[tuple[float, float]], on: bool = True) -> None:
        self.d.polygon([self.p(u, v) for u, v in pts], fill=255 if on else 0)

    def circle(self, u: float, v: float, r: float, on: bool = True) -> None:
        s = self.s
        self.d.ellipse(((u - r) * s, (v - r) * s, (u + r) * s, (v + r) * s), fill=255 if on else 0)

    def rect(self, u0: float, v0: float, u1: float, v1: float, on: bool = True, radius: float = 0) -> None:
        s = self.s
        box = (u0 * s, v0 * s, u1 * s, v1 * s)
        if radius:
            self.d.rounded_rectangle(box, radius=radius * s, fill=255 if on else 0)
        else:
            self.d.rectangle(box, fill=255 if on else 0)

    def line(self, pts: Sequence[tuple[float, float]], w: float, on: bool = True, caps: bool = True) -> None:
        fill = 255 if on else 0
        self.d.line([self.p(u, v) for u, v in pts], fill=fill, width=max(1, round(w * self.s)), joint="curve")
        if caps:
            for u, v in (pts[0], pts[-1]):
                self.circle(u, v, w / 2, on)

    def arc(
        self, box: tuple[float, float, float, float], start: float, end: float, w: float, on: bool = True
    ) -> None:
        s = self.s
        self.d.arc(tuple(c * s for c in box), start, end, fill=255 if on else 0, width=max(1, round(w * s)))


def arc_points(
    cu: float, cv: float, ru: float, rv: float, a0: float, a1: float, n: int = 24
) -> list[tuple[float, float]]:
    """Points on an ellipse from angle a0 to a1 (degrees, clockwise from 3 o'clock as in Pillow)."""
    return [
        (
            cu + ru * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
            cv + rv * math.sin(math.radians(a0 + (a1 - a0) * i / n)),
        )
        for i in range(n + 1)
    ]


def glyph_mask(glyph: Callable[[Pen], None], size: int) -> Image.Image:
    """``glyph`` drawn on a supersampled mask and scaled down to a ``size``×``size`` antialiased ``L`` mask."""
    big = size * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    glyph(Pen(ImageDraw.Draw(mask), big))
    return mask.resize((size, size), Image.Resampling.LANCZOS)
