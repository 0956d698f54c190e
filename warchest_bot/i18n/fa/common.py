"""Persian messages: the translation of `warchest_bot.i18n.en.common` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- teams and lists ----------------------------------------------------------------------------------
    "team.0": "طرف الف",
    "team.1": "طرف ب",
    "list.two": "{first} و {second}",
    "list.many": "{rest} و {last}",
    "list.separator": "، ",
}
