"""Determinizations are complete states consistent with what the viewing seat knows."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from warchest_bot.games.warchest.ai.determinize import Determinizer, ViewError, _shuffle, hidden_coins
from warchest_bot.games.warchest.engine import GameState

from .positions import hidden_priest_position, played, positions_for


def _hidden_multiset(g: GameState, seat: int) -> Counter:
    s = g.seats[seat]
    coins = Counter(s.hand)
    for zone in (s.bag, s.discard_down):
        for u, c in enumerate(zone):
            coins[u] += c
    for p in g.pending:
        if p.kind == "priest" and p.seat == seat:
            coins[p.coin] += 1
    return +coins


def _cases() -> list[GameState]:
    cases = []
    for players in (2, 4):
        for seed in range(3):
            for plies in (0, 15, 60, 140):
                g = played(players, seed, plies)
                if not g.is_terminal():
                    cases.append(g)
    cases.append(hidden_priest_position())
    return cases


@pytest.mark.parametrize("g", _cases(), ids=repr)
def test_samples_are_consistent_with_the_view(g: GameState) -> None:
    viewer = g.current_player
    view = g.view_for(viewer)
    det = Determinizer(view)
    rnd = random.Random(1)
    for _ in range(5):
        w = det.sample(rnd)
        # Same public zones, same own zones, same counts: the sample shows the viewer exactly its view.
        assert w.view_for(viewer) == view
        assert w.legal_actions() == g.legal_actions()
        # The sample is a valid position (from_json checks that every coin is accounted for).
        assert GameState.from_json(w.to_json()) == w
        # Each other seat holds exactly its unknown coins, dealt with the right counts.
        for s in range(g.num_players):
            real, sampled = g.seats[s], w.seats[s]
            assert len(sampled.hand) == len(real.hand)
            assert sum(sampled.bag) == sum(real.bag)
            assert sum(sampled.discard_down) == sum(real.discard_down)
            if s == viewer:
                assert sampled.hand == real.hand and sampled.bag == real.bag
                assert sampled.discard_down == real.discard_down
            else:
                assert _hidden_multiset(w, s) == Counter(hidden_coins(view, s))
        assert w.rng != g.rng


@pytest.mark.parametrize("g", _cases(), ids=repr)
def test_hidden_coins_are_exactly_the_unseen_coins(g: GameState) -> None:
    view = g.view_for(g.current_player)
    for s in range(g.num_players):
        if s != g.current_player:
            assert Counter(hidden_coins(view, s)) == _hidden_multiset(g, s)


def test_samples_vary_and_cover_the_unknown_coins() -> None:
    g = positions_for(0, 2, range(1), (40,))[0]
    det = Determinizer(g.view_for(0))
    rnd = random.Random(2)
    hands = {tuple(det.sample(rnd).seats[1].hand) for _ in range(200)}
    assert len(hands) > 3
    seen = {c for hand in hands for c in hand}
    assert seen == set(hidden_coins(g.view_for(0), 1)) or len(g.seats[1].hand) == 0


def test_hidden_warrior_priest_draw_is_sampled() -> None:
    g = hidden_priest_position()
    view = g.view_for(0)
    assert view["pending"][0]["coin"] is None
    det = Determinizer(view)
    rnd = random.Random(3)
    drawn = {det.sample(rnd).pending[0].coin for _ in range(100)}
    assert len(drawn) > 1
    assert drawn <= set(hidden_coins(view, 1))


def test_determinizer_refuses_a_position_without_viewer() -> None:
    g = played(2, 0, 10)
    with pytest.raises(ViewError):
        Determinizer(g.to_json())


def test_the_deal_shuffles_exactly_as_random_shuffle() -> None:
    # sample() deals with an inlined shuffle: the same order and the same generator state afterwards as
    # random.Random.shuffle, so the search's worlds are those it had with the standard library's
    for seed in range(200):
        items = list(range(seed % 23))
        a, b = random.Random(seed), random.Random(seed)
        mine, theirs = items[:], items[:]
        _shuffle(mine, a.getrandbits)
        b.shuffle(theirs)
        assert mine == theirs and a.getstate() == b.getstate()


def test_a_generator_of_another_kind_deals_with_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x) -> None:  # type: ignore[no-untyped-def, override]
            x.reverse()

    g = positions_for(0, 2, range(1), (40,))[0]
    world = Determinizer(g.view_for(0)).sample(Reversing(1))
    pool = hidden_coins(g.view_for(0), 1)
    assert world.seats[1].hand == sorted(pool[::-1][: len(g.seats[1].hand)])
