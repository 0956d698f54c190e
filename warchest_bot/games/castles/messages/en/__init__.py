"""English messages of Castles, one module per domain (see `warchest_bot.games.castles.messages`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""
