"""Spectators on Discord: ``/wc my follow`` and ``/wc my unfollow`` (a game or a player, every turn or the
results, by DM or by a mention in the game's thread), ``/wc look followers`` (who follows a game), the
notices of a ``follow`` outbox row, and the Board button under them.

Followers see what a spectator sees: a notice names the game, whose turn it is or the result, and the
game's thread; the Board button shows the public board picture (drawn from the spectator view, as every
board post). A notice whose DM is refused (closed DMs) is skipped for that follower, never retried; every
message goes through `send_once`, so a row delivered again after a crash sends nothing twice.
"""

from __future__ import annotations

import logging
from re import Match
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands

from ..games import title_in
from ..i18n import format_list, t
from ..service import GameInfo, ServiceError
from ..service.following import END, START, TURN, Following
from ..storage import FollowRecord, OutboxRecord
from .common import DM_CLOSED, NO_PINGS, bot_of, locale_of, mention_only, reply_private
from .delivery import send_once
from .groups import LOOK, MY
from .interactions import BotItem, ViewButton
from .mixin import CogMixin

if TYPE_CHECKING:
    from .flow import GameFlow

log = logging.getLogger("warchest_bot.discord.spectators")

MODE_CHOICES = [
    app_commands.Choice(name="every turn and the result", value="turns"),
    app_commands.Choice(name="the result only", value="results"),
]
HOW_CHOICES = [
    app_commands.Choice(name="direct message", value="dm"),
    app_commands.Choice(name="mention in the game thread", value="mention"),
]


def follow_line(follow: FollowRecord, locale: str) -> str:
    """One entry of the list of what a user follows."""
    mode = t(f"follow.mode.{follow.mode}", locale)
    how = t(f"follow.how.{follow.how}", locale)
    if follow.target == "game":
        return t("follow.list.game", locale, game_id=follow.target_id, mode=mode, how=how)
    return t("follow.list.player", locale, player=f"<@{follow.target_id}>", mode=mode, how=how)


class SeeBoardButton(BotItem[ViewButton], template=r"wc:see:(?P<game>\d+)"):
    """Board: the game's public board picture, privately, for its players and followers."""

    def __init__(self, game_id: int, label: str = "Board") -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=f"wc:see:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), item.label or "Board")

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        info = await bot.service.get_game(self.game_id)
        user_id = interaction.user.id
        if info.seat_of(user_id) is None and not await bot.correspondence.following.may_watch(
            user_id, info.id
        ):
            raise ServiceError("unknown_game", "error.not_a_follower", game_id=info.id)
        loc = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        file = await bot.flow.board_file(info, locale=loc)
        caption = t("bot.board.caption", loc, game_id=info.id, ply=info.ply)
        await interaction.followup.send(caption, file=file, ephemeral=True)


SPECTATOR_ITEMS = (SeeBoardButton,)


def see_board_view(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeeBoardButton(game_id, t("bot.button.see_board", locale)))
    return view


class FollowNotices:
    """Delivers ``follow`` outbox rows (called by `GameFlow.deliver` with the game's lock held)."""

    def __init__(self, flow: GameFlow) -> None:
        self.flow = flow

    def notice(self, info: GameInfo, row: OutboxRecord, locale: str) -> str:
        """The notice of the row's event for a reader of ``locale``: public facts only."""
        facts = row.payload
        event = facts.get("event")
        place = f"<#{info.thread_id or info.channel_id}>" if (info.thread_id or info.channel_id) else ""
        common: dict[str, Any] = {"game_id": info.id, "game": title_in(info.kind, locale), "place": place}
        if event == START:
            players = format_list((s.name for s in info.seats), locale)
            return t("notice.follow.start", locale, players=players, **common)
        if event == END:
            result = info.over.message(locale) if info.over is not None else ""
            return t("notice.follow.end", locale, result=result, **common)
        seat = next((s for s in info.seats if s.seat == facts.get("next")), None)
        return t("notice.follow.turn", locale, player=seat.name if seat else "?", **common)

    async def deliver(self, info: GameInfo, row: OutboxRecord) -> None:
        facts = row.payload
        if facts.get("event") not in (START, TURN, END):
            log.error("game %s: follow row %s has no known event; skipped", info.id, row.id)
            return
        for user_id in facts.get("dm", ()):
            await self._dm(info, row, int(user_id))
        mentioned = [int(u) for u in facts.get("mention", ())]
        place = self.flow.place(info)
        if mentioned and place is not None:
            loc = await self.flow.public_locale(info.guild_id)
            text = t(
                "notice.follow.mention",
                loc,
                followers=" ".join(f"<@{u}>" for u in mentioned),
                notice=self.notice(info, row, loc),
            )
            await send_once(place, text, allowed_mentions=mention_only(*mentioned))

    async def _dm(self, info: GameInfo, row: OutboxRecord, user_id: int) -> None:
        loc = await self.flow.user_locale(user_id)
        text = f"{self.notice(info, row, loc)}\n{t('notice.follow.stop', loc)}"
        try:
            channel = await self.flow.dm_channel(user_id)
            await send_once(channel, text, view=see_board_view(info.id, loc), allowed_mentions=NO_PINGS)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            log.info("game %s: follower %s does not take DMs; notice skipped", info.id, user_id)
        except discord.NotFound:
            log.info("game %s: follower %s is gone; notice skipped", info.id, user_id)


class SpectatorCommands(CogMixin):
    """Mixed into `WarChestCog`: ``/wc my follow``, ``/wc my unfollow``, ``/wc look followers``."""

    @property
    def following(self) -> Following:
        return self.bot.correspondence.following

    async def _spectator_game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.game_autocomplete(interaction, current)

    @MY.command(
        name="follow", description="Follow a game or a player (lists what you follow if you name none)"
    )
    @app_commands.describe(
        game="Game number to follow",
        player="A player whose games on this server you follow",
        every="Every turn, or the result only (default: every turn)",
        how="By direct message, or by a mention in the game's thread (default: direct message)",
    )
    @app_commands.choices(every=MODE_CHOICES, how=HOW_CHOICES)
    async def follow(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        player: discord.User | None = None,
        every: str = "turns",
        how: str = "dm",
    ) -> None:
        loc = locale_of(interaction)
        user_id = interaction.user.id
        if game is None and player is None:
            follows = await self.following.follows(user_id)
            if not follows:
                await reply_private(interaction, t("follow.list.none", loc))
                return
            lines = [t("follow.list.title", loc), *(follow_line(f, loc) for f in follows)]
            await reply_private(interaction, "\n".join(lines))
            return
        if game is not None and player is None:
            await self.visible_game(interaction, game)  # their own, or one of this server
        made = await self.following.follow(
            user_id,
            game_id=game,
            player_id=player.id if player is not None else None,
            mode=every,
            how=how,
            guild_id=interaction.guild_id,
        )
        words = {"mode": t(f"follow.mode.{made.mode}", loc), "how": t(f"follow.how.{made.how}", loc)}
        if made.target == "game":
            text = t("follow.done.game", loc, game_id=made.target_id, **words)
        else:
            text = t("follow.done.player", loc, player=f"<@{made.target_id}>", **words)
        await reply_private(interaction, text)

    follow.autocomplete("game")(_spectator_game_autocomplete)

    @MY.command(name="unfollow", description="Stop following a game or a player")
    @app_commands.describe(game="Game number", player="The player")
    async def unfollow(
        self, interaction: discord.Interaction, game: int | None = None, player: discord.User | None = None
    ) -> None:
        loc = locale_of(interaction)
        await self.following.unfollow(
            interaction.user.id, game_id=game, player_id=player.id if player is not None else None
        )
        if game is not None:
            text = t("follow.stopped.game", loc, game_id=game)
        else:
            assert player is not None
            text = t("follow.stopped.player", loc, player=f"<@{player.id}>")
        await reply_private(interaction, text)

    unfollow.autocomplete("game")(_spectator_game_autocomplete)

    @LOOK.command(name="followers", description="Who follows a game")
    @app_commands.describe(game="Game number (this thread's game if left out)")
    async def followers(self, interaction: discord.Interaction, game: int | None = None) -> None:
        loc = locale_of(interaction)
        info = await self.visible_game(interaction, await self.resolve_game(interaction, game))
        found = await self.following.followers(info.id)
        if not found.user_ids:
            text = t("followers.none", loc, game_id=info.id)
        else:
            names = format_list((f"<@{u}>" for u in found.user_ids), loc)
            text = t("followers.list", loc, game_id=info.id, followers=names)
        await reply_private(interaction, text)

    followers.autocomplete("game")(_spectator_game_autocomplete)


__all__ = ["SPECTATOR_ITEMS", "FollowNotices", "SeeBoardButton", "SpectatorCommands", "see_board_view"]
