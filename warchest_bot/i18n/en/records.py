"""English messages of game records: exporting a game (`/wc look export`, `warchest-bot export`) and
importing one (`warchest-bot import`); see docs/records.md.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "error.record_unsupported": "Game #{game_id} cannot be exported: this game has no record format yet.",
    "error.bad_record": "That file is not a game record that can be imported: {detail}.",
    "error.record_not_ended": (
        "Only the record of a game that has ended can be imported: a game under way keeps its hidden "
        "parts and its seed out of its record."
    ),
    "error.record_unknown_game": "The record is of the game {game}, which this bot cannot import.",
    "error.record_too_long": "That record is too long to import (at most {limit} characters).",
    "bot.export.complete": (
        "The record of game #{game_id}: every move and the seed, so anyone can replay it and check every "
        "draw."
    ),
    "bot.export.public": (
        "The record of game #{game_id} so far: only what everyone may see (no hand, no bag, no seed) "
        "until it ends."
    ),
    "bot.export.json": "Game #{game_id} as JSON data.",
    "bot.export.mine": "Your games as JSON data ({count} games; games under way show only what everyone may see).",
}
