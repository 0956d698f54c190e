"""English messages of seats that change hands: the bot playing a silent player's seat (autopilot), seats
handed on or replaced, and the tenures in a game's history.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- announcements in the game's place ------------------------------------------------------------
    "seat.announce.autopilot": (
        "{player} missed {missed} deadlines in a row in game #{game_id}: the bot plays their seat from now "
        "on, from that seat's view only, so the game goes on. Any command of theirs in this game gives "
        "them the seat back. This game is no longer rated."
    ),
    "seat.announce.returned": "{player} is back in game #{game_id} and plays their own seat again.",
    "seat.announce.returned_turn": (
        "{player} is back in game #{game_id} and plays their own seat again. It is their turn."
    ),
    "seat.announce.rule": (
        "{player} set the autopilot of game #{game_id}: the bot plays the seat of a player who misses "
        "{count} deadlines in a row, until they come back."
    ),
    "seat.announce.rule_off": "{player} turned the autopilot of game #{game_id} off: the bot plays nobody's seat.",
    "seat.announce.offer_hand": (
        "{holder} offers their seat in game #{game_id} to {newcomer}. {newcomer}, press Accept to play it "
        "from now on, or Decline."
    ),
    "seat.announce.offer_replace": (
        "{by} asks to replace {holder} in game #{game_id} by {newcomer}. The other players press Agree "
        "(waiting for {waiting}), and {newcomer} presses Accept to play the seat, or Decline."
    ),
    "seat.announce.offer_agreed": (
        "{by} asks to replace {holder} in game #{game_id} by {newcomer}, and every other player agrees. "
        "{newcomer}, press Accept to play the seat from now on, or Decline."
    ),
    "seat.announce.offer_admin": (
        "A server admin asks to replace {holder} in game #{game_id} by {newcomer}. {newcomer}, press "
        "Accept to play the seat from now on, or Decline."
    ),
    "seat.announce.declined": "{player} said no: the seat of {holder} in game #{game_id} stays as it is.",
    "seat.announce.handed": "{newcomer} now plays the seat {holder} handed on in game #{game_id}.",
    "seat.announce.replaced": "{newcomer} now plays the seat of {holder} in game #{game_id}, who was replaced.",
    "seat.turn_autopilot": "The bot plays for {player} in game #{game_id} and is thinking about its move.",
    "seat.button.accept": "Accept",
    "seat.button.decline": "Decline",
    "seat.button.agree": "Agree",
    # --- private answers ------------------------------------------------------------------------------
    "seat.answer.rule": (
        "Game #{game_id}: the bot now plays the seat of a player who misses {count} deadlines in a row."
    ),
    "seat.answer.rule_off": "Game #{game_id}: the bot plays nobody's seat.",
    "seat.answer.rules": (
        "Game #{game_id}: the bot plays the seat of a player who misses {autopilot} deadlines in a row "
        "(0: never), and a player who missed {replace} can be replaced."
    ),
    "seat.answer.offered": (
        "You offered your seat in game #{game_id} to {newcomer}, who accepts or declines in the game's place."
    ),
    "seat.answer.replace_asked": "Asked. Still to agree: {waiting}. Then {newcomer} must accept.",
    "seat.answer.replace_ready": "Every player agreed: now {newcomer} must accept.",
    "seat.answer.waiting": "Recorded. Still waiting for {waiting}.",
    "seat.answer.done": "Done: {newcomer} now plays the seat in game #{game_id}.",
    "seat.answer.declined": "The offer for the seat in game #{game_id} is withdrawn.",
    "seat.answer.server": (
        "On this server the bot plays the seat of a player who misses {autopilot} deadlines in a row, in "
        "games without a rule of their own (0: never), and a player who missed {replace} can be replaced."
    ),
    # --- refusals -------------------------------------------------------------------------------------
    "seat.error.bad_count": "The number of missed deadlines must be a whole number from {low} to {high}.",
    "seat.error.no_ai": "Game #{game_id} has no computer players, so the bot cannot play a seat in it.",
    "seat.error.newcomer_seated": (
        "That person already plays in game #{game_id}: choose someone who is not in the game."
    ),
    "seat.error.target_not_seated": "That person does not play in game #{game_id}.",
    "seat.error.replace_yourself": (
        "You cannot replace yourself in game #{game_id}; hand your seat on with /wc seat hand instead."
    ),
    "seat.error.not_silent": (
        "{player} has missed {missed} deadlines in a row in game #{game_id}; a player can be replaced "
        "after {count}."
    ),
    "seat.error.no_offer": "There is no pending offer for this seat of game #{game_id} any more.",
    "seat.error.not_yours": "This offer in game #{game_id} is not yours to answer.",
    "seat.error.not_admin": "Only a member with the Manage Server permission can do that.",
    "seat.error.bot_user": "A bot cannot take a seat this way: choose a person.",
    # --- the history ----------------------------------------------------------------------------------
    "seat.history.title": "Seats that changed hands:",
    "seat.history.tenure": "Seat {seat}: {player}, moves {first} to {last}.",
    "seat.history.tenure_open": "Seat {seat}: {player}, from move {first} on.",
    "seat.history.tenure_none": "Seat {seat}: {player}, no move.",
    "seat.history.tenure_bot": "Seat {seat}: the bot for {player}, moves {first} to {last}.",
    "seat.history.tenure_bot_open": "Seat {seat}: the bot for {player}, from move {first} on.",
    "seat.history.bot_name": "the bot (for {player})",
}
