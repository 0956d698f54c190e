"""English messages of the server-wide daily digest: `/wc admin digest` and the day's post of a game.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "digest.server.title": "Daily digest of game #{game_id}.",
    "digest.server.moves": "Since the last digest: {steps}.",
    "digest.server.turn": "It is {player}'s turn in game #{game_id}.",
    "digest.server.shown_on": (
        "This server has a daily digest: each game's thread gets one post a day at {hour}:00 UTC instead of "
        "a post after every move; the player to act is told by direct message."
    ),
    "digest.server.shown_off": (
        "This server posts the board after every move. A server admin may choose one digest post per game "
        "per day instead: /wc admin digest hour:"
    ),
    "digest.server.set_on": (
        "Daily digest on: from now on each game's thread gets one post a day at {hour}:00 UTC (the moves "
        "of the day, whose turn it is, the board) instead of a post after every move. The player to act is "
        "told by direct message; the start and the end of a game are posted as always."
    ),
    "digest.server.set_off": "Daily digest off: the board is posted after every move again.",
    "digest.error.not_admin": "Only a server admin (Manage Server) changes the daily digest.",
    "digest.error.bad_hour": "The hour of the daily digest is a whole hour from 0 to 23 (UTC).",
}
