"""The standings as a picture: a table (rank, entrant, points, Buchholz cut-1, Sonneborn–Berger) in the
reader's language, laid out right to left in Persian; its alt text is `text.standings_text`.

    python -m warchest_bot.tournaments.picture out.png [--locale fa]

draws the standings of a sample event (16 entrants, 4 rounds, seeded random results): the picture in
docs/tournaments.md."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from PIL import Image, ImageDraw

from ..i18n import direction, t
from ..render.png import write_png
from ..render.text import draw_text, ellipsize
from .model import Outcome, Settings, Tournament
from .text import standings_cells, standings_text, standings_title

WIDTH = 640
MARGIN = 18
SIZE = 17
ROW = 28
PAPER = (250, 248, 240)
INK = (30, 30, 30)
FAINT = (120, 120, 120)
STRIPE = (238, 234, 222)
COLUMNS = (("rank", 48), ("entrant", 250), ("points", 80), ("buchholz", 112), ("sb", 114))
"""Each column's heading (``tournament.table.<name>``) and width in pixels."""


def standings_picture(model: Tournament, name: str, locale: str, *, knockout: bool = False) -> Image.Image:
    """The standings table with a title line (`text.standings_title`: ``knockout``, a knockout follows
    the Swiss)."""
    rows = model.standings()
    img = Image.new("RGB", (WIDTH, 2 * MARGIN + ROW * (len(rows) + 2)), PAPER)
    draw = ImageDraw.Draw(img)
    rtl = direction(locale) == "rtl"
    title = standings_title(model, name, locale, knockout=knockout)
    text_cell(draw, MARGIN, MARGIN, WIDTH - 2 * MARGIN, title, rtl, bold=True)
    cells = [[t(f"tournament.table.{col}", locale) for col, _ in COLUMNS], *standings_cells(model, locale)]
    for n, line in enumerate(cells):
        y = MARGIN + ROW * (n + 1)
        if n % 2 == 0 and n:
            draw.rectangle((MARGIN - 6, y - 4, WIDTH - MARGIN + 6, y + ROW - 6), fill=STRIPE)
        x = MARGIN
        for (_col, width), text in zip(COLUMNS, line, strict=True):
            left = WIDTH - x - width if rtl else x
            text_cell(draw, left, y, width - 8, text, rtl, bold=n == 0, ink=FAINT if n == 0 else INK)
            x += width
    return img


def text_cell(
    draw: ImageDraw.ImageDraw,
    left: float,
    y: float,
    width: int,
    text: str,
    rtl: bool,
    *,
    size: int = SIZE,
    bold: bool = False,
    ink: tuple[int, ...] = INK,
) -> None:
    """``text`` in the cell ``width`` wide from ``left`` (already mirrored for a right-to-left picture),
    cut with an ellipsis to fit, flush with the cell's start in the reading direction."""
    shown = ellipsize(text, size, width, bold=bold)
    x, anchor = (left + width, "ra") if rtl else (left, "la")
    draw_text(draw, (x, y), shown, size, ink, anchor=anchor, bold=bold)


def standings_png(model: Tournament, name: str, locale: str, *, knockout: bool = False) -> tuple[bytes, str]:
    """The picture as an 8-bit palette PNG and its alt text."""
    png = write_png(standings_picture(model, name, locale, knockout=knockout).quantize(colors=32))
    return png, standings_text(model, name, locale, knockout=knockout)


def sample_event(seed: int = 3) -> Tournament:
    """A finished 16-entrant, 4-round Swiss with seeded random results (for pictures and docs)."""
    rng = random.Random(seed)
    names = [
        "Arash", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hamid",
        "Iris", "Jamal", "Kian", "Leila", "Mina", "Nima", "Omid", "Parisa",
    ]  # fmt: skip
    ev = Tournament(Settings(rounds=4))
    for n, who in enumerate(names):
        ev.join(f"user:{n}", who, [n], rating=1800 - 25 * n + rng.randrange(40))
    ev.start()
    for _ in range(4):
        rnd = ev.pair_next_round()
        for g in rnd.games:
            if g.outcome is None:
                ev.record(
                    rnd.number, g.table, rng.choice((Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW))
                )
        ev.close_round()
    return ev


def main(argv: list[str] | None = None) -> None:
    """Write the sample event's standings picture."""
    parser = argparse.ArgumentParser(description="Draw a sample event's standings.")
    parser.add_argument("out", type=Path)
    parser.add_argument("--locale", default="en")
    args = parser.parse_args(argv)
    png, _alt = standings_png(sample_event(), "Winter Swiss", args.locale)
    args.out.write_bytes(png)


if __name__ == "__main__":
    main()
