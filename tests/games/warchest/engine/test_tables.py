"""The precomputed action tables (engine/tables.py) hold exactly the actions the rules would build anew."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.engine import BOARDS, Action
from warchest_bot.games.warchest.engine.actions import (
    ATTACK,
    BOLSTER,
    CLAIM,
    CONTROL,
    DEPLOY,
    MOVE,
    NO_COIN,
    PASS,
    RECRUIT,
    TACTIC,
)
from warchest_bot.games.warchest.engine.tables import (
    BOLSTER_ACTIONS,
    CAVALRY_STRIKES,
    CLAIM_ACTIONS,
    CONTROL_ACTIONS,
    DEPLOY_ACTIONS,
    LIGHT_CAVALRY_REACH,
    NEIGHBOR_ATTACKS,
    NEIGHBOR_MOVES,
    NEIGHBOR_STEPS,
    NEIGHBOR_TACTICS,
    PASS_ACTIONS,
    RECRUIT_ACTIONS,
    ROYAL_GUARD_REACH,
    TWO_STEPS,
)
from warchest_bot.games.warchest.engine.units import (
    CAVALRY,
    ENSIGN,
    LIGHT_CAVALRY,
    MARSHALL,
    NUM_COIN_TYPES,
    ROYAL,
)

COINS = [*range(NUM_COIN_TYPES), NO_COIN]


def test_single_hex_and_coin_tables() -> None:
    for c in COINS:
        assert PASS_ACTIONS[c] == Action(PASS, c)
        assert CLAIM_ACTIONS[c] == Action(CLAIM, c)
        for u in range(NUM_COIN_TYPES):
            assert RECRUIT_ACTIONS[c][u] == Action(RECRUIT, c, (), u)
        for h in range(47):
            assert DEPLOY_ACTIONS[c][h] == Action(DEPLOY, c, (h,))
            assert BOLSTER_ACTIONS[c][h] == Action(BOLSTER, c, (h,))
            assert CONTROL_ACTIONS[c][h] == Action(CONTROL, c, (h,))
    assert PASS_ACTIONS[NO_COIN].coin == NO_COIN and PASS_ACTIONS[0].coin == 0


@pytest.mark.parametrize("players", [2, 4])
def test_neighbor_tables_follow_the_board(players: int) -> None:
    board = BOARDS[players]
    for c in COINS:
        for h in range(47):
            assert NEIGHBOR_MOVES[players][c][h] == tuple(
                (t, Action(MOVE, c, (h, t))) for t in board.neighbors[h]
            )
            assert NEIGHBOR_ATTACKS[players][c][h] == tuple(
                (t, Action(ATTACK, c, (h, t))) for t in board.neighbors[h]
            )
            assert NEIGHBOR_STEPS[players][c][h] == tuple(
                (t, Action(MOVE, c, (h, t)), Action(ATTACK, c, (h, t))) for t in board.neighbors[h]
            )


@pytest.mark.parametrize("players", [2, 4])
def test_two_step_and_royal_guard_tables(players: int) -> None:
    board = BOARDS[players]
    for h in board.hexes:
        far = [t for t in board.hexes if board.distance(h, t) == 2]
        assert [t for t, _ in TWO_STEPS[players][h]] == far
        for t, vias in TWO_STEPS[players][h]:
            assert vias and all(board.distance(h, v) == 1 and board.distance(v, t) == 1 for v in vias)
            assert set(vias) == {v for v in board.neighbors[h] if t in board.neighbors[v]}
        reach = ROYAL_GUARD_REACH[players][h]
        assert [t for t, _, _ in reach] == [t for t in board.locations if 1 <= board.distance(h, t) <= 2]
        for t, vias, action in reach:
            assert action == Action(TACTIC, ROYAL, (h, t))
            assert (vias is None) == (board.distance(h, t) == 1)


@pytest.mark.parametrize("players", [2, 4])
def test_tactic_tables(players: int) -> None:
    """The Ensign's and Marshall's orders, the Light Cavalry's two-hex moves and the Cavalry's move-and-attack
    hold the actions their tactics built anew, in the order they looked at the hexes."""
    board = BOARDS[players]
    for h in range(47):
        for coin in (ENSIGN, MARSHALL):
            assert NEIGHBOR_TACTICS[coin][players][h] == tuple(
                (t, Action(TACTIC, coin, (h, t))) for t in board.neighbors[h]
            )
        assert CAVALRY_STRIKES[players][h] == tuple(
            (t, tuple((x, Action(TACTIC, CAVALRY, (h, t, x))) for x in board.neighbors[t]))
            for t in board.neighbors[h]
        )
        assert LIGHT_CAVALRY_REACH[players][h] == tuple(
            (far, vias, Action(TACTIC, LIGHT_CAVALRY, (h, far))) for far, vias in TWO_STEPS[players][h]
        )
