"""The board image: a status header, the board with stacks, control and the last action, and side panels.

Only public information is drawn (counts for bags, hands and face-down discards, whoever the view was made
for), so the image can be posted in the channel. The static parts are cached; each call copies them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from warchest_bot.games.warchest.engine import BOARDS, HEX_NAMES, NAME_INDEX
from warchest_bot.i18n import has_message
from warchest_bot.render.cache import memo
from warchest_bot.render.text import draw_text

from . import theme
from .coins import SS, marker_sprite, paste, paste_coin
from .decrees import with_decrees
from .emblems import emblem_mask
from .forts import draw_forts
from .lastaction import last_line
from .layout import (
    BoardGeometry,
    board_geometry,
    board_layer,
    control_overlay,
    draw_label,
    hex_outline,
    label_box,
    label_xy,
)
from .panels import PanelMetrics, draw_frames, draw_panels, metrics
from .viewdata import code_of, num_players, owners, seat_name, unit_label
from .words import DEFAULT_LOCALE, Flow, pic, picture_locale

HEADER_H = 88
GAP = 10

ATTACKING_TACTICS = frozenset({"Archer", "Crossbowman", "Marshall"})


@dataclass(frozen=True)
class BoardImageLayout:
    players: int
    width: int
    hex_size: int
    board_x: int
    board_y: int
    panel_y: int
    height: int
    panels: PanelMetrics | None
    """The side panels' metrics; None for a replay frame, which has none."""

    @property
    def geometry(self) -> BoardGeometry:
        return board_geometry(self.players, self.hex_size)


@memo
def image_layout(players: int) -> BoardImageLayout:
    width, size = (860, 68) if players == 2 else (1280, 70)
    geo = board_geometry(players, size)
    m = metrics(players, width)
    board_y = HEADER_H
    panel_y = board_y + geo.height + GAP
    return BoardImageLayout(
        players, width, size, (width - geo.width) // 2, board_y, panel_y, panel_y + m.height + GAP, m
    )


def hex_center(players: int, hex_name: str) -> tuple[int, int]:
    """Pixel centre of a hex in the board image (for tests and tools)."""
    lay = image_layout(players)
    x, y = lay.geometry.hex_xy(NAME_INDEX[hex_name])
    return (round(lay.board_x + x), round(lay.board_y + y))


def label_center(players: int, hex_name: str, top: bool) -> tuple[int, int]:
    """Pixel centre of a hex's name in the board image: above the coin (``top``: where a unit stands or
    the last action passed) or in the middle of an empty hex."""
    lay = image_layout(players)
    x, y = label_xy(lay.geometry, NAME_INDEX[hex_name], top)
    return (round(lay.board_x + x), round(lay.board_y + y))


def coin_center(players: int, hex_name: str) -> tuple[int, int]:
    """Pixel centre of the coin standing on a hex in the board image."""
    lay = image_layout(players)
    x, y = lay.geometry.coin_xy(NAME_INDEX[hex_name])
    return (round(lay.board_x + x), round(lay.board_y + y))


@memo
def _canvas(players: int, locale: str) -> Image.Image:
    """Background, header bar, board and panel frames: everything that never changes (per locale: the
    panels' headings are words)."""
    lay = image_layout(players)
    img = Image.new("RGB", (lay.width, lay.height), theme.BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.width, HEADER_H - 6), fill=theme.HEADER)
    img.paste(board_layer(players, lay.hex_size), (lay.board_x, lay.board_y))
    if lay.panels is not None:
        draw_frames(img, lay.panel_y, lay.panels, locale)
    return img


# ------------------------------------------------------------------------------------ highlights
def highlight_plan(last: Mapping | None) -> tuple[list[tuple[str, str]], list[tuple[str, str, str]]]:
    """What to mark for the previous action: ``([(hex, 'from'|'to'|'target'|'place'|'control')],
    [(from_hex, to_hex, 'move'|'attack')])``."""
    if not last:
        return [], []
    kind, hexes, coin = last.get("kind"), list(last.get("hexes") or ()), last.get("coin")
    marks: list[tuple[str, str]] = []
    arrows: list[tuple[str, str, str]] = []

    def move(a: str, b: str) -> None:
        marks.extend([(a, "from"), (b, "to")])
        arrows.append((a, b, "move"))

    def attack(a: str, b: str) -> None:
        marks.append((b, "target"))
        arrows.append((a, b, "attack"))

    if kind in ("deploy", "bolster") and hexes:
        marks.append((hexes[0], "place"))
    elif kind == "control" and hexes:
        marks.append((hexes[0], "control"))
    elif kind == "move" and len(hexes) >= 2:
        move(hexes[0], hexes[-1])
    elif kind == "attack" and len(hexes) >= 2:
        marks.append((hexes[0], "from"))
        attack(hexes[0], hexes[-1])
    elif kind == "tactic":
        # Cavalry and Lancer: (from, to, target); any other three-hex tactic is read the same way.
        if len(hexes) == 3:
            move(hexes[0], hexes[1])
            attack(hexes[1], hexes[2])
        elif len(hexes) == 2 and coin in ATTACKING_TACTICS:
            marks.append((hexes[0], "from"))
            attack(hexes[0], hexes[1])
        elif len(hexes) == 2:
            move(hexes[0], hexes[1])
    return marks, arrows


_MARK_STYLE = {
    "from": (theme.HIGHLIGHT, 0.045),
    "to": (theme.HIGHLIGHT, 0.09),
    "place": (theme.HIGHLIGHT, 0.09),
    "control": (theme.HIGHLIGHT, 0.09),
    "target": (theme.ATTACK, 0.10),
}


def draw_arrow(
    img: Image.Image,
    p0: tuple[float, float],
    p1: tuple[float, float],
    colour: tuple,
    width: float,
    gap0: float,
    gap1: float,
) -> None:
    """An arrow from ``p0`` to ``p1`` (shortened by ``gap0`` / ``gap1``), dark-edged, antialiased."""
    (x0, y0), (x1, y1) = p0, p1
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= gap0 + gap1 + 4:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    sx, sy = x0 + ux * gap0, y0 + uy * gap0
    ex, ey = x1 - ux * gap1, y1 - uy * gap1
    head = width * 2.6
    hw = width * 1.6
    nx, ny = -uy, ux
    bx, by = ex - ux * head, ey - uy * head
    w2 = width / 2
    pts = [
        (sx + nx * w2, sy + ny * w2),
        (bx + nx * w2, by + ny * w2),
        (bx + nx * hw, by + ny * hw),
        (ex, ey),
        (bx - nx * hw, by - ny * hw),
        (bx - nx * w2, by - ny * w2),
        (sx - nx * w2, sy - ny * w2),
    ]
    pad = 6
    left = math.floor(min(p[0] for p in pts)) - pad
    topy = math.floor(min(p[1] for p in pts)) - pad
    right = math.ceil(max(p[0] for p in pts)) + pad
    bottom = math.ceil(max(p[1] for p in pts)) + pad
    w, h = right - left, bottom - topy
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    spts = [((px - left) * SS, (py - topy) * SS) for px, py in pts]
    d.polygon(spts, fill=colour + (255,), outline=theme.INK + (255,), width=round(2 * SS))
    sprite = big.resize((w, h), Image.Resampling.BOX)
    img.paste(sprite, (left, topy), sprite)


@memo
def _badge(kind: str, size: int) -> Image.Image:
    """The corner badge of an attacked hex (crosshair) or a location just taken (flag)."""
    d = round(size * (0.62 if kind == "target-big" else 0.46))
    big = Image.new("RGBA", (d * SS, d * SS), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    b = (SS, SS, (d - 1) * SS, (d - 1) * SS)
    c = d * SS / 2
    if kind.startswith("target"):
        dr.ellipse(b, fill=theme.WHITE + (255,), outline=theme.ATTACK_EDGE + (255,), width=SS)
        r = d * SS * 0.34
        dr.ellipse((c - r, c - r, c + r, c + r), outline=theme.ATTACK + (255,), width=round(d * SS * 0.1))
        lw = round(d * SS * 0.09)
        for dx, dy in ((1, 0), (0, 1)):
            dr.line(
                (c - dx * c * 0.9, c - dy * c * 0.9, c + dx * c * 0.9, c + dy * c * 0.9),
                fill=theme.ATTACK + (255,),
                width=lw,
            )
        dr.ellipse((c - lw, c - lw, c + lw, c + lw), fill=theme.ATTACK + (255,))
        return big.resize((d, d), Image.Resampling.BOX)
    dr.ellipse(b, fill=theme.HIGHLIGHT + (255,), outline=theme.HIGHLIGHT_EDGE + (255,), width=SS)
    img = big.resize((d, d), Image.Resampling.BOX)
    e = round(d * 0.66)
    img.paste(theme.INK + (255,), ((d - e) // 2 + 1, (d - e) // 2), emblem_mask("En", e))
    return img


def _draw_last_action(
    img: Image.Image, lay: BoardImageLayout, last: Mapping | None, occupied: set[str]
) -> tuple[list[tuple[str, float, float]], set[str], set[str]]:
    """Hex borders and arrows; returns the badges to draw over the coins, the hexes whose names the
    highlights or arrows cross (redrawn on top with a halo) and the hexes whose name goes above the
    middle (the middle holds an arrow's end or a badge)."""
    geo = lay.geometry
    marks, arrows = highlight_plan(last)
    ox, oy = lay.board_x, lay.board_y
    on_board = _board_names(lay.players)
    badges = []
    touched: set[str] = set()
    raised: set[str] = set()
    for name, kind in sorted(marks, key=lambda m: m[1] == "target"):
        if name not in on_board:
            continue
        colour, width = _MARK_STYLE[kind]
        sprite, cx, cy = hex_outline(lay.hex_size, colour, width)
        x, y = geo.hex_xy(NAME_INDEX[name])
        img.paste(sprite, (round(ox + x) - cx, round(oy + y) - cy), sprite)
        touched.add(name)
        raised.add(name)
        if kind == "target" and name not in occupied:
            # The unit was eliminated: mark where it stood.
            cx2, cy2 = geo.coin_xy(NAME_INDEX[name])
            badges.append(("target-big", ox + cx2, oy + cy2))
        elif kind in ("target", "control"):
            badges.append((kind, ox + x + 0.5 * lay.hex_size, oy + y - 0.42 * lay.hex_size))
    coin_r = geo.coin_diameter / 2
    for a, b, kind in arrows:
        if a not in on_board or b not in on_board:
            continue
        ax, ay = geo.coin_xy(NAME_INDEX[a])
        bx, by = geo.coin_xy(NAME_INDEX[b])
        gap0 = coin_r + 2 if a in occupied else lay.hex_size * 0.12
        gap1 = coin_r + 3 if b in occupied else lay.hex_size * (0.34 if kind == "attack" else 0.30)
        colour = theme.ATTACK if kind == "attack" else theme.HIGHLIGHT
        draw_arrow(img, (ox + ax, oy + ay), (ox + bx, oy + by), colour, lay.hex_size * 0.13, gap0, gap1)
        for name in on_board:
            h = NAME_INDEX[name]
            top = name in occupied or name in raised
            lx, ly = label_xy(geo, h, top)
            if _segment_distance((lx, ly), (ax, ay), (bx, by)) < 0.3 * lay.hex_size:
                touched.add(name)
    return badges, touched, raised


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


@memo
def _board_names(players: int) -> frozenset[str]:
    return frozenset(HEX_NAMES[h] for h in BOARDS[players].hexes)


@memo
def _location_names(players: int) -> frozenset[str]:
    return frozenset(HEX_NAMES[h] for h in BOARDS[players].locations)


# ----------------------------------------------------------------------------------------- header
def status_text(
    view: Mapping, names: Sequence[str] | None, locale: str = DEFAULT_LOCALE
) -> tuple[str, int | None]:
    """The header's main line and the side it concerns (for the token drawn before it)."""
    result = view.get("result")
    if result is not None:
        w = result.get("winner")
        if w is None:
            return pic("status.draw_rounds", locale), None
        key = "status.win" if result.get("reason") == "markers" else "status.win_rounds"
        return pic(key, locale, side=pic(f"side.{w}", locale)), w
    seat = view.get("to_act")
    if seat is None:
        return pic("status.setup", locale), None
    player = seat_name(seat, names, locale)
    if view.get("phase") == "draft":
        return pic("status.draft", locale, player=player), seat % 2
    pending = view.get("pending") or []
    if pending:
        kind = pending[-1].get("kind", "")
        what = pic(f"pending.{kind}", locale) if has_message(f"picture.wc.pending.{kind}") else kind
        return pic("status.decides", locale, player=player, what=what), seat % 2
    return pic("status.to_play", locale, player=player), seat % 2


def last_action_text(
    last: Mapping | None,
    names: Sequence[str] | None,
    view: Mapping | None = None,
    locale: str = DEFAULT_LOCALE,
) -> str | None:
    """The header's second line: the last action in words ("Last: Ann's Knight attacked f5: Bob's Archer
    lost a coin"), or None. ``view`` (after the action) names the unit of a follow-up without a coin."""
    return last_line(last, view, names, locale)


def draw_header(
    img: Image.Image,
    width: int,
    view: Mapping,
    last: Mapping | None,
    names: Sequence[str] | None,
    locale: str = DEFAULT_LOCALE,
) -> None:
    """The round, whose turn (or the result) after the side's token, and the last action below; from the
    right edge in a right-to-left locale."""
    d = ImageDraw.Draw(img)
    f = Flow.of(width, locale)
    x: float = 18
    if view.get("phase") != "draft":
        x += draw_text(
            d,
            (f.x(x), 30),
            pic("status.round", locale, n=view.get("round", 0)),
            26,
            theme.HIGHLIGHT,
            bold=True,
            anchor=f.anchor("lm"),
        )
        x += 16
        d.line((f.x(x), 16, f.x(x), 44), fill=theme.FAINT, width=2)
        x += 16
    text, team = status_text(view, names, locale)
    if team is not None:
        paste(img, marker_sprite(team, 28), (f.left(x, 28), 16))
        x += 38
    draw_text(
        d,
        (f.x(x), 30),
        text,
        26,
        theme.TEXT,
        bold=True,
        anchor=f.anchor("lm"),
        max_width=width - x - 18,
        min_size=16,
    )
    line2 = last_action_text(last, names, view, locale)
    if line2:
        draw_text(
            d, (f.x(18), 66), line2, 22, theme.TEXT, anchor=f.anchor("lm"), max_width=width - 36, min_size=15
        )


def draw_draft_pool(
    img: Image.Image, lay: BoardImageLayout, view: Mapping, locale: str = DEFAULT_LOCALE
) -> None:
    """During the draft the board is empty: show the units still to pick in its middle."""
    pool = [code_of(u) for u in (view.get("draft") or {}).get("pool", ())]
    if not pool:
        return
    per_row = 6
    rows = (len(pool) + per_row - 1) // per_row
    cell_w, cell_h, coin = 112, 118, 72
    w = min(len(pool), per_row) * cell_w + 40
    h = rows * cell_h + 70
    geo = lay.geometry
    cx, cy = lay.board_x + geo.ox, lay.board_y + geo.oy
    x0, y0 = cx - w / 2, cy - h / 2
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (x0, y0, x0 + w, y0 + h), radius=16, fill=theme.PANEL, outline=theme.HIGHLIGHT, width=3
    )
    draw_text(d, (cx, y0 + 30), pic("status.draft_pool", locale), 22, theme.HIGHLIGHT, bold=True, anchor="mm")
    rtl = Flow.of(0, locale).rtl
    for i, code in enumerate(pool):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(pool) - row * per_row)
        px = cx - in_row * cell_w / 2 + (col + 0.5) * cell_w
        if rtl:  # the pool reads from the right
            px = 2 * cx - px
        py = y0 + 58 + row * cell_h + coin / 2
        paste_coin(img, code, None, coin, (px, py))
        draw_text(
            d,
            (px, py + coin / 2 + 18),
            unit_label(code, locale),
            15,
            theme.TEXT,
            anchor="mm",
            max_width=cell_w - 6,
            min_size=14,
        )


# ------------------------------------------------------------------------------------------ board
def draw_board(img: Image.Image, lay: BoardImageLayout, view: Mapping, last: Mapping | None) -> None:
    """Control, last-action highlights, hex names and stacks onto ``img`` at the layout's board position
    (``img`` holds the static board with every name in its hex's middle: :func:`board_layer`)."""
    geo = lay.geometry
    ox, oy = lay.board_x, lay.board_y
    names_on_board = _board_names(lay.players)
    board = view.get("board") or {}
    occupied = set(board)
    control = {n: t for n, t in (view.get("control") or {}).items() if n in names_on_board and t in (0, 1)}
    raised = {name for name, _ in highlight_plan(last)[0] if name in names_on_board}
    # An empty hex that the last action marks carries its name above the middle (where an arrow ends
    # or a badge stands): take the static name away first.
    blank = board_layer(lay.players, lay.hex_size, False)
    for name in raised - occupied - set(control):
        box = label_box(geo, NAME_INDEX[name])
        img.paste(blank.crop(box), (box[0] + ox, box[1] + oy))
    for name, team in control.items():
        sprite, cx, cy = control_overlay(team, lay.hex_size)
        x, y = geo.hex_xy(NAME_INDEX[name])
        img.paste(sprite, (round(ox + x) - cx, round(oy + y) - cy), sprite)
    draw_forts(img, geo, (ox, oy), view, names_on_board)
    badges, touched, raised = _draw_last_action(img, lay, last, occupied)
    # Names are drawn after the highlights and arrows so that none hides them; an empty, quiet hex keeps
    # the static one.
    d = ImageDraw.Draw(img)
    shifted = BoardGeometry(geo.players, geo.size, geo.width, geo.height, geo.ox + ox, geo.oy + oy)
    locations = _location_names(lay.players)
    for name in occupied | raised | set(control) | touched:
        if name not in names_on_board:
            continue
        top = name in occupied or name in raised
        # Above a coin on a location the name meets the location's ring: the halo keeps them apart.
        halo = name in touched or (top and name in locations)
        draw_label(d, shifted, NAME_INDEX[name], halo=halo, top=top)
    own = owners(view)
    dia = geo.coin_diameter
    for name in sorted(board, key=lambda n: (geo.coin_xy(NAME_INDEX[n])[1], n)):
        if name not in names_on_board:
            continue
        unit, height = board[name] if isinstance(board[name], list) else (board[name], 1)
        code = code_of(unit)
        team = own.get(code, 0) % 2
        x, y = geo.coin_xy(NAME_INDEX[name])
        paste_coin(img, code, team, dia, (ox + x, oy + y), int(height))
    for kind, x, y in badges:
        sprite = _badge(kind, lay.hex_size)
        paste(img, sprite, (x - sprite.width / 2, y - sprite.height / 2))


def render_board(
    view: Mapping,
    last_action: Mapping | None = None,
    *,
    names: Sequence[str] | None = None,
    locale: str | None = DEFAULT_LOCALE,
) -> Image.Image:
    """The board image (RGB) for a view from :meth:`GameState.view_for` (any seat or a spectator).

    ``last_action`` is ``action_to_json(action, seat, public=True)`` of the previous action, highlighted
    on the board and named in the header; ``names`` are display names per seat (default "Player n").
    Only public information is drawn. Words come from the catalogue in ``locale``; in a right-to-left
    locale the header and the panels are laid out from the right (the hex board stays as it is).
    """
    loc = picture_locale(locale)
    players = num_players(view)
    lay = image_layout(players)
    img = _canvas(players, loc).copy()
    draw_header(img, lay.width, view, last_action, names, loc)
    draw_board(img, lay, view, last_action)
    if view.get("phase") == "draft":
        draw_draft_pool(img, lay, view, loc)
    if lay.panels is not None:
        draw_panels(img, lay.panel_y, lay.panels, view, names, loc)
    return with_decrees(img, view, loc)
