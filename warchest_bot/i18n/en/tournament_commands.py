"""English messages of the tournament commands (`/wc tournament …`) and of the round posts in an event's
channel.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- refusals of the service beyond the model's ----------------------------------------------------
    "tournament.error.not_running": "Only a running event can be paused.",
    "tournament.error.not_paused": "The event is not paused.",
    "tournament.error.no_game_here": "Events are run in a server: use this command in one of its channels.",
    "tournament.error.bad_game": "That game has no {players}-player games: pick another game or settings.",
    "tournament.error.partner_needed": "This event's games are played in teams of two: name your partner.",
    "tournament.error.no_partner_here": "This event's games are played one against one: leave the partner out.",
    "tournament.error.bad_round_time": "A round lasts from 1 to 60 days.",
    # --- answers to the commands ---------------------------------------------------------------------
    "tournament.created": (
        "Event #{tournament_id} **{name}** is open for entries: {format}, {game}. Players enter with "
        "/wc tournament join; the organiser starts it with /wc tournament start."
    ),
    "tournament.format.swiss": "a Swiss of {rounds} rounds",
    "tournament.format.round_robin": "a round robin",
    "tournament.format.double_round_robin": "a double round robin",
    "tournament.joined": "You play in **{name}** now, as entry {number}.",
    "tournament.joined_late": "You play in **{name}** from round {round} on (the rounds before count 0).",
    "tournament.left": "You are off the entry list of **{name}**.",
    "tournament.started": "**{name}** has started with {entrants} entries: the first round is being paired.",
    "tournament.withdrawn": "{player} has withdrawn from **{name}**: never paired again.",
    "tournament.bye_taken": "You sit out round {round} of **{name}** for half a point.",
    "tournament.paused": "**{name}** is paused: no round is paired and no deadline counts until it resumes.",
    "tournament.resumed": "**{name}** runs again.",
    "tournament.adjudicated": "Board {board} of round {round} of **{name}**: {result}.",
    "tournament.replaced": (
        "{new} plays for {old} in **{name}** from the next game on (a game being played keeps its seats: "
        "hand one on with /wc seat replace)."
    ),
    "tournament.vacations_allowed": "In **{name}** a vacation (/wc my vacation) pauses the player's games of the event.",
    "tournament.vacations_refused": "In **{name}** a vacation does not pause the games of the event: their clocks run on.",
    "tournament.vacation_kept": (
        "Not paused: your tournament games {games}, whose organisers do not allow vacations. Their clocks run on."
    ),
    "tournament.export_done": "The pairings and results of **{name}** as a TRF16 file.",
    "tournament.none_here": "No event has been created on this server yet: /wc tournament create makes one.",
    "tournament.choice": "#{tournament_id} {name} ({status})",
    "tournament.status.entry": "open for entries",
    "tournament.status.running": "running",
    "tournament.status.paused": "paused",
    "tournament.status.finished": "finished",
    "tournament.status.cancelled": "cancelled",
    # --- pairings and results (the answers and the round posts) --------------------------------------
    "tournament.pairings.title": "Round {round} of {rounds} of **{name}**: pairings",
    "tournament.pairings.none": "No round of **{name}** has been paired yet.",
    "tournament.pairings.board": "Board {board}: {first} against {second} (game #{game_id})",
    "tournament.pairings.board_waiting": "Board {board}: {first} against {second} (the game opens shortly)",
    "tournament.pairings.bye": "{entrant} has the bye (a point).",
    "tournament.pairings.half_bye": "{entrant} sits this round out for half a point.",
    "tournament.results.title": "Round {round} of {rounds} of **{name}**: results",
    "tournament.results.board": "Board {board}: {first} {score} {second}",
    "tournament.results.board_open": "Board {board}: {first} against {second}, still being played",
    "tournament.results.finished": "**{name}** is over. Congratulations to {winner}!",
    "tournament.result.first": "the first player wins",
    "tournament.result.second": "the second player wins",
    "tournament.result.draw": "a draw",
    "tournament.result.first_forfeit": "the first player wins by forfeit",
    "tournament.result.second_forfeit": "the second player wins by forfeit",
    "tournament.result.double_forfeit": "both lose by forfeit",
}
