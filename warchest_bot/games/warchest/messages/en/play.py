"""English messages that belong to War Chest itself: its options, how its games end, its action kinds and
its step-by-step menu, its draft, its rules in brief.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- options ------------------------------------------------------------------------------------------
    "error.bad_players": "A game of War Chest is for 2 or 4 players.",
    "error.bad_units": "Units can be chosen as: {choices}.",
    "error.bad_royal_guard": "The Royal Guard rules can be: {choices}.",
    "error.bad_max_rounds": "The round limit must be a whole number from 1 to {limit}.",
    # --- how a game ends ----------------------------------------------------------------------------------
    "result.markers": "{winners} won game #{game_id} by placing all their control markers.",
    "result.max_rounds": "Game #{game_id} is a draw: the limit of {rounds} rounds was reached.",
    # --- turns --------------------------------------------------------------------------------------------
    "turn.draft": "{player}, it is your pick in the draft of game #{game_id}.",
    # --- the step-by-step menu: coin, kind, target --------------------------------------------------------
    "bot.menu.coin": "Game #{game_id}: choose the coin to play.",
    "bot.menu.coin_placeholder": "Choose a coin",
    "bot.menu.kind": "Game #{game_id}: what should your {coin} coin do?",
    "bot.menu.target": "Game #{game_id}: choose the action.",
    "bot.menu.followup": "Game #{game_id}: choose your follow-up decision.",
    "bot.menu.draft": "Game #{game_id}: choose a unit to draft.",
    "bot.kind.bolster": "Bolster",
    "bot.kind.attack": "Attack",
    "bot.kind.control": "Control",
    "bot.kind.tactic": "Tactic",
    "bot.kind.claim": "Claim initiative",
    "bot.kind.recruit": "Recruit",
    "bot.kind.other": "Other",
    "bot.challenge.invite.warchest": (
        "{creator} challenges {invited} to game #{game_id} of War Chest "
        "({players} players, units: {units}, Royal Guard: {royal_guard})."
    ),
    "bot.challenge.open.warchest": (
        "{creator} opened game #{game_id} of War Chest ({players} players, units: {units}, "
        "Royal Guard: {royal_guard}). Press Join to take a free seat."
    ),
    "bot.play.more_actions.warchest": (
        "… {count} more: type a coin (e.g. Sw) or a hex (e.g. e2) to narrow the list"
    ),
    "bot.menu.kind_royal": "Game #{game_id}: what should your Royal Coin do?",
    # --- rules --------------------------------------------------------------------------------------------
    "bot.rules.summary": (
        "War Chest: draw coins from your bag, use each coin to deploy, bolster, move, attack, control a "
        "location, claim the initiative, recruit or pass. Place all your control markers to win. "
        "Units: {units}. The complete rules, part by part: /wc rules topic. A unit's card: /wc rules unit."
    ),
    # --- action text refused, with War Chest's examples (`for_game`) ------------------------------------
    "error.unparseable.warchest": "I cannot read “{action}”: {detail}. Write actions like “Sw deploy e2” or “decline”.",
    "error.empty_action.warchest": "Write an action, like “Sw deploy e2” or “decline”.",
    "error.long_action.warchest": (
        "That is too long for an action (at most {limit} characters). Write actions like “Sw deploy e2”."
    ),
    # --- a take-back refused across a draw (`for_game`) ------------------------------------------------
    "error.undo_draw.warchest": "That action in game #{game_id} drew coins from a bag, so it cannot be taken back.",
}
