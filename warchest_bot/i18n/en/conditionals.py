"""English messages of conditional moves ("if they play X, I answer Y", Point-Buy Chess): leaving, listing
and cancelling lines (`/wc my conditional`) and the board post of a line played.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "conditional.played": "{player} played {action} as a conditional move.",
    "conditional.arrow": " → ",
    "conditional.line": "Line {number}: {moves}",
    "conditional.added": (
        "Saved in game #{game_id} (their move, then your answer, in turn). {line}. Nobody else sees it: "
        "if they play that move, your answer is played at once; if the game goes another way, the line is "
        "cancelled."
    ),
    "conditional.cancelled": "Your conditional lines cancelled in game #{game_id}: {count}.",
    "conditional.none_cancelled": "You have no conditional line to cancel in game #{game_id}.",
    "conditional.list.none": (
        "You have no conditional lines in game #{game_id}. Leave one while your opponent is to move: "
        "/wc my conditional line: their move; your answer"
    ),
    "conditional.list.title": (
        "Your conditional lines in game #{game_id}, their move and your answer in turn (only you see them):"
    ),
    "conditional.error.not_this_game": (
        "Game #{game_id} ({game}) has no conditional moves. They are offered only in games where nothing is "
        "drawn or held in secret: where a turn draws coins or cards, an answer chosen in advance could not "
        "see what the draw brought."
    ),
    "conditional.error.your_turn": (
        "It is your turn in game #{game_id}: make your move. Conditional lines are left while your "
        "opponent is to move."
    ),
    "conditional.error.shape": (
        "A conditional line is their move and your answer separated by ';', optionally followed by more "
        "pairs (at most {most} moves in all), each in the game's notation."
    ),
    "conditional.error.ends": (
        "Your line cannot go on at its move {number}: the game would be over there, or its moves would not "
        "be public (game #{game_id})."
    ),
    "conditional.error.order": (
        "Move {number} of your line is not for the right player: a line alternates their move and your "
        "answer, beginning with theirs (game #{game_id})."
    ),
    "conditional.error.move": (
        "Move {number} of your line ({move}) is not a legal move at that point of game #{game_id}."
    ),
    "conditional.error.too_many": (
        "You already keep {most} conditional lines in game #{game_id}: cancel one first."
    ),
    "conditional.error.no_line": (
        "You have no conditional line {number} in game #{game_id}; /wc my conditional lists yours."
    ),
}
