"""bench/wc_ai_frozen, the yardstick of issue 25's AI targets, runs on a frozen copy of the rules engine.
Both engines must play the same game: same legal actions (by notation) and the same full position after
every ply, from the same seed. When a rule is fixed on purpose in the product's engine, this fails until
the same fix is made in the frozen copy (the yardstick measures thinking, not rules)."""

from __future__ import annotations

import random

import pytest

from bench import wc_ai_frozen
from bench.wc_ai_frozen import engine as old
from warchest_bot.games.warchest import engine as new


@pytest.mark.parametrize(
    ("players", "expansions"), [(2, ""), (4, ""), (2, "nobility"), (2, "siege"), (4, "nobility,siege")]
)
def test_the_frozen_engine_plays_the_same_game(players: int, expansions: str) -> None:
    for seed in range(3):
        options = {"players": players, "units": "random", "seed": seed, "expansions": expansions}
        g = new.GameState.new(new.Options(**options))
        f = old.GameState.new(old.Options(**options))
        rnd = random.Random(seed)
        while not g.is_terminal():
            legal = [g.format_action(a) for a in g.legal_actions()]
            assert [f.format_action(a) for a in f.legal_actions()] == legal
            text = rnd.choice(legal)
            g.apply(g.parse_action(text))
            f.apply(f.parse_action(text))
            assert old.to_json(f) == new.to_json(g)
        assert f.is_terminal() and f.result is not None and g.result is not None
        assert (f.result.winner, f.result.reason) == (g.result.winner, g.result.reason)


def test_a_frozen_player_answers_with_the_states_own_action() -> None:
    g = new.GameState.new(new.Options(players=2, units="random", seed=5))
    for _ in range(30):
        action = wc_ai_frozen.make_player("normal", seed=1, iterations=20).choose(g)
        assert action in g.legal_actions() and type(action) is new.Action
        g.apply(action)
