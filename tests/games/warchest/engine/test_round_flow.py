"""Round structure (rules reference §4.2): drawing, refilling the bag, shortage, turn order, round end,
initiative (§4.3 B "Claim initiative"), and the project's max_rounds draw (§9)."""

from __future__ import annotations

from collections import Counter

from warchest_bot.games.warchest.engine import Result

from .conftest import kind_texts, play, pos, zone


def order_of_turns(g, count):
    """Play ``count`` passes (the first coin of each hand) and record who played each."""
    seats = []
    for _ in range(count):
        seats.append(g.current_player)
        coin = g.legal_actions()[-1]  # PASS is always last for a coin
        assert coin.kind == "pass"
        g.apply(coin)
    return seats


def test_round_ends_when_all_hands_are_empty_then_each_player_draws_three():
    g = pos(hand0=["RC"], bag0=["Sw", "Pi", "Cr"], bag1=["Ar", "Ca", "La"], down1=["RC"])
    play(g, "RC pass")
    assert g.round == 2
    assert zone(g, 0, "hand") == {"Sw": 1, "Pi": 1, "Cr": 1}
    assert zone(g, 1, "hand") == {"Ar": 1, "Ca": 1, "La": 1}
    assert zone(g, 0, "bag") == zone(g, 1, "bag") == {}
    # the discards are not recycled at the end of a round: only when a draw needs them
    assert zone(g, 0, "discard_down") == {"RC": 1}
    assert zone(g, 1, "discard_down") == {"RC": 1}
    assert g.current_player == 0


def test_discard_not_recycled_while_the_bag_has_enough():
    g = pos(hand0=["RC"], bag0=["Sw", "Pi", "Cr", "Kn"], up0=["Sw"], bag1=["Ar", "Ca", "La"], down1=["RC"])
    play(g, "RC pass")
    assert sum(zone(g, 0, "hand").values()) == 3
    assert sum(zone(g, 0, "bag").values()) == 1
    assert zone(g, 0, "discard_up") == {"Sw": 1}
    assert zone(g, 0, "discard_down") == {"RC": 1}


def test_bag_refilled_from_the_whole_discard_mid_draw():
    g = pos(
        hand0=["RC"], bag0=["Sw"], up0={"Pi": 2}, down0=["Cr"], bag1=["Ar", "Ca", "La"], down1=["RC"], seed=3
    )
    play(g, "RC pass")
    hand, bag = Counter(zone(g, 0, "hand")), Counter(zone(g, 0, "bag"))
    assert hand["Sw"] == 1  # the last bag coin is drawn first
    assert sum(hand.values()) == 3
    # face-up and face-down discards both went into the bag (including the Royal Coin just paid)
    assert hand + bag == Counter({"Sw": 1, "Pi": 2, "Cr": 1, "RC": 1})
    assert zone(g, 0, "discard_up") == zone(g, 0, "discard_down") == {}


def test_shortage_player_draws_fewer_and_the_other_plays_on():
    # seat 0's only coin left in the game is the Royal Coin
    g = pos(hand0=["RC"], bag1=["Ar", "Ca", "La"], down1=["RC"])
    play(g, "RC pass")
    assert zone(g, 0, "hand") == {"RC": 1}
    assert len(g.seats[1].hand) == 3
    assert order_of_turns(g, 4) == [0, 1, 1, 1]
    assert g.round == 3


def test_players_alternate_from_the_initiative_holder():
    g = pos(initiative=1, hand0=["Sw", "Pi", "Cr"], hand1=["Ar", "Ca", "La"])
    assert g.current_player == 1
    assert order_of_turns(g, 6) == [1, 0, 1, 0, 1, 0]
    assert g.round == 2 and g.current_player == 1


def test_empty_hand_is_skipped():
    g = pos(hand0=["Sw"], hand1=["Ar", "Ca", "La"])
    assert order_of_turns(g, 4) == [0, 1, 1, 1]
    assert g.round == 2


def test_claim_initiative_takes_effect_next_round():
    g = pos(
        hand0=["Sw", "Pi"],
        hand1=["Ar", "Ca"],
        bag0=["Kn", "Kn", "Kn"],
        down0=["RC"],
        bag1=["Sc", "Sc", "Sc"],
        down1=["RC"],
    )
    assert kind_texts(g, "claim") == set()  # the holder cannot claim
    play(g, "Sw pass")
    assert kind_texts(g, "claim") == {"Ar claim", "Ca claim"}
    play(g, "Ar claim")
    assert g.initiative == 1 and g.initiative_claimed
    assert zone(g, 1, "discard_down") == {"Ar": 1, "RC": 1}  # paid face down
    # the current round's order is unchanged: seat 0 plays next
    assert g.current_player == 0
    assert kind_texts(g, "claim") == set()  # at most one claim per round, even to take it back
    play(g, "Pi pass")
    assert kind_texts(g, "claim") == set()  # the holder cannot claim
    play(g, "Ca pass")
    # next round: the new holder starts, and the claim is open again
    assert g.round == 2 and g.current_player == 1 and not g.initiative_claimed
    assert kind_texts(g, "claim") == set()
    play(g, "Sc pass")
    assert kind_texts(g, "claim") == {"Kn claim"}


def test_four_players_clockwise_from_the_holder():
    g = pos(
        4,
        initiative=2,
        hand0=["Sw", "Sw"],
        hand1=["Ar", "Ar"],
        hand2=["Kn", "Kn"],
        hand3=["Fo", "Fo"],
    )
    assert order_of_turns(g, 8) == [2, 3, 0, 1, 2, 3, 0, 1]
    assert g.round == 2 and g.current_player == 2


def test_four_players_empty_hands_skipped():
    g = pos(4, initiative=3, hand0=["Sw", "Sw", "Sw"], hand1=["Ar"], hand2=[], hand3=["Fo", "Fo"])
    assert order_of_turns(g, 6) == [3, 0, 1, 3, 0, 0]
    assert g.round == 2 and g.current_player == 3


def test_four_players_claim_keeps_this_rounds_order():
    g = pos(4, initiative=0, hand0=["Sw"], hand1=["Ar"], hand2=["Kn"], hand3=["Fo"])
    play(g, "Sw pass", "Ar claim")
    assert g.initiative == 1 and g.current_player == 2
    play(g, "Kn pass", "Fo pass")
    assert g.round == 2 and g.current_player == 1


def test_max_rounds_ends_the_game_as_a_draw():
    g = pos(round=5, max_rounds=5, hand0=["Sw"], hand1=["Ar"])
    play(g, "Sw pass")
    assert not g.is_terminal()
    play(g, "Ar pass")
    assert g.is_terminal()
    assert g.result == Result(None, "max_rounds")
    assert g.winner is None and g.current_player is None
    assert g.legal_actions() == []


def test_before_max_rounds_the_game_goes_on():
    g = pos(round=4, max_rounds=5, hand0=["Sw"], hand1=["Ar"])
    play(g, "Sw pass", "Ar pass")
    assert not g.is_terminal() and g.round == 5
