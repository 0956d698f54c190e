"""For the Crown as a registered game (`entry.FOR_THE_CROWN`): turns (a seat's whole turn, the other
seat's mid-turn promotion inside it, each chosen Supply stack a turn), what drew (undo), the phrases of a
turn's summary (a card put back named to its player only, a closed phase left out), the board's played
cards after housekeeping, the decision notes, the guide's card pages with house values marked, the menus,
names in Persian for cards and units, snapshots and options."""

from __future__ import annotations

import pytest

from warchest_bot.games import BadOptionsError, get_game
from warchest_bot.games.forthecrown.entry import FOR_THE_CROWN
from warchest_bot.games.turns import SILENT_PHRASE, ends_turn
from warchest_bot.i18n import t

from .helpers import play, position

GAME = FOR_THE_CROWN


def apply(state, text: str):
    """``text`` applied; (before, action, after)."""
    before = state.clone()
    action = GAME.parse_action(state, text)
    state.apply(action)
    return before, action, state


def test_registered_under_its_kind() -> None:
    assert get_game("forthecrown") is GAME and GAME.title == "For the Crown"
    assert set(GAME.facets.declared()) == {
        "snapshots",
        "pictures",
        "units",
        "alt_text",
        "players",
        "guide",
        "menus",
        "records",
        "card_tables",
    }


def test_a_turn_is_every_decision_of_the_seat_until_its_end() -> None:
    s = GAME.new_state({}, 3)
    assert GAME.turn_start(s) == 0
    while s.to_move == 0:
        legal = s.legal_actions()
        s.apply(legal[-1])  # "end" comes last
        if s.to_move == 0:
            assert GAME.turn_start(s) == 0 and not ends_turn(GAME, s)
    assert ends_turn(GAME, s) and GAME.turn_start(s) == s.ply > 1


def test_false_orders_promotion_by_the_other_seat_stays_in_the_turn() -> None:
    s = position(hands=[["false-orders"], []], board={"e1": [0, "Ki"], "e8": [1, "Ki"], "c2": [1, "Pa"]})
    start = GAME.turn_start(s)
    _, action, after = apply(s, "play false-orders false_orders Pa c2-c1")
    assert after.current_player == 1 and GAME.turn_start(after) == start and not ends_turn(GAME, after)
    before, action, after = apply(after, "promote Kn")
    assert GAME.announce(before, action, after, 1).public.words("en") == "promoted the unit to a Knight"
    assert after.current_player == 0 and GAME.turn_start(after) == start


def test_each_chosen_supply_stack_is_a_turn() -> None:
    s = GAME.new_state({"supply": "chosen"}, 5)
    assert s.phase == "supply"
    s.apply(s.legal_actions()[0])
    assert ends_turn(GAME, s) and s.current_player == 1


def test_a_march_draws_nothing_the_end_of_a_turn_draws_the_next_hand() -> None:
    s = GAME.new_state({}, 3)
    before, _, after = apply(s, next(a.text for a in s.legal_actions() if a.text.startswith("Ki ")))
    assert not GAME.drew(before, after)
    while after.phase != "buy":
        after.apply(after.legal_actions()[-1])
    before = after.clone()
    after.apply(GAME.parse_action(after, "end"))
    assert GAME.drew(before, after)


def test_stables_draws_and_a_card_put_back_is_named_to_its_player_only() -> None:
    s = position(
        hands=[["stables", "tower"], []], decks=[["peon", "guard", "clergy"], []], pools={"orders": 0}
    )
    s.phase = "action"
    before, _, after = apply(s, "play stables stables_draw")
    assert GAME.drew(before, after) and after.pending["kind"] == "topdeck"
    before, action, after = apply(after, "topdeck tower")
    said = GAME.announce(before, action, after, 0)
    assert said.public.words("en") == t("forthecrown.phrase.topdeck", "en")
    assert said.for_seat(0).words("en") == "put Tower back on the deck"
    assert said.for_seat(0).words("fa") != said.for_seat(0).words("en")  # the card's Persian name
    assert "tower" not in GAME.format_action(before, action, public=True)


def test_closing_a_phase_is_left_out_and_the_last_end_ends_the_turn() -> None:
    s = GAME.new_state({}, 3)
    before, action, after = apply(s, "end")
    assert before.phase == "order" and GAME.announce(before, action, after, 0).public.key == SILENT_PHRASE
    while after.phase != "buy":
        after.apply(after.legal_actions()[-1])
    before, action, after = apply(after, "end")
    assert GAME.announce(before, action, after, 0).public.words("en") == "ended the turn"


def test_a_training_and_a_purchase_in_words_in_both_languages() -> None:
    s = position(hands=[["bureaucracy", "tower"], []], pools={"orders": 0})
    s.phase = "action"
    before, action, after = apply(s, "play bureaucracy train")
    assert GAME.announce(before, action, after, 0).public.words("en") == "Bureaucracy: trained 2 × Pawn"
    fa = GAME.announce(before, action, after, 0).public.words("fa")
    assert t("forthecrown.card.bureaucracy", "fa") in fa and t("picture.pb.unit.Pa", "fa") in fa
    before, action, after = apply(after, "play tower gold")
    before, action, after = apply(after, "buy clergy")
    assert GAME.announce(before, action, after, 0).public.words("en") == "bought Clergy"


def test_the_board_after_housekeeping_shows_the_cards_the_turn_played() -> None:
    s = position(hands=[["tower", "peon"], []], pools={"orders": 0, "actions": 0})
    s.phase = "buy"
    play(s, "play tower gold")
    before, action, after = apply(s, "end")
    assert after.play == [] and GAME.describe_last_action(before, after, action, 0)["played"] == ["tower"]


def test_decision_notes_say_what_a_played_card_left_to_decide() -> None:
    s = position(hands=[["stables", "tower"], []], decks=[["peon", "guard"], []], pools={"orders": 0})
    s.phase = "action"
    play(s, "play stables stables_draw")
    assert GAME.decision_note(s.view_for(0)) == ("forthecrown.decision.topdeck", {})
    assert GAME.decision_note(GAME.new_state({}, 1).view_for(0)) is None


def test_card_pages_mark_house_values() -> None:
    tower = GAME.rules_page("tower", "en")
    assert tower.startswith("**Tower**") and "12*" in tower and t("forthecrown.house.legend", "en") in tower
    assert GAME.rules_page(t("forthecrown.card.tower", "fa"), "fa") == GAME.rules_page("tower", "fa")
    peon = GAME.rules_page("Peon", "en")
    assert peon is not None and "Training Action" in peon
    topics = [topic for topic, _ in GAME.rules_topics("en")]
    assert "house" in topics and "tower" in topics and len(topics) == len(set(topics))


def test_cards_and_units_are_found_by_their_names_in_any_language() -> None:
    assert GAME.lookup_unit(t("forthecrown.card.heir", "fa")).code == "heir"
    assert GAME.lookup_unit(t("picture.pb.unit.Kn", "fa")).code == "Kn"
    s = position(hands=[[], []], barracks=[["Ro"], []])
    action = GAME.parse_action(s, f"deploy {t('picture.pb.unit.Ro', 'fa')} d1")
    assert action.text == "deploy Ro d1"


def test_menus_group_orders_cards_buys_and_the_end() -> None:
    s = position(hands=[["guard", "tower"], []], barracks=[["Ro"], []])
    choices = [(c.text, c.kind) for c in GAME.action_choices(s)]
    groups = dict(zip([text for text, _ in choices], GAME.menu_groups(choices), strict=True))
    assert groups["Ki e1-d1"] == ("ftc_order", "Ki e1")
    assert groups["deploy Ro a1"] == ("ftc_order", "Ro")
    assert groups["play guard guard_deploy Ro d1"][0] == "ftc_play"
    assert groups["end"] == ("ftc_close", "-")
    ranks = [GAME.menu_rank(k) for k in ("ftc_order", "ftc_play", "ftc_buy", "ftc_close")]
    assert ranks == sorted(ranks)


def test_snapshots_keep_the_seed_and_fit_only_their_game() -> None:
    s = GAME.new_state({"squire": 1}, 77)
    s.apply(s.legal_actions()[0])
    again = GAME.restore(GAME.snapshot(s))
    assert again == s and GAME.snapshot_fits(again, {"squire": 1}, 77)
    assert not GAME.snapshot_fits(again, {}, 77) and not GAME.snapshot_fits(again, {"squire": 1}, 78)
    assert "seed" not in s.view_for(0)


@pytest.mark.parametrize(
    "options", [{"supply": "most"}, {"variable": 40}, {"squire": True}, {"extra_units": "Zz"}, {"colour": 1}]
)
def test_options_the_rules_cannot_play_are_refused(options) -> None:
    with pytest.raises(BadOptionsError):
        GAME.check_options(options)


def test_result_sentences_have_their_values() -> None:
    params = GAME.result_params({"turn_cap": 30}, {"reason": "turn_cap", "attacker_turns": 0})
    assert t("result.turn_cap", "en", game_id=1, **params).endswith("30 turns was reached.")
