"""One test per movement decision of §2.6 (D-MV-1..7) and §2.2's "a move must change the square"."""

from __future__ import annotations

from tests.games.units.helpers import attacks, board, dests, marches, names, sq
from warchest_bot.games.units import UNIT_TYPES, unit_moves


def test_d_mv_1_no_en_passant() -> None:
    # Black has just played d7-d5 next to the white Pawn on e5: d6 is not a capture.
    b = board((0, "Pa", "e5"), (1, "Pa", "d5"))
    assert dests(b, "e5") == names("e6")
    assert attacks(b, "e5") == set()


def test_d_mv_2_phantom_and_warlord_never_end_on_their_origin() -> None:
    for code in ("Ph", "Wa"):
        for origin in ("d4", "a1", "e1", "h8"):
            assert origin not in dests(board((0, code, origin)), origin)


def test_d_mv_3_anointed_two_step_is_blockable() -> None:
    assert "f6" not in dests(board((0, "An", "d4"), (1, "Pa", "e5")), "d4")
    assert "f6" not in dests(board((0, "An", "d4"), (0, "Pa", "e5")), "d4")
    assert "f6" in dests(board((0, "An", "d4")), "d4")


def test_d_mv_4_charger_cannot_pass_an_enemy_without_capturing_it() -> None:
    b = board((0, "Cr", "d4"), (1, "Pa", "d5"), (1, "Kn", "d7"))
    moves = [m for m in unit_moves(b, sq("d4")) if m.dest in (sq("d5"), sq("d6"), sq("d7"))]
    assert [(m.dest, m.captures) for m in moves] == [
        (sq("d5"), (sq("d5"),)),
        (sq("d6"), (sq("d5"),)),
        (sq("d7"), (sq("d5"), sq("d7"))),
    ]
    # The rest of its moves are marches; a friendly unit ends the line before it.
    b = board((0, "Cr", "d4"), (0, "Pa", "d6"), (1, "Pa", "d5"), (1, "Pa", "e4"), (0, "Pa", "f4"))
    assert attacks(b, "d4") == {("d5", ("d5",)), ("e4", ("e4",))}
    assert marches(b, "d4") == names("d1 d2 d3 a4 b4 c4")


def test_d_mv_5_striker_rides_straight_backward_only() -> None:
    b = board((0, "St", "d6"))
    assert marches(b, "d6") == names("c7 d7 e7 d5 d4 d3 d2 d1")
    # Backward moves are marches only: an enemy behind it blocks and is not captured.
    b = board((0, "St", "d6"), (1, "Pa", "d4"), (1, "Pa", "c5"), (1, "Pa", "e5"))
    assert marches(b, "d6") == names("c7 d7 e7 d5")
    assert attacks(b, "d6") == set()


def test_d_mv_6_warlord_middle_square_must_be_empty() -> None:
    # f6 only via e5: an enemy there may be attacked, but the Warlord cannot go on after a capture.
    b = board((0, "Wa", "d4"), (1, "Pa", "e5"))
    assert ("e5", ("e5",)) in attacks(b, "d4")
    assert "f6" not in dests(b, "d4")
    assert "f6" not in dests(board((0, "Wa", "d4"), (0, "Pa", "e5")), "d4")


def test_d_mv_7_gryphon_second_leg_goes_outward_only() -> None:
    # Inward (135°) rides from e5 would reach d5, c5 (and from other first steps c4, e4, d3 ...).
    d = dests(board((0, "Gr", "d4")), "d4")
    assert not names("d5 c4 e4 d3 d6 b4 f4 d2") & d
    # From a1 the only first step is b2; it rides to c2..h2 and b3..b8, never back to a2 or b1.
    assert dests(board((0, "Gr", "a1")), "a1") == names("b2 c2 d2 e2 f2 g2 h2 b3 b4 b5 b6 b7 b8")


def test_d_mv_7_sphinx_second_leg_goes_outward_only() -> None:
    """For the Sphinx the decision cannot be seen: an inward ride from o+s starts on the neighbouring
    straight step and then follows that step's outward diagonal, so it would reach the same squares past
    the same blockers. The exact sets still pin the geometry."""
    # From a1: a2 then b3..g8, b1 then c2..h7.
    b = board((0, "Sx", "a1"), (0, "Pa", "b1"))
    assert dests(b, "a1") == names("a2 b3 c4 d5 e6 f7 g8")
    b = board((0, "Sx", "a1"), (0, "Pa", "a2"))
    assert dests(b, "a1") == names("b1 c2 d3 e4 f5 g6 h7")


def test_a_move_must_change_the_square() -> None:
    """§2.2 (D-MV-2): no unit's move ends where it started, except the Oracle's shot, which is an
    attack that leaves the Oracle in place; the Spy never swaps with itself."""
    for unit in UNIT_TYPES:
        others = [(0, "Ki", "a1"), (0, "Pa", "h2"), (1, "Pa", "d6"), (1, "Pa", "f4"), (1, "Pa", "b2")]
        b = board((0, unit.code, "d4"), *others)
        for m in unit_moves(b, sq("d4")):
            if m.dest == m.origin:
                assert unit.code == "Or" and m.captures
    oracle = board((0, "Or", "d4"), (1, "Pa", "d6"))
    assert [(m.dest, m.captures) for m in unit_moves(oracle, sq("d4")) if m.captures] == [
        (sq("d4"), (sq("d6"),))
    ]
    assert dests(board((0, "Sp", "d4")), "d4") == set()
