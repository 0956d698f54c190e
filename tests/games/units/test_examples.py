"""Every worked example of §2.3 of the rules reference, as fixed positions with the exact destinations
and captures (player 0 unless the example says P1; "F" = a friendly unit, "E" = an enemy one; their type
does not matter, Pawns are used)."""

from __future__ import annotations

from tests.games.units.helpers import attacks, board, dests, marches, names, sq
from warchest_bot.games.units import UnitMove, unit_moves


def F(square: str) -> tuple[int, str, str]:  # noqa: N802
    return (0, "Pa", square)


def E(square: str) -> tuple[int, str, str]:  # noqa: N802
    return (1, "Pa", square)


# Acolyte


def test_acolyte_from_d4() -> None:
    assert marches(board((0, "Ac", "d4")), "d4") == names("b2 b4 b6 c3 c5 e3 e5 f2 f4 f6")


def test_acolyte_leaps_over_e4_to_f4_and_never_goes_straight_forward_or_back() -> None:
    b = board((0, "Ac", "d4"), F("e4"), E("d5"), E("d6"), E("d2"))
    assert "f4" in marches(b, "d4")
    assert not {"d6", "d2", "d5"} & dests(b, "d4")


def test_acolyte_from_a1() -> None:
    assert marches(board((0, "Ac", "a1")), "a1") == names("b2 c3 c1")


# Anointed


def test_anointed_from_d4() -> None:
    assert marches(board((0, "An", "d4")), "d4") == names("b2 b6 c3 c5 e3 e5 f2 f6")


def test_anointed_is_blocked_d_mv_3() -> None:
    b = board((0, "An", "c1"), F("d2"))
    assert dests(b, "c1") == names("b2 a3")


# Banshee


def test_banshee_from_a1() -> None:
    assert marches(board((0, "Ba", "a1")), "a1") == names("b2 c3 d4 e5 f6 g7 h8 b3 c5 d7 c2 e3 g4")


def test_banshee_from_a1_with_an_enemy_on_c3() -> None:
    b = board((0, "Ba", "a1"), E("c3"))
    assert marches(b, "a1") == names("b2 b3 c5 d7 c2 e3 g4")
    assert attacks(b, "a1") == {("c3", ("c3",))}


# Bishop


def test_bishop_from_d4() -> None:
    assert marches(board((0, "Bi", "d4")), "d4") == names("a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1")


# Chancellor


def test_chancellor_boxed_in_still_leaps() -> None:
    b = board((0, "Ch", "a1"), F("a2"), F("b1"), F("b2"))
    assert dests(b, "a1") == names("b3 c2")


# Charger


def test_charger_captures_everything_on_its_line() -> None:
    b = board((0, "Cr", "a1"), E("a2"), E("a4"))
    assert attacks(b, "a1") == {("a2", ("a2",)), ("a3", ("a2",)), ("a4", ("a2", "a4"))}
    assert marches(b, "a1") == names("b1 c1 d1")


def test_charger_stops_before_a_friendly_unit() -> None:
    b = board((0, "Cr", "a1"), E("a2"), F("a3"))
    assert attacks(b, "a1") == {("a2", ("a2",))}
    assert marches(b, "a1") == names("b1 c1 d1")


def test_charger_from_d4_on_an_empty_board() -> None:
    assert marches(board((0, "Cr", "d4")), "d4") == names("d1 d2 d3 d5 d6 d7 a4 b4 c4 e4 f4 g4")


# Dragoon


def test_dragoon_from_d4() -> None:
    expected = names("c3 c4 c5 d3 d5 e3 e4 e5 b3 b5 c2 c6 e2 e6 f3 f5")
    assert marches(board((0, "Dr", "d4")), "d4") == expected


# Gryphon


def test_gryphon_from_d4() -> None:
    expected = names("c3 c5 e3 e5 f5 g5 h5 e6 e7 e8 b5 a5 c6 c7 c8 f3 g3 h3 e2 e1 b3 a3 c2 c1")
    assert marches(board((0, "Gr", "d4")), "d4") == expected


def test_gryphon_stops_on_a_capture() -> None:
    b = board((0, "Gr", "d4"), E("e5"))
    assert attacks(b, "d4") == {("e5", ("e5",))}
    assert not names("f5 g5 h5 e6 e7 e8") & dests(b, "d4")
    assert len(marches(b, "d4")) == 24 - 7


# Hero


def test_hero_from_a1() -> None:
    assert marches(board((0, "He", "a1")), "a1") == names("b4 d2 c4 d3")


def test_hero_from_d4() -> None:
    expected = names("a2 a3 a5 a6 b1 b7 c1 c7 e1 e7 f1 f7 g2 g3 g5 g6")
    assert marches(board((0, "He", "d4")), "d4") == expected


# Monk


def test_monk_example() -> None:
    b = board((0, "Mo", "d4"), E("d5"), E("f4"), F("c4"), F("b4"))
    assert marches(b, "d4") == names("c3 c5 e3 e5 d2")
    assert attacks(b, "d4") == {("f4", ("f4",))}


# Nightrider


def test_nightrider_from_a1() -> None:
    assert marches(board((0, "Ni", "a1")), "a1") == names("b3 c5 d7 c2 e3 g4")


def test_nightrider_needs_empty_landings() -> None:
    assert not names("c5 d7") & dests(board((0, "Ni", "a1"), F("b3")), "a1")
    b = board((0, "Ni", "a1"), E("c5"))
    assert "d7" not in dests(b, "a1")
    assert ("c5", ("c5",)) in attacks(b, "a1")
    assert names("b3 c5 d7") <= dests(board((0, "Ni", "a1"), E("d7")), "a1")


# Oracle


def test_oracle_example() -> None:
    b = board((0, "Or", "d4"), E("d6"), E("f6"), E("f4"), E("c4"), F("e5"))
    assert marches(b, "d4") == names("c3 c5 e3")
    assert attacks(b, "d4") == {("d4", ("d6",)), ("d4", ("f4",))}


# Pawn


def test_pawn_on_its_first_rank_may_double_step() -> None:
    assert marches(board((0, "Pa", "e1")), "e1") == names("e2 e3")
    assert marches(board((0, "Pa", "e1"), E("e3")), "e1") == names("e2")
    assert marches(board((0, "Pa", "e1"), E("e2")), "e1") == set()


def test_blocked_pawn_still_captures_diagonally() -> None:
    b = board((0, "Pa", "e2"), E("e3"), E("d3"), E("f3"))
    assert marches(b, "e2") == set()
    assert attacks(b, "e2") == {("d3", ("d3",)), ("f3", ("f3",))}


def test_p1_pawn_moves_down() -> None:
    assert marches(board((1, "Pa", "d7")), "d7") == names("d6 d5")
    assert marches(board((1, "Pa", "d7"), F("d5")), "d7") == names("d6")
    b = board((1, "Pa", "d7"), F("c6"), F("e6"), F("d6"))  # F is player 0: P1's enemy
    assert attacks(b, "d7") == {("c6", ("c6",)), ("e6", ("e6",))}
    assert marches(b, "d7") == set()


# Phantom


def test_phantom_reaches_e3_through_c2_or_g2() -> None:
    assert "e3" not in dests(board((0, "Ph", "e1"), F("c2"), F("g2")), "e1")
    assert "e3" in dests(board((0, "Ph", "e1"), F("c2"), F("e2")), "e1")
    assert "e3" in dests(board((0, "Ph", "e1"), F("g2"), E("e2")), "e1")


def test_phantom_from_e1() -> None:
    expected = names("a1 a3 b2 b4 c1 c5 d2 d4 e3 e5 f2 f4 g1 g5 h2 h4")
    assert marches(board((0, "Ph", "e1")), "e1") == expected


def test_phantom_from_d4() -> None:
    moves = unit_moves(board((0, "Ph", "d4")), sq("d4"))
    assert len(moves) == 26 == len({m.dest for m in moves})


# Sniper


def test_sniper_example() -> None:
    b = board((0, "Sn", "d1"), E("d2"), E("f3"), E("a4"), E("h5"), F("g4"))
    assert attacks(b, "d1") == {("f3", ("f3",)), ("a4", ("a4",))}
    assert marches(b, "d1") == names("c1 b1 e1 f1 c2 b3 e2")


# Sphinx


def test_sphinx_from_d4() -> None:
    expected = names("d5 c6 b7 a8 e6 f7 g8 e4 f5 g6 h7 f3 g2 h1 d3 c2 b1 e2 f1 c4 b5 a6 b3 a2")
    assert marches(board((0, "Sx", "d4")), "d4") == expected


def test_sphinx_friendly_on_d5_closes_that_branch() -> None:
    b = board((0, "Sx", "d4"), F("d5"))
    assert not names("d5 c6 b7 a8 e6 f7 g8") & dests(b, "d4")
    assert len(dests(b, "d4")) == 24 - 7


# Spy


def test_spy_example() -> None:
    b = board((0, "Sp", "e4"), (0, "Ki", "e1"), F("a2"), (0, "Ro", "d3"), E("f5"))
    moves = unit_moves(b, sq("e4"))
    assert {m for m in moves if not m.captures} == {
        UnitMove(sq("e4"), sq(s), (), True) for s in ("e1", "a2", "d3")
    }
    assert attacks(b, "e4") == {("f5", ("f5",))}


# Striker


def test_striker_example_p0() -> None:
    b = board((0, "St", "d4"), F("d2"), F("c5"), E("e5"))
    assert marches(b, "d4") == names("d5 d3")
    assert attacks(b, "d4") == {("e5", ("e5",))}


def test_striker_example_p1() -> None:
    b = board((1, "St", "e5"), (1, "Ki", "e8"), (0, "Pa", "d4"))
    assert marches(b, "e5") == names("e4 f4 e6 e7")
    assert attacks(b, "e5") == {("d4", ("d4",))}


# Warlord


def test_warlord_reaches_two_squares_away_through_any_empty_middle() -> None:
    full = board((0, "Wa", "d4"), F("c5"), F("d5"), F("e5"))
    assert "d6" not in dests(full, "d4")
    for free in ("c5", "d5", "e5"):
        b = board((0, "Wa", "d4"), *(F(s) for s in ("c5", "d5", "e5") if s != free))
        assert "d6" in dests(b, "d4")
    assert "f5" in dests(board((0, "Wa", "d4"), F("e5")), "d4")
    assert "f5" in dests(board((0, "Wa", "d4"), F("e4")), "d4")
    assert "f5" not in dests(board((0, "Wa", "d4"), F("e4"), F("e5")), "d4")


def test_warlord_f6_only_via_e5() -> None:
    b = board((0, "Wa", "d4"), F("e5"))
    assert "f6" not in dests(b, "d4")
    assert "f5" in dests(b, "d4")
    others = names("c3 c4 c5 d3 d5 e3 e4 e6 f4 f5 d6 f3")
    assert "f6" in dests(board((0, "Wa", "d4"), *(F(s) for s in others)), "d4")


def test_warlord_on_an_empty_board() -> None:
    moves = unit_moves(board((0, "Wa", "d4")), sq("d4"))
    assert {m.dest for m in moves} == {
        r * 8 + f for r in range(1, 6) for f in range(1, 6) if (r, f) != (3, 3)
    }
    assert len(moves) == 24
