"""The card tables of a server, for every game whose cards are data (the `CardTables` facet; today For the
Crown's house card values): ``/wc admin card_table`` (server admins load a JSON table as an attachment, or
go back to the shipped one; anyone may ask which one is in use), and the server's table put into a new
game's options (`CardTableCommands.with_server_table`, called by ``/wc new`` and ``/wc rules``), so that the
game records the table it was started with.

A table is checked whole by the game (`CardTables.load_table`) before anything is stored: an unknown
effect, a unit type that does not exist, a negative cost (and every other fault) is refused with the game's
message in the reader's language, and the server's table stays as it was. The table is kept in the server's
settings under the key the game names (`CardTables.setting`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from ..games import DataFileError, game_kinds, get_game, title_in
from ..games.facets import CardTables
from ..i18n import t
from ..service import ErrorCode, ServiceError
from . import options
from .common import TextOption, locale_of, reply_private
from .groups import ADMIN
from .mixin import CogMixin

MAX_TABLE_BYTES = 256 * 1024
"""The largest file read as a card table (For the Crown's shipped one is under 10 kB)."""


def card_table_kinds() -> tuple[str, ...]:
    """The registered games whose cards a server may replace."""
    return tuple(k for k in game_kinds() if get_game(k).facets.card_tables is not None)


def card_tables_of(game: str | None, loc: str) -> CardTables:
    """The card tables of the game ``game`` names (None: the one game that has them); a `ServiceError`
    for a game without them, or when several have them and none is named."""
    kinds = card_table_kinds()
    titles = ", ".join(title_in(k, loc) for k in kinds) or "-"
    if game is None:
        if len(kinds) != 1:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "bot.card_table.which", games=titles)
        kind = kinds[0]
    else:
        kind = options.find_kind(game)
    tables = get_game(kind).facets.card_tables
    if tables is None:
        raise ServiceError(
            ErrorCode.BAD_OPTIONS, "bot.card_table.none", game=title_in(kind, loc), games=titles
        )
    return tables


def _loaded(settings: Mapping[str, Any], tables: CardTables) -> Mapping[str, Any] | None:
    loaded = settings.get(tables.setting)
    return loaded if isinstance(loaded, Mapping) else None


class CardTableCommands(CogMixin):
    """Mixed into `WarChestCog`; uses its ``bot``."""

    @ADMIN.command(
        name="card_table", description="A game's card table here: load a JSON file (server admins)"
    )
    @app_commands.describe(
        file="A card table as JSON (docs/for-the-crown.md); checked whole, refused with the reason",
        standard="Go back to the shipped table (Manage Server only)",
        game="Which game's cards (only needed when several games have card tables)",
    )
    async def admin_card_table(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment | None = None,
        standard: bool = False,
        game: TextOption | None = None,
    ) -> None:
        loc = locale_of(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.server.only_in_server")
        tables = card_tables_of(game, loc)
        service = self.bot.service
        if file is None and not standard:
            loaded = _loaded(await service.server_settings(guild_id), tables)
            await reply_private(interaction, tables.table_line(loaded, loc))
            return
        if not interaction.permissions.manage_guild:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.card_table.not_admin")
        if file is None:
            await service.update_server_settings(guild_id, {tables.setting: None})
            await reply_private(interaction, tables.removed_line(loc))
            return
        if file.size > MAX_TABLE_BYTES:
            reason = t("bot.card_table.too_big", loc, size=file.size, limit=MAX_TABLE_BYTES)
            await reply_private(interaction, t("bot.card_table.refused", loc, reason=reason))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            raw = await file.read()
        except discord.HTTPException:
            reason = t("bot.card_table.unreadable", loc, filename=file.filename[:80])
            await reply_private(interaction, t("bot.card_table.refused", loc, reason=reason))
            return
        try:
            data = tables.load_table(raw)
        except DataFileError as exc:
            reason = t(exc.message_key, loc, **exc.params)
            await reply_private(interaction, t("bot.card_table.refused", loc, reason=reason))
            return
        await service.update_server_settings(guild_id, {tables.setting: dict(data)})
        await reply_private(interaction, tables.loaded_line(data, loc))

    @admin_card_table.autocomplete("game")
    async def card_table_game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games with card tables whose title contains what is typed."""
        kinds = set(card_table_kinds())
        choices = options.game_choices(current, locale_of(interaction))
        return [app_commands.Choice(name=title, value=kind) for title, kind in choices if kind in kinds]

    async def with_server_table(
        self, kind: str, chosen: Mapping[str, Any], guild_id: int | None
    ) -> dict[str, Any]:
        """The options of a new game of ``kind`` on this server: for a game with card tables, with the
        table this server's admins loaded (`CardTables.with_table`); every other game's as they are."""
        tables = get_game(kind).facets.card_tables
        if tables is None:
            return dict(chosen)
        settings = await self.bot.service.server_settings(guild_id) if guild_id is not None else {}
        return tables.with_table(chosen, _loaded(settings, tables))


__all__ = ["MAX_TABLE_BYTES", "CardTableCommands", "card_table_kinds", "card_tables_of"]
