"""Hand-written positions for the render tests (see warchest_bot/games/warchest/engine/position.py for the format)."""

from __future__ import annotations

import copy

from warchest_bot.games.warchest.engine import GameState

# Two players. Side A (seat 0) controls its starts e2, h1 and the neutral d4; side B (seat 1) its starts
# d7, g6 and the neutral g3. Stacks of both sides, some bolstered, some on locations.
TWO_PLAYER = {
    "options": {"players": 2, "units": "first-game", "seed": 7},
    "round": 3,
    "turn": 0,
    "initiative": {"seat": 1, "claimed": False},
    "seats": [
        {
            "units": ["Swordsman", "Pikeman", "Crossbowman", "Light Cavalry"],
            "hand": ["Sw", "Cr", "Royal"],
            "bag": {"Pi": 1, "LC": 2},
            "discard_up": {"Sw": 1},
            "discard_down": {"Cr": 1},
            "supply": {"Sw": 1, "Pi": 2, "LC": 3},
        },
        {
            "units": ["Archer", "Cavalry", "Lancer", "Scout"],
            "hand": ["Ar", "La", "Sc"],
            "bag": {"Royal": 1, "Ca": 1, "La": 1},
            "discard_up": {"Ar": 1},
            "discard_down": {"Sc": 1},
            "supply": {"Ar": 1, "Ca": 1, "La": 2, "Sc": 2},
        },
    ],
    "board": {"e2": ["Sw", 2], "f4": "Pi", "d4": ["Cr", 3], "g6": "Ar", "e5": ["Ca", 2], "h2": "Sc"},
    "control": {"e2": 0, "h1": 0, "d4": 0, "d7": 1, "g6": 1, "g3": 1},
    "rng": 12345,
}

# The same public position; seat 1's hand, bag and face-down discard hold other coins (same counts, same
# coins overall, so the eliminated coins are the same), and the random generator is in another state.
TWO_PLAYER_OTHER_SECRETS = copy.deepcopy(TWO_PLAYER)
TWO_PLAYER_OTHER_SECRETS["seats"][1].update(
    hand=["Ca", "Sc", "Royal"], bag={"Ar": 1, "La": 1, "Sc": 1}, discard_down={"La": 1}
)
TWO_PLAYER_OTHER_SECRETS["rng"] = 987654321

FOUR_PLAYER = {
    "options": {"players": 4, "units": "first-game", "seed": 3},
    "round": 4,
    "turn": 1,
    "seats": [
        {"units": ["Sw", "Pi", "Cr"], "bag": ["Royal"], "supply": {"Sw": 2, "Pi": 2, "Cr": 3}},
        {"units": ["Ar", "Ca", "La"], "hand": ["Royal", "Ca"], "supply": {"Ar": 1, "La": 2}},
        {"units": ["LC", "Kn", "Ma"], "discard_up": {"Royal": 1}, "supply": {"LC": 3}},
        {"units": ["Sc", "En", "Fo"], "discard_down": ["Royal", "Fo"], "supply": {"Sc": 4, "En": 4}},
    ],
    "board": {
        "e2": ["Sw", 2],
        "b5": "Kn",
        "j3": ["Ar", 2],
        "k1": "Fo",
        "f4": ["Ma", 3],
        "g5": "Ca",
        "d6": "En",
        "i3": "Sc",
    },
    "control": {"e2": 0, "h1": 0, "b5": 0, "d4": 0, "d7": 1, "g6": 1, "j3": 1, "k1": 1},
}


def game(position: dict) -> GameState:
    return GameState.from_json(copy.deepcopy(position))


def view(position: dict, seat: int | None = None) -> dict:
    return game(position).view_for(seat)
