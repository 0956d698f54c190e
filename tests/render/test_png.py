"""Palette PNGs are compressed once, at a level chosen by the picture's size: a 4-player board goes
straight to the harder level (within 100 KiB), where it used to be deflated twice when the fast level left
it over 100 KiB."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.engine import Options
from warchest_bot.games.warchest.render import board_png, render_board
from warchest_bot.games.warchest.render.cli import random_position
from warchest_bot.games.warchest.render.encode import to_palette
from warchest_bot.render.png import LARGE_PICTURE_LEVEL, PNG_COMPRESS_LEVEL, level_for, write_png


@pytest.mark.parametrize("players, level", [(2, PNG_COMPRESS_LEVEL), (4, LARGE_PICTURE_LEVEL)])
def test_a_board_is_deflated_once_at_the_level_for_its_size(players, level):
    for seed in (4, 6, 8):  # crowded; at level 2 these 4-player boards take more than 100 KiB
        g, last = random_position(Options(players=players, units="random", seed=seed), 320, seed)
        view = g.view_for(None)
        picture = to_palette(render_board(view, last))
        assert level_for(picture) == level
        data = board_png(view, last)
        assert data == write_png(picture, level)
        assert len(data) <= 100 * 1024
