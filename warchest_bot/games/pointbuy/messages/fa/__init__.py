"""Persian messages of Point-Buy Chess (فارسی), one module per domain as in `warchest_bot.games.pointbuy.messages.en`
(same module names, same message ids, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""
