"""English messages of spectators and clock policies: following games and players (``/wc my follow``),
the notices followers get, who follows a game (``/wc look followers``), increment clocks and playing hours.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- clock policies -------------------------------------------------------------------------------------
    "error.bad_increment": (
        "The increment and its cap are whole hours, up to {days} days; the cap is at least the time to "
        "start with, and there is a cap only with an increment."
    ),
    "error.clock_terms_need_clock": (
        "The increment, the cap and playing hours belong to a move clock: choose clock or clock_hours too."
    ),
    "bot.challenge.increment": "Clock: {time} to start with, {increment} more after every turn, {cap} at most.",
    "bot.challenge.playing_hours": "Each player's clock stops during their quiet hours (set in /wc my settings).",
    "bot.clock.bank": "{player} has {bank} on the clock for this turn.",
    # --- digest mode ----------------------------------------------------------------------------------------
    "error.bad_digest": "Digest mode can be switched on or off.",
    "bot.settings.digest_on": (
        "Digest mode: no hand picture after every move; when it is your turn, one direct message in text "
        "with buttons for the pictures."
    ),
    "bot.settings.digest_off": "No digest mode: your hand comes as a picture after each move (digest:true changes it).",
    "digest.since": "Since your last move: {steps}",
    "digest.hand": "Your hand in words: {hand}",
    # --- following ------------------------------------------------------------------------------------------
    "error.follow_what": "Name one game or one player to follow.",
    "error.follow_choices": (
        "Follow every turn or the results only, by direct message or by a mention in the game's thread."
    ),
    "error.follow_self": "You cannot follow yourself: the bot tells you about your own games anyway.",
    "error.follow_limit": (
        "You already follow {limit} games and players. Stop following one first (/wc my unfollow)."
    ),
    "error.not_following": "You do not follow that. /wc my follow lists what you follow.",
    "error.not_a_follower": "Only the players of game #{game_id} and its followers can see its board from here.",
    "follow.how.dm": "by direct message",
    "follow.how.mention": "with a mention in the game's thread",
    "follow.mode.turns": "every turn and the result",
    "follow.mode.results": "the result only",
    "follow.done.game": "You follow game #{game_id}: {mode}, {how}.",
    "follow.done.player": "You follow {player} in their games on this server: {mode}, {how}.",
    "follow.stopped.game": "You no longer follow game #{game_id}.",
    "follow.stopped.player": "You no longer follow {player}.",
    "follow.list.title": "You follow:",
    "follow.list.none": "You follow no game and no player. /wc my follow game:… or player:… follows one.",
    "follow.list.game": "Game #{game_id}: {mode}, {how}.",
    "follow.list.player": "{player}: {mode}, {how}.",
    "followers.none": "Nobody follows game #{game_id}.",
    "followers.list": "Game #{game_id} is followed by {followers}.",
    # --- what followers are told ------------------------------------------------------------------------------
    "notice.follow.start": "Game #{game_id} ({game}) has begun: {players}. {place}",
    "notice.follow.turn": "Game #{game_id} ({game}): it is {player}'s turn now. {place}",
    "notice.follow.end": "Game #{game_id} ({game}) is over. {result} {place}",
    "notice.follow.mention": "For the followers {followers}: {notice}",
    "notice.follow.stop": "You follow this game; /wc my unfollow stops it.",
    "bot.button.see_board": "Board",
}
