"""Every word the renderer draws, in one English catalogue the i18n layer can take over.

Keys are stable identifiers; values are whole phrases with ``{named}`` placeholders (never glued from
fragments), so a translation can reorder them freely. ``unit.<Code>.*`` entries describe the units:
``name``, ``short`` (one line for the hand image) and ``tactic`` / ``attribute`` / ``restriction`` (unit
cards; an empty string means the unit has none).

To translate, replace entries of :data:`MESSAGES` (or pass another mapping to :func:`use_catalogue`)
before rendering; cached images that contain words are keyed by the catalogue's generation.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping

from warchest_bot.games.warchest.engine import UNITS
from warchest_bot.i18n.en.warchest_pictures import MESSAGES as _PICTURE_MESSAGES

MESSAGES: dict[str, str] = {
    # seats and sides
    "player": "Player {n}",
    "side.0": "Side A",
    "side.1": "Side B",
    "you": "You",
    # header
    "status.round": "Round {n}",
    "status.to_play": "{player} to play",
    "status.decides": "{player} decides: {what}",
    "status.draft": "Draft: {player} picks a unit",
    "status.setup": "Setting up",
    "status.win": "{side} wins: all control markers placed",
    "status.win_rounds": "{side} wins",
    "status.draw_rounds": "Draw: round limit reached",
    "status.last": "Last: {player} {action}",
    "status.no_last": "No move yet",
    "status.draft_pool": "Units to pick",
    "pending.draft": "pick a unit",
    "pending.soak": "let the Royal Guard's supply take the hit?",
    "pending.sword": "Swordsman's free move",
    "pending.berserk": "Berserker maneuvers again?",
    "pending.priest": "play the coin the Warrior Priest drew",
    "pending.merc": "Mercenary's free maneuver",
    "pending.footman": "Footman maneuvers",
    # side panels
    "panel.markers": "Markers left: {n}",
    "panel.to_play": "To play",
    "panel.initiative": "Initiative",
    "panel.col_supply": "Supply",
    "panel.col_discard": "Discard",
    "panel.col_eliminated": "Lost",
    "panel.bag": "Bag {n}",
    "panel.hand": "Hand {n}",
    "panel.face_down": "Face down {n}",
    "panel.royal_up": "Royal Coin face up",
    # hand image
    "hand.title": "{player}: your coins",
    "hand.round": "Round {n}",
    "hand.in_hand": "In your hand",
    "hand.empty": "No coins in hand",
    "hand.priest": "Drawn by the Warrior Priest",
    "hand.bag": "Bag ({n})",
    "hand.discard_up": "Discard, face up ({n})",
    "hand.discard_down": "Discard, face down ({n})",
    "hand.nothing": "empty",
    "hand.units": "Your units",
    "hand.supply": "Supply {n}",
    "hand.on_board": "On the board: {hexes}",
    "hand.not_on_board": "Not on the board",
    "hand.royal": "Royal Coin",
    # unit cards
    "card.coins": "{n} coins",
    "card.one_coin": "1 coin",
    "card.tactic": "Tactic",
    "card.attribute": "Attribute",
    "card.restriction": "Restriction",
    # replay frames
    "replay.ply": "Move {n} of {total}",
    "replay.start": "Start of the game",
    # unit one-liners for the hand image
    "unit.RC.short": "Pays for Claim, Recruit and Pass (and the Royal Guard's move).",
    "unit.Ar.short": "Tactic: attack 2 hexes away. No normal attack.",
    "unit.Be.short": "If bolstered: discard a coin from it to maneuver again.",
    "unit.Ca.short": "Tactic: move one hex, then attack.",
    "unit.Cr.short": "Tactic: attack 2 hexes away in a line over an empty hex.",
    "unit.En.short": "Tactic: a friendly unit within 2 moves, staying within 2.",
    "unit.Fo.short": "Two Footman units may be deployed. Tactic: each maneuvers.",
    "unit.Kn.short": "Only bolstered units can attack it.",
    "unit.La.short": "Tactic: charge 1-2 hexes in a line, attack the next hex.",
    "unit.LC.short": "Tactic: move two hexes.",
    "unit.Ma.short": "Tactic: a friendly unit within 2 makes an attack.",
    "unit.Me.short": "Recruiting a Mercenary gives it a free maneuver.",
    "unit.Pi.short": "An adjacent attacker loses a coin.",
    "unit.RG.short": "Royal Coin moves it. Hits may come out of its supply.",
    "unit.Sc.short": "May also deploy next to any friendly unit.",
    "unit.Sw.short": "After it attacks it may move one hex for free.",
    "unit.WP.short": "After it attacks or controls, draw a coin and play it.",
}

# The sentences about the last action live in the i18n catalogue (warchest_bot/i18n/en/warchest_pictures.py).
MESSAGES.update(_PICTURE_MESSAGES)

# Unit names and card texts come from the engine's English catalogue; translations override these keys.
for _u in UNITS:
    MESSAGES[f"unit.{_u.code}.name"] = "Royal Coin" if _u.id == 0 else _u.name
    MESSAGES[f"unit.{_u.code}.tactic"] = _u.tactic
    MESSAGES[f"unit.{_u.code}.attribute"] = _u.attribute
    MESSAGES[f"unit.{_u.code}.restriction"] = _u.restriction

_lock = threading.Lock()
_generation = 0


def generation() -> int:
    """Bumped by :func:`use_catalogue`; caches of images with words in them include it in their keys."""
    return _generation


def use_catalogue(messages: Mapping[str, str]) -> None:
    """Replace entries of the catalogue (e.g. with a translation) and invalidate word-bearing caches."""
    global _generation
    with _lock:
        MESSAGES.update(messages)
        _generation += 1


def msg(key: str, **values: object) -> str:
    """The catalogue text for ``key`` with ``values`` filled in."""
    text = MESSAGES[key]
    return text.format(**values) if values else text
