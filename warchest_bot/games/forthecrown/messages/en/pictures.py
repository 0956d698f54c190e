"""English words drawn in For the Crown's pictures (`warchest_bot.games.forthecrown.render`):
``picture.ftc.*``. ``{player}`` / ``{winner}`` / ``{loser}`` are display names, ``{card}`` a card's name,
``{cards}`` a list of them, ``{phase}`` a phase's name, ``{cost}`` a cost with its house mark, the rest
numbers."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "picture.ftc.player": "Player {n}",
    # header
    "picture.ftc.status.play": "Turn {n}: {player} to play · {phase}",
    "picture.ftc.status.win": "{winner} wins: {loser} has no Sovereign on the board",
    "picture.ftc.status.draw": "Draw: neither player has a Sovereign on the board",
    "picture.ftc.status.turn_cap": "Draw: the turn limit was reached",
    "picture.ftc.status.last_stand": "The Attacker took the last Sovereign in {n} turns",
    "picture.ftc.pools": "Orders {orders} · actions {actions} · buys {buys} · gold {gold}",
    # the sides
    "picture.ftc.barracks": "Barracks",
    "picture.ftc.barracks.empty": "Barracks: empty",
    "picture.ftc.counts": "Deck {deck} · discard {discard} · hand {hand}",
    "picture.ftc.discard_top": "Discard top: {card}",
    "picture.ftc.revealed": "Revealed on the deck: {card}",
    "picture.ftc.trash": "Trash: {n}",
    "picture.ftc.trash.cards": "Trash: {cards}",
    # the Supply and the cards played
    "picture.ftc.supply": "Supply",
    "picture.ftc.stack": "cost {cost} · {n} left",
    "picture.ftc.played": "Played this turn",
    "picture.ftc.played.none": "No cards played yet this turn",
    # cards
    "picture.ftc.card.cost": "Cost {n}",
    "picture.ftc.card.pile": "{n} in the Supply",
    # the hand
    "picture.ftc.hand.title": "{player}'s hand: {n} cards",
    "picture.ftc.hand.empty": "No cards in your hand.",
    "picture.ftc.hand.known_top": "On top of your deck: {cards}",
    "picture.ftc.hand.seen": "Your opponent's hand: {cards}",
}
