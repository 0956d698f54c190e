"""The standings picture: one row per entrant, laid out left to right in English and right to left in
Persian, with the text standings as its alt text."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from warchest_bot.tournaments.picture import (
    MARGIN,
    PAPER,
    ROW,
    WIDTH,
    sample_event,
    standings_picture,
    standings_png,
)
from warchest_bot.tournaments.text import standings_text


def _ink_columns(img: Image.Image, y0: int, y1: int) -> list[int]:
    """The x positions with ink (not paper) between rows y0 and y1."""
    rgb = img.convert("RGB")
    return [x for x in range(WIDTH) if any(rgb.getpixel((x, y)) != PAPER for y in range(y0, y1))]


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_picture_has_a_row_per_entrant_and_its_alt_text(locale: str) -> None:
    ev = sample_event()
    png, alt = standings_png(ev, "Winter Swiss", locale)
    img = Image.open(io.BytesIO(png))
    assert img.size == (WIDTH, 2 * MARGIN + ROW * (len(ev.entrants) + 2))
    assert alt == standings_text(ev, "Winter Swiss", locale)
    assert len(alt.splitlines()) == 1 + len(ev.entrants)


def test_persian_lays_the_table_out_from_the_right() -> None:
    ev = sample_event()
    # The first data row (rank 1): its rank digit is at the left edge in English, the right edge in Persian.
    y0 = MARGIN + 2 * ROW
    en = _ink_columns(standings_picture(ev, "Cup", "en"), y0, y0 + 18)
    fa = _ink_columns(standings_picture(ev, "Cup", "fa"), y0, y0 + 18)
    assert min(en) < MARGIN + 20 and max(en) < WIDTH - 60
    assert max(fa) > WIDTH - MARGIN - 20 and min(fa) > 60
