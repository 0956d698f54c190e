"""`/wc look review [game]`: the AI's review of a finished game, asked for by one of its players.

A mixin of `WarChestCog` (as `CorrespondenceCommands`). The service checks who may ask and the limits and
returns a stored review at once; a new one is made by the service with each decision appraised in the AI
worker processes (`AiRunner.appraise`), while one message in the game's thread (or channel) says how far it
got, edited at most every `PROGRESS_EVERY` seconds ("Reviewing game #12: move 40 of 120…"). At the end that
message becomes the review: the costliest moves with the move the AI preferred and why, and the picture of
the win chance over the game (with alt text). Asked for elsewhere, the asker is told where it is made.
"""

from __future__ import annotations

import io
import logging
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ..ai.review import MIN_LOSS, Review
from ..i18n import t
from ..render.review import marked_sentences, review_alt_text
from ..service import GameInfo, ServiceError
from .common import NO_PINGS, locale_of, public_locale, reply_private
from .groups import LOOK
from .mixin import CogMixin

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.review")

PROGRESS_EVERY = 2.0
"""Seconds between two edits of the progress message (Discord limits edits per channel)."""
MESSAGE_MAX = 2000


def review_text(info: GameInfo, review: Review, locale: str) -> str:
    """The message of a review: its title and each marked move, numbered as in the picture."""
    names = [s.name for s in info.seats]
    lines = [t("bot.review.title", locale, game_id=info.id)]
    marked = marked_sentences(review, names, locale)
    if not marked:
        lines.append(t("bot.review.none_marked", locale, points=round(MIN_LOSS * 100)))
    for number, line in enumerate(marked, start=1):
        lines.append(t("bot.review.numbered", locale, number=number, line=line))
    text = "\n".join(lines)
    return text if len(text) <= MESSAGE_MAX else text[: MESSAGE_MAX - 1] + "…"


class ReviewCommands(CogMixin):
    """The `/wc look review` command (mixed into `WarChestCog`)."""

    @LOOK.command(name="review", description="The AI's review of a finished game: the costliest moves")
    @app_commands.describe(game="Game number (the game of this thread, or your latest finished game)")
    async def review(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self.resolve_finished_game(interaction, game)
        await ReviewRun(self.bot, interaction).run(game_id)


class ReviewRun:
    """One `/wc look review` request: answers the interaction, keeps the progress message, posts the review."""

    def __init__(self, bot: WarchestBot, interaction: discord.Interaction) -> None:
        self.bot = bot
        self.interaction = interaction
        self.locale = public_locale(interaction)
        self.message: discord.Message | discord.PartialMessage | None = None
        self.game_id = 0
        self._shown = 0.0

    async def run(self, game_id: int) -> None:
        self.game_id = game_id
        ai = self.bot.ai
        try:
            result = await self.bot.service.review_game(
                game_id,
                self.interaction.user.id,
                appraise=ai.appraise,
                progress=self.progress,
                budget=ai.review_budget,
                parallel=ai.review_parallel,
            )
        except ServiceError:
            if self.message is None:
                raise  # refused before anything was shown: the command's error handler answers
            await self._edit(t("bot.review.failed", self.locale, game_id=game_id))
            raise
        except Exception:
            if self.message is None:
                raise
            log.exception("game %s: the review could not be made", game_id)
            await self._edit(t("bot.review.failed", self.locale, game_id=game_id))
            return
        info, review = result.info, result.review
        names = [s.name for s in info.seats]
        teams = [s.team for s in info.seats]
        png = await self.bot.renderer.review(review, info.id, names, teams, self.locale)
        text = review_text(info, review, self.locale)

        def picture() -> discord.File:
            return discord.File(
                io.BytesIO(png),
                filename=f"review-{info.id}.png",
                description=review_alt_text(review, info.id, names, teams, self.locale),
            )

        if self.message is not None:
            await self.message.edit(content=text, attachments=[picture()], allowed_mentions=NO_PINGS)
        elif self._in_place(info):
            await self.interaction.response.send_message(text, file=picture(), allowed_mentions=NO_PINGS)
        else:  # a stored review, asked for away from the game: shown to the asker only
            await self.interaction.response.send_message(
                text, file=picture(), ephemeral=True, allowed_mentions=NO_PINGS
            )

    def _in_place(self, info: GameInfo) -> bool:
        place = info.thread_id or info.channel_id
        return place is None or self.interaction.channel_id == place

    async def progress(self, done: int, total: int) -> None:
        """Show how far the review got (the first call posts the message, later ones edit it)."""
        text = t("bot.review.progress", self.locale, game_id=self.game_id, done=done, total=total)
        if self.message is None:
            await self._open(text)
            self._shown = time.monotonic()
            return
        now = time.monotonic()
        if done < total and now - self._shown < PROGRESS_EVERY:
            return
        self._shown = now
        await self._edit(text)

    async def _open(self, text: str) -> None:
        info = await self.bot.service.get_game(self.game_id)
        interaction = self.interaction
        place = self.bot.flow.place(info)
        if self._in_place(info) or place is None:
            await interaction.response.send_message(text, allowed_mentions=NO_PINGS)
            self.message = await interaction.original_response()
            return
        self.message = await place.send(text, allowed_mentions=NO_PINGS)
        where = f"<#{info.thread_id or info.channel_id}>"
        await reply_private(
            interaction, t("bot.review.elsewhere", locale_of(interaction), game_id=info.id, place=where)
        )

    async def _edit(self, text: str) -> None:
        if self.message is None:
            return
        try:
            await self.message.edit(content=text, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.warning("game %s: the review progress message could not be edited", self.game_id)
