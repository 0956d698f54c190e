"""Bookkeeping for the adapter: a game's thread, whether a user can be DMed, remembered messages, and
user and server settings (among them the languages: a user's ``locale`` for what is sent to them, a server's
for its public posts; cached, since every interaction and every post asks for them)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from ..i18n import AUTONYMS, locales
from ..storage import MessageRef
from .core import ServiceCore, check_game_id
from .errors import ErrorCode, ServiceError
from .limits import checks_ids
from .results import GameInfo

LOCALE_KEY = "locale"
"""The settings key (of a user and of a server) holding the chosen language, e.g. "fa"."""
LOCALE_CACHE_SIZE = 4096
LOCALE_TTL = 60.0
"""Seconds a cached language choice is trusted: a choice made through another bot process on the same
database (another shard) reaches this one's posts within this time."""


def check_locale(locale: str) -> str:
    """A language a user or a server may choose (a registered locale), or ServiceError("bad_preferences")."""
    if locale not in locales():
        raise ServiceError(
            ErrorCode.BAD_PREFERENCES,
            "error.bad_language",
            choices=", ".join(AUTONYMS.get(loc, loc) for loc in locales()),
        )
    return locale


def _chosen(settings: dict[str, Any]) -> str | None:
    """The language a settings object holds, if the bot speaks it."""
    chosen = settings.get(LOCALE_KEY)
    return str(chosen) if chosen and str(chosen) in locales() else None


class Accounts(ServiceCore):
    """The accounts and bookkeeping part of `GameService`."""

    _locale_cache: dict[tuple[str, int], tuple[str | None, float]]

    def _locales(self) -> dict[tuple[str, int], tuple[str | None, float]]:
        """The chosen languages read so far and when, by ("user" | "guild", id); every settings write through
        this service updates its entry, and an entry older than `LOCALE_TTL` is read again."""
        cache = getattr(self, "_locale_cache", None)
        if cache is None or len(cache) >= LOCALE_CACHE_SIZE:
            cache = self._locale_cache = {}
        return cache

    # --- bookkeeping for the adapter (threads, DMs, messages, settings) --------------------------------

    @checks_ids("thread_id")
    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Record the thread (or channel) the game is played in."""
        game_id = check_game_id(game_id)
        async with self.locked(game_id):
            self.forget(game_id)
            with self.storage_errors(game_id):
                await self.storage.set_thread(game_id, thread_id)

    @checks_ids("thread_id")
    async def find_game_by_thread(self, thread_id: int) -> GameInfo | None:
        """The latest game played in this thread, if any."""
        with self.storage_errors():
            record = await self.storage.find_game_by_thread(thread_id)
        return self.info_of(record) if record is not None else None

    @checks_ids("user_id", "game_id")
    async def set_dm_reachable(
        self, user_id: int, reachable: bool | None, *, game_id: int | None = None
    ) -> int:
        """Whether the bot can DM the user (e.g. False after Discord's 50007); in one game or all current
        games. Returns the number of seats updated."""
        with self.storage_errors(game_id):
            count = await self.storage.set_dm_reachable(user_id, reachable, game_id=game_id)
        for live in self.cached_games():  # seats are cached with the game; refresh them on next use
            if live.record.seat_of(user_id) is not None:
                live.record = replace(
                    live.record,
                    seats=tuple(
                        replace(s, dm_reachable=reachable)
                        if s.user_id == user_id and (game_id is None or live.record.id == game_id)
                        else s
                        for s in live.record.seats
                    ),
                )
        return count

    @checks_ids("message_id", "channel_id")
    async def remember_message(
        self,
        game_id: int,
        kind: str,
        message_id: int,
        *,
        channel_id: int | None = None,
        seat: int | None = None,
    ) -> None:
        """Remember a message the adapter posted for the game ("board", a seat's "hand", ...)."""
        game_id = check_game_id(game_id)
        with self.storage_errors(game_id):
            await self.storage.set_message_ref(game_id, kind, message_id, channel_id=channel_id, seat=seat)

    @checks_ids("game_id")
    async def message(self, game_id: int, kind: str, seat: int | None = None) -> MessageRef | None:
        with self.storage_errors(game_id):
            return await self.storage.get_message_ref(game_id, kind, seat)

    @checks_ids("message_id")
    async def find_message(self, message_id: int) -> MessageRef | None:
        """Which game (and kind, seat) a remembered message belongs to."""
        with self.storage_errors():
            return await self.storage.find_message_ref(message_id)

    @checks_ids("user_id")
    async def user_settings(self, user_id: int) -> dict[str, Any]:
        with self.storage_errors():
            return await self.storage.get_user_settings(user_id)

    @checks_ids("user_id")
    async def update_user_settings(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Merge settings (e.g. ``{"locale": "fa"}``); a None value removes a key."""
        self._locales().pop(("user", user_id), None)
        with self.storage_errors():
            settings = await self.storage.update_user_settings(user_id, changes)
        self._locales()[("user", user_id)] = (_chosen(settings), time.monotonic())
        return settings

    @checks_ids("guild_id")
    async def server_settings(self, guild_id: int) -> dict[str, Any]:
        with self.storage_errors():
            return await self.storage.get_guild_settings(guild_id)

    @checks_ids("guild_id")
    async def update_server_settings(self, guild_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        self._locales().pop(("guild", guild_id), None)
        with self.storage_errors():
            settings = await self.storage.update_guild_settings(guild_id, changes)
        self._locales()[("guild", guild_id)] = (_chosen(settings), time.monotonic())
        return settings

    async def _chosen_locale(self, scope: str, key: int) -> str | None:
        cached = self._locales().get((scope, key))
        if cached is not None and time.monotonic() - cached[1] < LOCALE_TTL:
            return cached[0]
        if scope == "user":
            settings = await self.user_settings(key)
        else:
            settings = await self.server_settings(key)
        value = _chosen(settings)
        self._locales()[(scope, key)] = (value, time.monotonic())
        return value

    @checks_ids("user_id")
    async def user_locale(self, user_id: int) -> str | None:
        """The language the user chose for what is sent to them (None: they chose none)."""
        return await self._chosen_locale("user", user_id)

    @checks_ids("guild_id")
    async def server_locale(self, guild_id: int | None) -> str | None:
        """The language a server admin chose for the server's public posts (None: none chosen, or no server)."""
        if guild_id is None:
            return None
        return await self._chosen_locale("guild", guild_id)

    @checks_ids("user_id")
    async def set_user_locale(self, user_id: int, locale: str) -> str:
        """Choose the user's language (a registered locale, else refused with ``bad_preferences``)."""
        await self.update_user_settings(user_id, {LOCALE_KEY: check_locale(locale)})
        return locale

    @checks_ids("guild_id")
    async def set_server_locale(self, guild_id: int, locale: str) -> str:
        """Choose the language of a server's public posts (the caller checks that the user may)."""
        await self.update_server_settings(guild_id, {LOCALE_KEY: check_locale(locale)})
        return locale

    @checks_ids("user_id", "guild_id")
    async def locale_for(
        self, user_id: int, guild_id: int | None = None, fallback: str | None = None
    ) -> str | None:
        """The locale to talk to a user in: their setting, else the server's, else ``fallback`` (e.g. the
        Discord client's locale)."""
        return await self.user_locale(user_id) or await self.server_locale(guild_id) or fallback


__all__ = ["LOCALE_KEY", "Accounts", "check_locale"]
