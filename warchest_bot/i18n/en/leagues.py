"""English messages of league seasons (issue 26): creating a league, its seasons, the ladder, the refusals.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- refusals (`TournamentError` codes "tournament.league_<x>") ---------------------------------
    "tournament.error.league_bad": "A league has groups of 3 to 20, 0 to 5 players up and down, 1 or 2 cycles and 1 to 10 divisions.",
    "tournament.error.league_seasons": "A league is played season by season: the organiser starts each with /wc tournament season.",
    "tournament.error.league_season_open": "Some groups of this season are still being played: the next season starts once every group is over.",
    "tournament.error.league_closed": "This league is closed: no season starts and nobody signs up any more.",
    "tournament.error.not_a_league": "That event is not a league: pick a league from the list.",
    # --- answers -------------------------------------------------------------------------------------
    "league.created": (
        "League #{tournament_id} **{name}** is open for sign-ups: {game}, round-robin groups of about "
        "{group_size} in {divisions} divisions, {movers} up and down each season. Players sign up with "
        "/wc tournament join; the organiser starts each season with /wc tournament season."
    ),
    "league.joined": "You are signed up for **{name}**: you play from its next season.",
    "league.withdrawn": "{player} has left **{name}**: off the ladder from the next season.",
    "league.season_started": "Season {season} of **{name}** starts: the groups open shortly.",
    "league.division": "Division {division}: {players}",
    "league.up": "Up to division {division}: {players}",
    "league.down": "Down to division {division}: {players}",
    # --- the ladder ----------------------------------------------------------------------------------
    "league.ladder.none": "No season of **{name}** has started yet: {count} players are signed up.",
    "league.ladder.title": "**{name}**, season {season}",
    "league.ladder.group": "Group {group}: event #{tournament_id}, {status}",
    "league.ladder.group_waiting": "Group {group}: {players} (the event opens shortly)",
    "league.ladder.over": "Season {season} is over: the organiser starts the next with /wc tournament season.",
    "league.closed": "**{name}** is closed: no season starts any more, and nobody signs up.",
    "league.closing": "**{name}** is closed: season {season} plays out, then the league is over; no next season starts, and nobody signs up.",
    "league.ladder.closed_early": "**{name}** was closed before its first season.",
    "league.ladder.closing": "The league is closed: this is its last season.",
    "league.ladder.finished": "Season {season} was the last: **{name}** is over.",
    "league.ladder.newcomers": "Next season in the bottom division: {players}",
    # --- the league's web page ------------------------------------------------------------------------
    "web.league.format": "a league played in seasons, each division in groups of about {size} playing {format}, {movers} up and down each season",
    "web.league.no_season": "No season has started yet.",
    "web.league.signed_up": "Signed up ({count})",
    "web.league.season": "Season {season}",
    "web.league.over": "Season {season} is over: the organiser starts the next.",
    "web.league.division": "Division {division}",
    "web.league.group": "Group {group}: {event}, {status}",
    "web.league.group_waiting": "Group {group}: opens shortly",
    "web.league.newcomers": "Next season in the bottom division",
    "web.league.closed_early": "The league was closed before its first season.",
    "web.league.closing": "The league is closed: this is its last season.",
    "web.league.finished": "Season {season} was the last: the league is over.",
    "web.league.group_of": "Group {group} of division {division} in season {season} of the league {league}",
}
