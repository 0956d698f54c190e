"""Notation: the canonical forms, lenient reading (case, names, separators, short forms), typed errors,
round-trips over every legal action of many positions, and public text that hides a secret army."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.base import (
    ActionTextError,
    AmbiguousActionError,
    IllegalActionTextError,
    UnparseableActionError,
)
from warchest_bot.games.pointbuy.engine import PBState
from warchest_bot.games.pointbuy.notation import format_action, parse_action, public_text

from .helpers import GAME, position, random_game, royal_picker, sq


def test_canonical_forms() -> None:
    s = position(
        "w Ki a1",
        "w Kn b1",
        "w Ro h1",
        "w Cr c1",
        "w Or e4",
        "w Sp f4",
        "w Pa g7",
        "b Ki h8",
        "b Pa c2",
        "b Pa c3",
        "b Kn e6",
        "b Ro h5",
        barracks=(("Ro",), ()),
    )
    listed = {format_action(a) for a in s.legal_actions()}
    for text in (
        "Kn b1-a3",
        "Kn b1xc3",
        "Ro h1xh5",
        "Cr c1xc2",
        "Cr c1xc3",
        "Or e4xe6",
        "Sp f4<>a1",
        "Pa g7-g8",
        "Pa g7-g8=Qu",
        "Pa g7xh8=Ki",
        "deploy Ro d1",
    ):
        assert text in listed, text
    action = parse_action(s, "Cr c1xc3")
    assert action.move.captures == (sq("c2"), sq("c3")) and action.move.dest == sq("c3")
    shot = parse_action(s, "Or e4xe6")
    assert shot.move.dest == shot.move.origin == sq("e4") and shot.move.captures == (sq("e6"),)
    assert format_action(parse_action(s, "Kn b1-a3 draw?")) == "Kn b1-a3 draw?"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("kn B1-C3", "Kn b1-c3"),
        ("KNIGHT b1 c3", "Kn b1-c3"),
        ("Kn b1c3", "Kn b1-c3"),
        ("b1-c3", "Kn b1-c3"),
        ("  Kn   b1 -  c3  ", "Kn b1-c3"),
        ("kn c3", "Kn b1-c3"),
        ("Ro h1-h5", "Ro h1xh5"),
        ("rook xh5", "Ro h1xh5"),
        ("pa g7-g8=queen", "Pa g7-g8=Qu"),
        ("Pa g8 = qu", "Pa g7-g8=Qu"),
        ("g7xh8=KI", "Pa g7xh8=Ki"),
        ("DEPLOY ro D1", "deploy Ro d1"),
        ("sp f4-a1", "Sp f4<>a1"),
        ("kn b1-c3 DRAW?", "Kn b1-c3 draw?"),
        ("kn b1-c3 draw ?", None),
    ],
)
def test_reading_is_lenient(text: str, canonical: str | None) -> None:
    s = position(
        "w Ki a1", "w Kn b1", "w Ro h1", "w Sp f4", "w Pa g7", "b Ki h8", "b Ro h5", barracks=(("Ro",), ())
    )
    if canonical is None:
        with pytest.raises(ActionTextError):
            parse_action(s, text)
        return
    assert format_action(parse_action(s, text)) == canonical


def test_pick_and_army_reading() -> None:
    s = PBState({})
    assert format_action(parse_action(s, "PICK queen D1")) == "pick Qu d1"
    assert format_action(parse_action(s, "pick sp BARRACKS")) == "pick Sp barracks"
    s = PBState({"picking": "secret"})
    a = parse_action(s, "army sp barracks, KI E1,  qu d1 , Ro a1, Ro h1, Bi c1, Kn b1, Pa f1, Pa g1")
    assert format_action(a) == "army Ro a1, Kn b1, Bi c1, Qu d1, Ki e1, Pa f1, Pa g1, Ro h1, Sp barracks"
    assert format_action(a, public=True) == "army (secret)"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "zz qq99 ?!",
        "\x00",
        "x" * 50,
        "Kn",
        "Kn b1-",
        "Zz b1-c3",
        "Kn b1-i9",
        "pick",
        "deploy",
        "pick Qu d1 e1",
        "deploy Ro d1 e1",
        "accept",
        "draw?",
        "Kn b1-c3=Zz",
    ],
)
def test_text_that_is_no_action_is_unparseable(text: str) -> None:
    s = position("w Ki a1", "w Kn b1", "b Ki h8")
    with pytest.raises(UnparseableActionError) as err:
        parse_action(s, text)
    assert err.value.text == text and err.value.reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Kn b1-b3", "cannot reach"),
        ("Ro b1-b3", "not a Rook"),
        ("Kn c1-c3", "no unit on c1"),
        ("Ki h8-g8", "no unit on h8"),
        ("Kn b1-c3=Qu", "promote"),
        ("Qu d5", "none of your Queen"),
        ("deploy Ro d1", "no Rook in your Barracks"),
        ("pick Qu d1", "picking"),
        ("army Ki e1", "picking"),
        ("pass", "pass"),
        ("accept draw", "offer"),
    ],
)
def test_text_naming_no_legal_action_is_illegal_with_a_reason(text: str, reason: str) -> None:
    s = position("w Ki a1", "w Kn b1", "b Ki h8")
    with pytest.raises(IllegalActionTextError, match=reason):
        parse_action(s, text)


def test_ambiguous_text_lists_the_candidates() -> None:
    s = position("w Ki a1", "w Kn b1", "w Kn d1", "b Ki h8", barracks=(("Ro",), ()))
    with pytest.raises(AmbiguousActionError) as err:
        parse_action(s, "Kn c3")
    assert {format_action(a) for a in err.value.candidates} == {"Kn b1-c3", "Kn d1-c3"}
    with pytest.raises(AmbiguousActionError):
        parse_action(s, "deploy Ro")
    assert format_action(parse_action(s, "Kn a3")) == "Kn b1-a3"
    p = PBState({})
    with pytest.raises(AmbiguousActionError) as err:
        parse_action(p, "pick Qu")
    assert len(err.value.candidates) == 9


def test_over_game_refuses_every_action() -> None:
    s = position("w Ki e1", "w Qu d1", "b Ki d8")
    GAME.replay_onto(s, ["Qu d1xd8"])
    with pytest.raises(IllegalActionTextError, match="over"):
        parse_action(s, "Ki e1-e2")


def test_round_trip_over_every_legal_action_of_many_random_positions() -> None:
    rnd = random.Random(7)
    checked = 0
    for game in range(12):
        options = {"picking": "secret" if game % 2 else "open", "budget": rnd.choice([12, 38, 60])}
        state = GAME.new_state(options, 0)
        choose = royal_picker(random.Random(game))
        while not state.is_terminal() and state.turn < 50:
            for action in state.legal_actions():
                text = format_action(action)
                assert parse_action(state, text) == action, text
                public = format_action(action, public=True)
                assert public_text(text) == public
                assert (public == "army (secret)") == (action.kind == "army")
                if action.kind in ("move", "deploy", "pass"):
                    offer = parse_action(state, text + " draw?")
                    assert offer.offer_draw and offer in state.legal_actions()
                checked += 1
            state.apply(choose(state))
    assert checked > 3_000


def test_the_log_of_a_random_game_replays() -> None:
    state, log = random_game({"picking": "secret"}, 3)
    assert GAME.replay({"picking": "secret"}, 0, log) == state
    with pytest.raises(ActionTextError):
        GAME.replay({"picking": "secret"}, 0, [*log[:-1], "Kn z9-a1"])
