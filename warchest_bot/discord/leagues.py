"""League seasons on Discord: ``/wc tournament league`` (create one), ``season`` (the organiser starts the
next season: promotion and relegation by the model), ``close`` (the organiser: no next season, the one
being played plays out) and ``ladder`` (the divisions and their groups).

Players sign up with ``/wc tournament join`` and leave with ``withdraw``, as for any event. The rules are
the service's (`warchest_bot.service.leagues`); each season's groups are ordinary round-robin events that
the duty makes and runs, with their own round posts in the league's channel.
"""

from __future__ import annotations

from datetime import timedelta

import discord
from discord import app_commands

from ..games import DEFAULT_KIND, get_game, title_in
from ..i18n import format_list, t
from ..service import leagues as _leagues
from ..service.leagues import LeagueService
from ..storage import TournamentRecord
from ..tournaments import Tournament, TournamentError
from ..tournaments.seasons import Ladder
from .common import NO_PINGS, LongTextOption, TextOption, locale_of, public_name, reply_private
from .events import EventCommands, clipped, refusal
from .groups import TOURNAMENT


def _names(model: Tournament, keys: list[str], loc: str) -> str:
    shown = []
    for key in keys:
        entrant = model.by_key(key)
        shown.append(entrant.name if entrant is not None else key)
    return format_list(shown, loc)


def season_text(
    record: TournamentRecord, model: Tournament, season: int, before: Ladder, after: Ladder, loc: str
) -> str:
    """A season's start: its divisions, and who went up and who went down."""
    lines = [t("league.season_started", loc, season=season, name=record.name)]
    for d, division in enumerate(after, start=1):
        lines.append(t("league.division", loc, division=d, players=_names(model, division, loc)))
    moved = _leagues.moves(before, after)
    for d in range(1, len(after) + 1):
        up = [key for key, was, now in moved if now == d - 1 and was > now]
        down = [key for key, was, now in moved if now == d - 1 and was < now]
        if up:
            lines.append(t("league.up", loc, division=d, players=_names(model, up, loc)))
        if down:
            lines.append(t("league.down", loc, division=d, players=_names(model, down, loc)))
    return "\n".join(lines)


def ladder_text(
    record: TournamentRecord,
    model: Tournament,
    groups: list[list[TournamentRecord | None]],
    loc: str,
) -> str:
    """The league's current season: each division's players in ladder order and its groups' events."""
    league = _leagues.league_of(record.state) or {}
    season = int(league.get("season", 0))
    closed = _leagues.closed(record.state)
    active = [e for e in model.entrants.values() if e.status.value == "active"]
    if season == 0:
        if closed:
            return t("league.ladder.closed_early", loc, name=record.name)
        return t("league.ladder.none", loc, name=record.name, count=len(active))
    lines = [t("league.ladder.title", loc, name=record.name, season=season)]
    for d, division in enumerate(league["ladder"]):
        lines.append(t("league.division", loc, division=d + 1, players=_names(model, division, loc)))
        for g, keys in enumerate(league["plan"][d]):
            letter = chr(ord("A") + g)
            event = groups[d][g] if d < len(groups) and g < len(groups[d]) else None
            if event is None:
                lines.append(
                    t("league.ladder.group_waiting", loc, group=letter, players=_names(model, keys, loc))
                )
            else:
                status = t(f"tournament.status.{event.status}", loc)
                lines.append(
                    t("league.ladder.group", loc, group=letter, tournament_id=event.id, status=status)
                )
    placed = {key for division in league["ladder"] for key in division}
    newcomers = [e.key for e in active if e.key not in placed]
    if newcomers and not closed:
        lines.append(t("league.ladder.newcomers", loc, players=_names(model, newcomers, loc)))
    over = all(g is not None and g.status == "finished" for division in groups for g in division)
    if closed:
        key = "league.ladder.finished" if over else "league.ladder.closing"
        lines.append(t(key, loc, season=season, name=record.name))
    elif over:
        lines.append(t("league.ladder.over", loc, season=season))
    return "\n".join(lines)


class LeagueCommands(EventCommands):
    """Mixed into `WarChestCog` beside `tournaments.TournamentCommands`: a league's own commands."""

    def _leagues(self) -> LeagueService:
        return LeagueService(self._events)

    async def _league(
        self, interaction: discord.Interaction, event: int
    ) -> tuple[TournamentRecord, Tournament]:
        record, model = await self._event(interaction, event)
        if _leagues.league_of(record.state) is None:
            raise refusal(TournamentError("tournament.not_a_league"))
        return record, model

    @TOURNAMENT.command(
        name="league", description="Create a league of divisions played in seasons (you organise it)"
    )
    @app_commands.describe(
        name="The league's name",
        game=f"Which game ({get_game(DEFAULT_KIND).title} if left out)",
        settings="The game's settings for every game of the league, as name=value",
        group_size="Players a round-robin group aims at (3 to 20)",
        divisions="Divisions at the first season (1 to 10), by rating",
        movers="Players up and down between neighbouring divisions each season (0 to 5)",
        double="Whether each group plays a double round robin",
        round_days="Days each round lasts (none: no round deadline)",
        move_hours="Each game's move clock in hours (none: no clock)",
        channel="The channel of the groups' round posts (default: this one)",
        vacations="Whether a player's vacation pauses their games of the league (default: no)",
    )
    async def league_create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 50],
        game: TextOption | None = None,
        settings: LongTextOption | None = None,
        group_size: app_commands.Range[int, 3, 20] = 6,
        divisions: app_commands.Range[int, 1, 10] = 1,
        movers: app_commands.Range[int, 0, 5] = 1,
        double: bool = False,
        round_days: app_commands.Range[int, 1, 60] | None = None,
        move_hours: app_commands.Range[int, 1, 720] | None = None,
        channel: discord.TextChannel | None = None,
        vacations: bool = False,
    ) -> None:
        loc = locale_of(interaction)
        guild_id, kind, chosen = self._event_game(interaction, game, settings)
        try:
            terms = _leagues.terms_of(group_size, movers, 2 if double else 1, divisions)
        except TournamentError as exc:
            raise refusal(exc) from exc
        place = channel.id if channel is not None else interaction.channel_id
        record = await self._leagues().create(
            guild_id=guild_id,
            channel_id=place,
            organiser=interaction.user.id,
            name=public_name(name),
            kind=kind,
            options=chosen,
            terms=terms,
            move_time=timedelta(hours=move_hours) if move_hours else None,
            round_time=timedelta(days=round_days) if round_days else None,
            vacations=vacations,
        )
        text = t(
            "league.created",
            loc,
            tournament_id=record.id,
            name=record.name,
            game=title_in(kind, loc),
            group_size=group_size,
            divisions=divisions,
            movers=movers,
        )
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)

    league_create.autocomplete("game")(EventCommands.event_game_autocomplete)

    @TOURNAMENT.command(
        name="season", description="Start a league's next season: promotion and relegation (organiser)"
    )
    @app_commands.describe(event="The league")
    async def league_season(self, interaction: discord.Interaction, event: int) -> None:
        record, _ = await self._league(interaction, event)
        season, before, after = await self._run(
            self._leagues().start_season(record.id, interaction.user.id, admin=self._admin(interaction))
        )
        record, model = await self._events.get(record.id)
        loc = await self.bot.flow.public_locale(record.guild_id)
        text = season_text(record, model, season, before, after, loc)
        await interaction.response.send_message(clipped(text), allowed_mentions=NO_PINGS)
        self._woken()

    @TOURNAMENT.command(
        name="close", description="Close a league: its season plays out, no next one starts (organiser)"
    )
    @app_commands.describe(event="The league")
    async def league_close(self, interaction: discord.Interaction, event: int) -> None:
        record, _ = await self._league(interaction, event)
        finished = await self._run(
            self._leagues().close(record.id, interaction.user.id, admin=self._admin(interaction))
        )
        loc = await self.bot.flow.public_locale(record.guild_id)
        season = int((_leagues.league_of(record.state) or {}).get("season", 0))
        if finished:
            text = t("league.closed", loc, name=record.name)
        else:
            text = t("league.closing", loc, name=record.name, season=season)
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)
        self._woken()

    @TOURNAMENT.command(name="ladder", description="A league's divisions and the groups of its season")
    @app_commands.describe(event="The league")
    async def league_ladder(self, interaction: discord.Interaction, event: int) -> None:
        record, model = await self._league(interaction, event)
        groups = await self._leagues().groups(record.id)
        await reply_private(interaction, clipped(ladder_text(record, model, groups, locale_of(interaction))))

    league_season.autocomplete("event")(EventCommands.event_autocomplete)
    league_close.autocomplete("event")(EventCommands.event_autocomplete)
    league_ladder.autocomplete("event")(EventCommands.event_autocomplete)


__all__ = ["LeagueCommands", "ladder_text", "season_text"]
