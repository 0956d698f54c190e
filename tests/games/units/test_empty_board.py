"""§2.4 of the rules reference: move counts of every unit alone on an empty board, from d4, a1 and h8,
for both players.

Player 0's column is §2.4's table. Player 1's is worked out from the prose (§0.2: the board is mirrored
for player 1, forward = down): only the Pawn and the Striker have a forward, so every other unit keeps
player 0's numbers. Pawn P1: d4 is its relative rank 5 (d3 only), a1 its relative rank 8 (nothing
ahead), h8 its relative rank 1 (h7, or h6 by the double step). Striker P1: from d4 c3 d3 e3 forward and
d5-d8 backward (7); from a1 nothing forward, a2-a8 backward (7); from h8 g7 h7 forward and nothing
backward (2).
"""

from __future__ import annotations

import pytest

from tests.games.units.helpers import board, sq
from warchest_bot.games.units import UNIT_TYPES, unit_moves

# code: (d4, a1, h8) for player 0 (§2.4) and for player 1.
COUNTS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "Ac": ((10, 3, 3), (10, 3, 3)),
    "An": ((8, 2, 2), (8, 2, 2)),
    "Ba": ((25, 13, 13), (25, 13, 13)),
    "Bi": ((13, 7, 7), (13, 7, 7)),
    "Ch": ((22, 16, 16), (22, 16, 16)),
    "Cr": ((12, 6, 6), (12, 6, 6)),
    "Dr": ((16, 5, 5), (16, 5, 5)),
    "Gr": ((24, 13, 13), (24, 13, 13)),
    "He": ((16, 4, 4), (16, 4, 4)),
    "Im": ((8, 3, 3), (8, 3, 3)),
    "Ki": ((8, 3, 3), (8, 3, 3)),
    "Kn": ((8, 2, 2), (8, 2, 2)),
    "Mo": ((8, 3, 3), (8, 3, 3)),
    "Ni": ((12, 6, 6), (12, 6, 6)),
    "Or": ((4, 1, 1), (4, 1, 1)),
    "Pa": ((1, 2, 0), (1, 0, 2)),
    "Ph": ((26, 9, 9), (26, 9, 9)),
    "Qu": ((27, 21, 21), (27, 21, 21)),
    "Ro": ((14, 14, 14), (14, 14, 14)),
    "Sn": ((16, 6, 6), (16, 6, 6)),
    "Sx": ((24, 14, 14), (24, 14, 14)),
    "Sp": ((0, 0, 0), (0, 0, 0)),
    "St": ((6, 2, 7), (7, 7, 2)),
    "Wa": ((24, 8, 8), (24, 8, 8)),
}


def test_the_table_covers_every_unit() -> None:
    assert set(COUNTS) == {u.code for u in UNIT_TYPES}


@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("code", sorted(COUNTS))
def test_empty_board_counts(code: str, owner: int) -> None:
    got = tuple(len(unit_moves(board((owner, code, s)), sq(s))) for s in ("d4", "a1", "h8"))
    assert got == COUNTS[code][owner]


@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("code", sorted(COUNTS))
def test_empty_board_moves_are_marches(code: str, owner: int) -> None:
    for s in ("d4", "a1", "h8"):
        moves = unit_moves(board((owner, code, s)), sq(s))
        assert all(not m.captures and not m.swap and m.origin == sq(s) != m.dest for m in moves)
        assert len({m.dest for m in moves}) == len(moves)
