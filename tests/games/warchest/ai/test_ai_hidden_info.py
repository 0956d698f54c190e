"""The greedy and search players never read information their seat cannot see."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.warchest.ai import GreedyPlayer, SearchPlayer
from warchest_bot.games.warchest.ai.determinize import hidden_coins
from warchest_bot.games.warchest.engine import GameState, unit_name

from .positions import hidden_priest_position, positions_for


class OnlyTheView:
    """Stands in for a GameState but offers nothing except the acting seat and its view."""

    def __init__(self, g: GameState) -> None:
        self._g = g
        self.reads: list[int | None] = []

    @property
    def current_player(self) -> int | None:
        return self._g.current_player

    def view_for(self, seat: int | None) -> dict:
        self.reads.append(seat)
        return self._g.view_for(seat)

    def __getattr__(self, name: str):
        raise AssertionError(f"the player read {name!r} from the real state")


def twin(g: GameState, rnd: random.Random) -> GameState:
    """The same position with every other seat's unknown coins re-dealt (same counts) and a new RNG."""
    viewer = g.current_player
    data = g.to_json()
    view = g.view_for(viewer)
    for s, sd in enumerate(data["seats"]):
        if s == viewer:
            continue
        coins = hidden_coins(view, s)
        rnd.shuffle(coins)
        hand, bag, down = len(g.seats[s].hand), sum(g.seats[s].bag), sum(g.seats[s].discard_down)
        sd["hand"] = [unit_name(c) for c in coins[:hand]]
        sd["bag"] = [unit_name(c) for c in coins[hand : hand + bag]]
        sd["discard_down"] = [unit_name(c) for c in coins[hand + bag : hand + bag + down]]
        rest = coins[hand + bag + down :]
        for pd in data["pending"]:
            if pd["kind"] == "priest" and pd["seat"] == s:
                pd["coin"] = unit_name(rest.pop())
    data["rng"] = rnd.getrandbits(64)
    return GameState.from_json(data)


def _cases() -> list[GameState]:
    cases = positions_for(0, 2, range(4), (20, 70))
    cases += positions_for(0, 4, range(2), (30, 90))
    cases.append(hidden_priest_position())
    return cases


@pytest.mark.parametrize(
    "player",
    [
        GreedyPlayer(seed=5),
        SearchPlayer(seed=5, iterations=20),
        SearchPlayer(seed=5, iterations=20, minimax=0.4, static_leaves=True),
    ],
    ids=repr,
)
def test_players_only_ask_for_the_acting_seats_view(player) -> None:
    for g in _cases()[:4] + [hidden_priest_position()]:
        proxy = OnlyTheView(g)
        action = player.choose(proxy)
        assert proxy.reads == [g.current_player]
        assert action in g.legal_actions()


@pytest.mark.parametrize(
    "settings",
    [{}, {"minimax": 0.4}, {"static_leaves": True}, {"widen": 2.0}, {"leaf_mix": 0.5, "scale": 2.5}],
    ids=repr,
)
@pytest.mark.parametrize("g", _cases(), ids=repr)
def test_search_decision_does_not_depend_on_hidden_information(g: GameState, settings: dict) -> None:
    rnd = random.Random(g.ply)
    other = twin(g, rnd)
    viewer = g.current_player
    assert other.view_for(viewer) == g.view_for(viewer)
    assert other.rng != g.rng
    choices = []
    for state in (g, other):
        player = SearchPlayer(seed=11, iterations=60, **settings)
        choices.append((player.choose(state), player.stats["root"]))
    assert choices[0] == choices[1]


def test_twins_really_differ_in_hidden_information() -> None:
    differ = 0
    for g in _cases():
        other = twin(g, random.Random(g.ply))
        s = 1
        if (g.seats[s].hand, g.seats[s].bag, g.seats[s].discard_down, g.pending) != (
            other.seats[s].hand,
            other.seats[s].bag,
            other.seats[s].discard_down,
            other.pending,
        ):
            differ += 1
    assert differ >= len(_cases()) // 2
