"""The project's decisions (rules reference §9), one test (at least) per row."""

from __future__ import annotations

from warchest_bot.games.warchest.engine import UNITS, GameState, Options, Result

from .conftest import kind_texts, pending_kinds, play, pos, stacks, texts, zone


# Royal Guard tactic: revised card by default, original as an option
def test_royal_guard_default_is_the_revised_card():
    assert Options().royal_guard == "revised"
    assert GameState.new(Options(seed=1)).options.royal_guard == "revised"


def test_royal_guard_revised_versus_original():
    board0, board1 = {"g2": "RG"}, {"h2": "Sw"}
    revised = pos(hand0=["RC"], board0=board0, board1=board1)
    original = pos(hand0=["RC"], board0=board0, board1=board1, royal_guard="original")
    # revised: one or two hexes, only to an empty location the side controls (h1 next door, e2 via f2)
    assert kind_texts(revised, "tactic") == {"RC tactic g2-h1", "RC tactic g2-e2"}
    # original: any empty neighbour, location or not; never two hexes
    assert kind_texts(original, "tactic") == {
        "RC tactic g2-h1",
        "RC tactic g2-g1",
        "RC tactic g2-f2",
        "RC tactic g2-f3",
        "RC tactic g2-g3",
    }


# Berserker extra-maneuver cost: the stack coin goes to the owner's discard face up
def test_berserker_cost_goes_face_up_to_the_discard_not_the_box():
    g = pos(hand0=["Be"], board0={"f4": ["Be", 2]}, hand1=["Sw"])
    eliminated = zone(g, 0, "eliminated")["Be"]
    play(g, "Be move f4-f5", "move f5-f6")
    assert zone(g, 0, "discard_up") == {"Be": 2}
    assert zone(g, 0, "discard_down") == {}
    assert zone(g, 0, "eliminated")["Be"] == eliminated


# Multi-step moves: every step enters an empty hex; nothing jumps
def test_no_unit_jumps_over_another():
    # a wall of units on every first step from f4 except f5
    wall0 = {"g4": "Kn", "g3": "Fo", "f3": "Sw"}
    wall1 = {"e4": "Ar", "e5": "Ca"}
    lc = pos(hand0=["LC"], board0={"f4": "LC", **wall0}, board1=wall1)
    assert kind_texts(lc, "tactic") == {"LC tactic f4-g5", "LC tactic f4-f6", "LC tactic f4-e6"}
    lancer = pos(hand0=["La"], board0={"f4": "La", **wall0}, board1={**wall1, "f7": "Pi", "h4": "Sc"})
    assert kind_texts(lancer, "tactic") == {"La tactic f4-f6xf7"}  # not over g4 to h4
    rg = pos(
        hand0=["RC"],
        board0={"f4": "RG", **wall0},
        board1=wall1,
        control={"e2": 0, "h1": 0, "h4": 0, "d4": 0, "d7": 1, "g6": 1},
    )
    assert kind_texts(rg, "tactic") == set()  # h4 and d4 are ours but walled off


# Ensign / Marshall cannot choose themselves
def test_ensign_and_marshall_cannot_choose_themselves():
    g = pos(hand0=["En"], board0={"f4": "En"}, board1={"f1": "Sw"})
    assert kind_texts(g, "tactic") == set()
    g = pos(hand0=["Ma"], board0={"f4": "Ma"}, board1={"g4": "Sw"})
    assert kind_texts(g, "tactic") == set()
    assert kind_texts(g, "attack") == {"Ma attack f4xg4"}


# Footman tactic: each maneuver optional, at least one
def test_footman_each_maneuver_optional_at_least_one():
    g = pos(hand0=["Fo"], board0={"f4": "Fo", "c7": "Fo"}, hand1=["Sw"])
    play(g, "Fo tactic")
    assert "decline" not in texts(g)
    play(g, "move c7-c6")
    assert "decline" in texts(g)
    play(g, "decline")
    assert stacks(g) == {"f4": ("Fo", 1, 0), "c6": ("Fo", 1, 0)}
    assert g.current_player == 1


def test_footman_either_footman_may_go_first():
    g = pos(hand0=["Fo"], board0={"f4": "Fo", "c7": "Fo"}, hand1=["Sw"])
    play(g, "Fo tactic", "move f4-f5")
    assert pending_kinds(g) == [("footman", 0)]
    assert texts(g) == {"move c7-d7", "move c7-d6", "move c7-c6", "decline"}


# Scout in 4-player: a teammate's unit is friendly
def test_scout_teammate_is_friendly_in_four_player():
    g = pos(4, hand0=["Sc"], board2={"f1": "Kn"}, control={"d7": 1, "g6": 1, "j3": 1})
    assert kind_texts(g, "deploy") == {"Sc deploy g1", "Sc deploy e2", "Sc deploy f2"}


# Unit selection: first-game / random / draft
def test_unit_selection_modes():
    assert Options().units == "random"
    for mode in ("first-game", "random", "draft"):
        g = GameState.new(Options(units=mode, seed=11))
        assert g.phase == ("draft" if mode == "draft" else "play")


# A game that cannot end: a draw after max_rounds (default 200)
def test_max_rounds_default_and_draw():
    assert Options().max_rounds == 200
    g = pos(round=200, hand0=["Sw"], hand1=["Ar"])
    play(g, "Sw pass", "Ar pass")
    assert g.result == Result(None, "max_rounds")


# The catalogue: the Royal Coin, the 16 base units, then the expansions' units (dealt only when enabled)
def test_catalogue_is_the_base_game_then_expansions():
    assert [u.expansion for u in UNITS[:17]] == [""] * 17
    assert sum(u.coins for u in UNITS[1:17]) == 74
    assert [(u.code, u.coins, u.expansion) for u in UNITS[17:]] == [
        ("Bn", 4, "nobility"),
        ("Bi", 5, "nobility"),
        ("Ea", 5, "nobility"),
        ("He", 5, "nobility"),
        ("Sp", 5, "siege"),
        ("ST", 5, "siege"),
        ("Tr", 5, "siege"),
        ("WW", 4, "siege"),
    ]
