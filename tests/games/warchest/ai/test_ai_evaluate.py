"""The evaluation's shortcuts give the same figures as the whole evaluation: the board part shared by the
actions that leave the board as it is, in 2 and 4 players and with the expansions."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.warchest.ai.evaluate import board_part, evaluate, zones_part
from warchest_bot.games.warchest.ai.greedy import (
    FOLLOWUP_DEPTH,
    acting_team,
    action_scores,
    child,
    settled_score,
)
from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.engine.actions import FACE_DOWN_KINDS


def _positions(players: int, expansions: str, seeds: range) -> list[GameState]:
    out = []
    for seed in seeds:
        g = GameState.new(Options(players=players, units="random", seed=seed, expansions=expansions))
        rnd = random.Random(seed)
        while not g.is_terminal() and g.ply < 90:
            if g.phase != "draft" and len(g.legal_actions()) > 1 and g.ply % 3 == 0:
                out.append(g.clone())
            g.apply(rnd.choice(g.legal_actions()))
    return out


@pytest.mark.parametrize(("players", "expansions"), [(2, ""), (4, ""), (2, "nobility,siege"), (4, "siege")])
def test_action_scores_are_the_settled_scores_of_the_children(players: int, expansions: str) -> None:
    face_down = 0
    for g in _positions(players, expansions, range(3)):
        legal = g.legal_actions()
        team = acting_team(g)
        expected = [settled_score(child(g, a), team, FOLLOWUP_DEPTH) for a in legal]
        assert action_scores(g, legal) == pytest.approx(expected, abs=1e-9)
        face_down += sum(a.kind in FACE_DOWN_KINDS for a in legal)
    assert face_down > 20  # the shortcut was taken


def test_evaluate_is_board_part_plus_zones_part() -> None:
    for g in _positions(2, "nobility", range(2)):
        board, on_board = board_part(g)
        assert evaluate(g) == pytest.approx(board + zones_part(g, on_board), abs=1e-12)
        # The board part does not change when a coin is played face down (same team to move).
        mover = g.team_of[g.current_player]
        for a in g.legal_actions():
            c = child(g, a)
            seat = c.current_player
            if a.kind in FACE_DOWN_KINDS and not c.pending and seat is not None and c.team_of[seat] == mover:
                assert board_part(c)[0] == pytest.approx(board, abs=1e-12)
