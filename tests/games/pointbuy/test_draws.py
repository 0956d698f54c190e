"""The draws of D-PB-11, each an option: agreement, repetition (counted at the start of a turn),
no progress, the turn cap, consecutive forced passes and dead material; victory comes first."""

from __future__ import annotations

import pytest

from warchest_bot.games.base import IllegalActionTextError, UnparseableActionError
from warchest_bot.games.pointbuy.engine import ACCEPT_DRAW, PBAction, PBState
from warchest_bot.games.pointbuy.notation import parse_action

from .helpers import play, position, texts
from .test_play import BOXED_BLACK, boxed_white

SHUFFLE = ["Kn b1-c3", "Kn g8-f6", "Kn c3-b1", "Kn f6-g8"]


def knights(**options: object) -> PBState:
    return position("w Ki a1", "w Kn b1", "b Ki h8", "b Kn g8", "w Pa e2", "b Pa e7", **options)


def outcome(s: PBState) -> tuple[int | None, str] | None:
    return None if s.result is None else (s.result.winner, s.result.reason)


def test_a_draw_offered_with_a_move_and_accepted() -> None:
    s = knights()
    play(s, "Kn b1-c3 draw?")
    assert s.draw_offer == 0 and s.view_for(None)["draw_offer"] == 0
    assert texts(s)[-1] == "accept draw" and ACCEPT_DRAW not in list(knights().legal_actions())
    play(s, "accept draw")
    assert outcome(s) == (None, "agreement") and s.ply == 2 and s.turn == 1


def test_an_offer_lapses_when_the_opponent_plays_on_and_is_never_ones_own_to_accept() -> None:
    s = knights()
    play(s, "Kn b1-c3 draw?")
    play(s, "Kn g8-f6")
    assert s.draw_offer is None and ACCEPT_DRAW not in s.legal_actions()
    with pytest.raises(IllegalActionTextError, match="offer"):
        parse_action(s, "accept draw")
    play(s, "Kn c3-b1 draw?")
    play(s, "Kn f6-g8 draw?")  # a counter-offer: the first lapsed, the new one stands
    assert s.draw_offer == 1 and texts(s)[-1] == "accept draw"


def test_offers_are_legal_but_not_listed_and_off_when_agreement_is_off() -> None:
    s = knights()
    offer = parse_action(s, "Kn b1-c3 draw?")
    assert offer.offer_draw and offer in s.legal_actions() and offer not in list(s.legal_actions())
    off = knights(agreement=0)
    with pytest.raises(IllegalActionTextError, match="off"):
        parse_action(off, "Kn b1-c3 draw?")
    assert offer not in off.legal_actions()
    with pytest.raises(ValueError):
        off.apply(offer)
    with pytest.raises(UnparseableActionError):
        parse_action(s, "draw?")  # an offer comes with a move
    picking = PBState({})
    with pytest.raises(IllegalActionTextError):
        parse_action(picking, "pick Ki e1 draw?")


def test_threefold_repetition_at_the_start_of_a_turn() -> None:
    s = knights()
    for text in SHUFFLE:
        play(s, text)
    assert s.result is None  # the start position has begun a turn twice
    for text in SHUFFLE[:3]:
        play(s, text)
        assert s.result is None
    play(s, SHUFFLE[3])
    assert outcome(s) == (None, "repetition") and s.turn == 8


def test_repetition_compares_whole_positions_at_the_start_of_a_turn() -> None:
    s = knights(repetition=2)
    play(s, "Kn b1-c3")
    play(s, "Kn g8-f6")
    play(s, "Kn c3-b1")
    assert s.result is None  # no position has begun a turn twice yet
    play(s, "Kn f6-g8")
    assert outcome(s) == (None, "repetition") and s.turn == 4
    b = position("w Ki a1", "w Kn b1", "b Ki h8", "b Kn g8", barracks=(("Pa",), ()), repetition=2)
    play(b, "deploy Pa c2")
    for text in ("Kn g8-f6", "Kn b1-a3", "Kn f6-g8", "Kn a3-b1"):
        play(b, text)
    assert outcome(b) == (None, "repetition")


def test_repetition_off() -> None:
    s = knights(repetition=0)
    for text in SHUFFLE * 4:
        play(s, text)
    assert s.result is None and s.turn == 16


def test_no_progress_counts_turns_without_capture_pawn_move_deploy_or_new_type() -> None:
    s = knights(repetition=0, no_progress=6)
    for text in SHUFFLE:
        play(s, text)
    assert s.no_progress == 4
    play(s, "Pa e2-e3")
    assert s.no_progress == 0
    for text in ["Kn g8-f6", "Kn b1-c3", "Kn f6-g8", "Kn c3-b1", "Kn g8-f6"]:
        play(s, text)
    assert s.result is None and s.no_progress == 5
    play(s, "Kn b1-c3")
    assert outcome(s) == (None, "no_progress")


def test_progress_resets() -> None:
    base = ["w Ki a1", "b Ki h1", "w Im d8", "b Kn a6", "w Kn b4"]
    s = position(*base, barracks=(("Ro",), ()), repetition=0)
    s.no_progress = 40
    play(s, "Im d8-e8=Im")  # a promotion to its own type changes nothing
    assert s.no_progress == 41
    play(s, "Kn a6-c7")
    play(s, "Im e8-d8=Qu")
    assert s.no_progress == 0
    play(s, "Kn c7-a6")
    play(s, "Kn b4xa6")
    assert s.no_progress == 0
    play(s, "Ki h1-h2")
    play(s, "deploy Ro b1")
    assert s.no_progress == 0


def test_no_progress_off() -> None:
    s = knights(repetition=0, no_progress=0)
    for text in SHUFFLE * 30:
        play(s, text)
    assert s.result is None and s.no_progress == 120


def test_the_turn_cap() -> None:
    s = knights(repetition=0, turn_cap=5)
    for text in SHUFFLE:
        play(s, text)
    assert s.result is None
    play(s, "Kn b1-c3")
    assert outcome(s) == (None, "turn_cap") and s.turn == 5


def test_victory_comes_before_a_draw_on_the_same_turn() -> None:
    s = position("w Ki a1", "w Qu d1", "b Ki d8", turn_cap=1, no_progress=1, repetition=0)
    play(s, "Qu d1xd8")
    assert outcome(s) == (0, "sovereign")


def test_two_consecutive_forced_passes_draw() -> None:
    s = boxed_white(*BOXED_BLACK)
    play(s, "pass")
    assert s.result is None
    play(s, "pass")
    assert outcome(s) == (None, "passes") and s.turn == 2


def test_passes_off_then_repetition_ends_it() -> None:
    s = boxed_white(*BOXED_BLACK, passes=0)
    for _ in range(4):
        play(s, "pass")
    assert outcome(s) == (None, "repetition")
    s = boxed_white(*BOXED_BLACK, passes=0, repetition=0, turn_cap=9)
    while s.result is None:
        play(s, "pass")
    assert outcome(s) == (None, "turn_cap")


def test_one_forced_pass_is_no_draw() -> None:
    s = boxed_white("b Ki e5")
    play(s, "pass")
    play(s, "Ki e5-e4")
    play(s, "pass")
    assert s.result is None and s.passes == 1


def test_dead_material_when_both_sides_have_only_sovereigns() -> None:
    units = ("w Ki e1", "w An a1", "b Ki e8", "b Kn e2")
    s = position(*units, dead_material=1)
    play(s, "Ki e1xe2")
    assert outcome(s) == (None, "dead_material")
    off = position(*units)
    play(off, "Ki e1xe2")
    assert off.result is None
    spare = position(*units, barracks=((), ("Pa",)), dead_material=1)
    play(spare, "Ki e1xe2")
    assert spare.result is None  # a Pawn in the Barracks is material


def test_a_capture_forgets_positions_that_cannot_come_back() -> None:
    s = knights()
    play(s, "Kn b1-c3")
    assert len(s.history) == 2
    play(s, "Kn g8-f6")
    play(s, "Kn c3-b5")
    play(s, "Kn f6-d5")
    play(s, "Kn b5-c7")
    play(s, "Kn d5-c3")
    assert len(s.history) == 7
    play(s, "Kn c7-a6")
    assert len(s.history) == 8
    play(s, "Kn c3xe2")
    assert len(s.history) == 1  # only the position after the capture


def test_accept_is_a_draw_kind_action() -> None:
    assert PBAction("accept_draw") == ACCEPT_DRAW
