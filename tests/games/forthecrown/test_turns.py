"""For the Crown's engine without card effects: setup (§3.2), the phases and pools (§3.3–§3.6), one order
per unit, deploys, training, promotion (§3.8), housekeeping and reshuffles (§3.7), the win check (§3.12)."""

from __future__ import annotations

import pytest

from warchest_bot.games.base import BadOptionsError
from warchest_bot.games.forthecrown.engine import FIRST_GAME, FtcState, IllegalActionError, act, new_game
from warchest_bot.games.units import square_name

from .helpers import play, position, starting_with, texts


# --- setup ---------------------------------------------------------------------------------------------
def test_setup_decks_hands_kings_and_the_first_game_supply() -> None:
    s = new_game(seed=3)
    for seat in (0, 1):
        cards = s.hands[seat] + s.decks[seat]
        assert sorted(cards) == sorted(["peon"] * 6 + ["guard"] * 4)
        assert len(s.hands[seat]) == 5 and len(s.decks[seat]) == 5
        assert s.discards[seat] == [] and s.barracks[seat] == []
    assert s.board[4] == (0, "Ki") and s.board[60] == (1, "Ki")
    assert sum(p is not None for p in s.board) == 2
    assert list(s.supply) == ["champion", "clergy", "tower", "consort", *sorted(FIRST_GAME)]
    assert all(n == s.table[c].pile for c, n in s.supply.items())
    assert (s.to_move, s.phase, s.orders, s.actions, s.buys, s.gold) == (0, "order", 1, 1, 1, 0)


def test_random_supplies_differ_by_seed_and_hold_the_core() -> None:
    supplies = {tuple(new_game({"supply": "random"}, seed=n).supply) for n in range(6)}
    assert len(supplies) > 1
    for supply in supplies:
        assert supply[:4] == ("champion", "clergy", "tower", "consort") and len(supply) == 14
    assert len(new_game({"supply": "random", "variable": 12}).supply) == 16  # §11.3


def test_squire_and_anointed_options() -> None:
    s = new_game({"squire": 1, "anointed": 1})
    for seat in (0, 1):
        cards = sorted(s.hands[seat] + s.decks[seat])
        assert cards == sorted(["peon"] * 6 + ["guard"] * 3 + ["squire"])
    assert s.board[4] == (0, "An") and s.board[60] == (1, "An")


def test_bad_options_are_refused() -> None:
    with pytest.raises(BadOptionsError):
        new_game({"supply": "agreed"})
    with pytest.raises(BadOptionsError):
        new_game({"variable": 9})


def test_the_same_seed_makes_the_same_game() -> None:
    assert new_game(seed=5) == new_game(seed=5)
    assert (
        new_game(seed=5).decks != new_game(seed=6).decks or new_game(seed=5).hands != new_game(seed=6).hands
    )


# --- orders --------------------------------------------------------------------------------------------
def test_order_phase_lists_marches_deploys_and_end() -> None:
    s = position(barracks=[["Pa", "Ro"], []])
    legal = texts(s)
    assert "Ki e1-d2" in legal and "Ki e1-e2" in legal
    assert "deploy Ro a1" in legal and "deploy Ro a2" not in legal  # Heavy: first rank only
    assert "deploy Pa a2" in legal and "deploy Pa e2" in legal  # Foot: the second rank too
    assert "deploy Pa e1" not in legal  # occupied
    assert legal[-1] == "end"


def test_an_order_spends_the_pool_and_the_phase_closes_when_it_is_empty() -> None:
    s = play(position(barracks=[["Ro"], []]), "deploy Ro a1")
    assert s.board[0] == (0, "Ro") and s.barracks[0] == []
    assert s.orders == 0 and s.phase == "buy"  # no action card in hand: the action phase closes too


def test_one_order_per_unit_per_turn() -> None:
    s = position(pools={"orders": 3}, board={"e1": [0, "Ki"], "e8": [1, "Ki"], "a1": [0, "Ro"]})
    play(s, "Ro a1-a4")
    assert s.orders == 2 and s.phase == "order"
    assert not starting_with(s, "Ro ")  # the Rook was ordered
    play(s, "Ki e1-e2")
    assert not starting_with(s, "Ki ")
    assert s.ordered == {24, 12}  # a4, e2


def test_deployed_unit_takes_no_further_order() -> None:
    s = position(pools={"orders": 2}, barracks=[["Kn"], []])
    play(s, "deploy Kn b1")
    assert not starting_with(s, "Kn ")


def test_orders_are_optional() -> None:
    s = play(position(), "end")
    assert s.phase == "buy" and s.orders == 1  # the unused order is simply lost at the next turn


def test_attack_captures_to_the_stock_and_an_immortal_goes_home() -> None:
    board = {"e1": [0, "Ki"], "e8": [1, "Ki"], "d4": [0, "Qu"], "d6": [1, "Im"], "a4": [1, "Kn"]}
    s = play(position(board=board), "Qu d4xd6")
    assert s.board[43] == (0, "Qu") and s.barracks[1] == ["Im"]
    s = play(position(board=board), "Qu d4xa4")
    assert s.board[24] == (0, "Qu") and s.barracks[1] == []


# --- promotion -----------------------------------------------------------------------------------------
def test_promotion_offers_the_types_the_supply_trains() -> None:
    board = {"e1": [0, "Ki"], "a8": [1, "Ki"], "c7": [0, "Pa"]}
    s = position(board=board)
    choices = {t.partition("=")[2] for t in starting_with(s, "Pa c7-c8")}
    trained = {s.table[c].trains[0] for c in s.supply if s.table[c].trains}  # type: ignore[index]
    assert choices == {""} | (trained - {"Pa"})
    assert "Ki" in choices  # Heir is in the first-game Supply
    play(s, "Pa c7-c8=Qu")
    assert s.board[58] == (0, "Qu")


def test_no_king_without_heir() -> None:
    s = position(
        board={"e1": [0, "Ki"], "a8": [1, "Ki"], "c7": [0, "Pa"]},
        supply=[["champion", 12], ["clergy", 12], ["tower", 12], ["consort", 12], ["legend", 10]],
    )
    choices = {t.partition("=")[2] for t in starting_with(s, "Pa c7-c8")}
    assert choices == {"", "Kn", "Bi", "Ro", "Qu", "Ni"}


def test_a_spy_swap_never_promotes() -> None:
    s = position(board={"e1": [0, "Ki"], "a8": [1, "Ki"], "c8": [0, "Sp"], "d2": [0, "Pa"]})
    assert starting_with(s, "Sp c8<>d2") == ["Sp c8<>d2"]


# --- actions, training and buying ----------------------------------------------------------------------
def test_training_trashes_the_card_and_fills_the_barracks() -> None:
    s = play(position(hands=[["peon", "guard"], []]), "end")
    assert s.phase == "action"
    assert "play peon train" in texts(s) and "play guard train" in texts(s)
    play(s, "play peon train")
    assert s.barracks[0] == ["Pa"] and s.trash == ["peon"] and s.hands[0] == ["guard"]
    assert s.phase == "buy"


def test_two_units_from_a_x2_card() -> None:
    s = play(position(hands=[["bureaucracy"], []]), "end", "play bureaucracy train")
    assert s.barracks[0] == ["Pa", "Pa"]


def test_buying_treasures_first_then_purchases() -> None:
    s = play(position(hands=[["clergy", "peon", "peon"], []]), "end", "end")
    assert s.phase == "buy"
    assert starting_with(s, "buy ") == []  # no gold yet
    play(s, "play clergy gold", "play peon gold")
    assert s.gold == 3
    assert set(starting_with(s, "buy ")) == {"buy champion", "buy clergy", "buy bureaucracy", "buy evangelism",
                                             "buy versatility"}  # fmt: skip
    play(s, "buy clergy")
    assert s.discards[0] == ["clergy"] and s.gold == 0 and s.buys == 0 and s.supply["clergy"] == 11
    assert starting_with(s, "play ") == []  # D-FTC-6: no treasure after a purchase


def test_a_purchase_needs_a_buy_and_enough_gold() -> None:
    s = play(position(hands=[["tower", "tower"], []], phase="buy"), "play tower gold", "play tower gold")
    assert s.gold == 6
    play(s, "buy champion")
    assert s.buys == 0 and starting_with(s, "buy ") == []


def test_an_empty_stack_cannot_be_bought() -> None:
    s = position(phase="buy", pools={"gold": 5}, supply=[["champion", 0], ["clergy", 1]])
    assert starting_with(s, "buy ") == ["buy clergy"]


def test_legend_counts_earlier_treasures() -> None:
    s = position(hands=[["legend", "tower", "tower"], []], phase="buy")
    play(s, "play tower gold", "play tower gold", "play legend legend")
    assert s.gold == 8  # the rulebook's example: 3 + 3 + 2


def test_quartermaster_treasure_discounts_and_adds_a_buy() -> None:
    s = position(hands=[["quartermaster", "clergy"], []], phase="buy")
    play(s, "play quartermaster gold", "play clergy gold")
    assert (s.gold, s.buys, s.discount) == (3, 2, 1)
    assert s.cost("legend") == 3 and s.cost("champion") == 1
    play(s, "buy champion", "buy bureaucracy")  # normal costs 2 + 3 = 5 for 3 gold
    assert s.gold == 0 and s.discards[0] == ["champion", "bureaucracy"]


# --- housekeeping, reshuffles, win ---------------------------------------------------------------------
def test_housekeeping_discards_everything_and_draws_five() -> None:
    s = position(
        hands=[["peon", "guard"], []],
        decks=[["tower", "clergy", "peon", "peon", "guard", "champion"], []],
        phase="buy",
    )
    play(s, "play peon gold", "end")
    assert s.discards[0] == ["guard", "peon"]
    assert sorted(s.hands[0]) == sorted(["tower", "clergy", "peon", "peon", "guard"])
    assert s.decks[0] == ["champion"]
    assert (s.to_move, s.phase, s.turn) == (1, "order", 1)


def test_a_draw_from_an_empty_deck_shuffles_the_discard_pile() -> None:
    s = position(
        hands=[["tower"], []],
        decks=[["peon", "peon"], []],
        discards=[["guard", "champion", "clergy", "legend"], []],
        phase="buy",
        forced_shuffles=[["legend", "clergy", "tower", "guard", "champion"]],
    )
    play(s, "end")
    # the deck's two cards first, then the reshuffled discard pile (the hand's Tower included)
    assert s.hands[0] == sorted(["peon", "peon", "legend", "clergy", "tower"])
    assert s.decks[0] == ["guard", "champion"] and s.discards[0] == []


def test_a_fixed_shuffle_must_hold_the_discard_pile() -> None:
    s = position(phase="buy", discards=[["guard"], []], forced_shuffles=[["peon"]])
    with pytest.raises(IllegalActionError):
        play(s, "end")


def test_drawing_with_deck_and_discard_empty_does_nothing() -> None:
    s = play(position(hands=[["peon"], []], phase="buy"), "end")
    assert s.hands[0] == ["peon"]  # D-FTC-7: only the discarded Peon comes back


def test_the_win_check_at_the_end_of_the_turn() -> None:
    s = position(board={"e1": [0, "Ki"], "e8": [1, "Ki"], "e6": [0, "Ro"]})
    play(s, "Ro e6xe8")
    assert s.result is None and s.phase == "buy"  # not before the turn ends
    play(s, "end")
    assert s.result is not None and (s.result.winner, s.result.reason) == (0, "sovereign")
    assert s.legal_actions() == [] and s.current_player is None


def test_a_sovereign_in_the_barracks_does_not_count() -> None:
    s = position(board={"e1": [0, "Ki"], "e8": [1, "Ki"], "e6": [0, "Ro"]}, barracks=[[], ["Ki"]])
    play(s, "Ro e6xe8", "end")
    assert s.result is not None and s.result.winner == 0


def test_the_turn_cap_draws() -> None:
    s = play(position(options={"turn_cap": 2}, phase="buy"), "end")
    assert s.result is None
    play(s, "end", "end")
    assert s.result is not None and (s.result.winner, s.result.reason) == (None, "turn_cap")


def test_an_illegal_action_changes_nothing() -> None:
    s = position()
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(act("Ki", "e1-e3"))
    assert s.to_json() == before


def test_square_names_are_the_units_package_ones() -> None:
    assert square_name(4) == "e1"


# --- the Supply chosen in turn, handicaps (§11.4) ------------------------------------------------------
def test_the_players_choose_the_variable_stacks_in_turn() -> None:
    s = new_game({"supply": "chosen"}, seed=1)
    assert s.phase == "supply" and list(s.supply) == ["champion", "clergy", "tower", "consort"]
    assert len(texts(s)) == 26 and texts(s)[0] == "choose academy"
    picks = ["wish", "heir", "armor", "fog", "legend", "temple", "aviary", "scribes", "refiner", "stables"]
    seats = []
    for card in picks:
        seats.append(s.current_player)
        play(s, f"choose {card}")
    assert seats == [0, 1] * 5
    assert (s.phase, s.to_move, s.orders) == ("order", 0, 1)
    order = list(s.table.cards)
    assert list(s.supply)[4:] == sorted(picks, key=order.index)
    assert "choose wish" not in texts(s)


def seats_of_turns(s: FtcState, turns: int) -> list[int]:
    """The seat of each of the next ``turns`` turns, each ended at once."""
    seats = []
    for _ in range(turns):
        seats.append(s.to_move)
        turn = s.turn
        while s.turn == turn:
            play(s, "end")
    return seats


def test_extra_turns_for_the_weaker_player() -> None:
    assert seats_of_turns(new_game({"handicap": 1, "extra_turns": 2}, seed=1), 5) == [1, 1, 0, 1, 0]
    assert seats_of_turns(new_game({"handicap": 0, "extra_turns": 1}, seed=1), 3) == [0, 0, 1]


def test_extra_units_on_the_board_and_in_the_barracks() -> None:
    s = new_game({"handicap": 1, "extra_units": "Qu, Ro@a8"})
    assert s.barracks[1] == ["Qu"] and s.board[56] == (1, "Ro")
    for bad in ("Zz", "Qu@z9", "Qu@e1", "Ro@a8,Kn@a8", 5):
        with pytest.raises(BadOptionsError):
            new_game({"extra_units": bad})
