"""English words every domain uses: the two sides' names and how lists are joined.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- teams and lists ----------------------------------------------------------------------------------
    "team.0": "Side A",
    "team.1": "Side B",
    "list.two": "{first} and {second}",
    "list.many": "{rest}, and {last}",
    "list.separator": ", ",
}
