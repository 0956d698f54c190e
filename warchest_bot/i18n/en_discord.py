"""English messages of the Discord adapter (`warchest_bot/discord`), merged into the English catalogue.

Same rules as `en.py`: whole sentences with named placeholders; action texts and hex names are notation.
Labels (buttons, menus, option names) are short words, also translatable here.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- challenges ------------------------------------------------------------------------------------
    "bot.challenge.invite": (
        "{creator} challenges {invited} to game #{game_id} of War Chest "
        "({players} players, units: {units}, Royal Guard: {royal_guard})."
    ),
    "bot.challenge.open": (
        "{creator} opened game #{game_id} of War Chest ({players} players, units: {units}, "
        "Royal Guard: {royal_guard}). Press Join to take a free seat."
    ),
    "bot.challenge.seated": "Seated so far: {players}.",
    "bot.challenge.started": "Game #{game_id} has started: {players}. It is played in {place}.",
    "bot.challenge.ended": "Game #{game_id} did not start.",
    "bot.challenge.joined": "You took a seat in game #{game_id}.",
    "bot.challenge.declined": "You declined game #{game_id}.",
    # --- turns and moves ---------------------------------------------------------------------------------
    "bot.thread.name": "War Chest #{game_id}",
    "bot.game.begins": "Game #{game_id} begins: {side_a} (Side A) against {side_b} (Side B).",
    "bot.move.played": "{player} played {action}.",
    "bot.move.you_played": "You played {action} in game #{game_id}.",
    "bot.move.turn_next": "{player}, it is your turn in game #{game_id}: press Play or use /wc play.",
    "bot.game.final_board": "The final board of game #{game_id}.",
    "bot.game.replay": "The whole of game #{game_id}, move by move.",
    "bot.game.replay_failed": "The replay of game #{game_id} could not be made; the final board above stands.",
    # --- the private hand ---------------------------------------------------------------------------------
    "bot.hand.title": "Your hand in game #{game_id}.",
    "bot.hand.your_turn": "It is your decision now: choose below, or use /wc play.",
    "bot.hand.waiting": "{player} must decide now; you will be told when it is your turn.",
    "bot.hand.over": "Game #{game_id} is over.",
    "bot.dm.closed": (
        "I cannot send you direct messages, so your hand will not come by DM. "
        "Use /wc hand in the server at any time to see it privately."
    ),
    # --- the guided menu -----------------------------------------------------------------------------------
    "bot.menu.coin": "Game #{game_id}: choose the coin to play.",
    "bot.menu.kind": "Game #{game_id}: what should your {coin} coin do?",
    "bot.menu.target": "Game #{game_id}: choose the action.",
    "bot.menu.followup": "Game #{game_id}: choose your follow-up decision.",
    "bot.menu.draft": "Game #{game_id}: choose a unit to draft.",
    "bot.menu.coin_placeholder": "Choose a coin",
    "bot.menu.action_placeholder": "Choose an action",
    "bot.menu.actions_more": "Choose an action ({first} to {last})",
    "bot.kind.deploy": "Deploy",
    "bot.kind.bolster": "Bolster",
    "bot.kind.move": "Move",
    "bot.kind.attack": "Attack",
    "bot.kind.control": "Control",
    "bot.kind.tactic": "Tactic",
    "bot.kind.claim": "Claim initiative",
    "bot.kind.recruit": "Recruit",
    "bot.kind.pass": "Pass",
    "bot.kind.other": "Other",
    # --- buttons --------------------------------------------------------------------------------------------
    "bot.button.accept": "Accept",
    "bot.button.decline": "Decline",
    "bot.button.join": "Join",
    "bot.button.play": "Play",
    "bot.button.hand": "My hand",
    "bot.button.previous": "Previous",
    "bot.button.next": "Next",
    # --- errors the adapter adds ----------------------------------------------------------------------------
    "bot.error.which_game": "You have several games: {games}. Say which one with the game option.",
    "bot.error.no_game": "You have no game in progress here. Start one with /wc new.",
    "bot.error.not_a_game_thread": "This is not a game's thread; give the game number.",
    "bot.error.bot_opponent": "Bots cannot play War Chest here; challenge a person.",
    "bot.error.too_many_players": "A game for {players} players has room for {free} invited players.",
    "bot.error.internal": "Something went wrong on my side; nothing was changed. Please try again.",
    "bot.error.unknown_unit": "There is no unit called “{unit}”.",
    "bot.error.not_finished": "Game #{game_id} is not over yet: give a ply to see a position.",
    "bot.error.menu_gone": "That choice is no longer available in game #{game_id}; open the menu again.",
    # --- looking things up -----------------------------------------------------------------------------------
    "bot.board.caption": "The board of game #{game_id} at ply {ply}.",
    "bot.games.mine": "Your games ({status}):",
    "bot.games.server": "Games on this server ({status}):",
    "bot.games.none": "There are no games to show.",
    "bot.games.line": "Game #{game_id} ({status}): {players}.",
    "bot.games.line_turn": "Game #{game_id} ({status}): {players}. Waiting for {player}.",
    "bot.status.open": "waiting for players",
    "bot.status.active": "in progress",
    "bot.status.finished": "finished",
    "bot.status.aborted": "cancelled",
    "bot.history.title": "Game #{game_id}: plies {first} to {last} of {total}.",
    "bot.history.line": "{ply}. {player}: {action}",
    "bot.history.empty": "Nothing has been played in game #{game_id} yet.",
    "bot.replay.ply": "Game #{game_id} after ply {ply} of {total}.",
    "bot.stats.overall": "{player}: {games} games, {wins} wins, {losses} losses, {draws} draws.",
    "bot.stats.server": "On this server: {games} games, {wins} wins, {losses} losses, {draws} draws.",
    "bot.rules.card": "The {unit} card.",
    "bot.rules.summary": (
        "War Chest: draw coins from your bag, use each coin to deploy, bolster, move, attack, control a "
        "location, claim the initiative, recruit or pass. Place all your control markers to win. "
        "Units: {units}. See one with /wc rules unit."
    ),
    "bot.help": (
        "/wc new: start a game (challenge someone or open seats). "
        "/wc play: play an action (the list shows your legal actions). "
        "/wc hand: see your hand privately. /wc board: see a board. "
        "/wc games, /wc history, /wc replay, /wc stats: look things up. "
        "/wc rules: the rules and unit cards. /wc resign, /wc abort: end a game. "
        "The Play button under each board guides you step by step: coin, action, target."
    ),
}
