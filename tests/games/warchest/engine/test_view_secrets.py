"""No view carries the seed or the RNG state, and the invariant checker says so when one does."""

from __future__ import annotations

import json
import random

import pytest

from warchest_bot.games.warchest.engine import GameState, Options, invariants, to_json
from warchest_bot.games.warchest.engine.invariants import check_invariants, secret_leaks

SEED = 2**63 + 987654321


@pytest.mark.parametrize("players", [2, 4])
def test_views_carry_neither_seed_nor_rng(players):
    g = GameState.new(Options(players=players, units="random", seed=SEED, max_rounds=4))
    rnd = random.Random(players)
    while not g.is_terminal():
        for viewer in [None, *range(players)]:
            view = g.view_for(viewer)
            assert "seed" not in view["options"] and "rng" not in view
            assert secret_leaks(json.dumps(view), g) == []
            assert Options(**view["options"]).seed == 0  # read back, a view has no seed to give
        assert check_invariants(g) == []
        g.apply(rnd.choice(g.legal_actions()))


def test_the_checker_finds_a_leaked_seed_or_rng(monkeypatch):
    g = GameState.new(Options(players=2, units="random", seed=SEED))
    full = to_json(g)
    assert set(secret_leaks(json.dumps(full), g)) >= {"contains the key 'rng'", "contains the key 'seed'"}
    renamed = json.dumps({"x": full["options"]["seed"], "y": full["rng"]})
    assert len(secret_leaks(renamed, g)) == 2  # found by value under any name

    def leaky(state, seat):
        view = invariants.to_json(state)
        for sd in view["seats"]:
            sd.update(hand=len(sd["hand"]), bag=0, discard_down=0)
        return view

    monkeypatch.setattr(invariants, "view_for", leaky)
    problems = check_invariants(g)
    assert any("RNG state" in p for p in problems) and any("contains the seed" in p for p in problems)
