"""Attacking units and attack rules (rules reference §3.2): Archer, Crossbowman, Cavalry, Lancer, Knight,
Pikeman. Positions are around the centre f4; its neighbours are g4 g3 f3 e4 e5 f5."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.engine import IllegalNotationError

from .conftest import coin_texts, kind_texts, pending_kinds, play, pos, stacks, zone


# ------------------------------------------------------------------------------------------- Archer
def archer_position(height=1):
    return pos(
        hand0=["Ar"],
        board0={"f4": ["Ar", height], "f3": "Fo"},
        board1={"g4": "Sw", "f2": "Ca", "g5": "Pi", "e6": "Kn"},
        hand1=["Sw"],
    )


def test_archer_shoots_any_ring_two_hex_over_units_but_never_adjacent():
    g = archer_position()
    assert coin_texts(g, "Ar") == {
        "Ar bolster f4",
        "Ar move f4-g3",
        "Ar move f4-e4",
        "Ar move f4-e5",
        "Ar move f4-f5",
        "Ar tactic f4xf2",  # straight line, middle hex f3 occupied: allowed
        "Ar tactic f4xg5",  # off the straight lines: allowed
        # not the adjacent Swordsman at g4 (no normal attack), not the Knight at e6 (unbolstered)
        "Ar pass",
    }


def test_bolstered_archer_may_shoot_a_knight():
    g = archer_position(height=2)
    assert kind_texts(g, "tactic") == {"Ar tactic f4xf2", "Ar tactic f4xg5", "Ar tactic f4xe6"}


def test_archer_shot_eliminates_a_coin_and_triggers_no_pikeman_reflex():
    g = archer_position()
    play(g, "Ar tactic f4xg5")
    assert "g5" not in stacks(g)
    assert stacks(g)["f4"] == ("Ar", 1, 0)
    assert zone(g, 1, "eliminated")["Pi"] == 4
    assert zone(g, 0, "discard_up") == {"Ar": 1}
    assert g.current_player == 1


def test_archer_has_no_normal_attack():
    g = archer_position()
    with pytest.raises(IllegalNotationError, match="cannot make normal attacks"):
        g.parse_action("Ar attack f4xg4")


# -------------------------------------------------------------------------------------- Crossbowman
def crossbow_position(height=1):
    return pos(
        hand0=["Cr"],
        board0={"f4": ["Cr", height], "f3": "Fo"},
        board1={"h4": "Pi", "f2": "Ca", "e4": "La", "d6": "Kn"},
        hand1=["Pi"],
    )


def test_crossbowman_straight_line_with_empty_middle_plus_normal_attack():
    g = crossbow_position()
    assert coin_texts(g, "Cr") == {
        "Cr bolster f4",
        "Cr move f4-g4",
        "Cr move f4-g3",
        "Cr move f4-e5",
        "Cr move f4-f5",
        "Cr attack f4xe4",  # normal adjacent attack allowed (FAQ 3)
        "Cr tactic f4xh4",  # g4 empty in between
        # f2: middle f3 occupied; d6: a Knight and the Crossbowman is not bolstered
        "Cr pass",
    }
    assert kind_texts(crossbow_position(2), "tactic") == {"Cr tactic f4xh4", "Cr tactic f4xd6"}


def test_crossbowman_never_shoots_off_the_straight_lines():
    g = pos(hand0=["Cr"], board0={"f4": "Cr"}, board1={"g5": "Pi", "h3": "Sw"})
    assert kind_texts(g, "tactic") == set()


def test_crossbowman_reflex_only_on_its_adjacent_attack():
    g = crossbow_position()
    play(g, "Cr tactic f4xh4")
    assert stacks(g)["f4"] == ("Cr", 1, 0) and "h4" not in stacks(g)
    g = pos(hand0=["Cr"], board0={"f4": ["Cr", 2]}, board1={"g4": ["Pi", 2]}, hand1=["Pi"])
    play(g, "Cr attack f4xg4")
    assert stacks(g) == {"f4": ("Cr", 1, 0), "g4": ("Pi", 1, 1)}
    assert zone(g, 0, "eliminated")["Cr"] == 3  # 5 = 1 on the board + 1 paid (face up) + 3 in the box


# ------------------------------------------------------------------------------------------ Cavalry
def test_cavalry_moves_one_then_must_attack_from_the_new_hex():
    g = pos(hand0=["Ca"], board0={"f4": "Ca"}, board1={"h4": "Sw", "e4": "Pi", "d6": "Kn"}, hand1=["Sw"])
    assert coin_texts(g, "Ca") == {
        "Ca bolster f4",
        "Ca move f4-g4",
        "Ca move f4-g3",
        "Ca move f4-f3",
        "Ca move f4-e5",
        "Ca move f4-f5",
        "Ca attack f4xe4",
        "Ca tactic f4-g4xh4",
        "Ca tactic f4-f3xe4",
        "Ca tactic f4-e5xe4",
        # e5 is also next to the Knight at d6, but an unbolstered Cavalry cannot attack it
        "Ca pass",
    }
    play(g, "Ca tactic f4-g4xh4")
    assert stacks(g) == {"g4": ("Ca", 1, 0), "e4": ("Pi", 1, 1), "d6": ("Kn", 1, 1)}
    assert zone(g, 0, "discard_up") == {"Ca": 1}


def test_cavalry_tactic_needs_a_target():
    g = pos(hand0=["Ca"], board0={"f4": "Ca"}, board1={"f1": "Sw"})
    assert kind_texts(g, "tactic") == set()


def test_bolstered_cavalry_may_charge_a_knight():
    g = pos(hand0=["Ca"], board0={"f4": ["Ca", 2]}, board1={"d6": "Kn"})
    assert kind_texts(g, "tactic") == {"Ca tactic f4-e5xd6"}


def test_cavalry_charge_into_a_pikeman_triggers_the_reflex():
    g = pos(hand0=["Ca"], board0={"f4": "Ca"}, board1={"h4": "Pi"}, hand1=["Pi"])
    play(g, "Ca tactic f4-g4xh4")
    assert stacks(g) == {}


# ------------------------------------------------------------------------------------------- Lancer
def lancer_position(height=1):
    return pos(
        hand0=["La"],
        board0={"f4": ["La", height], "f3": "Fo"},
        board1={"e4": "Sw", "i1": "Pi", "f1": "Ca", "h4": "Kn"},
        hand1=["Sw"],
    )


def test_lancer_moves_straight_one_or_two_through_empty_then_attacks_the_next_hex():
    g = lancer_position()
    assert coin_texts(g, "La") == {
        "La bolster f4",
        "La move f4-g4",
        "La move f4-g3",
        "La move f4-e5",
        "La move f4-f5",
        "La tactic f4-h2xi1",  # two hexes g3, h2, then the Pikeman at i1
        # f1 is behind the friendly f3; the Swordsman at e4 is adjacent (no attack without moving,
        # and no normal attack); the Knight at h4 is immune to an unbolstered Lancer; a unit next to
        # the landing hex but off the line (e4 from e5) is not a target
        "La pass",
    }


def test_bolstered_lancer_may_charge_a_knight():
    g = lancer_position(height=2)
    assert kind_texts(g, "tactic") == {"La tactic f4-h2xi1", "La tactic f4-g4xh4"}


def test_lancer_charge_resolves_move_then_attack_with_pikeman_reflex():
    g = lancer_position()
    play(g, "La tactic f4-h2xi1")
    assert "i1" not in stacks(g) and "f4" not in stacks(g) and "h2" not in stacks(g)  # both died
    assert zone(g, 0, "eliminated")["La"] == 3  # the fourth Lancer coin paid for the tactic
    assert zone(g, 1, "eliminated")["Pi"] == 4


def test_lancer_without_a_target_has_no_tactic():
    g = pos(hand0=["La"], board0={"f4": "La"}, board1={"h3": "Sw"})  # h3 is not on any line from f4
    assert kind_texts(g, "tactic") == set()


# ------------------------------------------------------------------------------------------- Knight
def test_knight_can_only_be_attacked_by_bolstered_units():
    g = pos(hand0=["Sw"], board0={"f4": "Sw"}, board1={"g4": "Kn"})
    assert kind_texts(g, "attack") == set()
    g = pos(hand0=["Sw"], board0={"f4": ["Sw", 2]}, board1={"g4": "Kn"}, hand1=["Kn"])
    assert kind_texts(g, "attack") == {"Sw attack f4xg4"}
    play(g, "Sw attack f4xg4")
    assert "g4" not in stacks(g)


def test_pikeman_reflex_hits_an_attacking_knight():
    g = pos(hand0=["Kn"], board0={"f4": ["Kn", 2]}, board1={"g4": "Pi"}, hand1=["Pi"])
    play(g, "Kn attack f4xg4")
    assert stacks(g) == {"f4": ("Kn", 1, 0)}


# ------------------------------------------------------------------------------------------ Pikeman
def test_pikeman_reflex_both_single_coin_units_die_together():
    g = pos(hand0=["Sw"], board0={"f4": "Sw"}, board1={"g4": "Pi"}, hand1=["Pi"])
    play(g, "Sw attack f4xg4")
    assert stacks(g) == {}
    assert zone(g, 0, "eliminated")["Sw"] == 4 and zone(g, 0, "discard_up") == {"Sw": 1}
    assert zone(g, 1, "eliminated")["Pi"] == 3  # one more is in hand
    # the dead Swordsman gets no free move (FAQ 19)
    assert g.pending == [] and g.current_player == 1


def test_pikeman_reflex_on_a_surviving_attacker_keeps_its_trigger():
    g = pos(hand0=["Sw"], board0={"f4": ["Sw", 2]}, board1={"g4": ["Pi", 2]}, hand1=["Pi"])
    play(g, "Sw attack f4xg4")
    assert stacks(g) == {"f4": ("Sw", 1, 0), "g4": ("Pi", 1, 1)}
    assert pending_kinds(g) == [("sword", 0)]


def test_pikeman_no_reflex_at_range():
    g = pos(hand0=["Ar"], board0={"f4": "Ar"}, board1={"h4": ["Pi", 2]}, hand1=["Pi"])
    play(g, "Ar tactic f4xh4")
    assert stacks(g) == {"f4": ("Ar", 1, 0), "h4": ("Pi", 1, 1)}
