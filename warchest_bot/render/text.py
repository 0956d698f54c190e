"""Fonts and the one text helper every image uses.

Text goes through Pillow's text layout: libraqm (``ImageFont.Layout.RAQM``) when Pillow has it, otherwise
the basic layout. Fonts are the DejaVu Sans files shipped in the package's ``fonts`` folder (Bitstream Vera
licence, see ``fonts/LICENSE``); if they are missing the system's DejaVu is tried, then Pillow's built-in
font (``ImageFont.load_default``).

Persian (any line holding Arabic-script letters) is drawn with the shipped Vazirmatn font (SIL OFL, see
``fonts/OFL-Vazirmatn.txt``; it also has Latin letters and digits, so notation inside a Persian line is
drawn in the same face) and must be *shaped* (each letter in its joined form) and *ordered* (right to left,
with Latin and digit runs inside it left to right). ``shaping()`` says how:

- ``"raqm"``: Pillow's raqm layout (HarfBuzz + FriBiDi) does both. Pillow's wheels carry raqm but load the
  system FriBiDi library at run time; without it ``features.check("raqm")`` is false (``scripts/setup.sh``
  installs it with apt-get when missing).
- ``"python"``: the pure-Python fallback: arabic-reshaper turns the letters into their presentation forms
  (U+FB50–U+FEFF) and python-bidi puts the line into visual order, which the basic layout then draws left
  to right as it is.
- ``"basic"``: neither works and Persian comes out as separate left-to-right letters; ``check_shaping()``
  (called once at start-up) logs one warning saying so.

Font objects are kept per thread: a FreeType face must not be used by two threads at once. So are the
glyph masks of drawn text and measured widths (the same words come back in every image: names, numbers,
labels), which makes drawing a line of text a cached paste.
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont, features

from ..i18n import PERSIAN_DIGITS as PERSIAN_DIGITS  # the catalogue's, shared with the pictures
from ..i18n import persian_digits as persian_digits
from .cache import memo

LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC

_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_RTL_FONT_FILES = {False: "Vazirmatn-Regular.ttf", True: "Vazirmatn-Bold.ttf"}
_FONTS = Path(__file__).resolve().parent / "fonts"
_FONT_DIRS = (
    _FONTS,
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


@cache
def _rtl_font_bytes(bold: bool) -> bytes | None:
    p = _FONTS / _RTL_FONT_FILES[bold]
    return p.read_bytes() if p.is_file() else None


def font(size: int, bold: bool = False, rtl: bool = False) -> Font:
    """A font of ``size`` pixels for this thread (``rtl``: the Persian face, laid out as ``shaping()`` says)."""
    fonts = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = _local.fonts = {}
    mode = shaping() if rtl else ""
    key = (size, bold, mode)
    f = fonts.get(key)
    if f is None:
        data = (_rtl_font_bytes(bold) if rtl else None) or _font_bytes(bold)
        if data is not None:
            engine = ImageFont.Layout.BASIC if mode in ("python", "basic") else LAYOUT
            f = ImageFont.truetype(io.BytesIO(data), size, layout_engine=engine)
        else:
            f = ImageFont.load_default(size=size)
        fonts[key] = f
    return f


# --- Persian: shaping and right-to-left order ---------------------------------------------------------

log = logging.getLogger("warchest_bot.render")

SHAPINGS = ("raqm", "python", "basic")
_shaping: str | None = None


def _python_shaping_works() -> bool:
    try:
        import arabic_reshaper  # type: ignore[import-untyped]  # noqa: F401
        import bidi  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def shaping() -> str:
    """How lines of Persian are shaped and ordered: ``"raqm"``, ``"python"`` or ``"basic"`` (broken)."""
    global _shaping
    if _shaping is None:
        if LAYOUT == ImageFont.Layout.RAQM:
            _shaping = "raqm"
        elif _python_shaping_works():
            _shaping = "python"
        else:
            _shaping = "basic"
    return _shaping


@contextmanager
def use_shaping(mode: str) -> Iterator[None]:
    """Draw with the given shaping path for a while (tests and benches force each path with this)."""
    global _shaping
    if mode not in SHAPINGS:
        raise ValueError(f"unknown shaping {mode!r}")
    if mode == "raqm" and LAYOUT != ImageFont.Layout.RAQM:
        raise ValueError("Pillow has no raqm layout here")
    if mode == "python" and not _python_shaping_works():
        raise ValueError("arabic-reshaper and python-bidi are not installed")
    before = shaping()
    _shaping = mode
    try:
        yield
    finally:
        _shaping = before


def check_shaping() -> str:
    """Called once at start-up: returns ``shaping()`` and logs one warning when Persian text in pictures
    cannot be shaped (and one info line when the pure-Python fallback is used)."""
    mode = shaping()
    if mode == "basic":
        log.warning(
            "Persian text in pictures will be broken (separate left-to-right letters): Pillow has no raqm "
            "layout (install the system FriBiDi library, e.g. `apt-get install libfribidi0`, or run "
            "`sh scripts/setup.sh`) and the fallback packages arabic-reshaper and python-bidi are not installed."
        )
    elif mode == "python":
        log.info(
            "Persian text in pictures is shaped by arabic-reshaper and python-bidi (Pillow has no raqm layout)."
        )
    return mode


def is_rtl_script(text: str) -> bool:
    """Whether ``text`` holds Arabic-script letters (Persian), drawn with the Persian face and shaped."""
    return any(
        "\u0600" <= c <= "\u06ff"
        or "\u0750" <= c <= "\u077f"
        or "\ufb50" <= c <= "\ufdff"
        or "\ufe70" <= c <= "\ufefc"
        for c in text
    )


_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


@cache
def _reshaper() -> Any:
    import arabic_reshaper

    return arabic_reshaper.ArabicReshaper(configuration={"delete_harakat": False, "support_ligatures": True})


def visual_order(text: str) -> str:
    """The pure-Python path: ``text`` (logical order) shaped into presentation forms and put into visual
    order, line by line, without direction marks or isolates (the basic layout would draw them as boxes)."""
    from bidi import get_display

    return "\n".join(
        get_display(_reshaper().reshape(line)).translate(_BIDI_CONTROLS) for line in text.split("\n")
    )


def _laid(text: str, size: int, bold: bool) -> tuple[Font, str]:
    """The font a line is drawn with and the string handed to Pillow (shaped in visual order on the
    pure-Python path)."""
    if not is_rtl_script(text):
        return font(size, bold), text
    if shaping() == "python":
        return font(size, bold, rtl=True), visual_order(text)
    return font(size, bold, rtl=True), text


TEXT_CACHE_SIZE = 4096
"""Per thread, at most this many text masks and widths are kept (the cache is emptied when full)."""
CACHED_TEXT_LEN = 24
"""Masks are kept for lines up to this long (names, numbers, labels: they come back in every image); a
longer line (a sentence about the last move) is drawn afresh, so the cache stays small (~1 MB)."""


def _thread_cache(name: str) -> dict[Any, Any]:
    c = getattr(_local, name, None)
    if c is None or len(c) >= TEXT_CACHE_SIZE:
        c = {}
        setattr(_local, name, c)
    return c


def text_width(text: str, size: int, bold: bool = False) -> float:
    f, shown = _laid(text, size, bold)
    widths = _thread_cache("widths")
    key = (f, shown)
    w = widths.get(key)
    if w is None:
        w = widths[key] = f.getlength(shown)
    return w


def _mask(f: Font, text: str, anchor: str, stroke: int) -> Any:
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
        f, shown = _laid(text, size, bold)
        draw.text(xy, shown, fill=fill, font=f, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
        return text_width(text, size, bold)
    layouts = _thread_cache("layouts")
    key = (text, size, bold, anchor, max_width, min_size, stroke, _font_bytes(bold) is None, shaping())
    laid = layouts.get(key)
    if laid is None:
        if max_width is not None:
            size = fit_size(text, size, max_width, bold, min_size)
            text = ellipsize(text, size, max_width, bold)
        f, shown = _laid(text, size, bold)
        laid = (
            _mask(f, shown, anchor, stroke) if stroke else None,
            _mask(f, shown, anchor, 0),
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
