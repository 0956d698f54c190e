"""Interactions between rules: cascades through granted actions (rules reference §3.3), follow-ups that
offer nothing, follow-ups at the end of a round, and positions at the edges of the action rules."""

from __future__ import annotations

from warchest_bot.games.warchest.engine import Result

from .conftest import control, kind_texts, pending_kinds, play, pos, stacks, texts, zone


def test_follow_up_with_nothing_to_do_is_skipped():
    # the Swordsman is boxed in after its attack: no free move to offer, play goes on
    g = pos(
        hand0=["Sw"],
        board0={"f1": "Sw", "g1": "Kn", "e2": "Fo"},
        board1={"f2": ["Ca", 2]},
        hand1=["Ca"],
    )
    play(g, "Sw attack f1xf2")
    assert g.pending == [] and g.current_player == 1
    # the Mercenary has no maneuver at all: recruiting one offers nothing
    g = pos(
        hand0=["RC"], board0={"f1": "Me", "g1": "Kn", "e2": "Fo", "f2": "Sw"}, supply0={"Me": 1}, hand1=["Ar"]
    )
    play(g, "RC recruit Me")
    assert g.pending == [] and g.current_player == 1


def test_follow_up_by_the_other_seat_after_the_last_coin_of_the_round():
    g = pos(
        hand0=["Kn"],
        board0={"f4": ["Kn", 2]},
        board1={"g4": ["RG", 2]},
        supply1={"RG": 1},
        bag0=["Kn"],
        bag1=["RG"],
    )
    play(g, "Kn attack f4xg4")
    assert g.round == 1 and g.current_player == 1 and texts(g) == {"soak", "decline"}
    play(g, "soak")
    # only now does the round end: both draw and the initiative holder starts
    assert g.round == 2 and g.current_player == 0
    assert zone(g, 0, "hand") == {"RC": 1, "Kn": 2}
    assert stacks(g)["g4"] == ("RG", 2, 1)


def test_defender_soak_resolves_before_the_attackers_free_move():
    g = pos(
        hand0=["Ma"], board0={"f4": "Ma", "g3": "Sw"}, board1={"h3": "RG"}, supply1={"RG": 1}, hand1=["RG"]
    )
    play(g, "Ma tactic g3xh3")
    assert pending_kinds(g) == [("sword", 0), ("soak", 1)]
    play(g, "decline")  # the single-coin Royal Guard falls
    assert pending_kinds(g) == [("sword", 0)]
    assert "move g3-h3" in texts(g)


def test_warrior_priest_control_that_wins_draws_nothing():
    own = {"e2": 0, "h1": 0, "h4": 0, "i2": 0, "d4": 0, "d7": 1, "g6": 1}
    g = pos(hand0=["WP"], board0={"g3": "WP"}, control=own, bag0=["Kn"], down0=["RC"], hand1=["Sw"])
    play(g, "WP control g3")
    assert g.result == Result(0, "markers")
    assert zone(g, 0, "bag") == {"Kn": 1} and g.pending == []


def test_warrior_priest_coin_plays_a_footman_tactic():
    g = pos(
        hand0=["WP"],
        board0={"f4": "WP", "c7": "Fo", "i1": "Fo"},
        board1={"g4": ["Sw", 2]},
        bag0=["Fo"],
        down0=["RC"],
        hand1=["Sw"],
    )
    play(g, "WP attack f4xg4")
    assert "Fo tactic" in texts(g)
    play(g, "Fo tactic")
    assert pending_kinds(g) == [("footman", 0)]
    play(g, "move c7-c6", "move i1-h2")
    assert stacks(g)["c6"] == ("Fo", 1, 0) and stacks(g)["h2"] == ("Fo", 1, 0)
    assert zone(g, 0, "discard_up") == {"WP": 1, "Fo": 1}
    assert g.current_player == 1


def test_warrior_priest_coin_recruits_a_mercenary_which_maneuvers():
    g = pos(
        hand0=["WP"],
        board0={"f4": "WP", "c7": "Me"},
        board1={"g4": ["Sw", 2]},
        supply0={"Me": 1},
        bag0=["Me"],
        down0=["RC"],
        hand1=["Sw"],
    )
    play(g, "WP attack f4xg4", "Me recruit Me")
    assert pending_kinds(g) == [("merc", 0)]
    play(g, "move c7-d7")
    assert stacks(g)["d7"] == ("Me", 1, 0)
    assert zone(g, 0, "discard_down") == {"RC": 1, "Me": 1}
    assert zone(g, 0, "discard_up") == {"WP": 1, "Me": 1}


def test_warrior_priest_coin_claims_the_initiative():
    g = pos(
        hand0=["WP"],
        board0={"f4": "WP"},
        board1={"g4": ["Sw", 2]},
        bag0=["Kn"],
        down0=["RC"],
        initiative=1,
        turn=0,
        hand1=["Sw"],
    )
    play(g, "WP attack f4xg4", "Kn claim")
    assert g.initiative == 0 and g.initiative_claimed


def test_no_deploy_on_an_own_location_held_by_an_enemy_unit():
    g = pos(hand0=["Sw"], board1={"e2": "Ar"})
    assert texts(g) == {"Sw deploy h1", "Sw pass"}


def test_scout_deployed_on_a_location_does_not_control_it():
    g = pos(hand0=["Sc"], board0={"f3": "Kn"}, hand1=["Sw"])
    assert "Sc deploy g3" in texts(g)  # a neutral location next to the Knight
    play(g, "Sc deploy g3")
    assert control(g) == {"e2": 0, "h1": 0, "d7": 1, "g6": 1}


def test_berserker_chain_through_attack_on_a_royal_guard_waits_for_the_soak():
    g = pos(hand0=["Be"], board0={"f4": ["Be", 3]}, board1={"g4": ["RG", 2]}, supply1={"RG": 2}, hand1=["Sw"])
    play(g, "Be attack f4xg4")
    assert pending_kinds(g) == [("berserk", 0), ("soak", 1)]
    play(g, "soak")
    assert g.current_player == 0 and "attack f4xg4" in texts(g)
    play(g, "attack f4xg4")
    assert pending_kinds(g) == [("berserk", 0), ("soak", 1)]
    play(g, "decline")  # seat 1 takes the second hit on the stack
    assert stacks(g)["g4"] == ("RG", 1, 1) and stacks(g)["f4"] == ("Be", 2, 0)
    assert zone(g, 1, "supply") == {"RG": 1}
    assert pending_kinds(g) == [("berserk", 0)]


def test_lancer_and_cavalry_tactic_moves_do_not_change_control():
    g = pos(hand0=["Ca"], board0={"f4": "Ca"}, board1={"f2": ["Sw", 2]}, hand1=["Sw"])
    play(g, "Ca tactic f4-f3xf2")
    assert control(g) == {"e2": 0, "h1": 0, "d7": 1, "g6": 1}
    assert stacks(g)["f3"] == ("Ca", 1, 0)


def test_clone_is_independent_and_replays_the_same_draws():
    g = pos(
        hand0=["WP"], board0={"f4": "WP"}, board1={"g4": ["Sw", 3]}, bag0=["Kn", "Pi", "Cr"], hand1=["Sw"]
    )
    c = g.clone()
    play(c, "WP attack f4xg4")
    assert stacks(g)["g4"] == ("Sw", 3, 1) and g.pending == []
    d = g.clone()
    play(d, "WP attack f4xg4")
    assert c == d  # same RNG state, same drawn coin


def test_an_eliminated_footman_frees_the_second_deploy_slot():
    g = pos(hand0=["Fo"], board0={"e2": "Fo", "f4": "Fo"}, board1={"g4": "Pi"}, hand1=["Pi"])
    assert kind_texts(g, "deploy") == set()
    play(g, "Fo attack f4xg4", "Pi pass")
    assert "f4" not in stacks(g)
