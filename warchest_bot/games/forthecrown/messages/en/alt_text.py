"""English alt text of For the Crown's pictures (``alt.ftc.*``): what a screen reader says instead of the
board post, the private hand and a card. Whole sentences; ``{units}``, ``{cards}``, ``{stacks}`` are lists
made with the catalogue's list format."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.ftc.board": "For the Crown board. {status}.",
    "alt.ftc.units": "{player}'s units on the board: {units}.",
    "alt.ftc.units.none": "{player} has no units on the board.",
    "alt.ftc.unit_item": "{unit} on {square}",
    "alt.ftc.barracks": "{player}'s Barracks: {units}.",
    "alt.ftc.barracks.empty": "{player}'s Barracks are empty.",
    "alt.ftc.counts": "{player} has {deck} cards in the deck, {discard} in the discard pile and {hand} in hand.",
    "alt.ftc.revealed": "{player}'s deck shows {card} on top.",
    "alt.ftc.supply": "The Supply: {stacks}.",
    "alt.ftc.stack_item": "{card} (cost {cost}, {n} left)",
    "alt.ftc.trash": "The Trash: {cards}.",
    "alt.ftc.trash.empty": "The Trash is empty.",
    "alt.ftc.played": "Played this turn: {cards}.",
    "alt.ftc.played.none": "No cards were played yet this turn.",
    "alt.ftc.hand": "Your hand in For the Crown: {cards}.",
    "alt.ftc.hand.empty": "Your hand in For the Crown is empty.",
    "alt.ftc.card": "{card}, cost {cost}. {first} {second}",
    "alt.ftc.half": "{kind}: {text}",
}
