"""Tiny Lines on its own (the test-only game of `tinygame.py`): notation round-trips, clones, views
without the other seat's blocker, the generic text pictures that show a blocker only to its owner."""

from __future__ import annotations

import random

from warchest_bot.games import TextPictures, alt_text_of, pictures_of

from . import test_conformance as conformance
from .tinygame import KIND, TINY_LINES, TinyAction, registered


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


PER_GAME = (
    "test_options_schema_defaults_and_validation",
    "test_teams_for_every_player_count",
    "test_pictures_from_views",
    "test_every_ai_level_picks_a_legal_action",
    "test_rules_text_comes_from_the_catalogue",
)
PER_OPTIONS = (
    "test_seats_forfeits_and_rematches",
    "test_new_game_has_a_seat_to_act_and_legal_actions",
    "test_every_legal_action_applies_from_a_few_positions",
    "test_notation_round_trips_and_bad_text_is_a_typed_error",
    "test_action_choices_are_the_legal_actions_with_texts_that_parse",
    "test_views_carry_no_seed_or_rng_state",
    "test_replaying_the_action_log_reproduces_the_state",
    "test_random_playout_reaches_a_result",
)


def test_it_passes_the_interface_checks_of_every_game():
    """The per-game checks of `test_conformance.py`, run for Tiny Lines while it is registered."""
    with registered():
        for name in PER_GAME:
            getattr(conformance, name)(KIND)
        for name in PER_OPTIONS:
            for options in conformance.option_sets(TINY_LINES):
                getattr(conformance, name)(KIND, options)
