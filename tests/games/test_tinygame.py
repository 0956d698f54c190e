"""Tiny Lines on its own (the test-only game of `tinygame.py`): notation round-trips, clones, views
without the other seat's blocker, the generic text pictures that show a blocker only to its owner."""

from __future__ import annotations

import random

from warchest_bot.games import TextPictures, alt_text_of, pictures_of

from .tinygame import TINY_LINES, TinyAction, registered


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
            assert state.clone() == state and state.clone() is not state
        assert game.replay({"first": "random"}, seed, log) == state
        assert game.outcome(state).reason in ("line", "full")


def test_the_text_pictures_show_a_blocker_to_its_owner_only():
    assert TINY_LINES.facets.pictures is None and isinstance(pictures_of(TINY_LINES), TextPictures)
    state = TINY_LINES.new_state({}, 4)
    n = state.blockers[0]
    alt = alt_text_of(TINY_LINES)
    with registered():
        assert (
            alt.private_alt_text(state.view_for(0), None, "en")
            == f"Your secret blocker: {'abc'[n % 3]}{n // 3 + 1}."
        )
        assert "secret" not in alt.private_alt_text(state.view_for(None), None, "en")
        own, spectator = (pictures_of(TINY_LINES).private_png(state.view_for(s)) for s in (0, None))
        assert own != spectator and own.startswith(b"\x89PNG")
        state.apply(TinyAction("reveal", n))
        assert alt.board_text(state.view_for(None), None, "en")[-3:][2 - n // 3].split()[n % 3] == "#"
