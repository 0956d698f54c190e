"""Persian messages: the translation of `warchest_bot.i18n.en.completion` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "completion.label": "{units} · {action}",
    "completion.group": "{unit} ({key})",
    "completion.label.separator": "، ",
}
