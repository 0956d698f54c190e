"""Properties of every unit's moves on random boards: no move leaves the board or ends on a friendly unit
(except a Spy's swap), attacks capture only enemies, marches end on empty squares, only the Oracle's shot
ends on its origin, no duplicates, a deterministic order, and player 1's moves are player 0's mirrored."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warchest_bot.games.units import UNIT_TYPES, unit_moves

CODES = [u.code for u in UNIT_TYPES]
pieces = st.tuples(st.integers(0, 1), st.sampled_from(CODES))
boards = st.dictionaries(st.integers(0, 63), pieces, max_size=40).map(lambda d: [d.get(s) for s in range(64)])


def mirror(square: int) -> int:
    return (7 - square // 8) * 8 + square % 8


def check(board: list[tuple[int, str] | None], origin: int) -> None:
    owner, code = board[origin]  # type: ignore[misc]
    moves = unit_moves(board, origin)
    assert moves == unit_moves(board, origin)
    assert len({(m.origin, m.dest, m.captures, m.swap) for m in moves}) == len(moves)
    for m in moves:
        assert m.origin == origin
        assert 0 <= m.dest < 64
        target = board[m.dest]
        if m.swap:
            assert code == "Sp" and not m.captures
            assert m.dest != origin and target is not None and target[0] == owner
            continue
        for c in m.captures:
            assert 0 <= c < 64 and board[c] is not None and board[c][0] != owner  # type: ignore[index]
        assert len(set(m.captures)) == len(m.captures)
        if m.dest == origin:
            assert code == "Or" and len(m.captures) == 1
        elif m.captures:
            assert target is None or m.dest in m.captures
            if code != "Cr":
                assert m.captures == (m.dest,)
        else:
            assert target is None


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(boards, st.integers(0, 63), pieces)
def test_moves_respect_the_general_rules(board, origin, piece) -> None:
    board[origin] = piece
    check(board, origin)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(boards, st.integers(0, 63), pieces)
def test_player_1_moves_are_player_0_moves_mirrored(board, origin, piece) -> None:
    board[origin] = piece
    flipped = [None if p is None else (1 - p[0], p[1]) for p in (board[mirror(s)] for s in range(64))]
    ours = {(m.dest, m.captures, m.swap) for m in unit_moves(board, origin)}
    theirs = {
        (mirror(m.dest), tuple(mirror(c) for c in m.captures), m.swap)
        for m in unit_moves(flipped, mirror(origin))
    }
    assert ours == theirs


def test_every_unit_on_every_square_of_a_crowded_board() -> None:
    # A fixed dense board: every square holds a unit; every unit type in turn on every square.
    base = [((s * 7) % 3 % 2, CODES[(s * 5) % len(CODES)]) for s in range(64)]
    for code in CODES:
        for origin in range(64):
            for owner in (0, 1):
                board = list(base)
                board[origin] = (owner, code)
                check(board, origin)
