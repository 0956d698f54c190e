"""Cards of Castles and the private picture: a unit card (name, code, cost, attack number, how it moves and
attacks, its ability), an event card (name, code, cost, effect), and a seat's hand: its cards, the card it
put face down, the pieces it drew this round, its coins, bag and reserve. In a right-to-left locale the
picture is the mirror image of the English one and each card's text is right-aligned."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from warchest_bot.i18n import t
from warchest_bot.render.cache import memo
from warchest_bot.render.mirror import Mirror, is_rtl
from warchest_bot.render.text import draw_text, wrap

from ..rules import UNIT_BY_CODE, UNIT_CODES, card_cost
from ..scene import Card, Scene
from ..scene import card_name as unit_name
from .draw import (
    BACKGROUND,
    CARD_FACE,
    EVENT_BAND,
    HEADER,
    HIGHLIGHT,
    INK,
    MUTED,
    RING,
    TEXT,
    card_back,
    coin_sprite,
    mini_card,
    piece_sprite,
    seat_name,
    word,
)

CARD_W, CARD_H = 168, 290
"""A card in the hand picture."""
BIG_W, BIG_H = 360, 500
"""A card looked up on its own (`/wc rules unit`)."""


def card_texts(code: str, locale: str) -> list[str]:
    """The sentences a card prints below its name: a unit's move, attack and ability, an event's effect."""
    if code in UNIT_CODES:
        return [t(f"castles.unit.{code}.{part}", locale) for part in ("move", "attack", "ability")]
    return [t(f"castles.event.{code}.effect", locale)]


@memo
def card_image(code: str, kind: str, cost: int, w: int, h: int, locale: str) -> Image.Image:
    """One card face up (RGBA, shared read-only)."""
    rtl = is_rtl(locale)
    m = Mirror(w, rtl)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=w // 12, fill=CARD_FACE, outline=INK, width=2)
    band_h = round(h * 0.17)
    band = RING[0] if kind == "unit" else EVENT_BAND
    d.rounded_rectangle((3, 3, w - 4, band_h), radius=w // 14, fill=band)
    big = w >= BIG_W
    title = round(h * 0.062)
    pad = round(w * 0.06)
    coin = round(band_h * 0.62)
    m.paste(img, coin_sprite(coin), (w - pad - coin, (band_h - coin) / 2 + 2))
    cx = m.x(w - pad - coin / 2)
    draw_text(d, (cx, band_h / 2 + 2), str(cost) if not rtl else word("cost_n", locale, n=cost), round(coin * 0.6),
              INK, bold=True, anchor="mm")  # fmt: skip
    m.text(d, (pad, band_h / 2 + 2), unit_name(code, locale), title, (255, 255, 255), bold=True, anchor="lm",
           max_width=w - 3 * pad - coin, min_size=9)  # fmt: skip
    y = band_h + round(h * 0.05)
    if kind == "unit":
        chip = round(h * (0.2 if big else 0.17))
        img.paste(piece_sprite(code, 0, chip), (round(w / 2 - chip / 2), y), piece_sprite(code, 0, chip))
        y += chip + round(h * 0.03)
        m.text(d, (pad, y), word("card.attack", locale, n=UNIT_BY_CODE[code].attack), round(title * 0.85), INK, bold=True,
               anchor="la", max_width=w - 2 * pad, min_size=8)  # fmt: skip
        y += round(title * 1.25)
    else:
        m.text(d, (pad, y), word("card.event", locale, card_code=f"\u2066{code}\u2069"), round(title * 0.85), INK,
               bold=True, anchor="la", max_width=w - 2 * pad, min_size=8)  # fmt: skip
        y += round(title * 1.4)
    size = round(h * 0.05) if big else max(9, round(w * 0.08))
    for sentence in card_texts(code, locale):
        for line in wrap(sentence, size, w - 2 * pad):
            if y + size > h - pad:
                break
            m.text(d, (pad, y), line, size, INK, anchor="la")
            y += round(size * 1.3)
        y += round(size * 0.4)
    return img


def _kind(code: str) -> str:
    return "unit" if code in UNIT_CODES else "event"


def unit_card(code: str, locale: str) -> Image.Image:
    """The card of unit or event ``code`` on its own, on the pictures' background."""
    img = Image.new("RGB", (BIG_W + 24, BIG_H + 24), BACKGROUND)
    card = card_image(code, _kind(code), card_cost(code), BIG_W, BIG_H, locale)
    img.paste(card, (12, 12), card)
    return img


def hand_picture(scene: Scene, names: Sequence[str] | None, locale: str) -> Image.Image:
    """A seat's private picture from its own view: its hand, its card face down, its drawn pieces, coins,
    bag and reserve. Draws nothing but what the seat's view holds."""
    if scene.seat is None or scene.hand is None:
        raise ValueError("a private picture needs a seat's own view, not a spectator's")
    seat = int(scene.seat)
    side = scene.sides[seat]
    cards: list[Card] = list(scene.hand)
    per_row = 4
    rows = max(1, (len(cards) + per_row - 1) // per_row)
    width, top, gap = 760, 70, 14
    info_h = 170
    height = top + rows * (CARD_H + gap) + info_h
    rtl = is_rtl(locale)
    m = Mirror(width, rtl)
    img = Image.new("RGB", (width, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, top - 8), fill=HEADER)
    token = 28
    m.paste(img, piece_sprite("", seat, token), (18, (top - 8) / 2 - token / 2))
    title = word("hand.title", locale, player=seat_name(seat, names, locale), n=len(cards))
    m.text(d, (58, (top - 8) / 2), title, 24, TEXT, bold=True, anchor="lm", max_width=width - 76, min_size=12)
    y = top
    if not cards:
        m.text(d, (24, y + 30), word("hand.empty", locale), 20, MUTED, anchor="lm")
    for n, card in enumerate(cards):
        row, col = divmod(n, per_row)
        face = card_image(card.code, card.kind, card.cost, CARD_W, CARD_H, locale)
        m.paste(img, face, (20 + col * (CARD_W + 20), y + row * (CARD_H + gap)))
    y += rows * (CARD_H + gap) + 8
    # the card face down, the drawn pieces, coins, bag and reserve
    small_w, small_h = 56, 80
    label = word("hand.down", locale)
    m.text(d, (24, y + small_h / 2), label, 18, MUTED, anchor="lm")
    x = 24 + 170.0
    own = side.shown or scene.own_down
    if own is not None:
        m.paste(img, mini_card(own, small_w, small_h, locale), (x, y))
    elif side.down:
        m.paste(img, card_back(small_w, small_h), (x, y))
    else:
        m.text(d, (x, y + small_h / 2), word("hand.none", locale), 18, MUTED, anchor="lm")
    x = 24 + 170.0 + small_w + 40
    x += m.text(d, (x, y + small_h / 2), word("strip.drawn", locale), 18, MUTED, anchor="lm") + 10
    chip = 44
    for code in side.drawn:
        m.paste(img, piece_sprite(code, seat, chip), (x, y + small_h / 2 - chip / 2))
        x += chip + 6
    if not side.drawn:
        m.text(d, (x, y + small_h / 2), word("hand.none", locale), 18, MUTED, anchor="lm")
    y += small_h + 12
    coin = 22
    m.paste(img, coin_sprite(coin), (24, y + 2))
    line = word("hand.counts", locale, coins=side.coins, bag=side.bag, deck=side.deck)
    m.text(d, (24 + coin + 8, y + coin / 2 + 2), line, 19, HIGHLIGHT, bold=True, anchor="lm",
           max_width=width - 60, min_size=11)  # fmt: skip
    y += 34
    reserve = word("hand.reserve", locale, units=_reserve_text(side.reserve, locale))
    m.text(d, (24, y + 10), reserve, 17, TEXT, anchor="lm", max_width=width - 48, min_size=10)
    return img


def _reserve_text(reserve: dict[str, int] | object, locale: str) -> str:
    counts = dict(reserve) if isinstance(reserve, dict) else {}
    parts = [
        word("hand.reserve_item", locale, card_code=f"\u2066{c}\u2069", n=counts[c])
        for c in UNIT_CODES
        if counts.get(c)
    ]
    return t("alt.list_separator", locale).join(parts) if parts else word("hand.none", locale)
