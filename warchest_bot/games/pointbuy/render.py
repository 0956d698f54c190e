"""Pictures of Point-Buy Chess with Pillow: the board, a seat's private picture, unit cards and replays.

Everything is drawn from the game's view dicts (``PBState.view_for``) and the public ``last_action`` dict
(``{"seat", "kind", "from", "to", "captures", "code"}``, squares as ints), so nothing a view leaves out can appear. The board is drawn from white's side
(player 0, rank 1 at the bottom): player 0's pieces are light with a dark edge and a blue ring, player 1's
dark with a light edge and an orange ring, so the two sides differ in lightness (and in hue) for every
kind of colour vision. Each piece carries its unit's emblem (``emblems.py``) and two-letter code.

Static layers (the canvas with the squares and labels, every piece sprite per side and size) are built
once (``warchest_bot.render.cache``) and shared read-only between threads; text goes through the shared
font helpers (``warchest_bot.render.text``) and every word comes from the message catalogue
(``warchest_bot/games/pointbuy/messages/en/pictures.py``, ids ``picture.pb.*``). PNGs are palette PNGs on one fixed
palette of this game's colours (``warchest_bot.render.png``); replays are GIFs on the same palette
(``warchest_bot.render.gif``).

``python -m warchest_bot.games.pointbuy.render [--locale fa] out.png`` draws a sample mid-game position.

Every picture takes a ``locale``: its words come from the catalogue in that language, numbers in Persian
pictures are written with Persian digits, and for a right-to-left locale the header, the panels, the
Barracks picture and the unit cards are laid out right to left (`Mirror`); the board and the move diagram
keep a1 bottom left in every language, as squares are Latin notation.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from warchest_bot.command_line import output_problem, quiet_on_closed_pipe, write_output
from warchest_bot.games.units import BY_CODE, UNIT_TYPES, parse_square, square_name
from warchest_bot.i18n import DEFAULT_LOCALE, has_message, normalize_locale, t
from warchest_bot.render.cache import memo
from warchest_bot.render.gif import GifWriter
from warchest_bot.render.mirror import Mirror, is_rtl
from warchest_bot.render.palette import ShippedPalette, palette_from_samples
from warchest_bot.render.text import LAYOUT, draw_text, persian_digits, text_width, wrap

from .alt_text import captured_units, victims_text
from .emblems import emblem_mask

RGB = tuple[int, int, int]
SS = 4
"""Supersampling of the antialiased shapes (discs, rings, marks)."""


# ------------------------------------------------------------------------------------------ words
def msg(key: str, locale: str = DEFAULT_LOCALE, /, **values: object) -> str:
    """The picture catalogue's text for ``key`` (``picture.pb.*``, ``messages/en/pictures.py``) in
    ``locale``; numbers filled into a Persian picture are written with Persian digits (square names, being
    notation, stay Latin)."""
    if normalize_locale(locale) == "fa":
        values = {k: persian_digits(str(v)) if isinstance(v, int) else v for k, v in values.items()}
    return t(key, locale, **values)


# ------------------------------------------------------------------------------------------ colours
BACKGROUND: RGB = (32, 30, 28)
HEADER: RGB = (24, 22, 20)
PANEL: RGB = (50, 46, 42)
PANEL_EDGE: RGB = (76, 70, 63)
PLATE: RGB = (74, 62, 48)
TEXT: RGB = (238, 232, 220)
MUTED: RGB = (170, 160, 144)
FAINT: RGB = (112, 104, 94)
HIGHLIGHT: RGB = (255, 208, 0)
INK: RGB = (38, 33, 28)
WHITE: RGB = (255, 255, 255)
LIGHT_SQUARE: RGB = (238, 222, 186)
DARK_SQUARE: RGB = (178, 140, 100)
LIGHT_LAST: RGB = (246, 226, 112)
"""A light square the last move touched (from / to): the square tinted yellow."""
DARK_LAST: RGB = (212, 176, 56)
BOARD_EDGE: RGB = (92, 70, 46)
LABEL: RGB = (214, 204, 186)
CAPTURE: RGB = (222, 34, 40)
CAPTURE_EDGE: RGB = (70, 0, 0)
MARCH_DOT: RGB = (40, 150, 80)

PIECE_FACE: tuple[RGB, RGB] = ((247, 244, 236), (46, 44, 52))
"""Player 0 light, player 1 dark: the sides differ in lightness first."""
PIECE_EDGE: tuple[RGB, RGB] = ((26, 24, 22), (244, 242, 236))
PIECE_INK: tuple[RGB, RGB] = ((26, 24, 22), (244, 242, 236))
PIECE_RING: tuple[RGB, RGB] = ((38, 110, 214), (236, 124, 20))
"""A second cue: blue for player 0, orange for player 1 (War Chest's pair)."""

FLAT_COLOURS: tuple[RGB, ...] = (
    LIGHT_SQUARE,
    DARK_SQUARE,
    LIGHT_LAST,
    DARK_LAST,
    BOARD_EDGE,
    LABEL,
    CAPTURE,
    CAPTURE_EDGE,
    MARCH_DOT,
    *PIECE_FACE,
    *PIECE_EDGE,
    *PIECE_RING,
    BACKGROUND,
    HEADER,
    PANEL,
    PANEL_EDGE,
    TEXT,
    MUTED,
    FAINT,
    HIGHLIGHT,
    INK,
    WHITE,
    PLATE,
)
"""Every flat colour the pictures use: the PNG palette holds them exactly."""

PALETTE_COLOURS = 128
MAX_PNG_BYTES = 150 * 1024
"""A picture larger than this at the fast level is compressed again, harder."""


# ------------------------------------------------------------------------------------------- layout
@dataclass(frozen=True)
class Layout:
    """Where things go in one kind of picture (the board image or a replay frame)."""

    name: str
    width: int
    height: int
    sq: int
    """Square size in pixels."""
    bx: int
    by: int
    """Top-left corner of the board (square a8)."""
    header_h: int
    panel_h: int
    panel_y: tuple[int, int]
    """Top of player 0's and player 1's panel (player 1's above the board, player 0's below)."""
    chip: int
    """Diameter of a piece in a Barracks panel."""
    compact: bool
    title_size: int
    line2_size: int
    label_size: int


def _board_layout() -> Layout:
    sq, header, panel, gap, labels = 80, 84, 96, 6, 30
    width = 720
    bx = 44
    p1 = header + 4
    by = p1 + panel + gap
    p0 = by + 8 * sq + labels
    return Layout(
        "board", width, p0 + panel + gap, sq, bx, by, header, panel, (p0, p1), 50, False, 25, 20, 20
    )


def _frame_layout() -> Layout:
    sq, header, panel, gap, labels = 52, 58, 40, 4, 22
    width = 460
    bx = 26
    p1 = header + 2
    by = p1 + panel + gap
    p0 = by + 8 * sq + labels
    return Layout("frame", width, p0 + panel + gap, sq, bx, by, header, panel, (p0, p1), 30, True, 18, 15, 14)


BOARD = _board_layout()
FRAME = _frame_layout()


def square_xy(lay: Layout, square: int) -> tuple[int, int]:
    """Top-left pixel of ``square`` (0 = a1) in a picture of layout ``lay`` (white at the bottom)."""
    f, r = square % 8, square // 8
    return lay.bx + f * lay.sq, lay.by + (7 - r) * lay.sq


def square_center(square: int, lay: Layout = BOARD) -> tuple[int, int]:
    """Pixel centre of ``square`` in the board image (for tests and tools)."""
    x, y = square_xy(lay, square)
    return x + lay.sq // 2, y + lay.sq // 2


def _square_colour(square: int, tinted: bool = False) -> RGB:
    light = (square % 8 + square // 8) % 2 == 1  # a1 is dark, as on a chessboard
    if tinted:
        return LIGHT_LAST if light else DARK_LAST
    return LIGHT_SQUARE if light else DARK_SQUARE


# ---------------------------------------------------------------------------------- static layers
@memo
def _canvas(name: str) -> Image.Image:
    """Background, header bar, panel frames, squares and file/rank labels: what never changes."""
    lay = BOARD if name == "board" else FRAME
    img = Image.new("RGB", (lay.width, lay.height), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.width, lay.header_h - 4), fill=HEADER)
    for seat in (0, 1):
        y = lay.panel_y[seat]
        d.rounded_rectangle(
            (6, y, lay.width - 7, y + lay.panel_h - 1),
            radius=10,
            fill=PANEL,
            outline=PANEL_EDGE,
            width=2,
        )
    s = lay.sq
    edge = max(3, s // 16)
    d.rectangle(
        (lay.bx - edge, lay.by - edge, lay.bx + 8 * s + edge - 1, lay.by + 8 * s + edge - 1), fill=BOARD_EDGE
    )
    for sq in range(64):
        x, y = square_xy(lay, sq)
        d.rectangle((x, y, x + s - 1, y + s - 1), fill=_square_colour(sq))
    for i in range(8):
        draw_text(
            d,
            (lay.bx - edge - (lay.bx - edge) / 2, lay.by + (7 - i) * s + s / 2),
            str(i + 1),
            lay.label_size,
            LABEL,
            bold=True,
            anchor="mm",
        )
        draw_text(
            d,
            (lay.bx + i * s + s / 2, lay.by + 8 * s + edge + (lay.label_size * 0.7)),
            "abcdefgh"[i],
            lay.label_size,
            LABEL,
            bold=True,
            anchor="mm",
        )
    return img


@memo
def piece_sprite(code: str, seat: int, diameter: int) -> Image.Image:
    """A piece: a disc in the side's colours with the unit's emblem and code (RGBA, shared read-only)."""
    d = diameter
    big = Image.new("RGBA", (d * SS, d * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    edge_w = max(2, round(d * 0.05)) * SS
    dr.ellipse(
        (SS, SS, (d - 1) * SS, (d - 1) * SS), fill=PIECE_FACE[seat], outline=PIECE_EDGE[seat], width=edge_w
    )
    inset = d * 0.12 * SS
    dr.ellipse(
        (inset, inset, d * SS - inset, d * SS - inset),
        outline=PIECE_RING[seat],
        width=max(SS, round(d * 0.04 * SS)),
    )
    sprite = big.resize((d, d), Image.Resampling.BOX)
    ink = PIECE_INK[seat] + (255,)
    if d >= 40:
        e = round(d * 0.40)
        sprite.paste(ink, (round(d / 2 - e / 2), round(d * 0.14)), emblem_mask(code, e))
        draw_text(
            ImageDraw.Draw(sprite),
            (d / 2, d * 0.72),
            code,
            max(12, round(d * 0.28)),
            ink,
            bold=True,
            anchor="mm",
        )
    else:
        e = round(d * 0.56)
        sprite.paste(ink, (round(d / 2 - e / 2), round(d / 2 - e / 2)), emblem_mask(code, e))
    return sprite


@memo
def token_sprite(seat: int, diameter: int) -> Image.Image:
    """A plain disc in a side's colours (before a player's name)."""
    d = diameter
    big = Image.new("RGBA", (d * SS, d * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    dr.ellipse(
        (SS, SS, (d - 1) * SS, (d - 1) * SS),
        fill=PIECE_FACE[seat],
        outline=PIECE_EDGE[seat],
        width=max(2, round(d * 0.08)) * SS,
    )
    inset = d * 0.24 * SS
    dr.ellipse((inset, inset, d * SS - inset, d * SS - inset), fill=PIECE_RING[seat])
    return big.resize((d, d), Image.Resampling.BOX)


@memo
def _capture_mark(size: int, empty: bool) -> Image.Image:
    """What marks a captured square: a red frame, and a red cross where no unit now stands (an Oracle's
    target, a square a Charger passed)."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    w = max(3, round(size * 0.07)) * SS
    dr.rectangle((0, 0, size * SS - 1, size * SS - 1), outline=CAPTURE, width=w)
    if empty:
        a, b = size * SS * 0.28, size * SS * 0.72
        lw = round(size * SS * 0.11)
        for p, q in (((a, a), (b, b)), ((a, b), (b, a))):
            dr.line((p, q), fill=CAPTURE_EDGE, width=lw + 2 * SS)
        for p, q in (((a, a), (b, b)), ((a, b), (b, a))):
            dr.line((p, q), fill=CAPTURE, width=lw)
    else:
        # A small crosshair in the corner: the attacker now stands here.
        r = size * SS * 0.13
        cx, cy = size * SS - r - w * 0.6, r + w * 0.6
        dr.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=CAPTURE, width=round(r * 0.35))
        dr.ellipse((cx - r * 0.28, cy - r * 0.28, cx + r * 0.28, cy + r * 0.28), fill=CAPTURE)
    return big.resize((size, size), Image.Resampling.BOX)


# ------------------------------------------------------------------------------------ reading views
def _piece(cell: Any) -> tuple[int, str] | None:
    if not cell:
        return None
    owner, code = cell[0], cell[1]
    return (int(owner), str(code))


def seat_name(seat: int, names: Sequence[str] | None, locale: str = DEFAULT_LOCALE) -> str:
    """``names[seat]`` if given, else "Player n" (1-based), from the catalogue."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return msg("picture.pb.player", locale, n=seat + 1)


def _in_sentence(name: str) -> str:
    """A display name to fill into a sentence, wrapped in Unicode isolates (with the shaping layout) so a
    right-to-left name does not turn the sentence around it."""
    return f"\u2068{name}\u2069" if LAYOUT == ImageFont.Layout.RAQM else name


def unit_name(code: str, locale: str = DEFAULT_LOCALE) -> str:
    """The unit's name in ``locale`` (``picture.pb.unit.<code>``), or the code itself."""
    key = f"picture.pb.unit.{code}"
    return msg(key, locale) if has_message(key) else code


def _squares_text(squares: Sequence[int], locale: str) -> str:
    return msg("picture.pb.squares.separator", locale).join(square_name(s) for s in squares)


@dataclass(frozen=True)
class LastMarks:
    """What the board marks of the last action: squares tinted, squares captured, and an Oracle's shot
    (from, target) or a Spy's swap."""

    tinted: frozenset[int]
    captured: tuple[int, ...]
    shot: tuple[int, int] | None
    swap: bool


def last_marks(view: Mapping, last: Mapping | None) -> LastMarks:
    """How the board shows ``last`` (``PBC_CONTRACT.md`` §2: seat, kind, from, to, captures, code)."""
    if not last:
        return LastMarks(frozenset(), (), None, False)
    board = view.get("board") or [None] * 64
    kind = last.get("kind")
    fr, to = last.get("from"), last.get("to")
    caps = tuple(int(c) for c in last.get("captures") or () if 0 <= int(c) < 64)
    seat = last.get("seat")
    if kind == "move" and fr is not None:
        mover = _piece(board[fr]) if 0 <= fr < 64 else None
        if caps and (to is None or to == fr or (to in caps and mover is not None and mover == (seat, "Or"))):
            return LastMarks(frozenset({fr}), caps, (fr, caps[0]), False)
        swap = not caps and to is not None and mover is not None and mover[0] == seat
        return LastMarks(frozenset(s for s in (fr, to) if s is not None), caps, None, swap)
    if kind in ("deploy", "pick") and to is not None:
        return LastMarks(frozenset({to}), caps, None, False)
    return LastMarks(frozenset(), caps, None, False)


def last_action_text(
    view: Mapping, last: Mapping | None, names: Sequence[str] | None, locale: str = DEFAULT_LOCALE
) -> str | None:
    """The last action as one sentence ("Last: Ann's Knight moved from b1 to c3"), or None."""
    if not last or last.get("seat") is None:
        return None
    board = view.get("board") or [None] * 64
    kind = last.get("kind")
    fr, to = last.get("from"), last.get("to")
    player = _in_sentence(seat_name(int(last["seat"]), names, locale))
    code = last.get("code")
    if code is None:
        for s in (to, fr):
            p = _piece(board[s]) if s is not None and 0 <= s < 64 else None
            if p is not None:
                code = p[1]
                break
    unit = unit_name(code, locale) if code else ""
    marks = last_marks(view, last)
    if kind == "move" and fr is not None:
        if marks.shot is not None:
            shot = captured_units(last, marks.captured)
            if shot is not None:
                return msg("picture.pb.last.shot_named", locale, player=player, unit=unit,
                           from_sq=square_name(fr), victims=victims_text(shot, locale))  # fmt: skip
            return msg("picture.pb.last.shot", locale, player=player, unit=unit, from_sq=square_name(fr),
                       squares=_squares_text(marks.captured, locale))  # fmt: skip
        if to is None:
            return None
        values = {"player": player, "unit": unit, "from_sq": square_name(fr), "to_sq": square_name(to)}
        victims = captured_units(last, marks.captured)
        if marks.captured == (to,):
            if victims is not None:
                return msg(
                    "picture.pb.last.capture_named", locale, victim=unit_name(victims[0][1], locale), **values
                )
            return msg("picture.pb.last.capture", locale, **values)
        if marks.captured:
            if victims is not None:
                return msg(
                    "picture.pb.last.attack_named", locale, victims=victims_text(victims, locale), **values
                )
            return msg(
                "picture.pb.last.attack", locale, squares=_squares_text(marks.captured, locale), **values
            )
        if marks.swap:
            partner = last.get("partner")
            if isinstance(partner, str):
                return msg("picture.pb.last.swap_named", locale, partner=unit_name(partner, locale), **values)
            return msg("picture.pb.last.swap", locale, **values)
        return msg("picture.pb.last.move", locale, **values)
    if kind == "deploy" and to is not None:
        return msg("picture.pb.last.deploy", locale, player=player, unit=unit, to_sq=square_name(to))
    if kind == "pick":
        if to is None:
            return msg("picture.pb.last.pick_barracks", locale, player=player, unit=unit)
        return msg("picture.pb.last.pick_square", locale, player=player, unit=unit, to_sq=square_name(to))
    if kind == "army":
        return msg("picture.pb.last.army", locale, player=player)
    if kind == "pass":
        return msg("picture.pb.last.pass", locale, player=player)
    return None


def status_text(
    view: Mapping, names: Sequence[str] | None, locale: str = DEFAULT_LOCALE
) -> tuple[str, int | None]:
    """The header's main line and the seat it concerns (for the token drawn before it)."""
    result = view.get("result")
    if result is not None or view.get("phase") == "over":
        result = result or {}
        winner, reason = result.get("winner"), result.get("reason")
        if winner is None:
            key = f"picture.pb.status.draw.{reason}"
            return msg(key if has_message(key) else "picture.pb.status.draw", locale), None
        key = f"picture.pb.status.win.{reason}"
        text = msg(
            key if has_message(key) else "picture.pb.status.win",
            locale,
            winner=_in_sentence(seat_name(int(winner), names, locale)),
            loser=_in_sentence(seat_name(1 - int(winner), names, locale)),
        )
        return text, int(winner)
    seat = view.get("to_move")
    phase = view.get("phase")
    if seat is None:
        return msg("picture.pb.status.secret_reveal", locale), None
    player = _in_sentence(seat_name(int(seat), names, locale))
    if phase == "pick":
        return msg("picture.pb.status.pick", locale, player=player), int(seat)
    if phase == "secret":
        return msg("picture.pb.status.secret", locale, player=player), int(seat)
    return msg("picture.pb.status.to_move", locale, player=player), int(seat)


# ------------------------------------------------------------------------------------------ drawing
def _draw_header(
    img: Image.Image,
    lay: Layout,
    view: Mapping,
    line1: str,
    seat: int | None,
    line2: str | None,
    corner: str | None = None,
    locale: str = DEFAULT_LOCALE,
) -> None:
    """Two lines: whose turn it is (or the result) and the last action; ``corner``: a short note at the
    end of the first line (a replay frame's move counter). Right to left for a right-to-left locale."""
    d = ImageDraw.Draw(img)
    m = Mirror(lay.width, is_rtl(locale))
    y1 = lay.header_h * (0.33 if lay.compact else 0.32)
    y2 = lay.header_h * (0.76 if lay.compact else 0.74)
    x: float = 12 if lay.compact else 18
    phase = view.get("phase")
    lead = None
    if phase == "play" and not lay.compact:
        lead = msg("picture.pb.status.turn", locale, n=int(view.get("turn", 0)) + 1)
    elif phase in ("pick", "secret") and not lay.compact:
        lead = msg("picture.pb.status.picking", locale)
    if lead is not None:
        x += m.text(d, (x, y1), lead, lay.title_size, HIGHLIGHT, bold=True, anchor="lm")
        x += 14
        d.line((m.x(x), y1 - 13, m.x(x), y1 + 13), fill=FAINT, width=2)
        x += 14
    if seat is not None:
        t = round(lay.title_size * 1.05)
        m.paste(img, token_sprite(seat, t), (x, y1 - t / 2))
        x += t + 10
    right: float = lay.width - 12
    if corner:
        right -= m.text(d, (right, y1), corner, lay.line2_size - 2, MUTED, bold=True, anchor="rm") + 12
    m.text(d, (x, y1), line1, lay.title_size, TEXT, bold=True, anchor="lm", max_width=right - x, min_size=12)
    if line2:
        m.text(d, (12 if lay.compact else 18, y2), line2, lay.line2_size, TEXT, anchor="lm",
               max_width=lay.width - (24 if lay.compact else 36), min_size=11)  # fmt: skip


def _draw_board(img: Image.Image, lay: Layout, board: Sequence[Any], marks: LastMarks) -> None:
    d = ImageDraw.Draw(img)
    s = lay.sq
    for sq in marks.tinted:
        if 0 <= sq < 64:
            x, y = square_xy(lay, sq)
            d.rectangle((x, y, x + s - 1, y + s - 1), fill=_square_colour(sq, True))
    if marks.shot is not None:
        a, b = (square_xy(lay, q) for q in marks.shot)
        (ax, ay), (bx, by) = (a[0] + s / 2, a[1] + s / 2), (b[0] + s / 2, b[1] + s / 2)
        n = 9
        for i in range(0, n, 2):
            p0 = (ax + (bx - ax) * i / n, ay + (by - ay) * i / n)
            p1 = (ax + (bx - ax) * (i + 1) / n, ay + (by - ay) * (i + 1) / n)
            d.line((p0, p1), fill=CAPTURE, width=max(3, s // 12))
    dia = round(s * 0.88)
    off = (s - dia) // 2
    for sq in range(64):
        piece = _piece(board[sq])
        if piece is None:
            continue
        x, y = square_xy(lay, sq)
        sprite = piece_sprite(piece[1], piece[0] % 2, dia)
        img.paste(sprite, (x + off, y + off), sprite)
    for sq in marks.captured:
        x, y = square_xy(lay, sq)
        mark = _capture_mark(s, _piece(board[sq]) is None)
        img.paste(mark, (x, y), mark)


def _chips(codes: Sequence[str]) -> list[tuple[str, int]]:
    """Barracks codes grouped: (code, count) in the order first met."""
    return list(Counter(codes).items())


def _draw_chips(
    img: Image.Image,
    chips: list[tuple[str, int]],
    seat: int,
    x: float,
    cy: float,
    right: float,
    size: int,
    text: int,
    m: Mirror,
    locale: str,
) -> None:
    """Barracks chips from ``x`` to ``right`` (reading order, mirrored by ``m``), each with its count."""
    d = ImageDraw.Draw(img)
    counts = {n: msg("picture.pb.panel.count", locale, n=n) for _, n in chips if n > 1}

    def width_of(dia: int) -> float:
        gap = max(4, dia // 6)
        return sum(dia + gap + (text_width(counts[n], text, True) + gap if n > 1 else 0) for _, n in chips)

    while size > 22 and width_of(size) > right - x:
        size -= 2
    gap = max(4, size // 6)
    for code, n in chips:
        count = counts.get(n, "")
        need = size + (text_width(count, text, True) + gap if count else 0)
        if x + need > right:
            m.text(d, (x, cy), "…", text, MUTED, bold=True, anchor="lm")
            return
        m.paste(img, piece_sprite(code, seat, size), (x, cy - size / 2))
        x += size + gap
        if count:
            x += m.text(d, (x - gap / 2, cy), count, text, TEXT, bold=True, anchor="lm") + gap


def _draw_panel(
    img: Image.Image,
    lay: Layout,
    view: Mapping,
    seat: int,
    names: Sequence[str] | None,
    barracks: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> None:
    """One player's strip: name, budget while picking, army chosen or not, a draw offer, and the Barracks
    (units waiting to be deployed, with counts). Right to left for a right-to-left locale."""
    d = ImageDraw.Draw(img)
    m = Mirror(lay.width, is_rtl(locale))
    y = lay.panel_y[seat]
    phase = view.get("phase")
    to_move = view.get("to_move") if view.get("result") is None and phase != "over" else None
    if to_move == seat:
        d.rounded_rectangle((6, y, lay.width - 7, y + lay.panel_h - 1), radius=10, outline=HIGHLIGHT,
                            width=3)  # fmt: skip
    if barracks is None:
        all_b = view.get("barracks") or [[], []]
        barracks = all_b[seat] if seat < len(all_b) else []
    chips = _chips(barracks or [])
    notes: list[str] = []
    if view.get("draw_offer") == seat and phase == "play":
        notes.append(msg("picture.pb.panel.draw_offer", locale))
    if phase == "secret":
        submitted = (view.get("army_submitted") or [False, False])[seat]
        key = "picture.pb.panel.army_chosen" if submitted else "picture.pb.panel.army_choosing"
        notes.append(msg(key, locale))
    if phase in ("pick", "secret"):
        budgets = view.get("budgets") or [0, 0]
        key = "picture.pb.panel.budget_secret" if phase == "secret" else "picture.pb.panel.budget"
        notes.append(msg(key, locale, n=budgets[seat]))
    name = seat_name(seat, names, locale)
    if lay.compact:
        cy = y + lay.panel_h / 2
        t = round(lay.panel_h * 0.5)
        m.paste(img, token_sprite(seat, t), (14, cy - t / 2))
        x: float = 14 + t + 8
        x += m.text(d, (x, cy), name, 15, TEXT, bold=True, anchor="lm", max_width=120, min_size=12) + 12
        right: float = lay.width - 14
        for note in notes[-1:]:
            right -= m.text(d, (right, cy), note, 13, HIGHLIGHT, bold=True, anchor="rm") + 10
        _draw_chips(img, chips, seat, x, cy, right, lay.chip, 13, m, locale)
        return
    cy1 = y + 24
    t = 26
    m.paste(img, token_sprite(seat, t), (16, cy1 - t / 2))
    right = lay.width - 18
    for note in reversed(notes):
        right -= m.text(d, (right, cy1), note, 19, HIGHLIGHT, bold=True, anchor="rm") + 18
    m.text(d, (16 + t + 10, cy1), name, 22, TEXT, bold=True, anchor="lm", max_width=right - 16 - t - 10,
           min_size=13)  # fmt: skip
    cy2 = y + 66
    if not chips:
        m.text(d, (18, cy2), msg("picture.pb.panel.barracks_empty", locale), 18, MUTED, anchor="lm")
        return
    x = 18 + m.text(d, (18, cy2), msg("picture.pb.panel.barracks", locale), 18, MUTED, anchor="lm") + 14
    _draw_chips(img, chips, seat, x, cy2, lay.width - 18, lay.chip, 18, m, locale)


def _board_of(view: Mapping) -> list[Any]:
    board = list(view.get("board") or ())
    return board + [None] * (64 - len(board))


def _compose(
    lay: Layout,
    view: Mapping,
    last: Mapping | None,
    names: Sequence[str] | None,
    *,
    line1: tuple[str, int | None] | None = None,
    line2: str | None = None,
    board: Sequence[Any] | None = None,
    barracks: Mapping[int, Sequence[str]] | None = None,
    corner: str | None = None,
    locale: str = DEFAULT_LOCALE,
) -> Image.Image:
    img = _canvas(lay.name).copy()
    board = _board_of(view) if board is None else board
    text, seat = line1 if line1 is not None else status_text(view, names, locale)
    if line2 is None:
        line2 = last_action_text(view, last, names, locale) or msg("picture.pb.last.none", locale)
    _draw_header(img, lay, view, text, seat, line2, corner, locale)
    _draw_board(img, lay, board, last_marks(view, last))
    for s in (0, 1):
        _draw_panel(img, lay, view, s, names, (barracks or {}).get(s), locale)
    return img


def render_board(
    view: Mapping,
    last_action: Mapping | None = None,
    *,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> Image.Image:
    """The board picture (RGB, ``BOARD.width``×``BOARD.height``) for a view (any seat's or a spectator's): whose turn it is or the
    result, the last action marked (from / to tinted, captures framed in red, an Oracle's shot as a dashed
    red line) and named, and both players' Barracks (with the budgets while picking). ``names``: display
    names per seat (default "Player n"). Only what the view holds is drawn; a seat's own secret army is
    in :func:`render_private`, never here. Words in ``locale``; header and panels run right to left for a
    right-to-left locale (the board keeps a1 bottom left)."""
    return _compose(BOARD, view, last_action, names, locale=locale)


def render_private(
    view: Mapping, *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
) -> Image.Image:
    """What only the viewing seat sees: its own secret army while picking (``view["my_army"]``, drawn on
    the board with the public pieces), else its Barracks (units, counts and prices). Reads nothing but
    the view, which holds no other seat's hidden data."""
    seat = view.get("seat")
    if seat is None:
        raise ValueError("a private picture needs a seat's own view, not a spectator's")
    seat = int(seat)
    army = view.get("my_army")
    if army is not None and view.get("phase") in ("pick", "secret"):
        board = _board_of(view)
        waiting = []
        for code, square in army:
            if square is None:
                waiting.append(code)
            else:
                sq = parse_square(square) if isinstance(square, str) else int(square)
                if sq is not None and 0 <= sq < 64:
                    board[sq] = [seat, code]
        player = _in_sentence(seat_name(seat, names, locale))
        return _compose(
            BOARD,
            view,
            None,
            names,
            line1=(msg("picture.pb.private.army", locale, player=player), seat),
            line2=msg("picture.pb.private.army_note", locale),
            board=board,
            barracks={seat: sorted(waiting)},
            locale=locale,
        )
    all_b = view.get("barracks") or [[], []]
    return _barracks_card(seat, tuple(all_b[seat] if seat < len(all_b) else ()), view, names, locale)


def _barracks_card(
    seat: int, codes: tuple[str, ...], view: Mapping, names: Sequence[str] | None, locale: str
) -> Image.Image:
    width, top, row_h, chip = 720, 72, 84, 64
    m = Mirror(width, is_rtl(locale))
    chips = _chips(codes)
    prices = view.get("prices") or {}
    rows = max(1, (len(chips) + 1) // 2)
    phase = view.get("phase")
    extra = 44 if phase in ("pick", "secret") else 0
    height = top + extra + rows * row_h + 20
    img = Image.new("RGB", (width, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, top - 8), fill=HEADER)
    m.paste(img, token_sprite(seat, 28), (18, round(top / 2 - 4 - 14)))
    title = msg("picture.pb.private.barracks", locale, player=_in_sentence(seat_name(seat, names, locale)))
    m.text(d, (58, top / 2 - 4), title, 26, TEXT, bold=True, anchor="lm", max_width=width - 76, min_size=14)
    y = top
    if extra:
        budgets = view.get("budgets") or [0, 0]
        m.text(d, (20, y + 18), msg("picture.pb.panel.budget", locale, n=budgets[seat]), 22, HIGHLIGHT,
               bold=True, anchor="lm")  # fmt: skip
        y += extra
    if not chips:
        m.text(
            d, (20, y + row_h / 2), msg("picture.pb.private.barracks_empty", locale), 22, MUTED, anchor="lm"
        )
        return img
    col_w = (width - 24) // 2
    for i, (code, n) in enumerate(chips):
        r, c = divmod(i, 2)
        x0, y0 = 12 + c * col_w, y + r * row_h
        a, b = m.hline(x0, x0 + col_w - 8)
        d.rounded_rectangle((a, y0 + 4, b, y0 + row_h - 4), radius=10, fill=PANEL)
        m.paste(img, piece_sprite(code, seat % 2, chip), (x0 + 10, round(y0 + row_h / 2 - chip / 2)))
        price = prices.get(code, BY_CODE[code].price if code in BY_CODE else "?")
        label = msg("picture.pb.private.unit_price", locale, unit=unit_name(code, locale), price=price)
        tx = x0 + 20 + chip
        count = msg("picture.pb.panel.count", locale, n=n)
        cw = m.text(d, (x0 + col_w - 22, y0 + row_h / 2), count, 24, HIGHLIGHT, bold=True, anchor="rm")
        m.text(d, (tx, y0 + row_h / 2), label, 21, TEXT, bold=True, anchor="lm",
               max_width=x0 + col_w - 30 - cw - tx, min_size=13)  # fmt: skip
    return img


# ----------------------------------------------------------------------------------------- unit cards
CARD_W = 560
DIAGRAM_SQ = 42


@memo
def move_diagram(code: str) -> tuple[frozenset[int], frozenset[int]]:
    """Squares the unit reaches from d4 on an empty board for player 0: (march targets, capture targets;
    a capture target is a square whose lone enemy it could capture)."""
    from warchest_bot.games.units import unit_moves

    origin = 27  # d4
    board: list[Any] = [None] * 64
    board[origin] = (0, code)
    marches = frozenset(m.dest for m in unit_moves(board, origin) if not m.captures and not m.swap)
    attacks = set()
    for sq in range(64):
        if sq == origin:
            continue
        board[sq] = (1, "Pa")
        if any(sq in m.captures for m in unit_moves(board, origin)):
            attacks.add(sq)
        board[sq] = None
    return marches, frozenset(attacks)


def render_unit_card(code: str, locale: str = DEFAULT_LOCALE) -> Image.Image:
    """The card of one unit type (``code``, e.g. ``"Kn"``): emblem, name, price, classes and a diagram of
    its moves from d4 on an empty board (a new RGB image); words in ``locale``, laid out right to left
    for a right-to-left locale (the diagram keeps a1 bottom left)."""
    if code not in BY_CODE:
        raise ValueError(f"unknown unit code {code!r}")
    return _card(code, normalize_locale(locale)).copy()


@memo
def _card(code: str, locale: str = DEFAULT_LOCALE) -> Image.Image:
    unit = BY_CODE[code]
    m = Mirror(CARD_W, is_rtl(locale))
    marches, attacks = move_diagram(code)
    note_key = f"picture.pb.card.note.{code}"
    note = wrap(msg(note_key, locale), 19, CARD_W - 60) if has_message(note_key) else []
    top, info_h = 80, 170
    ds = DIAGRAM_SQ
    diag_y = top + info_h + 40
    legend_y = diag_y + 8 * ds + 52
    height = legend_y + 40 + len(note) * 26 + 24
    img = Image.new("RGB", (CARD_W, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((4, 4, CARD_W - 5, height - 5), radius=20, fill=PANEL, outline=PANEL_EDGE,
                        width=3)  # fmt: skip
    d.rounded_rectangle((4, 4, CARD_W - 5, top), radius=20, fill=HEADER)
    d.rectangle((6, top - 24, CARD_W - 7, top), fill=HEADER)
    draw_text(d, (CARD_W / 2, top / 2 + 2), unit_name(code, locale), 34, TEXT, bold=True, anchor="mm",
              max_width=CARD_W - 40)  # fmt: skip
    big = 140
    for seat, x in ((0, 30), (1, 30 + big + 16)):
        sprite = piece_sprite(code, seat, big if seat == 0 else 76)
        m.paste(img, sprite, (x, top + 15 if seat == 0 else top + 15 + big - 76))
    tx = 30 + big + 16 + 76 + 22
    m.text(d, (tx, top + 40), msg("picture.pb.card.price", locale, n=unit.price), 28, HIGHLIGHT, bold=True,
           anchor="lm", max_width=CARD_W - 20 - tx)  # fmt: skip
    cy = top + 88
    cx: float = tx
    classes = [c for c in ("Sovereign", "Regal", "Mounted", "Heavy", "Pious", "Foot") if c in unit.classes]
    for cls in classes:
        label = msg(f"picture.pb.class.{cls}", locale)
        w = text_width(label, 19, True) + 22
        if cx + w > CARD_W - 20:
            cx, cy = tx, cy + 40
        a, b = m.hline(cx, cx + w)
        d.rounded_rectangle((a, cy - 16, b, cy + 16), radius=16, fill=PLATE, outline=FAINT)
        draw_text(d, ((a + b) / 2, cy), label, 19, TEXT, bold=True, anchor="mm")
        cx += w + 10
    draw_text(d, (CARD_W / 2, diag_y - 20), msg("picture.pb.card.moves_from", locale), 18, MUTED, anchor="mm",
              max_width=CARD_W - 40)  # fmt: skip
    dx = (CARD_W - 8 * ds) // 2
    d.rectangle((dx - 3, diag_y - 3, dx + 8 * ds + 2, diag_y + 8 * ds + 2), fill=BOARD_EDGE)
    marker = _diagram_marks(ds)
    for sq in range(64):
        x, y = dx + (sq % 8) * ds, diag_y + (7 - sq // 8) * ds
        d.rectangle((x, y, x + ds - 1, y + ds - 1), fill=_square_colour(sq))
        kind = (
            ("both" if sq in attacks else "march") if sq in marches else ("attack" if sq in attacks else None)
        )
        if kind:
            img.paste(marker[kind], (x, y), marker[kind])
    sprite = piece_sprite(code, 0, ds - 4)
    img.paste(sprite, (dx + 3 * ds + 2, diag_y + 4 * ds + 2), sprite)
    for i in range(8):
        draw_text(d, (dx - 14, diag_y + (7 - i) * ds + ds / 2), str(i + 1), 15, LABEL, bold=True, anchor="mm")
        draw_text(d, (dx + i * ds + ds / 2, diag_y + 8 * ds + 13), "abcdefgh"[i], 15, LABEL, bold=True,
                  anchor="mm")  # fmt: skip
    items = [(k, msg(f"picture.pb.card.legend.{k}", locale)) for k in ("march", "attack", "both")]
    total = sum(ds + 6 + text_width(t, 18) + 24 for _, t in items) - 24
    lx = (CARD_W - total) / 2
    for kind, label in items:
        a, _ = m.hline(lx, lx + ds)
        d.rectangle((a, legend_y - ds / 2, a + ds - 1, legend_y + ds / 2 - 1), fill=LIGHT_SQUARE)
        img.paste(marker[kind], (round(a), round(legend_y - ds / 2)), marker[kind])
        lx += ds + 6
        lx += m.text(d, (lx, legend_y), label, 18, TEXT, anchor="lm") + 24
    for i, line in enumerate(note):
        m.text(d, (30, legend_y + 40 + i * 26), line, 19, TEXT, anchor="lm")
    return img


@memo
def _diagram_marks(size: int) -> dict[str, Image.Image]:
    out = {}
    for kind in ("march", "attack", "both"):
        big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
        dr = ImageDraw.Draw(big)
        c = size * SS / 2
        if kind in ("attack", "both"):
            r = size * SS * 0.38
            dr.ellipse((c - r, c - r, c + r, c + r), outline=CAPTURE, width=round(size * SS * 0.09))
        if kind in ("march", "both"):
            r = size * SS * 0.17
            dr.ellipse((c - r, c - r, c + r, c + r), fill=MARCH_DOT, outline=INK, width=SS)
        out[kind] = big.resize((size, size), Image.Resampling.BOX)
    return out


# -------------------------------------------------------------------------------------------- encoding
def _sample_views() -> list[tuple[Mapping, Mapping | None]]:
    return [
        (sample_view("opening"), None),
        (sample_view("middle"), sample_last()),
        (sample_view("crowded"), None),
    ]


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
    samples = [render_board(v, la) for v, la in _sample_views()]
    samples.append(_card("Qu", DEFAULT_LOCALE))
    return palette_from_samples(samples, FLAT_COLOURS, PALETTE_COLOURS)


def board_png(
    view: Mapping,
    last_action: Mapping | None = None,
    *,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """:func:`render_board` as PNG bytes."""
    return encode_png(render_board(view, last_action, names=names, locale=locale))


def private_png(view: Mapping, *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE) -> bytes:
    """:func:`render_private` as PNG bytes."""
    return encode_png(render_private(view, names=names, locale=locale))


def unit_card_png(code: str, locale: str = DEFAULT_LOCALE) -> bytes:
    """The card of unit type ``code`` in ``locale`` as PNG bytes (cached: cards never change)."""
    if code not in BY_CODE:
        raise ValueError(f"unknown unit code {code!r}")
    return _card_png(code, normalize_locale(locale))


@memo
def _card_png(code: str, locale: str = DEFAULT_LOCALE) -> bytes:
    return encode_png(_card(code, locale))


def warm_up() -> None:
    """Build the static layers: both canvases, every piece sprite at the board's, Barracks' and frames'
    sizes, and the PNG palette."""
    for lay in (BOARD, FRAME):
        _canvas(lay.name)
        for u in UNIT_TYPES:
            for seat in (0, 1):
                piece_sprite(u.code, seat, round(lay.sq * 0.88))
                piece_sprite(u.code, seat, lay.chip)
    palette()


# ---------------------------------------------------------------------------------------------- replays
MAX_BYTES = 10 * 1024 * 1024
"""Discord's upload limit; :func:`render_replay` stays under it."""
MAX_FRAMES = 200
"""At most this many frames: a longer game keeps its start, evenly spaced positions and its end."""
TAIL_FRAMES = 24
"""A sampled replay keeps each of the game's last this many frames."""
FRAME_MS = 450
JUMP_MS = 900
FIRST_MS = 1500
LAST_MS = 5000


def _ply(frame: tuple[Mapping, Mapping | None], index: int) -> int:
    ply = frame[0].get("ply")
    return int(ply) if ply is not None else index


def sample_frames(
    frames: Sequence[tuple[Mapping, Mapping | None]], max_frames: int = MAX_FRAMES
) -> list[int]:
    """Indices of the frames a replay shows: all up to ``max_frames``; else the first, evenly spaced
    ones and the last ``TAIL_FRAMES``."""
    n = len(frames)
    if n <= max_frames:
        return list(range(n))
    tail = min(TAIL_FRAMES, max_frames // 2)
    head = max_frames - tail
    body = n - tail
    picks = {round(i * (body - 1) / max(1, head - 1)) for i in range(head)}
    return sorted(picks | set(range(body, n)))


def render_frame(
    view: Mapping,
    last: Mapping | None,
    ply: int,
    total: int,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> Image.Image:
    """One replay frame (RGB, ``FRAME.width``×``FRAME.height``): a two-line header and the board with both Barracks."""
    text, seat = status_text(view, names, locale)
    line2 = last_action_text(view, last, names, locale) or msg("picture.pb.replay.start", locale)
    counter = msg("picture.pb.replay.ply", locale, n=ply, total=total)
    return _compose(FRAME, view, last, names, line1=(text, seat), line2=line2, corner=counter, locale=locale)


class _TooBig(Exception):
    pass


def _gif(
    frames: Sequence[tuple[Mapping, Mapping | None]],
    plies: list[int],
    total: int,
    names: Sequence[str] | None,
    max_bytes: int,
    locale: str,
) -> bytes:
    durations = [FRAME_MS if b - a <= 1 else JUMP_MS for a, b in pairwise(plies)]
    durations = [FIRST_MS, *durations[:-1], LAST_MS] if len(plies) > 1 else [LAST_MS]
    buf = io.BytesIO()
    writer = GifWriter(buf, palette())
    for (view, last), ply, ms in zip(frames, plies, durations, strict=True):
        writer.add(render_frame(view, last, ply, total, names, locale), ms)
        if buf.tell() > max_bytes and len(frames) > 2:
            raise _TooBig
    writer.close()
    return buf.getvalue()


def render_replay(
    frames: Sequence[tuple[Mapping, Mapping | None]],
    *,
    names: Sequence[str] | None = None,
    total: int | None = None,
    max_bytes: int = MAX_BYTES,
    max_frames: int = MAX_FRAMES,
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """An animated GIF of ``frames``: (spectator view, public last action or None) per position, in
    order. ``total``: the game's plies (default the last frame's). At most ``max_frames`` frames are
    drawn (a longer game is sampled, keeping its end); a GIF over ``max_bytes`` is redone with every
    other frame. Frames are drawn and written one at a time."""
    frames = list(frames)
    if not frames:
        raise ValueError("a replay needs at least one frame")
    plies_all = [_ply(f, i) for i, f in enumerate(frames)]
    if total is None:
        total = plies_all[-1]
    keep = sample_frames(frames, max_frames)
    while True:
        chosen = [frames[i] for i in keep]
        try:
            return _gif(chosen, [plies_all[i] for i in keep], total, names, max_bytes, locale)
        except _TooBig:
            keep = [*keep[:-1:2], keep[-1]]


# ------------------------------------------------------------------------------------- sample positions
_BACK = ("Ro", "Kn", "Bi", "Qu", "Ki", "Bi", "Kn", "Ro")


def sample_view(kind: str = "middle") -> dict[str, Any]:
    """A hand-made spectator view (``PBC_CONTRACT.md`` §2): ``"opening"`` (orthodox armies, nothing
    moved), ``"middle"`` (a mixed mid-game with units in both Barracks), ``"crowded"`` (every square
    full) or ``"picking"`` (open picking under way)."""
    board: list[Any] = [None] * 64
    barracks: list[list[str]] = [[], []]
    phase, to_move, ply, turn, budgets = "play", 0, 16, 0, [0, 0]
    if kind == "opening":
        for f, code in enumerate(_BACK):
            board[f], board[56 + f] = [0, code], [1, code]
            board[8 + f], board[48 + f] = [0, "Pa"], [1, "Pa"]
    elif kind == "middle":
        white = {"e1": "Ki", "c1": "Wa", "a1": "Ch", "h1": "Sn", "d3": "Or", "f3": "Kn", "e4": "Sp", "c4": "Gr",
                 "a2": "Pa", "b2": "Pa", "c2": "Pa", "f2": "Pa", "g2": "Pa", "h2": "Pa", "e5": "Pa"}  # fmt: skip
        black = {"e8": "Ki", "d8": "Qu", "b8": "Cr", "g8": "Ni", "c6": "Mo", "f6": "Dr", "g5": "He", "d5": "Im",
                 "a7": "Pa", "b7": "Pa", "c7": "St", "f7": "Pa", "g7": "Pa", "h6": "Pa", "a8": "Ac"}  # fmt: skip
        for seat, army in ((0, white), (1, black)):
            for name, code in army.items():
                sq = parse_square(name)
                assert sq is not None
                board[sq] = [seat, code]
        barracks = [["Im", "Pa", "Pa", "Sx"], ["An", "Ph", "Ro", "Ro", "Sp"]]
        ply, turn, to_move = 40, 23, 0
    elif kind == "crowded":
        codes = [u.code for u in UNIT_TYPES]
        for sq in range(64):
            board[sq] = [0 if sq < 32 else 1, codes[sq % len(codes)]]
        barracks = [codes[:12] + ["Pa", "Pa"], codes[12:] + ["Im", "Im", "Im"]]
        ply, turn = 120, 100
    elif kind == "picking":
        board[4], board[3] = [0, "Ki"], [0, "Qu"]
        board[60] = [1, "An"]
        for f in range(8):
            board[8 + f], board[48 + f] = [0, "Pa"], [1, "Pa"]
        barracks = [["Sp"], ["Wa"]]
        phase, to_move, ply, turn, budgets = "pick", 1, 5, 0, [18, 22]
    else:
        raise ValueError(f"unknown sample {kind!r}")
    return {
        "game": "pointbuy",
        "seat": None,
        "phase": phase,
        "to_move": to_move,
        "ply": ply,
        "turn": turn,
        "board": board,
        "barracks": [sorted(b) for b in barracks],
        "budgets": budgets,
        "prices": {u.code: u.price for u in UNIT_TYPES},
        "army_submitted": [False, False],
        "my_army": None,
        "draw_offer": None,
        "no_progress": 3,
        "result": None,
    }


def sample_last() -> dict[str, Any]:
    """The last action of the ``"middle"`` sample: player 1's Hero leapt from h8 to g5 and captured the
    Pawn there."""
    return {"seat": 1, "kind": "move", "from": 63, "to": 38, "captures": [38], "code": "He"}


SAMPLE_NAMES = {"en": ("Ann", "Bob"), "fa": ("آنا", "بابک")}
"""The players' names in the sample pictures, per locale (others: the English ones)."""


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m warchest_bot.games.pointbuy.render [--locale fa] OUT.png``: draw the sample mid-game
    position (in English, or in the given locale with names of that language)."""
    parser = argparse.ArgumentParser(
        prog="python -m warchest_bot.games.pointbuy.render",
        description="Draw a sample mid-game position of Point-Buy Chess as a PNG.",
    )
    parser.add_argument("--locale", default=DEFAULT_LOCALE, help="language of the words drawn (en, fa)")
    parser.add_argument("out", type=Path, metavar="OUT.png", help="the picture to write")

    def run() -> int:
        args = parser.parse_args(argv)
        problem = output_problem(args.out, (".png",))
        if problem is None:
            names = list(SAMPLE_NAMES.get(normalize_locale(args.locale), SAMPLE_NAMES[DEFAULT_LOCALE]))
            data = board_png(sample_view("middle"), sample_last(), names=names, locale=args.locale)
            problem = write_output(args.out, data)
        if problem:
            print(f"{parser.prog}: {problem}", file=sys.stderr)
            return 2
        print(f"wrote {args.out} ({len(data) / 1024:.0f} KiB)")
        return 0

    return quiet_on_closed_pipe(run)


if __name__ == "__main__":
    raise SystemExit(main())
