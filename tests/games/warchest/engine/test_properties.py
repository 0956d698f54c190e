"""Property tests: random playouts with every invariant checked after every ply."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warchest_bot.games.warchest.engine import (
    GameState,
    IllegalActionError,
    NotationError,
    Options,
    from_json,
    parse_action,
)
from warchest_bot.games.warchest.engine.invariants import check_invariants

games = st.builds(
    Options,
    players=st.sampled_from([2, 4]),
    units=st.sampled_from(["first-game", "random", "draft"]),
    royal_guard=st.sampled_from(["revised", "original"]),
    max_rounds=st.integers(1, 14),
    seed=st.integers(0, 2**64 - 1),
)


def _playout(options: Options, choice_seed: int, every_ply):
    rnd = random.Random(choice_seed)
    g = GameState.new(options)
    while not g.is_terminal():
        actions = g.legal_actions()
        assert actions, "a running game always offers a decision"
        every_ply(g, actions)
        g.apply(rnd.choice(actions))
    return g


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=games, choice_seed=st.integers(0, 2**32))
def test_random_playouts_keep_every_invariant(options, choice_seed):
    def check(g, actions):
        assert check_invariants(g) == []
        for a in actions:  # notation round-trips for every legal action
            assert parse_action(g, g.format_action(a)) == a

    g = _playout(options, choice_seed, check)
    assert check_invariants(g) == []
    replayed = GameState.new(options)
    for a in g.history:
        replayed.apply(a)
    assert replayed == g
    assert replayed.to_json() == g.to_json()


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(options=games, choice_seed=st.integers(0, 2**32))
def test_every_legal_action_applies(options, choice_seed):
    def apply_all(g, actions):
        for a in actions:
            child = g.clone()
            child.apply(a)
            assert check_invariants(child, round_trip=False) == []

    _playout(options, choice_seed, apply_all)


def test_clone_is_independent():
    g = GameState.new(Options(players=2, seed=3))
    before = g.to_json()
    child = g.clone()
    rnd = random.Random(0)
    for _ in range(30):
        child.apply(rnd.choice(child.legal_actions()))
    assert g.to_json() == before


def _deals_of_every_unit(players: int, expansions: str) -> list[int]:
    """Seeds of random deals that together give every unit of the pool to some seat."""
    pool, seeds, seed = set(Options(expansions=expansions).unit_pool), [], 0
    while pool:
        owner = GameState.new(Options(players=players, expansions=expansions, seed=seed)).owner
        if any(owner[u] >= 0 for u in pool):
            pool -= {u for u in pool if owner[u] >= 0}
            seeds.append(seed)
        seed += 1
    return seeds


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("expansions", ["", "nobility,siege"])
@pytest.mark.parametrize("units", ["random", "draft"])
def test_clones_share_nothing_that_changes(players, expansions, units):
    # clone() shares the seats until one changes and the lists the engine replaces instead of changing
    # them (stacks, positions, supply, eliminated, units, forts, seals, the draft's pool and order): every
    # action, and a few random plies after it, on a copy leave the original and a second copy as they
    # were; with random units, in deals that give every unit to some seat.
    seeds = _deals_of_every_unit(players, expansions) if units == "random" else [players]
    rnd = random.Random(1)
    for seed in seeds:
        g = GameState.new(Options(players=players, units=units, expansions=expansions, seed=seed))
        while not g.is_terminal() and g.ply < 300:
            actions = g.legal_actions()
            if g.ply % 4 == 0 or len(actions) < 4 or g.pending:
                before, history = g.to_json(), list(g.history)
                twin = g.clone()
                for a in actions:
                    child = g.clone()
                    child.apply(a)
                    for _ in range(4):
                        if child.is_terminal():
                            break
                        child.apply(rnd.choice(child.legal_actions()))
                    assert check_invariants(child, round_trip=False) == []
                assert g.to_json() == before and g.history == history and g.legal_actions() == actions
                assert twin.to_json() == before
            g.apply(rnd.choice(actions))


def test_position_round_trip_continues_identically():
    g = GameState.new(Options(players=4, seed=11))
    rnd = random.Random(5)
    for _ in range(57):
        g.apply(rnd.choice(g.legal_actions()))
    copy = from_json(g.to_json())
    assert copy == g
    for _ in range(200):
        if g.is_terminal():
            break
        a = rnd.choice(g.legal_actions())
        g.apply(a)
        copy.apply(a)
        assert copy == g  # same RNG state: identical draws


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "hello",
        "Zz deploy e2",
        "Sw fly e2",
        "Sw deploy z9",
        "Sw deploy a1",
        "Sw move e2 banana",
        "recruit",
        "pick",
        "Sw deploy e2 e3 e4 e5",
        "\x00\x01",
        "Sw" * 200,
    ],
)
def test_garbage_is_refused_and_changes_nothing(text):
    g = GameState.new(Options(players=2, units="first-game", seed=4))
    before = g.to_json()
    with pytest.raises(NotationError):
        parse_action(g, text)
    assert g.to_json() == before


def test_other_seats_coins_and_stale_actions_are_refused():
    g = GameState.new(Options(players=2, units="first-game", seed=4))
    me = g.current_player
    other_units = g.seats[1 - me].units
    before = g.to_json()
    from warchest_bot.games.warchest.engine import unit_code

    with pytest.raises(NotationError, match="not one of seat"):
        parse_action(g, f"{unit_code(other_units[0])} pass")
    # Actions that were legal one ply ago are stale now.
    previous = g.legal_actions()
    g.apply(previous[0])
    snapshot = g.to_json()
    stale = [a for a in previous if a not in g.legal_actions()]
    assert stale
    for a in stale:
        with pytest.raises(IllegalActionError):
            g.apply(a)
    assert g.to_json() == snapshot
    assert before != snapshot


def test_invariant_checker_catches_broken_states():
    g = GameState.new(Options(players=2, units="first-game", seed=8))
    assert check_invariants(g) == []
    unit = g.seats[0].units[0]
    extra = g.clone()
    extra.own_seat(0).bag[unit] += 1  # a coin out of nowhere
    assert any("coins add up to" in p for p in check_invariants(extra, round_trip=False))
    no_royal = g.clone()
    zone = no_royal.own_seat(0)
    if 0 in zone.hand:
        zone.hand.remove(0)
    else:
        zone.bag[0] -= 1
    assert any("Royal Coins" in p for p in check_invariants(no_royal, round_trip=False))
    marker = g.clone()
    marker.placed[1] += 1
    assert any("markers placed" in p for p in check_invariants(marker, round_trip=False))
