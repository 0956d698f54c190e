"""English messages of correspondence play: move clocks, timeouts and claims, take-backs, vacations,
reminders, and the view of every game in which it is the reader's turn.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- clocks -------------------------------------------------------------------------------------------
    "error.bad_move_time": "The move clock must be a whole number of hours, from 1 hour to {days} days.",
    "error.no_clock": "Game #{game_id} has no move clock, so nobody can run out of time.",
    "bot.clock.deadline": "{player} must decide {deadline}.",
    "bot.clock.waiting_vacation": "{player} is on vacation; their clock starts again {deadline}.",
    "bot.clock.days": "{days} days",
    "bot.clock.one_day": "1 day",
    "bot.clock.hours": "{hours} hours",
    "bot.clock.one_hour": "1 hour",
    "bot.games.deadline": "Game #{game_id}: waiting for {player}, who must decide {deadline}.",
    "bot.games.my_turn": "Game #{game_id}: your turn, decide {deadline}.",
    "bot.games.my_turn_no_clock": "Game #{game_id}: your turn (no clock).",
    "bot.games.expired": "Game #{game_id}: {player} ran out of time {deadline}; the win can be claimed.",
    "bot.games.expired_mine": "Game #{game_id}: your time ran out {deadline}; move before it is claimed.",
    # --- timeouts -----------------------------------------------------------------------------------------
    "error.not_timed_out": (
        "{player} still has time in game #{game_id}: their deadline is {deadline}. "
        "You can claim the win only after it has passed."
    ),
    "error.not_opponent": "Only the opponents of {player} can claim game #{game_id} on time.",
    "result.timeout": "{player} ran out of time in game #{game_id}. {winners} won.",
    "result.timeout_draw": "{player} ran out of time in game #{game_id}; the other players draw.",
    "bot.button.claim": "Claim win on time",
    "bot.claim.done": "You claimed game #{game_id} on time.",
    # --- take-backs ---------------------------------------------------------------------------------------
    "error.undo_refused": "That action in game #{game_id} cannot be taken back.",
    "error.undo_nothing": "There is nothing to take back in game #{game_id}.",
    "error.undo_not_last": "In game #{game_id} you can only take back your own last action, before the next player acts.",
    "error.undo_draw": (
        "That turn in game #{game_id} revealed something hidden or left to chance, so it cannot be taken back."
    ),
    "error.undo_hidden": "That action in game #{game_id} revealed hidden information, so it cannot be taken back.",
    "error.undo_stale": "Game #{game_id} has moved on since the take-back was asked for, so it no longer applies.",
    "error.undo_own": "You cannot answer your own take-back request in game #{game_id}.",
    "error.no_undo_request": "Nobody has asked to take back an action in game #{game_id}.",
    "undo.requested": "{player} asks to take back their last action in game #{game_id}. Do you accept?",
    "undo.accepted": "The last action of {player} in game #{game_id} was taken back.",
    "undo.declined": "{player} declined to let the last action in game #{game_id} be taken back.",
    "undo.waiting": "Your answer is noted. Game #{game_id} still waits for the other players to answer.",
    "bot.button.undo": "Undo",
    "bot.button.undo_accept": "Accept take-back",
    "bot.button.undo_decline": "Decline take-back",
    "bot.undo.asked": "You asked to take back your last action in game #{game_id}. Your opponents decide.",
    "bot.undo.request_post": (
        "{player} asks to take back their last action in game #{game_id}. {opponents}, do you accept?"
    ),
    "bot.undo.you_accepted": "You accepted the take-back in game #{game_id}.",
    "bot.undo.you_declined": "You declined the take-back in game #{game_id}.",
    "bot.undo.board": "Game #{game_id} after the take-back.",
    # --- vacations ----------------------------------------------------------------------------------------
    "error.vacation_refused": "That vacation cannot be booked.",
    "error.vacation_allowance": "You have {left} vacation days left in {year}, so you cannot take {days}.",
    "error.vacation_running": "You are already on vacation until {until}.",
    "error.bad_vacation_days": "A vacation lasts a whole number of days, at least 1.",
    "bot.vacation.started": (
        "Your vacation runs until {until}. Your clocks in {count} games wait for you; your opponents were "
        "told. You have {left} vacation days left this year."
    ),
    "bot.vacation.left": "You have {left} vacation days left this year.",
    # --- reminders and notifications ----------------------------------------------------------------------
    "notify.reminder": "{player}, it is your turn in game #{game_id}. Your time runs out {deadline}.",
    "notify.reminder_late": (
        "{player}, it is your turn in game #{game_id}. This reminder comes late because the bot was offline. "
        "Your time runs out {deadline}."
    ),
    "notify.timeout_claimable": "{player} ran out of time in game #{game_id}. You can now claim the win on time.",
    "notify.timeout_claimable_late": (
        "{player} ran out of time in game #{game_id} while the bot was offline. You can now claim the win on time."
    ),
    "notify.vacation_started": "{player} is on vacation until {until}. Their clock in game #{game_id} waits for them.",
    "notify.vacation_ended": "{player} is back from vacation. The clocks of game #{game_id} run again.",
    "bot.notify.mention": "{player} {message}",
    # --- every game at once -------------------------------------------------------------------------------
    "everywhere.none": "It is not your turn in any game.",
    "everywhere.one": "It is your turn in 1 game.",
    "everywhere.many": "It is your turn in {count} games.",
    "bot.turns.none": "You have no game in progress.",
}
