"""The Siege expansion (docs/war-chest-expansions.md): fortifications, Sapper, Siege Tower, Trebuchet and
War Wagon, one test per ability with the exact legal sets, plus setup, options, positions and random
playouts with every invariant."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warchest_bot.games.warchest.engine import GameState, Options, OptionsError, PositionError, parse_action
from warchest_bot.games.warchest.engine.geometry import ALL_COORDS, HEX_NAMES
from warchest_bot.games.warchest.engine.invariants import check_invariants
from warchest_bot.games.warchest.engine.state import FORT_COINS, fort_map_pairs
from warchest_bot.games.warchest.engine.units import BASE_UNITS, NOBILITY_UNITS, SIEGE_UNITS

from .conftest import coin_texts, kind_texts, pending_kinds, play, pos, stacks, texts, zone

SIEGE = "siege"
STARTS = {"e2": 0, "h1": 0, "d7": 1, "g6": 1}


def forts(g: GameState) -> list[str]:
    return [HEX_NAMES[h] for h in g.forts]


# ------------------------------------------------------------------------------------------ set-up
def test_siege_option_is_checked_and_normalised():
    assert Options(expansions="Siege").siege and not Options().siege
    assert Options(expansions="siege, nobility").expansions == "nobility,siege"
    for bad in (3, -2, 8):
        with pytest.raises(OptionsError):
            Options(expansions=SIEGE, forts=bad)
    with pytest.raises(OptionsError):
        Options(expansions=SIEGE, sapper_bolstered="yes")  # type: ignore[arg-type]
    assert "forts" not in Options(expansions=SIEGE).to_json()  # the default is left out
    assert Options(expansions=SIEGE, forts=6, sapper_bolstered=True).to_json()["forts"] == 6


def test_base_and_nobility_positions_do_not_mention_forts():
    for exp in ("", "nobility"):
        g = GameState.new(Options(seed=3, expansions=exp))
        assert g.forts == [] and "forts" not in g.to_json()


def test_setup_places_a_map_of_facing_forts():
    for players in (2, 4):
        pairs = set(fort_map_pairs(GameState.new(Options(players=players)).board))
        seen: set[tuple[int, ...]] = set()
        for seed in range(30):
            g = GameState.new(Options(players=players, seed=seed, expansions=SIEGE))
            assert len(g.forts) == 4 and g.fort_pool == FORT_COINS - 4
            for h in g.forts:  # each fort faces another across the centre
                q, r = ALL_COORDS[h]
                assert g.board.is_location(h) and any(h in p for p in pairs)
                assert any(ALL_COORDS[o] == (-q, -r) for o in g.forts)
            seen.add(tuple(g.forts))
            assert g.to_json()["forts"] == forts(g) and GameState.from_json(g.to_json()) == g
        assert len(seen) > 5  # the map is drawn at random
    assert GameState.new(Options(seed=1, expansions=SIEGE, forts=0)).forts == []
    assert len(GameState.new(Options(seed=1, expansions=SIEGE, forts=6)).forts) == 6


def test_invariant_checker_catches_broken_forts():
    g = GameState.new(Options(seed=3, expansions=SIEGE, forts=6))
    assert check_invariants(g) == []
    plain = next(h for h in g.board.hexes if g.stacks[h] is None and not g.board.is_location(h))
    spare = [h for h in g.board.locations if h not in g.forts]

    def problems(fort_hexes: list[int], expansions: str = SIEGE) -> list[str]:
        broken = g.clone()
        broken.forts = fort_hexes
        broken.options = Options(seed=3, expansions=expansions, forts=6)
        return check_invariants(broken, round_trip=False)

    assert any("not a location" in p for p in problems(sorted([*g.forts[:5], plain])))
    assert any("not distinct" in p for p in problems([g.forts[0], *g.forts]))
    assert any("not distinct" in p for p in problems(list(reversed(g.forts))))
    assert any("the box has 7" in p for p in problems(sorted([*g.forts, *spare[:2]])))
    assert any("without the Siege expansion" in p for p in problems(list(g.forts), expansions=""))
    assert problems(sorted([*g.forts, spare[0]])) == []  # 7 forts: every coin on the board is fine


def test_random_deal_and_draft_include_siege_units_only_when_enabled():
    dealt_siege, both, pooled = set(), set(), set()
    for seed in range(60):
        dealt_siege |= {u for s in GameState.new(Options(seed=seed, expansions=SIEGE)).seats for u in s.units}
        g = GameState.new(Options(seed=seed, expansions="nobility,siege"))
        both |= {u for s in g.seats for u in s.units}
        pooled |= set(GameState.new(Options(seed=seed, units="draft", expansions=SIEGE)).draft_pool)
    assert dealt_siege == set(BASE_UNITS) | set(SIEGE_UNITS)
    assert both == set(BASE_UNITS) | set(NOBILITY_UNITS) | set(SIEGE_UNITS)
    assert set(SIEGE_UNITS) <= pooled


def test_positions_with_forts_are_checked():
    g = pos(expansions=SIEGE, forts=["e5", "g3"], hand0=["Sw"], board0={"e4": "Sw"})
    assert forts(g) == ["g3", "e5"] and g.to_json()["forts"] == ["g3", "e5"]  # in hex order
    with pytest.raises(PositionError, match="not a location"):
        pos(expansions=SIEGE, forts=["e4"], hand0=["Sw"])
    with pytest.raises(PositionError, match="only with expansions=siege"):
        pos(forts=["e5"], hand0=["Sw"])
    with pytest.raises(PositionError, match="two forts"):
        pos(expansions=SIEGE, forts=["e5", "e5"], hand0=["Sw"])


# ------------------------------------------------------------------------------------ fortifications
def test_an_enemy_fort_closes_its_location_until_it_is_destroyed():
    g = pos(
        expansions=SIEGE,
        forts=["e5"],
        control={**STARTS, "e5": 1},
        hand0=["Sw", "Sw"],
        board0={"e4": "Sw"},
        hand1=["Ar", "Ar"],
    )
    assert coin_texts(g, "Sw") == {
        "Sw bolster e4",
        "Sw move e4-f4",
        "Sw move e4-f3",
        "Sw move e4-e3",
        "Sw move e4-d4",
        "Sw move e4-d5",
        "Sw attack e4xe5",  # the empty enemy location's fort
        "Sw pass",
    }
    play(g, "Sw attack e4xe5")
    assert g.forts == [] and g.fort_pool == FORT_COINS
    assert pending_kinds(g) == [("sword", 0)]  # attacking a fort is an attack: the Swordsman may move
    assert "move e4-e5" in texts(g)


def test_a_neutral_or_own_fort_may_be_entered_and_is_not_attacked():
    g = pos(expansions=SIEGE, forts=["e5"], hand0=["Sw"], board0={"e4": "Sw"}, hand1=["Ar"])
    assert "Sw move e4-e5" in coin_texts(g, "Sw") and "Sw attack e4xe5" not in coin_texts(g, "Sw")
    g = pos(expansions=SIEGE, forts=["e5"], control={**STARTS, "e5": 0}, hand0=["Sw"], board0={"e4": "Sw"})
    assert "Sw move e4-e5" in coin_texts(g, "Sw") and "Sw attack e4xe5" not in coin_texts(g, "Sw")


def test_a_unit_in_a_fort_is_attacked_only_through_its_fort():
    # a Knight may not be attacked by a unit of one coin, but its fort may
    g = pos(
        expansions=SIEGE,
        forts=["e5"],
        control={**STARTS, "e5": 1},
        hand0=["Sw", "Sw"],
        board0={"e4": "Sw"},
        board1={"e5": "Kn"},
        hand1=["Kn", "Kn"],
    )
    assert kind_texts(g, "attack") == {"Sw attack e4xe5"}
    play(g, "Sw attack e4xe5", "decline")
    assert g.forts == [] and stacks(g)["e5"] == ("Kn", 1, 1)  # the fort took the hit, not the Knight
    play(g, "Kn bolster e5")
    assert kind_texts(g, "attack") == set()  # now the Knight's own defence holds


def test_a_fort_shields_a_pikeman_from_nothing_but_spares_the_attacker_its_reflex():
    g = pos(
        expansions=SIEGE,
        forts=["e5"],
        hand0=["Sw"],
        board0={"e4": "Sw"},
        board1={"e5": "Pi"},
        hand1=["Pi"],
    )
    play(g, "Sw attack e4xe5", "decline")
    assert stacks(g) == {"e4": ("Sw", 1, 0), "e5": ("Pi", 1, 1)} and g.forts == []


# -------------------------------------------------------------------------------------------- Sapper
def test_sapper_tactic_moves_then_attacks_a_fort():
    g = pos(
        expansions=SIEGE,
        forts=["e5"],
        control={**STARTS, "e5": 1},
        hand0=["Sp"],
        board0={"f3": "Sp"},
        hand1=["Ar"],
    )
    assert kind_texts(g, "tactic") == {"Sp tactic f3-e4xe5", "Sp tactic f3-f4xe5"}
    play(g, "Sp tactic f3-e4xe5")
    assert g.forts == [] and stacks(g) == {"e4": ("Sp", 1, 0)} and g.current_player == 1


def test_sapper_tactic_needs_a_fort_to_attack_and_with_the_option_a_bolstered_sapper():
    g = pos(expansions=SIEGE, forts=["g6"], hand0=["Sp"], board0={"f3": "Sp"}, hand1=["Ar"])
    assert kind_texts(g, "tactic") == set()  # g6 is side B's own fort, but nobody stands there to shield
    data = pos(
        expansions=SIEGE, forts=["e5"], control={**STARTS, "e5": 1}, hand0=["Sp"], board0={"f3": "Sp"}
    ).to_json()
    data["options"]["sapper_bolstered"] = True
    g = GameState.from_json(data)
    assert kind_texts(g, "tactic") == set()
    data["board"]["f3"] = ["Sapper", 2]
    data["seats"][0]["eliminated"] = {"Sapper": 2}
    assert kind_texts(GameState.from_json(data), "tactic") == {"Sp tactic f3-e4xe5", "Sp tactic f3-f4xe5"}


def test_sapper_builds_a_fort_on_a_location_it_enters():
    g = pos(expansions=SIEGE, forts=["e5"], hand0=["Sp"], board0={"f3": "Sp"}, hand1=["Ar"])
    play(g, "Sp move f3-g3")
    assert pending_kinds(g) == [("sapper", 0)] and texts(g) == {"fortify g3", "decline"}
    play(g, "fortify g3")
    assert forts(g) == ["g3", "e5"]  # in hex order
    assert g.fort_pool == FORT_COINS - 2 and g.current_player == 1
    g = pos(expansions=SIEGE, hand0=["Sp"], board0={"f3": "Sp"}, hand1=["Ar"])
    play(g, "Sp move f3-g3", "decline")
    assert g.forts == [] and g.current_player == 1
    g = pos(expansions=SIEGE, hand0=["Sp"], board0={"f3": "Sp"}, hand1=["Ar"])
    play(g, "Sp move f3-f4")  # not a location: nothing to build
    assert g.pending == [] and g.current_player == 1


def test_sapper_builds_nothing_when_every_fort_coin_is_on_the_board():
    seven = ["e5", "d4", "h4", "i2", "c6", "h1", "d7"]
    g = pos(expansions=SIEGE, forts=seven, hand0=["Sp"], board0={"f3": "Sp"}, hand1=["Ar"])
    assert g.fort_pool == 0
    play(g, "Sp move f3-g3")
    assert g.pending == [] and g.current_player == 1


# ------------------------------------------------------------------------------------------ Siege Tower
def test_siege_tower_siege_tactic_needs_it_bolstered_and_attacks_twice():
    board1 = {"f4": "Sw", "d5": ["Ar", 2]}
    g = pos(expansions=SIEGE, hand0=["ST"], board0={"e4": "ST"}, board1=board1, hand1=["Sw"])
    assert kind_texts(g, "tactic") == set()
    g = pos(expansions=SIEGE, hand0=["ST"], board0={"e4": ["ST", 2]}, board1=board1, hand1=["Sw"])
    assert kind_texts(g, "tactic") == {"ST tactic e4xf4", "ST tactic e4xd5"}
    play(g, "ST tactic e4xf4")
    assert "f4" not in stacks(g) and pending_kinds(g) == [("tower", 0)]
    assert texts(g) == {"attack e4xd5", "decline"}
    play(g, "attack e4xd5")
    assert stacks(g)["d5"] == ("Ar", 1, 1) and g.current_player == 1


def test_siege_tower_may_be_bolstered_from_supply_when_deployed():
    g = pos(expansions=SIEGE, hand0=["ST"], supply0={"ST": 2}, hand1=["Ar"])
    play(g, "ST deploy e2")
    assert pending_kinds(g) == [("towerdeploy", 0)] and texts(g) == {"bolster e2", "decline"}
    play(g, "bolster e2")
    assert stacks(g)["e2"] == ("ST", 2, 0) and zone(g, 0, "supply") == {"ST": 1}
    g = pos(expansions=SIEGE, hand0=["ST"], hand1=["Ar"])  # nothing in supply: nothing to ask
    play(g, "ST deploy e2")
    assert g.pending == [] and g.current_player == 1


# -------------------------------------------------------------------------------------------- Trebuchet
def test_trebuchet_attacks_two_or_three_hexes_away_in_a_line_over_any_hex():
    board1 = {"f4": "Sw", "g4": "Ar", "h4": "Cr", "e7": "Pi"}
    g = pos(expansions=SIEGE, hand0=["Tr"], board0={"e4": "Tr", "e6": "Fo"}, board1=board1, hand1=["Sw"])
    assert kind_texts(g, "tactic") == set() and kind_texts(g, "attack") == set()
    g = pos(expansions=SIEGE, hand0=["Tr"], board0={"e4": ["Tr", 2], "e6": "Fo"}, board1=board1, hand1=["Sw"])
    assert kind_texts(g, "attack") == set()  # no normal attacks
    assert kind_texts(g, "tactic") == {"Tr tactic e4xg4", "Tr tactic e4xh4", "Tr tactic e4xe7"}
    play(g, "Tr tactic e4xe7")  # over its own Footman; a Pikeman's reflex is only for adjacent attackers
    assert "e7" not in stacks(g) and stacks(g)["e4"] == ("Tr", 2, 0)


# -------------------------------------------------------------------------------------------- War Wagon
def test_war_wagon_pushes_a_friend_on_and_takes_its_hex():
    g = pos(
        expansions=SIEGE,
        hand0=["WW"],
        board0={"e4": ["WW", 2], "f4": "Sw", "e5": "Fo"},
        board1={"e6": "Ar"},
        hand1=["Ar"],
    )
    assert kind_texts(g, "tactic") == {"WW tactic e4-f4-g4"}  # e5's Footman has the Archer behind it
    play(g, "WW tactic e4-f4-g4")
    assert stacks(g) == {"f4": ("WW", 2, 0), "g4": ("Sw", 1, 0), "e5": ("Fo", 1, 0), "e6": ("Ar", 1, 1)}
    g = pos(expansions=SIEGE, hand0=["WW"], board0={"e4": "WW", "f4": "Sw"}, hand1=["Ar"])
    assert kind_texts(g, "tactic") == set()  # a siege tactic: the Wagon must be bolstered


def test_war_wagon_coin_may_take_the_hit_for_an_adjacent_friend():
    def attacked():
        return pos(
            expansions=SIEGE,
            turn=1,
            initiative=1,
            board0={"e4": ["WW", 2], "f4": "Sw"},
            board1={"g4": ["Kn", 2]},
            hand1=["Kn"],
            hand0=["Sw"],
        )

    g = play(attacked(), "Kn attack g4xf4")
    assert pending_kinds(g) == [("soak", 0)] and texts(g) == {"soak e4", "decline"}
    play(g, "soak e4")
    assert stacks(g)["e4"] == ("WW", 1, 0) and stacks(g)["f4"] == ("Sw", 1, 0)
    assert zone(g, 0, "eliminated")["WW"] == 3
    g = play(attacked(), "Kn attack g4xf4", "decline")
    assert "f4" not in stacks(g) and stacks(g)["e4"] == ("WW", 2, 0)


def test_war_wagon_and_royal_guard_soak_are_both_offered():
    g = pos(
        expansions=SIEGE,
        turn=1,
        initiative=1,
        board0={"e4": "WW", "f4": "RG"},
        supply0={"RG": 1},
        board1={"g4": ["Kn", 2]},
        hand1=["Kn"],
        hand0=["RG"],
    )
    play(g, "Kn attack g4xf4")
    assert texts(g) == {"soak", "soak e4", "decline"}
    assert g.parse_action("soak").hexes == ()  # 'soak' alone is the Royal Guard's
    play(g, "soak e4")
    assert "e4" not in stacks(g) and stacks(g)["f4"] == ("RG", 1, 0)  # the Wagon's last coin


def test_siege_pending_decisions_round_trip():
    g = pos(expansions=SIEGE, hand0=["Sp"], board0={"f3": "Sp"}, hand1=["Ar"])
    play(g, "Sp move f3-g3")
    again = GameState.from_json(g.to_json())
    assert again == g and texts(again) == {"fortify g3", "decline"}
    g = pos(
        expansions=SIEGE,
        turn=1,
        initiative=1,
        board0={"e4": "WW", "f4": "Sw"},
        board1={"g4": ["Kn", 2]},
        hand1=["Kn"],
        hand0=["Sw"],
    )
    play(g, "Kn attack g4xf4")
    again = GameState.from_json(g.to_json())
    assert again == g and texts(again) == {"soak e4", "decline"}


# ---------------------------------------------------------------------------------------- properties
siege_games = st.builds(
    Options,
    players=st.sampled_from([2, 4]),
    units=st.sampled_from(["random", "draft"]),
    max_rounds=st.integers(1, 14),
    seed=st.integers(0, 2**64 - 1),
    expansions=st.sampled_from(["siege", "nobility,siege"]),
    forts=st.sampled_from([0, 2, 4, 6]),
    sapper_bolstered=st.booleans(),
)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=siege_games, choice_seed=st.integers(0, 2**32))
def test_siege_playouts_keep_every_invariant_and_replay(options, choice_seed):
    rnd = random.Random(choice_seed)
    g = GameState.new(options)
    while not g.is_terminal():
        actions = g.legal_actions()
        assert check_invariants(g) == []
        assert len(g.forts) <= FORT_COINS and all(g.board.is_location(h) for h in g.forts)
        for a in actions:
            assert parse_action(g, g.format_action(a)) == a
        g.apply(rnd.choice(actions))
    replayed = GameState.new(options)
    for a in g.history:
        replayed.apply(a)
    assert replayed == g
