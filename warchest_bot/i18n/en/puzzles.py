"""English messages of puzzles: `/wc puzzle`, its answers and ratings, and the daily puzzle of a server.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- a puzzle -------------------------------------------------------------------------------------------
    "puzzle.name.you": "You",
    "puzzle.name.opponent": "Opponent",
    "puzzle.title": "🧩 **Puzzle {puzzle}** (rating {rating}). You are to play.",
    "puzzle.how": "Choose your move below, or type it with `/wc puzzle answer:`.",
    "puzzle.your_rating": "Your puzzle rating: {rating}.",
    "puzzle.select.action": "Choose your move…",
    "puzzle.button.solution": "Show the solution",
    "puzzle.button.next": "Another puzzle",
    "puzzle.button.solve": "Solve it",
    # --- answers --------------------------------------------------------------------------------------------
    "puzzle.right": "✅ Right: **{action}** is the best move.",
    "puzzle.wrong": "❌ **{action}** is not the best move.",
    "puzzle.retry": "Try again from the menu above, or show the solution.",
    "puzzle.solution": "The solution is **{solution}**.",
    "puzzle.rating_change": "Your puzzle rating: {rating} ({change}).",
    "puzzle.not_rated": "Only the first answer to a puzzle is rated.",
    # --- the daily puzzle -----------------------------------------------------------------------------------
    "puzzle.daily.post": "🧩 **Puzzle of the day** ({puzzle}). Press the button to solve it privately.",
    "puzzle.daily.on": "The daily puzzle will be posted in {channel} every day at {hour} UTC; the next one {when}.",
    "puzzle.daily.off": "The daily puzzle is off on this server now.",
    "puzzle.daily.was_off": "The daily puzzle was not on here; nothing changed.",
    # --- refusals -------------------------------------------------------------------------------------------
    "puzzle.error.unknown": "There is no puzzle {puzzle}.",
    "puzzle.error.none": "There are no puzzles yet.",
    "puzzle.error.not_yours": "That is not your puzzle. Start your own with `/wc puzzle`.",
    "puzzle.error.answered": "That puzzle was just answered. Look at the latest answer.",
    "puzzle.error.finished": "You have finished this puzzle. Start another with `/wc puzzle`.",
    "puzzle.error.stale": "That menu is out of date. Start again with `/wc puzzle`.",
    "puzzle.error.no_attempt": "You are not solving a puzzle now. Start one with `/wc puzzle`.",
    "puzzle.error.bad_hour": "The hour must be a whole number from 0 to 23 (UTC).",
    "puzzle.error.guild_only": "The daily puzzle is set up in a server channel.",
    "puzzle.error.manage_server": "Only members who may Manage Server can set up the daily puzzle.",
}
