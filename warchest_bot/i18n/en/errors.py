"""English messages of errors that belong to no one domain: unknown games and ids, which game is meant,
per-user limits and cooldowns, and the bot's own failures.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- which game ---------------------------------------------------------------------------------------
    "error.unknown_game": "There is no game #{game_id}.",
    "bot.error.which_game": "You have several games: {games}. Say which one with the game option.",
    "bot.error.no_game": "You have no game in progress here. Start one with /wc new.",
    "bot.error.not_a_game_thread": "This is not a game's thread; give the game number.",
    "error.bad_id": "“{value}” is not a valid id.",
    "error.text_too_long": "That is too long: write at most {limit} characters.",
    "bot.error.other_server": (
        "Game #{game_id} belongs to another server. You can look at the games of this server and your own."
    ),
    "bot.error.which_game_dm": (
        "You have several games in progress: {games}. Choose one with the game option of /wc play."
    ),
    # --- limits -------------------------------------------------------------------------------------------
    "error.limit_reached": "You have reached a limit on new games. Please finish or cancel a game first.",
    "error.limit_open_challenges": (
        "You already have {limit} open challenges waiting for players, which is the most you can have. "
        "Withdraw one with /wc abort, or wait until one is taken up or expires."
    ),
    "error.limit_active_games": (
        "You already take part in {limit} games that are waiting or under way, which is the most you can "
        "have at once. Finish, resign or cancel one first."
    ),
    "error.limit_active_games_other": (
        "{player} already takes part in {limit} games that are waiting or under way, which is the most one "
        "player can have at once."
    ),
    "error.limit_games_per_hour": (
        "You can start at most {limit} games per hour. Please wait a while before starting another."
    ),
    "bot.error.cooldown": "You are using this command too often. Please try again {when}.",
    # --- the bot's own failures ---------------------------------------------------------------------------
    "error.busy": "The game database is busy. Nothing was changed; please try again in a moment.",
    "error.storage": "Something went wrong while saving. Nothing was changed; please try again.",
    "error.damaged": (
        "The bot's game database is damaged, so it cannot read or save this. Nothing was changed; "
        "the bot's operators have been told."
    ),
    "error.corrupt_game": "Game #{game_id} could not be loaded. The bot's operators have been told.",
    "bot.error.internal": "Something went wrong on my side; nothing was changed. Please try again.",
    "bot.error.discord": (
        "Discord did not take part of my answer. What you did may have gone through: /wc board shows the game."
    ),
}
