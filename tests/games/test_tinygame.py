"""Tiny Lines on its own (the test-only game of `tinygame.py`): notation round-trips, snapshots, views
without the other seat's blocker, pictures that show a blocker only to its owner."""

from __future__ import annotations

import io
import random

from PIL import Image

from .tinygame import TINY_LINES, TinyAction


def test_notation_snapshots_and_views_over_random_games():
    game = TINY_LINES
    for seed in range(30):
        state = game.new_state({"first": "random"}, seed)
        rnd = random.Random(seed)
        log = []
        while not state.is_terminal():
            for action in state.legal_actions():
                assert game.parse_action(state, game.format_action(state, action)) == action
            for seat in (0, 1):
                other = state.blockers[1 - seat]
                view = state.view_for(seat)
                assert view["my_blocker"] in (None, state.blockers[seat]) and "blockers" not in view
                assert other is None or view["my_blocker"] != other
            assert "seed" not in str(state.view_for(None))
            action = rnd.choice(state.legal_actions())
            log.append(game.format_action(state, action))
            state.apply(action)
            assert game.restore(game.snapshot(state)) == state
        assert game.replay({"first": "random"}, seed, log) == state
        assert game.outcome(state).reason in ("line", "full")


def test_pictures_show_a_blocker_to_its_owner_only():
    state = TINY_LINES.new_state({}, 4)
    own = Image.open(io.BytesIO(TINY_LINES.private_png(state.view_for(0))))
    spectator = Image.open(io.BytesIO(TINY_LINES.private_png(state.view_for(None))))
    assert own.size == spectator.size == (30, 30)
    n = state.blockers[0]
    centre = ((n % 3) * 10 + 5, (2 - n // 3) * 10 + 5)
    assert own.convert("RGB").getpixel(centre) == (0, 0, 0)
    assert spectator.convert("RGB").getcolors() == [(900, (255, 255, 255))]
    state.apply(TinyAction("reveal", n))
    board = Image.open(io.BytesIO(TINY_LINES.board_png(state.view_for(None), {"square": n})))
    assert board.size == (90, 90)
