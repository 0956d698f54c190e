"""Units whose abilities create follow-up decisions (rules reference §3.2, §3.3): Berserker, Footman,
Marshall, Mercenary, Royal Guard soak, Swordsman, Warrior Priest."""

from __future__ import annotations

from warchest_bot.games.warchest.engine import Result

from .conftest import coin_texts, control, kind_texts, pending_kinds, play, pos, stacks, texts, zone


# ---------------------------------------------------------------------------------------- Berserker
def test_berserker_chain_pays_a_stack_coin_face_up_for_each_extra_maneuver():
    g = pos(hand0=["Be", "Be"], board0={"f4": ["Be", 3]}, hand1=["Sw"])
    play(g, "Be move f4-f5")
    assert pending_kinds(g) == [("berserk", 0)] and g.current_player == 0
    assert texts(g) == {
        "move f5-g5",
        "move f5-g4",
        "move f5-f4",
        "move f5-e5",
        "move f5-e6",
        "move f5-f6",
        "decline",
    }
    play(g, "move f5-f6")
    assert stacks(g)["f6"] == ("Be", 2, 0)
    assert zone(g, 0, "discard_up") == {"Be": 2}  # the hand coin + the stack coin
    assert pending_kinds(g) == [("berserk", 0)]  # still bolstered: may go again
    play(g, "move f6-e7")
    assert stacks(g)["e7"] == ("Be", 1, 0)
    assert zone(g, 0, "discard_up") == {"Be": 3}
    assert zone(g, 0, "eliminated").get("Be", 0) == 5 - 3 - 1 - 1  # nothing more went to the box
    # the last coin is never paid: the chain ends and so does the turn; one hand coin spent in all
    assert g.pending == [] and g.current_player == 1
    assert zone(g, 0, "hand") == {"Be": 1}


def test_berserker_chain_may_be_declined():
    g = pos(hand0=["Be"], board0={"f4": ["Be", 2]}, hand1=["Sw"])
    play(g, "Be move f4-f5", "decline")
    assert stacks(g)["f5"] == ("Be", 2, 0)
    assert zone(g, 0, "discard_up") == {"Be": 1}
    assert g.current_player == 1


def test_unbolstered_berserker_has_no_chain():
    g = pos(hand0=["Be"], board0={"f4": "Be"}, hand1=["Sw"])
    play(g, "Be move f4-f5")
    assert g.pending == [] and g.current_player == 1


def test_berserker_chain_after_control_and_after_attack():
    g = pos(hand0=["Be"], board0={"g3": ["Be", 2]}, board1={"h3": ["Sw", 2]}, hand1=["Sw"])
    play(g, "Be control g3")
    assert control(g)["g3"] == 0 and pending_kinds(g) == [("berserk", 0)]
    assert "attack g3xh3" in texts(g)
    play(g, "attack g3xh3")
    assert stacks(g)["h3"] == ("Sw", 1, 1) and stacks(g)["g3"] == ("Be", 1, 0)
    assert g.pending == [] and g.current_player == 1


def test_berserker_chain_knight_check_uses_the_reduced_height():
    # height 2: attacking the Knight with a coin is fine, but a chained attack would be made at height 1
    g = pos(hand0=["Be"], board0={"f5": ["Be", 2]}, board1={"f6": "Kn"})
    assert "Be attack f5xf6" in texts(g)
    g = pos(hand0=["Be"], board0={"f4": ["Be", 2]}, board1={"f6": "Kn"}, hand1=["Kn"])
    play(g, "Be move f4-f5")
    assert "attack f5xf6" not in texts(g)
    g = pos(hand0=["Be"], board0={"f4": ["Be", 3]}, board1={"f6": "Kn"}, hand1=["Kn"])
    play(g, "Be move f4-f5")
    assert "attack f5xf6" in texts(g)
    play(g, "attack f5xf6")
    assert "f6" not in stacks(g) and stacks(g)["f5"] == ("Be", 2, 0)


def test_berserker_dies_mid_chain_to_a_pikeman():
    g = pos(hand0=["Be"], board0={"f4": ["Be", 2]}, board1={"g5": ["Pi", 2]}, hand1=["Pi"])
    play(g, "Be move f4-f5", "attack f5xg5")
    # cost paid first (height 1), then the reflex kills it: the chain is over
    assert "f5" not in stacks(g) and stacks(g)["g5"] == ("Pi", 1, 1)
    assert zone(g, 0, "discard_up") == {"Be": 2}
    assert g.pending == [] and g.current_player == 1


def test_berserker_chain_after_an_ensign_move():
    g = pos(hand0=["En"], board0={"f4": "En", "g3": ["Be", 2]}, hand1=["Sw"])
    play(g, "En tactic g3-g4")
    assert pending_kinds(g) == [("berserk", 0)]
    # the chained move is a plain move, no longer limited to 2 hexes from the Ensign
    assert "move g4-h4" in texts(g)
    play(g, "move g4-h4")
    assert stacks(g)["h4"] == ("Be", 1, 0)
    assert zone(g, 0, "discard_up") == {"En": 1, "Be": 1}


def test_berserker_chain_after_a_marshall_attack():
    g = pos(hand0=["Ma"], board0={"f4": "Ma", "g3": ["Be", 2]}, board1={"h3": ["Sw", 2]}, hand1=["Sw"])
    play(g, "Ma tactic g3xh3")
    assert pending_kinds(g) == [("berserk", 0)]
    play(g, "attack g3xh3")
    assert "h3" not in stacks(g)
    assert zone(g, 0, "discard_up") == {"Ma": 1, "Be": 1}


def test_berserker_chained_control_can_win():
    own = {"e2": 0, "h1": 0, "h4": 0, "i2": 0, "d4": 0, "d7": 1, "g6": 1}
    g = pos(hand0=["Be"], board0={"f4": ["Be", 2]}, control=own, hand1=["Sw"])
    play(g, "Be move f4-g3", "control g3")
    assert g.result == Result(0, "markers")


# ------------------------------------------------------------------------------------------ Footman
def footmen_position(**kw):
    return pos(hand0=["Fo"], board0={"g3": "Fo", "f5": "Fo"}, board1={"g5": "Sw"}, hand1=["Sw"], **kw)


def test_footman_coin_with_two_footmen():
    g = footmen_position()
    assert texts(g) == {
        "Fo bolster g3",
        "Fo bolster f5",
        "Fo move g3-h3",
        "Fo move g3-h2",
        "Fo move g3-g2",
        "Fo move g3-f3",
        "Fo move g3-f4",
        "Fo move g3-g4",
        "Fo control g3",
        "Fo move f5-g4",
        "Fo move f5-f4",
        "Fo move f5-e5",
        "Fo move f5-e6",
        "Fo move f5-f6",
        "Fo attack f5xg5",
        "Fo tactic",
        "Fo pass",
    }


def test_footman_tactic_each_footman_maneuvers_differently_the_second_optional():
    g = footmen_position()
    play(g, "Fo tactic")
    assert pending_kinds(g) == [("footman", 0)]
    first = texts(g)
    assert "decline" not in first  # at least one maneuver must happen
    assert first == {
        "move g3-h3",
        "move g3-h2",
        "move g3-g2",
        "move g3-f3",
        "move g3-f4",
        "move g3-g4",
        "control g3",
        "move f5-g4",
        "move f5-f4",
        "move f5-e5",
        "move f5-e6",
        "move f5-f6",
        "attack f5xg5",
    }
    play(g, "control g3")
    assert control(g)["g3"] == 0
    assert texts(g) == {
        "move f5-g4",
        "move f5-f4",
        "move f5-e5",
        "move f5-e6",
        "move f5-f6",
        "attack f5xg5",
        "decline",
    }
    play(g, "attack f5xg5")
    assert "g5" not in stacks(g)
    assert g.pending == [] and g.current_player == 1
    assert zone(g, 0, "discard_up") == {"Fo": 1}


def test_footman_tactic_second_maneuver_declined():
    g = footmen_position()
    play(g, "Fo tactic", "move f5-f6", "decline")
    assert stacks(g)["f6"] == ("Fo", 1, 0) and stacks(g)["g3"] == ("Fo", 1, 0)
    assert g.current_player == 1


def test_footman_tactic_with_one_footman():
    g = pos(hand0=["Fo"], board0={"f4": "Fo"}, hand1=["Sw"])
    play(g, "Fo tactic")
    assert texts(g) == {"move f4-g4", "move f4-g3", "move f4-f3", "move f4-e4", "move f4-e5", "move f4-f5"}


def test_second_footman_may_be_deployed():
    g = pos(hand0=["Fo"], board0={"e2": "Fo"})
    assert texts(g) == {
        "Fo deploy h1",
        "Fo bolster e2",
        "Fo move e2-f2",
        "Fo move e2-f1",
        "Fo move e2-d3",
        "Fo move e2-e3",
        "Fo tactic",
        "Fo pass",
    }
    play(g, "Fo deploy h1")
    assert stacks(g) == {"e2": ("Fo", 1, 0), "h1": ("Fo", 1, 0)}


def test_no_footman_tactic_when_no_footman_can_maneuver():
    g = pos(hand0=["Fo"], board0={"f1": "Fo", "g1": "Kn", "f2": "Sw", "e2": "Pi"})
    assert texts(g) == {"Fo bolster f1", "Fo deploy h1", "Fo pass"}


def test_footman_tactic_win_mid_tactic():
    own = {"e2": 0, "h1": 0, "g3": 0, "h4": 0, "i2": 0, "d7": 1, "g6": 1}
    g = pos(hand0=["Fo"], board0={"d4": "Fo", "f5": "Fo"}, control=own, hand1=["Sw"])
    play(g, "Fo tactic", "control d4")
    assert g.result == Result(0, "markers") and g.pending == [] and g.legal_actions() == []


def test_footman_killed_by_reflex_the_other_may_still_act():
    g = pos(hand0=["Fo"], board0={"f4": "Fo", "c7": "Fo"}, board1={"g4": "Pi"}, hand1=["Pi"])
    play(g, "Fo tactic", "attack f4xg4")
    assert "f4" not in stacks(g) and "g4" not in stacks(g)
    assert texts(g) == {"move c7-d7", "move c7-d6", "move c7-c6", "decline"}


# ----------------------------------------------------------------------------------------- Marshall
def marshall_position():
    return pos(
        hand0=["Ma"],
        board0={"f4": "Ma", "g3": "Sw", "e3": "Ar", "h1": ["Be", 2]},
        board1={"h3": "Ca", "d3": "Cr", "g2": "Kn", "e4": "La"},
        hand1=["Ca"],
    )


def test_marshall_orders_a_normal_attack_by_a_friendly_unit_within_two():
    g = marshall_position()
    assert coin_texts(g, "Ma") == {
        "Ma bolster f4",
        "Ma move f4-g4",
        "Ma move f4-f3",
        "Ma move f4-e5",
        "Ma move f4-f5",
        "Ma attack f4xe4",
        # the Swordsman on the Cavalry; not on the Knight (Swordsman unbolstered); not the Archer
        # (no normal attack); not the Berserker at h1 (3 away); never the Marshall itself
        "Ma tactic g3xh3",
        "Ma pass",
    }


def test_marshall_attack_triggers_the_swordsman_move():
    g = marshall_position()
    play(g, "Ma tactic g3xh3")
    assert "h3" not in stacks(g)
    assert pending_kinds(g) == [("sword", 0)]
    assert texts(g) == {"move g3-h3", "move g3-h2", "move g3-f3", "move g3-g4", "decline"}
    play(g, "move g3-h2")
    assert stacks(g)["h2"] == ("Sw", 1, 0)
    assert zone(g, 0, "discard_up") == {"Ma": 1}
    assert g.current_player == 1


def test_marshall_never_orders_an_archer_or_a_lancer():
    g = pos(hand0=["Ma"], board0={"f4": "Ma", "g3": "Ar", "e4": "La"}, board1={"h3": "Sw", "d4": "Ca"})
    assert kind_texts(g, "tactic") == set()


def test_marshall_order_uses_the_ordered_units_height_against_a_knight():
    g = pos(hand0=["Ma"], board0={"f4": "Ma", "g3": ["Sw", 2]}, board1={"g2": "Kn"})
    assert kind_texts(g, "tactic") == {"Ma tactic g3xg2"}


def test_marshall_attack_into_a_pikeman():
    g = pos(hand0=["Ma"], board0={"f4": "Ma", "g3": "Sw"}, board1={"h3": "Pi"}, hand1=["Pi"])
    play(g, "Ma tactic g3xh3")
    assert stacks(g) == {"f4": ("Ma", 1, 0)}
    assert g.pending == [] and g.current_player == 1


def test_marshall_attack_triggers_the_warrior_priest_draw():
    g = pos(
        hand0=["Ma"], board0={"f4": "Ma", "g3": "WP"}, board1={"h3": ["Sw", 2]}, bag0=["Kn"], down0=["RC"]
    )
    play(g, "Ma tactic g3xh3")
    assert pending_kinds(g) == [("priest", 0)] and g.pending[0].coin == g.parse_action("Kn pass").coin


# ---------------------------------------------------------------------------------------- Mercenary
def test_mercenary_free_maneuver_after_recruiting_a_mercenary():
    g = pos(hand0=["RC"], board0={"f4": "Me"}, board1={"g4": "Sw"}, supply0={"Me": 1}, hand1=["Sw"])
    play(g, "RC recruit Me")
    assert pending_kinds(g) == [("merc", 0)]
    assert texts(g) == {
        "move f4-g3",
        "move f4-f3",
        "move f4-e4",
        "move f4-e5",
        "move f4-f5",
        "attack f4xg4",
        "decline",
    }
    play(g, "attack f4xg4")
    assert "g4" not in stacks(g)
    assert zone(g, 0, "supply") == {} and zone(g, 0, "discard_up") == {"Me": 1}
    assert zone(g, 0, "discard_down") == {"RC": 1}
    assert g.current_player == 1


def test_mercenary_free_maneuver_may_be_declined_or_control():
    g = pos(hand0=["Me"], board0={"g3": "Me"}, supply0={"Me": 1}, hand1=["Sw"])
    play(g, "Me recruit Me")
    assert "control g3" in texts(g) and "decline" in texts(g)
    play(g, "decline")
    assert stacks(g)["g3"] == ("Me", 1, 0) and g.current_player == 1


def test_no_mercenary_maneuver_when_it_is_not_deployed_or_another_unit_is_recruited():
    g = pos(hand0=["RC"], supply0={"Me": 1}, hand1=["Sw"])
    play(g, "RC recruit Me")
    assert g.pending == [] and g.current_player == 1
    g = pos(hand0=["RC"], board0={"f4": "Me"}, supply0={"Kn": 1}, hand1=["Sw"])
    play(g, "RC recruit Kn")
    assert g.pending == [] and g.current_player == 1


# ----------------------------------------------------------------------------------- Royal Guard soak
def soak_position(supply=1, height=2):
    return pos(
        hand0=["Kn"],
        board0={"f4": ["Kn", 2]},
        board1={"g4": ["RG", height]},
        supply1={"RG": supply} if supply else {},
        hand1=["Sw"],
    )


def test_royal_guard_owner_decides_to_soak_the_hit_from_supply():
    g = soak_position()
    play(g, "Kn attack f4xg4")
    assert pending_kinds(g) == [("soak", 1)] and g.current_player == 1
    assert texts(g) == {"soak", "decline"}
    play(g, "soak")
    assert stacks(g)["g4"] == ("RG", 2, 1)
    assert zone(g, 1, "supply") == {}
    assert zone(g, 1, "eliminated")["RG"] == 3
    assert g.current_player == 1 and g.pending == []  # seat 1's turn proper now


def test_a_soak_on_a_copy_leaves_the_original_as_it_was():
    # clone() shares the seats until one is changed: the soak takes the copy's supply coin only
    g = soak_position()
    play(g, "Kn attack f4xg4")
    before = g.to_json()
    c = g.clone()
    play(c, "soak")
    assert zone(c, 1, "supply") == {} and zone(g, 1, "supply") == {"RG": 1}
    assert g.to_json() == before
    play(g, "decline")
    assert stacks(g)["g4"] == ("RG", 1, 1) and stacks(c)["g4"] == ("RG", 2, 1)


def test_royal_guard_owner_may_decline_the_soak():
    g = soak_position()
    play(g, "Kn attack f4xg4", "decline")
    assert stacks(g)["g4"] == ("RG", 1, 1)
    assert zone(g, 1, "supply") == {"RG": 1}


def test_single_coin_royal_guard_survives_by_soaking():
    g = soak_position(height=1)
    play(g, "Kn attack f4xg4", "soak")
    assert stacks(g)["g4"] == ("RG", 1, 1)


def test_no_soak_without_a_royal_guard_coin_in_supply():
    g = soak_position(supply=0)
    play(g, "Kn attack f4xg4")
    assert g.pending == [] and stacks(g)["g4"] == ("RG", 1, 1)


# ---------------------------------------------------------------------------------------- Swordsman
def test_swordsman_free_move_after_attacking():
    g = pos(hand0=["Sw"], board0={"f4": "Sw", "f3": "Kn"}, board1={"g4": ["Ca", 2]}, hand1=["Ca"])
    play(g, "Sw attack f4xg4")
    assert pending_kinds(g) == [("sword", 0)]
    assert texts(g) == {"move f4-g3", "move f4-e4", "move f4-e5", "move f4-f5", "decline"}
    play(g, "move f4-e5")
    assert stacks(g) == {"e5": ("Sw", 1, 0), "f3": ("Kn", 1, 0), "g4": ("Ca", 1, 1)}
    assert zone(g, 0, "discard_up") == {"Sw": 1}
    assert g.current_player == 1


def test_swordsman_free_move_is_optional_and_only_after_an_attack():
    g = pos(hand0=["Sw"], board0={"f4": "Sw"}, board1={"g4": ["Ca", 2]}, hand1=["Ca"])
    play(g, "Sw attack f4xg4", "decline")
    assert stacks(g)["f4"] == ("Sw", 1, 0) and g.current_player == 1
    g = pos(hand0=["Sw"], board0={"f4": "Sw"}, board1={"g4": ["Ca", 2]}, hand1=["Ca"])
    play(g, "Sw move f4-f5")
    assert g.pending == [] and g.current_player == 1


def test_swordsman_free_move_after_the_target_is_removed():
    g = pos(hand0=["Sw"], board0={"f4": "Sw"}, board1={"g4": "Ca"}, hand1=["Ca"])
    play(g, "Sw attack f4xg4")
    assert "move f4-g4" in texts(g)  # the hit is resolved before the free move


# ----------------------------------------------------------------------------------- Warrior Priest
def test_warrior_priest_draws_after_attacking_and_must_use_the_coin_at_once():
    g = pos(
        hand0=["WP"], board0={"f4": "WP"}, board1={"g4": ["Sw", 2]}, bag0=["Kn"], down0=["RC"], hand1=["Ar"]
    )
    play(g, "WP attack f4xg4")
    assert stacks(g)["g4"] == ("Sw", 1, 1)
    assert pending_kinds(g) == [("priest", 0)] and g.current_player == 0
    assert zone(g, 0, "bag") == {} and zone(g, 0, "hand") == {}  # the drawn coin is not in the hand
    assert texts(g) == {"Kn deploy e2", "Kn deploy h1", "Kn pass"}  # no decline: Pass is the way out
    play(g, "Kn deploy e2")
    assert stacks(g)["e2"] == ("Kn", 1, 0)
    assert g.pending == [] and g.current_player == 1


def test_warrior_priest_draws_after_control():
    g = pos(hand0=["WP"], board0={"g3": "WP"}, bag0=["Kn"], down0=["RC"], hand1=["Ar"])
    play(g, "WP control g3")
    assert pending_kinds(g) == [("priest", 0)]
    play(g, "Kn pass")
    assert zone(g, 0, "discard_down") == {"RC": 1, "Kn": 1}


def test_warrior_priest_not_after_a_move():
    g = pos(hand0=["WP"], board0={"f4": "WP"}, bag0=["Kn"], down0=["RC"], hand1=["Ar"])
    play(g, "WP move f4-f5")
    assert g.pending == [] and zone(g, 0, "bag") == {"Kn": 1}


def test_warrior_priest_refills_an_empty_bag_from_the_discard_and_chains():
    g = pos(hand0=["WP", "RC"], board0={"f4": "WP"}, board1={"g4": ["Sw", 4]}, hand1=["Ar"])
    play(g, "WP attack f4xg4")
    # the bag was empty: the whole discard (the WP coin just paid) went back in, and was drawn
    assert g.pending[-1].kind == "priest" and g.format_action(g.legal_actions()[-1]) == "WP pass"
    assert zone(g, 0, "discard_up") == {} and zone(g, 0, "bag") == {}
    assert coin_texts(g, "WP") == {
        "WP bolster f4",
        "WP move f4-g3",
        "WP move f4-f3",
        "WP move f4-e4",
        "WP move f4-e5",
        "WP move f4-f5",
        "WP attack f4xg4",
        "WP pass",
    }
    play(g, "WP attack f4xg4")  # the drawn coin makes the priest attack again: another draw
    assert stacks(g)["g4"] == ("Sw", 2, 1)
    assert pending_kinds(g) == [("priest", 0)]
    play(g, "WP attack f4xg4", "WP pass")
    assert stacks(g)["g4"] == ("Sw", 1, 1)
    assert g.pending == [] and g.current_player == 1
    assert zone(g, 0, "hand") == {"RC": 1}


def test_warrior_priest_may_draw_the_royal_coin():
    g = pos(hand0=["WP"], board0={"f4": "WP"}, board1={"g4": ["Sw", 2]}, bag0=["RC"], hand1=["Sw"])
    play(g, "WP attack f4xg4")
    assert pending_kinds(g) == [("priest", 0)]
    assert texts(g) == {"RC pass"}


def test_warrior_priest_dies_to_the_pikeman_no_draw():
    g = pos(hand0=["WP"], board0={"f4": "WP"}, board1={"g4": "Pi"}, bag0=["Kn"], down0=["RC"], hand1=["Pi"])
    play(g, "WP attack f4xg4")
    assert g.pending == [] and zone(g, 0, "bag") == {"Kn": 1}


def test_warrior_priest_draw_resolves_before_the_royal_guard_soak():
    g = pos(
        hand0=["WP"],
        board0={"f4": ["WP", 2]},
        board1={"g4": ["RG", 2]},
        supply1={"RG": 1},
        bag0=["Kn"],
        down0=["RC"],
        hand1=["Sw"],
    )
    play(g, "WP attack f4xg4")
    assert zone(g, 0, "bag") == {}  # already drawn
    assert pending_kinds(g) == [("priest", 0), ("soak", 1)]  # the defender decides first
    play(g, "soak")
    assert g.current_player == 0 and texts(g) == {"Kn deploy e2", "Kn deploy h1", "Kn pass"}
