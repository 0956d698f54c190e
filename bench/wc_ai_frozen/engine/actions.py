"""Actions: the one value type every decision of the game is made of."""

from __future__ import annotations

from typing import NamedTuple

# Kinds of action. Coin-paying actions carry the coin paid; follow-up decisions carry ``coin == NO_COIN``.
DEPLOY = "deploy"
BOLSTER = "bolster"
MOVE = "move"
CONTROL = "control"
ATTACK = "attack"
TACTIC = "tactic"
CLAIM = "claim"
RECRUIT = "recruit"
PASS = "pass"
DECLINE = "decline"
"""Skip an optional follow-up (Swordsman move, Berserker chain, Mercenary maneuver, second Footman, soak)."""
SOAK = "soak"
"""Royal Guard owner: take the hit from supply instead of the stack."""
PICK = "pick"
"""Draft: take a unit card."""
PROCLAIM = "proclaim"
"""Nobility: proclaim a Royal Decree (``unit`` holds the decree id): paid with the Royal Coin, or, with no
coin, the Earl's proclamation without a seal."""

FORTIFY = "fortify"
"""Siege: the Sapper builds a fort on the location it entered (a follow-up)."""

NO_COIN = -1

FACE_DOWN_KINDS = frozenset({CLAIM, RECRUIT, PASS})
MANEUVER_KINDS = frozenset({MOVE, CONTROL, ATTACK, TACTIC})


class Action(NamedTuple):
    """One decision. Immutable, hashable, comparable; its text form comes from ``notation``.

    - ``kind``: one of the kind constants above.
    - ``coin``: the coin paid (unit id, 0 for the Royal Coin) or ``NO_COIN`` for follow-up decisions.
    - ``hexes``: hex indices involved, in order (from, [via,] to, [target]) — see docs/war-chest.md's notation.
    - ``unit``: the unit recruited or picked (the decree proclaimed, for ``proclaim``), else -1.
    """

    kind: str
    coin: int = NO_COIN
    hexes: tuple[int, ...] = ()
    unit: int = -1
