"""Seasons (pure model): groups seeded in a snake, each group a round robin played through the pairing
engine, and the ladder of the next season (promotion, relegation, leavers and newcomers)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warchest_bot.tournaments import Outcome, Tournament, TournamentError
from warchest_bot.tournaments.seasons import Ladder, division_order, group_event, next_ladder, split_groups

from .events import finish_round


def play(t: Tournament, rng: random.Random, strongest_wins: bool = False) -> Tournament:
    """Play every round of a group; with ``strongest_wins`` the higher seed (lower number) wins each game."""
    while not t.finished:
        rnd = t.pair_next_round()
        if strongest_wins:
            for g in rnd.games:
                if g.outcome is None and g.second is not None:
                    won = Outcome.FIRST_WINS if g.first < g.second else Outcome.SECOND_WINS
                    t.record(rnd.number, g.table, won)
        finish_round(t, rnd, rng)
    return t


def season(ladder: Ladder, group_size: int, rng: random.Random, **kw: bool) -> list[list[Tournament]]:
    """Every division's groups, played."""
    return [[play(group_event(g), rng, **kw) for g in split_groups(d, group_size)] for d in ladder]


def test_groups_are_snake_seeded_and_differ_by_at_most_one() -> None:
    keys = [f"k{i}" for i in range(1, 14)]
    groups = split_groups(keys, 4)
    assert [len(g) for g in groups] == [3, 3, 3, 4]
    assert groups[0][:2] == ["k1", "k8"] and groups[3][:2] == ["k4", "k5"]
    assert sorted(k for g in groups for k in g) == sorted(keys)
    assert split_groups(keys[:3], 6) == [keys[:3]]
    assert split_groups(keys[:3], 2) == [keys[:3]]  # no group of one: fewer, larger groups
    with pytest.raises(TournamentError):
        split_groups(keys, 1)


def test_a_group_is_a_round_robin_in_which_everyone_meets_everyone() -> None:
    t = play(group_event(["a", "b", "c", "d", "e"]), random.Random(1))
    assert len(t.rounds) == 5  # an odd group: each sits one round out
    for e in t.entrants.values():
        met = {r.opponent for r in t.entries(e.number) if r.opponent}
        assert len(met) == 4
    assert [t.entrant(n).key for n in sorted(t.entrants)] == ["a", "b", "c", "d", "e"]


def test_the_best_of_a_lower_division_go_up_and_the_worst_of_the_upper_go_down() -> None:
    ladder = [[f"a{i}" for i in range(8)], [f"b{i}" for i in range(8)], [f"c{i}" for i in range(6)]]
    groups = season(ladder, 4, random.Random(3), strongest_wins=True)
    # The strongest seed of each group wins all: the division orders are the seeds' order.
    assert division_order(groups[0], ladder[0])[0][:2] == ["a0", "a1"]
    new = next_ladder(ladder, groups, movers=2)
    assert [len(d) for d in new] == [8, 8, 6]
    assert {"b0", "b1"} <= set(new[0]) and {"c0", "c1"} <= set(new[1])
    assert set(new[1][:2]) == {"a6", "a7"} and set(new[2][:2]) == {"b6", "b7"}
    assert new[0][0] == "a0"


def test_leavers_leave_the_ladder_their_place_taken_from_below_and_newcomers_join_the_bottom() -> None:
    ladder = [["a0", "a1", "a2", "a3"], ["b0", "b1", "b2", "b3"]]
    rng = random.Random(5)
    groups = [[group_event(d)] for d in ladder]
    top = groups[0][0]
    top.withdraw(top.by_key("a1").number)  # type: ignore[union-attr]
    for d in groups:
        play(d[0], rng)
    new = next_ladder(ladder, groups, movers=1, newcomers=["n0", "a2"])
    flat = [k for d in new for k in d]
    assert "a1" not in flat and flat.count("a2") == 1 and new[-1][-1] == "n0"
    assert [len(d) for d in new] == [4, 4]
    assert sum(k.startswith("b") for k in new[0]) == 2  # the promoted one and the one filling a1's place


@settings(max_examples=25, deadline=None)
@given(
    sizes=st.lists(st.integers(2, 7), min_size=1, max_size=3),
    group_size=st.integers(2, 4),
    movers=st.integers(0, 2),
    seed=st.integers(0, 10_000),
)
def test_random_seasons_keep_everyone_once_and_the_division_sizes(
    sizes: list[int], group_size: int, movers: int, seed: int
) -> None:
    ladder = [[f"d{d}p{i}" for i in range(n)] for d, n in enumerate(sizes)]
    groups = season(ladder, group_size, random.Random(seed))
    new = next_ladder(ladder, groups, movers=movers, newcomers=["new"])
    flat = [k for d in new for k in d]
    assert sorted(flat) == sorted([k for d in ladder for k in d] + ["new"])
    assert [len(d) for d in new[:-1]] == sizes[:-1] and len(new[-1]) == sizes[-1] + 1
    orders = [division_order(g, ladder[i])[0] for i, g in enumerate(groups)]
    for d in range(len(ladder) - 1):
        came_up = [k for k in new[d] if k in ladder[d + 1]]
        went_down = [k for k in new[d + 1] if k in ladder[d]]
        stay = [k for k in orders[d] if d == 0 or k not in new[d - 1]]
        assert len(came_up) == len(went_down) == min(movers, len(stay), sizes[d + 1])
        assert came_up == orders[d + 1][: len(came_up)]  # the best of the lower division, in order
        assert set(went_down) == set(stay[len(stay) - len(went_down) :])  # the worst of the upper one
