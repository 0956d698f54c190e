"""Four-player (2 vs 2) rules (rules reference §1.3, §4.6): seats 0 and 2 are side A (team 0), seats 1
and 3 side B (team 1); shared control markers (8 to win), team-friendly tactics, per-seat coins."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.engine import IllegalNotationError, Result

from .conftest import coin_texts, control, kind_texts, pending_kinds, play, pos, stacks, texts, zone

START_4P = {"e2": 0, "h1": 0, "b5": 0, "d7": 1, "g6": 1, "j3": 1}


def test_deploy_on_any_team_controlled_location_including_the_teammates():
    g = pos(4, initiative=2, hand2=["Kn"], control={**START_4P, "g3": 0})
    assert texts(g) == {"Kn deploy e2", "Kn deploy h1", "Kn deploy b5", "Kn deploy g3", "Kn pass"}


def test_four_player_board_wings():
    g = pos(4, hand0=["Sw"], board0={"b5": "Sw"})
    assert texts(g) == {
        "Sw bolster b5",
        "Sw move b5-c5",
        "Sw move b5-c4",
        "Sw move b5-a6",  # a 4-player-only hex
        "Sw move b5-b6",
        "Sw pass",
    }


def test_control_markers_are_shared_by_the_team():
    g = pos(4, hand0=["Sw"], board0={"g3": "Sw"}, control={**START_4P, "g3": 0})
    assert not kind_texts(g, "control")  # the teammate's marker is ours too
    g = pos(4, hand0=["Sw"], board0={"j3": "Sw"}, hand1=["Ar"])
    assert g.markers_left(0) == g.markers_left(1) == 5
    play(g, "Sw control j3")
    assert control(g)["j3"] == 0
    assert g.markers_left(0) == 4 and g.markers_left(1) == 6


def test_eight_markers_win_in_four_player():
    seven = {**START_4P, "g3": 0, "h4": 0, "d4": 0, "a7": 0}
    g = pos(4, hand0=["Sw"], board0={"k1": "Sw"}, control=seven, hand1=["Ar"])
    assert g.markers_left(0) == 1
    play(g, "Sw control k1")
    assert g.result == Result(0, "markers")


def test_six_markers_is_not_a_win_in_four_player():
    five = {**START_4P, "g3": 0, "h4": 0}
    g = pos(4, hand0=["Sw"], board0={"k1": "Sw"}, control=five, hand1=["Ar"])
    play(g, "Sw control k1")
    assert not g.is_terminal() and g.markers_left(0) == 2


def test_teammates_units_are_not_attackable_and_block_moves():
    g = pos(4, hand0=["Sw"], board0={"f4": "Sw"}, board2={"g4": "Kn"}, board1={"e4": "Ar"})
    assert texts(g) == {
        "Sw bolster f4",
        "Sw move f4-g3",
        "Sw move f4-f3",
        "Sw move f4-e5",
        "Sw move f4-f5",
        "Sw attack f4xe4",
        "Sw pass",
    }


def test_a_seat_cannot_use_a_teammates_coins_or_units():
    g = pos(4, hand0=["Sw"], board2={"f4": "Kn"}, hand2=["Kn"])
    with pytest.raises(IllegalNotationError, match="not one of seat 0's units"):
        g.parse_action("Kn bolster f4")


def test_no_claiming_the_initiative_from_a_teammate():
    g = pos(4, initiative=2, turn=0, hand0=["Sw"], hand1=["Ar"], hand2=["Kn"])
    assert coin_texts(g, "Sw") == {"Sw deploy e2", "Sw deploy h1", "Sw deploy b5", "Sw pass"}
    play(g, "Sw pass")
    assert "Ar claim" in texts(g)
    play(g, "Ar claim")
    assert g.initiative == 1
    # once per round: seat 2 cannot take it back this round
    assert kind_texts(g, "claim") == set()


def test_no_recruiting_for_a_teammate():
    g = pos(4, hand0=["RC"], supply0={"Sw": 1}, supply2={"Kn": 2}, supply1={"Ar": 1})
    assert texts(g) == {"RC recruit Sw", "RC pass"}


def test_scout_deploys_next_to_a_teammates_unit():
    g = pos(4, hand0=["Sc"], board2={"f4": "Kn"}, board1={"h4": "Sw"})
    assert texts(g) == {
        "Sc deploy e2",
        "Sc deploy h1",
        "Sc deploy b5",
        "Sc deploy g4",
        "Sc deploy g3",
        "Sc deploy f3",
        "Sc deploy e4",
        "Sc deploy e5",
        "Sc deploy f5",
        "Sc pass",
    }


def test_ensign_moves_a_teammates_unit_not_an_enemy():
    g = pos(
        4, hand0=["En"], board0={"f4": "En"}, board2={"g3": "Sw"}, board1={"e4": "Ca"}, board3={"h4": "Pi"}
    )
    assert kind_texts(g, "tactic") == {
        "En tactic g3-h3",
        "En tactic g3-h2",
        "En tactic g3-g2",
        "En tactic g3-f3",
        "En tactic g3-g4",
    }


def test_marshall_orders_a_teammates_unit_whose_owner_takes_the_follow_up():
    g = pos(
        4,
        hand0=["Ma"],
        board0={"f4": "Ma"},
        board2={"g3": "Sw"},
        board1={"h3": ["Ca", 2]},
        hand1=["Ca"],
        hand2=["Sw"],
    )
    assert kind_texts(g, "tactic") == {"Ma tactic g3xh3"}
    play(g, "Ma tactic g3xh3")
    assert stacks(g)["h3"] == ("Ca", 1, 1)
    # the Swordsman's free move belongs to its owner, seat 2
    assert pending_kinds(g) == [("sword", 2)] and g.current_player == 2
    play(g, "move g3-g4")
    assert stacks(g)["g4"] == ("Sw", 1, 2)
    assert zone(g, 0, "discard_up") == {"Ma": 1}
    assert g.current_player == 1  # then play goes on clockwise from seat 0


def test_marshall_ordered_teammates_warrior_priest_draws_from_its_owners_bag():
    g = pos(
        4,
        hand0=["Ma"],
        board0={"f4": "Ma"},
        board2={"g3": "WP"},
        board1={"h3": ["Ca", 2]},
        bag2=["Kn"],
        down2=["RC"],
        bag0=["Sw"],
        down0=["RC"],
        hand1=["Ca"],
    )
    play(g, "Ma tactic g3xh3")
    assert pending_kinds(g) == [("priest", 2)] and g.current_player == 2
    assert zone(g, 2, "bag") == {} and zone(g, 0, "bag") == {"Sw": 1}
    # (no claim: seat 0, the teammate, holds the initiative)
    assert texts(g) == {"Kn deploy e2", "Kn deploy h1", "Kn deploy b5", "Kn pass"}
    play(g, "Kn deploy b5")
    assert stacks(g)["b5"] == ("Kn", 1, 2)
    assert g.current_player == 1


def test_marshall_ordered_warrior_priest_whose_owner_has_nothing_to_draw():
    # seat 2's only coins are in its hand: its bag and discard are empty, so the draw finds nothing
    g = pos(
        4,
        hand0=["Ma"],
        board0={"f4": "Ma"},
        board2={"g3": "WP"},
        board1={"h3": ["Ca", 2]},
        hand2=["RC"],
        hand1=["Ca"],
    )
    play(g, "Ma tactic g3xh3")
    assert g.pending == [] and g.current_player == 1


def test_ensign_moved_teammates_berserker_chain_is_its_owners_choice():
    g = pos(4, hand0=["En"], board0={"f4": "En"}, board2={"g3": ["Be", 2]}, hand1=["Ar"])
    play(g, "En tactic g3-g4")
    assert pending_kinds(g) == [("berserk", 2)]
    play(g, "move g4-h4")
    assert zone(g, 2, "discard_up") == {"Be": 1}  # the stack coin goes to its owner's discard
    assert g.current_player == 1


def test_royal_guard_soak_decided_by_its_owner_in_four_player():
    g = pos(
        4,
        hand0=["Kn"],
        board0={"f4": ["Kn", 2]},
        board3={"g4": ["RG", 2]},
        supply3={"RG": 1},
        hand1=["Ar"],
    )
    play(g, "Kn attack f4xg4")
    assert pending_kinds(g) == [("soak", 3)] and g.current_player == 3
    play(g, "soak")
    assert stacks(g)["g4"] == ("RG", 2, 3) and g.current_player == 1


def test_revised_royal_guard_to_a_location_the_teammate_took():
    g = pos(4, hand0=["RC"], board0={"f4": "RG"}, control={**START_4P, "g3": 0, "d4": 0})
    assert kind_texts(g, "tactic") == {"RC tactic f4-g3", "RC tactic f4-d4"}
