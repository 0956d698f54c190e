"""Typed notation errors on bad input, stale actions and other seats' coins; the state never changes.
Also the format/parse round trip on the fixed positions of this suite's kind."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.engine import (
    AmbiguousActionError,
    IllegalActionError,
    IllegalNotationError,
    NotationError,
    UnparseableActionError,
)

from .conftest import play, pos


def sample():
    return pos(
        hand0=["Sw", "Pi", "RC"],
        board0={"f4": "Sw"},
        board1={"g4": ["Ar", 2]},
        hand1=["Ar"],
        supply0={"Pi": 1},
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "*",  # only the asterisk that marks a coin
        "hello world",
        "Sw fly e3",
        "Sw move z9",
        "Sw move e3 quickly",
        "Sw",
        "recruit",
        "Sw move b5",  # a hex of the 4-player board only
        "Sw move a1",  # not a hex at all
    ],
)
def test_garbage_is_unparseable_and_changes_nothing(text):
    g = sample()
    before = g.to_json()
    with pytest.raises(UnparseableActionError):
        g.parse_action(text)
    assert g.to_json() == before


def test_another_seats_coin_is_refused_with_a_reason():
    g = sample()
    before = g.to_json()
    with pytest.raises(IllegalNotationError, match="Archer is not one of seat 0's units"):
        g.parse_action("Ar pass")
    with pytest.raises(IllegalNotationError, match="no Crossbowman|not one of seat 0"):
        g.parse_action("Cr pass")
    assert g.to_json() == before


def test_coin_not_in_hand():
    g = pos(hand0=["Sw"], units0=["Pi"], board0={"f4": "Sw"})
    with pytest.raises(IllegalNotationError, match="no Pikeman coin in seat 0's hand"):
        g.parse_action("Pi pass")


def test_illegal_moves_say_why():
    g = sample()
    with pytest.raises(IllegalNotationError, match="occupied"):
        g.parse_action("Sw move f4-g4")
    with pytest.raises(IllegalNotationError, match="Royal Coin"):
        g.parse_action("RC deploy e2")
    with pytest.raises(IllegalNotationError, match="initiative"):
        g.parse_action("Sw claim")
    with pytest.raises(IllegalNotationError):
        g.parse_action("Sw attack f4xf5")


def test_ambiguous_input_lists_the_candidates():
    g = sample()
    with pytest.raises(AmbiguousActionError) as info:
        g.parse_action("pass")
    assert {a.kind for a in info.value.candidates} == {"pass"}
    assert len(info.value.candidates) == 3
    with pytest.raises(AmbiguousActionError):
        g.parse_action("Sw move")


def test_short_forms_parse():
    g = sample()
    assert g.format_action(g.parse_action("sw move e5")) == "Sw move f4-e5"
    assert g.format_action(g.parse_action("Swordsman attack g4")) == "Sw attack f4xg4"
    assert g.format_action(g.parse_action("royal coin recruit pikeman")) == "RC recruit Pi"


def test_stale_action_is_refused_and_changes_nothing():
    g = sample()
    stale = g.parse_action("Sw attack f4xg4")
    play(g, "Sw move f4-f5", "Ar pass")
    before = g.to_json()
    with pytest.raises(IllegalNotationError):
        g.parse_action("Sw attack f4xg4")
    with pytest.raises(IllegalActionError):
        g.apply(stale)
    assert g.to_json() == before


def test_wrong_seat_during_a_follow_up():
    g = pos(hand0=["Sw"], board0={"f4": "Sw"}, board1={"g4": ["Ar", 2]}, hand1=["Ar"])
    play(g, "Sw attack f4xg4")
    before = g.to_json()
    with pytest.raises(IllegalNotationError, match="follow-up"):
        g.parse_action("Ar pass")
    with pytest.raises(NotationError):
        g.parse_action("soak")
    assert g.to_json() == before


def test_game_over_refuses_everything():
    own = {"e2": 0, "h1": 0, "g3": 0, "h4": 0, "i2": 0, "d7": 1, "g6": 1}
    g = pos(hand0=["Sw", "Sw"], board0={"d4": "Sw"}, control=own, hand1=["Ar"])
    play(g, "Sw control d4")
    with pytest.raises(IllegalNotationError, match="over"):
        g.parse_action("Ar pass")


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_action_round_trips(players):
    if players == 2:
        g = pos(
            hand0=["Sw", "Fo", "RC"],
            board0={"f4": "Sw", "g3": "Fo", "c6": "Fo", "e2": "RG"},
            board1={"g4": "Ar", "e5": "Pi"},
            supply0={"Sw": 1, "RG": 1},
            initiative=1,
            turn=0,
            hand1=["Ar"],
        )
    else:
        g = pos(
            4,
            hand0=["Ma", "En", "RC"],
            board0={"f4": "Ma", "d4": "En"},
            board2={"g3": "Sw", "c4": "Kn"},
            board1={"h3": "Ar"},
            initiative=1,
            turn=0,
        )
    for a in g.legal_actions():
        assert g.parse_action(g.format_action(a)) == a
