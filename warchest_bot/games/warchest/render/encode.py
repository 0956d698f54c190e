"""War Chest's pictures as PNG bytes, tuned for speed and size, and the ``*_png`` shortcuts.

Every picture is drawn from the theme's few flat colours and their antialiased blends, so one fixed
palette of :data:`PALETTE_COLOURS` colours (made from sample pictures of every kind by
``scripts/make_palettes.py`` and shipped as ``palette.rgb``, see ``warchest_bot.render.palette``) holds them all: mapping a board onto it takes a few milliseconds, where finding a palette per image took
~35 ms, and the result looks the same (mean error about half a level of 255, see
tests/games/warchest/render). The palette image is then written as an 8-bit palette PNG by
``warchest_bot.render.png`` (zlib-ng at a fast level chosen by the picture's size). A board takes ~10 ms to map and compress and is
under 100 KiB (see ``bench/render.py``).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image

from warchest_bot.render.cache import memo
from warchest_bot.render.palette import palette_beside, palette_from_samples, read_palette
from warchest_bot.render.png import PNG_COMPRESS_LEVEL, write_palette_png

from . import theme
from .board import render_board
from .cards import render_unit_card, unit_code
from .hand import render_hand
from .words import DEFAULT_LOCALE, picture_locale

PALETTE_COLOURS = 96
"""Colours of the shared palette: the theme's flat colours exactly and blends found in samples. 96 look
the same as 256 side by side (mean error ~0.5 of 255) and compress ~10 % smaller."""


def _samples() -> list[Image.Image]:
    """Pictures that together show every colour the renderer uses: both boards with highlights, arrows,
    stacks of both sides and control, the draft, a finished game, a hand and a unit card."""
    from warchest_bot.games.warchest.engine import GameState, Options

    out = []
    for players, last in (
        (2, {"seat": 1, "kind": "tactic", "coin": "Cavalry", "hexes": ["f6", "e5", "f4"], "text": ""}),
        (4, {"seat": 0, "kind": "attack", "coin": "Swordsman", "hexes": ["e2", "e3"], "text": ""}),
    ):
        g = GameState.new(Options(players=players, units="first-game", seed=players))
        out.append(render_board(g.view_for(None), {**last, "kind": "control", "hexes": ["d4"]}))
        n = 0
        while not g.is_terminal() and n < 60 * players:
            legal = g.legal_actions()
            g.apply(legal[(n * 7919) % len(legal)])
            n += 1
        out.append(render_board(g.view_for(None), last))
        out.append(render_hand(g.view_for(0)))
    out.append(render_board(GameState.new(Options(players=2, units="draft", seed=1)).view_for(None)))
    out.append(render_unit_card("Royal Guard"))
    return out


def _theme_colours() -> list[tuple[int, int, int]]:
    """Every flat colour of the theme, so that plain areas keep their exact colour."""
    out: list[tuple[int, int, int]] = []

    def add(value: object) -> None:
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(c, int) for c in value):
            if value not in out:
                out.append(value)
        elif isinstance(value, tuple):
            for v in value:
                add(v)

    for name in sorted(vars(theme)):
        if name.isupper():
            add(getattr(theme, name))
    return out


PALETTE_PATH = palette_beside(__file__)
"""The shipped palette (``palette.rgb``): `PALETTE_COLOURS` RGB triples made by `build_palette`."""


def build_palette() -> bytes:
    """The shared palette as RGB triples, made from sample pictures: the theme's flat colours exactly, and
    the blends that antialiasing makes of them (``scripts/make_palettes.py`` ships it as ``palette.rgb``)."""
    return palette_from_samples(_samples(), _theme_colours(), PALETTE_COLOURS)


@memo
def shared_palette() -> Image.Image:
    """The fixed palette (a 1×1 "P" image carrying it) every picture is mapped onto: the shipped
    ``palette.rgb`` beside this module (what `build_palette` makes)."""
    return read_palette(PALETTE_PATH)


def to_palette(img: Image.Image) -> Image.Image:
    """``img`` mapped onto the shared palette (nearest colour, no dithering)."""
    if img.mode == "P":
        return img
    if img.mode != "RGB":
        img = img.convert("RGB")
    return img.quantize(palette=shared_palette(), dither=Image.Dither.NONE)


def encode_png(img: Image.Image, compress_level: int | None = None, palette: bool = True) -> bytes:
    """PNG bytes of ``img``: with ``palette`` (the default) mapped onto the shared palette and written as a
    palette PNG (at ``compress_level``, None: the level for its size); without, as a lossless Pillow PNG
    of the image as it is."""
    if palette:
        return write_palette_png(to_palette(img), compress_level)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL if compress_level is None else compress_level)
    return buf.getvalue()


def board_png(
    view: Mapping,
    last_action: Mapping | None = None,
    *,
    names: Sequence[str] | None = None,
    locale: str | None = DEFAULT_LOCALE,
) -> bytes:
    """:func:`~warchest_bot.games.warchest.render.board.render_board` as PNG bytes."""
    return encode_png(render_board(view, last_action, names=names, locale=locale))


def hand_png(
    view: Mapping, *, names: Sequence[str] | None = None, locale: str | None = DEFAULT_LOCALE
) -> bytes:
    """:func:`~warchest_bot.games.warchest.render.hand.render_hand` as PNG bytes."""
    return encode_png(render_hand(view, names=names, locale=locale))


def unit_card_png(unit: int | str, *, locale: str | None = DEFAULT_LOCALE) -> bytes:
    """A unit card in ``locale`` as PNG bytes (cached per unit and locale: the cards never change)."""
    return _card_png(unit_code(unit), picture_locale(locale))


@memo
def _card_png(code: str, locale: str) -> bytes:
    return encode_png(render_unit_card(code, locale=locale))
