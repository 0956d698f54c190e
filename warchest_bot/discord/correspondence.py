"""Correspondence play on Discord: deadlines on the board, reminders and timeout notices (DM and/or a
mention in the game's thread), the claim / undo / rematch buttons.

The service side is `warchest_bot.service.Correspondence`; this module only turns its results and
`Notification`s into Discord messages. Deadlines are Discord timestamps (``<t:UNIX:R>``), which every
reader sees in their own time zone.

custom ids (all under 100 characters):
  wc:claim:<game>:<ply>             "Claim win on time" (the ply at which the deadline passed)
  wc:undo:<game>:<ply>              "Undo": the player who made ply <ply>-1 asks to take it back
  wc:undoans:<yes|no>:<game>:<ply>  accept / decline the take-back asked for at <ply>
  wc:rematch:<game>                 "Rematch" under the result of a finished game
"""

from __future__ import annotations

import collections
import logging
from datetime import datetime, timedelta
from re import Match
from typing import TYPE_CHECKING, Any, Self

import discord

from ..i18n import format_list, t
from ..service import Correspondence, ErrorCode, GameInfo, Notification, ServiceError
from .common import (
    DM_CLOSED,
    NO_PINGS,
    bot_of,
    locale_of,
    mention_only,
    public_locale,
    public_name,
    reply_private,
)
from .delivery import send_once
from .interactions import BotItem, ViewButton

if TYPE_CHECKING:
    from .bot import WarchestBot
    from .flow import GameFlow

log = logging.getLogger("warchest_bot.discord.correspondence")


def stamp(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp: shown in each reader's own time zone (``R``: relative, ``f``: date and time)."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def move_time_text(move_time: timedelta, locale: str) -> str:
    hours = int(move_time.total_seconds() // 3600)
    if hours % 24 == 0:
        days = hours // 24
        return t("bot.clock.one_day", locale) if days == 1 else t("bot.clock.days", locale, days=days)
    return t("bot.clock.one_hour", locale) if hours == 1 else t("bot.clock.hours", locale, hours=hours)


class Notifier:
    """Delivers the Correspondence notifications and publishes claims, take-backs and rematches."""

    def __init__(self, bot: WarchestBot) -> None:
        self.bot = bot
        self.sent: collections.deque[tuple[Notification, str]] = collections.deque(maxlen=1000)
        """(notification, "dm" | "mention") of the latest deliveries (tests, diagnostics)."""

    @property
    def corr(self) -> Correspondence | None:
        return self.bot.corr

    @property
    def flow(self) -> GameFlow:
        return self.bot.flow

    # --- deadlines -----------------------------------------------------------------------------------
    async def deadline_line(self, info: GameInfo, locale: str = "en") -> str | None:
        """The line under a board post telling the seat to act its deadline (None: no clock running)."""
        if self.corr is None:
            return None
        clock = await self.corr.clock_of(info.id)
        if clock is None or clock.deadline is None or clock.seat is None:
            return None
        name = next((s.name for s in info.seats if s.seat == clock.seat), "?")
        line = t("bot.clock.deadline", locale, player=name, deadline=stamp(clock.deadline))
        if clock.bank is not None:  # an increment clock: what the turn started with
            bank = t("bot.clock.bank", locale, player=name, bank=move_time_text(clock.bank, locale))
            line = f"{line} {bank}"
        return line

    async def wants_digest(self, user_id: int) -> bool:
        """Whether the player chose digest mode (`Preferences.digest`)."""
        if self.corr is None:
            return False
        try:
            return (await self.corr.preferences(user_id)).digest
        except ServiceError:
            return False

    async def wants_hand_dm(self, user_id: int) -> bool:
        if self.corr is None:
            return True
        try:
            return (await self.corr.preferences(user_id)).hand_dms
        except ServiceError:
            return True

    # --- notifications -------------------------------------------------------------------------------
    def text(self, note: Notification, locale: str = "en") -> str:
        extra: dict[str, Any] = {}
        if note.deadline is not None:
            extra["deadline"] = stamp(note.deadline)
            extra["until"] = stamp(note.deadline, "f")
        return note.message(locale, **extra)

    async def view_for(self, note: Notification, locale: str = "en") -> discord.ui.View | None:
        if note.kind != "timeout_claimable" or note.game_id is None:
            return None
        info = await self.bot.service.get_game(note.game_id)
        if info.status != "active":
            return None
        return claim_view(info, locale)

    async def deliver(self, note: Notification) -> None:
        """Send one notification: by DM and/or as a mention in the game's thread, per the player's
        preference. A closed DM (403 / 50007) falls back to the mention. The DM is in the player's
        language, the mention (a public post) in the server's."""
        mention = note.mention
        if note.dm:
            loc = await self.flow.user_locale(note.user_id)
            if not await self._send_dm(note, self.text(note, loc), await self.view_for(note, loc)):
                mention = True  # closed DMs: mention them in the game's thread instead
        if mention:
            loc = await self.flow.public_locale(note.guild_id)
            await self._send_mention(note, self.text(note, loc), await self.view_for(note, loc), loc)

    async def _send_dm(self, note: Notification, text: str, view: discord.ui.View | None) -> bool:
        kwargs: dict[str, Any] = {"allowed_mentions": NO_PINGS}
        if view is not None:
            kwargs["view"] = view
        try:
            channel = await self.flow.dm_channel(note.user_id)
            await channel.send(text, **kwargs)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            await self.flow.dm_closed(note.user_id, None)
            return False
        await self.flow.dm_worked(note.user_id)  # DMs that were closed are open again
        self.sent.append((note, "dm"))
        return True

    async def _send_mention(
        self, note: Notification, text: str, view: discord.ui.View | None, locale: str
    ) -> None:
        place_id = note.thread_id or note.channel_id
        if place_id is None:
            log.info("notification %s for user %s: no place to mention them", note.kind, note.user_id)
            return
        place = self.bot.get_partial_messageable(place_id, guild_id=note.guild_id)
        kwargs: dict[str, Any] = {"allowed_mentions": mention_only(note.user_id)}
        if view is not None:
            kwargs["view"] = view
        await place.send(t("bot.notify.mention", locale, player=f"<@{note.user_id}>", message=text), **kwargs)
        self.sent.append((note, "mention"))

    def deliver_later(self, notes: tuple[Notification, ...] | list[Notification]) -> None:
        """Deliver notifications made by a command (e.g. a vacation) in the background."""
        for note in notes:
            self.flow.spawn(self.deliver(note), note.game_id)

    # --- timeouts ------------------------------------------------------------------------------------
    async def claim(self, interaction: discord.Interaction, game_id: int, ply: int | None) -> None:
        if ply is not None:
            info = await self.bot.service.get_game(game_id)
            if info.status == "active" and info.ply != ply:
                raise ServiceError(ErrorCode.STALE, game_id=game_id, ply=info.ply)
        await self.bot.correspondence.claim_timeout(
            game_id, interaction.user.id
        )  # the outbox announces the end
        await reply_private(interaction, t("bot.claim.done", locale_of(interaction), game_id=game_id))

    # --- take-backs ----------------------------------------------------------------------------------
    async def request_undo(self, interaction: discord.Interaction, game_id: int, ply: int | None) -> None:
        if ply is not None:
            info = await self.bot.service.get_game(game_id)
            if info.status == "active" and info.ply != ply:
                raise ServiceError(ErrorCode.UNDO_REFUSED, "error.undo_not_last", game_id=game_id)
        request = await self.bot.correspondence.request_undo(game_id, interaction.user.id)
        await reply_private(interaction, t("bot.undo.asked", locale_of(interaction), game_id=game_id))
        if not request.waiting_for:  # only AI opponents: taken back at once (the outbox announces it)
            return
        info = await self.bot.service.get_game(game_id)
        self.flow.spawn(self._post_request(info, request.name, request.ply, request.waiting_for), game_id)

    async def _post_request(self, info: GameInfo, name: str, ply: int, waiting: tuple[int, ...]) -> None:
        place = self.flow.place(info)
        if place is None:
            return
        loc = await self.flow.public_locale(info.guild_id)
        async with self.flow.lock_for(info.id):
            opponents = format_list((f"<@{u}>" for u in waiting), loc)
            await place.send(
                t("bot.undo.request_post", loc, player=name, game_id=info.id, opponents=opponents),
                view=undo_answer_view(info.id, ply, loc),
                allowed_mentions=mention_only(*waiting),
            )

    async def answer_undo(
        self, interaction: discord.Interaction, game_id: int, ply: int, accept: bool
    ) -> None:
        loc = locale_of(interaction)
        info = await self.bot.service.get_game(game_id)
        if info.status == "active" and info.ply != ply:
            raise ServiceError(ErrorCode.UNDO_REFUSED, "error.undo_stale", game_id=game_id)
        answer = await self.bot.correspondence.answer_undo(game_id, interaction.user.id, accept)
        if answer.status == "waiting":
            await reply_private(interaction, t("undo.waiting", loc, game_id=game_id))
            return
        public = public_locale(interaction)
        if answer.status == "declined":
            text = t(
                "undo.declined", public, player=public_name(interaction.user.display_name), game_id=game_id
            )
        else:
            text = t("undo.accepted", public, player=answer.requester_name, game_id=game_id)
        await interaction.response.edit_message(content=text, view=None, allowed_mentions=NO_PINGS)
        key = "bot.undo.you_accepted" if accept else "bot.undo.you_declined"
        await interaction.followup.send(t(key, loc, game_id=game_id), ephemeral=True)
        # An accepted take-back is announced by the outbox (board and hands).

    async def publish_undone(self, info: GameInfo) -> None:
        """The position after a take-back: a new board post with the turn and the deadline (the outbox's
        ``undo`` row; its hands follow in a ``hands`` row)."""
        flow = self.flow
        place = flow.place(info)
        if place is not None and info.to_act is not None:
            loc = await flow.public_locale(info.guild_id)
            lines = [t("bot.undo.board", loc, game_id=info.id), flow.turn_line(info, info.to_act, locale=loc)]
            deadline = await self.deadline_line(info, loc)
            if deadline:
                lines.append(deadline)
            file = await flow.board_file(info, info.ply, locale=loc)
            msg = await send_once(
                place,
                "\n".join(lines),
                file=file,
                view=flow_board_view(info, loc, await self.bot.web_link(info)),
                allowed_mentions=mention_only(info.to_act.user_id),
            )
            await flow.remember_board(info, msg)

    # --- rematch -------------------------------------------------------------------------------------
    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.bot.correspondence.rematch(
            game_id, interaction.user.id, options_for=self.bot.cog.with_server_table
        )
        await interaction.response.defer(thinking=True)
        async with self.flow.lock_for(info.id):  # the place first; the outbox then posts the board and hands
            info = await self.flow.open_place(info, None)
        self.flow.after_start(info, interaction)
        loc = public_locale(interaction)
        await interaction.followup.send(
            t(
                "bot.rematch.started",
                loc,
                game_id=info.id,
                previous_id=game_id,
                players=format_list((s.name for s in sorted(info.seats, key=lambda s: s.seat)), loc),
                place=f"<#{info.thread_id or info.channel_id}>",
            ),
            allowed_mentions=NO_PINGS,
        )


# --- views ----------------------------------------------------------------------------------------------


def flow_board_view(info: GameInfo, locale: str = "en", web_url: str | None = None) -> discord.ui.View:
    from . import components

    return components.board_view(info, locale, web_url=web_url)


def claim_view(info: GameInfo, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ClaimButton(info.id, info.ply, t("bot.button.claim", locale)))
    return view


def undo_answer_view(game_id: int, ply: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoAnswerButton(game_id, ply, True, t("bot.button.undo_accept", locale)))
    view.add_item(UndoAnswerButton(game_id, ply, False, t("bot.button.undo_decline", locale)))
    return view


def rematch_view(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, t("bot.button.rematch", locale)))
    return view


# --- items ----------------------------------------------------------------------------------------------


class ClaimButton(BotItem[ViewButton], template=r"wc:claim:(?P<game>\d+):(?P<ply>\d+)"):
    def __init__(self, game_id: int, ply: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Claim",
                style=discord.ButtonStyle.danger,
                custom_id=f"wc:claim:{game_id}:{ply}",
            )
        )
        self.game_id, self.ply = game_id, ply

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), int(match["ply"]), item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).notifier.claim(interaction, self.game_id, self.ply)


class UndoButton(BotItem[ViewButton], template=r"wc:undo:(?P<game>\d+):(?P<ply>\d+)"):
    def __init__(self, game_id: int, ply: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or "Undo", custom_id=f"wc:undo:{game_id}:{ply}"))
        self.game_id, self.ply = game_id, ply

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), int(match["ply"]), item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).notifier.request_undo(interaction, self.game_id, self.ply)


class UndoAnswerButton(
    BotItem[ViewButton],
    template=r"wc:undoans:(?P<ans>yes|no):(?P<game>\d+):(?P<ply>\d+)",
):
    def __init__(self, game_id: int, ply: int, accept: bool, label: str = "") -> None:
        ans = "yes" if accept else "no"
        style = discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or ans, style=style, custom_id=f"wc:undoans:{ans}:{game_id}:{ply}")
        )
        self.game_id, self.ply, self.accept = game_id, ply, accept

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), int(match["ply"]), match["ans"] == "yes", item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).notifier.answer_undo(interaction, self.game_id, self.ply, self.accept)


class RematchButton(BotItem[ViewButton], template=r"wc:rematch:(?P<game>\d+)"):
    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Rematch", style=discord.ButtonStyle.primary, custom_id=f"wc:rematch:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).notifier.rematch(interaction, self.game_id)


CORRESPONDENCE_ITEMS = (ClaimButton, UndoButton, UndoAnswerButton, RematchButton)

__all__ = [
    "CORRESPONDENCE_ITEMS",
    "Notifier",
    "claim_view",
    "move_time_text",
    "rematch_view",
    "stamp",
    "undo_answer_view",
]
