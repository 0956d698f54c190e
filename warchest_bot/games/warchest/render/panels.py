"""The side panels under the board: one box per side (team), one card per seat, public information only.

Each side's box has a band in the side's colour with its marker token and the control markers it still
holds; each seat's card lists its units (supply, face-up discard, eliminated) and its bag, hand and
face-down discard counts, and shows who is to play and who holds the initiative.

In a right-to-left locale the panels are mirrored (``words.Flow``): side A's box at the right, each card's
names at its right edge and its columns (supply, discard, lost) reading from right to left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from warchest_bot.games.warchest.engine import BOARDS
from warchest_bot.render.cache import memo
from warchest_bot.render.text import draw_text, text_width

from . import theme
from .coins import marker_sprite, paste, paste_coin
from .viewdata import code_of, count, per_unit, seat_name, unit_label
from .words import Flow, num, pic

BAND_H = 46
CARD_HEAD = 40
COL_HEAD = 24
ROW_H = 42
FOOT_H = 38
PAD = 10
GAP = 16


@dataclass(frozen=True)
class PanelMetrics:
    players: int
    width: int
    rows: int

    @property
    def card_h(self) -> int:
        return PAD + CARD_HEAD + COL_HEAD + self.rows * ROW_H + FOOT_H

    @property
    def height(self) -> int:
        return BAND_H + PAD + self.card_h + PAD

    @property
    def group_w(self) -> int:
        return (self.width - 3 * GAP) // 2

    @property
    def card_w(self) -> int:
        per = self.players // 2
        return (self.group_w - (per + 1) * PAD) // per

    @property
    def col_w(self) -> int:
        return 74 if self.card_w >= 420 else 54 if self.card_w >= 320 else 44


def metrics(players: int, width: int) -> PanelMetrics:
    return PanelMetrics(players, width, 4 if players == 2 else 3)


def group_box(m: PanelMetrics, team: int) -> tuple[int, int, int, int]:
    x = GAP + team * (m.group_w + GAP)
    return (x, 0, x + m.group_w, m.height)


def card_box(m: PanelMetrics, team: int, k: int) -> tuple[int, int, int, int]:
    gx = group_box(m, team)[0]
    x = gx + PAD + k * (m.card_w + PAD)
    y = BAND_H + PAD
    return (x, y, x + m.card_w, y + m.card_h)


def draw_frames(img: Image.Image, top: int, m: PanelMetrics, locale: str) -> None:
    """The static parts: side boxes, bands, seat cards, column headings."""
    d = ImageDraw.Draw(img)
    f = Flow.of(img.width, locale)
    for team in (0, 1):
        x0, y0, x1, y1 = group_box(m, team)
        d.rounded_rectangle(
            f.box(x0, top + y0, x1, top + y1), radius=12, fill=theme.PANEL, outline=theme.TEAM[team], width=2
        )
        d.rounded_rectangle(f.box(x0, top + y0, x1, top + BAND_H), radius=12, fill=theme.TEAM_DARK[team])
        d.rectangle(f.box(x0 + 2, top + BAND_H - 12, x1 - 2, top + BAND_H), fill=theme.TEAM_DARK[team])
        paste(img, marker_sprite(team, 30), (f.left(x0 + 12, 30), top + (BAND_H - 30) // 2))
        draw_text(
            d,
            (f.x(x0 + 52), top + BAND_H // 2),
            pic(f"side.{team}", locale),
            21,
            theme.WHITE,
            bold=True,
            anchor=f.anchor("lm"),
        )
        for k in range(m.players // 2):
            cx0, cy0, cx1, cy1 = card_box(m, team, k)
            d.rounded_rectangle(
                f.box(cx0, top + cy0, cx1, top + cy1), radius=8, fill=theme.HEADER, outline=theme.PANEL_EDGE
            )
            hy = top + cy0 + PAD + CARD_HEAD + COL_HEAD // 2
            for i, key in enumerate(("panel.col_supply", "panel.col_discard", "panel.col_eliminated")):
                colx = cx1 - 8 - (2 - i) * m.col_w - m.col_w / 2
                draw_text(
                    d,
                    (f.x(colx), hy),
                    pic(key, locale),
                    14,
                    theme.MUTED,
                    anchor="mm",
                    max_width=m.col_w - 2,
                    min_size=11,
                )


@memo
def _marker_row(team: int, tok: int, total: int, left: int, rtl: bool = False) -> Image.Image:
    """A side's control markers in a row: the ``left`` still to place, then empty slots (from the right
    when ``rtl``)."""
    row = Image.new("RGBA", (total * (tok + 4) - 4, tok), (0, 0, 0, 0))
    for i in range(total):
        sprite = marker_sprite(team, tok, i >= left)
        row.alpha_composite(sprite, ((total - 1 - i if rtl else i) * (tok + 4), 0))
    return row


def _pill(
    d: ImageDraw.ImageDraw, f: Flow, right: float, cy: float, text: str, fill, ink, outline=None
) -> float:
    """A rounded label ending at ``right`` (as laid out left to right); returns its left edge."""
    w = text_width(text, 15, True) + 20
    d.rounded_rectangle(
        f.box(right - w, cy - 13, right, cy + 13), radius=13, fill=fill, outline=outline, width=2
    )
    draw_text(d, (f.x(right - w / 2), cy), text, 15, ink, bold=True, anchor="mm")
    return right - w


def draw_panels(
    img: Image.Image, top: int, m: PanelMetrics, view: Mapping, names: Sequence[str] | None, locale: str
) -> None:
    """The dynamic parts: markers left, names, turn and initiative, the per-unit table and counts."""
    d = ImageDraw.Draw(img)
    f = Flow.of(img.width, locale)
    players = m.players
    total = BOARDS[players].markers_per_team
    left = view.get("markers_left") or [total, total]
    for team in (0, 1):
        x0, _, x1, _ = group_box(m, team)
        tok = 20
        n = left[team]
        x = x1 - 12 - total * (tok + 4)
        row = _marker_row(team, tok, total, n, f.rtl)
        paste(img, row, (f.left(x, row.width), top + (BAND_H - tok) // 2))
        # Between the side's name (drawn with the frames) and the tokens; shrinks on a narrow board.
        free = x - 10 - (x0 + 52 + text_width(pic(f"side.{team}", locale), 21, True) + 12)
        draw_text(
            d,
            (f.x(x - 10), top + BAND_H // 2),
            pic("panel.markers", locale, n=n),
            16,
            theme.WHITE,
            bold=True,
            anchor=f.anchor("rm"),
            max_width=free,
        )
    to_act = view.get("to_act")
    init = (view.get("initiative") or {}).get("seat")
    viewer = view.get("viewer")
    for seat, sd in enumerate(view["seats"]):
        team = seat % 2
        cx0, cy0, cx1, cy1 = card_box(m, team, seat // 2)
        cy0 += top
        cy1 += top
        if seat == to_act:
            d.rounded_rectangle(
                f.box(cx0 - 1, cy0 - 1, cx1 + 1, cy1 + 1), radius=9, outline=theme.HIGHLIGHT, width=3
            )
        hy = cy0 + PAD + CARD_HEAD // 2 - 4
        right: float = cx1 - 10
        if seat == to_act:
            right = _pill(d, f, right, hy, pic("panel.to_play", locale), theme.HIGHLIGHT, theme.INK) - 6
        if seat == init:
            right = _pill(d, f, right, hy, pic("panel.initiative", locale), theme.ROYAL_FACE, theme.INK) - 6
        if viewer is not None and seat == viewer:
            right = _pill(d, f, right, hy, pic("you", locale), theme.HEADER, theme.TEXT, theme.TEXT) - 6
        draw_text(
            d,
            (f.x(cx0 + 12), hy),
            seat_name(seat, names, locale),
            19,
            theme.TEXT,
            bold=True,
            anchor=f.anchor("lm"),
            max_width=right - cx0 - 18,
            min_size=14,
        )
        supply, up, lost = (
            per_unit(sd.get("supply")),
            per_unit(sd.get("discard_up")),
            per_unit(sd.get("eliminated")),
        )
        y = cy0 + PAD + CARD_HEAD + COL_HEAD
        name_right = cx1 - 8 - 3 * m.col_w
        for unit in sd.get("units", ())[: m.rows]:
            c = code_of(unit)
            ry = y + ROW_H / 2
            paste_coin(img, c, team, 34, (f.x(cx0 + 12 + 17), ry))
            draw_text(
                d,
                (f.x(cx0 + 54), ry),
                unit_label(c, locale),
                16,
                theme.TEXT,
                anchor=f.anchor("lm"),
                max_width=name_right - cx0 - 56,
                min_size=14,
            )
            for i, n in enumerate((supply.get(c, 0), up.get(c, 0), lost.get(c, 0))):
                colx = cx1 - 8 - (2 - i) * m.col_w - m.col_w / 2
                draw_text(
                    d,
                    (f.x(colx), ry),
                    num(n, locale),
                    19,
                    theme.TEXT if n else theme.FAINT,
                    bold=bool(n),
                    anchor="mm",
                )
            y += ROW_H
        fy = cy1 - FOOT_H / 2 - 2
        d.line(f.box(cx0 + 10, cy1 - FOOT_H, cx1 - 10, cy1 - FOOT_H), fill=theme.PANEL_EDGE, width=1)
        foot_x: float = cx0 + 12
        for key, zone in (("panel.bag", "bag"), ("panel.hand", "hand"), ("panel.face_down", "discard_down")):
            text = pic(key, locale, n=count(sd.get(zone)))
            foot_x += draw_text(d, (f.x(foot_x), fy), text, 16, theme.TEXT, anchor=f.anchor("lm")) + 18
        if up.get("RC"):
            paste_coin(img, "RC", team, 24, (f.x(foot_x + 12), fy))
            draw_text(
                d,
                (f.x(foot_x + 28), fy),
                pic("panel.royal_up", locale),
                15,
                theme.MUTED,
                anchor=f.anchor("lm"),
                max_width=cx1 - foot_x - 36,
            )
