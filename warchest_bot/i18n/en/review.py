"""English messages of game reviews (`/wc review`): progress, the summary, the picture, the reasons.

Same rules as every English message (see `warchest_bot.i18n.en`). ``{points}`` and the chances are whole
percentage points; ``{hex}`` / ``{square}`` are notation."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the command and its progress ---------------------------------------------------------------------
    "bot.review.progress": "Reviewing game #{game_id}: move {done} of {total}…",
    "bot.review.elsewhere": "The review of game #{game_id} is being made in {place}.",
    "bot.review.title": (
        "Review of game #{game_id}. The AI replayed every decision from the deciding player's own view and"
        " estimated the win chance after each move."
    ),
    "bot.review.none_marked": "The AI found no move that cost as much as {points} points of win chance.",
    "bot.review.marked": "Ply {ply}, {player} played {played}: {points} points of win chance lost ({before}% to {after}%). The AI preferred {best}.",
    "bot.review.numbered": "{number}. {line}",
    "bot.review.failed": "The review of game #{game_id} could not be made; please try again later.",
    "bot.review.picture_caption": "The win chance over the game, with the marked moves numbered.",
    # --- refusals ---------------------------------------------------------------------------------------------
    "error.review_not_finished": "Game #{game_id} is not over yet: it can be reviewed once it has ended.",
    "error.review_not_player": "Only the players of game #{game_id} may ask for its review.",
    "error.review_unsupported": "Games of {game} cannot be reviewed: its computer player gives no win chance.",
    "error.review_running": "Your last review is still being made: wait for it before asking for another.",
    "error.review_in_progress": "Game #{game_id} is being reviewed right now: its review will appear shortly.",
    "error.review_busy": "The bot is already making {limit} reviews: please ask again in a few minutes.",
    "error.limit_reviews_per_hour": (
        "You may ask for {limit} new reviews per hour: please ask again later (reviews already made are"
        " shown at once)."
    ),
    # --- the picture -----------------------------------------------------------------------------------------
    "review.picture.title": "Game #{game_id}: win chance after every move",
    "review.picture.axis": "Plies",
    "review.picture.alt": (
        "A chart of the win chance in game #{game_id} over {plies} plies, as the AI estimated it after every"
        " move: {first} below the line, {second} above it. {count} costly moves are marked with numbers and"
        " listed in the message."
    ),
    "review.picture.alt_none": (
        "A chart of the win chance in game #{game_id} over {plies} plies, as the AI estimated it after every"
        " move: {first} below the line, {second} above it. No move cost enough to be marked."
    ),
    # --- why the preferred move is better (one sentence each) -------------------------------------------------
    "review.why.win": "It wins the game at once.",
}
