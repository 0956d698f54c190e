"""English messages of For the Crown's card tables on Discord (``/wc admin card_table``): what a server
uses, a table loaded or refused (the loader's own errors are ``forthecrown.table.*`` in ``play``). Same rules
as every English message (`warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "forthecrown.admin.table_current": (
        "New For the Crown games on this server use the card table “{table}” ({cards} cards, loaded by a server "
        "admin). A game keeps the table it started with."
    ),
    "forthecrown.admin.table_shipped": (
        "New For the Crown games on this server use the shipped card table (house values marked *). A server "
        "admin can load another one: /wc admin card_table file: with a JSON table (docs/for-the-crown.md)."
    ),
    "forthecrown.admin.table_loaded": (
        "Card table “{table}” loaded ({cards} cards). New For the Crown games on this server use it; games "
        "under way keep their own table. Players who want the shipped table write table=standard in the "
        "settings of /wc new."
    ),
    "forthecrown.admin.table_removed": (
        "This server's card table is removed: new For the Crown games use the shipped table again."
    ),
    "forthecrown.table.bad_entry": "This card table cannot be played: its entry {field} holds {value}.",
    "forthecrown.table.not_json": "The file is not a card table: a card table is one JSON object in UTF-8 text.",
    "forthecrown.table.missing_card": "The starting decks need the card {card}, and the table has no card with that id.",
    "forthecrown.table.too_few": "A card table needs at least {n} variable cards (role “variable”) for a Supply.",
}
