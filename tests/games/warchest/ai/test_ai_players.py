"""Every player only ever chooses legal actions, in 2 and 4 players; the search is deterministic."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.ai import LEVELS, GreedyPlayer, RandomPlayer, SearchPlayer, make_player
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
