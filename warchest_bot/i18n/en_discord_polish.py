"""English messages of the Discord adapter's confirmations and recoveries (resign confirmation, DMs that
open again, rematches by command), merged into the English catalogue. Same rules as `en.py`: whole
sentences with named placeholders."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- resigning ---------------------------------------------------------------------------------------
    "bot.resign.confirm": "Resign game #{game_id}? This ends the game.",
    "bot.button.resign_confirm": "Confirm",
    "bot.button.resign_cancel": "Cancel",
    "bot.resign.cancelled": "You did not resign; game #{game_id} goes on.",
    "bot.resign.stale": (
        "Game #{game_id} has moved on since you asked to resign, so that confirmation no longer applies. "
        "Use /wc resign again if you still want to resign."
    ),
    "bot.resign.not_yours": (
        "Only the player who asked to resign can answer this. To resign yourself, use /wc resign."
    ),
    # --- direct messages -------------------------------------------------------------------------------
    "bot.dm.reopened_hand": (
        "I can send you direct messages again: your hand for game #{game_id} is in your DMs, and your hands "
        "will come by DM from now on."
    ),
    # --- rematch -----------------------------------------------------------------------------------------
    "bot.error.no_finished_game": (
        "You have no finished game here to rematch. Give the game number: /wc rematch game:<number>."
    ),
    "bot.help.rematch": "/wc rematch: a rematch of a finished game (or press Rematch under its final board).",
}
