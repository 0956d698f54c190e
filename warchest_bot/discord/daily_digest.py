"""The server-wide daily digest on Discord: ``/wc admin digest`` (a server admin chooses the hour, or turns it
off), the day's post of a ``digest`` outbox row in the game's place, and the turn's DM that replaces the board
post of a move while the digest is on. The rules are the service's (`warchest_bot.service.daily_digest`)."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ..games import Phrase
from ..i18n import t
from ..service import ErrorCode, GameInfo, ServiceError
from ..storage import OutboxRecord
from .common import NO_PINGS, locale_of, reply_private
from .components import add_web_link
from .delivery import send_once
from .groups import ADMIN
from .mixin import CogMixin

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.daily_digest")
MAX_STEPS = 60
"""The most moves one day's post lists (the earliest are left out beyond that)."""


async def deliver_digest(bot: WarchestBot, info: GameInfo, row: OutboxRecord) -> None:
    """Post one game's day (the moves since ``since`` in public words, whose turn, the board) in its place
    (once: `send_once`), pinging nobody: the players were told of their turns by DM."""
    place = bot.flow.place(info)
    if place is None:
        return
    loc = await bot.flow.public_locale(info.guild_id)
    since = datetime.fromisoformat(str(row.payload.get("since")))
    entries = await bot.service.action_log(info.id, None, from_ply=max(0, row.ply - 4 * MAX_STEPS))
    steps = [
        (e.seat, e.said or Phrase("summary.action", {"action": e.text}))
        for e in entries
        if e.ply < row.ply and e.at >= since and e.seat is not None
    ][-MAX_STEPS:]
    lines = [t("digest.server.title", loc, game_id=info.id)]
    if steps:
        lines.append(
            t("digest.server.moves", loc, steps=bot.flow.steps_text(info, steps, loc, first_named=True))
        )
    current = await bot.service.get_game(info.id)
    if current.status == "active" and current.to_act is not None:
        lines.append(t("digest.server.turn", loc, player=current.to_act.name, game_id=info.id))
    file = await bot.flow.board_file(info, row.ply, None, locale=loc)
    extra: dict[str, discord.ui.View] = {}
    web_url = await bot.web_link(info)
    if web_url is not None:  # View on the web, as under a board post
        extra["view"] = add_web_link(discord.ui.View(timeout=None), web_url, loc)
    await send_once(place, "\n".join(lines)[:2000], file=file, allowed_mentions=NO_PINGS, **extra)


class DigestCommands(CogMixin):
    """Mixed into `WarChestCog`; uses its ``bot``."""

    @ADMIN.command(
        name="digest", description="One digest post per game per day here instead of a post per move"
    )
    @app_commands.describe(
        hour="The hour of the day's post, UTC (0 to 23; Manage Server only)",
        off="Turn the daily digest off: a post per move again (Manage Server only)",
    )
    async def admin_digest(
        self,
        interaction: discord.Interaction,
        hour: app_commands.Range[int, 0, 23] | None = None,
        off: bool = False,
    ) -> None:
        loc = locale_of(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.server.only_in_server")
        digests = self.bot.correspondence.digests
        if hour is None and not off:
            current = await digests.digest_hour(guild_id)
            key = "digest.server.shown_off" if current is None else "digest.server.shown_on"
            await reply_private(interaction, t(key, loc, hour=current if current is not None else 0))
            return
        if not interaction.permissions.manage_guild:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "digest.error.not_admin")
        chosen = await digests.set_server_digest(guild_id, None if off else hour)
        key = "digest.server.set_off" if chosen is None else "digest.server.set_on"
        await reply_private(interaction, t(key, loc, hour=chosen if chosen is not None else 0))


__all__ = ["DigestCommands", "deliver_digest"]
