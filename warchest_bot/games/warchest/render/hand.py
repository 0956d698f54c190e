"""The hand image: what one seat holds and knows, for that player's eyes only (sent by DM).

It shows the coins in hand (and a coin just drawn by the Warrior Priest), the contents of the seat's own
bag and discard piles, and one line per unit the seat commands. In a right-to-left locale the whole
image is laid out as the mirror image of the English one (``words.Flow``): title and coins from the right,
the bag and discards at the left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from warchest_bot.games.warchest.engine import UNITS
from warchest_bot.i18n import t
from warchest_bot.render.cache import memo
from warchest_bot.render.text import draw_text, wrap

from . import theme
from .coins import marker_sprite, paste, paste_coin
from .viewdata import code_of, count, per_unit, seat_name, unit_label
from .words import DEFAULT_LOCALE, Flow, num, pic, picture_locale, unit_text

WIDTH = 1000
TITLE_H = 72
HAND_TOP = TITLE_H + 16
HAND_H = 232
UNIT_ROW = 74
UNITS_TOP = HAND_TOP + HAND_H + 8
COIN = 112
_ORDER = {u.code: u.id for u in UNITS}


def _height(rows: int) -> int:
    return UNITS_TOP + 44 + rows * UNIT_ROW + 12


@memo
def _canvas(team: int, rows: int, locale: str) -> Image.Image:
    img = Image.new("RGB", (WIDTH, _height(rows)), theme.PANEL)
    d = ImageDraw.Draw(img)
    f = Flow.of(WIDTH, locale)
    d.rectangle((0, 0, WIDTH, TITLE_H), fill=theme.TEAM_DARK[team])
    d.rectangle((0, TITLE_H, WIDTH, TITLE_H + 3), fill=theme.TEAM[team])
    paste(img, marker_sprite(team, 36), (f.left(20, 36), (TITLE_H - 36) // 2))
    d.rounded_rectangle(f.box(500, HAND_TOP, WIDTH - 16, HAND_TOP + HAND_H - 8), radius=10, fill=theme.HEADER)
    d.line((20, UNITS_TOP, WIDTH - 20, UNITS_TOP), fill=theme.PANEL_EDGE, width=2)
    lm = f.anchor("lm")
    draw_text(d, (f.x(24), HAND_TOP + 14), pic("hand.in_hand", locale), 18, theme.MUTED, bold=True, anchor=lm)
    draw_text(d, (f.x(24), UNITS_TOP + 24), pic("hand.units", locale), 18, theme.MUTED, bold=True, anchor=lm)
    return img


def _zone_row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    x: int,
    y: int,
    title: str,
    zone: Mapping,
    team: int,
    f: Flow,
    locale: str,
) -> None:
    lm = f.anchor("lm")
    draw_text(d, (f.x(x), y), title, 17, theme.TEXT, bold=True, anchor=lm)
    cx: float = x
    items = sorted(per_unit(zone).items(), key=lambda kv: _ORDER.get(kv[0], 99))
    if not items:
        draw_text(d, (f.x(x), y + 30), pic("hand.nothing", locale), 16, theme.FAINT, anchor=lm)
        return
    for code, n in items:
        paste_coin(img, code, team, 34, (f.x(cx + 17), y + 31))
        cx += 38
        cx += (
            draw_text(
                d, (f.x(cx), y + 31), f"{f.mark}×{num(n, locale)}", 17, theme.TEXT, bold=True, anchor=lm
            )
            + 16
        )


def render_hand(
    view: Mapping, *, names: Sequence[str] | None = None, locale: str | None = DEFAULT_LOCALE
) -> Image.Image:
    """The hand image of ``view["viewer"]`` (a view from ``view_for(seat)``; a spectator has no hand), with
    the words of ``locale``."""
    seat = view.get("viewer")
    if seat is None:
        raise ValueError("a hand image needs a seat's view (view_for(seat)), not a spectator's")
    sd = view["seats"][seat]
    if not isinstance(sd.get("hand"), list):
        raise ValueError(f"this view does not show seat {seat}'s hand")
    loc = picture_locale(locale)
    f = Flow.of(WIDTH, loc)
    lm, rm = f.anchor("lm"), f.anchor("rm")
    team = seat % 2
    units = [code_of(u) for u in sd.get("units", ())]
    img = _canvas(team, len(units), loc).copy()
    d = ImageDraw.Draw(img)

    draw_text(
        d,
        (f.x(70), TITLE_H // 2),
        pic("hand.title", loc, player=seat_name(seat, names, loc)),
        26,
        theme.WHITE,
        bold=True,
        anchor=lm,
        max_width=WIDTH - 300,
        min_size=16,
    )
    draw_text(
        d,
        (f.x(WIDTH - 24), TITLE_H // 2),
        pic("hand.round", loc, n=view.get("round", 0)),
        20,
        theme.WHITE,
        anchor=rm,
    )

    # Coins in hand, then a coin the Warrior Priest drew (to be played at once).
    coins = [(code_of(c), False) for c in sd["hand"]]
    for p in view.get("pending") or ():
        if p.get("kind") == "priest" and p.get("seat") == seat and p.get("coin"):
            coins.append((code_of(p["coin"]), True))
    if not coins:
        draw_text(d, (f.x(24), HAND_TOP + 100), pic("hand.empty", loc), 20, theme.FAINT, anchor=lm)
    step = min(156, (470 - 24) // max(1, len(coins)))
    size = COIN if step >= 150 else max(64, step - 36)
    for i, (code, drawn) in enumerate(coins):
        cx = f.x(24 + step * i + step / 2)
        cy = HAND_TOP + 40 + size / 2
        if drawn:
            d.rounded_rectangle(
                (cx - step / 2 + 4, HAND_TOP + 30, cx + step / 2 - 4, HAND_TOP + HAND_H - 6),
                radius=10,
                outline=theme.HIGHLIGHT,
                width=3,
            )
        paste_coin(img, code, team, size, (cx, cy))
        label = unit_label(code, loc)
        draw_text(
            d,
            (cx, cy + size / 2 + 22),
            label,
            16,
            theme.TEXT,
            bold=True,
            anchor="mm",
            max_width=step - 8,
            min_size=14,
        )
        if drawn:
            for k, line in enumerate(wrap(pic("hand.priest", loc), 14, step - 14)[:2]):
                draw_text(
                    d,
                    (cx, cy + size / 2 + 43 + 17 * k),
                    line,
                    14,
                    theme.HIGHLIGHT,
                    anchor="mm",
                    max_width=step - 12,
                )

    x, y = 520, HAND_TOP + 26
    for key, zone in (
        ("hand.bag", "bag"),
        ("hand.discard_up", "discard_up"),
        ("hand.discard_down", "discard_down"),
    ):
        z = sd.get(zone) or {}
        _zone_row(img, d, x, y, pic(key, loc, n=count(z)), z if isinstance(z, Mapping) else {}, team, f, loc)
        y += 66

    supply = per_unit(sd.get("supply"))
    where: dict[str, list[str]] = {}
    for name, stack in (view.get("board") or {}).items():
        unit, height = stack if isinstance(stack, list) else (stack, 1)
        where.setdefault(code_of(unit), []).append(f"{name} ({num(height, loc)})" if height > 1 else name)
    y = UNITS_TOP + 44
    for code in units:
        cy = y + UNIT_ROW / 2
        paste_coin(img, code, team, 52, (f.x(50), cy))
        draw_text(d, (f.x(90), cy - 15), unit_label(code, loc), 19, theme.TEXT, bold=True, anchor=lm)
        draw_text(
            d,
            (f.x(90), cy + 14),
            unit_text(code, "short", loc),
            16,
            theme.MUTED,
            anchor=lm,
            max_width=WIDTH - 110,
            min_size=14,
        )
        spots = where.get(code)
        status = (
            pic("hand.on_board", loc, hexes=t("list.separator", loc).join(sorted(spots)))
            if spots
            else pic("hand.not_on_board", loc)
        )
        right = draw_text(
            d,
            (f.x(WIDTH - 24), cy - 15),
            pic("hand.supply", loc, n=supply.get(code, 0)),
            17,
            theme.TEXT,
            bold=True,
            anchor=rm,
        )
        draw_text(
            d,
            (f.x(WIDTH - 24 - right - 24), cy - 15),
            status,
            17,
            theme.HIGHLIGHT if spots else theme.FAINT,
            anchor=rm,
        )
        y += UNIT_ROW
    return img
