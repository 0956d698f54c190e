"""Conditional moves on Discord: ``/wc my conditional`` leaves a line ("if they play X, I answer Y"), lists
the player's own lines, or cancels them; always in a private reply (a line is its owner's secret until it is
played). The rules are the service's (`warchest_bot.service.conditionals`); a line played is announced by
its board post ("… as a conditional move", `flow`)."""

from __future__ import annotations

import discord
from discord import app_commands

from ..i18n import t
from ..service.conditionals import LINE_SEPARATOR, ConditionalLine
from .common import locale_of, reply_private
from .groups import MY
from .mixin import CogMixin


def line_text(line: ConditionalLine, loc: str) -> str:
    """One line as its owner reads it: its number, then its moves in notation (their move, your answer, …)."""
    moves = t("conditional.arrow", loc).join(line.moves)
    return t("conditional.line", loc, number=line.number, moves=moves)


class ConditionalCommands(CogMixin):
    """Mixed into `WarChestCog`; uses its ``bot``, ``resolve_game`` and ``game_autocomplete``."""

    async def _conditional_game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.game_autocomplete(interaction, current)

    @MY.command(
        name="conditional",
        description="Games without hidden information: if they play X, answer Y at once (lists your lines if none)",
    )
    @app_commands.describe(
        line=f"Their move{LINE_SEPARATOR} your answer (more pairs may follow), e.g. Kn g8-f6{LINE_SEPARATOR} Pa e2-e4",
        cancel="Cancel your line with this number (0: all of them)",
        game="Game number",
    )
    async def conditional(
        self,
        interaction: discord.Interaction,
        line: app_commands.Range[str, 1, 400] | None = None,
        cancel: app_commands.Range[int, 0, 100] | None = None,
        game: int | None = None,
    ) -> None:
        game_id = await self.resolve_game(interaction, game)
        loc = locale_of(interaction)
        service = self.bot.service
        user_id = interaction.user.id
        if cancel is not None:
            gone = await service.cancel_conditional(game_id, user_id, cancel or None)
            key = "conditional.cancelled" if gone else "conditional.none_cancelled"
            await reply_private(interaction, t(key, loc, game_id=game_id, count=gone))
            return
        if line is not None:
            added = await service.add_conditional(game_id, user_id, line)
            await reply_private(
                interaction, t("conditional.added", loc, game_id=game_id, line=line_text(added, loc))
            )
            return
        lines = await service.conditional_lines(game_id, user_id)
        if not lines:
            await reply_private(interaction, t("conditional.list.none", loc, game_id=game_id))
            return
        text = "\n".join(
            [t("conditional.list.title", loc, game_id=game_id), *(line_text(x, loc) for x in lines)]
        )
        await reply_private(interaction, text)

    conditional.autocomplete("game")(_conditional_game_autocomplete)


__all__ = ["ConditionalCommands", "line_text"]
