"""For the Crown's card table of a server: ``/wc admin card_table`` (server admins load a JSON table as an
attachment, or go back to the shipped one; anyone may ask which one is in use), and the server's table
put into a new game's options (`CardTableCommands.with_server_table`, called by ``/wc new``), so that the
game records the table it was started with.

A table is checked whole by `warchest_bot.games.forthecrown.card_table.load_table` before anything is
stored: an unknown effect, a unit type that does not exist, a negative cost (and every other fault) is
refused with the loader's message in the reader's language, and the server's table stays as it was. The
table is kept in the server's settings (`SERVER_TABLE_KEY`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from ..games.forthecrown.card_table import CardTableError, load_table
from ..games.forthecrown.kind import KIND, resolve_table
from ..i18n import t
from ..service import ErrorCode, ServiceError
from .common import locale_of, reply_private
from .groups import ADMIN

if TYPE_CHECKING:
    from discord.ext.commands import Cog as _CogMixinBase

    from .bot import WarchestBot
else:
    _CogMixinBase = object

SERVER_TABLE_KEY = "forthecrown_table"
"""The server setting holding the loaded table (its JSON data, as `load_table` read it)."""
MAX_TABLE_BYTES = 256 * 1024
"""The largest file read as a card table (the shipped one is under 10 kB)."""


class CardTableCommands(_CogMixinBase):
    """Mixed into `WarChestCog`; uses its ``bot``."""

    bot: WarchestBot

    @ADMIN.command(
        name="card_table", description="For the Crown's card table here: load a JSON file (server admins)"
    )
    @app_commands.describe(
        file="A card table as JSON (docs/for-the-crown.md); checked whole, refused with the reason",
        standard="Go back to the shipped table (Manage Server only)",
    )
    async def admin_card_table(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment | None = None,
        standard: bool = False,
    ) -> None:
        loc = locale_of(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.server.only_in_server")
        service = self.bot.service
        if file is None and not standard:
            await reply_private(interaction, table_line(await service.server_settings(guild_id), loc))
            return
        if not interaction.permissions.manage_guild:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "forthecrown.admin.table_not_admin")
        if file is None:
            await service.update_server_settings(guild_id, {SERVER_TABLE_KEY: None})
            await reply_private(interaction, t("forthecrown.admin.table_removed", loc))
            return
        if file.size > MAX_TABLE_BYTES:
            reason = t("forthecrown.admin.table_too_big", loc, size=file.size, limit=MAX_TABLE_BYTES)
            await reply_private(interaction, t("forthecrown.admin.table_refused", loc, reason=reason))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            raw = await file.read()
        except discord.HTTPException:
            reason = t("forthecrown.admin.table_unreadable", loc, filename=file.filename[:80])
            await reply_private(interaction, t("forthecrown.admin.table_refused", loc, reason=reason))
            return
        try:
            table = load_table(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            reason = t("forthecrown.table.not_json", loc)
            await reply_private(interaction, t("forthecrown.admin.table_refused", loc, reason=reason))
            return
        except CardTableError as exc:
            reason = t(exc.message_key, loc, **exc.params)
            await reply_private(interaction, t("forthecrown.admin.table_refused", loc, reason=reason))
            return
        await service.update_server_settings(guild_id, {SERVER_TABLE_KEY: dict(table.data)})
        await reply_private(
            interaction,
            t("forthecrown.admin.table_loaded", loc, table=table.name, cards=len(table.cards)),
        )

    async def with_server_table(
        self, kind: str, chosen: Mapping[str, Any], guild_id: int | None
    ) -> dict[str, Any]:
        """The options of a new game of ``kind``: For the Crown's ``table: server`` (the default) replaced
        by the table this server loaded, or by ``standard``; every other game's as they are."""
        if kind != KIND:
            return dict(chosen)
        settings = await self.bot.service.server_settings(guild_id) if guild_id is not None else {}
        loaded = settings.get(SERVER_TABLE_KEY)
        return resolve_table(chosen, loaded if isinstance(loaded, Mapping) else None)


def table_line(settings: Mapping[str, Any], loc: str) -> str:
    """Which card table the server's new games use, as its admins and players read it."""
    loaded = settings.get(SERVER_TABLE_KEY)
    if not isinstance(loaded, Mapping):
        return t("forthecrown.admin.table_shipped", loc)
    try:
        table = load_table(loaded)
    except CardTableError:
        return t("forthecrown.admin.table_shipped", loc)
    return t("forthecrown.admin.table_current", loc, table=table.name, cards=len(table.cards))


__all__ = ["MAX_TABLE_BYTES", "SERVER_TABLE_KEY", "CardTableCommands", "table_line"]
