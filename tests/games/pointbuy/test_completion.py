"""Completing typed action text (`PointBuyChess.complete_action`): a secret army entry by entry, with the
points left; other phases filter the legal actions as every game does (`GameKindDefaults`)."""

from __future__ import annotations

from warchest_bot.games import Completion
from warchest_bot.games.completion import matching
from warchest_bot.games.pointbuy.completion import NOTE_DONE, NOTE_PLACE, NOTE_UNIT
from warchest_bot.games.pointbuy.notation import format_action, parse_action
from warchest_bot.i18n import has_message, t

from .helpers import GAME, play


def secret(**options):
    return GAME.new_state({"picking": "secret", **options}, 0)


def texts(found: list[Completion]) -> list[str]:
    return [c.text for c in found]


def test_the_start_of_an_army_proposes_the_ready_made_armies_then_the_first_units():
    state = secret(budget=20)
    found = GAME.complete_action(state, "ar")
    presets = [format_action(a) for a in state.legal_actions()]
    assert texts(found[: len(presets)]) == presets  # first what can be sent as it is (no header)
    assert all(parse_action(state, text).army for text in texts(found[: len(presets)]))
    units = found[len(presets) :]
    assert units and all(c.note == NOTE_UNIT and c.text.startswith("army ") for c in units)
    king = next(c for c in units if c.text == "army Ki")
    assert t(NOTE_UNIT, "en", **king.params) == "King, 7 points: 13 left"
    assert texts(GAME.complete_action(state, "")) == texts(found)


def test_under_the_sovereign_guard_an_army_is_typed_sovereign_first_and_never_without_one():
    state = secret(budget=16, sovereign_guard=1)
    first = [c.text for c in GAME.complete_action(state, "army")]
    assert first[:2] == ["army An", "army Ki"]  # the Sovereigns first
    # a Queen (9) leaves 7: a King still fits, a Knight after it (4 left) would not
    assert texts(GAME.complete_action(state, "army Qu d1, k")) == ["army Qu d1, Ki"]
    # the Sovereign that is the last chance goes on the first rank, not into the Barracks
    assert "army Qu d1, Ki barracks" not in texts(GAME.complete_action(state, "army Qu d1, Ki"))
    assert GAME.complete_action(state, "army Qu d1, Ki barracks") == []
    # seven Pawns on the first rank: the eighth square is kept for a Sovereign
    pawns = "army " + ", ".join(f"Pa {f}1" for f in "abcdefg")
    assert texts(GAME.complete_action(state, pawns + ", Ac")) == [pawns + ", Ac barracks"]
    # without the guard (the rulebook's free picking) every step is offered
    free = secret(budget=16)
    assert texts(GAME.complete_action(free, "army Qu d1, k")) == ["army Qu d1, Ki", "army Qu d1, Kn"]


def test_after_army_come_the_unit_types_the_budget_buys_with_the_points_left():
    state = secret(budget=8)
    found = GAME.complete_action(state, "army")
    codes = [c.text.split()[-1] for c in found]
    assert "Wa" not in codes and "Qu" not in codes  # 10 and 9 points: too dear
    assert "Ki" in codes and "Pa" in codes
    king = next(c for c in found if c.text == "army Ki")
    assert king.note == NOTE_UNIT and king.params == {"unit": "King", "price": 7, "left": 1}
    assert t(NOTE_UNIT, "en", **king.params) == "King, 7 points: 1 left"
    assert texts(GAME.complete_action(state, "army k")) == ["army Ki", "army Kn"]
    assert texts(GAME.complete_action(state, "army kni")) == ["army Kn"]  # by name too


def test_a_named_unit_is_placed_on_a_free_first_rank_square_or_in_the_barracks():
    state = secret(budget=8)
    found = GAME.complete_action(state, "ARMY  ki")
    assert texts(found) == [f"army Ki {f}1" for f in "abcdefgh"] + ["army Ki barracks"]
    assert {c.note for c in found} == {NOTE_PLACE} and found[0].params == {"left": 1}
    assert texts(GAME.complete_action(state, "army Ki e")) == ["army Ki e1"]
    # taken squares are not offered again; the typed entries come back in their canonical form
    later = GAME.complete_action(state, "army king e1, p")
    assert texts(later) == ["army Ki e1, Pa"]  # the Phoenix (8) no longer fits
    places = GAME.complete_action(state, "army Ki e1, Pa ")
    assert "army Ki e1, Pa e1" not in texts(places) and "army Ki e1, Pa d1" in texts(places)


def test_black_places_on_its_own_first_rank():
    state = secret(budget=8)
    play(state, "army Ki e1, Pa d1")
    assert state.to_move == 1
    assert texts(GAME.complete_action(state, "army Ki")) == [f"army Ki {f}8" for f in "abcdefgh"] + [
        "army Ki barracks"
    ]


def test_a_finished_entry_offers_itself_then_the_next_units_and_the_last_one_the_whole_army():
    state = secret(budget=8)
    found = GAME.complete_action(state, "army Ki e1")
    assert found[0] == Completion("army Ki e1", NOTE_PLACE, {"left": 1})
    assert texts(found[1:]) == ["army Ki e1, Pa"]  # only a Pawn fits in 1 point
    done = GAME.complete_action(state, "army Ki e1, Pa d1")
    assert done == [Completion("army Ki e1, Pa d1", NOTE_DONE)]
    assert parse_action(state, done[0].text).army  # it is the whole, legal army
    every_place = GAME.complete_action(state, "army Ki e1, Pa")
    assert {c.note for c in every_place} == {NOTE_DONE}


def test_the_unit_cap_limits_the_proposals():
    state = secret(budget=20, unit_cap=2)  # one of a type each (Pawns uncapped)
    assert "army Ki e1, Kn" not in texts(GAME.complete_action(state, "army Kn b1, Ki e1"))
    assert "army Kn b1, Ki e1, Pa" in texts(GAME.complete_action(state, "army Kn b1, Ki e1"))


def test_nothing_is_proposed_after_a_wrong_entry_or_when_the_budget_is_spent():
    state = secret(budget=8)
    assert GAME.complete_action(state, "army Ki e4, ") == []  # e4 is not on the first rank
    assert GAME.complete_action(state, "army Zz e1, ") == []
    assert GAME.complete_action(state, "army Ki e1, Pa d1, ") == []
    assert GAME.complete_action(state, "army Wa") == []  # too dear for 8 points


def test_open_picking_and_play_filter_the_legal_actions_like_every_game():
    state = GAME.new_state({"budget": 10}, 0)
    legal = [format_action(a) for a in state.legal_actions()]
    found = GAME.complete_action(state, "pick qu")
    assert texts(found) == [legal[n] for n in matching(legal, "pick qu")]
    assert texts(found)[0] == "pick Qu a1" and all(c.note is None for c in found)


def test_every_note_is_a_catalogue_message():
    for key in (NOTE_UNIT, NOTE_PLACE, NOTE_DONE):
        assert has_message(key)


def test_the_adapter_speaks_of_point_buy_chess_in_its_own_words():
    from warchest_bot.i18n import for_game

    assert for_game("bot.hand.title", "pointbuy") == "bot.hand.title.pointbuy"
    assert "White" in t(for_game("bot.game.begins", "pointbuy"), "en", game_id=1, side_a="A", side_b="B")
    assert for_game("bot.hand.title", "warchest") == "bot.hand.title"  # War Chest keeps its words
    assert for_game("bot.play.more_actions", "pointbuy") == "bot.play.more_actions.pointbuy"
