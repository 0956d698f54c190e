"""Nobility's Royal Decrees in the board picture: a strip under the side panels naming each decree dealt
and, on it, a seal in the colour of each side that has sealed it. Drawn only for a view with ``decrees``
(games with ``expansions=nobility``), so base games' pictures are unchanged."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from warchest_bot.i18n import t
from warchest_bot.render.text import draw_text, text_width

from . import theme
from .words import Flow

STRIP_H = 52


def decree_name(key: str, locale: str) -> str:
    return t(f"decree.wc.{key}.name", locale)


def with_decrees(img: Image.Image, view: Mapping, locale: str) -> Image.Image:
    """``img`` with the decree strip added at the bottom (``img`` itself when the view has no decrees)."""
    decrees = view.get("decrees")
    if not decrees or not decrees.get("dealt"):
        return img
    out = Image.new("RGB", (img.width, img.height + STRIP_H), theme.BACKGROUND)
    out.paste(img, (0, 0))
    d = ImageDraw.Draw(out)
    f = Flow.of(out.width, locale)
    cy = img.height + STRIP_H // 2 - 4
    x = 16.0
    x += draw_text(
        d, (f.x(x), cy), t("picture.wc.decrees", locale), 18, theme.TEXT, bold=True, anchor=f.anchor("lm")
    )
    x += 14
    sealed = decrees.get("sealed") or [[], []]
    for key in decrees["dealt"]:
        name = decree_name(key, locale)
        seals = [team for team in (0, 1) if key in sealed[team]]
        w = text_width(name, 16, True) + 24 + 22 * len(seals)
        d.rounded_rectangle(
            f.box(x, cy - 15, x + w, cy + 15), radius=15, fill=theme.HEADER, outline=theme.PANEL_EDGE, width=2
        )
        draw_text(d, (f.x(x + 12), cy), name, 16, theme.TEXT, bold=True, anchor=f.anchor("lm"))
        sx = x + 12 + text_width(name, 16, True) + 14
        for team in seals:
            d.ellipse(
                f.box(sx - 8, cy - 8, sx + 8, cy + 8), fill=theme.TEAM[team], outline=theme.INK, width=1
            )
            sx += 22
        x += w + 10
    return out
