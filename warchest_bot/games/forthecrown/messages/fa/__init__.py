"""Persian messages of For the Crown (فارسی), one module per domain as in
`warchest_bot.games.forthecrown.messages.en` (same module names, same message ids, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""
