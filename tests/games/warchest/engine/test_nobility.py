"""The Nobility expansion (docs/war-chest-expansions.md): Bannerman, Bishop, Earl, Herald and the Royal
Decrees, one test per ability with the exact legal sets, plus setup, notation and position round trips."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.warchest.engine import GameState, Options, OptionsError, PositionError
from warchest_bot.games.warchest.engine.invariants import check_invariants
from warchest_bot.games.warchest.engine.units import BASE_UNITS, NOBILITY_UNITS

from .conftest import assert_illegal, kind_texts, pending_kinds, play, pos, stacks, texts, zone

NOB = "nobility"
ALL3 = ["muster", "sally", "levy"]


# ------------------------------------------------------------------------------------------ set-up
def test_expansions_option_is_checked_and_normalised():
    assert Options().expansions == "" and not Options().nobility
    assert Options(expansions=" Nobility ").expansions == "nobility"
    assert Options(expansions="none").expansions == ""  # the /wc new option's word, as stored
    with pytest.raises(OptionsError):
        Options(expansions="dragons")


def test_base_game_positions_do_not_mention_the_expansion():
    data = GameState.new(Options(seed=3)).to_json()
    assert "expansions" not in data["options"] and "decrees" not in data


def test_random_deal_and_draft_include_nobility_units_only_when_enabled():
    dealt_base, dealt_nob, pooled = set(), set(), set()
    for seed in range(40):
        dealt_base |= {u for s in GameState.new(Options(seed=seed)).seats for u in s.units}
        dealt_nob |= {u for s in GameState.new(Options(seed=seed, expansions=NOB)).seats for u in s.units}
        pooled |= set(GameState.new(Options(seed=seed, units="draft", expansions=NOB)).draft_pool)
    assert dealt_base == set(BASE_UNITS)
    assert dealt_nob == set(BASE_UNITS) | set(NOBILITY_UNITS)
    assert set(NOBILITY_UNITS) <= pooled


def test_three_decrees_dealt_face_up_and_shown_to_everyone():
    g = GameState.new(Options(seed=5, expansions=NOB))
    assert sorted(g.decrees) == [0, 1, 2] and g.seals == [[], []]
    view = g.view_for(None)
    assert view["decrees"] == {"dealt": ALL3, "sealed": [[], []]}
    assert GameState.from_json(g.to_json()) == g


# ---------------------------------------------------------------------------------------- Bannerman
def test_bannerman_after_moving_may_move_an_adjacent_enemy_one_hex():
    g = pos(expansions=NOB, hand0=["Bn"], board0={"e3": "Bn"}, board1={"f4": "Sw"}, hand1=["Sw"])
    play(g, "Bn move e3-e4")
    assert pending_kinds(g) == [("banner", 0)] and g.current_player == 0
    assert texts(g) == {"move f4-g4", "move f4-g3", "move f4-f3", "move f4-e5", "move f4-f5", "decline"}
    play(g, "move f4-f5")
    assert stacks(g) == {"e4": ("Bn", 1, 0), "f5": ("Sw", 1, 1)}
    assert g.pending == [] and g.current_player == 1


def test_bannerman_push_follows_attacks_and_control_and_may_be_declined():
    g = pos(expansions=NOB, hand0=["Bn"], board0={"g3": ["Bn", 2]}, board1={"h3": ["Ar", 2]}, hand1=["Ar"])
    play(g, "Bn control g3")
    assert pending_kinds(g) == [("banner", 0)]
    play(g, "decline")
    assert stacks(g)["h3"] == ("Ar", 2, 1) and g.current_player == 1
    g = pos(expansions=NOB, hand0=["Bn"], board0={"g3": ["Bn", 2]}, board1={"h3": "Ar"}, hand1=["Ar"])
    play(g, "Bn attack g3xh3")
    assert "h3" not in stacks(g) and g.pending == []  # the attacked unit is gone: nothing to move


def test_bannerman_with_no_adjacent_enemy_asks_nothing():
    g = pos(expansions=NOB, hand0=["Bn"], board0={"e3": "Bn"}, hand1=["Sw"])
    play(g, "Bn move e3-e4")
    assert g.pending == [] and g.current_player == 1


# ------------------------------------------------------------------------------------------- Bishop
def test_bishop_tactic_recruits_then_the_bishop_may_move_or_attack_but_not_control():
    g = pos(
        expansions=NOB,
        hand0=["Bi"],
        units0=["Bi", "Sw", "Pi", "Cr"],
        board0={"g3": "Bi"},
        supply0={"Sw": 2, "Bi": 1},
        board1={"h3": "Ar"},
        hand1=["Ar"],
    )
    assert kind_texts(g, "tactic") == {"Bi tactic g3 Bi", "Bi tactic g3 Sw"}
    play(g, "Bi tactic g3 Sw")
    assert zone(g, 0, "supply") == {"Sw": 1, "Bi": 1}
    assert zone(g, 0, "discard_up") == {"Bi": 1, "Sw": 1}
    assert pending_kinds(g) == [("bishop", 0)]
    assert texts(g) == {
        "move g3-h2",
        "move g3-g2",
        "move g3-f3",
        "move g3-f4",
        "move g3-g4",
        "attack g3xh3",
        "decline",
    }
    play(g, "attack g3xh3")
    assert "h3" not in stacks(g) and g.current_player == 1


def test_bishop_tactic_needs_a_coin_in_supply():
    g = pos(expansions=NOB, hand0=["Bi"], board0={"g3": "Bi"}, supply0={}, hand1=["Ar"])
    assert kind_texts(g, "tactic") == set()


def test_bishop_recruiting_a_mercenary_lets_the_mercenary_maneuver_first():
    g = pos(
        expansions=NOB,
        hand0=["Bi"],
        board0={"g3": "Bi", "e3": "Me"},
        supply0={"Me": 1},
        hand1=["Ar"],
    )
    play(g, "Bi tactic g3 Me")
    assert pending_kinds(g) == [("bishop", 0), ("merc", 0)]


def test_bolstered_units_cannot_attack_the_bishop():
    g = pos(expansions=NOB, turn=1, hand1=["Sw"], board1={"f4": ["Sw", 2]}, board0={"f5": "Bi"}, hand0=["Bi"])
    assert_illegal(g, "Sw attack f4xf5")
    g = pos(expansions=NOB, turn=1, hand1=["Sw"], board1={"f4": "Sw"}, board0={"f5": "Bi"}, hand0=["Bi"])
    assert "Sw attack f4xf5" in texts(g)


# --------------------------------------------------------------------------------------------- Earl
def test_earl_may_move_one_hex_after_it_is_deployed():
    g = pos(expansions=NOB, hand0=["Ea"], supply0={"Ea": 3}, hand1=["Sw"])
    assert kind_texts(g, "deploy") == {"Ea deploy e2", "Ea deploy h1"}
    play(g, "Ea deploy e2")
    assert pending_kinds(g) == [("earl", 0)]
    assert texts(g) == {"move e2-f2", "move e2-f1", "move e2-d3", "move e2-e3", "decline"}
    play(g, "move e2-e3")
    assert stacks(g) == {"e3": ("Ea", 1, 0)} and g.current_player == 1


def test_earl_tactic_controls_then_proclaims_any_decree_without_a_seal():
    g = pos(
        expansions=NOB,
        decrees=ALL3,
        sealed=[["muster"], []],
        hand0=["Ea"],
        units0=["Ea", "Sw", "Pi", "Cr"],
        board0={"g3": "Ea"},
        supply0={"Sw": 3, "Pi": 1, "Cr": 3, "Ea": 3},
        bag0={"Sw": 2, "Pi": 2, "Cr": 2, "RC": 1},
        hand1=["Ar"],
    )  # one Pikeman coin is in the box
    assert kind_texts(g, "tactic") == {"Ea tactic g3"}
    play(g, "Ea tactic g3")
    assert g.controller(g.positions[19][0]) == 0
    assert pending_kinds(g) == [("earldecree", 0)]
    # muster is sealed for team 0, yet the Earl may proclaim it; sally has no target (no adjacent enemy)
    assert texts(g) == {"proclaim muster", "proclaim levy", "decline"}
    play(g, "proclaim levy")
    assert texts(g) == {"recruit Pi"}
    play(g, "recruit Pi")
    assert zone(g, 0, "supply")["Pi"] == 2 and zone(g, 0, "eliminated") == {}
    assert g.seals == [[0], []]  # no seal placed
    assert g.current_player == 1


def test_earl_tactic_needs_a_location_the_team_does_not_control():
    g = pos(expansions=NOB, hand0=["Ea"], board0={"e2": "Ea"}, hand1=["Sw"])
    assert kind_texts(g, "tactic") == set()


# ------------------------------------------------------------------------------------------- Herald
def test_herald_tactic_bolsters_an_adjacent_unbolstered_unit_of_yours_from_supply():
    g = pos(
        expansions=NOB,
        hand0=["He"],
        units0=["He", "Sw", "Pi", "Cr"],
        board0={"e3": "He", "e4": "Sw", "d4": ["Pi", 2], "f3": "Cr"},
        supply0={"Sw": 1, "Pi": 1},
        hand1=["Ar"],
    )
    assert kind_texts(g, "tactic") == {"He tactic e3xe4"}  # d4 is bolstered, no Crossbowman in supply
    play(g, "He tactic e3xe4")
    assert stacks(g)["e4"] == ("Sw", 2, 0) and zone(g, 0, "supply") == {"Pi": 1}
    assert zone(g, 0, "discard_up") == {"He": 1}


def test_herald_maneuvers_after_a_proclamation():
    g = pos(
        expansions=NOB,
        decrees=ALL3,
        hand0=["RC"],
        units0=["He", "Sw", "Pi", "Cr"],
        board0={"e3": "He"},
        supply0={"He": 3, "Sw": 3, "Pi": 1, "Cr": 3},
        bag0={"Sw": 2, "Pi": 2, "Cr": 2, "He": 1},
        hand1=["Ar"],
    )
    assert kind_texts(g, "proclaim") == {"RC proclaim muster", "RC proclaim levy"}
    play(g, "RC proclaim levy")
    assert pending_kinds(g) == [("herald", 0), ("decree", 0)]
    assert texts(g) == {"recruit Pi"}
    play(g, "recruit Pi")
    assert pending_kinds(g) == [("herald", 0)]
    assert texts(g) == {
        "move e3-f3",
        "move e3-f2",
        "move e3-e2",
        "move e3-d3",
        "move e3-d4",
        "move e3-e4",
        "decline",
    }
    play(g, "move e3-e4")
    assert stacks(g) == {"e4": ("He", 1, 0)} and g.current_player == 1
    assert g.seals == [[2], []] and zone(g, 0, "discard_up") == {"RC": 1}


def test_herald_follows_itself_when_a_muster_moves_it():
    g = pos(expansions=NOB, decrees=["muster"], hand0=["RC"], board0={"e3": "He"}, hand1=["Ar"])
    play(g, "RC proclaim muster")
    assert texts(g) == {"move e3-e2", "move e3-h1"}
    play(g, "move e3-h1")
    assert pending_kinds(g) == [("herald", 0)]
    assert texts(g) == {"move h1-i1", "move h1-g1", "move h1-g2", "move h1-h2", "decline"}


# ------------------------------------------------------------------------------------------ Decrees
def test_royal_coin_proclaims_unsealed_decrees_with_an_effect_and_seals_them():
    g = pos(
        expansions=NOB,
        decrees=ALL3,
        sealed=[["levy"], []],
        hand0=["RC"],
        board0={"e2": "Sw", "e4": "Pi"},
        board1={"e3": "Ar", "f4": "Kn"},
        hand1=["Ar"],
    )
    assert kind_texts(g, "proclaim") == {"RC proclaim muster", "RC proclaim sally"}
    play(g, "RC proclaim sally")
    assert g.seals == [[2, 1], []]
    assert texts(g) == {"attack e2xe3"}  # only e2 is a controlled location with a unit of seat 0
    play(g, "attack e2xe3")
    assert "e3" not in stacks(g)
    assert pending_kinds(g) == [("sword", 0)]  # the attacker's own attribute still follows


def test_muster_moves_a_unit_of_yours_to_an_empty_location_of_your_team():
    g = pos(expansions=NOB, decrees=["muster"], hand0=["RC"], board0={"f5": "Sw", "e2": "Pi"}, hand1=["Ar"])
    play(g, "RC proclaim muster")
    assert texts(g) == {"move f5-h1", "move e2-h1"}
    play(g, "move f5-h1")
    assert stacks(g)["h1"] == ("Sw", 1, 0)


def test_a_sealed_decree_cannot_be_proclaimed_again_by_the_team_but_the_other_team_may():
    g = pos(expansions=NOB, decrees=["muster"], sealed=[["muster"], []], hand0=["RC"], board0={"f5": "Sw"})
    assert kind_texts(g, "proclaim") == set()
    g = pos(
        expansions=NOB,
        decrees=["muster"],
        sealed=[["muster"], []],
        turn=1,
        hand1=["RC"],
        board1={"f5": "Ar"},
        hand0=["Sw"],
    )
    assert kind_texts(g, "proclaim") == {"RC proclaim muster"}


def test_no_decrees_without_the_expansion():
    g = pos(hand0=["RC"], board0={"f5": "Sw"}, hand1=["Ar"])
    assert kind_texts(g, "proclaim") == set()
    with pytest.raises(PositionError, match="only with expansions=nobility"):
        pos(decrees=["muster"], hand0=["RC"])


# --------------------------------------------------------------------------- notation and round trips
def test_nobility_self_play_keeps_the_invariants_and_every_action_round_trips():
    rng = random.Random(7)
    seen: set[str] = set()
    for seed in range(6):
        for players in (2, 4):
            g = GameState.new(Options(players=players, units="draft", seed=seed, expansions=NOB))
            while not g.is_terminal() and g.ply < 400:
                legal = g.legal_actions()
                for a in legal:
                    text = g.format_action(a)
                    assert g.parse_action(text) == a, text
                a = rng.choice(legal)
                seen.add(a.kind)
                g.apply(a)
                assert check_invariants(g, round_trip=g.ply % 25 == 0) == []
    assert "proclaim" in seen


def test_proclaim_errors_say_why():
    from warchest_bot.games.warchest.engine import IllegalNotationError, UnparseableActionError

    g = pos(hand0=["RC"], board0={"f5": "Sw"}, hand1=["Ar"])
    with pytest.raises(IllegalNotationError, match="no Royal Decrees in this game"):
        g.parse_action("RC proclaim muster")
    g = pos(expansions=NOB, decrees=["levy"], hand0=["RC"], board0={"f5": "Sw"}, hand1=["Ar"])
    with pytest.raises(IllegalNotationError, match="muster decree was not dealt"):
        g.parse_action("RC proclaim muster")
    with pytest.raises(UnparseableActionError, match="muster, sally, levy"):
        g.parse_action("RC proclaim dragons")
    g = pos(expansions=NOB, decrees=["muster"], sealed=[["muster"], []], hand0=["RC"], board0={"f5": "Sw"})
    with pytest.raises(IllegalNotationError, match="your team has sealed the muster decree"):
        g.parse_action("RC proclaim muster")
