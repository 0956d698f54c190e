"""Castles notation (round trips, typed errors), the JSON position format, views and the game interface."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from warchest_bot.games.base import (
    ActionTextError,
    BadOptionsError,
    GameState,
    IllegalActionTextError,
    LogReplayError,
    UnparseableActionError,
)
from warchest_bot.games.castles.codec import (
    PositionFormatError,
    position_from_json,
    position_from_view,
    position_to_json,
)
from warchest_bot.games.castles.engine import CastlesAction
from warchest_bot.games.castles.entry import CASTLES
from warchest_bot.games.castles.notation import format_action, read_action
from warchest_bot.games.castles.state import Side

from .helpers import GAME, play, side, state_of, turn

SEED = 0x5EED_1234_5678_9ABC


def random_line(seed: int, plies: int, choice_seed: int) -> tuple[object, list[str]]:
    state = GAME.new_state({}, seed)
    rnd = random.Random(choice_seed)
    log: list[str] = []
    while len(log) < plies and not state.is_terminal():
        action = rnd.choice(state.legal_actions())
        log.append(GAME.format_action(state, action))
        state.apply(action)
    return state, log


@pytest.mark.parametrize(
    "text",
    [
        "pick Kn",
        "deploy So b2",
        "So b2-b3",
        "Ar c3xc5",
        "skip",
        "end",
        "Tx",
        "Sb",
        "Mu",
        "Cg",
        "Rc Ar Kn",
        "Rc Ar",
        "Ma Sc a2-a4",
        "Cm Kn d3xe5",
        "Rf Ch b1",
    ],
)
def test_every_form_of_the_notation_round_trips(text: str) -> None:
    assert format_action(read_action(text)) == text
    assert format_action(read_action(text.upper())) == text  # any case


@pytest.mark.parametrize(
    "text",
    ["", "pick", "pick Zz", "So b2", "So b2-b9", "Tx b1", "Rc", "Ma So b2xb3", "Cm So b2-b3", "deploy b2"],
)
def test_text_that_is_no_action_is_an_unparseable_error(text: str) -> None:
    with pytest.raises(UnparseableActionError) as err:
        read_action(text)
    assert err.value.text == text and err.value.reason


def test_an_action_not_legal_now_is_an_illegal_text_error() -> None:
    state = GAME.new_state({}, 1)
    with pytest.raises(IllegalActionTextError):
        GAME.parse_action(state, "So b2-b3")
    card = state.position.side(0).hand[0]
    assert GAME.parse_action(state, f"pick {card.lower()}") == CastlesAction("pick", card)


def test_unit_names_stand_for_codes_when_the_game_knows_them() -> None:
    state = state_of(turn({"c3": (0, "So")}, sides=(side(drawn=("So",)), side())))
    assert GAME.parse_action(state, "so c3-c4") == CastlesAction("move", "", "So", "c3", "c4")


@pytest.mark.parametrize("plies", [0, 5, 30, 90])
def test_legal_actions_round_trip_through_their_text(plies: int) -> None:
    state, _ = random_line(SEED, plies, plies)
    for action in state.legal_actions():  # type: ignore[attr-defined]
        assert GAME.parse_action(state, GAME.format_action(state, action)) == action
    choices = GAME.action_choices(state)
    assert [c.action for c in choices] == list(state.legal_actions())  # type: ignore[attr-defined]


def test_json_positions_round_trip_and_bad_data_is_a_typed_error() -> None:
    state, _ = random_line(SEED, 60, 2)
    data = position_to_json(state.position)  # type: ignore[attr-defined]
    assert position_from_json(json.loads(json.dumps(data))) == state.position  # type: ignore[attr-defined]
    for broken in (
        [],
        {**data, "format": "castles/0"},
        {**data, "board": [["z9", 0, "So"]]},
        {**data, "board": [["a1", 0, "So"], ["a1", 1, "Kn"]]},
        {**data, "to_move": 2},
        {**data, "castles": []},
        {**data, "phase": "lunch"},
        {**data, "sides": [data["sides"][0], {**data["sides"][1], "coins": 11}]},
        {**data, "sides": [data["sides"][0], {**data["sides"][1], "bag": {"Xx": 1}}]},
    ):
        with pytest.raises(PositionFormatError):
            position_from_json(broken)


def test_views_hide_hands_decks_and_the_seed() -> None:
    for plies in (0, 1, 12, 80):
        state, _ = random_line(SEED, plies, 3)
        pos = state.position  # type: ignore[attr-defined]
        for seat in (None, 0, 1):
            view = state.view_for(seat)  # type: ignore[attr-defined]
            text = json.dumps(view)
            assert str(SEED) not in text and "seed" not in text and "rng" not in text
            for n in (0, 1):
                shown = view["sides"][n]
                assert shown["deck"] == len(pos.side(n).deck)  # a count, never the order
                if n == seat:
                    assert shown["hand"] == list(pos.side(n).hand)
                else:
                    assert shown["hand"] is None and shown["hand_count"] == len(pos.side(n).hand)


def test_a_view_makes_a_position_that_keeps_what_the_seat_knows() -> None:
    state, _ = random_line(SEED, 25, 4)
    seat = state.current_player  # type: ignore[attr-defined]
    view = state.view_for(seat)  # type: ignore[attr-defined]
    guess = position_from_view(view, random.Random(1))
    real = state.position  # type: ignore[attr-defined]
    assert guess.board == real.board and guess.castles == real.castles and guess.ply == real.ply
    mine, really = guess.side(seat), real.side(seat)
    assert replace(mine, deck=()) == replace(really, deck=()) and sorted(mine.deck) == sorted(really.deck)
    # the other seat's cards are the ones it really has, dealt at random between hand, deck and face-down
    assert held(guess.side(1 - seat)) == held(real.side(1 - seat))
    assert len(guess.side(1 - seat).hand) == len(real.side(1 - seat).hand)


def held(s: Side) -> list[str]:
    """The cards a side holds out of sight: hand, deck and an unrevealed face-down card."""
    facedown = [s.facedown] if s.facedown and s.facedown not in s.discard else []
    return sorted([*s.hand, *s.deck, *facedown])


def test_the_game_interface_new_state_replay_and_snapshots() -> None:
    state = GAME.new_state({}, SEED)
    assert isinstance(state, GameState) and state.ply == 0 and state.current_player == 0
    assert GAME.new_state({}, SEED) == state
    with pytest.raises(BadOptionsError):
        GAME.new_state({"board": 9}, SEED)
    assert GAME.teams(2) == (0, 1)
    played, log = random_line(SEED, 150, 5)
    assert GAME.replay({}, SEED, log) == played
    assert GAME.restore(GAME.snapshot(played)) == played and GAME.snapshot_fits(played, {}, SEED)
    with pytest.raises(ActionTextError):
        GAME.replay({}, SEED, [*log[:-1], "zz qq99 ?!"])
    with pytest.raises((LogReplayError, ActionTextError)):
        GAME.replay({}, SEED, ["end"])


def test_an_attack_is_announced_with_its_roll() -> None:
    pos = turn({"d3": (0, "So"), "d4": (1, "Sc")}, sides=(side(drawn=("So",)), side(drawn=("So",))))
    before = state_of(pos, 5)
    after = play(before.clone(), "So d3xd4")
    roll = after.position.last_roll
    assert roll is not None
    said = CASTLES.announce(before, GAME.parse_action(before, "So d3xd4"), after, 0)
    assert said.public.key == ("castles.phrase.attack_hit" if roll.success else "castles.phrase.attack_miss")
    assert said.public.params == {"action": "So d3xd4", "roll": roll.value, "need": 2}
    assert GAME.drew(before, after)
    assert (
        GAME.describe_last_action(before, after, GAME.parse_action(before, "So d3xd4"), 0)["roll"]["value"]
        == roll.value
    )
