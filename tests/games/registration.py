"""Registering a game that lives under tests/ for a block: the game and its catalogue messages (English),
both dropped afterwards."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

from warchest_bot.games import register_game, unregister_game
from warchest_bot.i18n import EN_MESSAGES

G = TypeVar("G")


@contextmanager
def registered_game(game: G, messages: Mapping[str, str]) -> Iterator[G]:
    """``game`` registered under its kind, with the ``messages`` the catalogue lacks, for the block."""
    added = [key for key in messages if key not in EN_MESSAGES]
    EN_MESSAGES.update({key: messages[key] for key in added})
    register_game(game)  # type: ignore[type-var]  # a game of the tests
    try:
        yield game
    finally:
        unregister_game(game.kind)  # type: ignore[attr-defined]
        for key in added:
            EN_MESSAGES.pop(key, None)
