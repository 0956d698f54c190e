"""Moving units (rules reference §3.2): Light Cavalry, Royal Guard (both cards), Ensign, Scout."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.engine import NotationError

from .conftest import assert_rejected, coin_texts, kind_texts, play, pos, stacks, texts, zone


# ------------------------------------------------------------------------------------ Light Cavalry
def test_light_cavalry_two_steps_through_empty_hexes_or_a_normal_move():
    g = pos(hand0=["LC"], board0={"f4": "LC", "f3": "Fo"}, board1={"g4": "Sw", "d6": "Kn"}, hand1=["Sw"])
    assert coin_texts(g, "LC") == {
        "LC bolster f4",
        "LC move f4-g3",  # the normal one-hex move stays available (FAQ 9)
        "LC move f4-e4",
        "LC move f4-e5",
        "LC move f4-f5",
        "LC attack f4xg4",
        # two hexes away through an empty first hex; never through f3 (friend) or g4 (enemy), so f2
        # and h4 are out; d6 is occupied
        "LC tactic f4-h3",
        "LC tactic f4-h2",
        "LC tactic f4-g2",
        "LC tactic f4-e3",
        "LC tactic f4-d4",
        "LC tactic f4-d5",
        "LC tactic f4-e6",
        "LC tactic f4-f6",
        "LC tactic f4-g5",
        "LC pass",
    }
    play(g, "LC tactic f4-h2")
    assert stacks(g)["h2"] == ("LC", 1, 0) and "f4" not in stacks(g)
    assert zone(g, 0, "discard_up") == {"LC": 1}


def test_light_cavalry_boxed_in_has_no_tactic():
    g = pos(
        hand0=["LC"],
        board0={"f1": "LC", "g1": "Kn", "e2": "Fo"},
        board1={"f2": "Sw"},
    )
    assert kind_texts(g, "tactic") == set()


# -------------------------------------------------------------------------------------- Royal Guard
RG_CONTROL = {"e2": 0, "h1": 0, "g3": 0, "h4": 0, "d4": 0, "e5": 1, "d7": 1, "g6": 1}


def test_revised_royal_guard_moves_one_or_two_through_empty_hexes_to_an_own_empty_location():
    g = pos(hand0=["RC", "RG"], board0={"f4": "RG"}, board1={"g4": "Sw"}, control=RG_CONTROL, hand1=["Sw"])
    # g3: adjacent and ours; d4: two away through the empty e4 and ours; h4 is ours but only reachable
    # through the Swordsman at g4; e5 is the enemy's; e2/h1 are too far
    assert coin_texts(g, "RC") == {"RC tactic f4-g3", "RC tactic f4-d4", "RC pass"}
    # the Royal Guard's own coins never pay for its tactic
    assert kind_texts(g, "tactic") == {"RC tactic f4-g3", "RC tactic f4-d4"}
    play(g, "RC tactic f4-d4")
    assert stacks(g)["d4"] == ("RG", 1, 0)
    assert zone(g, 0, "discard_up") == {"RC": 1}  # the Royal Coin goes face up
    assert zone(g, 0, "hand") == {"RG": 1}


def test_revised_royal_guard_destination_must_be_empty():
    g = pos(hand0=["RC"], board0={"f4": "RG", "g3": "Kn"}, board1={"g4": "Sw"}, control=RG_CONTROL)
    assert kind_texts(g, "tactic") == {"RC tactic f4-d4"}


def test_original_royal_guard_makes_a_plain_one_hex_move():
    g = pos(
        hand0=["RC"],
        board0={"f4": "RG"},
        board1={"g4": "Sw"},
        control=RG_CONTROL,
        royal_guard="original",
    )
    assert kind_texts(g, "tactic") == {
        "RC tactic f4-g3",
        "RC tactic f4-f3",
        "RC tactic f4-e4",
        "RC tactic f4-e5",
        "RC tactic f4-f5",
    }


def test_royal_coin_cannot_bolster_or_deploy_the_royal_guard():
    g = pos(hand0=["RC"], board0={"f4": "RG"}, board1={"g4": "Sw"}, control=RG_CONTROL)
    assert_rejected(g, "RC bolster f4")
    g = pos(hand0=["RC"], units0=["RG"])
    assert texts(g) == {"RC pass"}


def test_royal_guard_tactic_only_for_its_owner():
    g = pos(hand0=["RC"], board1={"f4": "RG"}, hand1=["RG"])
    assert texts(g) == {"RC pass"}
    with pytest.raises(NotationError):
        g.parse_action("RC tactic f4-g3")


def test_royal_coin_drawn_by_the_warrior_priest_pays_the_royal_guard_tactic():
    g = pos(
        board0={"f3": "RG", "h3": "WP"},
        pending=[{"kind": "priest", "seat": 0, "coin": "RC"}],
        initiative=1,
        turn=0,
        hand1=["Sw"],
    )
    # f3 -> e2 (via f2 or e3) and f3 -> h1 (via g2): the starting locations, two hexes away
    assert texts(g) == {"RC tactic f3-e2", "RC tactic f3-h1", "RC claim", "RC pass"}
    play(g, "RC tactic f3-h1")
    assert stacks(g)["h1"] == ("RG", 1, 0)
    assert zone(g, 0, "discard_up") == {"RC": 1}
    assert g.current_player == 1


# ------------------------------------------------------------------------------------------- Ensign
def ensign_position():
    return pos(
        hand0=["En"],
        board0={"f4": "En", "g3": "Sw", "h4": "Pi", "e2": "Kn"},
        board1={"e4": "Ca"},
        hand1=["Ca"],
    )


def test_ensign_moves_a_friendly_unit_within_two_to_a_hex_within_two():
    g = ensign_position()
    assert coin_texts(g, "En") == {
        "En bolster f4",
        "En move f4-g4",
        "En move f4-f3",
        "En move f4-e5",
        "En move f4-f5",
        "En attack f4xe4",
        # Swordsman at g3 (1 away): every empty neighbour is within 2 of the Ensign
        "En tactic g3-h3",
        "En tactic g3-h2",
        "En tactic g3-g2",
        "En tactic g3-f3",
        "En tactic g3-g4",
        # Pikeman at h4 (2 away): i4, i3 and h5 would end 3 away
        "En tactic h4-h3",
        "En tactic h4-g4",
        "En tactic h4-g5",
        # not the Knight at e2 (3 away), not the enemy Cavalry, not the Ensign itself
        "En pass",
    }


def test_ensign_order_moves_the_unit_and_discards_the_ensign_coin():
    g = ensign_position()
    play(g, "En tactic h4-g5")
    assert stacks(g)["g5"] == ("Pi", 1, 0) and "h4" not in stacks(g)
    assert stacks(g)["f4"] == ("En", 1, 0)
    assert zone(g, 0, "discard_up") == {"En": 1}


# -------------------------------------------------------------------------------------------- Scout
def test_scout_deploys_next_to_any_friendly_unit_too():
    g = pos(hand0=["Sc"], board0={"f4": "Kn"}, board1={"h4": "Sw"})
    assert texts(g) == {
        "Sc deploy e2",
        "Sc deploy h1",
        "Sc deploy g4",
        "Sc deploy g3",
        "Sc deploy f3",
        "Sc deploy e4",
        "Sc deploy e5",
        "Sc deploy f5",
        # not i4/h3/g5 etc. next to the enemy only
        "Sc pass",
    }


def test_scout_still_one_unit_on_the_board():
    g = pos(hand0=["Sc"], board0={"f4": "Kn", "e5": "Sc"})
    assert not kind_texts(g, "deploy")
    assert "Sc bolster e5" in texts(g)
