"""For the Crown positions, notation, views and invariants: the JSON position format expresses any moment
(mid-turn, a pending decision) and reads back equal; every legal action's text parses back to it; views
never carry another seat's hand or any deck order; random playouts keep cards conserved, gold never
negative and no unit ordered twice in a turn."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warchest_bot.games.base import IllegalActionTextError, UnparseableActionError
from warchest_bot.games.forthecrown.engine import FtcState, new_game
from warchest_bot.games.forthecrown.notation import format_action, parse_action, public_text

from .helpers import play, position


def card_count(s: FtcState) -> dict[str, int]:
    counts: dict[str, int] = {}
    for zone in (*s.decks, *s.hands, *s.discards, s.play, s.trash):
        for c in zone:
            counts[c] = counts.get(c, 0) + 1
    for c, n in s.supply.items():
        counts[c] = counts.get(c, 0) + n
    return counts


def playout(seed: int, steps: int, check: bool = True) -> list[FtcState]:
    """A random game from ``seed`` for at most ``steps`` decisions (ending phases now and then); every
    state on the way."""
    s = new_game({"supply": "random"}, seed=seed)
    rng = random.Random(seed)
    start = card_count(s)
    states = [s.clone()]
    for _ in range(steps):
        if s.result is not None:
            break
        legal = s.legal_actions()
        others = [a for a in legal if a.text != "end"]
        action = rng.choice(others) if others and rng.random() < 0.8 else rng.choice(legal)
        s.apply(action)
        if check:
            assert card_count(s) == start
            assert s.gold >= 0 and s.orders >= 0 and s.actions >= 0 and s.buys >= 0
        states.append(s.clone())
    return states


def test_a_new_game_reads_back_equal_from_json() -> None:
    s = new_game(seed=11)
    again = FtcState.from_json(json.loads(json.dumps(s.to_json())))
    assert again == s and again.legal_actions() == s.legal_actions()


def test_a_mid_turn_position_with_a_pending_decision_reads_back() -> None:
    s = position(phase="action", hands=[["stables", "peon"], []], decks=[["tower", "guard", "peon"], []])
    play(s, "play stables stables_draw")
    data = json.loads(json.dumps(s.to_json()))
    assert data["pending"]["kind"] == "topdeck" and data["phase"] == "action"
    again = FtcState.from_json(data)
    assert again == s and [a.text for a in again.legal_actions()] == [a.text for a in s.legal_actions()]
    play(again, "topdeck tower")
    play(s, "topdeck tower")
    assert again == s


def test_replaying_from_json_continues_the_same_random_steps() -> None:
    states = playout(7, 300, check=False)
    middle = states[len(states) // 2]
    copy = FtcState.from_json(json.loads(json.dumps(middle.to_json())))
    rng = random.Random(1)
    for _ in range(60):
        if middle.result is not None:
            break
        action = rng.choice(middle.legal_actions())
        middle.apply(action)
        copy.apply(action)
        assert copy == middle


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_action_round_trips_through_its_text(seed: int) -> None:
    for s in playout(seed, 250, check=False)[::5]:
        for action in s.legal_actions():
            text = format_action(action)
            assert parse_action(s, text) == action
            assert parse_action(s, text.upper() if text != text.upper() else text) == action


def test_notation_errors_are_typed() -> None:
    s = position()
    with pytest.raises(UnparseableActionError):
        parse_action(s, "castle long")
    with pytest.raises(UnparseableActionError):
        parse_action(s, "  ")
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "Ki e1-e4")
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "buy tower")


def test_the_card_put_back_is_hidden_in_public_text() -> None:
    s = position(phase="action", hands=[["vigilance", "tower"], []])
    play(s, "play vigilance vigilance")
    action = parse_action(s, "topdeck tower")
    assert format_action(action, public=True) == "topdeck" and public_text(action.text) == "topdeck"
    assert public_text("play tower gold") == "play tower gold"


def test_views_show_only_what_the_seat_may_see() -> None:
    s = new_game(seed=2)
    for seat in (0, 1, None):
        view = s.view_for(seat)
        text = json.dumps(view)
        assert "decks" not in view and "rng" not in text and "seed" not in text
        assert view["deck_counts"] == [5, 5] and view["hand_counts"] == [5, 5]
        assert view["hand"] == (None if seat is None else s.hands[seat])
        assert view["known_top"] in (None, [])


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000))
def test_random_playouts_keep_the_invariants(seed: int) -> None:
    """Cards are conserved (every zone and the Supply), no pool goes negative, no unit is ordered twice in
    a turn (an ordered unit's moves are never listed), and no view carries another seat's hand or any deck
    order."""
    for s in playout(seed, 400)[::7]:
        seat = s.current_player
        if seat is None:
            continue
        legal = s.legal_actions()
        if s.pending is None and s.phase == "order":
            for a in legal:
                if a.kind not in ("deploy", "play", "end"):
                    origin = (int(a.words[1][1]) - 1) * 8 + "abcdefgh".index(a.words[1][0])
                    assert origin not in s.ordered and s.can_order(origin)
        for viewer in (0, 1):
            view = s.view_for(viewer)
            assert view["hand"] == s.hands[viewer]
            assert "decks" not in view and "hands" not in view
            other = s.hands[1 - viewer]
            assert view["hand_counts"][1 - viewer] == len(other)
            known = view["known_top"]
            assert known == s.decks[viewer][: len(known)]
            assert len(known) <= s.known_top[viewer]


def test_whole_games_end() -> None:
    ends = [playout(seed, 20_000, check=False)[-1] for seed in range(3)]
    assert all(s.result is not None for s in ends)


def test_choosing_the_supply_round_trips_and_reads_back() -> None:
    s = new_game({"supply": "chosen"}, seed=4)
    for action in s.legal_actions():
        assert parse_action(s, action.text) == action
    play(s, "choose heir")
    again = FtcState.from_json(json.loads(json.dumps(s.to_json())))
    assert (
        again == s
        and again.current_player == 1
        and "choose heir" not in [a.text for a in again.legal_actions()]
    )
