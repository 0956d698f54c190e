"""Unit card images for a rules lookup: emblem, coin count, tactic / attribute / restriction, in any locale
(mirrored in a right-to-left one: the sections' colour bars at the right, their text right-aligned)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from warchest_bot.games.warchest.engine import UNITS, lookup_unit
from warchest_bot.render.cache import memo
from warchest_bot.render.text import draw_text, text_width, wrap

from . import theme
from .coins import paste_coin
from .words import DEFAULT_LOCALE, Flow, pic, picture_locale, unit_text

CARD_W = 600
MARGIN = 34
TEXT_SIZE = 22
LINE_H = 30
SECTION_COLOURS = {
    "tactic": (38, 110, 214),
    "attribute": (46, 140, 80),
    "restriction": (196, 40, 46),
}


def unit_code(unit: int | str) -> str:
    """The code of a unit given by id, code or name (``ValueError`` if unknown)."""
    if isinstance(unit, int):
        if not 0 <= unit < len(UNITS):
            raise ValueError(f"no unit with id {unit}")
        return UNITS[unit].code
    u = lookup_unit(unit)
    if u is None:
        raise ValueError(f"unknown unit {unit!r}")
    return UNITS[u].code


def render_unit_card(unit: int | str, *, locale: str | None = DEFAULT_LOCALE) -> Image.Image:
    """The card of one unit (id 1..16, 0 = Royal Coin, or its code or name) in ``locale``, as a new RGB
    image."""
    return _card(unit_code(unit), picture_locale(locale)).copy()


@memo
def _card(code: str, locale: str) -> Image.Image:
    info = next(u for u in UNITS if u.code == code)
    f = Flow.of(CARD_W, locale)
    sections = []
    width = CARD_W - 2 * MARGIN - 18
    for key in ("tactic", "attribute", "restriction"):
        text = unit_text(code, key, locale)
        if text:
            sections.append((key, wrap(text, TEXT_SIZE, width)))
    coin_top = 108
    coin_d = 200
    body_top = coin_top + coin_d + 86
    height = body_top + sum(40 + LINE_H * len(lines) + 22 for _, lines in sections) + MARGIN

    img = Image.new("RGB", (CARD_W, height), theme.BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (6, 6, CARD_W - 7, height - 7), radius=22, fill=theme.HEX_FILL, outline=theme.PLATE_EDGE, width=4
    )
    d.rounded_rectangle((6, 6, CARD_W - 7, 84), radius=22, fill=theme.PLATE)
    d.rectangle((10, 60, CARD_W - 11, 84), fill=theme.PLATE)
    draw_text(
        d,
        (CARD_W / 2, 46),
        unit_text(code, "name", locale),
        34,
        theme.WHITE,
        bold=True,
        anchor="mm",
        max_width=CARD_W - 60,
    )
    paste_coin(img, code, None, coin_d, (CARD_W / 2, coin_top + coin_d / 2))

    # Coin count as little coins plus the number in words.
    n = info.coins
    y = coin_top + coin_d + 46
    label = pic("card.coins", locale, n=n) if n != 1 else pic("card.one_coin", locale)
    tw = text_width(label, 20, True)
    total = n * 26 + 12 + tw
    x = (CARD_W - total) / 2
    for i in range(n):
        paste_coin(img, code, None, 24, (f.x(x + 12 + i * 26), y))
    draw_text(d, (f.x(x + n * 26 + 12), y), label, 20, theme.INK, bold=True, anchor=f.anchor("lm"))

    y = body_top
    for key, lines in sections:
        colour = SECTION_COLOURS[key]
        block_h = 34 + LINE_H * len(lines)
        d.rounded_rectangle(
            (MARGIN - 8, y - 6, CARD_W - MARGIN + 8, y + block_h + 6), radius=10, fill=theme.NEUTRAL_FACE
        )
        d.rectangle(f.box(MARGIN - 8, y - 6, MARGIN - 2, y + block_h + 6), fill=colour)
        lm = f.anchor("lm")
        draw_text(d, (f.x(MARGIN + 10), y + 14), pic(f"card.{key}", locale), 20, colour, bold=True, anchor=lm)
        for i, line in enumerate(lines):
            draw_text(
                d, (f.x(MARGIN + 10), y + 34 + LINE_H * i + LINE_H / 2), line, TEXT_SIZE, theme.INK, anchor=lm
            )
        y += block_h + 22
    return img
