"""Small helpers shared by the cog and the components: locale, names, private replies, deferring."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands

from ..i18n import normalize_locale, t
from ..service import ErrorCode, GameInfo, Player, ServiceError
from ..service.limits import echo_text

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord")

NO_PINGS = discord.AllowedMentions.none()
DM_CLOSED = 50007
"""Discord's error code of a DM the user does not accept (HTTP 403)."""
T = TypeVar("T")

TEXT_OPTION_MAX = 100
"""The longest text a free-text command option takes (a name, a time zone, a unit, a topic; an autocomplete
choice's value has at most 100 characters too): Discord refuses a longer one before the bot sees it."""
LONG_TEXT_OPTION_MAX = 6000
"""The same for the options that take a list or a typed action (game settings, units, actions, answers):
Discord's largest bound; the service refuses a longer action than it reads (4,000 characters) in words."""
TextOption = app_commands.Range[str, None, TEXT_OPTION_MAX]
LongTextOption = app_commands.Range[str, None, LONG_TEXT_OPTION_MAX]


def bot_of(interaction: discord.Interaction) -> WarchestBot:
    return cast("WarchestBot", interaction.client)  # the client of every interaction this bot sees


USER_LOCALE = "wc_locale"
PUBLIC_LOCALE = "wc_public_locale"
"""Keys of ``interaction.extras``: the languages chosen by the user and by the server, loaded by
`load_locales` before a command, an autocomplete or a button runs."""


def locale_of(interaction: discord.Interaction) -> str:
    """The locale to answer this user in: the language they chose (/wc my settings language:), else their
    Discord client's language if the bot speaks it (Discord has no Persian: Persian is always a choice),
    else English."""
    chosen = interaction.extras.get(USER_LOCALE)
    return str(chosen) if chosen else normalize_locale(str(interaction.locale or "en"))


def public_locale(interaction: discord.Interaction | None) -> str:
    """The locale for messages everyone reads: the language the server's admins chose (/wc admin server), else
    the server's Discord language if the bot speaks it, else English."""
    if interaction is None:
        return "en"
    chosen = interaction.extras.get(PUBLIC_LOCALE)
    if chosen:
        return str(chosen)
    return normalize_locale(str(interaction.guild_locale)) if interaction.guild_locale is not None else "en"


async def load_locales(interaction: discord.Interaction) -> None:
    """Look up (cached by the service) the languages the user and the server chose, for `locale_of` and
    `public_locale`. A failed look-up leaves the defaults: it never stops an interaction.

    The look-ups take turns in the order the interactions came (a FIFO lock; a cached look-up does not wait
    for anything), so that the same command sent twice still reaches the game in the order it was sent."""
    bot = bot_of(interaction)
    if bot.service is None or USER_LOCALE in interaction.extras:
        return
    async with bot.locale_lock:
        try:
            interaction.extras[USER_LOCALE] = await bot.service.user_locale(interaction.user.id)
            interaction.extras[PUBLIC_LOCALE] = await bot.service.server_locale(interaction.guild_id)
        except ServiceError as exc:
            log.warning("interaction %s: languages not loaded: %r", interaction.id, exc)


def public_name(name: str) -> str:
    """A display name as it may stand in a public post: Markdown and mentions escaped (``**Ann**`` shows
    as typed instead of bold, ``@everyone`` stays text). Seats store names this way (see `player_of`)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(echo_text(name, 64)))


def plain_name(name: str) -> str:
    """A stored (escaped) name as it is drawn in pictures: the escapes taken out again."""
    return re.sub(r"\\(.)", r"\1", name).replace("@\u200b", "@")


def player_of(user: discord.abc.User) -> Player:
    """The service's `Player` for a Discord user, with a name that is safe in public posts."""
    return Player(user.id, public_name(user.display_name))


def replay_alt_text(info: GameInfo, locale: str) -> str:
    """The description of a game's replay animation: the game, its number and its length."""
    from ..games import title_in

    return t("alt.replay", locale, game=title_in(info.kind, locale), game_id=info.id, plies=info.ply)


def names_of(info: GameInfo) -> list[str]:
    """Display names per seat number (for the pictures)."""
    by_seat = {s.seat: plain_name(s.name) for s in info.seats}
    return [by_seat.get(n, "?") for n in range(info.players)]


_USER_TEXT = ("action", "unit", "value", "game", "setting")
"""Refusal placeholders that quote what the user typed: shown escaped, never as Markdown or mentions."""


def refusal_text(exc: ServiceError, locale: str) -> str:
    """The refusal to show for ``exc``, with user-typed text escaped."""
    params = {
        k: public_name(str(v)) if k in _USER_TEXT and isinstance(v, str) else v for k, v in exc.params.items()
    }
    return t(exc.message_id, locale, detail=exc.detail or "", **params)


def mention_only(*user_ids: int | None) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in user_ids if u]
    )


async def reply_private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral answer, as the first response or as a follow-up."""
    kwargs.setdefault("allowed_mentions", NO_PINGS)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


def not_your_turn(info: GameInfo) -> ServiceError:
    player = info.to_act.name if info.to_act is not None else "?"
    return ServiceError(ErrorCode.NOT_YOUR_TURN, game_id=info.id, player=player)


DEFER_AFTER = 2.0
"""Seconds a write may take before the interaction is deferred (Discord drops answers after 3 s)."""


async def in_time(interaction: discord.Interaction, work: Awaitable[T]) -> T:
    """Await ``work`` (a write that may wait for the database); if it takes longer than `DEFER_AFTER`,
    defer the interaction (privately) so that the answer, sent later with `answer`, is not lost. What the
    write committed is announced by the outbox either way."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done and not interaction.response.is_done():
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException:
            log.warning("interaction %s: could not defer", interaction.id)
    return await task


async def answer(interaction: discord.Interaction, text: str, *, edit: bool = False, **kwargs: Any) -> None:
    """A private answer: in place of the pressed private message (``edit``), as the first response, or,
    once the interaction was deferred, as a follow-up."""
    if interaction.response.is_done():
        if kwargs.get("view", ...) is None:
            del kwargs["view"]  # a new message has no buttons to take away
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    elif edit:
        await interaction.response.edit_message(content=text, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
