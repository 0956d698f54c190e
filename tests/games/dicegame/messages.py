"""The catalogue messages of Dice Duel (English), installed by `registered()` and dropped afterwards."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "result.score": "{winners} won game #{game_id} on points.",
    "result.tie": "Game #{game_id} is a draw: the scores are level.",
    "dicegame.rules": (
        "Dice Duel: both players first bid 1 to 3 in secret; the higher bid begins. On your turn, roll the "
        "die, play a card from your hidden hand (the roll plus the card is scored), then draw a card. After "
        "two turns each, the higher score wins."
    ),
    # phrases of a turn's summary (computed after each decision: what the die and the deck decided)
    "dice.bid_secret": "placed a secret bid",
    "dice.bid": "bid {bid} in secret",
    "dice.bids_shown": "placed a secret bid: the bids are {first} and {second}",
    "dice.rolled": "rolled a {roll}",
    "dice.played": "played a {card} and scores {score}",
    "dice.drew": "drew a card",
    "dice.drew_card": "drew a {card}",
}
