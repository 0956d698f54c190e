"""The picture of a game review: the win chance over the game, with the costliest moves marked.

Drawn with Pillow in the bot's style (the dark panels, text colours and fonts of the board pictures; the
sides in their blue and orange, which both games use): the plot's area below the curve is side A's
(team 0's) chance and the area above it side B's, so the curve is where the two meet, 50% a dashed line.
Each marked move is a numbered disc in its mover's colour at the chance after it, with a thin yellow line
up (or down) to the chance the preferred move would have kept (a ring), and a line below the plot says
what it was. Persian (locale ``fa``) is laid out right to left, shaped by `warchest_bot.render.text`, with
Persian digits.

`marked_sentences` gives the same lines as text for the message the picture comes with.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from ..ai.review import MoveReview, Review
from ..i18n import direction, format_list, t
from .text import draw_text, persian_digits, wrap

RGB = tuple[int, int, int]

# The bot's colours (the dark theme the games' pictures share).
BACKGROUND: RGB = (32, 30, 28)
HEADER: RGB = (24, 22, 20)
PANEL: RGB = (50, 46, 42)
PANEL_EDGE: RGB = (76, 70, 63)
TEXT: RGB = (238, 232, 220)
MUTED: RGB = (170, 160, 144)
FAINT: RGB = (112, 104, 94)
WHITE: RGB = (255, 255, 255)
HIGHLIGHT: RGB = (255, 208, 0)
TEAM: tuple[RGB, RGB] = ((38, 110, 214), (236, 124, 20))
TEAM_DARK: tuple[RGB, RGB] = ((20, 58, 124), (156, 76, 8))
TEAM_TINT: tuple[RGB, RGB] = ((140, 176, 234), (250, 214, 176))

WIDTH = 1000
MARGIN = 28
AXIS = 56
"""Room for the percentage labels beside the plot."""
HEADER_H = 54
PLOT_H = 300
LINE = 16
"""Font size of the lines below the plot."""


def _digits(value: int | str, locale: str) -> str:
    text = str(value)
    return persian_digits(text) if locale == "fa" else text


def team_names(names: Sequence[str], teams: Sequence[int], locale: str) -> tuple[str, str]:
    """Each team's players as one name ("Ann", or "Ann and Cy" in 4 players)."""
    out = []
    for team in (0, 1):
        out.append(format_list([n for n, tm in zip(names, teams, strict=False) if tm == team], locale))
    return out[0], out[1]


def marked_sentences(review: Review, names: Sequence[str], locale: str) -> list[str]:
    """One line per marked move (in the order of their numbers): what was played, what it cost, the
    preferred move and why."""
    lines = []
    for move in review.marked:
        player = names[move.seat] if move.seat < len(names) else str(move.seat + 1)
        before, after = round(move.best_chance * 100), round(move.chance * 100)
        line = t(
            "bot.review.marked",
            locale,
            ply=_digits(move.ply + 1, locale),
            player=player,
            played=move.played,
            points=_digits(before - after, locale),
            before=_digits(before, locale),
            after=_digits(after, locale),
            best=move.best,
        )
        if move.reason:
            line += " " + t(move.reason, locale, **dict(move.params))
        lines.append(line)
    return lines


def render_review(
    review: Review, game_id: int, names: Sequence[str], teams: Sequence[int], locale: str = "en"
) -> Image.Image:
    """The review picture (see the module docstring); ``names`` and ``teams`` per seat."""
    rtl = direction(locale) == "rtl"
    sentences = marked_sentences(review, names, locale)
    text_w = WIDTH - 2 * MARGIN - 34
    wrapped = [wrap(s, LINE, text_w) for s in sentences]
    legend_h = sum(len(w) * (LINE + 8) + 8 for w in wrapped) + (16 if wrapped else 0)
    plot_top = HEADER_H + 22
    plot_bottom = plot_top + PLOT_H
    height = plot_bottom + 40 + legend_h + MARGIN
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = ImageDraw.Draw(img)

    # Header.
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER)
    title = t("review.picture.title", locale, game_id=_digits(game_id, locale))
    if rtl:
        draw_text(d, (WIDTH - MARGIN, HEADER_H / 2), title, 24, TEXT, bold=True, anchor="rm")
    else:
        draw_text(d, (MARGIN, HEADER_H / 2), title, 24, TEXT, bold=True, anchor="lm")

    # Plot frame: in right-to-left pictures the axis labels stand on the right and time runs right to left.
    left = MARGIN if rtl else MARGIN + AXIS
    right = WIDTH - MARGIN - AXIS if rtl else WIDTH - MARGIN
    plies = max(1, review.plies)

    def x_of(ply: float) -> float:
        share = min(1.0, max(0.0, ply / plies))
        return right - share * (right - left) if rtl else left + share * (right - left)

    def y_of(chance: float) -> float:
        return plot_bottom - chance * (plot_bottom - plot_top)

    curve = review.curve(0)
    if curve[-1][0] < review.plies:
        curve.append((review.plies, curve[-1][1]))
    points = [(x_of(p), y_of(c)) for p, c in curve]
    d.rectangle((left, plot_top, right, plot_bottom), fill=TEAM_DARK[1])
    d.polygon([(points[0][0], plot_bottom), *points, (points[-1][0], plot_bottom)], fill=TEAM_DARK[0])
    for share in (0.25, 0.75):
        d.line((left, y_of(share), right, y_of(share)), fill=PANEL_EDGE, width=1)
    x = left
    while x < right:  # the 50% line, dashed
        d.line((x, y_of(0.5), min(x + 8, right), y_of(0.5)), fill=FAINT, width=2)
        x += 14
    d.line(points, fill=TEXT, width=3, joint="curve")
    d.rectangle((left, plot_top, right, plot_bottom), outline=PANEL_EDGE, width=2)

    # Axis labels: chances beside the plot, plies below it.
    label_x = right + 8 if rtl else left - 8
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        label = _digits(f"{round(share * 100)}", locale) + ("٪" if locale == "fa" else "%")
        draw_text(d, (label_x, y_of(share)), label, 14, MUTED, anchor="lm" if rtl else "rm")
    step = next(s for s in (5, 10, 20, 25, 50, 100, 200, 500, 1000) if plies / s <= 10)
    for ply in range(0, plies + 1, step):
        draw_text(d, (x_of(ply), plot_bottom + 6), _digits(ply, locale), 13, MUTED, anchor="ma")
    caption_x = left if rtl else right
    caption = t("review.picture.axis", locale)
    draw_text(d, (caption_x, plot_bottom + 22), caption, 13, FAINT, anchor="la" if rtl else "ra")

    # Which side is which.
    first, second = team_names(names, teams, locale)
    side_x, side_anchor = (right - 10, "r") if rtl else (left + 10, "l")
    for label, colour, y, v in (
        (second, TEAM_TINT[1], plot_top + 8, "a"),
        (first, TEAM_TINT[0], plot_bottom - 8, "d"),
    ):
        draw_text(
            d, (side_x, y), label, 15, colour, bold=True, anchor=side_anchor + v, stroke=3, stroke_fill=HEADER
        )

    # The marked moves.
    for number, move in enumerate(review.marked, start=1):
        _mark(d, move, number, x_of(move.ply + 1), y_of, locale)

    # What each marked move was.
    y = plot_bottom + 48
    for number, (move, lines) in enumerate(zip(review.marked, wrapped, strict=True), start=1):
        badge_x = WIDTH - MARGIN - 12 if rtl else MARGIN + 12
        _badge(d, badge_x, y + LINE / 2 + 2, number, move.team, locale, radius=11)
        for line in lines:
            if rtl:
                draw_text(d, (WIDTH - MARGIN - 34, y), line, LINE, TEXT, anchor="ra")
            else:
                draw_text(d, (MARGIN + 34, y), line, LINE, TEXT, anchor="la")
            y += LINE + 8
        y += 8
    return img


def _badge(
    d: ImageDraw.ImageDraw, x: float, y: float, number: int, team: int, locale: str, radius: int = 12
) -> None:
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=TEAM[team % 2], outline=WHITE, width=2)
    draw_text(d, (x, y + 1), _digits(number, locale), radius + 3, WHITE, bold=True, anchor="mm")


def _mark(
    d: ImageDraw.ImageDraw,
    move: MoveReview,
    number: int,
    x: float,
    y_of: Callable[[float], float],
    locale: str,
) -> None:
    """A marked move: the disc at the chance after it, a line to the chance the preferred move kept."""
    after = move.chance_of(0)
    kept = move.best_chance if move.team == 0 else 1.0 - move.best_chance
    d.line((x, y_of(after), x, y_of(kept)), fill=HIGHLIGHT, width=2)
    r = 5
    d.ellipse((x - r, y_of(kept) - r, x + r, y_of(kept) + r), outline=HIGHLIGHT, width=2)
    _badge(d, x, y_of(after), number, move.team, locale)


def review_png(
    review: Review, game_id: int, names: Sequence[str], teams: Sequence[int], locale: str = "en"
) -> bytes:
    """`render_review` as PNG bytes (a module-level function of plain data: it runs in a render worker)."""
    img = render_review(review, game_id, names, teams, locale)
    out = io.BytesIO()
    img.quantize(128, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=False)
    return out.getvalue()


def review_alt_text(
    review: Review, game_id: int, names: Sequence[str], teams: Sequence[int], locale: str
) -> str:
    """What a screen reader reads for the picture (at most 1024 characters)."""
    first, second = team_names(names, teams, locale)
    text = t(
        "review.picture.alt" if review.marked else "review.picture.alt_none",
        locale,
        game_id=game_id,
        plies=review.plies,
        first=first,
        second=second,
        count=len(review.marked),
    )
    return text[:1024]


__all__ = ["marked_sentences", "render_review", "review_alt_text", "review_png", "team_names"]
