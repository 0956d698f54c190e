"""SQLiteSettings: the SQLite implementation of `SettingsRepository` (see `..repositories`).

Per-user and per-guild settings (JSON objects).
A mixin of `Storage` over `SQLiteCore` (connections, transactions, shared helpers).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from .core import (
    SQLiteCore,
    _dump_json,
)

# The only tables settings can live in; identifiers are never taken from callers.
_SETTINGS_TABLES = {"user": ("user_settings", "user_id"), "guild": ("guild_settings", "guild_id")}


class SQLiteSettings(SQLiteCore):
    """Per-user and per-guild settings (JSON objects).

    Methods commit before they return unless called inside `transaction()`.
    """

    async def _get_settings(self, scope: str, key: int) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[scope]
        async with self._unit(write=False) as db:
            rows = await self._fetch(db, f"SELECT settings FROM {table} WHERE {column} = ?", (key,))
        return json.loads(rows[0][0]) if rows else {}

    async def _update_settings(
        self, scope: str, key: int, changes: Mapping[str, Any], *, replace: bool, at: datetime | None
    ) -> dict[str, Any]:
        table, column = _SETTINGS_TABLES[scope]
        _dump_json(changes, "settings")  # validate before touching the database
        now = self._now(at)
        async with self._unit(write=True) as db:
            current: dict[str, Any] = {}
            if not replace:
                rows = await self._fetch(db, f"SELECT settings FROM {table} WHERE {column} = ?", (key,))
                current = json.loads(rows[0][0]) if rows else {}
            for name, value in changes.items():
                if value is None and not replace:
                    current.pop(name, None)
                else:
                    current[name] = value
            await db.execute(
                f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?)"
                f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
                (key, _dump_json(current, "settings"), now),
            )
        return current

    async def get_user_settings(self, user_id: int) -> dict[str, Any]:
        """The user's settings ({} if never set)."""
        return await self._get_settings("user", user_id)

    async def set_user_settings(
        self, user_id: int, settings: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Replace the user's settings."""
        return await self._update_settings("user", user_id, settings, replace=True, at=at)

    async def update_user_settings(
        self, user_id: int, changes: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Merge `changes` into the user's settings atomically (a None value deletes the key); return them."""
        return await self._update_settings("user", user_id, changes, replace=False, at=at)

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The guild's settings ({} if never set)."""
        return await self._get_settings("guild", guild_id)

    async def set_guild_settings(
        self, guild_id: int, settings: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Replace the guild's settings."""
        return await self._update_settings("guild", guild_id, settings, replace=True, at=at)

    async def update_guild_settings(
        self, guild_id: int, changes: Mapping[str, Any], *, at: datetime | None = None
    ) -> dict[str, Any]:
        """Merge `changes` into the guild's settings atomically (a None value deletes the key); return them."""
        return await self._update_settings("guild", guild_id, changes, replace=False, at=at)
