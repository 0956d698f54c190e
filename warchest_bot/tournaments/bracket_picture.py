"""The knockout after a Swiss as a picture: one column per round (quarter-finals, semi-finals, final) and
one for the winner, each match a box with its two seeds (each seed's number in a cell of its own before
the name, on the right in Persian), the one who went through in bold on a stripe,
the game being played under a match still open, and lines joining each match to the one its winner plays
next; rounds not paired yet show empty places. In the reader's language, laid out right to left in
Persian (the first round on the right, as the standings picture mirrors its table); its alt text is
`bracket.bracket_text` without Discord's bold marks.

    python -m warchest_bot.tournaments.bracket_picture out.png [--locale fa]

draws the bracket of a sample event (the top 8 of the standings picture's sample Swiss, the quarter-finals
and one semi-final decided)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

from PIL import Image, ImageDraw

from ..i18n import direction, t
from ..render.png import write_png
from ..render.text import text_width
from .bracket import bracket_text
from .knockout import DrawRule, Knockout, Match
from .model import Outcome, Tournament
from .picture import FAINT, INK, PAPER, sample_event, text_cell

MARGIN = 18
SIZE = 16
LINE = 26
"""The height of one seed's row in a match's box."""
BOX = 2 * LINE
COLUMN = 210
"""A round's column width (its boxes)."""
GAP = 34
"""The room between two columns, for the joining lines."""
SPACE = 30
"""The room under a first-round box (for the game being played, and between boxes)."""
HEAD = 2 * LINE + 8
"""The title and the round names above the boxes."""
STRIPE = (226, 236, 214)
FRAME = (170, 166, 150)

_STAGES = {1: "web.knockout.final", 2: "web.knockout.semi_finals", 4: "web.knockout.quarter_finals"}


def picture_size(ko: Knockout) -> tuple[int, int]:
    """The picture's width and height: a column per round and one for the winner; a row of boxes per
    first-round match."""
    columns = ko.total_rounds + 1
    width = 2 * MARGIN + columns * COLUMN + (columns - 1) * GAP
    height = 2 * MARGIN + HEAD + (ko.size // 2) * (BOX + SPACE)
    return width, height


def box_left(column: int) -> int:
    """The left edge of column ``column`` (0: the first round) in a left-to-right layout."""
    return MARGIN + column * (COLUMN + GAP)


def box_middles(ko: Knockout) -> list[list[float]]:
    """Each round's match boxes' vertical middles: the first round's evenly spaced, each later match
    halfway between the two it follows."""
    top = MARGIN + HEAD
    rounds = [[top + i * (BOX + SPACE) + BOX / 2 for i in range(ko.size // 2)]]
    while len(rounds[-1]) > 1:
        last = rounds[-1]
        rounds.append([(last[i] + last[i + 1]) / 2 for i in range(0, len(last), 2)])
    return rounds


def bracket_picture(
    model: Tournament, ko: Knockout, name: str, locale: str, *, upto: int | None = None
) -> Image.Image:
    """The bracket of ``ko`` (its first ``upto`` rounds as played, later ones as empty places)."""
    width, height = picture_size(ko)
    img = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(img)
    rtl = direction(locale) == "rtl"

    def x_of(left: int, w: int) -> int:
        return width - left - w if rtl else left

    def cell(
        left: int, y: float, w: int, text: str, *, bold: bool = False, ink: tuple[int, ...] = INK
    ) -> None:
        text_cell(draw, x_of(left, w), y, w, text, rtl, size=SIZE, bold=bold, ink=ink)

    # A seed stands in a cell of its own at the start of its row in the reading direction (the right in
    # Persian), as the standings picture's rank: "1. Parisa" drawn as one Persian cell would be laid out
    # left to right from the Latin name, its seed on the left.
    seeds = [t("knockout.picture.seed", locale, seed=seed) for seed in range(1, ko.size + 1)]
    seed_width = round(max(text_width(s, SIZE, bold=True) for s in seeds)) + 6

    cell(MARGIN, MARGIN, width - 2 * MARGIN, t("knockout.picture.title", locale, name=name), bold=True)
    middles = box_middles(ko)
    played = ko.rounds[:upto] if upto is not None else ko.rounds
    for r, ys in enumerate(middles):
        left = box_left(r)
        cell(left, MARGIN + LINE + 4, COLUMN, t(_STAGES[len(ys)], locale), ink=FAINT)
        matches: list[Match | None] = list(played[r]) if r < len(played) else [None] * len(ys)
        for i, (y, match) in enumerate(zip(ys, matches, strict=True)):
            top = round(y - BOX / 2)
            x = x_of(left, COLUMN)
            rows: list[tuple[int | None, str, bool, tuple[int, ...]]]
            if match is None:
                rows = [(None, t("knockout.picture.to_play", locale), False, FAINT)] * 2
            else:
                rows = []
                for seed in (match.high, match.low):
                    won = match.winner == seed
                    lost = match.winner is not None and not won
                    name = model.entrants[ko.entrant(seed)].name
                    rows.append((seed, name, won, FAINT if lost else INK))
                if match.winner is not None:
                    at = 0 if match.winner == match.high else 1
                    draw.rectangle((x, top + at * LINE, x + COLUMN, top + (at + 1) * LINE), fill=STRIPE)
            draw.rectangle((x, top, x + COLUMN, top + BOX), outline=FRAME)
            draw.line((x, top + LINE, x + COLUMN, top + LINE), fill=FRAME)
            for k, (number, text, bold, ink) in enumerate(rows):
                at, room = left + 8, COLUMN - 16
                if number is not None:
                    cell(at, top + k * LINE + 4, seed_width, seeds[number - 1], bold=bold, ink=ink)
                    at, room = at + seed_width, room - seed_width
                cell(at, top + k * LINE + 4, room, text, bold=bold, ink=ink)
            if match is not None and match.winner is None:
                game = len(match.games) + 1
                first = model.entrants[ko.entrant(match.first_of(game - 1))].name
                note = t("knockout.picture.playing", locale, game=game, first=first)
                cell(left + 8, top + BOX + 4, COLUMN - 16, note, ink=FAINT)
            # The line to the match (or the winner's place) its winner goes to.
            out = left + COLUMN
            to = middles[r + 1][i // 2] if r + 1 < len(middles) else y
            mid = out + GAP // 2
            for a, b in (((out, y), (mid, y)), ((mid, y), (mid, to)), ((mid, to), (out + GAP, to))):
                draw.line((x_of(a[0], 0), a[1], x_of(b[0], 0), b[1]), fill=FRAME, width=2)
    # The winner's place.
    left = box_left(len(middles))
    y = middles[-1][0]
    top = round(y - LINE / 2)
    x = x_of(left, COLUMN)
    champion = ko.champion if upto is None or upto >= ko.total_rounds else None
    if champion is not None:
        draw.rectangle((x, top, x + COLUMN, top + LINE), fill=STRIPE, outline=FRAME)
        text = t("knockout.picture.winner", locale, winner=model.entrants[champion].name)
        cell(left + 8, top + 4, COLUMN - 16, text, bold=True)
    else:
        draw.rectangle((x, top, x + COLUMN, top + LINE), outline=FRAME)
        cell(left + 8, top + 4, COLUMN - 16, t("knockout.picture.to_play", locale), ink=FAINT)
    return img


def bracket_alt(
    model: Tournament,
    ko: Knockout,
    name: str,
    locale: str,
    games: Mapping[tuple[int, int, int], int] | None = None,
    *,
    upto: int | None = None,
) -> str:
    """The picture's alt text: the bracket as text, without Discord's bold marks."""
    return bracket_text(model, ko, name, locale, games, upto=upto).replace("**", "")


def bracket_png(
    model: Tournament,
    ko: Knockout,
    name: str,
    locale: str,
    games: Mapping[tuple[int, int, int], int] | None = None,
    *,
    upto: int | None = None,
) -> tuple[bytes, str]:
    """The picture as an 8-bit palette PNG and its alt text."""
    png = write_png(bracket_picture(model, ko, name, locale, upto=upto).quantize(colors=32))
    return png, bracket_alt(model, ko, name, locale, games, upto=upto)


def sample_bracket() -> tuple[Tournament, Knockout]:
    """The standings picture's sample Swiss with the knockout of its top 8: the quarter-finals decided
    (one after a drawn game), one semi-final won, the other being played."""
    ev = sample_event()
    ko = Knockout.from_standings(ev.standings(), 8, DrawRule.REMATCH, 3)
    for match, outcome in enumerate((Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.FIRST_WINS), start=1):
        ko.record(1, match, outcome)
    ko.record(1, 4, Outcome.DRAW)
    ko.record(1, 4, Outcome.FIRST_WINS)
    ko.record(2, 1, Outcome.SECOND_WINS)
    return ev, ko


def main(argv: list[str] | None = None) -> None:
    """Write the sample event's bracket picture."""
    parser = argparse.ArgumentParser(description="Draw a sample knockout's bracket.")
    parser.add_argument("out", type=Path)
    parser.add_argument("--locale", default="en")
    args = parser.parse_args(argv)
    ev, ko = sample_bracket()
    png, _alt = bracket_png(ev, ko, "Winter Swiss", args.locale)
    args.out.write_bytes(png)


if __name__ == "__main__":
    main()
