"""One test (at least) per FAQ item of the rules reference §5, numbered as there."""

from __future__ import annotations

import pytest

from .conftest import (
    assert_rejected,
    coin_texts,
    control,
    kind_texts,
    pending_kinds,
    play,
    pos,
    stacks,
    texts,
    zone,
)


def test_faq01_archer_cannot_attack_adjacent_units():
    g = pos(hand0=["Ar"], board0={"f4": "Ar"}, board1={"g4": "Sw"})
    assert coin_texts(g, "Ar") == {
        "Ar bolster f4",
        "Ar move f4-g3",
        "Ar move f4-f3",
        "Ar move f4-e4",
        "Ar move f4-e5",
        "Ar move f4-f5",
        "Ar pass",
    }


def test_faq02_berserker_chain_costs_stack_coins_and_one_hand_coin_in_all():
    g = pos(hand0=["Be", "Be"], board0={"f4": ["Be", 3]}, hand1=["Sw"])
    play(g, "Be move f4-g4", "move g4-h4", "move h4-i4")
    assert zone(g, 0, "hand") == {"Be": 1}
    assert stacks(g)["i4"] == ("Be", 1, 0)
    assert zone(g, 0, "discard_up") == {"Be": 3}


def test_faq03_crossbowman_may_attack_adjacent():
    g = pos(hand0=["Cr"], board0={"f4": "Cr"}, board1={"g4": "Sw"})
    assert kind_texts(g, "attack") == {"Cr attack f4xg4"}


def test_faq04_ensign_grants_only_a_one_hex_move_ending_within_two():
    # a Light Cavalry ordered by the Ensign makes a normal move, not its two-hex tactic
    g = pos(hand0=["En"], board0={"f4": "En", "h4": "LC"})
    assert kind_texts(g, "tactic") == {"En tactic h4-h3", "En tactic h4-g4", "En tactic h4-g5"}


def test_faq05_berserker_chain_after_an_ensign_move():
    g = pos(hand0=["En"], board0={"f4": "En", "h4": ["Be", 2]}, hand1=["Sw"])
    play(g, "En tactic h4-h3")
    assert pending_kinds(g) == [("berserk", 0)]
    play(g, "move h3-i2")  # beyond the Ensign's reach: a plain Berserker maneuver
    assert stacks(g)["i2"] == ("Be", 1, 0)


def test_faq06_footmen_may_make_different_maneuvers():
    g = pos(hand0=["Fo"], board0={"g3": "Fo", "f5": "Fo"}, hand1=["Sw"])
    play(g, "Fo tactic", "control g3", "move f5-f6")
    assert stacks(g) == {"g3": ("Fo", 1, 0), "f6": ("Fo", 1, 0)}
    assert control(g)["g3"] == 0


def test_faq07_lancer_needs_a_target_and_an_unbolstered_one_cannot_end_next_to_a_knight():
    g = pos(hand0=["La"], board0={"f4": "La"})
    assert kind_texts(g, "tactic") == set()  # no "move and not attack"
    g = pos(hand0=["La"], board0={"f4": "La"}, board1={"h4": "Kn"})
    assert kind_texts(g, "tactic") == set()
    assert_rejected(g, "La tactic f4-g4xh4")


def test_faq08_lancer_cannot_attack_adjacent_without_moving():
    g = pos(hand0=["La"], board0={"f4": "La"}, board1={"g4": "Sw"})
    assert kind_texts(g, "tactic") == set() and kind_texts(g, "attack") == set()


def test_faq09_light_cavalry_normal_move_or_two_hex_tactic():
    g = pos(hand0=["LC"], board0={"f1": "LC"})
    # f1's neighbours on the board: g1, e2, f2
    assert coin_texts(g, "LC") == {
        "LC bolster f1",
        "LC move f1-g1",
        "LC move f1-e2",
        "LC move f1-f2",
        "LC tactic f1-h1",
        "LC tactic f1-g2",
        "LC tactic f1-f3",
        "LC tactic f1-e3",
        "LC tactic f1-d3",
        "LC pass",
    }


def test_faq10_swordsman_and_warrior_priest_trigger_on_marshall_attacks():
    g = pos(hand0=["Ma"], board0={"f4": "Ma", "g3": "Sw"}, board1={"h3": ["Ca", 2]}, hand1=["Ca"])
    play(g, "Ma tactic g3xh3")
    assert pending_kinds(g) == [("sword", 0)]
    g = pos(
        hand0=["Ma"],
        board0={"f4": "Ma", "g3": "WP"},
        board1={"h3": ["Ca", 2]},
        bag0=["Kn"],
        down0=["RC"],
        hand1=["Ca"],
    )
    play(g, "Ma tactic g3xh3")
    assert pending_kinds(g) == [("priest", 0)]


def test_faq11_marshall_never_enables_archer_or_lancer_attacks():
    g = pos(hand0=["Ma"], board0={"f4": "Ma", "g4": "Ar", "f5": ["La", 2]}, board1={"h4": "Sw", "f6": "Ca"})
    assert kind_texts(g, "tactic") == set()


def test_faq12_mercenary_maneuver_only_if_on_the_board_and_never_a_deploy():
    g = pos(hand0=["RC"], supply0={"Me": 2}, hand1=["Sw"])
    play(g, "RC recruit Me")
    assert g.pending == [] and g.current_player == 1
    g = pos(hand0=["RC"], supply0={"Me": 2}, board0={"f1": "Me"}, hand1=["Sw"])
    play(g, "RC recruit Me")
    assert texts(g) == {"move f1-g1", "move f1-e2", "move f1-f2", "decline"}


def test_faq13_pikeman_reflex_hits_a_knight():
    g = pos(hand0=["Kn"], board0={"f4": ["Kn", 2]}, board1={"g4": ["Pi", 2]}, hand1=["Pi"])
    play(g, "Kn attack f4xg4")
    assert stacks(g) == {"f4": ("Kn", 1, 0), "g4": ("Pi", 1, 1)}


def test_faq14_warrior_priest_coin_used_at_once_pass_counts():
    g = pos(
        hand0=["WP"], board0={"f4": "WP"}, board1={"g4": ["Sw", 2]}, bag0=["Pi"], down0=["RC"], hand1=["Sw"]
    )
    play(g, "WP attack f4xg4")
    assert texts(g) == {"Pi deploy e2", "Pi deploy h1", "Pi pass"}
    play(g, "Pi pass")
    assert zone(g, 0, "discard_down") == {"RC": 1, "Pi": 1}
    assert g.current_player == 1


@pytest.mark.parametrize(
    "unit, board0, expected_kind",
    [
        ("Ar", {"f4": "Ar"}, "tactic"),  # h4 is 2 away
        ("Cr", {"f4": "Cr"}, "tactic"),  # straight line over empty g4
        ("Ca", {"f4": "Ca"}, "tactic"),  # move to g4, attack h4
        ("La", {"f4": "La"}, "tactic"),  # move to g4, attack h4
        ("Ma", {"f4": "Ma", "g4": "Sw"}, "tactic"),  # Swordsman next to h4
    ],
)
def test_faq15_knight_immunity_covers_tactic_attacks(unit, board0, expected_kind):
    g = pos(hand0=[unit], board0=board0, board1={"h4": "Kn"})
    assert kind_texts(g, expected_kind) == set()
    bolstered = {h: [u, 2] for h, u in board0.items()}
    g = pos(hand0=[unit], board0=bolstered, board1={"h4": "Kn"})
    assert kind_texts(g, expected_kind) != set()


def test_faq16_royal_coin_cannot_bolster_or_deploy_the_royal_guard():
    g = pos(hand0=["RC"], board0={"g2": "RG"}, initiative=1, turn=0, hand1=["Sw"])
    assert texts(g) == {"RC tactic g2-h1", "RC tactic g2-e2", "RC claim", "RC pass"}
    assert_rejected(g, "RC bolster g2")
    g = pos(hand0=["RC"], units0=["RG"], initiative=1, turn=0, hand1=["Sw"])
    assert texts(g) == {"RC claim", "RC pass"}


def test_faq17_royal_guard_soak_is_the_defenders_choice():
    g = pos(hand0=["Sw"], board0={"f4": ["Sw", 2]}, board1={"g4": "RG"}, supply1={"RG": 3}, hand1=["RG"])
    play(g, "Sw attack f4xg4")
    assert g.current_player == 1 and texts(g) == {"soak", "decline"}
    play(g, "decline")
    assert "g4" not in stacks(g)
    assert zone(g, 1, "supply") == {"RG": 3}
    assert pending_kinds(g) == [("sword", 0)]  # then the attacker's own follow-up


def test_faq18_scout_one_unit_limit_and_no_location_needed():
    g = pos(hand0=["Sc"], board0={"f4": "Sw"}, control={"d7": 1, "g6": 1, "e2": 1})
    # seat 0 controls no location at all: the Scout still deploys next to its Swordsman
    assert coin_texts(g, "Sc") == {
        "Sc deploy g4",
        "Sc deploy g3",
        "Sc deploy f3",
        "Sc deploy e4",
        "Sc deploy e5",
        "Sc deploy f5",
        "Sc pass",
    }
    g = pos(hand0=["Sc"], board0={"f4": "Sw", "f5": "Sc"})
    assert kind_texts(g, "deploy") == set()


@pytest.mark.parametrize("attacker", ["Sw", "WP", "Be"])
def test_faq19_no_post_trigger_for_a_unit_killed_by_the_pikeman(attacker):
    g = pos(
        hand0=[attacker],
        board0={"f4": attacker},
        board1={"g4": "Pi"},
        bag0=["Kn"],
        down0=["RC"],
        hand1=["Pi"],
    )
    play(g, f"{attacker} attack f4xg4")
    assert stacks(g) == {}
    assert g.pending == [] and g.current_player == 1
    assert zone(g, 0, "bag") == {"Kn": 1}
