"""English messages for bad values, per-user limits, cooldowns and the play-test fixes (clearer refusals,
the autocomplete hint), merged into the English catalogue. Same rules as `en.py`: whole sentences with
named placeholders."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- bad values (service) ----------------------------------------------------------------------------
    "error.bad_id": "“{value}” is not a valid id.",
    "error.bad_ai_level": "There is no AI of that level. The levels are: {choices}.",
    "error.bad_list_limit": "A list shows from 1 to {limit} entries.",
    # --- per-user limits (service) -----------------------------------------------------------------------
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
    # --- cooldowns and scope (Discord adapter) -----------------------------------------------------------
    "bot.error.cooldown": "You are using this command too often. Please try again {when}.",
    "bot.error.other_server": (
        "Game #{game_id} belongs to another server. You can look at the games of this server and your own."
    ),
    # --- clearer refusals (Discord adapter) --------------------------------------------------------------
    "bot.error.stale_turn": (
        "That button is out of date: game #{game_id} has moved on (it is now at ply {ply}) and {player} must "
        "decide now. The current board is here: {link}. You can also play with /wc play."
    ),
    "bot.error.stale_turn_nolink": (
        "That button is out of date: game #{game_id} has moved on (it is now at ply {ply}) and {player} must "
        "decide now. Use /wc board to see the current board, or play with /wc play."
    ),
    "bot.error.stale_over": (
        "That button is out of date: game #{game_id} has moved on (it is now at ply {ply}). "
        "Use /wc board to see the current board."
    ),
    "bot.error.which_game_dm": (
        "You have several games in progress: {games}. Choose one with the game option of /wc play."
    ),
    "bot.menu.kind_royal": "Game #{game_id}: what should your Royal Coin do?",
    # --- the autocomplete hint ---------------------------------------------------------------------------
    "bot.play.more_actions": "… {count} more: type a coin (e.g. Sw) or a hex (e.g. e2) to narrow the list",
    "bot.challenge.expired": "Nobody took up the challenge in time; game #{game_id} was cancelled.",
}
