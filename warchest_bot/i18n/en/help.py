"""English text of /wc help: one paragraph per part of the bot.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- help ---------------------------------------------------------------------------------------------
    "bot.help": (
        "/wc new: start a game (challenge someone or open seats; the game option says which game). "
        "/wc play: play an action (the list shows your legal actions). "
        "/wc hand: see your hand (what only you may see of a game) privately. /wc board: see a board. "
        "/wc games: your games. /wc look history, replay, review, stats, leaderboard, export: look things up (export: a game's record file). "
        "/wc my settings, vacation, turns: what is yours. /wc admin server, daily_puzzle: for server admins. "
        "/wc rules: the rules and unit cards. /wc resign, /wc abort: end a game. "
        "The Play button under each board guides you step by step. /wc help game: a game's rules in brief."
    ),
    "bot.help.ai": (
        "Play the bot: /wc new ai:easy, ai:normal or ai:hard (or choose the bot as your opponent); the game "
        "starts at once and the bot answers each of your moves. Games against the bot are never rated."
    ),
    "bot.help.correspondence": (
        "Correspondence play: /wc new clock sets a time per decision (the deadline shows under each board); "
        "/wc claim wins when the opponent's time has run out; /wc undo asks to take back your last action; "
        "/wc games and /wc my turns show your games and deadlines; /wc my vacation pauses your clocks; "
        "/wc my settings chooses how you are reminded; /wc look leaderboard and /wc look stats show the ratings."
    ),
    "bot.help.rematch": "/wc rematch: a rematch of a finished game (or press Rematch under its final board).",
}
