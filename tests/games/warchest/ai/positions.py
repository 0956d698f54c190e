"""Positions shared by the AI tests."""

from __future__ import annotations

import random

from warchest_bot.games.warchest.engine import NAME_INDEX, GameState, Options
from warchest_bot.games.warchest.engine.actions import ATTACK


def played(players: int, seed: int, plies: int, units: str = "random") -> GameState:
    """A game after ``plies`` random decisions (fewer if it ends first)."""
    g = GameState.new(Options(players=players, units=units, seed=seed))
    rnd = random.Random(seed)
    while not g.is_terminal() and g.ply < plies:
        g.apply(rnd.choice(g.legal_actions()))
    return g


def positions_for(seat: int, players: int, seeds: range, plies: tuple[int, ...]) -> list[GameState]:
    """Mid-game positions in which ``seat`` is to decide."""
    out = []
    for seed in seeds:
        for n in plies:
            g = played(players, seed, n)
            rnd = random.Random(seed * 7 + n)
            while not g.is_terminal() and g.current_player != seat:
                g.apply(rnd.choice(g.legal_actions()))
            if not g.is_terminal():
                out.append(g)
    return out


def hidden_priest_position() -> GameState:
    """Seat 1's Warrior Priest has just attacked seat 0's Royal Guard: seat 0 must decide whether to soak
    while seat 1 still holds a drawn coin that seat 0 cannot see."""
    data = {
        "options": {"players": 2, "units": "random", "seed": 3},
        "round": 4,
        "turn": 1,
        "initiative": {"seat": 1},
        "seats": [
            {
                "units": ["Royal Guard", "Archer", "Cavalry", "Knight"],
                "hand": ["Archer", "Knight"],
                "bag": {"Archer": 1, "Cavalry": 2, "Knight": 1},
                "discard_up": {"Royal": 1},
                "supply": {"Royal Guard": 2, "Archer": 1, "Cavalry": 2, "Knight": 2},
            },
            {
                "units": ["Warrior Priest", "Swordsman", "Pikeman", "Lancer"],
                "hand": ["Warrior Priest", "Swordsman"],
                "bag": {"Royal": 1, "Swordsman": 1, "Pikeman": 2, "Lancer": 1},
                "discard_down": {"Lancer": 1},
                "supply": {"Swordsman": 2, "Pikeman": 2, "Lancer": 2, "Warrior Priest": 1},
            },
        ],
        "board": {"f4": ["Royal Guard", 2], "f5": ["Warrior Priest", 1], "e2": ["Archer", 1]},
    }
    g = GameState.from_json(data)
    attack = [
        a for a in g.legal_actions() if a.kind == ATTACK and a.hexes == (NAME_INDEX["f5"], NAME_INDEX["f4"])
    ]
    g.apply(attack[0])
    assert g.current_player == 0 and [p.kind for p in g.pending] == ["priest", "soak"]
    return g
