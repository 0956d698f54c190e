"""Seeded random playouts with invariants checked at every ply: units and squares, budgets spent, the
Sovereign test, nothing hidden in views, clones, snapshots and the replay of the log."""

from __future__ import annotations

import json
import random

import pytest

from warchest_bot.games.pointbuy.engine import FIRST_RANK, PRICES, SECOND_RANK, SOVEREIGN, PBState
from warchest_bot.games.pointbuy.notation import format_action

from .helpers import GAME, royal_picker

OPTION_SETS = [
    {},
    {"picking": "secret"},
    {"budget": 60, "budget_black": 45},
    {"picking": "secret", "budget": 25, "unit_cap": 4},
    {"budget": 50, "unit_cap": 3, "dead_material": 1, "repetition": 2, "no_progress": 30},
    {"picking": "secret", "budget": 90, "turn_cap": 150, "passes": 1},
]
GAMES_PER_SET = 40


def units_of(state: PBState, seat: int) -> list[str]:
    return [p[1] for p in state.board if p is not None and p[0] == seat] + state.barracks[seat]


def check_views(state: PBState) -> None:
    """Secret armies appear only in their own seat's view; views are JSON data without hidden parts."""
    for seat in (None, 0, 1):
        view = state.view_for(seat)
        json.dumps(view)
        if state.phase == "secret":
            for other in (0, 1):
                if other != seat:
                    assert view["board"] == state.view_for(None)["board"]
            if seat is None or state.armies[seat] is None:
                assert view["my_army"] is None
            else:
                assert view["my_army"] == [[c, q] for c, q in state.armies[seat]]
        else:
            assert view["my_army"] is None


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults"
)
@pytest.mark.slow
def test_random_playouts_keep_the_invariants(options: dict[str, object]) -> None:
    budgets = GAME.engine_options(options).budgets
    cap = GAME.engine_options(options).unit_cap
    results: dict[str, int] = {}
    for game in range(GAMES_PER_SET):
        rnd = random.Random(game)
        choose = royal_picker(rnd)
        state = GAME.new_state(options, 0)
        log: list[str] = []
        total_units = None
        while not state.is_terminal():
            assert state.current_player in (0, 1)
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            action = choose(state)
            before_phase, before_ply = state.phase, state.ply
            log.append(format_action(action))
            state.apply(action)
            assert state.ply == before_ply + 1
            if before_phase != "play" or state.ply % 17 == 0:
                check_views(state)
            if state.phase in ("play", "over") and before_phase in ("pick", "secret"):
                # setup just ended: the whole budget spent, on the first rank or in the Barracks
                for seat in (0, 1):
                    bought = units_of(state, seat)
                    spent = sum(PRICES[c] for c in bought) - 8 * PRICES["Pa"]
                    assert spent == budgets[seat]
                    assert all(p[1] == "Pa" for q in SECOND_RANK[seat] if (p := state.board[q]) is not None)
                    if cap:
                        for code in PRICES:
                            n = units_of(state, 0).count(code) + units_of(state, 1).count(code)
                            if code != "Pa":
                                assert n <= cap
                    crowned = any(
                        (p := state.board[q]) is not None and p[1] in SOVEREIGN and p[0] == seat
                        for q in FIRST_RANK[seat]
                    )
                    if not crowned:
                        assert state.result is not None and state.result.reason == "setup"
                        assert state.result.winner != seat
                if state.result is None:
                    assert state.phase == "play" and state.current_player == 0
                total_units = len(units_of(state, 0)) + len(units_of(state, 1))
            if before_phase == "play":
                now = len(units_of(state, 0)) + len(units_of(state, 1))
                assert total_units is not None and now <= total_units  # units only leave the game
                total_units = now
                if state.result is None or state.result.reason != "sovereign":
                    assert state.has_sovereign(0) and state.has_sovereign(1)
        outcome = GAME.outcome(state)
        assert outcome is not None
        results[outcome.reason] = results.get(outcome.reason, 0) + 1
        if outcome.reason == "sovereign":
            assert not state.has_sovereign(1 - outcome.winner)
        assert GAME.replay(options, 0, log) == state
        restored = GAME.restore(GAME.snapshot(state))
        assert restored == state and GAME.snapshot_fits(restored, options, 0)
    assert "sovereign" in results  # most random games end by a capture of the last Sovereign


def test_snapshots_round_trip_mid_game_and_play_on_alike() -> None:
    rnd = random.Random(11)
    for options in OPTION_SETS:
        state = GAME.new_state(options, 0)
        choose = royal_picker(rnd)
        while not state.is_terminal():
            if state.ply % 7 == 3:
                restored = GAME.restore(GAME.snapshot(state))
                assert restored == state
                assert restored.legal_actions() == state.legal_actions()
                assert restored.view_for(0) == state.view_for(0)
            state.apply(choose(state))
        assert not GAME.snapshot_fits(state, {**options, "budget": 37}, 0)
