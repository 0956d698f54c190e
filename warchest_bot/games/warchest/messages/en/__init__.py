"""English messages of War Chest, one module per domain (see `warchest_bot.games.warchest.messages`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""
