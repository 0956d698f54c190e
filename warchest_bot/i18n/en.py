"""English messages: the reference catalogue every other locale translates.

Keys are stable message ids (``area.name``); values are `str.format` templates with named placeholders.
Rules for templates (and for translators):
- one complete sentence (or a few) per message, never a fragment to be glued to another;
- placeholders are named (``{player}``, ``{game_id}``) and a translation may reorder or leave out any of
  them, but may not introduce new ones;
- action texts (``Sw deploy e2``) and hex names are notation, the same in every language;
- ``{detail}`` is an explanation produced by the rules engine, in English only; other locales should leave it
  out of their templates.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- errors a user can cause (service.ServiceError codes; id = "error." + code, or a variant) -----
    "error.unknown_game": "There is no game #{game_id}.",
    "error.not_seated": "You are not playing in game #{game_id}.",
    "error.not_your_turn": "It is not your turn in game #{game_id}: {player} must decide now.",
    "error.stale": (
        "That request is out of date: game #{game_id} has moved on since (it is now at ply {ply}). "
        "Look at the latest board and try again."
    ),
    "error.stale_typed": (
        "Your earlier action in game #{game_id} already went through, so this one was not played (the game "
        "is now at ply {ply}). To act again, look at the latest board and choose from the list of actions."
    ),
    "error.stale_new_hand": (
        "A new round has started in game #{game_id} since you last saw your hand, so this action was not "
        "played. Look at your new hand (/wc hand) and choose again."
    ),
    "error.changed": "Game #{game_id} changed while you were acting. Look at it again and retry.",
    "error.illegal": "You cannot play “{action}” now: {detail}.",
    "error.illegal_action": "That action is not legal in game #{game_id} now. Look at the latest board and choose again.",
    "error.unparseable": "I cannot read “{action}”: {detail}. Write actions like “Sw deploy e2” or “decline”.",
    "error.empty_action": "Write an action, like “Sw deploy e2” or “decline”.",
    "error.long_action": "That is too long for an action (at most {limit} characters). Write actions like “Sw deploy e2”.",
    "error.ambiguous": "“{action}” could mean several actions: {candidates}. Please write the one you mean in full.",
    "error.game_over": "Game #{game_id} is over.",
    "error.game_aborted": "Game #{game_id} was cancelled.",
    "error.already_started": "Game #{game_id} has already started.",
    "error.not_started": "Game #{game_id} has not started yet: it is still waiting for players.",
    "error.seat_taken": "Seat {seat} of game #{game_id} is taken. Choose another seat, or leave the seat out to take any free one.",
    "error.already_seated": "You already have a seat in game #{game_id}.",
    "error.game_full": "Game #{game_id} has no free seat left.",
    "error.not_invited": "The free seats of game #{game_id} are reserved for invited players.",
    "error.not_invited_decline": "You have no invitation to game #{game_id} to decline.",
    "error.not_creator": "Only {player}, who created game #{game_id}, can do that.",
    "error.too_late": "Game #{game_id} is under way, so it can no longer be cancelled. You can resign instead.",
    "error.table_not_full": "Game #{game_id} cannot start yet: {taken} of {players} seats are taken.",
    "error.invalid_seat": "Game #{game_id} has seats 0 to {last}.",
    "error.bad_ply": "Game #{game_id} has plies 0 to {last}.",
    "error.bad_options": "Those game options are not valid.",
    "error.bad_invite": "Those invitations are not valid.",
    "error.bad_players": "A game of War Chest is for 2 or 4 players.",
    "error.bad_player_count": "A game of {game} is for {counts} players.",
    "error.unknown_kind": "There is no game called {kind} here.",
    "error.bad_units": "Units can be chosen as: {choices}.",
    "error.bad_royal_guard": "The Royal Guard rules can be: {choices}.",
    "error.bad_max_rounds": "The round limit must be a whole number from 1 to {limit}.",
    "error.bad_seed": "The seed must be a whole number from 0 to {limit}.",
    "error.invite_self": "You cannot invite yourself.",
    "error.too_many_invites": "A game for {players} players has {free} seats to fill, so you can invite at most {free} players.",
    "error.duplicate_player": "Each player can take only one seat in a game.",
    "error.busy": "The game database is busy. Nothing was changed; please try again in a moment.",
    "error.storage": "Something went wrong while saving. Nothing was changed; please try again.",
    "error.damaged": (
        "The bot's game database is damaged, so it cannot read or save this. Nothing was changed; "
        "the bot's operators have been told."
    ),
    "error.corrupt_game": "Game #{game_id} could not be loaded. The bot's operators have been told.",
    # --- how games end ---------------------------------------------------------------------------------
    "result.markers": "{winners} won game #{game_id} by placing all their control markers.",
    "result.max_rounds": "Game #{game_id} is a draw: the limit of {rounds} rounds was reached.",
    "result.resign": "{player} resigned game #{game_id}. {winners} won.",
    "result.resign_draw": "{player} resigned game #{game_id}; the other players draw.",
    "result.aborted": "Game #{game_id} was cancelled before it got under way.",
    "result.cancelled": "{player} withdrew the challenge; game #{game_id} was cancelled.",
    "result.declined": "{player} declined the challenge; game #{game_id} was cancelled.",
    "result.expired": "Nobody took up the challenge in time; game #{game_id} was cancelled.",
    # --- correspondence play: clocks, vacations, take-backs, rematches, ratings, preferences ------------
    "error.bad_move_time": "The move clock must be a whole number of hours, from 1 hour to {days} days.",
    "error.no_clock": "Game #{game_id} has no move clock, so nobody can run out of time.",
    "error.not_timed_out": (
        "{player} still has time in game #{game_id}: their deadline is {deadline}. "
        "You can claim the win only after it has passed."
    ),
    "error.not_opponent": "Only the opponents of {player} can claim game #{game_id} on time.",
    "error.undo_refused": "That action in game #{game_id} cannot be taken back.",
    "error.undo_nothing": "There is nothing to take back in game #{game_id}.",
    "error.undo_not_last": "In game #{game_id} you can only take back your own last action, before the next player acts.",
    "error.undo_draw": "That action in game #{game_id} drew coins from a bag, so it cannot be taken back.",
    "error.undo_hidden": "That action in game #{game_id} revealed hidden information, so it cannot be taken back.",
    "error.undo_stale": "Game #{game_id} has moved on since the take-back was asked for, so it no longer applies.",
    "error.undo_own": "You cannot answer your own take-back request in game #{game_id}.",
    "error.no_undo_request": "Nobody has asked to take back an action in game #{game_id}.",
    "error.vacation_refused": "That vacation cannot be booked.",
    "error.vacation_allowance": "You have {left} vacation days left in {year}, so you cannot take {days}.",
    "error.vacation_running": "You are already on vacation until {until}.",
    "error.bad_vacation_days": "A vacation lasts a whole number of days, at least 1.",
    "error.bad_preferences": "Those settings are not valid.",
    "error.bad_notify": "Notifications can be sent by: {choices}.",
    "error.bad_reminders": "Reminder times are shares of the move time between 0 and 1, at most {limit} of them.",
    "error.bad_timezone": "I do not know the time zone “{timezone}”. Use a name like Europe/Berlin or Asia/Tehran.",
    "error.bad_quiet_hours": "Write quiet hours as a start and an end time, like 22:00-07:30.",
    "error.bad_hand_dms": "Hand messages can be switched on or off.",
    "error.bad_preference_key": "The settings you can change are: {keys}.",
    "error.not_finished": "Game #{game_id} is not finished yet, so there is no rematch to play.",
    "error.log_not_finished": "Game #{game_id} is not over yet, so its full action log is still secret.",
    "error.rematch_exists": "Game #{game_id} already has a rematch: game #{rematch_id}.",
    "result.timeout": "{player} ran out of time in game #{game_id}. {winners} won.",
    "result.timeout_draw": "{player} ran out of time in game #{game_id}; the other players draw.",
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
    "undo.requested": "{player} asks to take back their last action in game #{game_id}. Do you accept?",
    "undo.accepted": "The last action of {player} in game #{game_id} was taken back.",
    "undo.declined": "{player} declined to let the last action in game #{game_id} be taken back.",
    "undo.waiting": "Your answer is noted. Game #{game_id} still waits for the other players to answer.",
    "everywhere.none": "It is not your turn in any game.",
    "everywhere.one": "It is your turn in 1 game.",
    "everywhere.many": "It is your turn in {count} games.",
    "rematch.created": "Game #{game_id} is the rematch of game #{previous_id}, with the seats swapped.",
    "rating.summary": "{player}: rating {rating} ± {rd} after {games} rated games.",
    # --- turns -----------------------------------------------------------------------------------------
    "turn.next": "{player}, it is your turn in game #{game_id}.",
    "turn.followup": "{player}, you have a follow-up decision to make in game #{game_id}.",
    "turn.draft": "{player}, it is your pick in the draft of game #{game_id}.",
    # --- teams and lists -------------------------------------------------------------------------------
    "team.0": "Side A",
    "team.1": "Side B",
    "list.two": "{first} and {second}",
    "list.many": "{rest}, and {last}",
    "list.separator": ", ",
}
