"""The registry of games, keyed by the ``kind`` stored with every game (like OpenSpiel's
``register_game``/``load_game``).

A game registers itself when its package is imported; the games that ship with the bot (`BUILT_IN`) are
imported on the first lookup, so importing the registry is cheap and never circular.

>>> from warchest_bot.games import get_game
>>> get_game("warchest").title
'War Chest'
"""

from __future__ import annotations

import importlib
from typing import TypeVar

from .base import DuplicateGameError, GameKind, UnknownGameError

BUILT_IN: tuple[str, ...] = (
    "warchest_bot.games.warchest",
    "warchest_bot.games.pointbuy",
    "warchest_bot.games.castles.entry",
    "warchest_bot.games.forthecrown.entry",
)
"""Packages of the games that ship with the bot; each registers its kind when imported."""
DEFAULT_KIND = "warchest"
"""The game a new challenge is of when none is named."""

_GAMES: dict[str, GameKind] = {}
_loaded = False

G = TypeVar("G", bound=GameKind)


def register_game(game: G) -> G:
    """Register ``game`` under ``game.kind`` and return it (usable on a module-level instance). Raises
    `DuplicateGameError` if another game already holds the kind."""
    held = _GAMES.get(game.kind)
    if held is not None and held is not game:
        raise DuplicateGameError(f"game kind {game.kind!r} is already registered ({held.title})")
    _GAMES[game.kind] = game
    return game


def unregister_game(kind: str) -> None:
    """Forget ``kind`` (for tests that register a game of their own); unknown kinds are ignored."""
    _GAMES.pop(kind, None)


def _load_built_in() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILT_IN:
            importlib.import_module(module)


def get_game(kind: str) -> GameKind:
    """The game registered under ``kind``; raises `UnknownGameError` (a LookupError) for any other."""
    _load_built_in()
    try:
        return _GAMES[kind]
    except (KeyError, TypeError):
        raise UnknownGameError(str(kind), game_kinds()) from None


def title_in(kind: str, locale: str) -> str:
    """The title of the game ``kind`` for a reader of ``locale``: the catalogue's ``title.<kind>`` when the
    game has one (a game may name itself in each language, e.g. Persian first on a Persian server), else
    its `GameKind.title`."""
    from ..i18n import has_message, t

    key = f"title.{kind}"
    return t(key, locale) if has_message(key) else get_game(kind).title


def game_kinds() -> tuple[str, ...]:
    """The registered kinds, sorted."""
    _load_built_in()
    return tuple(sorted(_GAMES))
