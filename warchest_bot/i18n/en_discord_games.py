"""English messages of the Discord adapter that speak of any game (not only War Chest): how `/wc play`'s
list shows a proposal with a note. Merged into the English catalogue; same rules as `en.py`."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "bot.play.suggestion": "{action} · {note}",
}
