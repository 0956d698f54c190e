"""English messages of starting games: challenges, invitations and seats, games that never start, and
rematches.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- challenges ---------------------------------------------------------------------------------------
    "bot.challenge.invite": "{creator} challenges {invited} to game #{game_id} of {game} ({settings}).",
    "bot.challenge.open": (
        "{creator} opened game #{game_id} of {game} ({settings}). Press Join to take a free seat."
    ),
    "bot.challenge.invite_defaults": (
        "{creator} challenges {invited} to game #{game_id} of {game} (with the usual settings)."
    ),
    "bot.challenge.open_defaults": (
        "{creator} opened game #{game_id} of {game} (with the usual settings). Press Join to take a free seat."
    ),
    "bot.games.kinds": "Games: {games}. Choose one with /wc new game ({default} if left out).",
    "bot.error.unknown_game_kind": "There is no game called “{game}”. The games: {games}.",
    "bot.error.bad_setting_name": (
        "“{setting}” is not a setting of {game}. Write name=value, e.g. with these names: {names}."
    ),
    "bot.error.bad_setting_value": "{name} cannot be “{value}”: choose {allowed}.",
    "bot.error.bad_setting_number": "{name} cannot be “{value}”: write a whole number.",
    "bot.error.not_an_option": "{game} has no {name} option. Its options: {names}.",
    "bot.challenge.seated": "Seated so far: {players}.",
    "bot.challenge.started": "Game #{game_id} has started: {players}. It is played in {place}.",
    "bot.challenge.ended": "Game #{game_id} did not start.",
    "bot.challenge.joined": "You took a seat in game #{game_id}.",
    "bot.challenge.declined": "You declined game #{game_id}.",
    "bot.button.accept": "Accept",
    "bot.button.decline": "Decline",
    "bot.button.join": "Join",
    "bot.error.bot_opponent": "Bots cannot be challenged here; challenge a person (or play me: /wc new ai:normal).",
    "bot.error.too_many_players": "A game for {players} players has room for {free} invited players.",
    "bot.challenge.clock": "Move clock: {time} per decision.",
    "bot.challenge.no_clock": "No move clock.",
    "bot.challenge.rated": "Rated game.",
    "bot.challenge.casual": "Casual game (not rated).",
    "bot.challenge.expired": "Nobody took up the challenge in time; game #{game_id} was cancelled.",
    # --- seats and options --------------------------------------------------------------------------------
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
    "error.bad_options": "Those game options are not valid.",
    "error.bad_invite": "Those invitations are not valid.",
    "error.bad_player_count": "A game of {game} is for {counts} players.",
    "error.unknown_kind": "There is no game called {kind} here.",
    "error.bad_seed": "The seed must be a whole number from 0 to {limit}.",
    "error.invite_self": "You cannot invite yourself.",
    "error.too_many_invites": "A game for {players} players has {free} seats to fill, so you can invite at most {free} players.",
    "error.duplicate_player": "Each player can take only one seat in a game.",
    # --- games that never start ---------------------------------------------------------------------------
    "result.aborted": "Game #{game_id} was cancelled before it got under way.",
    "result.cancelled": "{player} withdrew the challenge; game #{game_id} was cancelled.",
    "result.declined": "{player} declined the challenge; game #{game_id} was cancelled.",
    "result.expired": "Nobody took up the challenge in time; game #{game_id} was cancelled.",
    "result.tournament": (
        "Game #{game_id} is closed: the tournament decided its result without it (a forfeit, a withdrawal or "
        "the organiser's decision). The result counts in the tournament, not in ratings."
    ),
    # --- the game begins ----------------------------------------------------------------------------------
    "bot.thread.name": "{game} #{game_id}",
    "bot.game.begins": "Game #{game_id} begins: {side_a} (Side A) against {side_b} (Side B).",
    # --- rematches ----------------------------------------------------------------------------------------
    "error.not_finished": "Game #{game_id} is not finished yet, so there is no rematch to play.",
    "error.rematch_exists": "Game #{game_id} already has a rematch: game #{rematch_id}.",
    "rematch.created": "Game #{game_id} is the rematch of game #{previous_id}, with the seats swapped.",
    "bot.button.rematch": "Rematch",
    "bot.rematch.started": (
        "Game #{game_id} is the rematch of game #{previous_id}, with the seats swapped: {players}. "
        "It is played in {place}."
    ),
    "bot.error.no_finished_game": (
        "You have no finished game here to rematch. Give the game number: /wc rematch game:<number>."
    ),
}
