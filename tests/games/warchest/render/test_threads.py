"""The renderer is thread-safe: concurrent renders (including cold caches) give the same bytes."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from warchest_bot.games.warchest.render import board_png, hand_png, unit_card_png
from warchest_bot.render.cache import clear_all

from .positions import FOUR_PLAYER, TWO_PLAYER, view

LAST = {"seat": 1, "kind": "attack", "coin": "Cavalry", "hexes": ["e5", "f4"], "text": "Ca attack e5xf4"}


def _jobs():
    v2, v4, h2 = view(TWO_PLAYER, None), view(FOUR_PLAYER, 1), view(TWO_PLAYER, 0)
    return [
        lambda: board_png(v2, LAST),
        lambda: board_png(v4),
        lambda: hand_png(h2),
        lambda: unit_card_png("Knight"),
    ]


def test_concurrent_renders_match_sequential_ones():
    expected = [job() for job in _jobs()]
    clear_all()  # build every cache while eight threads race for it
    jobs = _jobs() * 4
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda job: job(), jobs))
    for i, data in enumerate(results):
        assert data == expected[i % len(expected)], i
