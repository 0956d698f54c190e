"""English messages of what every game's tutorial (`/wc tutorial`: the frame of a step, its buttons, its errors)
and rules guide (`/wc rules`: its errors) say around the game's own lessons and pages, which are in the
game's folder (`warchest_bot.service.tutorial`, `warchest_bot.discord.tutorial`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "rules.error.no_topics": "The rules of {game} have no topics: /wc rules shows them in brief.",
    "rules.error.unknown_topic": "There is no rules topic called “{topic}”: pick one from the list.",
    "tutorial.all_done": (
        "🎉 You have finished all {total} lessons of the tutorial. Play a real game with /wc new (add ai:easy "
        "to play the bot), or go back to any lesson with /wc tutorial lesson:."
    ),
    "tutorial.button.again": "Start this lesson again",
    "tutorial.button.hint": "Hint",
    "tutorial.choice": "{number}. {title}",
    "tutorial.error.finished": (
        "You have finished the tutorial. Use /wc tutorial lesson: to play a lesson again, or restart:True to "
        "start over."
    ),
    "tutorial.error.no_lesson": "There is no lesson “{value}”. Choose one from the list of /wc tutorial lesson:.",
    "tutorial.error.not_now": "It is not your move in this lesson now. Use /wc tutorial to see where you are.",
    "tutorial.error.stale": (
        "That tutorial message is out of date: you have moved on since. Use /wc tutorial to see where you are."
    ),
    "tutorial.followup": "Your move has a follow-up: choose it now to finish your turn.",
    "tutorial.goal": "**Goal:** {goal}",
    "tutorial.header": "**Lesson {number} of {total}: {title}**",
    "tutorial.how": (
        "-# Choose your move below, or type it with /wc tutorial action: (the list shows your legal moves). "
        "The pictures show the board and your coins."
    ),
    "tutorial.missed": (
        "❌ {action} is a legal move, but it does not reach the goal. {why} The lesson starts again from its "
        "position: try once more."
    ),
    "tutorial.opponent": "Opponent",
    "tutorial.opponent_played": "Your opponent played {action}.",
    "tutorial.played": "You played {action}.",
    "tutorial.reached": "✅ {done}",
    "tutorial.why.generic": "It does not do what the goal asks.",
    "tutorial.you": "You",
}
