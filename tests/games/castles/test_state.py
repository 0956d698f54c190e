"""The immutable position values of Castles: counts, board, squares and the rules' data."""

from __future__ import annotations

import pytest

from warchest_bot.games.castles.rules import CARD_CODES, UNITS, card_cost
from warchest_bot.games.castles.state import (
    ALL_SQUARES,
    Board,
    PieceCounts,
    Roll,
    Unit,
    square_coords,
    square_name,
)


def test_squares_round_trip_and_off_board_names_are_refused() -> None:
    assert len(ALL_SQUARES) == 49
    assert all(square_name(*square_coords(sq)) == sq for sq in ALL_SQUARES)
    for bad in ("h1", "a0", "a8", "", "b", "b12"):
        with pytest.raises(ValueError):
            square_coords(bad)


def test_piece_counts_add_take_and_refuse_below_zero() -> None:
    bag = PieceCounts.of(["So"] * 4)
    assert bag["So"] == 4 and bag.total() == 4 and bag.types() == ("So",)
    bag = bag.add("Kn").add("So", -1)
    assert bag.as_dict() == {"So": 3, "Kn": 1}
    assert PieceCounts.from_dict(bag.as_dict()) == bag
    with pytest.raises(ValueError):
        bag.add("Ar", -1)


def test_board_holds_one_unit_per_square() -> None:
    board = Board().place("c3", Unit(0, "So")).place("a1", Unit(1, "Kn"))
    assert [sq for sq, _ in board.units] == ["a1", "c3"]
    with pytest.raises(ValueError):
        board.place("c3", Unit(1, "Ar"))
    moved = board.move("c3", "c4")
    assert moved.at("c3") is None and moved.at("c4") == Unit(0, "So")
    assert board.of(1) == (("a1", Unit(1, "Kn")),)


def test_rules_data_gives_the_texts_attack_numbers_and_sixteen_cards() -> None:
    attack = {u.code: u.attack for u in UNITS}
    assert (attack["So"], attack["Ar"], attack["Kn"]) == (2, 3, 4)
    assert len(UNITS) == 8 and len(CARD_CODES) == 16
    assert all(card_cost(code) >= 0 for code in CARD_CODES)
    assert Roll(0, "So", "c3", "c4", 2, 2).success and not Roll(0, "So", "c3", "c4", 2, 3).success
