"""Pictures made of text: the board of a game that draws none of its own (`games.facets.TextPictures`),
its lines laid out with proper shaping and direction, as a PNG or as the frames of a GIF.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from ..i18n import direction
from .gif import GifWriter
from .png import write_png
from .text import draw_text, wrap

WIDTH = 560
MARGIN = 16
SIZE = 18
LINE = 26
BACKGROUND = (250, 248, 240)
INK = (30, 30, 30)
INKS = 16
"""Colours of a text picture's palette."""
FRAME_MS = 900
"""How long a replay shows each position."""


def text_picture(lines: Sequence[str], locale: str, height: int = 0) -> Image.Image:
    """The lines, each wrapped to the width, top to bottom (right-aligned in a right-to-left locale); at
    least ``height`` pixels high."""
    rows = [row for line in lines for row in (wrap(line, SIZE, WIDTH - 2 * MARGIN) or [""])]
    img = Image.new("RGB", (WIDTH, max(height, 2 * MARGIN + LINE * max(len(rows), 1))), BACKGROUND)
    draw = ImageDraw.Draw(img)
    rtl = direction(locale) == "rtl"
    for n, row in enumerate(rows):
        x, anchor = (WIDTH - MARGIN, "ra") if rtl else (MARGIN, "la")
        draw_text(draw, (x, MARGIN + n * LINE), row, SIZE, INK, anchor=anchor)
    return img


def text_png(lines: Sequence[str], locale: str) -> bytes:
    """`text_picture` as an 8-bit palette PNG (the ink, the paper and the greys of their antialiasing)."""
    return write_png(text_picture(lines, locale).quantize(colors=INKS))


def text_gif(pages: Sequence[Sequence[str]], locale: str) -> bytes:
    """An animation of one `text_picture` per page (all as high as the highest), looping."""
    images = [text_picture(page, locale) for page in pages] or [text_picture([], locale)]
    height = max(img.height for img in images)
    buf = io.BytesIO()
    writer = GifWriter(buf, images[0].quantize(colors=INKS))
    for img in images:
        writer.add(img if img.height == height else text_picture_padded(img, height), FRAME_MS)
    writer.close()
    return buf.getvalue()


def text_picture_padded(img: Image.Image, height: int) -> Image.Image:
    """``img`` on a background ``height`` pixels high (the frames of an animation share one size)."""
    out = Image.new("RGB", (img.width, height), BACKGROUND)
    out.paste(img, (0, 0))
    return out
