"""Persian messages of Castles (فارسی), one module per domain as in `warchest_bot.games.castles.messages.en`
(same module names, same message ids, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""
