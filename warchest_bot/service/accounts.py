"""Bookkeeping for the adapter: a game's thread, whether a user can be DMed, remembered messages, and
user and server settings."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..storage import MessageRef
from .core import ServiceCore, check_game_id
from .limits import checks_ids
from .results import GameInfo


class Accounts(ServiceCore):
    """The accounts and bookkeeping part of `GameService`."""

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
        with self.storage_errors():
            return await self.storage.update_user_settings(user_id, changes)

    @checks_ids("guild_id")
    async def server_settings(self, guild_id: int) -> dict[str, Any]:
        with self.storage_errors():
            return await self.storage.get_guild_settings(guild_id)

    @checks_ids("guild_id")
    async def update_server_settings(self, guild_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        with self.storage_errors():
            return await self.storage.update_guild_settings(guild_id, changes)

    @checks_ids("user_id", "guild_id")
    async def locale_for(
        self, user_id: int, guild_id: int | None = None, fallback: str | None = None
    ) -> str | None:
        """The locale to talk to a user in: their setting, else the server's, else ``fallback`` (e.g. the
        Discord client's locale)."""
        settings = await self.user_settings(user_id)
        if settings.get("locale"):
            return str(settings["locale"])
        if guild_id is not None:
            server = await self.server_settings(guild_id)
            if server.get("locale"):
                return str(server["locale"])
        return fallback


__all__ = ["Accounts"]
