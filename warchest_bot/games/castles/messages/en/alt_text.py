"""English alt text of Castles' pictures (the ``alt.ca.`` keys; the words every game shares are in
`warchest_bot.i18n.en.alt_text`). Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.ca.round": "Round {n}.",
    "alt.ca.round.pick": "Round {n}: both players are putting a card face down.",
    "alt.ca.roll.hit": "Last roll: {player}'s {unit} attacked {square} and rolled {roll}, needing {need} or less: it succeeded.",
    "alt.ca.roll.miss": "Last roll: {player}'s {unit} attacked {square} and rolled {roll}, needing {need} or less: it failed.",
    "alt.ca.colour.blue": "blue",
    "alt.ca.colour.red": "red",
    "alt.ca.side": (
        "{player} ({colour}): {coins} coins, {tokens} capture tokens, {bag} pieces in the bag, {hand} cards in "
        "hand, {deck} in the deck."
    ),
    "alt.ca.side.revealed": "{player}'s card this round: {card}.",
    "alt.ca.side.down": "{player} has put a card face down.",
    "alt.ca.side.drawn": "{player} drew {units}; still to act: {left}.",
    "alt.ca.card.unit": "{card} (unit card, cost {cost})",
    "alt.ca.card.event": "{card} (event card, cost {cost})",
    "alt.ca.none": "none",
    "alt.ca.unit.item": "{unit} on {square}",
    "alt.ca.units": "{player}'s units: {units}.",
    "alt.ca.units.none": "{player} has no units on the board.",
    "alt.ca.castle.standing": "{square} ({player}'s)",
    "alt.ca.castle.taken": "{square} ({player}'s, taken by {taker})",
    "alt.ca.castles": "Castles: {castles}.",
    "alt.ca.key.free": "{square} free",
    "alt.ca.key.held": "{square} held by {player}",
    "alt.ca.keys": "Key areas: {areas}.",
    "alt.ca.hand": "Your hand: {cards}.",
    "alt.ca.hand.down": "Your card this round: {card}.",
    "alt.ca.hand.drawn": "Your drawn pieces still to act: {units}.",
    "alt.ca.reserve.item": "{unit} ×{n}",
    "alt.ca.hand.counts": "You have {coins} coins, {bag} pieces in your bag and {deck} cards in your deck. Reserve: {reserve}.",
    "alt.ca.unit_card": "The card of the {unit}: cost {cost}, attack {attack} or less. {text}",
    "alt.ca.event_card": "The event card {event}: cost {cost}. {text}",
    "alt.ca.text.unit": "{square}: {player}'s {unit}.",
    "alt.ca.empty": "No units are on the board.",
}
