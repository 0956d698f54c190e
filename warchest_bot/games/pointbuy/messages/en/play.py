"""English messages of Point-Buy Chess (`warchest_bot.games.pointbuy`): bad options, the sentences that
announce its results, its rules in brief, and its own words for messages every game shares. Part of the
English catalogue; same rules as every English message (`warchest_bot.i18n.en`): whole sentences with
named placeholders."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- options (GameKind.check_options) ----------------------------------------------------------------
    "error.bad_budget": "A budget must be a whole number of points from 1 to {limit}.",
    "error.bad_budget_black": (
        "Black's budget must be 0 (the same as White's) or a whole number of points from 1 to {limit}."
    ),
    "error.bad_picking": "Armies can be picked in these ways: {choices}.",
    "error.bad_series": "The budget rule of a series can be: {choices}.",
    "error.bad_repetition": (
        "The repetition draw must be 0 (off) or a whole number of repetitions from 2 to {limit}."
    ),
    "error.bad_no_progress": "The no-progress draw must be 0 (off) or a whole number of turns from 1 to {limit}.",
    "error.bad_turn_cap": "The turn limit must be a whole number of turns from 1 to {limit}.",
    "error.bad_dead_material": "The dead-material draw can be 0 (off) or 1 (on).",
    "error.bad_unit_cap": "The unit cap must be 0 (no cap) or a whole number from 1 to {limit}.",
    "error.bad_agreement": "Draws by agreement can be 0 (off) or 1 (on).",
    "error.bad_passes": "The passing draw must be 0 (off) or a whole number of passes from 1 to {limit}.",
    "error.bad_sovereign_guard": "The Sovereign guard can be 0 (off) or 1 (on).",
    "error.bad_players_pointbuy": "A game of Point-Buy Chess is for 2 players.",
    # --- results (GameOver: result.<reason>) --------------------------------------------------------------
    "result.sovereign": "{winners} won game #{game_id}: the other side has no Sovereign left on the board.",
    "result.setup": (
        "Game #{game_id} ended when picking was over: an army without a Sovereign on its first rank "
        "loses, and if neither has one the game is a draw."
    ),
    "result.repetition": "Game #{game_id} is a draw: the same position came up {times} times.",
    "result.no_progress": (
        "Game #{game_id} is a draw: {turns} turns went by without a capture, a Pawn move, a deploy or a "
        "promotion."
    ),
    "result.turn_cap": "Game #{game_id} is a draw: the limit of {turns} turns was reached.",
    "result.passes": "Game #{game_id} is a draw: neither side could make a move.",
    "result.dead_material": "Game #{game_id} is a draw: both sides have only Sovereigns left.",
    "result.agreement": "Game #{game_id} is a draw by agreement.",
    # --- rules -------------------------------------------------------------------------------------------
    "pointbuy.rules.summary": (
        "Point-Buy Chess: each side starts with 8 Pawns on its second rank and spends a budget of points "
        "(38 unless agreed otherwise) on units, placing each on an empty square of its first rank or in "
        "its Barracks; the armies are picked one unit at a time in turn, or in secret and revealed "
        "together. An army without a King or an Anointed on its first rank loses at once. Then White "
        "starts and each turn gives one order: a unit marches or attacks by its own movement, or a unit "
        "comes from the Barracks to an empty square of the first rank (Foot units: also the second). A "
        "Foot unit ending its move on the far rank may become any unit. A captured Immortal goes back to "
        "its Barracks. You win when the other side has no Sovereign left on the board; there is no check. "
        "Draws: by agreement, repetition, no progress, the turn limit or when neither side can move. "
        "Prices: {prices}. See a unit with /wc rules unit."
    ),
    # --- picking without a Sovereign yet (GameKind.decision_note) -----------------------------------------
    "pointbuy.crown.needed": (
        "You have no Sovereign on your first rank yet: pick a King (7 points) or an Anointed (6 points) and "
        "place it there, or your army loses when picking is over."
    ),
    "pointbuy.crown.lost": (
        "Your army can no longer get a Sovereign onto its first rank, so it will lose when picking is over."
    ),
    # --- completing a secret army as it is typed (/wc play's list) -------------------------------------
    "pointbuy.complete.unit": "{unit}, {price} points: {left} left",
    "pointbuy.complete.place": "{left} points left",
    "pointbuy.complete.done": "every point spent: send the army",
    # --- the adapter's messages in Point-Buy Chess's words (`i18n.for_game`) ------------------------------
    "bot.game.begins.pointbuy": "Game #{game_id} begins: {side_a} (White) against {side_b} (Black).",
    "bot.button.hand.pointbuy": "My army",
    "bot.dm.reopened_hand.pointbuy": (
        "I can send you direct messages again: your army for game #{game_id} is in your DMs, and hands will "
        "come by DM from now on."
    ),
    "bot.hand.title.pointbuy": "Your army in game #{game_id}: your Barracks (in secret picking, also the army you sent).",
    "bot.play.more_actions.pointbuy": (
        "… {count} more: type a unit (e.g. Kn) or a square (e.g. e4) to narrow the list"
    ),
    # --- its action kinds in the menus --------------------------------------------------------------------
    "bot.kind.army": "Army",
    "bot.kind.draw": "Accept the draw",
    # --- action text refused, with Point-Buy Chess's examples (`for_game`) -------------------------------
    "error.unparseable.pointbuy": (
        "I cannot read “{action}”: {detail}. Write actions like “Kn b1-c3”, “deploy Ro d1” or “pick Qu d1”."
    ),
    "error.empty_action.pointbuy": "Write an action, like “Kn b1-c3”, “deploy Ro d1” or “pick Qu d1”.",
    "error.long_action.pointbuy": (
        "That is too long for an action (at most {limit} characters). Write actions like “Kn b1-c3”; a secret "
        "army is typed entry by entry from the list of /wc play."
    ),
    # --- a take-back refused once the secret armies are shown (`for_game`) -------------------------------
    "error.undo_draw.pointbuy": (
        "That action in game #{game_id} revealed the secret armies, so it cannot be taken back."
    ),
}
