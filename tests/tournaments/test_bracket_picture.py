"""The bracket picture: a column per knockout round and one for the winner, the one who went through
striped, laid out left to right in English and right to left in Persian, with the bracket as text (without
Discord's bold marks) as its alt text."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from warchest_bot.tournaments import Outcome
from warchest_bot.tournaments.bracket import bracket_text
from warchest_bot.tournaments.bracket_picture import (
    BOX,
    COLUMN,
    LINE,
    PAPER,
    STRIPE,
    box_left,
    box_middles,
    bracket_picture,
    bracket_png,
    picture_size,
    sample_bracket,
)


def _row_colour(img: Image.Image, column: int, y: float, rtl: bool) -> tuple[int, ...]:
    """The paper's colour just inside the left (right in Persian) edge of a box's row at height ``y``."""
    width = img.size[0]
    x = width - box_left(column) - 3 if rtl else box_left(column) + 3
    return img.convert("RGB").getpixel((x, round(y)))


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_picture_has_a_column_per_round_and_its_alt_text(locale: str) -> None:
    ev, ko = sample_bracket()
    png, alt = bracket_png(ev, ko, "Winter Swiss", locale)
    img = Image.open(io.BytesIO(png))
    assert img.size == picture_size(ko) == (2 * 18 + 4 * COLUMN + 3 * 34, img.size[1])
    assert alt == bracket_text(ev, ko, "Winter Swiss", locale).replace("**", "")
    assert "**" not in alt and ev.entrants[ko.seeds[0]].name in alt


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_who_went_through_is_striped_and_persian_runs_from_the_right(locale: str) -> None:
    ev, ko = sample_bracket()
    rtl = locale == "fa"
    img = bracket_picture(ev, ko, "Cup", locale)
    middles = box_middles(ko)
    # Quarter-final 1: seed 1 (the upper row) went through; quarter-final 2: seed 5 (the lower row).
    for match, winner_row in ((0, 0), (1, 1)):
        top = middles[0][match] - BOX / 2
        rows = [_row_colour(img, 0, top + k * LINE + LINE / 2, rtl) for k in (0, 1)]
        assert rows[winner_row] == STRIPE and rows[1 - winner_row] == PAPER
    # The semi-final being played: neither row striped; the winner's place still empty.
    top = middles[1][1] - BOX / 2
    assert {_row_colour(img, 1, top + k * LINE + LINE / 2, rtl) for k in (0, 1)} == {PAPER}
    assert _row_colour(img, 3, middles[2][0], rtl) == PAPER
    # The mirror: the first round's column at the left edge in English, at the right one in Persian.
    rgb = img.convert("RGB")
    y = round(middles[0][0])
    ink = [x for x in range(img.size[0]) if rgb.getpixel((x, y)) != PAPER]
    assert (min(ink) > img.size[0] - box_left(1)) if rtl else (max(ink) < box_left(1))


def test_the_winner_is_shown_once_the_final_is_won_and_not_in_an_earlier_rounds_picture() -> None:
    ev, ko = sample_bracket()
    ko.record(2, 2, Outcome.FIRST_WINS)
    ko.record(3, 1, Outcome.SECOND_WINS)
    assert ko.champion is not None
    middles = box_middles(ko)
    final = bracket_picture(ev, ko, "Cup", "en")
    assert _row_colour(final, 3, middles[2][0], False) == STRIPE
    # The semi-finals' post drawn later: the final's places and the winner's stay empty.
    earlier = bracket_picture(ev, ko, "Cup", "en", upto=2)
    top = middles[2][0] - BOX / 2
    assert _row_colour(earlier, 2, top + LINE / 2, False) == PAPER
    assert _row_colour(earlier, 3, middles[2][0], False) == PAPER
    assert _row_colour(final, 2, top + 3 * LINE / 2, False) == STRIPE  # the final's lower row (seed 2) won it


@pytest.mark.parametrize("size", [2, 4, 8])
@pytest.mark.parametrize("locale", ["en", "fa"])
def test_every_size_is_drawn_from_seeding_to_its_winner(size: int, locale: str) -> None:
    from warchest_bot.tournaments import DrawRule, Knockout
    from warchest_bot.tournaments.picture import sample_event

    ev = sample_event()
    ko = Knockout.from_standings(ev.standings(), size, DrawRule.HIGHER_SEED, 1)
    assert bracket_picture(ev, ko, "Cup", locale).size == picture_size(ko)
    while not ko.finished:
        for round_number, match, _first, _second in ko.pending():
            ko.record(round_number, match, Outcome.DRAW)  # the higher seed goes through
    img = bracket_picture(ev, ko, "Cup", locale)
    middles = box_middles(ko)
    assert img.size == picture_size(ko) and len(middles) == ko.total_rounds
    assert _row_colour(img, ko.total_rounds, middles[-1][0], locale == "fa") == STRIPE
    assert ko.champion == ko.seeds[0]


def _ink_columns(img: Image.Image, column: int, top: float, rtl: bool) -> set[int]:
    """The x of every pixel darker than the paper's grey in the upper row of the box of the first match of
    round ``column`` (the box's top edge at ``top``), inside its frame."""
    rgb = img.convert("RGB")
    left = img.size[0] - box_left(column) - COLUMN if rtl else box_left(column)
    out = set()
    for x in range(left + 2, left + COLUMN - 1):
        for y in range(round(top) + 3, round(top) + LINE - 2):
            if sum(rgb.getpixel((x, y))) < 450:
                out.add(x)
    return out


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_a_seed_stands_before_its_name_in_the_reading_direction(locale: str) -> None:
    """The seed's number is drawn in a cell of its own at the start of the row: left of a Latin name in
    English and right of it in Persian (drawn as one line, "1. Parisa" in a Persian picture was laid
    out left to right from the Latin name, the seed on the left)."""
    rtl = locale == "fa"
    ev, ko = sample_bracket()
    top = box_middles(ko)[0][0] - BOX / 2
    before = _ink_columns(bracket_picture(ev, ko, "Cup", locale), 0, top, rtl)
    ev.entrants[ko.entrant(1)].name = "Zachariah"  # seed 1: the upper row of the first match
    after = _ink_columns(bracket_picture(ev, ko, "Cup", locale), 0, top, rtl)
    name = before ^ after  # where only the name is drawn
    seed = before & after  # the seed's number (the name's ink at the same places aside)
    assert name and seed
    if rtl:
        assert max(seed) > max(name) + 4  # the seed at the right of the row
    else:
        assert min(seed) < min(name) - 4  # at the left
