"""English messages of the Discord adapter that speak of any game (not only War Chest): how `/wc play`'s
list shows a proposal with a note, and the words of a game where War Chest's do not fit (`for_game`). Merged into the English catalogue; same rules as `en.py`."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "bot.play.suggestion": "{action} · {note}",
    # --- Point-Buy Chess's own words for the adapter's messages (`i18n.for_game`) ------------------------
    "bot.game.begins.pointbuy": "Game #{game_id} begins: {side_a} (White) against {side_b} (Black).",
    "bot.hand.title.pointbuy": "Your army in game #{game_id} (your secret army while picking, then your Barracks).",
    "bot.play.more_actions.pointbuy": (
        "… {count} more: type a unit (e.g. Kn) or a square (e.g. e4) to narrow the list"
    ),
}
