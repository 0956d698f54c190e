"""English messages of playing a game: turns, actions and why one is refused, the private hand, the menus
and buttons of play, resigning, and how games end.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- turns --------------------------------------------------------------------------------------------
    "turn.next": "{player}, it is your turn in game #{game_id}.",
    "turn.followup": "{player}, you have a follow-up decision to make in game #{game_id}.",
    "bot.move.played": "{player} played {action}.",
    "bot.turn.played": "{player}'s turn: {steps}.",
    "summary.action": "{action}",
    "summary.separator": "; ",
    "summary.step_by": "{player}: {action}",
    "turn.decide_here": (
        "{player}, you have a decision to make in game #{game_id}, and your direct messages do not reach "
        "you: press Play below or use /wc hand."
    ),
    "bot.move.you_played": "You played {action} in game #{game_id}.",
    "bot.move.turn_next": "{player}, it is your turn in game #{game_id}: press Play or use /wc play.",
    "bot.hand.title": "Your hand in game #{game_id}.",
    "bot.hand.turn_so_far": "This turn so far: {steps}.",
    "bot.hand.your_turn": "It is your decision now: choose below, or use /wc play.",
    "bot.hand.waiting": "{player} must decide now; you will be told when it is your turn.",
    "bot.hand.over": "Game #{game_id} is over.",
    # --- actions refused ----------------------------------------------------------------------------------
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
    "error.unparseable": "I cannot read “{action}”: {detail}. The list of /wc play shows the actions you can take.",
    "error.empty_action": "Write an action: the list of /wc play shows the ones you can take.",
    "error.long_action": (
        "That is too long for an action (at most {limit} characters). The list of /wc play shows the actions "
        "you can take."
    ),
    "error.ambiguous": "“{action}” could mean several actions: {candidates}. Please write the one you mean in full.",
    "error.game_over": "Game #{game_id} is over.",
    "error.game_aborted": "Game #{game_id} was cancelled.",
    "bot.error.menu_gone": "That choice is no longer available in game #{game_id}; open the menu again.",
    "bot.error.unknown_press": (
        "You cannot use that button or menu: it is not one of mine, or it is from an older version. Nothing "
        "was changed. Use /wc games to find your games, or /wc board to see one."
    ),
    "bot.error.stale_turn": (
        "That button is out of date: game #{game_id} has moved on (it is now at ply {ply}) and {player} must "
        "decide now. The current board is here: {link}. You can also play with /wc play."
    ),
    "bot.error.stale_turn_nolink": (
        "That button is out of date: game #{game_id} has moved on (it is now at ply {ply}) and {player} must "
        "decide now. Use /wc board to see the current board, or play with /wc play."
    ),
    "bot.error.stale_typed_turn": (
        "That action is out of date (it was offered for an earlier position): game #{game_id} has moved on "
        "(it is now at ply {ply}) and {player} must decide now. The current board is here: {link}. To act, "
        "choose again from the list of /wc play."
    ),
    "bot.error.stale_typed_turn_nolink": (
        "That action is out of date (it was offered for an earlier position): game #{game_id} has moved on "
        "(it is now at ply {ply}) and {player} must decide now. Use /wc board to see the current board; to "
        "act, choose again from the list of /wc play."
    ),
    "bot.error.stale_typed_over": (
        "That action is out of date (it was offered for an earlier position): game #{game_id} has moved on "
        "(it is now at ply {ply}). Use /wc board to see the current board."
    ),
    "bot.error.stale_over": (
        "That button is out of date: game #{game_id} has moved on (it is now at ply {ply}). "
        "Use /wc board to see the current board."
    ),
    # --- menus and buttons --------------------------------------------------------------------------------
    "bot.menu.action_placeholder": "Choose an action",
    "bot.menu.actions_more": "Choose an action ({first} to {last})",
    "bot.menu.group": "Game #{game_id}: what do you do?",
    "bot.menu.group_placeholder": "Choose",
    "bot.menu.unit": "Game #{game_id}: {group}: which one?",
    "bot.menu.unit_placeholder": "Choose one",
    "bot.kind.pick": "Pick",
    "bot.kind.deploy": "Deploy",
    "bot.kind.move": "Move",
    "bot.kind.pass": "Pass",
    "bot.button.play": "Play",
    "bot.button.hand": "My hand",
    "bot.play.more_actions": "… {count} more: type the start of the action to narrow the list",
    "bot.play.suggestion": "{action} · {note}",
    # --- resigning ----------------------------------------------------------------------------------------
    "result.resign": "{player} resigned game #{game_id}. {winners} won.",
    "result.resign_draw": "{player} resigned game #{game_id}; the other players draw.",
    "bot.resign.confirm": "Resign game #{game_id}? This ends the game.",
    "bot.button.resign_confirm": "Confirm",
    "bot.button.resign_cancel": "Cancel",
    "bot.resign.cancelled": "You did not resign; game #{game_id} goes on.",
    "bot.resign.stale": (
        "Game #{game_id} has moved on since you asked to resign, so that confirmation no longer applies. "
        "Use /wc resign again if you still want to resign."
    ),
    "bot.resign.not_yours": (
        "Only the player who asked to resign can answer this. To resign yourself, use /wc resign."
    ),
    # --- the end of a game --------------------------------------------------------------------------------
    "bot.game.final_board": "The final board of game #{game_id}.",
}
