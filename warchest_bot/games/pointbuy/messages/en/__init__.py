"""English messages of Point-Buy Chess, one module per domain (see `warchest_bot.games.pointbuy.messages`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""
