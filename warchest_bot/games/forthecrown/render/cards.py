"""For the Crown's cards as pictures: one card (its name, cost, both effects with their headings, the unit
a training half trains, house values marked with ``*``), a seat's private hand (its cards, what it knows
on top of its own deck, a hand Astrology showed it), and the big card of `/wc rules` (with its pile).
Every word is the reader's language (`..words`); in a right-to-left locale text is right-aligned and the
hand's cards run from the right."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from warchest_bot.i18n import format_list, format_number, t
from warchest_bot.render.cache import memo
from warchest_bot.render.mirror import Mirror, is_rtl
from warchest_bot.render.text import draw_text, wrap

from ...pointbuy.render import BACKGROUND, HEADER, HIGHLIGHT, INK, MUTED, TEXT, piece_sprite, seat_name
from ..card_table import ACTION, ORDER, Card, CardTable, load_table
from ..words import card_name, effect_heading, effect_text, house_mark

RGB = tuple[int, int, int]
CARD_FACE: RGB = (246, 238, 218)
CARD_EDGE: dict[str, RGB] = {"starter": (120, 112, 100), "core": (196, 150, 40), "variable": (54, 104, 170)}
"""A card's frame by its role: grey starting cards, gold core stacks, blue variable stacks."""
KIND_INK: dict[str, RGB] = {ORDER: (150, 40, 36), ACTION: (40, 104, 60), "treasure": (150, 104, 10),
                            "train": (70, 60, 130)}  # fmt: skip
"""The heading's colour of a half by its kind."""
COIN: RGB = (226, 178, 52)
FLAT_COLOURS: tuple[RGB, ...] = (CARD_FACE, *CARD_EDGE.values(), *KIND_INK.values(), COIN)
"""The card colours every palette must hold exactly."""

CARD_W, CARD_H = 240, 330
"""A card in the hand picture."""
BIG_W, BIG_H = 360, 480
"""A card on its own (`/wc rules`)."""
HAND_COLUMNS = 5
MARGIN = 16


def table_of(view: Mapping[str, Any]) -> CardTable:
    """The card table a view carries (the game's own, recorded at its start)."""
    return _table(repr(view.get("cards")), view.get("cards"))


_TABLES: dict[str, CardTable] = {}


def _table(key: str, data: Any) -> CardTable:
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = load_table(data)
    return table


def _kind(card: Card, n: int) -> str:
    effect = card.effects[n]
    return "train" if effect.trains is not None else effect.phase


def card_image(card: Card, w: int, h: int, locale: str, *, pile: bool = False) -> Image.Image:
    """One card, ``w``×``h``: name, cost (a coin, ``*`` when a house value), both halves; ``pile``: the
    number of copies in its Supply stack at the bottom."""
    scale = w / CARD_W
    img = Image.new("RGB", (w, h), BACKGROUND)
    d = ImageDraw.Draw(img)
    m = Mirror(w, is_rtl(locale))
    edge = CARD_EDGE.get(card.role, CARD_EDGE["core"])
    d.rounded_rectangle((1, 1, w - 2, h - 2), radius=round(12 * scale), fill=CARD_FACE, outline=edge,
                        width=max(3, round(5 * scale)))  # fmt: skip
    pad = round(12 * scale)
    coin = round(40 * scale)
    top = round(12 * scale)
    cx = m.x(w - pad - coin / 2)
    d.ellipse((cx - coin / 2, top, cx + coin / 2, top + coin), fill=COIN, outline=INK, width=2)
    cost = format_number(card.cost, locale) + house_mark(card, "cost", locale)
    draw_text(d, (cx, top + coin / 2), cost, round(20 * scale), INK, bold=True, anchor="mm")
    name_size = round(22 * scale)
    m.text(d, (pad, top + coin / 2), card_name(card, locale), name_size, INK, bold=True, anchor="lm",
           max_width=w - 3 * pad - coin, min_size=12)  # fmt: skip
    y = top + coin + round(8 * scale)
    d.line((pad, y, w - pad, y), fill=edge, width=2)
    body = round(15 * scale)
    line_h = round(body * 1.3)
    bottom = h - pad - (round(24 * scale) if pile else 0)
    half = (bottom - y) / 2
    for n, effect in enumerate(card.effects):
        hy = y + round(8 * scale) + n * half
        heading = effect_heading(effect, locale) + house_mark(card, f"effect{n + 1}", locale)
        x = pad
        if effect.trains is not None:
            s = round(34 * scale)
            m.paste(img, piece_sprite(effect.trains[0], 0, s), (x, hy))
            x += s + round(6 * scale)
        m.text(d, (x, hy + round(17 * scale)), heading, round(17 * scale), KIND_INK[_kind(card, n)], bold=True,
               anchor="lm", max_width=w - pad - x, min_size=10)  # fmt: skip
        ty = hy + round(40 * scale)
        lines = wrap(effect_text(effect, locale), body, w - 2 * pad)
        fits = max(1, int((y + (n + 1) * half - ty) // line_h))
        if len(lines) > fits:
            lines = [*lines[: fits - 1], lines[fits - 1] + " …"]
        for k, line in enumerate(lines):
            m.text(d, (pad, ty + k * line_h), line, body, INK, anchor="la", max_width=w - 2 * pad, min_size=9)
        if n == 0:
            d.line((pad, y + half, w - pad, y + half), fill=MUTED, width=1)
    if pile:
        text = t("picture.ftc.card.pile", locale, n=card.pile) + house_mark(card, "pile", locale)
        m.text(d, (pad, h - pad - round(10 * scale)), text, round(15 * scale), MUTED, anchor="lm")
    return img


@memo
def _card_cached(table_key: str, card_id: str, w: int, h: int, locale: str, pile: bool) -> Image.Image:
    return card_image(_TABLES[table_key][card_id], w, h, locale, pile=pile)


def card_picture(card: Card, locale: str, table_key: str | None = None) -> Image.Image:
    """The big card of ``card`` (with its pile), as `/wc rules` shows it."""
    if table_key is not None and table_key in _TABLES:
        return _card_cached(table_key, card.id, BIG_W, BIG_H, locale, True)
    return card_image(card, BIG_W, BIG_H, locale, pile=True)


def _names(table: CardTable, ids: Sequence[str], locale: str) -> str:
    return format_list((card_name(table[c], locale) for c in ids), locale)


def hand_picture(view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> Image.Image:
    """The seat's private picture from its own view: its hand's cards (both effects each), the cards it
    knows on top of its deck, and the opponent's hand when Astrology showed it."""
    seat = int(view.get("seat") or 0)
    table = table_of(view)
    key = repr(view.get("cards"))
    hand = list(view.get("hand") or [])
    notes: list[str] = []
    if view.get("known_top"):
        notes.append(t("picture.ftc.hand.known_top", locale, cards=_names(table, view["known_top"], locale)))
    if view.get("seen_hand") is not None:
        notes.append(t("picture.ftc.hand.seen", locale, cards=_names(table, view["seen_hand"], locale)))
    notes.append(t("forthecrown.house.legend", locale))
    cols = max(1, min(HAND_COLUMNS, len(hand)))
    rows = max(1, -(-len(hand) // HAND_COLUMNS))
    width = max(2 * MARGIN + cols * CARD_W + (cols - 1) * 10, 720)
    head = 56
    height = head + (rows * (CARD_H + 10) if hand else 40) + 8 + 28 * len(notes) + MARGIN
    img = Image.new("RGB", (width, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    m = Mirror(width, is_rtl(locale))
    d.rectangle((0, 0, width, head - 8), fill=HEADER)
    title = t("picture.ftc.hand.title", locale, player=seat_name(seat, names, locale), n=len(hand))
    m.text(d, (MARGIN, (head - 8) / 2), title, 24, TEXT, bold=True, anchor="lm", max_width=width - 2 * MARGIN)
    y = head
    if not hand:
        m.text(d, (MARGIN, y + 16), t("picture.ftc.hand.empty", locale), 20, MUTED, anchor="lm")
        y += 40
    for n, card_id in enumerate(hand):
        row, col = divmod(n, HAND_COLUMNS)
        card = _card_cached(key, card_id, CARD_W, CARD_H, locale, False)
        img.paste(card, (round(m.left(MARGIN + col * (CARD_W + 10), CARD_W)), y + row * (CARD_H + 10)))
    if hand:
        y += rows * (CARD_H + 10)
    y += 8
    for note in notes:
        colour = MUTED if note == notes[-1] else HIGHLIGHT
        m.text(d, (MARGIN, y + 12), note, 18, colour, anchor="lm", max_width=width - 2 * MARGIN, min_size=11)
        y += 28
    return img


__all__ = ["BIG_H", "BIG_W", "CARD_H", "CARD_W", "FLAT_COLOURS", "card_image", "card_picture", "hand_picture",
           "table_of"]  # fmt: skip
