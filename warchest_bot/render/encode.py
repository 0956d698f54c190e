"""Encoding images to PNG bytes, tuned for speed and size, and the ``*_png`` shortcuts."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image

from .board import render_board
from .cache import memo
from .cards import render_unit_card, unit_code
from .catalogue import generation
from .hand import render_hand

PNG_COMPRESS_LEVEL = 6


def encode_png(img: Image.Image, compress_level: int = PNG_COMPRESS_LEVEL, palette: bool = True) -> bytes:
    """PNG bytes of ``img``. With ``palette`` the image is first reduced to 256 colours (fast octree, no
    dithering): the pictures are flat-coloured, so this is visually lossless, and it makes the file about
    three times smaller and the encoding several times faster."""
    if palette and img.mode != "P":
        img = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=compress_level)
    return buf.getvalue()


def board_png(
    view: Mapping, last_action: Mapping | None = None, *, names: Sequence[str] | None = None
) -> bytes:
    """:func:`~warchest_bot.render.board.render_board` as PNG bytes."""
    return encode_png(render_board(view, last_action, names=names))


def hand_png(view: Mapping, *, names: Sequence[str] | None = None) -> bytes:
    """:func:`~warchest_bot.render.hand.render_hand` as PNG bytes."""
    return encode_png(render_hand(view, names=names))


def unit_card_png(unit: int | str) -> bytes:
    """A unit card as PNG bytes (cached: the cards never change)."""
    return _card_png(unit_code(unit), generation())


@memo
def _card_png(code: str, gen: int) -> bytes:
    return encode_png(render_unit_card(code))
