"""How every interaction is answered: one error path for every slash command and every button.

- `refuse` is the one error handler. A `ServiceError` becomes a private, clear refusal (nothing changed); a
  cooldown becomes the service's "limit reached" refusal; anything else (Discord refusing a request, a bug)
  is logged and answered with a private apology.
- Slash commands just raise: the cog's ``cog_app_command_error`` calls `refuse`, and `CommandTree` holds the
  announcements a command commits until it has been answered (see below).
- Buttons and select menus derive from `BotItem` and implement ``restore`` (the item from its custom id) and
  ``run(interaction)``; its ``callback`` does the same as a command: hold, run, refuse on error.
- A press no item of the bot answers (a custom id of no known layout, one its message does not carry, a
  select menu's custom id sent as a button press) is refused privately and quietly (`answer_unclaimed`).

While an interaction is being answered, the announcements it commits (the board post after a move) are
held and released once the answer (or the refusal) is sent, so the board comes after "You played …"; a
failed answer never stops an announcement. Then a pending closed-DM notice for the user, if any, follows.
"""

from __future__ import annotations

import asyncio
import logging
import typing
from collections.abc import Iterable
from datetime import timedelta
from re import Match
from typing import Any, Self, TypeAlias, TypeVar

import discord
from discord import app_commands

from ..i18n import t
from ..service import ErrorCode, ServiceError
from .common import bot_of, load_locales, locale_of, refusal_text, reply_private

log = logging.getLogger("warchest_bot.discord")

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])
ViewButton: TypeAlias = discord.ui.Button[discord.ui.View]
"""The button a `BotItem` wraps (``BotItem[ViewButton]``): the bot's buttons sit in message views."""
ViewSelect: TypeAlias = discord.ui.Select[discord.ui.View]
"""The select menu a `BotItem` wraps (``BotItem[ViewSelect]``)."""


def cooldown_refusal(error: app_commands.CommandOnCooldown) -> ServiceError:
    """A command used too often: the refusal names when it may be used again."""
    retry = discord.utils.utcnow() + timedelta(seconds=max(1.0, error.retry_after))
    when = discord.utils.format_dt(retry, "R")
    return ServiceError(ErrorCode.LIMIT_REACHED, "bot.error.cooldown", when=when)


async def refuse(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``interaction`` privately for ``error`` (raised by a command, a check or a button): a clear
    refusal for what a user caused, a logged apology for the rest (for a request Discord refused, one that does
    not claim nothing changed: it may have come after the commit)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, app_commands.CommandOnCooldown):
        error = cooldown_refusal(error)
    loc = locale_of(interaction)
    if isinstance(error, ServiceError):
        if not error.user_caused:
            log.warning("interaction %s: %r", interaction.id, error)
        text = refusal_text(error, loc)
    elif isinstance(error, discord.HTTPException):
        # Discord refused a request of this command (its answer, mostly), possibly after the service committed
        # the action: do not claim that nothing changed.
        log.error("interaction %s: Discord refused a request", interaction.id, exc_info=error)
        text = t("bot.error.discord", loc)
    else:
        log.error("interaction %s failed", interaction.id, exc_info=error)
        text = t("bot.error.internal", loc)
    try:
        await reply_private(interaction, text)
    except discord.HTTPException:
        log.warning("interaction %s: could not send the refusal", interaction.id)


class CommandTree(app_commands.CommandTree):
    """The bot's command tree: a slash command's announcements are held until the command has answered.

    ``interaction_check`` runs in the task that runs the command (and its error handler) and nothing else,
    so the hold lasts until that task ends; then the held announcements go out and a pending closed-DM
    notice follows."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        await load_locales(interaction)  # commands and autocompletes answer in the chosen languages
        if interaction.type is discord.InteractionType.application_command:
            hold_until_answered(interaction)
        return True


def hold_until_answered(interaction: discord.Interaction) -> None:
    """Hold the announcements committed by the current task until it ends (it answers ``interaction``)."""
    bot = bot_of(interaction)
    task = asyncio.current_task()
    if task is None:
        return
    scope = bot.delivery.hold(interaction)

    def answered(_: asyncio.Task[Any]) -> None:
        bot.delivery.release(scope)
        bot.flow.spawn(bot.flow.deliver_dm_notice(interaction))

    task.add_done_callback(answered)


def select_menu(
    custom_id: str, options: list[discord.SelectOption] | None, placeholder: str = ""
) -> ViewSelect:
    """The select menu of a `BotItem`. Restored from a choice (``from_custom_id``) it may come without its
    options: one stand-in option keeps it valid (only its ``values`` are read then)."""
    return discord.ui.Select(
        custom_id=custom_id,
        options=options or [discord.SelectOption(label="-", value="-")],
        placeholder=placeholder or None,
    )


class BotItem(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """A button or select menu of the bot (a dynamic item: it works after a restart). Subclasses implement
    `restore` and `run`; every error `run` raises is answered by `refuse`, as for a slash command."""

    @classmethod
    def component_class(cls) -> type[discord.ui.Item[Any]]:
        """The kind of component this item is (``BotItem[ViewButton]``: a button)."""
        for klass in cls.__mro__:
            for base in getattr(klass, "__orig_bases__", ()):
                if typing.get_origin(base) is BotItem:
                    component = typing.get_args(base)[0]  # Button[View]: the class is its origin
                    return typing.cast(
                        "type[discord.ui.Item[Any]]", typing.get_origin(component) or component
                    )
        return discord.ui.Item

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Match[str], /
    ) -> BotItem[ItemT]:
        """The item a press of ``item`` is for (`restore`); a press on a component of another kind than
        this item's (a forged press: a select menu's custom id sent as a button) is refused quietly."""
        if not isinstance(item, cls.component_class()):
            return typing.cast("BotItem[ItemT]", UnclaimedPress(item))
        return await cls.restore(interaction, typing.cast("ItemT", item), match)  # its class checked above

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ItemT, match: Match[str], /) -> Self:
        """This item from the pressed component ``item`` and its custom id's ``match`` of the template."""
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        with bot.delivery.interaction_scope(interaction):
            try:
                await load_locales(interaction)
                game_id = getattr(self, "game_id", None)
                if isinstance(game_id, int):  # a press of a player whose seat the bot plays gives it back
                    from .seats import give_back  # (seats' buttons are BotItems: imported here, not above)

                    await give_back(bot, game_id, interaction.user.id)
                await self.run(interaction)
            except Exception as exc:
                await refuse(interaction, exc)
        await bot.flow.deliver_dm_notice(interaction)

    async def run(self, interaction: discord.Interaction) -> None:
        """What a press (or a choice) does; raise `ServiceError` to refuse it."""
        raise NotImplementedError


class UnclaimedPress(BotItem[discord.ui.Item[Any]], template=r".*"):
    """Stands in for the item of a press the bot has no item for: it refuses privately (never registered)."""

    async def run(self, interaction: discord.Interaction) -> None:
        raise unclaimed_refusal()


def unclaimed_refusal() -> ServiceError:
    """The private refusal of a press the bot has no item for (nothing changes)."""
    return ServiceError(ErrorCode.STALE, "bot.error.unknown_press")


def is_claimed(interaction: discord.Interaction, items: Iterable[type[BotItem[Any]]]) -> bool:
    """Whether one of ``items`` answers this component press, as discord.py dispatches dynamic items: a
    template matches the custom id, and the pressed message has a component of that id and type."""
    data = typing.cast("dict[str, Any]", interaction.data or {})
    custom_id, ctype = str(data.get("custom_id", "")), data.get("component_type")
    if not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items):
        return False
    message = interaction.message
    if message is None:
        return False
    view = discord.ui.View.from_message(message, timeout=None)
    return any(
        child.type.value == ctype and getattr(child, "custom_id", None) == custom_id
        for child in view.walk_children()
    )


async def answer_unclaimed(interaction: discord.Interaction, items: Iterable[type[BotItem[Any]]]) -> None:
    """Refuse privately a component press none of ``items`` answers (Discord would show "This interaction
    failed"): a custom id of no known layout (an older version's, or made up), or one its message does not
    carry. Other interactions are left alone."""
    if interaction.type is not discord.InteractionType.component or is_claimed(interaction, items):
        return
    await load_locales(interaction)
    await refuse(interaction, unclaimed_refusal())
