"""English words drawn in Castles' pictures (`warchest_bot.games.castles.render`): ``picture.ca.*``.
``{player}`` / ``{winner}`` are display names, ``{action}`` an action's public notation, ``{n}`` numbers."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "picture.ca.player": "Player {n}",
    # header
    "picture.ca.status.pick": "Round {n}: both put a card face down ({player} to choose)",
    "picture.ca.status.play": "Round {n}: {player} to play",
    "picture.ca.status.round": "Round {n}",
    "picture.ca.status.win": "{winner} wins",
    "picture.ca.status.win.both_castles": "{winner} wins: both enemy castles taken",
    "picture.ca.status.win.six_tokens": "{winner} wins with 6 capture tokens",
    "picture.ca.status.win.most_tokens": "{winner} wins: more capture tokens when the cards ran out",
    "picture.ca.status.win.first_castle": "{winner} wins: the first castle after a tie",
    "picture.ca.status.win.resign": "{winner} wins: the other player resigned",
    "picture.ca.status.win.timeout": "{winner} wins: the other player ran out of time",
    "picture.ca.status.draw": "Draw: no castle fell after the tie",
    "picture.ca.last": "Last: {player} played {action}",
    # the die
    "picture.ca.die.title": "Last roll",
    "picture.ca.die.none": "No roll yet",
    "picture.ca.die.need": "needed {need} or less",
    "picture.ca.die.hit": "Success",
    "picture.ca.die.miss": "Failed",
    # the strips
    "picture.ca.strip.to_move": "{player}: to play",
    "picture.ca.strip.coins": "{n}/10",
    "picture.ca.strip.tokens": "{n}/6",
    "picture.ca.strip.counts": "Bag {bag} · hand {hand} · deck {deck}",
    "picture.ca.strip.drawn": "Drawn:",
    # cards
    "picture.ca.cost": "cost {n}",
    "picture.ca.cost_n": "{n}",
    "picture.ca.card.attack": "Attack: {n} or less",
    "picture.ca.card.event": "Event {card_code}",
    # the hand
    "picture.ca.hand.title": "{player}'s hand: {n} cards",
    "picture.ca.hand.empty": "No cards in your hand.",
    "picture.ca.hand.down": "Face down:",
    "picture.ca.hand.none": "none",
    "picture.ca.hand.counts": "{coins} coins · {bag} pieces in the bag · {deck} cards in the deck",
    "picture.ca.hand.reserve": "Reserve: {units}",
    "picture.ca.hand.reserve_item": "{card_code} ×{n}",
}
