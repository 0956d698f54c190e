"""English alt text of War Chest's pictures (the ``alt.wc.`` keys; the words every game shares are in
`warchest_bot.i18n.en.alt_text`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.wc.empty": "No units are on the board.",
    "alt.wc.units": "{player}'s units: {units}.",
    "alt.wc.stack.item": "{unit} on {hex} (stack of {count})",
    "alt.wc.units.count": "{player} has {count} units on the board.",
    "alt.wc.control": "{player} controls {hexes}.",
    "alt.wc.control.none": "{player} controls no hex.",
    "alt.wc.draft": "The draft is under way.",
    "alt.wc.hand": "The coins in your hand: {coins}.",
    "alt.wc.hand.empty": "Your hand is empty.",
    "alt.wc.coin.item": "{unit}",
    "alt.wc.bag": "{count} coins are in your bag.",
    "alt.wc.text.stack": "{hex}: {player}'s {unit}, stack of {count}.",
    "alt.wc.text.counts": (
        "{player}: {supply} coins in supply, {discard} in the discard pile ({face_down} of them face down), "
        "{bag} in the bag, {hand} in hand."
    ),
    "alt.wc.unit_card": "The card of the {unit}: {ability}",
}
