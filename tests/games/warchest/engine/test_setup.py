"""Setup (rules reference §1, §9 "Unit selection"): bags, supplies, control, initiative, unit choice, draft."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.engine import GameState, Options, OptionsError, unit_code

from .conftest import control, texts, zone

SET_A = {"Sw", "Pi", "Cr", "LC"}
SET_B = {"Ar", "Ca", "La", "Sc"}
COINS = {"Ar": 4, "Be": 5, "Ca": 4, "Cr": 5, "En": 5, "Fo": 5, "Kn": 4, "La": 4, "LC": 5, "Ma": 5, "Me": 5}
COINS |= {"Pi": 4, "RG": 5, "Sc": 5, "Sw": 5, "WP": 4}


def units_of(g: GameState, seat: int) -> set[str]:
    return {unit_code(u) for u in g.seats[seat].units}


def in_bag_and_hand(g: GameState, seat: int) -> dict[str, int]:
    counts = dict(zone(g, seat, "bag"))
    for code, n in zone(g, seat, "hand").items():
        counts[code] = counts.get(code, 0) + n
    return counts


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_first_game_sets_2p(seed):
    g = GameState.new(Options(players=2, units="first-game", seed=seed))
    first = g.initiative
    assert units_of(g, first) == SET_A  # Player A (initiative holder) gets Sw/Pi/Cr/LC
    assert units_of(g, 1 - first) == SET_B
    for s in (0, 1):
        # 2 coins of each unit + the Royal Coin in the bag (9), 3 of them drawn into the hand
        assert in_bag_and_hand(g, s) == {"RC": 1, **{u: 2 for u in units_of(g, s)}}
        assert len(g.seats[s].hand) == 3
        assert zone(g, s, "supply") == {u: COINS[u] - 2 for u in units_of(g, s)}
        assert zone(g, s, "eliminated") == {}
        assert zone(g, s, "discard_up") == zone(g, s, "discard_down") == {}
    assert control(g) == {"e2": 0, "h1": 0, "d7": 1, "g6": 1}
    assert g.markers_left(0) == g.markers_left(1) == 4
    assert g.round == 1 and g.current_player == first and not g.initiative_claimed
    assert all(st is None for st in g.stacks)


def test_first_game_sets_4p():
    g = GameState.new(Options(players=4, units="first-game", seed=9))
    assert g.seats[g.initiative].units  # sets follow turn order from the initiative holder
    seen = set()
    for s in range(4):
        units = units_of(g, s)
        assert len(units) == 3 and not units & seen
        seen |= units
        assert in_bag_and_hand(g, s) == {"RC": 1, **{u: 2 for u in units}}  # 7 coins
        assert len(g.seats[s].hand) == 3
        assert zone(g, s, "supply") == {u: COINS[u] - 2 for u in units}
    assert units_of(g, g.initiative) == {"Sw", "Pi", "Cr"}
    assert control(g) == {"e2": 0, "h1": 0, "b5": 0, "d7": 1, "g6": 1, "j3": 1}
    assert g.markers_left(0) == g.markers_left(1) == 5


@pytest.mark.parametrize("players", [2, 4])
def test_random_deal_distinct_units(players):
    for seed in range(5):
        g = GameState.new(Options(players=players, units="random", seed=seed))
        per = 4 if players == 2 else 3
        all_units = [u for s in g.seats for u in s.units]
        assert all(len(s.units) == per for s in g.seats)
        assert len(set(all_units)) == per * players


def test_same_seed_same_game():
    a = GameState.new(Options(players=2, units="random", seed=77))
    b = GameState.new(Options(players=2, units="random", seed=77))
    assert a == b
    for _ in range(30):
        act = a.legal_actions()[0]
        a.apply(act)
        b.apply(act)
    assert a == b


def test_draft_2p_order_1_2_2_2_1_with_last_card_automatic():
    g = GameState.new(Options(players=2, units="draft", seed=5))
    first = g.initiative
    other = 1 - first
    assert g.phase == "draft" and len(g.draft_pool) == 8
    pool = set(g.draft_pool)
    assert texts(g) == {f"pick {unit_code(u)}" for u in pool}
    order = []
    picked: dict[int, set[int]] = {0: set(), 1: set()}
    while g.phase == "draft":
        seat = g.current_player
        order.append(seat)
        unit = g.legal_actions()[0].unit
        picked[seat].add(unit)
        g.apply(g.legal_actions()[0])
    # seven picks made by the players; the eighth card goes to the first player automatically
    assert order == [first, other, other, first, first, other, other]
    assert len(g.seats[first].units) == len(g.seats[other].units) == 4
    assert set(g.seats[first].units) | set(g.seats[other].units) == pool
    last = pool - picked[0] - picked[1]
    assert len(last) == 1 and last <= set(g.seats[first].units)
    # the game then starts like any other: bags, supplies, hands, initiative holder to act
    assert g.phase == "play" and g.round == 1 and g.current_player == first
    for s in (0, 1):
        assert in_bag_and_hand(g, s) == {"RC": 1, **{u: 2 for u in units_of(g, s)}}


def test_draft_4p_snake():
    g = GameState.new(Options(players=4, units="draft", seed=5))
    first = g.initiative
    assert len(g.draft_pool) == 12
    ring = [(first + k) % 4 for k in range(4)]
    order = []
    while g.phase == "draft":
        order.append(g.current_player)
        g.apply(g.legal_actions()[-1])
    assert order == ring + ring[::-1] + ring[:3]  # the 12th card is automatic
    assert all(len(s.units) == 3 for s in g.seats)
    assert len({u for s in g.seats for u in s.units}) == 12
    assert g.current_player == first


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 3},
        {"units": "best"},
        {"royal_guard": "nobility"},
        {"max_rounds": 0},
        {"seed": -1},
    ],
)
def test_bad_options(kwargs):
    with pytest.raises(OptionsError):
        Options(**kwargs)
