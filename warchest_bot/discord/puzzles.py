"""Puzzles in Discord: `/wc puzzle`, `/wc admin daily_puzzle` (server admins), their buttons and select menus, and
the poster of the daily puzzle.

A puzzle is shown privately: the board and the solver's hand drawn from the solver's view (the only view a
puzzle has: nothing hidden can be drawn), a sentence with the goal, and the guided choice of the move (a
select menu of the coins, then of what that coin can do, as `menus` groups the legal actions). The move can
also be typed: `/wc puzzle answer:` with autocomplete. The verdict comes as a new private message, so the
puzzle stays above it for another try.

custom ids (dynamic items: they work after a restart):
  wc:pz:coin:<attempt>           select a coin
  wc:pz:act:<attempt>:<n>        select a move (value: its index among the puzzle's legal actions)
  wc:pz:sol:<attempt>            show the solution
  wc:pz:next                     another puzzle
  wc:pz:open:<puzzle id>         under the daily puzzle: solve it privately

The daily puzzle: `DailyPoster` posts what the service says is owed (`owed_daily_posts`) and marks each post
done right after it went through; it runs when a post becomes owed and at every start, so a day's post goes
out once, also across restarts (like the outbox: a hard crash in the instant between the post and its mark
would post it again). A post that fails stays owed and is tried again the next time the poster runs (the
next day's post, or a start), at most `MAX_POST_TRIES` times.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from re import Match
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands

from ..games import DEFAULT_KIND, alt_text_of, get_game
from ..i18n import t
from ..service import ErrorCode, Legal, ServiceError
from ..service.puzzles import PuzzleAnswer, PuzzleShown
from . import menus
from .common import LongTextOption, bot_of, locale_of
from .groups import ADMIN
from .interactions import BotItem, ViewButton, ViewSelect, select_menu
from .mixin import CogMixin

if TYPE_CHECKING:
    from ..storage import DailyPostRecord
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.puzzles")

MAX_POST_TRIES = 5
"""A daily post that failed this often (the channel was deleted, the bot may not write there) is given up."""
PER_SELECT = 25
MAX_ACTION_SELECTS = 3
AUTOCOMPLETE_MAX = 25


# --- messages -------------------------------------------------------------------------------------------


def _names(shown: PuzzleShown, locale: str) -> list[str]:
    seats = len(shown.view.get("seats", [])) or 2
    return [t("puzzle.name.you" if s == shown.seat else "puzzle.name.opponent", locale) for s in range(seats)]


def _label(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def puzzle_text(shown: PuzzleShown, locale: str) -> str:
    lines = [
        t("puzzle.title", locale, puzzle=shown.puzzle_id, rating=shown.puzzle_rating),
        t(f"puzzle.goal.{shown.theme}", locale),
        t("puzzle.how", locale),
        t("puzzle.your_rating", locale, rating=shown.user_rating),
    ]
    return "\n".join(lines)


async def puzzle_files(bot: WarchestBot, shown: PuzzleShown, locale: str) -> list[discord.File]:
    """The board and the solver's hand, drawn from the solver's view only."""
    names = _names(shown, locale)
    game = alt_text_of(get_game(shown.kind))
    board = await bot.renderer.board(shown.view, None, names, shown.kind, locale)
    hand = await bot.renderer.hand(shown.view, names, shown.kind, locale)
    return [
        discord.File(
            io.BytesIO(board),
            filename=f"puzzle-{shown.puzzle_id}.png",
            description=game.board_alt_text(shown.view, None, names, locale),
        ),
        discord.File(
            io.BytesIO(hand),
            filename=f"puzzle-{shown.puzzle_id}-hand.png",
            description=game.private_alt_text(shown.view, names, locale),
        ),
    ]


def _group_prompt(kind: str, locale: str) -> str:
    """The placeholder of the first select: the game's own words (War Chest: a coin)."""
    puzzles = get_game(kind).facets.puzzles
    return puzzles.group_prompt(locale) if puzzles is not None else t("bot.menu.group_placeholder", locale)


def choice_view(shown: PuzzleShown, locale: str, coin: str | None = None) -> discord.ui.View:
    """The coin select, then (once a coin is chosen) the moves of that coin, and Show the solution."""
    view = discord.ui.View(timeout=None)
    legal = shown.legal
    coins = menus.coins(legal, shown.kind)[:PER_SELECT]
    view.add_item(
        PuzzleCoinSelect(
            shown.attempt_id,
            [
                discord.SelectOption(
                    label=_label(menus.group_label(c, shown.kind, locale)), value=c, default=c == coin
                )
                for c in coins
            ],
            _group_prompt(shown.kind, locale),
        )
    )
    if coin is not None:
        indexed = [(n, a) for n, a in enumerate(legal) if menus.coin_of(a, shown.kind) == coin]
        for k in range(min(MAX_ACTION_SELECTS, (len(indexed) + PER_SELECT - 1) // PER_SELECT)):
            chunk = indexed[k * PER_SELECT : (k + 1) * PER_SELECT]
            options = [discord.SelectOption(label=_label(a.text), value=str(n)) for n, a in chunk]
            view.add_item(PuzzleActionSelect(shown.attempt_id, k, options, t("puzzle.select.action", locale)))
    view.add_item(PuzzleSolutionButton(shown.attempt_id, t("puzzle.button.solution", locale)))
    return view


async def puzzle_message(bot: WarchestBot, shown: PuzzleShown, locale: str) -> dict[str, Any]:
    return {
        "content": puzzle_text(shown, locale),
        "files": await puzzle_files(bot, shown, locale),
        "view": choice_view(shown, locale),
    }


def verdict_text(result: PuzzleAnswer, answer: str | None, locale: str) -> str:
    shown = result.shown
    change = f"{result.change:+d}"
    if answer is None:  # the solution was asked for
        lines = [t("puzzle.solution", locale, solution=result.solution)]
        if result.rated:
            lines.append(t("puzzle.rating_change", locale, rating=shown.user_rating, change=change))
        lines.append(t(f"puzzle.why.{shown.theme}", locale))
        return "\n".join(lines)
    if result.correct:
        lines = [t("puzzle.right", locale, action=answer)]
        lines.append(t(f"puzzle.why.{shown.theme}", locale))
        if result.rated:
            lines.append(t("puzzle.rating_change", locale, rating=shown.user_rating, change=change))
        else:
            lines.append(t("puzzle.not_rated", locale))
        return "\n".join(lines)
    lines = [t("puzzle.wrong", locale, action=answer)]
    if result.rated:
        lines.append(t("puzzle.rating_change", locale, rating=shown.user_rating, change=change))
    lines.append(t("puzzle.retry", locale))
    return "\n".join(lines)


def verdict_view(result: PuzzleAnswer, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if not result.shown.finished:
        view.add_item(PuzzleSolutionButton(result.shown.attempt_id, t("puzzle.button.solution", locale)))
    view.add_item(PuzzleNextButton(t("puzzle.button.next", locale)))
    return view


async def send_verdict(interaction: discord.Interaction, result: PuzzleAnswer, answer: str | None) -> None:
    loc = locale_of(interaction)
    text = verdict_text(result, answer, loc)
    view = verdict_view(result, loc)
    if interaction.response.is_done():
        await interaction.followup.send(text, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True)


async def show_new_puzzle(interaction: discord.Interaction, puzzle_id: str | None = None) -> None:
    bot = bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    shown = await bot.service.new_puzzle(interaction.user.id, interaction.guild_id, puzzle_id=puzzle_id)
    message = await puzzle_message(bot, shown, locale_of(interaction))
    await interaction.followup.send(ephemeral=True, **message)


# --- buttons and select menus -----------------------------------------------------------------------------


class PuzzleCoinSelect(BotItem[ViewSelect], template=r"wc:pz:coin:(?P<attempt>\d+)"):
    def __init__(
        self, attempt_id: int, options: list[discord.SelectOption] | None = None, placeholder: str = ""
    ) -> None:
        self.attempt_id = attempt_id
        super().__init__(select_menu(f"wc:pz:coin:{attempt_id}", options, placeholder))

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewSelect, match: Match[str]) -> Self:
        return cls(int(match["attempt"]), list(item.options) or None)

    async def run(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        coin = str(values[0]) if values else None
        shown = await bot_of(interaction).service.puzzle_attempt(interaction.user.id, self.attempt_id)
        await interaction.response.edit_message(view=choice_view(shown, locale_of(interaction), coin))


class PuzzleActionSelect(BotItem[ViewSelect], template=r"wc:pz:act:(?P<attempt>\d+):(?P<n>\d+)"):
    def __init__(
        self,
        attempt_id: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        self.attempt_id = attempt_id
        super().__init__(select_menu(f"wc:pz:act:{attempt_id}:{n}", options, placeholder))

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewSelect, match: Match[str]) -> Self:
        return cls(int(match["attempt"]), int(match["n"]), list(item.options) or None)

    async def run(self, interaction: discord.Interaction) -> None:
        service = bot_of(interaction).service
        values = self.item.values
        shown = await service.puzzle_attempt(interaction.user.id, self.attempt_id)
        index = int(values[0]) if values and str(values[0]).isdigit() else -1
        if not 0 <= index < len(shown.legal):
            raise ServiceError(ErrorCode.STALE, "puzzle.error.stale")
        text = shown.legal[index].text
        result = await service.answer_puzzle(interaction.user.id, self.attempt_id, text)
        await send_verdict(interaction, result, text)


class PuzzleSolutionButton(BotItem[ViewButton], template=r"wc:pz:sol:(?P<attempt>\d+)"):
    def __init__(self, attempt_id: int, label: str = "") -> None:
        self.attempt_id = attempt_id
        super().__init__(discord.ui.Button(label=label or "?", custom_id=f"wc:pz:sol:{attempt_id}"))

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["attempt"]))

    async def run(self, interaction: discord.Interaction) -> None:
        service = bot_of(interaction).service
        result = await service.show_puzzle_solution(interaction.user.id, self.attempt_id)
        await send_verdict(interaction, result, None)


class PuzzleNextButton(BotItem[ViewButton], template=r"wc:pz:next"):
    def __init__(self, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label or "?", style=discord.ButtonStyle.primary, custom_id="wc:pz:next")
        )

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls()

    async def run(self, interaction: discord.Interaction) -> None:
        await show_new_puzzle(interaction)


class PuzzleOpenButton(BotItem[ViewButton], template=r"wc:pz:open:(?P<puzzle>[A-Za-z0-9_-]{1,40})"):
    def __init__(self, puzzle_id: str, label: str = "") -> None:
        self.puzzle_id = puzzle_id
        super().__init__(
            discord.ui.Button(
                label=label or "?", style=discord.ButtonStyle.primary, custom_id=f"wc:pz:open:{puzzle_id}"
            )
        )

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(match["puzzle"])

    async def run(self, interaction: discord.Interaction) -> None:
        await show_new_puzzle(interaction, self.puzzle_id)


PUZZLE_ITEMS = (
    PuzzleCoinSelect,
    PuzzleActionSelect,
    PuzzleSolutionButton,
    PuzzleNextButton,
    PuzzleOpenButton,
)


# --- the daily puzzle -----------------------------------------------------------------------------------------


class DailyPoster:
    """Posts the daily puzzles the service says are owed (see the module docstring)."""

    def __init__(self, bot: WarchestBot) -> None:
        self.bot = bot
        self._lock = asyncio.Lock()
        self.posted = 0

    async def deliver_owed(self) -> None:
        async with self._lock:
            await self.bot.wait_until_ready()
            for post in await self.bot.service.owed_daily_posts():
                if post.attempts >= MAX_POST_TRIES:
                    log.warning("daily puzzle for guild %s, day %s: given up", post.guild_id, post.day)
                    await self.bot.service.daily_post_done(post)
                    continue
                try:
                    await self._post(post)
                except (discord.HTTPException, ServiceError) as exc:
                    log.warning("daily puzzle for guild %s, day %s: %r", post.guild_id, post.day, exc)
                    await self.bot.service.daily_post_done(post, error=repr(exc))
                    continue
                await self.bot.service.daily_post_done(post)
                self.posted += 1

    async def _post(self, post: DailyPostRecord) -> None:
        channel = self.bot.get_channel(post.channel_id) or await self.bot.fetch_channel(post.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise ServiceError(ErrorCode.UNKNOWN_GAME, "puzzle.error.unknown", puzzle=post.puzzle_id)
        guild = getattr(channel, "guild", None)
        loc = str(guild.preferred_locale) if guild is not None else "en"
        puzzle = self.bot.service.daily_puzzle(post.puzzle_id)
        shown = PuzzleShown(
            attempt_id=0,
            puzzle_id=puzzle.id,
            kind=DEFAULT_KIND,  # the game of the service's puzzles
            theme=puzzle.theme,
            seat=puzzle.seat,
            view=dict(puzzle.view),
            legal=(),
            puzzle_rating=round(puzzle.rating),
            user_rating=0,
            tries=0,
            solved=None,
            finished=False,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(PuzzleOpenButton(puzzle.id, t("puzzle.button.solve", loc)))
        text = "\n".join(
            [t("puzzle.daily.post", loc, puzzle=puzzle.id), t(f"puzzle.goal.{puzzle.theme}", loc)]
        )
        files = await puzzle_files(self.bot, shown, loc)
        await channel.send(text, files=files, view=view, allowed_mentions=discord.AllowedMentions.none())


# --- the commands ---------------------------------------------------------------------------------------------


class PuzzleCommands(CogMixin):
    """Mixed into `WarChestCog`: `/wc puzzle` and `/wc admin daily_puzzle`."""

    @app_commands.command(name="puzzle", description="A War Chest puzzle at your level: find the best move")
    @app_commands.describe(answer="Your move for the puzzle you are solving (or choose it from the menu)")
    async def puzzle(self, interaction: discord.Interaction, answer: LongTextOption | None = None) -> None:
        if answer is None:
            await show_new_puzzle(interaction)
            return
        service = self.bot.service
        latest = await service.latest_puzzle(interaction.user.id)
        if latest is None or latest.finished:
            raise ServiceError(ErrorCode.NOT_STARTED, "puzzle.error.no_attempt")
        result = await service.answer_puzzle(interaction.user.id, latest.attempt_id, answer)
        await send_verdict(interaction, result, answer)

    @puzzle.autocomplete("answer")
    async def puzzle_answer_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        latest = await self.bot.service.latest_puzzle(interaction.user.id)
        if latest is None or latest.finished:
            return []
        hits: Sequence[Legal] = menus.filter_actions(latest.legal, current, AUTOCOMPLETE_MAX)
        return [app_commands.Choice(name=_label(a.text), value=a.text[:100]) for a in hits]

    @ADMIN.command(name="daily_puzzle", description="Post a puzzle here every day (server admins)")
    @app_commands.describe(
        channel="The channel to post it in (this one if left out)",
        hour="The hour of the day it is posted (UTC, 0-23; 12 if left out)",
        off="Stop posting the daily puzzle",
    )
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def daily_puzzle(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel | None = None,
        hour: app_commands.Range[int, 0, 23] = 12,
        off: bool = False,
    ) -> None:
        loc = locale_of(interaction)
        if interaction.guild_id is None:
            raise ServiceError(ErrorCode.NOT_SEATED, "puzzle.error.guild_only")
        if not interaction.permissions.manage_guild:
            raise ServiceError(ErrorCode.NOT_CREATOR, "puzzle.error.manage_server")
        service = self.bot.service
        if off:
            was_on = await service.stop_daily_puzzle(interaction.guild_id)
            await interaction.response.send_message(
                t("puzzle.daily.off" if was_on else "puzzle.daily.was_off", loc), ephemeral=True
            )
            return
        channel_id = channel.id if channel is not None else interaction.channel_id
        if channel_id is None:
            raise ServiceError(ErrorCode.NOT_SEATED, "puzzle.error.guild_only")
        due = await service.set_daily_puzzle(interaction.guild_id, channel_id, hour, interaction.user.id)
        await interaction.response.send_message(
            t(
                "puzzle.daily.on",
                loc,
                channel=f"<#{channel_id}>",
                hour=f"{hour:02d}:00",
                when=discord.utils.format_dt(due, "R"),
            ),
            ephemeral=True,
        )


__all__ = ["PUZZLE_ITEMS", "DailyPoster", "PuzzleCommands", "puzzle_message", "puzzle_text"]
