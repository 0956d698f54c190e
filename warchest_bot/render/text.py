"""Fonts and the one text helper every image uses.

Text goes through Pillow's text layout: libraqm (``ImageFont.Layout.RAQM``) when Pillow has it, so that
right-to-left scripts shape correctly later, otherwise the basic layout. Fonts are the DejaVu Sans files
shipped in the package's ``fonts`` folder (Bitstream Vera licence, see ``fonts/LICENSE``); if they are missing the
system's DejaVu is tried, then Pillow's built-in font (``ImageFont.load_default``).

Font objects are kept per thread: a FreeType face must not be used by two threads at once. So are the
glyph masks of drawn text and measured widths (the same words come back in every image: names, numbers,
labels), which makes drawing a line of text a cached paste.
"""

from __future__ import annotations

import io
import threading
from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont, features

from .cache import memo

LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC

_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_FONT_DIRS = (
    Path(__file__).resolve().parent / "fonts",
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/share/fonts/dejavu"),
)
_local = threading.local()

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@memo
def font_path(bold: bool) -> Path | None:
    """The font file used for regular (``bold=False``) or bold text, or None for Pillow's default font."""
    for d in _FONT_DIRS:
        p = d / _FONT_FILES[bold]
        if p.is_file():
            return p
    return None


@cache
def _font_bytes(bold: bool) -> bytes | None:
    p = font_path(bold)
    return p.read_bytes() if p else None


def font(size: int, bold: bool = False) -> Font:
    """A font of ``size`` pixels for this thread."""
    fonts = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = _local.fonts = {}
    key = (size, bold)
    f = fonts.get(key)
    if f is None:
        data = _font_bytes(bold)
        if data is not None:
            f = ImageFont.truetype(io.BytesIO(data), size, layout_engine=LAYOUT)
        else:
            f = ImageFont.load_default(size=size)
        fonts[key] = f
    return f


TEXT_CACHE_SIZE = 4096
"""Per thread, at most this many text masks and widths are kept (the cache is emptied when full)."""
CACHED_TEXT_LEN = 24
"""Masks are kept for lines up to this long (names, numbers, labels: they come back in every image); a
longer line (a sentence about the last move) is drawn afresh, so the cache stays small (~1 MB)."""


def _thread_cache(name: str) -> dict:
    c = getattr(_local, name, None)
    if c is None or len(c) >= TEXT_CACHE_SIZE:
        c = {}
        setattr(_local, name, c)
    return c


def text_width(text: str, size: int, bold: bool = False) -> float:
    f = font(size, bold)
    widths = _thread_cache("widths")
    key = (f, text)
    w = widths.get(key)
    if w is None:
        w = widths[key] = f.getlength(text)
    return w


def _mask(f: Font, text: str, anchor: str, stroke: int):
    """The glyph mask of one line and its offset from the anchor point (short lines cached per thread)."""
    masks = _thread_cache("masks")
    key = (f, text, anchor, stroke)
    m = masks.get(key)
    if m is None:
        if isinstance(f, ImageFont.FreeTypeFont):
            m = f.getmask2(text, "L", stroke_width=stroke, anchor=anchor, stroke_filled=True)
        else:
            m = (f.getmask(text, "L", stroke_width=stroke, anchor=anchor), (0, 0))
        if len(text) <= CACHED_TEXT_LEN:
            masks[key] = m
    return m


def fit_size(text: str, size: int, max_width: float, bold: bool = False, min_size: int = 12) -> int:
    """The largest font size ≤ ``size`` (and ≥ ``min_size``) at which ``text`` fits ``max_width``."""
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    return size


def ellipsize(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``max_width`` (unchanged if it already fits)."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…"


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, ...],
    *,
    bold: bool = False,
    anchor: str = "la",
    max_width: float | None = None,
    min_size: int = 12,
    stroke: int = 0,
    stroke_fill: tuple[int, ...] | None = None,
) -> float:
    """Draw one line of text; returns its width. With ``max_width`` the font shrinks (down to
    ``min_size``) and then the text is ellipsized to fit."""
    if "\n" in text or draw.fontmode != "L":
        if max_width is not None:
            size = fit_size(text, size, max_width, bold, min_size)
            text = ellipsize(text, size, max_width, bold)
        f = font(size, bold)
        draw.text(xy, text, fill=fill, font=f, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
        return text_width(text, size, bold)
    layouts = _thread_cache("layouts")
    key = (text, size, bold, anchor, max_width, min_size, stroke, _font_bytes(bold) is None)
    laid = layouts.get(key)
    if laid is None:
        if max_width is not None:
            size = fit_size(text, size, max_width, bold, min_size)
            text = ellipsize(text, size, max_width, bold)
        f = font(size, bold)
        laid = (
            _mask(f, text, anchor, stroke) if stroke else None,
            _mask(f, text, anchor, 0),
            text_width(text, size, bold),
        )
        if len(key[0]) <= CACHED_TEXT_LEN:
            layouts[key] = laid
    halo, plain, width = laid
    x, y = round(xy[0]), round(xy[1])
    if halo is not None:
        mask, (ox, oy) = halo
        draw.draw.draw_bitmap((x + ox, y + oy), mask, draw._getink(stroke_fill or fill)[0])
    mask, (ox, oy) = plain
    draw.draw.draw_bitmap((x + ox, y + oy), mask, draw._getink(fill)[0])
    return width


def wrap(text: str, size: int, max_width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines at spaces so that each fits ``max_width``."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, size, bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
