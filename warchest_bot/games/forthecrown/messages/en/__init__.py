"""English messages of For the Crown, one module per domain (see `warchest_bot.games.forthecrown.messages`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""
