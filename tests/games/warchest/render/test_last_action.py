"""The header's line about the last action: words a player reads, from the catalogue, with player names and
what the action cost units on the board."""

from __future__ import annotations

import random

from PIL import ImageChops

from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.render import board_losses, describe, render_board
from warchest_bot.games.warchest.render.board import HEADER_H
from warchest_bot.i18n import t
from warchest_bot.service import GameRules

from .positions import TWO_PLAYER, view

NAMES = ["Ann", "Bob"]


def _attack(losses):
    return {
        "seat": 0,
        "kind": "attack",
        "coin": "Knight",
        "hexes": ["f4", "f5"],
        "text": "Kn attack f4xf5",
        "losses": losses,
    }


def test_an_attack_says_who_lost_a_coin():
    last = _attack([{"unit": "Archer", "seat": 1, "coins": 1, "eliminated": False}])
    sentence = describe(last, None, NAMES)
    assert sentence == "Ann's Knight attacked f5: Bob's Archer lost a coin"
    assert sentence == t(
        "picture.last.with_result",
        "en",
        action=t("picture.last.attack", "en", player="Ann", unit="Knight", hex="f5"),
        result=t("picture.last.lost_coin", "en", owner="Bob", unit="Archer"),
    )


def test_a_capture_says_the_unit_left_the_board_and_a_pikeman_strikes_back():
    last = _attack(
        [
            {"unit": "Archer", "seat": 1, "coins": 1, "eliminated": True},
            {"unit": "Knight", "seat": 0, "coins": 1, "eliminated": False},
        ]
    )
    assert describe(last, None, NAMES) == (
        "Ann's Knight attacked f5: Bob's Archer lost its last coin and left the board; "
        "Ann's Knight lost a coin"
    )


def test_sentences_for_other_actions_name_players_and_units():
    v = view(TWO_PLAYER)
    cases = [
        ({"seat": 0, "kind": "deploy", "coin": "Pikeman", "hexes": ["f4"]}, "Ann deployed the Pikeman on f4"),
        (
            {"seat": 0, "kind": "move", "coin": None, "hexes": ["e3", "f4"]},
            "Ann's Pikeman moved from e3 to f4",
        ),
        (
            {"seat": 1, "kind": "recruit", "coin": None, "unit": "Scout", "hexes": []},
            "Bob recruited one Scout",
        ),
        ({"seat": 1, "kind": "claim", "coin": None, "hexes": []}, "Bob took the initiative"),
        (
            {"seat": 0, "kind": "control", "coin": "Crossbowman", "hexes": ["d4"]},
            "Ann's Crossbowman took control of d4",
        ),
        (
            {"seat": 1, "kind": "tactic", "coin": "Cavalry", "hexes": ["f6", "e5", "f4"]},
            "Bob's Cavalry charged to e5 and attacked f4",
        ),
        (
            {"seat": 1, "kind": "tactic", "coin": "Archer", "hexes": ["g6", "f4"]},
            "Bob used the Archer's tactic: an attack on f4",
        ),
        (
            {"seat": 0, "kind": "tactic", "coin": "Royal", "hexes": ["e2", "e3"]},
            "Ann used the Royal Guard's tactic: a move from e2 to e3",
        ),
        ({"seat": 0, "kind": "pass", "coin": None, "hexes": []}, "Ann passed"),
    ]
    for last, expected in cases:
        assert describe(last, v, NAMES) == expected, last
    # Without names the seats are numbered.
    assert describe({"seat": 1, "kind": "pass", "hexes": []}) == "Player 2 passed"
    assert describe(None) is None


def test_the_sentences_follow_the_locale():
    """In Persian the sentence is the Persian catalogue's, with the unit's Persian name (names and hex
    names stay as they are)."""
    last = _attack([{"unit": "Archer", "seat": 1, "coins": 1, "eliminated": False}])
    sentence = describe(last, None, NAMES, "fa")
    assert sentence == t(
        "picture.last.with_result",
        "fa",
        action=t("picture.last.attack", "fa", player="Ann", unit=t("unit.Kn.name", "fa"), hex="f5"),
        result=t("picture.last.lost_coin", "fa", owner="Bob", unit=t("unit.Ar.name", "fa")),
    )
    assert "Knight" not in sentence and "f5" in sentence and "Ann" in sentence
    assert any("\u0600" <= c <= "\u06ff" for c in sentence)


def test_the_header_draws_the_sentence():
    v = view(TWO_PLAYER)
    hit = render_board(
        v, _attack([{"unit": "Archer", "seat": 1, "coins": 1, "eliminated": False}]), names=NAMES
    )
    plain = render_board(v, _attack([]), names=NAMES)
    header = (0, 0, hit.width, HEADER_H)
    assert ImageChops.difference(hit.crop(header), plain.crop(header)).getbbox() is not None
    below = (0, HEADER_H, hit.width, hit.height)
    assert ImageChops.difference(hit.crop(below), plain.crop(below)).getbbox() is None


def test_losses_of_real_attacks_from_the_rules_adapter():
    """Every attack in seeded random games (first-game units: no Royal Guard to take a hit from its
    supply): the attacked unit is among the losses with its owner, and "eliminated" exactly when it is
    gone from its hex afterwards; a deploy, bolster or move costs nothing."""
    rules = GameRules.of("warchest")
    seen = {"hit": 0, "eliminated": 0, "quiet": 0}
    for seed in range(6):
        g = GameState.new(Options(players=2, units="first-game", seed=seed, max_rounds=40))
        rnd = random.Random(seed)
        while not g.is_terminal():
            seat = g.current_player
            before = g.clone()
            a = rnd.choice(g.legal_actions())
            g.apply(a)
            last = rules.last_action(before, g, a, seat)
            board_before, board_after = before.view_for(None)["board"], g.view_for(None)["board"]
            if last["kind"] == "attack":
                target = last["hexes"][-1]
                unit, _ = board_before[target]
                entry = next(x for x in last["losses"] if x["unit"] == unit)
                owner = next(s for s, sd in enumerate(before.view_for(None)["seats"]) if unit in sd["units"])
                assert entry["seat"] == owner and entry["coins"] >= 1
                assert entry["eliminated"] == (target not in board_after or board_after[target][0] != unit)
                seen["eliminated" if entry["eliminated"] else "hit"] += 1
            elif last["kind"] in ("deploy", "move", "bolster"):
                assert last["losses"] == []
                seen["quiet"] += 1
            assert last["losses"] == board_losses(before.view_for(None), g.view_for(None))
    assert all(seen.values()), seen


def test_losses_read_off_the_boards_equal_those_of_the_views():
    """The service reads the losses off the two boards (no views built per move): the same list as
    `board_losses` of the public views, in 4-player games with random units (Footmen's two stacks too)."""
    rules = GameRules.of("warchest")
    for seed in range(3):
        g = GameState.new(Options(players=4, units="random", seed=seed, max_rounds=30))
        rnd = random.Random(seed)
        while not g.is_terminal():
            seat, before = g.current_player, g.clone()
            a = rnd.choice(g.legal_actions())
            g.apply(a)
            last = rules.last_action(before, g, a, seat)
            assert last["losses"] == board_losses(before.view_for(None), g.view_for(None))
