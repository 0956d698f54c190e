"""The nine actions (rules reference §4.3, §4.4 Royal Coin, §4.5 victory), 2-player."""

from __future__ import annotations

from warchest_bot.games.warchest.engine import Result

from .conftest import assert_rejected, coin_texts, control, play, pos, stacks, texts, zone


# ------------------------------------------------------------------------------------------- deploy
def test_deploy_on_empty_controlled_locations_only():
    g = pos(hand0=["Sw"])
    assert texts(g) == {"Sw deploy e2", "Sw deploy h1", "Sw pass"}


def test_deploy_on_any_location_the_side_controls_but_not_neutral_or_enemy():
    g = pos(hand0=["Sw"], board0={"e2": "Kn"}, control={"e2": 0, "h1": 0, "g3": 0, "d7": 1, "g6": 1})
    # e2 is occupied by a friendly unit; g3 was taken by a Control action; neutral and enemy ones are out
    assert coin_texts(g, "Sw") == {"Sw deploy h1", "Sw deploy g3", "Sw pass"}


def test_deploy_puts_a_one_coin_stack_from_the_hand():
    g = pos(hand0=["Sw", "Pi"])
    play(g, "Sw deploy h1")
    assert stacks(g) == {"h1": ("Sw", 1, 0)}
    assert zone(g, 0, "hand") == {"Pi": 1}
    assert zone(g, 0, "discard_up") == zone(g, 0, "discard_down") == {}


def test_one_unit_per_type_on_the_board():
    g = pos(hand0=["Sw"], board0={"f4": "Sw"})
    assert not any("deploy" in t for t in texts(g))
    assert "Sw bolster f4" in texts(g)


# ------------------------------------------------------------------------------------------ bolster
def test_bolster_has_no_height_limit():
    g = pos(hand0=["Sw"], board0={"f4": ["Sw", 4]}, hand1=["Ar"])
    play(g, "Sw bolster f4")
    assert stacks(g) == {"f4": ("Sw", 5, 0)}
    assert zone(g, 0, "hand") == {} and zone(g, 0, "discard_up") == {}


def test_a_coin_only_acts_for_its_own_unit_type():
    g = pos(hand0=["Kn"], board0={"f4": "Sw"})
    assert texts(g) == {"Kn deploy e2", "Kn deploy h1", "Kn pass"}


# ------------------------------------------------------------------------------------ move / attack
def test_move_to_adjacent_empty_hexes_and_attack_adjacent_enemies():
    g = pos(hand0=["Sw"], board0={"f4": "Sw", "g4": "Kn"}, board1={"e4": "Ar", "h4": "Ca"})
    assert texts(g) == {
        "Sw bolster f4",
        "Sw move f4-g3",
        "Sw move f4-f3",
        "Sw move f4-e5",
        "Sw move f4-f5",
        "Sw attack f4xe4",  # not the friendly Knight at g4, not the Cavalry two hexes away
        "Sw pass",
    }


def test_move_discards_the_coin_face_up():
    g = pos(hand0=["Pi"], board0={"f4": "Pi"}, hand1=["Ar"])
    play(g, "Pi move f4-f5")
    assert stacks(g) == {"f5": ("Pi", 1, 0)}
    assert zone(g, 0, "discard_up") == {"Pi": 1}


def test_attack_eliminates_one_coin_to_the_box_and_the_last_coin_removes_the_unit():
    g = pos(
        hand0=["Pi", "Pi"], board0={"f4": "Pi"}, board1={"e4": ["Ar", 2]}, hand1=["Ar"], supply1={"Ar": 1}
    )
    assert zone(g, 1, "eliminated").get("Ar", 0) == 0  # 2 on the board, 1 in hand, 1 in supply
    play(g, "Pi attack f4xe4")
    assert stacks(g)["e4"] == ("Ar", 1, 1)
    assert zone(g, 1, "eliminated")["Ar"] == 1
    assert zone(g, 1, "supply") == {"Ar": 1} and zone(g, 1, "discard_up") == {}
    assert zone(g, 0, "discard_up") == {"Pi": 1}
    play(g, "Ar pass", "Pi attack f4xe4")
    assert "e4" not in stacks(g)
    assert zone(g, 1, "eliminated")["Ar"] == 2
    assert g.positions[1] == ()


def test_an_eliminated_unit_type_can_be_deployed_again():
    g = pos(hand0=["Pi"], board0={"f4": "Pi"}, board1={"e4": "Ar"}, hand1=["Ar"])
    play(g, "Pi attack f4xe4")
    assert coin_texts(g, "Ar") == {"Ar deploy d7", "Ar deploy g6", "Ar claim", "Ar pass"}


# ------------------------------------------------------------------------------------------ control
def test_control_a_neutral_location():
    g = pos(hand0=["Sw", "Sw"], board0={"g3": "Sw"}, hand1=["Ar"])
    assert "Sw control g3" in texts(g)
    play(g, "Sw control g3")
    assert control(g) == {"e2": 0, "h1": 0, "g3": 0, "d7": 1, "g6": 1}
    assert g.markers_left(0) == 3
    assert zone(g, 0, "discard_up") == {"Sw": 1}
    # control stays when the unit leaves; no Control on a location the side already controls
    play(g, "Ar pass")
    assert "Sw control g3" not in texts(g)
    play(g, "Sw move g3-g4")
    assert control(g)["g3"] == 0


def test_no_control_off_a_location_or_on_an_own_location():
    g = pos(hand0=["Sw"], board0={"e2": "Sw"})
    assert not any("control" in t for t in texts(g))
    g = pos(hand0=["Sw"], board0={"f4": "Sw"})
    assert not any("control" in t for t in texts(g))


def test_control_an_enemy_location_returns_the_marker():
    g = pos(hand0=["Sw"], board0={"g6": "Sw"})
    assert g.markers_left(1) == 4
    play(g, "Sw control g6")
    assert control(g) == {"e2": 0, "h1": 0, "g6": 0, "d7": 1}
    assert g.markers_left(0) == 3 and g.markers_left(1) == 5


def test_sixth_marker_wins_at_once():
    own = {"e2": 0, "h1": 0, "g3": 0, "h4": 0, "i2": 0, "d7": 1, "g6": 1}
    g = pos(hand0=["Sw", "Sw", "Sw"], board0={"d4": "Sw"}, control=own, hand1=["Ar"])
    play(g, "Sw control d4")
    assert g.is_terminal() and g.result == Result(0, "markers") and g.winner == 0
    assert g.legal_actions() == [] and g.current_player is None


def test_sixth_marker_from_an_enemy_location_wins():
    own = {"e2": 0, "h1": 0, "g3": 0, "h4": 0, "i2": 0, "d7": 1, "g6": 1}
    g = pos(hand0=["Ar"], board0={"g6": "Ar"}, control=own, initiative=1, turn=0, hand1=["Sw"])
    play(g, "Ar control g6")
    assert g.result == Result(0, "markers")


def test_five_markers_is_not_yet_a_win():
    g = pos(hand0=["Sw"], board0={"d4": "Sw"}, control={"e2": 0, "h1": 0, "g3": 0, "h4": 0, "d7": 1})
    play(g, "Sw control d4")
    assert not g.is_terminal()


# ------------------------------------------------------------------------------ claim / recruit / pass
def test_recruit_from_own_supply_pays_face_down_and_recruited_coin_face_up():
    g = pos(hand0=["RC"], supply0={"Sw": 2}, units0=["Pi"], supply1={"Ar": 3}, hand1=["Ar"])
    assert texts(g) == {"RC recruit Sw", "RC pass"}  # no Pikeman left in supply, never the enemy's Archer
    play(g, "RC recruit Sw")
    assert zone(g, 0, "supply") == {"Sw": 1}
    assert zone(g, 0, "discard_up") == {"Sw": 1}
    assert zone(g, 0, "discard_down") == {"RC": 1}
    assert zone(g, 1, "supply") == {"Ar": 3}


def test_recruit_paid_with_a_unit_coin():
    g = pos(hand0=["Sw", "Sw"], supply0={"Sw": 1}, board0={"f4": "Sw"}, hand1=["Ar"])
    assert "Sw recruit Sw" in texts(g)
    play(g, "Sw recruit Sw", "Ar pass")
    assert zone(g, 0, "discard_down") == {"Sw": 1}
    assert zone(g, 0, "discard_up") == {"Sw": 1}
    assert zone(g, 0, "supply") == {}
    assert "Sw recruit Sw" not in texts(g)  # the supply is empty now


def test_cannot_recruit_another_players_unit():
    g = pos(hand0=["RC"], supply0={"Sw": 1}, supply1={"Ar": 3}, hand1=["Ar"])
    assert_rejected(g, "RC recruit Ar")


def test_pass_discards_face_down_and_changes_nothing_else():
    g = pos(hand0=["Sw", "Sw"], board0={"f4": "Sw"}, hand1=["Ar"])
    before = stacks(g)
    play(g, "Sw pass")
    assert zone(g, 0, "discard_down") == {"Sw": 1}
    assert stacks(g) == before
    assert g.current_player == 1


def test_claim_pays_face_down():
    g = pos(hand0=["Sw"], initiative=1, turn=0, hand1=["Ar"])
    play(g, "Sw claim")
    assert g.initiative == 0 and g.initiative_claimed
    assert zone(g, 0, "discard_down") == {"Sw": 1}


# ---------------------------------------------------------------------------------------- Royal Coin
def test_royal_coin_only_claims_recruits_or_passes():
    g = pos(hand0=["RC"], initiative=1, turn=0, board0={"e2": "Sw"}, supply0={"Sw": 1}, hand1=["Ar"])
    assert texts(g) == {"RC claim", "RC recruit Sw", "RC pass"}
    for text in ("RC deploy h1", "RC bolster e2", "RC move e2-e3", "RC control e2", "RC tactic"):
        assert_rejected(g, text)


def test_royal_coin_is_never_eliminated_or_on_the_board():
    g = pos(hand0=["RC"], board0={"e2": "Sw"}, supply0={"Sw": 1})
    play(g, "RC recruit Sw")
    assert zone(g, 0, "eliminated").get("RC", 0) == 0
