"""What the event commands share: `EventCommands`, the base of `tournaments.TournamentCommands` and
`leagues.LeagueCommands` (a `mixin.CogMixin`), with the service, the lookup of a server's event, its
autocomplete, the organiser's check and the refusals; and the clipping of a post to Discord's length."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from ..games import get_game
from ..i18n import t
from ..service import ErrorCode, ServiceError
from ..storage import TournamentRecord
from ..tournaments import Tournament, TournamentError
from . import options
from .common import locale_of
from .mixin import CogMixin

if TYPE_CHECKING:
    from ..service.tournaments import TournamentService

T = TypeVar("T")

POST_MAX = 2000
"""The longest message Discord takes."""


def refusal(error: TournamentError) -> ServiceError:
    """A refusal of the event's rules as the error the one error handler answers (`interactions.refuse`)."""
    return ServiceError(ErrorCode.BAD_OPTIONS, error.message_id)


def clipped(text: str, limit: int = POST_MAX) -> str:
    """``text`` cut with an ellipsis to ``limit`` characters (by default Discord's longest message)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class EventCommands(CogMixin):
    """The helpers of the ``/wc tournament …`` commands (events and leagues alike)."""

    @property
    def _events(self) -> TournamentService:
        if self.bot.tournaments is None:
            raise RuntimeError("this bot runs without a service")
        return self.bot.tournaments

    async def _event(
        self, interaction: discord.Interaction, event: int
    ) -> tuple[TournamentRecord, Tournament]:
        """The event, if it is this server's."""
        try:
            record, model = await self._events.get(event)
        except TournamentError as exc:
            raise refusal(exc) from exc
        if record.guild_id != interaction.guild_id:
            raise refusal(TournamentError("tournament.not_found"))
        return record, model

    async def _run(self, work: Awaitable[T]) -> T:
        """Await a service call, its refusals as the error handler's."""
        try:
            return await work
        except TournamentError as exc:
            raise refusal(exc) from exc

    def _woken(self) -> None:
        """Wake the tournament sweep (a command changed an event)."""
        if self.bot.tournament_sweep is not None:
            self.bot.tournament_sweep.wake()

    @staticmethod
    def _admin(interaction: discord.Interaction) -> bool:
        """Whether the member may act as any event's organiser here (Manage Server)."""
        return bool(interaction.permissions.manage_guild)

    def _event_game(
        self, interaction: discord.Interaction, game: str | None, settings: str | None
    ) -> tuple[int, str, dict[str, Any]]:
        """A new event's server, game and the game's settings as typed (refused outside a server, or for a
        game that is not played by 2 or 4)."""
        if interaction.guild_id is None:
            raise refusal(TournamentError("tournament.no_game_here"))
        kind = options.find_kind(game)
        chosen = options.parse_settings(get_game(kind), settings)
        rules = self.bot.service.rules_for_new(kind)
        players = rules.game.players_of(rules.full_options(chosen))
        if players not in (2, 4):
            raise ServiceError(ErrorCode.BAD_OPTIONS, "tournament.error.bad_game", players=players)
        return interaction.guild_id, kind, chosen

    async def event_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's events whose number or name matches what is typed, newest first."""
        if interaction.guild_id is None or self.bot.tournaments is None:
            return []
        loc = locale_of(interaction)
        typed = current.strip().lstrip("#").lower()
        out = []
        for record in await self._events.of_guild(interaction.guild_id):
            status = t(f"tournament.status.{record.status}", loc)
            label = t("tournament.choice", loc, tournament_id=record.id, name=record.name, status=status)
            if typed in str(record.id) or typed in record.name.lower():
                out.append(app_commands.Choice(name=label[:100], value=record.id))
        return out[:25]

    async def event_game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games whose title contains what is typed (as for /wc new)."""
        choices = options.game_choices(current, locale_of(interaction))
        return [app_commands.Choice(name=title, value=kind) for title, kind in choices]


__all__ = ["POST_MAX", "EventCommands", "clipped", "refusal"]
