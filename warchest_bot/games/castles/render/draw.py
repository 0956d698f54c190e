"""The board picture of Castles: the 7×7 board with its castles and key areas, the units, the last action,
the die's last roll drawn large, and each side's strip (coins, capture tokens, bag, hand, the face-down or
revealed card and the pieces drawn this round).

Everything is drawn from a `Scene` (`scene_of(view)`), so nothing the view leaves out can appear. Player 1
(seat 0, blue) sits at rank 1, at the bottom; its pieces are light with a blue ring, player 2's (seat 1,
red) dark with a red ring, so the sides differ in lightness as well as in hue. In a right-to-left locale the
header, the strips and the die's column are mirrored (`Mirror`); the board keeps a1 bottom left (squares are
Latin notation).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from warchest_bot.i18n import DEFAULT_LOCALE, normalize_locale, t
from warchest_bot.render.cache import memo
from warchest_bot.render.mirror import Mirror, is_rtl
from warchest_bot.render.text import draw_text, persian_digits

from ..scene import Card, Roll, Scene, Side
from ..state import square_coords, square_name

RGB = tuple[int, int, int]
SS = 4
"""Supersampling of the antialiased shapes."""

# ------------------------------------------------------------------------------------------ colours
BACKGROUND: RGB = (30, 32, 36)
HEADER: RGB = (22, 24, 27)
PANEL: RGB = (46, 50, 56)
PANEL_EDGE: RGB = (72, 78, 86)
TEXT: RGB = (236, 234, 228)
MUTED: RGB = (168, 170, 168)
HIGHLIGHT: RGB = (255, 206, 40)
LIGHT_SQUARE: RGB = (232, 222, 196)
DARK_SQUARE: RGB = (206, 190, 154)
LAST_SQUARE: RGB = (246, 226, 112)
BOARD_EDGE: RGB = (96, 78, 52)
LABEL: RGB = (214, 206, 190)
KEY_AREA: RGB = (196, 150, 30)
HIT: RGB = (44, 170, 84)
MISS: RGB = (222, 44, 44)
INK: RGB = (30, 28, 26)
WHITE: RGB = (255, 255, 255)
COIN: RGB = (232, 184, 48)
COIN_EDGE: RGB = (140, 98, 16)
STONE: RGB = (150, 146, 140)
CARD_FACE: RGB = (244, 238, 222)
CARD_BACK: RGB = (92, 62, 120)
EVENT_BAND: RGB = (120, 84, 40)

FACE: tuple[RGB, RGB] = ((226, 236, 250), (58, 30, 34))
"""Seat 0 light, seat 1 dark: the sides differ in lightness first."""
EDGE: tuple[RGB, RGB] = ((24, 30, 44), (246, 236, 234))
RING: tuple[RGB, RGB] = ((36, 104, 214), (214, 52, 44))
"""Blue for seat 0 (player 1), red for seat 1 (player 2), as the rules name the colours."""

FLAT_COLOURS: tuple[RGB, ...] = (
    BACKGROUND, HEADER, PANEL, PANEL_EDGE, TEXT, MUTED, HIGHLIGHT, LIGHT_SQUARE, DARK_SQUARE, LAST_SQUARE,
    BOARD_EDGE, LABEL, KEY_AREA, HIT, MISS, INK, WHITE, COIN, COIN_EDGE, STONE, CARD_FACE, CARD_BACK,
    EVENT_BAND, *FACE, *EDGE, *RING,
)  # fmt: skip
"""Every flat colour of the pictures: the shipped PNG palette holds them exactly."""


# ------------------------------------------------------------------------------------------- words
def word(key: str, locale: str = DEFAULT_LOCALE, /, **values: object) -> str:
    """The picture text ``picture.ca.<key>`` in ``locale``; numbers in a Persian picture are written with
    Persian digits (square names and codes, being notation, stay Latin)."""
    if normalize_locale(locale) == "fa":
        values = {k: persian_digits(str(v)) if isinstance(v, int) else v for k, v in values.items()}
    return t(f"picture.ca.{key}", locale, **values)


def seat_name(seat: int, names: Sequence[str] | None, locale: str) -> str:
    """``names[seat]``, else "Player n" (seat 0 is player 1)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return f"\u2068{names[seat]}\u2069"
    return word("player", locale, n=seat + 1)


# ------------------------------------------------------------------------------------------ layout
@dataclass(frozen=True)
class Layout:
    """Where the parts of one kind of picture go (the board post or a replay frame)."""

    width: int
    sq: int
    header_h: int
    panel_h: int
    gap: int
    side_w: int
    """The die's column beside the board."""
    title_size: int
    line_size: int
    label_size: int

    @property
    def board_px(self) -> int:
        return 7 * self.sq

    @property
    def top_panel(self) -> int:
        return self.header_h + self.gap

    @property
    def board_y(self) -> int:
        return self.top_panel + self.panel_h + self.gap + self.label_size

    @property
    def bottom_panel(self) -> int:
        return self.board_y + self.board_px + self.gap + self.label_size

    @property
    def height(self) -> int:
        return self.bottom_panel + self.panel_h + self.gap

    @property
    def board_x(self) -> int:
        return self.label_size + 12


BOARD = Layout(720, 70, 78, 92, 6, 190, 24, 19, 18)
FRAME = Layout(480, 46, 54, 54, 4, 122, 17, 14, 13)


def square_xy(lay: Layout, col: int, row: int) -> tuple[int, int]:
    """Top-left pixel of square (col, row) in layout ``lay`` (rank 1 at the bottom)."""
    return lay.board_x + col * lay.sq, lay.board_y + (6 - row) * lay.sq


def square_center(square: str, lay: Layout = BOARD) -> tuple[int, int]:
    """Pixel centre of a square by name (for tests and tools)."""
    x, y = square_xy(lay, *square_coords(square))
    return x + lay.sq // 2, y + lay.sq // 2


def die_center(lay: Layout = BOARD, rtl: bool = False) -> tuple[int, int]:
    """Centre of the large die (for tests): in the column beside the board, mirrored in a right-to-left
    picture."""
    x = lay.board_x + lay.board_px + (lay.width - lay.board_x - lay.board_px) // 2
    if rtl:
        x = lay.width - x
    return x, lay.board_y + lay.sq + lay.sq // 2


# ---------------------------------------------------------------------------------- static layers
def _shade(col: int, row: int) -> RGB:
    return LIGHT_SQUARE if (col + row) % 2 else DARK_SQUARE


@memo
def canvas(lay: Layout, rtl: bool) -> Image.Image:
    """Background, header bar, strip frames, squares and labels: what never changes (shared read-only).
    In a right-to-left picture the board moves to the right of the die's column."""
    img = Image.new("RGB", (lay.width, lay.height), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.width, lay.header_h - 4), fill=HEADER)
    for y in (lay.top_panel, lay.bottom_panel):
        d.rounded_rectangle((6, y, lay.width - 7, y + lay.panel_h - 1), radius=10, fill=PANEL,
                            outline=PANEL_EDGE, width=2)  # fmt: skip
    bx, by, s = board_left(lay, rtl), lay.board_y, lay.sq
    edge = max(3, s // 16)
    d.rectangle((bx - edge, by - edge, bx + 7 * s + edge - 1, by + 7 * s + edge - 1), fill=BOARD_EDGE)
    for col in range(7):
        for row in range(7):
            x, y = bx + col * s, by + (6 - row) * s
            d.rectangle((x, y, x + s - 1, y + s - 1), fill=_shade(col, row))
    for i in range(7):
        draw_text(d, (bx - edge - lay.label_size / 2 - 2, by + (6 - i) * s + s / 2), str(i + 1),
                  lay.label_size, LABEL, bold=True, anchor="mm")  # fmt: skip
        draw_text(d, (bx + i * s + s / 2, by + 7 * s + edge + lay.label_size * 0.7), "abcdefg"[i],
                  lay.label_size, LABEL, bold=True, anchor="mm")  # fmt: skip
    return img


def board_left(lay: Layout, rtl: bool) -> int:
    """The board's left edge: beside the labels, or (right to left) after the die's column."""
    return lay.width - lay.board_x - lay.board_px if rtl else lay.board_x


def _disc(d: ImageDraw.ImageDraw, box: tuple[float, ...], fill: RGB, outline: RGB, width: int) -> None:
    d.ellipse(box, fill=fill, outline=outline, width=width)


@memo
def piece_sprite(code: str, seat: int, diameter: int) -> Image.Image:
    """A unit: a disc in its side's colours with a ring and its two-letter code (RGBA, read-only)."""
    dia = diameter
    big = Image.new("RGBA", (dia * SS, dia * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    _disc(
        dr, (SS, SS, (dia - 1) * SS, (dia - 1) * SS), FACE[seat], EDGE[seat], max(2, round(dia * 0.05)) * SS
    )
    inset = dia * 0.13 * SS
    dr.ellipse((inset, inset, dia * SS - inset, dia * SS - inset), outline=RING[seat],
               width=max(SS, round(dia * 0.06 * SS)))  # fmt: skip
    sprite = big.resize((dia, dia), Image.Resampling.BOX)
    draw_text(ImageDraw.Draw(sprite), (dia / 2, dia / 2), code, max(10, round(dia * 0.34)),
              EDGE[seat] + (255,), bold=True, anchor="mm")  # fmt: skip
    return sprite


@memo
def used_sprite(code: str, seat: int, diameter: int) -> Image.Image:
    """A drawn piece whose action was taken this turn: the piece faded, with a tick."""
    sprite = piece_sprite(code, seat, diameter).copy()
    alpha = sprite.getchannel("A").point(lambda a: a * 2 // 5)
    sprite.putalpha(alpha)
    d = ImageDraw.Draw(sprite)
    u = diameter / 10
    d.line(
        [(2.5 * u, 5.5 * u), (4.3 * u, 7.5 * u), (7.8 * u, 2.8 * u)],
        fill=HIT + (255,),
        width=max(2, round(u)),
    )
    return sprite


@memo
def castle_sprite(seat: int | None, size: int) -> Image.Image:
    """A castle: a crenellated tower in its owner's ring colour (None: a taken castle, grey stone)."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    colour = STONE if seat is None else RING[seat]
    u = size * SS / 10
    dr.rectangle(
        (2 * u, 3.5 * u, 8 * u, 9 * u), fill=colour + (255,), outline=INK + (255,), width=round(u / 2)
    )
    for i in range(3):
        x = 2 * u + i * 2.4 * u
        dr.rectangle((x, 1.6 * u, x + 1.2 * u, 3.8 * u), fill=colour + (255,), outline=INK + (255,),
                     width=round(u / 2))  # fmt: skip
    dr.rectangle((4.2 * u, 6 * u, 5.8 * u, 9 * u), fill=INK + (255,))
    return big.resize((size, size), Image.Resampling.BOX)


@memo
def flag_sprite(seat: int, size: int) -> Image.Image:
    """A capture token: a small flag in a side's ring colour."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    u = size * SS / 10
    dr.rectangle((2 * u, 1 * u, 3 * u, 9.5 * u), fill=TEXT + (255,))
    dr.polygon([(3 * u, 1 * u), (9 * u, 3 * u), (3 * u, 5.5 * u)], fill=RING[seat] + (255,),
               outline=EDGE[0] + (255,))  # fmt: skip
    return big.resize((size, size), Image.Resampling.BOX)


@memo
def coin_sprite(size: int) -> Image.Image:
    """A coin."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    _disc(dr, (SS, SS, (size - 1) * SS, (size - 1) * SS), COIN, COIN_EDGE, max(1, round(size * 0.1)) * SS)
    return big.resize((size, size), Image.Resampling.BOX)


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@memo
def die_sprite(face: int, size: int, hit: bool) -> Image.Image:
    """The die showing ``face``, framed green when the attack succeeded and red when it failed."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    w = size * SS
    dr.rounded_rectangle((SS, SS, w - SS, w - SS), radius=w // 6, fill=WHITE, outline=HIT if hit else MISS,
                         width=round(w * 0.06))  # fmt: skip
    r = w * 0.085
    for px, py in _PIPS[face]:
        dr.ellipse((px * w - r, py * w - r, px * w + r, py * w + r), fill=INK)
    return big.resize((size, size), Image.Resampling.BOX)


@memo
def card_back(w: int, h: int) -> Image.Image:
    """A card lying face down."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=max(4, w // 8), fill=CARD_BACK, outline=TEXT, width=2)
    d.rounded_rectangle((5, 5, w - 6, h - 6), radius=max(3, w // 10), outline=HIGHLIGHT, width=1)
    return img


def mini_card(card: Card, w: int, h: int, locale: str) -> Image.Image:
    """A revealed card as a strip shows it: its code, its cost and (when there is room) its name."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=max(4, w // 8), fill=CARD_FACE, outline=HIGHLIGHT, width=2
    )
    band = EVENT_BAND if card.kind == "event" else RING[0]
    d.rectangle((2, 2, w - 3, max(6, h // 5)), fill=band)
    draw_text(d, (w / 2, h * 0.48), card.code, max(11, w // 3), INK, bold=True, anchor="mm")
    draw_text(d, (w / 2, h * 0.8), word("cost", locale, n=card.cost), max(9, w // 5), INK, anchor="mm",
              max_width=w - 6, min_size=8)  # fmt: skip
    return img


# ------------------------------------------------------------------------------------ last action
@dataclass(frozen=True)
class Marks:
    """What the board marks of the last action: squares tinted, and the square attacked (with the
    roll's outcome)."""

    tinted: frozenset[tuple[int, int]]
    target: tuple[int, int] | None
    hit: bool | None


def marks_of(last: Mapping[str, Any] | None, roll: Roll | None) -> Marks:
    """The marks of ``last`` (`action_squares` of its text)."""
    from ..scene import action_squares

    if not last:
        return Marks(frozenset(), None, None)
    origin, dest, attack = action_squares(str(last.get("text") or ""))
    tinted = frozenset(s for s in (origin, None if attack else dest) if s is not None)
    if attack and dest is not None:
        return Marks(tinted, dest, None if roll is None else roll.hit)
    return Marks(tinted, None, None)


# ------------------------------------------------------------------------------------------ drawing
def draw_board(img: Image.Image, lay: Layout, scene: Scene, marks: Marks, rtl: bool) -> None:
    """Tints, castles, key areas, units and the attack mark on the canvas ``img``."""
    d = ImageDraw.Draw(img)
    s, bx = lay.sq, board_left(lay, rtl)

    def xy(square: tuple[int, int]) -> tuple[int, int]:
        return bx + square[0] * s, lay.board_y + (6 - square[1]) * s

    for square in marks.tinted:
        x, y = xy(square)
        d.rectangle((x, y, x + s - 1, y + s - 1), fill=LAST_SQUARE)
    for square, holder in scene.keys:
        x, y = xy(square)
        inset = max(3, s // 12)
        colour = KEY_AREA if holder is None else RING[holder]
        d.rectangle((x + inset, y + inset, x + s - 1 - inset, y + s - 1 - inset), outline=colour,
                    width=max(2, s // 18))  # fmt: skip
        r = s * 0.1
        cx, cy = x + s - inset - r - 3, y + inset + r + 3
        d.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=colour)
    occupied = {p.square for p in scene.pieces}
    dia = round(s * 0.8)
    off = (s - dia) // 2
    for piece in scene.pieces:
        x, y = xy(piece.square)
        sprite = piece_sprite(piece.code, piece.owner % 2, dia)
        img.paste(sprite, (x + off, y + off), sprite)
    for castle in scene.castles:  # over the units: a castle with a unit on it shows in its corner
        x, y = xy(castle.square)
        standing = castle.owner if castle.taken_by is None else None
        if castle.square in occupied:
            sprite = castle_sprite(standing, round(s * 0.32))
            img.paste(sprite, (x, y), sprite)
        else:
            size = round(s * 0.78)
            sprite = castle_sprite(standing, size)
            img.paste(sprite, (x + (s - size) // 2, y + (s - size) // 2), sprite)
        if castle.taken_by is not None:
            flag = flag_sprite(castle.taken_by, round(s * 0.32))
            img.paste(flag, (x + s - flag.width, y + s - flag.height), flag)
    if marks.target is not None:
        x, y = xy(marks.target)
        colour = MISS if marks.hit is False else HIT if marks.hit else HIGHLIGHT
        w = max(3, s // 14)
        d.rectangle((x, y, x + s - 1, y + s - 1), outline=colour, width=w)


def draw_die(img: Image.Image, lay: Layout, roll: Roll | None, locale: str, rtl: bool) -> None:
    """The die's last roll, large, in the column beside the board, with the number it needed and the
    outcome."""
    d = ImageDraw.Draw(img)
    cx, cy = die_center(lay, rtl)
    column = lay.width - lay.board_x - lay.board_px - 12
    size = min(column - 24, round(lay.sq * 1.6))
    draw_text(d, (cx, cy - size / 2 - lay.line_size), word("die.title", locale), lay.line_size, MUTED,
              bold=True, anchor="mm", max_width=column - 8, min_size=9)  # fmt: skip
    if roll is None:
        d.rounded_rectangle((cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2), radius=size // 6,
                            outline=PANEL_EDGE, width=3)  # fmt: skip
        draw_text(d, (cx, cy), word("die.none", locale), lay.line_size, MUTED, anchor="mm",
                  max_width=size - 8, min_size=9)  # fmt: skip
        return
    sprite = die_sprite(roll.face, size, roll.hit)
    img.paste(sprite, (round(cx - size / 2), round(cy - size / 2)), sprite)
    y = cy + size / 2 + lay.line_size
    if roll.code and roll.source and roll.target:
        attack = f"{roll.code} {square_name(*roll.source)}x{square_name(*roll.target)}"
        draw_text(
            d, (cx, y), attack, lay.line_size, TEXT, bold=True, anchor="mm", max_width=column - 4, min_size=9
        )
        y += lay.line_size * 1.3
    draw_text(d, (cx, y), word("die.need", locale, need=roll.need), lay.line_size, TEXT, anchor="mm",
              max_width=column - 4, min_size=9)  # fmt: skip
    outcome = word("die.hit" if roll.hit else "die.miss", locale)
    draw_text(d, (cx, y + lay.line_size * 1.4), outcome, lay.line_size + 2, HIT if roll.hit else MISS,
              bold=True, anchor="mm", max_width=column - 4, min_size=9)  # fmt: skip


def draw_strip(
    img: Image.Image, lay: Layout, scene: Scene, seat: int, names: Sequence[str] | None, locale: str
) -> None:
    """One side's strip: its token and name, coins, capture tokens, bag, hand and deck, its card (face
    down or revealed) and the pieces drawn this round. Seat 1 above the board, seat 0 below."""
    side: Side = scene.sides[seat]
    rtl = is_rtl(locale)
    m = Mirror(lay.width, rtl)
    d = ImageDraw.Draw(img)
    top = lay.top_panel if seat == 1 else lay.bottom_panel
    h = lay.panel_h
    compact = lay is FRAME
    line = top + (h / 2 if compact else h * 0.3)
    token = round(lay.line_size * 1.3)
    m.paste(img, piece_sprite("", seat, token), (16, line - token / 2))
    x: float = 16 + token + 8
    name = seat_name(seat, names, locale)
    if scene.to_move == seat and not scene.over:
        name = word("strip.to_move", locale, player=name)
    x += m.text(d, (x, line), name, lay.line_size, HIGHLIGHT if scene.to_move == seat else TEXT, bold=True,
                anchor="lm", max_width=lay.width * (0.3 if compact else 0.42), min_size=10) + 14  # fmt: skip
    icon = round(lay.line_size * 1.1)
    m.paste(img, coin_sprite(icon), (x, line - icon / 2))
    x += icon + 6
    x += m.text(d, (x, line), word("strip.coins", locale, n=side.coins), lay.line_size, TEXT, bold=True,
                anchor="lm") + 12  # fmt: skip
    m.paste(img, flag_sprite(seat, icon), (x, line - icon / 2))
    x += icon + 6
    x += m.text(d, (x, line), word("strip.tokens", locale, n=side.tokens), lay.line_size, TEXT, bold=True,
                anchor="lm") + 12  # fmt: skip
    if compact:
        return
    line2 = top + h * 0.72
    counts = word("strip.counts", locale, bag=side.bag, hand=side.hand, deck=side.deck)
    m.text(
        d, (16, line2), counts, lay.line_size - 3, MUTED, anchor="lm", max_width=lay.width * 0.5, min_size=10
    )
    # the card slot and the drawn pieces, from the far end
    cw, ch = round(h * 0.56), h - 14
    right = lay.width - 16 - cw
    if side.shown is not None:
        m.paste(img, mini_card(side.shown, cw, ch, locale), (right, top + 7))
    elif side.down:
        m.paste(img, card_back(cw, ch), (right, top + 7))
    chip = round(h * 0.36)
    x = right - 10
    for code in reversed(side.drawn):
        x -= chip + 4
        sprite = used_sprite(code, seat, chip) if code in side.used else piece_sprite(code, seat, chip)
        m.paste(img, sprite, (x, line2 - chip / 2))
    if side.drawn:
        m.text(d, (x - 6, line2), word("strip.drawn", locale), lay.line_size - 4, MUTED, anchor="rm")


def draw_header(
    img: Image.Image, lay: Layout, scene: Scene, line1: str, line2: str | None, locale: str
) -> None:
    """The header: the status line and, below it, the last action."""
    m = Mirror(lay.width, is_rtl(locale))
    d = ImageDraw.Draw(img)
    y1 = lay.header_h * (0.3 if line2 else 0.45)
    m.text(
        d,
        (16, y1),
        line1,
        lay.title_size,
        TEXT,
        bold=True,
        anchor="lm",
        max_width=lay.width - 32,
        min_size=11,
    )
    if line2:
        m.text(d, (16, lay.header_h * 0.7), line2, lay.line_size, MUTED, anchor="lm", max_width=lay.width - 32,
               min_size=9)  # fmt: skip


def status_line(scene: Scene, names: Sequence[str] | None, locale: str) -> str:
    """The header's first line: the result, or the round and who decides now."""
    if scene.over:
        if scene.winner is None:
            return word("status.draw", locale)
        key = f"status.win.{scene.reason}"
        if not _has(f"picture.ca.{key}"):
            key = "status.win"
        return word(key, locale, winner=seat_name(int(scene.winner), names, locale))
    if scene.to_move is None:
        return word("status.round", locale, n=scene.round)
    player = seat_name(int(scene.to_move), names, locale)
    if scene.phase == "pick":
        return word("status.pick", locale, n=scene.round, player=player)
    return word("status.play", locale, n=scene.round, player=player)


def _has(key: str) -> bool:
    from warchest_bot.i18n import has_message

    return has_message(key)


def last_line(last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str) -> str | None:
    """The header's second line: the last action's public text and who played it."""
    if not last or last.get("seat") is None or not last.get("text"):
        return None
    return word("last", locale, player=seat_name(int(last["seat"]), names, locale),
                action=f"\u2066{last['text']}\u2069")  # fmt: skip


def compose(
    lay: Layout, scene: Scene, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
) -> Image.Image:
    """The whole board picture of ``scene`` in layout ``lay``."""
    rtl = is_rtl(locale)
    img = canvas(lay, rtl).copy()
    draw_header(img, lay, scene, status_line(scene, names, locale), last_line(last, names, locale), locale)
    draw_board(img, lay, scene, marks_of(last, scene.roll), rtl)
    draw_die(img, lay, scene.roll, locale, rtl)
    for seat in (0, 1):
        draw_strip(img, lay, scene, seat, names, locale)
    return img


__all__ = [
    "BOARD",
    "FLAT_COLOURS",
    "FRAME",
    "Layout",
    "compose",
    "die_center",
    "square_center",
    "word",
]
