"""English messages of tournaments and leagues: refusals of the event's rules and the standings as text.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- refusals (`TournamentError.code` "tournament.<x>" is message "tournament.error.<x>") ----------
    "tournament.error.bad_rounds": "A Swiss has 1 to 50 rounds.",
    "tournament.error.bad_cycles": "A round robin is played once or twice (cycles 1 or 2).",
    "tournament.error.bad_settings": (
        "Half-point byes go from 0 to 2 per player, and missed deadlines before removal from 0 (never) up."
    ),
    "tournament.error.no_entrant": "Nobody with that number plays in this event.",
    "tournament.error.already_entered": "You (or your partner) already play in this event.",
    "tournament.error.too_late": "Entries are closed: late entries are taken only in a Swiss, until half its rounds are paired.",
    "tournament.error.started": "The event has started: withdraw instead of leaving.",
    "tournament.error.too_few": "At least two entries are needed to start the event.",
    "tournament.error.too_many": "A round robin takes at most 40 entries: run a Swiss instead.",
    "tournament.error.not_active": "That player is no longer in the event.",
    "tournament.error.no_byes_here": "A round robin has no requested byes: every entry meets every other.",
    "tournament.error.over": "The event has played all its rounds.",
    "tournament.error.bye_already": "You already asked for a bye in the next round.",
    "tournament.error.no_byes_left": "You have used the half-point byes this event allows.",
    "tournament.error.not_started": "The event has not started yet.",
    "tournament.error.round_open": "The current round is still being played.",
    "tournament.error.round_closed": "That round is closed: only the open round's results can be set.",
    "tournament.error.no_board": "The open round has no such board.",
    "tournament.error.no_round": "No round is being played.",
    "tournament.error.round_unfinished": "Some games of the round have no result yet.",
    "tournament.error.not_found": "There is no such event. Pick one from the list.",
    "tournament.error.busy": "The event is busy: try again in a moment.",
    "tournament.error.organiser_only": "Only the event's organiser may do that.",
    "tournament.error.not_entered": "You do not play in this event.",
    # --- standings as text --------------------------------------------------------------------------
    "tournament.standings.title": "Standings of {name} after round {round} of {rounds}",
    "tournament.standings.title_final": "Final standings of {name}",
    "tournament.standings.none": "No round of {name} has been played yet.",
    "tournament.standings.row": "{rank}. {entrant}: {points} points, Buchholz cut-1 {buchholz}, Sonneborn-Berger {sb}",
    "tournament.standings.row_out": "{rank}. {entrant}: {points} points (withdrawn)",
    # --- the standings picture's table ---------------------------------------------------------------
    "tournament.table.rank": "#",
    "tournament.table.entrant": "Player",
    "tournament.table.points": "Points",
    "tournament.table.buchholz": "Buchholz-1",
    "tournament.table.sb": "S-B",
    "tournament.table.out": "{entrant} (withdrawn)",
}
