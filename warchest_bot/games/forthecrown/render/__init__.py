"""Pictures of For the Crown with Pillow: the board post, a seat's private hand and one picture per card,
all drawn from views (`FtcState.view_for`), so nothing a view leaves out can appear; the board post reads
only a view's public parts (never ``hand``, ``known_top`` or ``seen_hand``), so a seat's view and a
spectator's draw the same picture.

The board is Point-Buy Chess's (the same 8×8 board and the 24 unit emblems: its canvas, pieces, header and
Barracks panels are reused), with a column beside it: each player's deck, discard and hand counts (and a
card False Orders revealed on a deck), the Supply's stacks with cost and cards left, the cards played this
turn, the Trash, and the mark of house values. Every word comes from the catalogue (``picture.ftc.*`` in
``messages/<locale>/pictures.py``, the cards' words through `..words`); numbers in Persian pictures are
Persian digits and the layout is mirrored (`warchest_bot.render.mirror`): the column stands left of the
board, the board keeps a1 bottom left. PNGs are palette PNGs on this game's shipped palette
(``palette.rgb``, made by ``scripts/make_palettes.py``).

``python -m warchest_bot.games.forthecrown.render [--locale fa] [--private | --card tower] out.png`` draws
a sample position.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw

from warchest_bot.i18n import DEFAULT_LOCALE, format_list, format_number, normalize_locale, t
from warchest_bot.render.cache import memo
from warchest_bot.render.mirror import Mirror, is_rtl
from warchest_bot.render.palette import ShippedPalette, palette_from_samples
from warchest_bot.render.text import wrap

from ...pointbuy import render as pb
from ..card_table import standard_table
from ..engine import FtcState, new_game
from ..words import card_name, house_mark
from .cards import FLAT_COLOURS as CARD_COLOURS
from .cards import card_picture, hand_picture, table_of

SIDE_W = 440
"""The column beside the board."""
WIDTH = pb.BOARD.width + SIDE_W
HEIGHT = pb.BOARD.height
LAYOUT = replace(pb.BOARD, width=WIDTH)
"""Point-Buy Chess's board layout, as wide as the whole picture (the header spans both parts)."""
PALETTE_COLOURS = 128
MAX_PNG_BYTES = 200 * 1024
STACK_H = 50
PAD = 16


def status_line(view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> tuple[str, int | None]:
    """The header's first line (whose turn and which phase, or the result) and the seat it is about."""
    result = view.get("result")
    if result is not None:
        winner, reason = result.get("winner"), result.get("reason")
        if reason == "last_stand":
            return t("picture.ftc.status.last_stand", locale, n=int(view.get("attacker_turns") or 0)), winner
        if winner is None:
            key = "picture.ftc.status.turn_cap" if reason == "turn_cap" else "picture.ftc.status.draw"
            return t(key, locale), None
        return t("picture.ftc.status.win", locale, winner=pb.seat_name(winner, names, locale),
                 loser=pb.seat_name(1 - winner, names, locale)), winner  # fmt: skip
    seat = view.get("to_move")
    seat = int(view.get("turn_of") or 0) if seat is None else int(seat)
    phase = t(f"forthecrown.phase.{view.get('phase')}", locale)
    return t("picture.ftc.status.play", locale, n=int(view.get("turn") or 0) + 1,
             player=pb.seat_name(seat, names, locale), phase=phase), seat  # fmt: skip


def _pools(view: Mapping[str, Any], locale: str) -> str:
    pools = view.get("pools") or {}
    return t(
        "picture.ftc.pools",
        locale,
        **{k: int(pools.get(k) or 0) for k in ("orders", "actions", "buys", "gold")},
    )


@memo
def _canvas(rtl: bool) -> Image.Image:
    """Point-Buy Chess's board canvas with the column beside it (left of it right to left)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), pb.BACKGROUND)
    img.paste(pb._canvas("board"), (SIDE_W if rtl else 0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, pb.BOARD.header_h - 4), fill=pb.HEADER)
    left = 0 if rtl else pb.BOARD.width
    d.rounded_rectangle((left + 4, pb.BOARD.header_h + 4, left + SIDE_W - 8, HEIGHT - 7), radius=10,
                        fill=pb.PANEL, outline=pb.PANEL_EDGE, width=2)  # fmt: skip
    return img


def _grouped(table: Any, ids: Sequence[str], locale: str) -> str:
    """Card names with counts ("Peon ×2, Tower"), in the order first met."""
    parts = [card_name(table[c], locale) + ("" if n == 1 else f" ×{format_number(n, locale)}")
             for c, n in Counter(ids).items()]  # fmt: skip
    return format_list(parts, locale)


def _draw_side(img: Image.Image, view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> None:
    """The column: players' counts, the Supply, the cards played this turn, the Trash, the house mark."""
    rtl = is_rtl(locale)
    x0 = 0 if rtl else pb.BOARD.width
    side = img.crop((x0, 0, x0 + SIDE_W, HEIGHT))
    d = ImageDraw.Draw(side)
    m = Mirror(SIDE_W, rtl)
    table = table_of(view)
    inner = SIDE_W - 2 * PAD - 8
    y = pb.BOARD.header_h + 16
    decks, hands = view.get("deck_counts") or [0, 0], view.get("hand_counts") or [0, 0]
    discards, revealed = view.get("discards") or [[], []], view.get("revealed_top") or [None, None]
    for seat in (1, 0):
        m.paste(side, pb.token_sprite(seat, 22), (PAD, y))
        m.text(d, (PAD + 30, y + 11), pb.seat_name(seat, names, locale), 19, pb.TEXT, bold=True, anchor="lm",
               max_width=inner - 30)  # fmt: skip
        y += 28
        counts = t("picture.ftc.counts", locale, deck=int(decks[seat]), discard=len(discards[seat]),
                   hand=int(hands[seat]))  # fmt: skip
        m.text(d, (PAD, y + 10), counts, 16, pb.MUTED, anchor="lm", max_width=inner)
        y += 24
        if discards[seat]:
            top = t("picture.ftc.discard_top", locale, card=card_name(table[discards[seat][-1]], locale))
            m.text(d, (PAD, y + 10), top, 16, pb.MUTED, anchor="lm", max_width=inner)
            y += 24
        if revealed[seat]:
            text = t("picture.ftc.revealed", locale, card=card_name(table[revealed[seat]], locale))
            m.text(d, (PAD, y + 10), text, 16, pb.HIGHLIGHT, bold=True, anchor="lm", max_width=inner)
            y += 24
        y += 6
    m.text(d, (PAD, y + 12), t("picture.ftc.supply", locale), 20, pb.TEXT, bold=True, anchor="lm")
    y += 30
    supply, costs = view.get("supply") or {}, view.get("costs") or {}
    stacks = list(supply)
    rows = -(-len(stacks) // 2)
    bottom_room = 190
    cell_h = max(30, min(STACK_H, (HEIGHT - bottom_room - y) // max(1, rows)))
    cell_w = (SIDE_W - 2 * PAD - 8 - 8) / 2
    for n, card_id in enumerate(stacks):
        row, col = divmod(n, 2)
        cx, cy = PAD + col * (cell_w + 8), y + row * cell_h
        left = m.left(cx, cell_w)
        left_over = int(supply[card_id])
        d.rounded_rectangle((left, cy, left + cell_w, cy + cell_h - 5), radius=6,
                            fill=pb.PLATE if left_over else pb.BACKGROUND, outline=pb.PANEL_EDGE)  # fmt: skip
        card = table[card_id]
        name_size = 16 if cell_h >= 44 else 13
        m.text(d, (cx + 8, cy + (cell_h - 5) * (0.3 if cell_h >= 44 else 0.5)), card_name(card, locale), name_size,
               pb.TEXT, bold=True, anchor="lm", max_width=cell_w * (1 if cell_h >= 44 else 0.55), min_size=10)  # fmt: skip
        cost = format_number(int(costs.get(card_id, card.cost)), locale) + house_mark(card, "cost", locale)
        line = t("picture.ftc.stack", locale, cost=cost, n=left_over)
        if cell_h >= 44:
            m.text(d, (cx + 8, cy + (cell_h - 5) * 0.74), line, 14, pb.MUTED, anchor="lm", max_width=cell_w - 16,
                   min_size=9)  # fmt: skip
        else:
            m.text(d, (cx + cell_w - 6, cy + (cell_h - 5) / 2), line, 12, pb.MUTED, anchor="rm",
                   max_width=cell_w * 0.45, min_size=8)  # fmt: skip
    y += rows * cell_h + 8
    played = list(view.get("play") or [])
    m.text(d, (PAD, y + 11), t("picture.ftc.played", locale), 18, pb.TEXT, bold=True, anchor="lm")
    y += 26
    text = _grouped(table, played, locale) if played else t("picture.ftc.played.none", locale)
    lines = wrap(text, 16, inner)
    for line in lines[:3]:
        m.text(d, (PAD, y + 10), line, 16, pb.HIGHLIGHT if played else pb.MUTED, anchor="lm", max_width=inner)
        y += 22
    trash = list(view.get("trash") or [])
    y += 6
    text = t("picture.ftc.trash.cards", locale, cards=_grouped(table, trash, locale)) if trash else \
        t("picture.ftc.trash", locale, n=0)  # fmt: skip
    for line in wrap(text, 16, inner)[:2]:
        m.text(d, (PAD, y + 10), line, 16, pb.MUTED, anchor="lm", max_width=inner)
        y += 22
    m.text(d, (PAD, HEIGHT - 26), t("forthecrown.house.legend", locale), 14, pb.FAINT, anchor="lm",
           max_width=inner, min_size=9)  # fmt: skip
    img.paste(side, (x0, 0))


def render_board(
    view: Mapping[str, Any],
    *,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
    played: Sequence[str] | None = None,
) -> Image.Image:
    """The board post of ``view`` (any seat's or a spectator's: only public parts are drawn): whose turn
    and phase (or the result) with the turn's pools, the board with both Barracks, and the column (counts,
    Supply, cards played this turn, Trash). ``played``: the cards of the turn just ended (a view after
    housekeeping holds none), else the view's own ``play``."""
    locale = normalize_locale(locale)
    rtl = is_rtl(locale)
    img = _canvas(rtl).copy()
    board_x = SIDE_W if rtl else 0
    block = img.crop((board_x, 0, board_x + pb.BOARD.width, HEIGHT))
    board = pb._board_of(view)
    pb._draw_board(block, pb.BOARD, board, pb.LastMarks(frozenset(), (), None, False))
    public = {"phase": view.get("phase"), "barracks": view.get("barracks"), "to_move": view.get("to_move"),
              "result": view.get("result")}  # fmt: skip
    for seat in (0, 1):
        pb._draw_panel(block, pb.BOARD, public, seat, names, None, locale)
    img.paste(block, (board_x, 0))
    line1, about = status_line(view, names, locale)
    line2 = _pools(view, locale) if view.get("result") is None else None
    pb._draw_header(img, LAYOUT, {}, line1, about, line2, None, locale)
    _draw_side(img, view if played is None else {**view, "play": list(played)}, names, locale)
    return img


def render_private(
    view: Mapping[str, Any], *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
) -> Image.Image:
    """The seat's hand from its own view: each card with both effects, in the reader's language."""
    if view.get("seat") is None:
        raise ValueError("a private picture needs a seat's own view, not a spectator's")
    return hand_picture(view, names, normalize_locale(locale))


def render_card(
    card_id: str, locale: str = DEFAULT_LOCALE, view: Mapping[str, Any] | None = None
) -> Image.Image:
    """One card's picture (the shipped table's, or the table a game's ``view`` carries)."""
    table = standard_table() if view is None else table_of(view)
    if card_id not in table.cards:
        raise ValueError(f"no card {card_id!r} in the table {table.name!r}")
    return card_picture(table[card_id], normalize_locale(locale))


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
    samples = [render_board(sample_view(), names=SAMPLE_NAMES["en"])]
    samples += [render_private(sample_view(seat=0), names=SAMPLE_NAMES["fa"], locale="fa")]
    samples += [render_card("tower", "en"), render_card("stables", "fa")]
    return palette_from_samples(samples, (*pb.FLAT_COLOURS, *CARD_COLOURS), PALETTE_COLOURS)


def board_png(
    view: Mapping[str, Any],
    *,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
    played: Sequence[str] | None = None,
) -> bytes:
    """The board post as PNG (``played`` as in `render_board`)."""
    return encode_png(render_board(view, names=names, locale=locale, played=played))


def private_png(
    view: Mapping[str, Any], *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
) -> bytes:
    """The private hand picture as PNG."""
    return encode_png(render_private(view, names=names, locale=locale))


@memo
def card_png(card_id: str, locale: str = DEFAULT_LOCALE) -> bytes:
    """The shipped table's card ``card_id`` as PNG (cached: cards never change)."""
    return encode_png(render_card(card_id, locale))


def warm_up() -> None:
    """Build the static layers (both canvases, the sprites of a board) and read the palette."""
    palette()
    for locale in ("en", "fa"):
        render_board(sample_view(), locale=locale)


# ------------------------------------------------------------------------------------- sample positions
SAMPLE_NAMES: dict[str, tuple[str, str]] = {"en": ("Ann", "Bob"), "fa": ("آرش", "بهار")}


def sample_state() -> FtcState:
    """A fixed mid-game position: the first-game Supply, seat 0 in its buy phase after a Tower and a
    Peon, units on the board and in both Barracks, cards in the Trash and the discard piles."""
    state = new_game({}, seed=7)
    state.board[12] = (0, "Kn")
    state.board[27] = (0, "Ro")
    state.board[52] = (1, "Pa")
    state.board[45] = (1, "Bi")
    state.barracks = [["Pa", "Pa", "Qu"], ["Kn"]]
    state.trash = ["peon", "peon", "guard"]
    state.discards = [["guard", "peon"], ["champion", "peon", "tower"]]
    state.play = ["tower", "peon"]
    state.supply["tower"] -= 2
    state.supply["champion"] -= 3
    state.phase = "buy"
    state.turn = 8
    state.gold, state.buys, state.orders, state.actions = 4, 1, 0, 0
    state.hands[0] = sorted(["clergy", "tower", "heir", "guard", "stables"])
    return state


def sample_view(seat: int | None = None) -> dict[str, Any]:
    """The view of `sample_state` for ``seat`` (None: a spectator's)."""
    return sample_state().view_for(seat)


def main(argv: Sequence[str] | None = None) -> int:
    """Draw a sample picture (``--private``: seat 0's hand; ``--card``: a card by id)."""
    parser = argparse.ArgumentParser(description="Draw a sample picture of For the Crown.")
    parser.add_argument("out", help="the PNG file to write")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--private", action="store_true")
    parser.add_argument("--card", default=None)
    args = parser.parse_args(argv)
    names = SAMPLE_NAMES.get(args.locale, SAMPLE_NAMES["en"])
    if args.card:
        png = card_png(args.card, args.locale)
    elif args.private:
        png = private_png(sample_view(seat=0), names=names, locale=args.locale)
    else:
        png = board_png(sample_view(), names=names, locale=args.locale)
    with open(args.out, "wb") as out:
        out.write(png)
    return 0


__all__ = [
    "board_png",
    "build_palette",
    "card_png",
    "encode_png",
    "palette",
    "private_png",
    "render_board",
    "render_card",
    "render_private",
    "sample_view",
    "warm_up",
]
