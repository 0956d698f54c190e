"""One test per card effect of For the Crown (rules §4.3), each half of every card: what the effect may
choose, and what it does."""

from __future__ import annotations

from warchest_bot.games.forthecrown.engine import FtcState

from .helpers import end_turn, play, position, starting_with, texts

KINGS = {"e1": [0, "Ki"], "e8": [1, "Ki"]}


def board(**units: list[object]) -> dict[str, list[object]]:
    return {**KINGS, **units}


def sq(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def plays(s: FtcState, card: str, effect: str) -> list[str]:
    return starting_with(s, f"play {card} {effect}")


# --- orders --------------------------------------------------------------------------------------------
def test_guard_deploys_next_to_a_sovereign_or_as_usual() -> None:
    s = position(hands=[["guard"], []], barracks=[["Ro"], []], board={"e4": [0, "Ki"], "e8": [1, "Ki"]})
    legal = plays(s, "guard", "guard_deploy")
    assert "play guard guard_deploy Ro d5" in legal and "play guard guard_deploy Ro a1" in legal
    assert "play guard guard_deploy Ro a3" not in legal
    play(s, "play guard guard_deploy Ro d5")
    assert s.board[sq("d5")] == (0, "Ro") and sq("d5") in s.ordered and s.orders == 0


def test_squire_deploys_any_class_to_the_second_rank() -> None:
    s = position(hands=[["squire"], []], barracks=[["Ro"], []])
    legal = plays(s, "squire", "squire_deploy")
    assert "play squire squire_deploy Ro a2" in legal and "play squire squire_deploy Ro a1" not in legal


def test_academy_deploys_a_foot_unit_and_gives_an_order_back() -> None:
    s = position(hands=[["academy"], []], barracks=[["Pa", "Ro"], []])
    legal = plays(s, "academy", "academy")
    assert "play academy academy Pa c2" in legal and "play academy academy Pa c1" in legal
    assert not [t for t in legal if " Ro " in t]
    play(s, "play academy academy Pa c2")
    assert s.orders == 1 and s.board[sq("c2")] == (0, "Pa")
    assert not starting_with(s, "Pa ")  # the deployed Pawn was ordered


def test_a_card_with_nothing_to_choose_is_still_played_for_its_grant() -> None:
    s = position(hands=[["academy"], []])
    assert plays(s, "academy", "academy") == ["play academy academy"]
    play(s, "play academy academy")
    assert s.orders == 1


def test_armor_marches_a_heavy_unit_that_is_then_immune() -> None:
    s = position(hands=[["armor"], []], board=board(a1=[0, "Ro"], b5=[1, "Pa"], a7=[1, "Ro"]))
    legal = plays(s, "armor", "armor")
    assert "play armor armor Ro a1-a4" in legal and "play armor armor Ro a1xa7" not in legal
    plain = end_turn(play(s.clone(), "Ro a1-a4"))
    assert "Pa b5xa4" in texts(plain) and "Ro a7xa4" in texts(plain)
    end_turn(play(s, "play armor armor Ro a1-a4"))
    assert s.immune[0] == {sq("a4")}
    assert s.to_move == 1 and "Pa b5xa4" not in texts(s)  # immune on the opponent's turn
    assert "Ro a7xa4" not in texts(s) and "Ro a7-a5" in texts(s)  # and it still blocks
    end_turn(s)
    assert s.to_move == 0 and s.immune[0] == set()  # until the start of the owner's next turn


def test_astrology_shows_the_opponents_hand_to_the_player_only() -> None:
    s = position(hands=[["astrology"], ["tower", "peon"]])
    play(s, "play astrology astrology")
    assert (s.orders, s.buys, s.gold) == (1, 2, 1)
    assert s.view_for(0)["seen_hand"] == ["peon", "tower"]
    assert s.view_for(1)["seen_hand"] is None and s.view_for(None)["seen_hand"] is None


def test_aviary_puts_a_regal_unit_on_an_unthreatened_square() -> None:
    s = position(hands=[["aviary"], []], board=board(d1=[0, "Qu"], h5=[1, "Ro"]))
    legal = set(plays(s, "aviary", "aviary"))
    assert "play aviary aviary Qu d1-c4" in legal
    assert "play aviary aviary Qu d1-c5" not in legal  # the Rook's rank
    assert "play aviary aviary Qu d1-h4" not in legal  # the Rook's file
    assert "play aviary aviary Qu d1-d7" not in legal  # next to the enemy King
    play(s, "play aviary aviary Qu d1-c4")
    assert s.board[sq("c4")] == (0, "Qu") and s.board[sq("d1")] is None


def test_bureaucracy_orders_a_foot_unit_that_may_promote() -> None:
    s = position(hands=[["bureaucracy"], []], board={"e1": [0, "Ki"], "a8": [1, "Ki"], "c7": [0, "Pa"]})
    assert "play bureaucracy bureaucracy Pa c7-c8=Qu" in plays(s, "bureaucracy", "bureaucracy")
    play(s, "play bureaucracy bureaucracy Pa c7-c8=Qu")
    assert s.board[sq("c8")] == (0, "Qu") and s.orders == 1
    assert not starting_with(s, "Qu ")


def test_executive_action_order_draws_two_and_adds_an_action() -> None:
    s = position(hands=[["executive-action"], []], decks=[["tower", "peon", "guard"], []])
    play(s, "play executive-action exec_draw")
    assert s.hands[0] == ["peon", "tower"] and s.actions == 2 and s.phase == "action"


def test_false_orders_moves_an_enemy_unit_against_its_owner() -> None:
    s = position(hands=[["false-orders"], []], board=board(c6=[1, "Kn"], d4=[0, "Pa"], e7=[1, "Pa"]))
    legal = plays(s, "false-orders", "false_orders")
    assert "play false-orders false_orders Kn c6xd4" in legal
    assert not [t for t in legal if " Ki " in t]  # never a Sovereign
    assert "play false-orders false_orders Kn c6xe7" not in legal  # never its owner's units
    end_turn(play(s, "play false-orders false_orders Kn c6xd4"))
    assert s.board[sq("d4")] == (1, "Kn")
    assert s.to_move == 1 and not starting_with(s, "Kn ")  # barred on its owner's next turn
    end_turn(end_turn(s))
    assert s.to_move == 1 and starting_with(s, "Kn ")  # and free again after it


def test_false_orders_promotion_is_chosen_by_the_owner() -> None:
    s = position(hands=[["false-orders"], []], board=board(c2=[1, "Pa"], a1=[0, "Ro"]))
    play(s, "play false-orders false_orders Pa c2-c1")
    assert s.current_player == 1 and texts(s)[0] == "promote none" and "promote Qu" in texts(s)
    play(s, "promote Kn")
    assert s.board[sq("c1")] == (1, "Kn") and s.current_player == 0


def test_heir_marches_a_sovereign_to_an_unthreatened_square() -> None:
    """The rules' example (§2.5): only d1."""
    s = position(hands=[["heir"], []], board=board(a2=[1, "Ro"], g3=[1, "Kn"]))
    assert plays(s, "heir", "heir") == ["play heir heir Ki e1-d1"]
    play(s, "play heir heir Ki e1-d1")
    assert s.orders == 1 and not starting_with(s, "Ki ")


def test_heir_cannot_be_used_without_a_safe_march() -> None:
    s = position(
        hands=[["heir"], []], board={"a1": [0, "Ki"], "e8": [1, "Ki"], "h2": [1, "Ro"], "h1": [1, "Ro"]}
    )
    assert plays(s, "heir", "heir") == []


def test_mourning_bars_the_enemy_units_next_to_the_victim() -> None:
    s = position(
        hands=[["mourning"], []],
        board=board(d1=[0, "Qu"], d5=[1, "Pa"], c6=[1, "Kn"], e4=[1, "Bi"], a4=[1, "Ro"]),
    )
    assert "play mourning mourning Qu d1-d3" not in plays(s, "mourning", "mourning")  # attacks only
    play(s, "play mourning mourning Qu d1xd5")
    assert s.barred[1] == {sq("c6"), sq("e4")}


def test_onslaught_marches_and_deploys_up_to_four_foot_units_once_each() -> None:
    s = position(hands=[["onslaught"], []], board=board(a2=[0, "Pa"], h2=[0, "Pa"]), barracks=[["St"], []])
    play(s, "play onslaught onslaught")
    assert s.pending is not None and "deploy St d2" in texts(s) and "Pa a2-a4" in texts(s)
    play(s, "deploy St d2")
    assert not starting_with(s, "St ")  # a deployed unit does not then march
    play(s, "Pa a2-a4")
    assert not starting_with(s, "Pa a4")
    play(s, "Pa h2-h3")
    assert s.pending is None  # no Foot unit left to act
    assert s.board[sq("a4")] == (0, "Pa") and s.board[sq("h3")] == (0, "Pa")


def test_onslaught_has_no_attacks_and_can_stop() -> None:
    s = position(hands=[["onslaught"], []], board=board(d4=[0, "Pa"], e5=[1, "Pa"]))
    play(s, "play onslaught onslaught")
    assert "Pa d4xe5" not in texts(s)
    play(s, "done")
    assert s.pending is None


def test_quartermaster_order_deploys_two_units_to_the_first_rank() -> None:
    s = position(hands=[["quartermaster"], []], barracks=[["Kn", "Pa"], []])
    legal = plays(s, "quartermaster", "quartermaster_deploy")
    assert "play quartermaster quartermaster_deploy Kn a1 Pa b1" in legal
    assert "play quartermaster quartermaster_deploy Pa a1 Kn b1" in legal
    assert not [t for t in legal if "2" in t.split()[-1]]  # never the second rank
    play(s, "play quartermaster quartermaster_deploy Kn a1 Pa b1")
    assert s.board[0] == (0, "Kn") and s.board[1] == (0, "Pa") and s.barracks[0] == []


def test_quartermaster_order_with_one_unit_or_a_full_rank() -> None:
    s = position(hands=[["quartermaster"], []], barracks=[["Kn"], []])
    assert "play quartermaster quartermaster_deploy Kn a1" in plays(
        s, "quartermaster", "quartermaster_deploy"
    )
    full = {f"{f}1": [0, "Pa"] for f in "abcdfgh"}
    s = position(hands=[["quartermaster"], []], barracks=[["Kn"], []], board=board(**full))
    assert plays(s, "quartermaster", "quartermaster_deploy") == []  # cannot be used


def test_sanctuary_castles() -> None:
    s = position(hands=[["sanctuary"], []], board=board(h1=[0, "Ro"]))
    assert "play sanctuary sanctuary Ro h1-f1 Ki e1-g1" in plays(s, "sanctuary", "sanctuary")
    assert "play sanctuary sanctuary Ro h1-h5" not in plays(s, "sanctuary", "sanctuary")  # next to no one
    play(s, "play sanctuary sanctuary Ro h1-f1 Ki e1-g1")
    assert s.board[sq("f1")] == (0, "Ro") and s.board[sq("g1")] == (0, "Ki")
    assert s.ordered == {sq("f1"), sq("g1")}


def test_sanctuary_alternative_draws_two_then_discards_two() -> None:
    s = position(hands=[["sanctuary"], []], decks=[["tower", "peon"], []])
    play(s, "play sanctuary sanctuary_draw")
    assert (s.orders, s.gold) == (1, 1) and s.hands[0] == ["peon", "tower"]
    assert texts(s) == ["discard peon", "discard tower"]
    play(s, "discard tower", "discard peon")
    assert s.hands[0] == [] and s.discards[0] == ["tower", "peon"] and s.pending is None


def test_stables_marches_one_mounted_unit_twice() -> None:
    s = position(hands=[["stables"], []], board=board(b1=[0, "Kn"]))
    legal = plays(s, "stables", "stables_march")
    assert "play stables stables_march Kn b1-c3-d5" in legal
    assert "play stables stables_march Kn b1-c3-b1" in legal  # back to its start: two legal marches
    assert "play stables stables_march Kn b1-c3" not in legal  # the second march is required
    play(s, "play stables stables_march Kn b1-c3-d5")
    assert s.board[sq("d5")] == (0, "Kn") and s.ordered == {sq("d5")}


def test_temple_marches_a_pious_unit_and_a_monk_may_promote() -> None:
    s = position(hands=[["temple"], []], board={"e1": [0, "Ki"], "a8": [1, "Ki"], "d6": [0, "Mo"]})
    legal = plays(s, "temple", "temple")
    assert "play temple temple Mo d6-d8=Qu" in legal and "play temple temple Mo d6-d8" in legal
    play(s, "play temple temple Mo d6-d8=Qu")
    assert s.board[sq("d8")] == (0, "Qu") and s.orders == 1


def test_versatility_discards_and_draws_as_many() -> None:
    s = position(hands=[["peon", "tower", "versatility"], []], decks=[["clergy", "legend", "guard"], []])
    legal = plays(s, "versatility", "versatility")
    assert "play versatility versatility" in legal and "play versatility versatility peon tower" in legal
    assert not [t for t in legal if t.count("versatility") > 2]  # the played card is not in the hand
    play(s, "play versatility versatility peon tower")
    assert s.orders == 1 and s.hands[0] == ["clergy", "legend"] and s.discards[0] == ["peon", "tower"]


def test_wish_digs_for_the_named_card() -> None:
    s = position(hands=[["wish"], []], decks=[["peon", "guard", "tower", "clergy"], []])
    play(s, "play wish wish tower")
    assert s.hands[0] == ["tower"] and s.discards[0] == ["peon", "guard"] and s.decks[0] == ["clergy"]
    assert s.orders == 1


def test_wish_for_a_missing_card_cycles_the_deck_with_a_reshuffle() -> None:
    s = position(
        hands=[["wish"], []], decks=[["peon"], []], discards=[["guard"], []], forced_shuffles=[["guard"]]
    )
    play(s, "play wish wish heir")
    assert s.hands[0] == [] and sorted(s.discards[0]) == ["guard", "peon"] and s.decks[0] == []


def test_wish_alternative_makes_sovereigns_immune_and_bars_order_cards_next_turn() -> None:
    s = position(hands=[["wish", "guard"], []], board=board(e6=[1, "Ro"]))
    assert "play wish wish_immunity e1" in plays(s, "wish", "wish_immunity")
    play(s, "play wish wish_immunity e1")
    assert s.immune[0] == {sq("e1")} and not starting_with(s, "Ki ")
    end_turn(s)
    assert s.to_move == 1 and "Ro e6xe1" not in texts(s)
    end_turn(s)
    s.hands[0] = ["guard"]
    s.barracks[0] = ["Pa"]
    assert s.to_move == 0 and s.no_order_cards and not starting_with(s, "play ")
    assert "deploy Pa a1" in texts(s)  # plain orders are fine


# --- actions -------------------------------------------------------------------------------------------
def test_consort_puts_a_non_sovereign_next_to_another_regal_unit() -> None:
    s = position(phase="action", hands=[["consort"], []], board=board(d4=[0, "Qu"], h1=[0, "Kn"]))
    legal = plays(s, "consort", "consort")
    assert "play consort consort Kn h1-d5" in legal
    assert not [t for t in legal if " Ki " in t]  # never a Sovereign
    assert not [t for t in legal if " Qu " in t]  # the only Regal unit needs another one
    s.ordered.add(sq("h1"))  # an action may use a unit already ordered
    play(s, "play consort consort Kn h1-d5")
    assert s.board[sq("d5")] == (0, "Kn")


def test_destiny_trashes_a_training_card_and_morphs_a_unit() -> None:
    s = position(
        phase="action", hands=[["destiny", "heir"], []], decks=[["peon"], []], board=board(a1=[0, "Ro"])
    )
    play(s, "play destiny destiny")
    assert s.actions == 1 and s.hands[0] == ["heir", "peon"]
    assert "trash heir morph Ro@a1" in texts(s) and "trash peon morph Ki@e1" in texts(s)
    assert "keep" not in texts(s)  # required (D-CARD-3)
    play(s, "trash heir morph Ro@a1")
    assert s.board[0] == (0, "Ki") and s.trash == ["heir"] and s.hands[0] == ["peon"]


def test_evangelism_deploys_a_pious_unit_next_to_a_pious_unit() -> None:
    s = position(
        phase="action", hands=[["evangelism"], []], board=board(d4=[0, "Bi"]), barracks=[["Mo", "Ro"], []]
    )
    legal = plays(s, "evangelism", "evangelism")
    assert "play evangelism evangelism Mo c5" in legal and not [t for t in legal if " Ro " in t]
    play(s, "play evangelism evangelism Mo c5")
    assert s.board[sq("c5")] == (0, "Mo") and sq("c5") not in s.ordered


def test_executive_action_deploys_with_an_action() -> None:
    s = position(phase="action", hands=[["executive-action"], []], barracks=[["Ro"], []])
    assert "play executive-action exec_deploy Ro a1" in texts(s)
    assert "play executive-action exec_deploy Ro a2" not in texts(s)
    play(s, "play executive-action exec_deploy Ro a1")
    assert s.board[0] == (0, "Ro") and s.phase == "buy"


def test_false_orders_action_reveals_the_top_card_to_trash_or_keep() -> None:
    s = position(phase="action", hands=[["false-orders"], []], decks=[[], ["tower", "peon"]])
    play(s, "play false-orders false_orders_reveal")
    assert texts(s) == ["trash", "keep"] and s.view_for(1)["pending"]["card"] == "tower"
    play(s, "trash")
    assert s.trash == ["tower"] and s.decks[1] == ["peon"]
    s = position(phase="action", hands=[["false-orders"], []], decks=[[], ["tower", "peon"]])
    play(s, "play false-orders false_orders_reveal", "keep")
    assert s.decks[1] == ["tower", "peon"] and s.view_for(0)["revealed_top"] == [None, "tower"]


def test_fog_marches_a_mounted_unit_even_if_ordered() -> None:
    s = position(phase="action", hands=[["fog"], []], board=board(b1=[0, "Kn"]))
    s.ordered.add(sq("b1"))
    play(s, "play fog fog Kn b1-c3")
    assert s.board[sq("c3")] == (0, "Kn")


def test_refiner_morphs_a_barracks_unit() -> None:
    s = position(
        phase="action", hands=[["refiner", "tower"], []], decks=[["clergy"], []], barracks=[["Pa"], []]
    )
    play(s, "play refiner refiner_morph")
    assert s.actions == 1
    assert set(texts(s)) == {"trash clergy morph Pa@barracks", "trash tower morph Pa@barracks"}
    play(s, "trash tower morph Pa@barracks")
    assert s.barracks[0] == ["Ro"] and s.trash == ["tower"]


def test_refiner_without_a_barracks_unit_still_trashes() -> None:
    s = position(phase="action", hands=[["refiner", "tower"], []])
    play(s, "play refiner refiner_morph")
    assert texts(s) == ["trash tower"]


def test_refiner_alternative_trashes_and_gains_a_card_costing_two_more() -> None:
    s = position(phase="action", hands=[["refiner", "peon"], []])
    play(s, "play refiner refiner_gain")
    assert texts(s) == ["trash peon gain champion"]  # Peon 0 + 2: only the Champion (2)
    play(s, "trash peon gain champion")
    assert s.trash == ["peon"] and s.discards[0] == ["champion"]


def test_sacrifice_discards_and_gains_up_to_six() -> None:
    s = position(phase="action", hands=[["sacrifice", "peon"], []])
    legal = plays(s, "sacrifice", "sacrifice")
    assert (
        "play sacrifice sacrifice peon tower" in legal
        and "play sacrifice sacrifice peon consort" not in legal
    )
    play(s, "play sacrifice sacrifice peon tower")
    assert s.discards[0] == ["peon", "tower"] and s.trash == []


def test_scribes_draws_three_and_may_put_one_back() -> None:
    s = position(phase="action", hands=[["scribes"], []], decks=[["tower", "peon", "guard", "clergy"], []])
    play(s, "play scribes scribes")
    assert s.buys == 2 and texts(s)[-1] == "keep"
    play(s, "topdeck tower")
    assert s.decks[0] == ["tower", "clergy"]
    assert s.view_for(0)["known_top"] == ["tower"] and s.view_for(1)["known_top"] == []


def test_stables_action_draws_and_must_put_one_back() -> None:
    s = position(phase="action", hands=[["stables"], []], decks=[["tower", "peon"], []])
    play(s, "play stables stables_draw")
    assert (s.actions, s.buys) == (1, 2) and "keep" not in texts(s)
    play(s, "topdeck peon")
    assert s.hands[0] == ["tower"] and s.decks[0] == ["peon"]


def test_subterfuge_swaps_two_units_sharing_a_class() -> None:
    s = position(
        phase="action", hands=[["subterfuge"], []], board=board(a1=[0, "Ro"]), barracks=[["An", "Kn"], []]
    )
    legal = plays(s, "subterfuge", "subterfuge")
    assert "play subterfuge subterfuge Ki@e1 An@barracks" in legal
    assert not [t for t in legal if "Ro@a1" in t]  # the Rook shares no class with the others
    play(s, "play subterfuge subterfuge Ki@e1 An@barracks")
    assert s.board[4] == (0, "An") and s.barracks[0] == ["Ki", "Kn"]


def test_vigilance_grants_and_puts_a_card_back() -> None:
    s = position(phase="action", hands=[["vigilance", "peon"], []], decks=[["tower"], []])
    play(s, "play vigilance vigilance")
    assert (s.actions, s.buys, s.gold) == (1, 2, 2)
    assert texts(s) == ["topdeck peon", "topdeck tower"]
    play(s, "topdeck peon")
    assert s.decks[0] == ["peon"]


def test_patronage_treasure_gives_gold_and_a_buy() -> None:
    s = position(phase="buy", hands=[["patronage"], []])
    play(s, "play patronage gold")
    assert (s.gold, s.buys) == (1, 2)


# --- cross-cutting rules -------------------------------------------------------------------------------
def test_a_unit_trained_this_turn_can_be_deployed_by_an_action() -> None:
    """D-FTC-5: the Order Phase is over, but Executive Action's action may deploy it."""
    s = position(phase="action", pools={"actions": 2}, hands=[["champion", "executive-action"], []])
    play(s, "play champion train")
    assert s.barracks[0] == ["Kn"]
    play(s, "play executive-action exec_deploy Kn b1")
    assert s.board[sq("b1")] == (0, "Kn")


def test_an_immune_unit_blocks_a_charger_like_a_friendly_one() -> None:
    """D-MV-4: the Charger can neither capture nor pass an immune enemy."""
    s = position(board=board(a1=[0, "Cr"], a2=[1, "Pa"], a3=[1, "Pa"]))
    assert "Cr a1xa3" in texts(s)
    s = position(board=board(a1=[0, "Cr"], a2=[1, "Pa"], a3=[1, "Pa"]), immune=[[], ["a3"]])
    charger = starting_with(s, "Cr a1")
    assert "Cr a1xa2" in charger and "Cr a1xa3" not in charger and "Cr a1xa4" not in charger


def test_false_orders_capturing_an_immortal_sends_it_to_its_owners_barracks() -> None:
    s = position(hands=[["false-orders"], []], board=board(c6=[1, "Kn"], d4=[0, "Im"]))
    play(s, "play false-orders false_orders Kn c6xd4")
    assert s.barracks[0] == ["Im"]


def test_a_morph_keeps_the_units_flags() -> None:
    """D-FTC-12: Destiny morphs an ordered unit; it stays ordered (and barred, immune) as it was."""
    s = position(phase="action", hands=[["destiny", "tower"], []], board=board(a1=[0, "Pa"]))
    s.ordered.add(sq("a1"))
    s.barred[0].add(sq("a1"))
    play(s, "play destiny destiny", "trash tower morph Pa@a1")
    assert s.board[0] == (0, "Ro") and sq("a1") in s.ordered and sq("a1") in s.barred[0]
