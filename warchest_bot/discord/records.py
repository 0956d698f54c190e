"""`/wc look export [game] [what]`: a game's record as a file (docs/records.md), its JSON data, or every
game of the asker as JSON.

A mixin of `WarChestCog` (as `ReviewCommands`). The service (`warchest_bot.service.records`) writes the
record: a finished game's holds every move and the seed, a game under way's only what everyone may see.
Anyone who may look at the game here (a player of it, or anyone on its server) may export it; the file is
sent privately (ephemeral), as the history and replays are.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands

from ..i18n import t
from ..service.records import GameRecords, json_text
from .common import locale_of
from .groups import LOOK
from .mixin import CogMixin

EXPORT_COOLDOWN = (5, 60.0)
"""Exports per user and minute (each reads a whole game, a player's export all of their games)."""
MINE_LIMIT = 300
"""The most games `/wc look export what:mine` sends (newest first; the command line has no limit)."""
WHAT = [
    app_commands.Choice(name="record (the game's record file, e.g. PGN for chess)", value="record"),
    app_commands.Choice(name="json (this game's data)", value="json"),
    app_commands.Choice(name="mine (all your games as json)", value="mine"),
]


def _per_user(interaction: discord.Interaction) -> int:
    return interaction.user.id


class RecordCommands(CogMixin):
    """The `/wc look export` command (mixed into `WarChestCog`)."""

    @LOOK.command(
        name="export", description="A game's record as a file (e.g. PGN for chess games), or as JSON"
    )
    @app_commands.describe(
        game="Game number (the game of this thread, or your game)",
        what="The record (default), this game's JSON data, or all your games as JSON",
    )
    @app_commands.choices(what=WHAT)
    @app_commands.checks.cooldown(*EXPORT_COOLDOWN, key=_per_user)
    async def export(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        what: app_commands.Choice[str] | None = None,
    ) -> None:
        loc = locale_of(interaction)
        choice = what.value if what is not None else "record"
        records = GameRecords(self.bot.service)
        if choice == "mine":
            await interaction.response.defer(ephemeral=True, thinking=True)
            data = await records.export_player(interaction.user.id, limit=MINE_LIMIT)
            await self._send(
                interaction,
                t("bot.export.mine", loc, count=len(data["games"])),
                json_text(data),
                f"games-{interaction.user.id}.json",
            )
            return
        info = await self.visible_game(interaction, await self.resolve_game(interaction, game))
        if choice == "json":
            data = await records.export_json(info.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._send(
                interaction,
                t("bot.export.json", loc, game_id=info.id),
                json_text(data),
                f"{info.kind}-{info.id}.json",
            )
            return
        record = await records.export_record(info.id)  # refuses a game without records before deferring
        await interaction.response.defer(ephemeral=True, thinking=True)
        key = "bot.export.complete" if record.complete else "bot.export.public"
        await self._send(interaction, t(key, loc, game_id=info.id), record.text, record.filename)

    @staticmethod
    async def _send(interaction: discord.Interaction, text: str, body: str, filename: str) -> None:
        await interaction.followup.send(
            text, file=discord.File(io.BytesIO(body.encode("utf-8")), filename=filename), ephemeral=True
        )


__all__ = ["RecordCommands"]
