"""Mirrored layout of pictures in a right-to-left locale: positions are computed as for English (left to
right) and mapped through a `Mirror`, so an English picture stays exactly as it was and a Persian one is
its mirror image (boards whose squares are Latin notation are not mirrored)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from ..i18n import direction
from .text import draw_text


def is_rtl(locale: str) -> bool:
    """Whether pictures in ``locale`` are laid out right to left (Persian)."""
    return direction(locale) == "rtl"


class Mirror:
    """Horizontal positions of a picture written as if left to right, mirrored for a right-to-left
    locale: ``x`` measured from the left edge becomes ``width - x``, a box starting at ``x`` ends there,
    and a text anchored at its left ("l…") is anchored at its right. The board itself is never mirrored
    (squares are Latin notation, a1 bottom left in every language)."""

    def __init__(self, width: float, rtl: bool) -> None:
        self.width = width
        self.rtl = rtl

    def x(self, x: float) -> float:
        return self.width - x if self.rtl else x

    def left(self, x: float, w: float) -> float:
        """The left edge of a box of width ``w`` that starts at ``x`` in reading order."""
        return self.width - x - w if self.rtl else x

    def anchor(self, anchor: str) -> str:
        if not self.rtl:
            return anchor
        return {"l": "r", "r": "l"}.get(anchor[0], anchor[0]) + anchor[1:]

    def text(
        self, d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: tuple[int, ...],
        *, anchor: str = "la", **kw: Any,
    ) -> float:  # fmt: skip
        """`draw_text` at the mirrored position and anchor; returns the width drawn."""
        return draw_text(d, (self.x(xy[0]), xy[1]), text, size, fill, anchor=self.anchor(anchor), **kw)

    def paste(self, img: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
        """Paste an RGBA ``sprite`` whose reading-order start is at ``xy``."""
        img.paste(sprite, (round(self.left(xy[0], sprite.width)), round(xy[1])), sprite)

    def hline(self, x0: float, x1: float) -> tuple[float, float]:
        """The left and right ends of the span from ``x0`` to ``x1`` (reading order)."""
        a, b = self.x(x0), self.x(x1)
        return (min(a, b), max(a, b))
