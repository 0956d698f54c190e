"""English messages of correspondence play in the Discord adapter (clocks, claims, take-backs, rematches,
vacations, settings, ratings), merged into the English catalogue.

Same rules as `en.py`: whole sentences with named placeholders. ``{deadline}`` / ``{until}`` are Discord
timestamps (``<t:UNIX:R>``), which every reader sees in their own time zone and language.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- clocks on the board --------------------------------------------------------------------------
    "bot.clock.deadline": "{player} must decide {deadline}.",
    "bot.clock.waiting_vacation": "{player} is on vacation; their clock starts again {deadline}.",
    "bot.challenge.clock": "Move clock: {time} per decision.",
    "bot.challenge.no_clock": "No move clock.",
    "bot.challenge.rated": "Rated game.",
    "bot.challenge.casual": "Casual game (not rated).",
    "bot.clock.days": "{days} days",
    "bot.clock.one_day": "1 day",
    "bot.clock.hours": "{hours} hours",
    "bot.clock.one_hour": "1 hour",
    # --- buttons ----------------------------------------------------------------------------------------
    "bot.button.claim": "Claim win on time",
    "bot.button.undo": "Undo",
    "bot.button.undo_accept": "Accept take-back",
    "bot.button.undo_decline": "Decline take-back",
    "bot.button.rematch": "Rematch",
    # --- timeouts ---------------------------------------------------------------------------------------
    "bot.claim.done": "You claimed game #{game_id} on time.",
    # --- take-backs -------------------------------------------------------------------------------------
    "bot.undo.asked": "You asked to take back your last action in game #{game_id}. Your opponents decide.",
    "bot.undo.request_post": (
        "{player} asks to take back their last action in game #{game_id}. {opponents}, do you accept?"
    ),
    "bot.undo.you_accepted": "You accepted the take-back in game #{game_id}.",
    "bot.undo.you_declined": "You declined the take-back in game #{game_id}.",
    "bot.undo.board": "Game #{game_id} after the take-back.",
    # --- rematch ----------------------------------------------------------------------------------------
    "bot.rematch.started": (
        "Game #{game_id} is the rematch of game #{previous_id}, with the seats swapped: {players}. "
        "It is played in {place}."
    ),
    # --- the everywhere view ----------------------------------------------------------------------------
    "bot.games.deadline": "Game #{game_id}: waiting for {player}, who must decide {deadline}.",
    "bot.games.my_turn": "Game #{game_id}: your turn, decide {deadline}.",
    "bot.games.my_turn_no_clock": "Game #{game_id}: your turn (no clock).",
    "bot.games.expired": "Game #{game_id}: {player} ran out of time {deadline}; the win can be claimed.",
    "bot.games.expired_mine": "Game #{game_id}: your time ran out {deadline}; move before it is claimed.",
    "bot.turns.none": "You have no game in progress.",
    # --- vacation ---------------------------------------------------------------------------------------
    "bot.vacation.started": (
        "Your vacation runs until {until}. Your clocks in {count} games wait for you; your opponents were "
        "told. You have {left} vacation days left this year."
    ),
    "bot.vacation.left": "You have {left} vacation days left this year.",
    # --- settings ---------------------------------------------------------------------------------------
    "bot.settings.title": "Your settings:",
    "bot.settings.updated": "Your settings were saved:",
    "bot.settings.notify": "Reminders reach you by: {notify}.",
    "bot.settings.notify.dm": "direct message",
    "bot.settings.notify.mention": "a mention in the game's thread",
    "bot.settings.notify.both": "direct message and a mention in the game's thread",
    "bot.settings.reminders": "Reminders after {shares} of your move time.",
    "bot.settings.no_reminders": "No reminders.",
    "bot.settings.quiet": "Quiet hours: {quiet} ({timezone}).",
    "bot.settings.no_quiet": "No quiet hours (time zone {timezone}).",
    "bot.settings.hand_on": "Your hand comes by direct message after each move.",
    "bot.settings.hand_off": "Your hand does not come by direct message; use /wc hand.",
    "bot.settings.bad_reminders": "Write reminder times as percentages of the move time, like 50, 90 (or off).",
    # --- ratings ----------------------------------------------------------------------------------------
    "bot.stats.rating": "Rating: {rating} ± {rd} after {games} rated games.",
    "bot.stats.server_rating": "Rating on this server: {rating} ± {rd} after {games} rated games.",
    "bot.stats.unrated": "No rated games yet.",
    "bot.leaderboard.server": "Leaderboard of this server:",
    "bot.leaderboard.global": "Leaderboard of all servers:",
    "bot.leaderboard.line": "{rank}. {player}: {rating} ± {rd} ({games} games)",
    "bot.leaderboard.empty": "Nobody has finished a rated game yet.",
    "bot.help.correspondence": (
        "Correspondence play: /wc new clock sets a time per decision (the deadline shows under each board); "
        "/wc claim wins when the opponent's time has run out; /wc undo asks to take back your last action; "
        "/wc games and /wc turns show your games and deadlines; /wc vacation pauses your clocks; "
        "/wc settings chooses how you are reminded; /wc leaderboard and /wc stats show the ratings."
    ),
    # --- notifications ----------------------------------------------------------------------------------
    "bot.notify.mention": "{player} {message}",
}
