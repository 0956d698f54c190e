"""Pictures of Castles with Pillow: the board post, a seat's private hand, unit and event cards, and
replays, all drawn from views (`scene_of`) and the public last action (``{"seat", "text"}``), so nothing a
view leaves out can appear.

Static layers (the canvas, sprites, cards) are built once (`warchest_bot.render.cache`) and shared
read-only; every word comes from the catalogue (``picture.ca.*`` in ``messages/<locale>/pictures.py``, the
units' and events' texts in ``units.py``); numbers in Persian pictures are Persian digits and the layout is
mirrored (`warchest_bot.render.mirror`). PNGs are palette PNGs on this game's shipped palette
(``palette.rgb``, made by ``scripts/make_palettes.py``); replays are GIFs on the same palette.

``python -m warchest_bot.games.castles.render [--locale fa] [--private | --card Kn] out.png`` draws a sample position.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from PIL import Image

from warchest_bot.i18n import DEFAULT_LOCALE
from warchest_bot.render.cache import memo
from warchest_bot.render.gif import GifWriter
from warchest_bot.render.palette import ShippedPalette, palette_from_samples

from ..codec import view_of
from ..rules import CARD_CODES, UNIT_CODES
from ..scene import scene_of
from ..state import Board, Castle, PieceCounts, Position, Result, Roll, Side, Unit
from .cards import hand_picture, unit_card
from .draw import BOARD, FLAT_COLOURS, FRAME, compose, word

PALETTE_COLOURS = 128
MAX_PNG_BYTES = 150 * 1024
"""A picture larger than this at the fast level is compressed again, harder."""
FRAME_MS, FIRST_MS, LAST_MS = 900, 1400, 3000
MAX_FRAMES = 400
MAX_BYTES = 7 * 1024 * 1024
"""Discord's upload limit, with room: a replay over it is redone with every other frame."""


def render_board(
    view: Mapping[str, Any],
    last_action: Mapping[str, Any] | None = None,
    *,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> Image.Image:
    """The board picture of ``view`` (a spectator's or any seat's: only public parts are drawn)."""
    return compose(BOARD, scene_of(view), last_action, names, locale)


def render_private(
    view: Mapping[str, Any], *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
) -> Image.Image:
    """The seat's hand (cards, its face-down card, drawn pieces, coins, bag, reserve) from its own view."""
    return hand_picture(scene_of(view), names, locale)


SHIPPED_PALETTE = ShippedPalette(__file__, MAX_PNG_BYTES)
PALETTE_PATH = SHIPPED_PALETTE.path
"""The shipped palette (``palette.rgb``): `PALETTE_COLOURS` RGB triples made by `build_palette`."""
palette = SHIPPED_PALETTE.image
"""The fixed palette (a 1×1 "P" image) of every picture of this game, read once."""
encode_png = SHIPPED_PALETTE.encode_png
"""An 8-bit palette PNG of a picture on `palette` (compressed harder if over `MAX_PNG_BYTES`)."""


def build_palette() -> bytes:
    """This game's palette as RGB triples, made from sample pictures: its flat colours exactly and the
    antialiasing blends found in them (``scripts/make_palettes.py`` ships it as ``palette.rgb``)."""
    samples = [render_board(sample_view(k), sample_last(k), names=SAMPLE_NAMES["en"]) for k in SAMPLES]
    samples += [render_private(sample_view("middle", seat=0), names=SAMPLE_NAMES["fa"], locale="fa")]
    samples += [unit_card("Kn", "en"), unit_card("Cm", "fa")]
    return palette_from_samples(samples, FLAT_COLOURS, PALETTE_COLOURS)


def board_png(
    view: Mapping[str, Any],
    last_action: Mapping[str, Any] | None = None,
    *,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """The board picture as PNG."""
    return encode_png(render_board(view, last_action, names=names, locale=locale))


def private_png(
    view: Mapping[str, Any], *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
) -> bytes:
    """The private picture as PNG."""
    return encode_png(render_private(view, names=names, locale=locale))


@memo
def unit_card_png(code: str, locale: str = DEFAULT_LOCALE) -> bytes:
    """The card of a unit or event (by code) as PNG."""
    return encode_png(unit_card(code, locale))


def render_frame(
    view: Mapping[str, Any],
    last: Mapping[str, Any] | None,
    names: Sequence[str] | None,
    locale: str,
) -> Image.Image:
    """One replay frame: the board in the small layout."""
    return compose(FRAME, scene_of(view), last, names, locale)


def render_replay(
    frames: Sequence[tuple[Mapping[str, Any], Mapping[str, Any] | None]],
    *,
    names: Sequence[str] | None = None,
    total: int | None = None,
    locale: str = DEFAULT_LOCALE,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """An animated GIF of ``frames`` ((spectator view, public last action) per position, in order). At
    most ``max_frames`` are drawn (a longer game keeps every n-th and its end); a GIF over ``max_bytes``
    is redone with every other frame. Frames are drawn and written one at a time."""
    chosen = list(frames)
    if not chosen:
        raise ValueError("a replay needs at least one frame")
    while len(chosen) > max_frames:
        chosen = [*chosen[:-1:2], chosen[-1]]
    while True:
        buf = io.BytesIO()
        writer = GifWriter(buf, palette())
        for n, (view, last) in enumerate(chosen):
            ms = FIRST_MS if n == 0 else LAST_MS if n == len(chosen) - 1 else FRAME_MS
            writer.add(render_frame(view, last, names, locale).convert("RGB"), ms)
        writer.close()
        if buf.tell() <= max_bytes or len(chosen) <= 2:
            return buf.getvalue()
        chosen = [*chosen[:-1:2], chosen[-1]]


def warm_up() -> None:
    """Build the static layers (canvases, the sprites of a board) and read the palette."""
    palette()
    for locale in ("en", "fa"):
        render_board(sample_view("middle"), sample_last("middle"), locale=locale)


# ------------------------------------------------------------------------------------- sample positions
SAMPLES = ("opening", "middle", "end")
SAMPLE_NAMES: dict[str, tuple[str, str]] = {"en": ("Ann", "Bob"), "fa": ("آرش", "بهار")}


def sample_position(kind: str = "middle") -> Position:
    """A hand-made position: ``"opening"`` (round 1, seat 0's card face down), ``"middle"`` (units on
    the board, a castle taken, a failed roll) or ``"end"`` (a finished game)."""
    castles = (Castle("b1", 0), Castle("f1", 0), Castle("b7", 1), Castle("f7", 1))
    reserve = PieceCounts.of(code for code in UNIT_CODES[1:] for _ in range(4))
    bag = PieceCounts.of(["So"] * 3)
    deck = tuple(c for c in CARD_CODES if c not in ("Kn", "So", "Cg", "Sb", "Ar", "Tx", "Rf", "Mu"))
    sides = (
        Side(bag, reserve, ("So", "Cg", "Sb"), deck[:12], 3, drawn=("So",), facedown="Kn"),
        Side(bag, reserve, ("Ar", "Tx", "Rf", "Mu"), deck[:12], 3, drawn=("So",)),
    )
    pos = Position(Board(), castles, sides, to_move=1, ply=1)
    if kind == "opening":
        return pos
    board = Board()
    for square, seat, code in (("b3", 0, "So"), ("c2", 0, "Ar"), ("d4", 0, "Kn"), ("f6", 0, "Ch"),
                               ("b6", 1, "Bn"), ("d6", 1, "Pk"), ("e5", 1, "So"), ("f2", 1, "Ax")):  # fmt: skip
        board = board.place(square, Unit(seat, code))
    sides = (
        replace(sides[0], hand=("So", "Cg"), deck=deck[:6], coins=5, tokens=3, facedown="Kn",
                bag=PieceCounts.of(["So", "So", "Pk", "Sc", "Sc", "Sc"]), drawn=("So", "Kn", "Ar", "Ch"),
                used=("So",), reserve=reserve.add("Ar", -1).add("Kn", -2).add("Pk", -1).add("Sc", -3).add("Ch", -1)),
        replace(sides[1], hand=("Ar", "Rf", "Mu"), deck=deck[:6], coins=2, tokens=1, facedown="Tx",
                drawn=("Pk", "So", "Ax"), used=("Pk", "So", "Ax")),
    )  # fmt: skip
    pos = replace(
        pos, board=board, castles=(castles[0], castles[1], replace(castles[2], taken=True), castles[3]),
        sides=sides, round=9, phase="play", step="card", to_move=0, ply=57, turn=1, revealed=("Kn", "Tx"),
        last_roll=Roll(1, "Ax", "f2", "f1", 4, 5),
    )  # fmt: skip
    if kind == "end":
        pos = replace(pos, sides=(replace(sides[0], tokens=6), sides[1]), phase="over", step="over", ply=88,
                      round=14, result=Result(0, "six_tokens"))  # fmt: skip
    return pos


def sample_view(kind: str = "middle", seat: int | None = None) -> dict[str, Any]:
    """The view (`codec.view_of`) of `sample_position` for ``seat`` (None: a spectator's)."""
    return view_of(sample_position(kind), seat)


def sample_last(kind: str = "middle") -> dict[str, Any] | None:
    """The public last action of a sample view."""
    return {"seat": 1, "text": "Ax f2xf1"} if kind == "middle" else None


def main(argv: Sequence[str] | None = None) -> int:
    """Draw a sample picture (``--private``: seat 0's hand; ``--card``: a card by code)."""
    parser = argparse.ArgumentParser(description="Draw a sample picture of Castles.")
    parser.add_argument("out", help="the PNG file to write")
    parser.add_argument("--kind", choices=SAMPLES, default="middle")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--private", action="store_true")
    parser.add_argument("--card", default=None)
    args = parser.parse_args(argv)
    names = SAMPLE_NAMES.get(args.locale, SAMPLE_NAMES["en"])
    if args.card:
        png = unit_card_png(args.card, args.locale)
    elif args.private:
        png = private_png(sample_view(args.kind, seat=0), names=names, locale=args.locale)
    else:
        png = board_png(sample_view(args.kind), sample_last(args.kind), names=names, locale=args.locale)
    with open(args.out, "wb") as out:
        out.write(png)
    return 0


__all__ = [
    "board_png",
    "build_palette",
    "encode_png",
    "palette",
    "private_png",
    "render_board",
    "render_private",
    "render_replay",
    "sample_view",
    "unit_card_png",
    "warm_up",
    "word",
]
