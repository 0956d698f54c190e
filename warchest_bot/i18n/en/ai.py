"""English messages of games against the bot (computer opponents).

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- levels and seat names ----------------------------------------------------------------------------
    "bot.ai.level.easy": "easy",
    "bot.ai.level.normal": "normal",
    "bot.ai.level.hard": "hard",
    "bot.ai.seat_name": "{bot} ({level})",
    "bot.ai.seat_name_numbered": "{bot} {number} ({level})",
    "error.bad_ai_level": "There is no AI of that level. The levels are: {choices}.",
    # --- starting a game against the bot ------------------------------------------------------------------
    "bot.ai.starting": "Game #{game_id}: {player} against the bot ({level}). Setting up the board…",
    "bot.ai.started": "Game #{game_id} against the bot ({level}) has started in {place}: {players}.",
    "bot.error.ai_humans": (
        "A game against the bot is you and the bot only: leave out the other players, or challenge them "
        "without the ai option."
    ),
    "bot.error.ai_clock": (
        "Games against the bot have no move clock (the bot answers at once): leave out clock and clock_hours."
    ),
    # --- while playing ------------------------------------------------------------------------------------
    "bot.move.turn_ai": "{player} is thinking about its move in game #{game_id}.",
    "bot.ai.failed": (
        "The bot could not make its move in game #{game_id}. The game is unchanged; the bot tries again "
        "when it restarts."
    ),
}
