"""English messages of looking things up: lists of games, boards and action logs, replays, statistics,
ratings and leaderboards, unit cards.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- lists of games -----------------------------------------------------------------------------------
    "bot.button.previous": "Previous",
    "bot.button.next": "Next",
    "bot.games.mine": "Your games ({status}):",
    "bot.games.server": "Games on this server ({status}):",
    "bot.games.none": "There are no games to show.",
    "bot.games.line": "Game #{game_id} ({status}): {players}.",
    "bot.games.line_turn": "Game #{game_id} ({status}): {players}. Waiting for {player}.",
    "bot.status.open": "waiting for players",
    "bot.status.active": "in progress",
    "bot.status.finished": "finished",
    "bot.status.aborted": "cancelled",
    "bot.status.current": "waiting or in progress",
    "bot.status.all": "all",
    "error.bad_list_limit": "A list shows from 1 to {limit} entries.",
    # --- boards, logs and replays -------------------------------------------------------------------------
    "error.bad_ply": "Game #{game_id} has plies 0 to {last}.",
    "error.log_not_finished": "Game #{game_id} is not over yet, so its full action log is still secret.",
    "bot.game.replay": "The whole of game #{game_id}, move by move.",
    "bot.game.replay_failed": "The replay of game #{game_id} could not be made; the final board above stands.",
    "bot.error.not_finished": "Game #{game_id} is not over yet: give a ply to see a position.",
    "bot.board.caption": "The board of game #{game_id} at ply {ply}.",
    "bot.history.title": "Game #{game_id}: plies {first} to {last} of {total}.",
    "bot.history.line": "{ply}. {player}: {action}",
    "bot.history.empty": "Nothing has been played in game #{game_id} yet.",
    "bot.replay.ply": "Game #{game_id} after ply {ply} of {total}.",
    # --- statistics and ratings ---------------------------------------------------------------------------
    "rating.summary": "{player}: rating {rating} ± {rd} after {games} rated games.",
    "bot.stats.overall": "{player}: {games} games, {wins} wins, {losses} losses, {draws} draws.",
    "bot.stats.server": "On this server: {games} games, {wins} wins, {losses} losses, {draws} draws.",
    "bot.stats.rating": "Rating: {rating} ± {rd} after {games} rated games.",
    "bot.stats.server_rating": "Rating on this server: {rating} ± {rd} after {games} rated games.",
    "bot.stats.unrated": "No rated games yet.",
    "bot.leaderboard.server": "Leaderboard of this server:",
    "bot.leaderboard.global": "Leaderboard of all servers:",
    "bot.leaderboard.line": "{rank}. {player}: {rating} ± {rd} ({games} games)",
    "bot.leaderboard.empty": "Nobody has finished a rated game yet.",
    # --- unit cards ---------------------------------------------------------------------------------------
    "bot.error.unknown_unit": "There is no unit called “{unit}”.",
    "bot.rules.card": "The {unit} card.",
    "bot.stats.game": "{game}:",
    "bot.leaderboard.game": "{game}",
    "bot.leaderboard.server_game": "Leaderboard of this server in {game}:",
    "bot.leaderboard.global_game": "Leaderboard of all servers in {game}:",
}
