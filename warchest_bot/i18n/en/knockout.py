"""English messages of the knockout after a Swiss (issue 26): the bracket posts, the winner, the refusals.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- refusals (`TournamentError` codes "tournament.knockout_<x>") -------------------------------
    "tournament.error.knockout_swiss_only": "A knockout follows a Swiss only: pick the Swiss format or leave the playoff out.",
    "tournament.error.knockout_bad": "A knockout takes the top 2, 4 or 8, with 1 to 9 games a match.",
    # --- the event's format and the end of its Swiss ---------------------------------------------------
    "knockout.format": "{format}, then a knockout of the top {size}",
    "knockout.swiss_over": "The Swiss of **{name}** is over: its top {size} play the knockout next.",
    "knockout.swiss_over_skipped": "The Swiss of **{name}** is over, too few players are left for its knockout. Congratulations to {winner}!",
    # --- the bracket ---------------------------------------------------------------------------------
    "knockout.stage.final": "Final of **{name}**",
    "knockout.stage.semi_finals": "Semi-finals of **{name}**",
    "knockout.stage.quarter_finals": "Quarter-finals of **{name}**",
    "knockout.match.playing": "Match {match}: {high} (seed {high_seed}) against {low} (seed {low_seed}), game {game}: {first} moves first (game #{game_id})",
    "knockout.match.waiting": "Match {match}: {high} (seed {high_seed}) against {low} (seed {low_seed}), game {game}: {first} moves first (the game opens shortly)",
    "knockout.match.won": "Match {match}: {winner} (seed {winner_seed}) beat {loser} (seed {loser_seed}).",
    "knockout.match.forfeit": "Match {match}: {winner} (seed {winner_seed}) goes through, {loser} (seed {loser_seed}) forfeited.",
    "knockout.match.drawn": "Match {match}: {winner} (seed {winner_seed}) goes through as the higher seed after {games} drawn games against {loser} (seed {loser_seed}).",
    "knockout.match.double_forfeit": "Match {match}: both forfeited; {winner} (seed {winner_seed}) goes through as the higher seed, {loser} (seed {loser_seed}) is out.",
    "knockout.champion": "**{name}** is over: {winner} wins the knockout. Congratulations!",
    "knockout.rules.rematch": "A drawn game is played again with the other player first, up to {games} games; then the higher seed goes through.",
    "knockout.rules.higher_seed": "After a drawn game the higher seed goes through.",
    # --- /wc tournament standings during and after the knockout ------------------------------------
    "knockout.standings.ahead": "After the Swiss, its top {size} play a knockout, seeded from the final standings.",
    "knockout.standings.swiss_final": "Final standings of the Swiss of {name}",
    "knockout.standings.skipped": "Too few players were left after the Swiss for its knockout.",
    # --- the bracket picture -------------------------------------------------------------------------
    "knockout.picture.title": "Knockout of {name}",
    "knockout.picture.playing": "Game {game}, {first} first",
    "knockout.picture.seed": "{seed}.",
    "knockout.picture.to_play": "to be decided",
    "knockout.picture.winner": "Winner: {winner}",
    # --- the organiser -------------------------------------------------------------------------------
    "knockout.adjudicated": "Match {match} of the knockout of **{name}**: {result}.",
    # --- the event's web page ------------------------------------------------------------------------
    "web.knockout.title": "Knockout",
    "web.knockout.terms": "The top {size} of the Swiss play a knockout.",
    "web.knockout.after_swiss": "It is seeded from the standings once the last round of the Swiss is over.",
    "web.knockout.skipped": "Too few players were left after the Swiss for its knockout.",
    "web.knockout.champion": "Winner: {winner}",
    "web.knockout.final": "Final",
    "web.knockout.semi_finals": "Semi-finals",
    "web.knockout.quarter_finals": "Quarter-finals",
    "web.knockout.match": "Match",
    "web.knockout.high": "Higher seed",
    "web.knockout.low": "Lower seed",
    "web.knockout.games": "Games",
    "web.knockout.through": "Goes through",
    "web.knockout.seeded": "{entrant} (seed {seed})",
    "web.knockout.game": "Game {game}, {first} first: {score}",
    "web.knockout.game_playing": "Game {game}, {first} first: being played",
    "web.knockout.game_waiting": "Game {game}, {first} first: opens shortly",
}
