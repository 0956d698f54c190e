"""English sentences drawn in the pictures: the board header's line about the last action.

The renderer (``warchest_bot.games.warchest.render``) takes these into its catalogue; a translation overrides the same
ids. ``{player}`` / ``{owner}`` are display names, ``{unit}`` a unit's name, ``{hex}`` / ``{from_hex}`` /
``{to_hex}`` hex names; ``{action}`` and ``{result}`` are whole sentences of this section.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "picture.last.line": "Last: {action}",
    "picture.last.notation": "{player} played {action}",
    "picture.last.with_result": "{action}: {result}",
    "picture.last.deploy": "{player} deployed the {unit} on {hex}",
    "picture.last.bolster": "{player} bolstered the {unit} on {hex}",
    "picture.last.move": "{player}'s {unit} moved from {from_hex} to {to_hex}",
    "picture.last.control": "{player}'s {unit} took control of {hex}",
    "picture.last.attack": "{player}'s {unit} attacked {hex}",
    "picture.last.tactic": "{player} used the {unit}'s tactic",
    "picture.last.tactic_move": "{player} used the {unit}'s tactic: a move from {from_hex} to {to_hex}",
    "picture.last.tactic_attack": "{player} used the {unit}'s tactic: an attack on {hex}",
    "picture.last.tactic_move_attack": "{player}'s {unit} charged to {to_hex} and attacked {hex}",
    "picture.last.claim": "{player} took the initiative",
    "picture.last.recruit": "{player} recruited one {unit}",
    "picture.last.pass": "{player} passed",
    "picture.last.pick": "{player} picked the {unit}",
    "picture.last.soak": "{player} let the Royal Guard's supply take the hit",
    "picture.last.decline": "{player} let the extra move go",
    "picture.last.lost_coin": "{owner}'s {unit} lost a coin",
    "picture.last.lost_coins": "{owner}'s {unit} lost {n} coins",
    "picture.last.eliminated": "{owner}'s {unit} lost its last coin and left the board",
    "picture.last.results": "{first}; {second}",
}
