"""English messages of War Chest's puzzles: the goal of a puzzle, why its solution is right, the coin menu
(the rest of `/wc puzzle` is in `warchest_bot.i18n.en.puzzles`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- War Chest's puzzles: what to find, why the solution is right, the coin menu ----------------------
    "puzzle.goal.win": "Find the move that wins the game now.",
    "puzzle.goal.defend": "Your opponent threatens to place their last control marker. Find the move that stops it.",
    "puzzle.goal.capture": "Find the attack that removes an enemy unit from the board.",
    "puzzle.select.coin": "Choose a coin…",
    "puzzle.why.win": "It places your last control marker: the game is won.",
    "puzzle.why.defend": "After it, your opponent cannot place their last control marker with their next move.",
    "puzzle.why.capture": "It removes an enemy unit from the board, and no other move does.",
}
