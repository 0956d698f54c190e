"""Every player only ever chooses legal actions, in 2 and 4 players; the search is deterministic."""

from __future__ import annotations

import math
import random

import pytest

from warchest_bot.games.warchest.ai import (
    LEVELS,
    Determinizer,
    GreedyPlayer,
    RandomPlayer,
    SearchPlayer,
    make_player,
)
from warchest_bot.games.warchest.ai.greedy import action_scores
from warchest_bot.games.warchest.ai.search import _Node
from warchest_bot.games.warchest.engine import GameState, Options

from .positions import positions_for


def _play(
    names: tuple[str, str], players: int, seed: int, max_rounds: int, units: str = "random"
) -> GameState:
    g = GameState.new(Options(players=players, units=units, seed=seed, max_rounds=max_rounds))
    seats = [make_player(names[s % 2], seed=seed * 10 + s, iterations=8) for s in range(players)]
    while not g.is_terminal():
        legal = g.legal_actions()
        action = seats[g.current_player].choose(g)
        assert action in legal, (g, action)
        g.apply(action)
    return g


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("names", [("random", "greedy"), ("greedy", "search"), ("search", "random")])
def test_players_choose_legal_actions(names: tuple[str, str], players: int) -> None:
    for seed in range(2):
        g = _play(names, players, seed, max_rounds=4)
        assert g.result is not None


def test_players_handle_the_draft() -> None:
    g = _play(("search", "greedy"), 2, 3, max_rounds=2, units="draft")
    assert all(len(s.units) == 4 for s in g.seats)
    g = _play(("greedy", "search"), 4, 4, max_rounds=2, units="draft")
    assert all(len(s.units) == 3 for s in g.seats)


def test_search_with_an_iteration_budget_is_deterministic() -> None:
    for g in positions_for(0, 2, range(3), (40,)):
        a = SearchPlayer(seed=3, iterations=50).choose(g)
        b = SearchPlayer(seed=3, iterations=50).choose(g)
        assert a == b


def test_search_with_a_time_budget_searches() -> None:
    g = positions_for(0, 2, range(1), (40,))[0]
    player = SearchPlayer(seed=1, budget_ms=30)
    assert player.choose(g) in g.legal_actions()
    assert player.stats["iterations"] >= 1 or len(g.legal_actions()) == 1


def test_make_player() -> None:
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("greedy", seed=2), GreedyPlayer)
    search = make_player("search", seed=2, budget_ms=250)
    assert isinstance(search, SearchPlayer) and search.budget_ms == 250 and search.iterations is None
    assert make_player("search", iterations=30).iterations == 30
    assert isinstance(make_player("easy"), GreedyPlayer)
    hard = make_player("hard")
    assert isinstance(hard, SearchPlayer) and hard.budget_ms == LEVELS["hard"][1]
    with pytest.raises(ValueError, match="unknown player"):
        make_player("alphazero")


@pytest.mark.slow
def test_early_stop_never_changes_the_choice_under_an_iteration_budget() -> None:
    early_stops = 0
    for players in (2, 4):
        for g in positions_for(0, players, range(4), (10, 40, 90)):
            full = SearchPlayer(seed=5, iterations=160, early_stop=False)
            quick = SearchPlayer(seed=5, iterations=160)
            assert quick.choose(g) == full.choose(g)
            if quick.stats.get("stopped_early"):
                early_stops += 1
                assert quick.stats["iterations"] < full.stats["iterations"] == 160
            else:
                assert quick.stats["iterations"] == full.stats["iterations"]
    assert early_stops >= 1  # the test would prove nothing if the search never stopped early


@pytest.mark.parametrize(
    "settings",
    [
        {"minimax": 0.4},
        {"static_leaves": True},
        {"minimax": 1.0, "static_leaves": True},
        {"widen": 2.0},
        {"leaf_mix": 0.5, "scale": 2.5},
    ],
)
def test_search_variants_are_deterministic(settings: dict) -> None:
    for g in positions_for(0, 2, range(2), (40,)) + positions_for(0, 4, range(1), (50,)):
        a = SearchPlayer(seed=3, iterations=60, **settings)
        b = SearchPlayer(seed=3, iterations=60, **settings)
        assert a.choose(g) == b.choose(g) and a.choose(g) in g.legal_actions()
        assert a.stats["root"] == b.stats["root"]


def test_search_rejects_a_minimax_weight_outside_0_1_and_a_negative_widening() -> None:
    with pytest.raises(ValueError, match="minimax"):
        SearchPlayer(minimax=1.5)
    with pytest.raises(ValueError, match="widen"):
        SearchPlayer(widen=-1.0)
    with pytest.raises(ValueError, match="leaf_mix"):
        SearchPlayer(leaf_mix=1.2)
    with pytest.raises(ValueError, match="scale"):
        SearchPlayer(scale=0.0)


@pytest.mark.parametrize("mix", [0.0, 0.3, 1.0])
def test_a_new_leaf_mixes_the_best_reply_with_its_own_static_value(mix: float) -> None:
    """The first iteration of a search on one fixed world goes root -> child and values the child (a node
    reached for the first time) by ``mix`` times the best one-ply value of the seat acting there plus
    ``1 - mix`` times the child's own prior, as a value for the team that moved into it."""
    checked = 0
    for g in positions_for(0, 2, range(2), (30, 60)) + positions_for(0, 4, range(1), (40,)):
        world = Determinizer(g.view_for(g.current_player)).sample(random.Random(1))
        player = SearchPlayer(seed=1, leaf_mix=mix)
        root = _Node()
        player._iterate(root, world.clone())
        mover = world.team_of[world.current_player]
        (action, child), *_ = [(a, c) for a, c in (root.children or {}).items() if c.visits]
        after = world.clone()
        after.apply(action)
        if after.result is not None or child.children is None:
            continue
        acting = after.team_of[after.current_player]
        best = max(c.p for c in child.children.values())  # for the team acting after the move
        best_for_mover = best if acting == mover else 1.0 - best
        reward = child.w - child.p * player.prior_visits
        assert reward == pytest.approx(mix * best_for_mover + (1.0 - mix) * child.p)
        checked += 1
    assert checked >= 3


def test_the_scale_setting_is_the_priors_logistic_scale() -> None:
    """``scale`` replaces the evaluation's logistic scale for this search only: the root's priors are the
    one-ply scores through that scale."""
    g = positions_for(0, 2, range(1), (40,))[0]
    world = Determinizer(g.view_for(g.current_player)).sample(random.Random(0))
    legal = world.legal_actions()
    scores = dict(zip(legal, action_scores(world, legal), strict=True))
    for scale in (1.5, 4.0, 9.0):
        player = SearchPlayer(seed=1, scale=scale)
        assert player.weights.scale == scale
        root = _Node()
        player._iterate(root, world.clone())
        for a, child in (root.children or {}).items():
            assert child.p == pytest.approx(1.0 / (1.0 + math.exp(-scores[a] / scale)))
    assert SearchPlayer().weights.scale == 4.0


def test_progressive_widening_lets_only_the_best_priors_compete() -> None:
    """With widening, a root action outside the 1 + widen * sqrt(visits) best priors is never visited;
    the best prior always is."""
    checked = 0
    for g in positions_for(0, 2, range(3), (30, 60)):
        legal = g.legal_actions()
        if len(legal) < 8:
            continue
        stats = SearchPlayer(seed=2, iterations=16, widen=0.5, early_stop=False).analyse(
            g.view_for(g.current_player)
        )
        visited = {a for a, (visits, _) in stats.items() if visits > 0}
        # 16 root visits: at most 1 + int(0.5 * sqrt(15)) = 2 actions ever competed.
        assert 1 <= len(visited) <= 2
        # The root's own actions score alike in every world of the view (the evaluation reads no hand).
        world = Determinizer(g.view_for(g.current_player)).sample(random.Random(0))
        scores = dict(zip(legal, action_scores(world, legal), strict=True))
        assert max(scores[a] for a in visited) == pytest.approx(max(scores.values()))
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("static_leaves", [False, True])
def test_minimax_values_are_the_best_childs_for_the_team_to_act(static_leaves: bool) -> None:
    """Searching one fixed world, every node the search went through holds the best minimax value of its
    children for the team that acts there (as a value for the team that moved into the node)."""
    for g in positions_for(0, 2, range(2), (30, 60)) + positions_for(0, 4, range(1), (40,)):
        world = Determinizer(g.view_for(g.current_player)).sample(random.Random(1))
        player = SearchPlayer(seed=1, minimax=0.5, static_leaves=static_leaves)
        root = _Node()
        for _ in range(150):
            player._iterate(root, world.clone())
        checked = 0
        stack = [(root, world, None)]
        while stack:
            node, state, mover = stack.pop()
            if node.children is None or state.result is not None:
                continue
            acting = state.team_of[state.current_player]
            legal = state.legal_actions()
            if mover is not None and node.visits > 0:
                best = max(node.children[a].mm for a in legal)
                assert node.mm == pytest.approx(best if acting == mover else 1.0 - best)
                checked += 1
            for a in legal:
                ch = node.children.get(a)
                if ch is not None and ch.visits > 0:
                    nxt = state.clone()
                    nxt.apply(a)
                    stack.append((ch, nxt, acting))
        assert checked >= 5
