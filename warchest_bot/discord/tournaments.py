"""Tournaments on Discord: the ``/wc tournament …`` commands and the round posts in an event's channel.

The rules are the service's (`warchest_bot.service.tournaments`): the commands parse, call it and answer;
an organiser is the event's creator or a member with Manage Server (``admin``, which only the adapter
knows). Every pairing opens its game (and its thread) through the outbox of that game's start; the event's
channel gets one post per round with its pairings and one with its results (the last with the final
standings as a picture and as text), from the outbox rows of kind ``tournament`` the service commits with
the pairing and with the round's close, so each is posted once (`send_once`). Events are found by their
number, with autocomplete of the server's events like the other commands' games.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping
from datetime import timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ..games import DEFAULT_KIND, get_game, title_in
from ..i18n import t
from ..service import ServiceError
from ..service import knockout as _playoff
from ..service import leagues as _leagues
from ..storage import OutboxRecord, TournamentRecord
from ..tournaments import DrawRule, Format, Knockout, Outcome, Settings, Tournament, TournamentError
from ..tournaments.bracket import bracket_text, draw_rule_text
from ..tournaments.bracket_picture import bracket_png
from ..tournaments.picture import standings_png
from ..tournaments.text import SCORES as _SCORES
from ..tournaments.text import format_text, standings_text
from . import options
from .common import NO_PINGS, LongTextOption, TextOption, locale_of, player_of, public_name, reply_private
from .components import add_web_link
from .delivery import send_once
from .events import POST_MAX, EventCommands, clipped, refusal
from .groups import TOURNAMENT

if TYPE_CHECKING:
    from ..service.tournaments import TournamentService
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.tournaments")

_RESULT_WORDS = {
    Outcome.FIRST_WINS: "tournament.result.first",
    Outcome.SECOND_WINS: "tournament.result.second",
    Outcome.DRAW: "tournament.result.draw",
    Outcome.FIRST_BY_FORFEIT: "tournament.result.first_forfeit",
    Outcome.SECOND_BY_FORFEIT: "tournament.result.second_forfeit",
    Outcome.DOUBLE_FORFEIT: "tournament.result.double_forfeit",
}


def pairings_text(record: TournamentRecord, model: Tournament, games: dict[int, int], loc: str) -> str:
    """The open (else the last) round's boards, with their games, and who sits it out."""
    if not model.rounds:
        return t("tournament.pairings.none", loc, name=record.name)
    rnd = model.rounds[-1]
    lines = [
        t("tournament.pairings.title", loc, round=rnd.number, rounds=model.total_rounds, name=record.name)
    ]
    for g in rnd.games:
        first = model.entrants[g.first].name
        if g.second is None:
            lines.append(t("tournament.pairings.bye", loc, entrant=first))
            continue
        values = {"board": g.table, "first": first, "second": model.entrants[g.second].name}
        if g.table in games:
            lines.append(t("tournament.pairings.board", loc, **values, game_id=games[g.table]))
        else:
            lines.append(t("tournament.pairings.board_waiting", loc, **values))
    for e in model.entrants.values():
        if rnd.number in e.half_byes:
            lines.append(t("tournament.pairings.half_bye", loc, entrant=e.name))
    return "\n".join(lines)


def results_text(record: TournamentRecord, model: Tournament, round_number: int, loc: str) -> str:
    """A round's results, board by board."""
    rnd = model.rounds[round_number - 1]
    lines = [
        t("tournament.results.title", loc, round=rnd.number, rounds=model.total_rounds, name=record.name)
    ]
    for g in rnd.games:
        first = model.entrants[g.first].name
        if g.second is None:
            lines.append(t("tournament.pairings.bye", loc, entrant=first))
            continue
        values = {"board": g.table, "first": first, "second": model.entrants[g.second].name}
        if g.outcome is None:
            lines.append(t("tournament.results.board_open", loc, **values))
        else:
            lines.append(t("tournament.results.board", loc, **values, score=_SCORES[g.outcome]))
    return "\n".join(lines)


def standings_file(record: TournamentRecord, model: Tournament, loc: str) -> tuple[discord.File, str]:
    """The standings picture (its alt text the standings as text) and that text."""
    png, alt = standings_png(model, record.name, loc, knockout=_playoff.terms(record.state) is not None)
    return discord.File(io.BytesIO(png), filename="standings.png", description=alt[:1024]), alt


def bracket_file(
    record: TournamentRecord,
    model: Tournament,
    ko: Knockout,
    loc: str,
    played: Mapping[tuple[int, int, int], int],
    *,
    upto: int | None = None,
) -> discord.File:
    """The knockout's bracket as a picture, its alt text the bracket as text."""
    png, alt = bracket_png(model, ko, record.name, loc, played, upto=upto)
    return discord.File(io.BytesIO(png), filename="bracket.png", description=alt[:1024])


async def knockout_text(
    tournaments: TournamentService, record: TournamentRecord, model: Tournament, loc: str
) -> tuple[str | None, discord.File | None]:
    """An event's knockout as ``/wc tournament standings`` shows it above the Swiss's table: the bracket
    (its rounds, each match's game being played or how it was decided, the winner) and its picture, else
    a line saying that one follows the Swiss or that it was skipped; None for an event without one."""
    terms = _playoff.terms(record.state)
    if terms is None:
        return None, None
    if terms.get("skipped"):
        return t("knockout.standings.skipped", loc), None
    ko = _playoff.bracket(record.state)
    if ko is None:
        return t("knockout.standings.ahead", loc, size=int(terms["size"])), None
    played = await tournaments.knockout_games(record.id)
    text = bracket_text(model, ko, record.name, loc, played)
    return text, bracket_file(record, model, ko, loc, played)


def with_knockout(knockout: str | None, standings: str) -> str:
    """The knockout's text (whole, if it fits) above the standings (clipped to what is left)."""
    if knockout is None:
        return clipped(standings)
    head = clipped(knockout)
    room = POST_MAX - len(head) - 2
    if room < 2:
        return head
    return f"{head}\n\n{clipped(standings, room)}"


async def deliver_round_post(bot: WarchestBot, row: OutboxRecord) -> None:
    """Post what a ``tournament`` outbox row owes in the event's channel (once: `send_once`): a round's
    pairings, or its results with the standings (after the last round the final ones); a knockout's
    bracket or its champion; a league's season end (its ladder) or its end after a close."""
    tournaments = bot.tournaments
    if tournaments is None:
        return
    record, model = await tournaments.get(int(row.payload["tournament"]))
    if record.channel_id is None:
        return
    channel = bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    loc = await bot.flow.public_locale(record.guild_id)
    round_number = int(row.payload["round"])
    if row.payload.get("post") == "season_over":  # a league's season (`discord.leagues`)
        from .leagues import ladder_text

        groups = await _leagues.LeagueService(tournaments).groups(record.id)
        text = clipped(ladder_text(record, model, groups, loc))
        await send_once(channel, text, allowed_mentions=NO_PINGS)
        return
    if row.payload.get("post") == "league_closed":  # closed after its season's end post: that was the last
        text = t("league.ladder.finished", loc, season=round_number, name=record.name)
        await send_once(channel, text, allowed_mentions=NO_PINGS)
        return
    if row.payload.get("post") in ("bracket", "champion"):
        ko = _playoff.bracket(record.state)
        if ko is None:
            return
        played = await tournaments.knockout_games(record.id)
        stage = round_number - model.total_rounds
        text = bracket_text(model, ko, record.name, loc, played, upto=stage)
        if row.payload["post"] == "bracket" and stage == 1:
            text += "\n" + draw_rule_text(ko, loc)
        await send_once(
            channel,
            clipped(text),
            file=bracket_file(record, model, ko, loc, played, upto=stage),
            allowed_mentions=NO_PINGS,
            **await _web_view(bot, record, loc),
        )
        return
    if row.payload.get("post") == "pairings":
        games = await tournaments.round_games(record.id, round_number)
        shown = Tournament(model.settings, model.entrants, model.rounds[:round_number], model.started)
        text = clipped(pairings_text(record, shown, games, loc))
        await send_once(channel, text, allowed_mentions=NO_PINGS, **await _web_view(bot, record, loc))
        return
    text = results_text(record, model, round_number, loc)
    upto = Tournament(model.settings, model.entrants, model.rounds[:round_number], model.started)
    if upto.finished:
        winner = upto.standings()[0].entrant.name
        terms = _playoff.terms(record.state)
        if terms is None:
            text += "\n" + t("tournament.results.finished", loc, name=record.name, winner=winner)
        elif terms.get("skipped"):
            text += "\n" + t("knockout.swiss_over_skipped", loc, name=record.name, winner=winner)
        else:
            size = len(ko.seeds) if (ko := _playoff.bracket(record.state)) is not None else terms["size"]
            text += "\n" + t("knockout.swiss_over", loc, name=record.name, size=size)
    file, _alt = standings_file(record, upto, loc)
    await send_once(
        channel, clipped(text), file=file, allowed_mentions=NO_PINGS, **await _web_view(bot, record, loc)
    )


async def _web_view(bot: WarchestBot, record: TournamentRecord, loc: str) -> dict[str, discord.ui.View]:
    """The event's web page as a link button (``WARCHEST_WEB``), as send's ``view``; nothing without one."""
    url = await bot.tournament_web_link(record)
    return {"view": add_web_link(discord.ui.View(timeout=None), url, loc)} if url is not None else {}


class TournamentCommands(EventCommands):
    """Mixed into `WarChestCog`; uses its ``bot``. The commands of `groups.TOURNAMENT` (a league's own in
    `leagues.LeagueCommands`)."""

    # --- creating and entering ----------------------------------------------------------------------
    @TOURNAMENT.command(name="create", description="Create an event on this server (you organise it)")
    @app_commands.describe(
        name="The event's name",
        game=f"Which game ({get_game(DEFAULT_KIND).title} if left out)",
        settings="The game's settings for every game of the event, as name=value",
        format="Swiss, round robin, or a double round robin",
        rounds="A Swiss's number of rounds",
        round_days="Days each round lasts (none: no round deadline)",
        move_hours="Each game's move clock in hours (none: no clock)",
        byes="Half-point byes a player may ask for (0 to 2)",
        missed="Round deadlines a player may miss before removal (0: never removed)",
        channel="The channel of the round posts (default: this one)",
        vacations="Whether a player's vacation pauses their games of the event (default: no)",
        playoff="A Swiss's knockout of its top players after the last round (default: none)",
        playoff_draws="In the knockout, a drawn game: played again (up to 3 games) or the higher seed",
    )
    @app_commands.choices(
        format=[
            app_commands.Choice(name="Swiss", value="swiss"),
            app_commands.Choice(name="round robin", value="round_robin"),
            app_commands.Choice(name="double round robin", value="double_round_robin"),
        ]
    )
    @app_commands.choices(
        playoff=[
            app_commands.Choice(name="a final of the top 2", value=2),
            app_commands.Choice(name="top 4", value=4),
            app_commands.Choice(name="top 8", value=8),
        ]
    )
    @app_commands.choices(
        playoff_draws=[
            app_commands.Choice(name="replayed, the other player first (up to 3 games)", value="rematch"),
            app_commands.Choice(name="the higher seed goes through", value="higher_seed"),
        ],
    )
    async def tournament_create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        game: TextOption | None = None,
        settings: LongTextOption | None = None,
        format: str = "swiss",
        rounds: app_commands.Range[int, 1, 50] = 5,
        round_days: app_commands.Range[int, 1, 60] | None = None,
        move_hours: app_commands.Range[int, 1, 720] | None = None,
        byes: app_commands.Range[int, 0, 2] = 1,
        missed: app_commands.Range[int, 0, 50] = 2,
        channel: discord.TextChannel | None = None,
        vacations: bool = False,
        playoff: int | None = None,
        playoff_draws: str = "rematch",
    ) -> None:
        loc = locale_of(interaction)
        guild_id, kind, chosen = self._event_game(interaction, game, settings)
        event_format = Format.SWISS if format == "swiss" else Format.ROUND_ROBIN
        try:
            rules_of_event = Settings(
                format=event_format,
                rounds=rounds,
                cycles=2 if format == "double_round_robin" else 1,
                half_byes=byes,
                missed_deadlines=missed,
            )
            knockout = None if playoff is None else _playoff.terms_of(playoff, DrawRule(playoff_draws))
        except TournamentError as exc:
            raise refusal(exc) from exc
        place = channel.id if channel is not None else interaction.channel_id
        record = await self._run(
            self._events.create(
                guild_id=guild_id,
                channel_id=place,
                organiser=interaction.user.id,
                name=public_name(name),
                kind=kind,
                options=chosen,
                settings=rules_of_event,
                move_time=timedelta(hours=move_hours) if move_hours else None,
                round_time=timedelta(days=round_days) if round_days else None,
                vacations=vacations,
                knockout=knockout,
            )
        )
        _, model = await self._events.get(record.id)
        shown = format_text(model, loc)
        if knockout is not None:
            shown = t("knockout.format", loc, format=shown, size=knockout["size"])
        text = t(
            "tournament.created",
            loc,
            tournament_id=record.id,
            name=record.name,
            format=shown,
            game=title_in(kind, loc),
        )
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)

    tournament_create.autocomplete("game")(EventCommands.event_game_autocomplete)

    @tournament_create.autocomplete("settings")
    async def tournament_settings_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The game's settings as they are typed (as for /wc new)."""
        try:
            rules = get_game(options.find_kind(getattr(interaction.namespace, "game", None)))
        except ServiceError:
            return []
        return [app_commands.Choice(name=s, value=s) for s in options.settings_suggestions(rules, current)]

    @TOURNAMENT.command(name="join", description="Enter an event (with your partner in team games)")
    @app_commands.describe(event="The event", partner="Your partner (4-player team games)")
    async def tournament_join(
        self, interaction: discord.Interaction, event: int, partner: discord.Member | None = None
    ) -> None:
        loc = locale_of(interaction)
        record, _ = await self._event(interaction, event)
        team = self.bot.service.rules_for(record.kind).game.players_of(record.options) == 4
        if team and partner is None:
            raise refusal(TournamentError("tournament.partner_needed"))
        if not team and partner is not None:
            raise refusal(TournamentError("tournament.no_partner_here"))
        players = [player_of(interaction.user)] + ([player_of(partner)] if partner is not None else [])
        rating = 0
        if self.bot.corr is not None:
            ratings = [
                (await self.bot.corr.rating(p.user_id, record.guild_id, kind=record.kind)).rating
                for p in players
            ]
            rating = round(sum(ratings) / len(ratings))
        entrant = await self._run(self._events.join(record.id, players, rating))
        if _leagues.league_of(record.state) is not None:
            text = t("league.joined", loc, name=record.name)
        elif entrant.joined > 1:
            text = t("tournament.joined_late", loc, name=record.name, round=entrant.joined)
        else:
            text = t("tournament.joined", loc, name=record.name, number=entrant.number)
        await reply_private(interaction, text)

    @TOURNAMENT.command(name="leave", description="Take your entry back before the event starts")
    @app_commands.describe(event="The event")
    async def tournament_leave(self, interaction: discord.Interaction, event: int) -> None:
        record, _ = await self._event(interaction, event)
        if (_leagues.league_of(record.state) or {}).get("season"):
            raise refusal(TournamentError("tournament.started"))  # a league's seasons began: withdraw
        await self._run(self._events.leave(record.id, interaction.user.id))
        await reply_private(interaction, t("tournament.left", locale_of(interaction), name=record.name))

    @TOURNAMENT.command(name="start", description="Close the entries and pair the first round (organiser)")
    @app_commands.describe(event="The event")
    async def tournament_start(self, interaction: discord.Interaction, event: int) -> None:
        record, _ = await self._event(interaction, event)
        await self._run(self._events.start(record.id, interaction.user.id, admin=self._admin(interaction)))
        _, model = await self._events.get(record.id)
        loc = await self.bot.flow.public_locale(record.guild_id)
        text = t("tournament.started", loc, name=record.name, entrants=len(model.entrants))
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)
        self._woken()

    # --- looking -------------------------------------------------------------------------------------
    @TOURNAMENT.command(name="pairings", description="The current round's pairings and their games")
    @app_commands.describe(event="The event")
    async def tournament_pairings(self, interaction: discord.Interaction, event: int) -> None:
        record, model = await self._event(interaction, event)
        ko = _playoff.bracket(record.state)
        if ko is not None:  # the knockout after the Swiss
            played = await self._events.knockout_games(record.id)
            text = bracket_text(model, ko, record.name, locale_of(interaction), played)
            await reply_private(interaction, clipped(text))
            return
        games = await self._events.round_games(record.id, len(model.rounds)) if model.rounds else {}
        text = pairings_text(record, model, games, locale_of(interaction))
        await reply_private(interaction, clipped(text))

    @TOURNAMENT.command(name="standings", description="The standings, as a picture and as text")
    @app_commands.describe(event="The event")
    async def tournament_standings(self, interaction: discord.Interaction, event: int) -> None:
        loc = locale_of(interaction)
        record, model = await self._event(interaction, event)
        knockout, picture = await knockout_text(self._events, record, model, loc)
        if not any(r.closed for r in model.rounds):
            text = standings_text(model, record.name, loc)  # (no round closed: no title)
            await reply_private(interaction, with_knockout(knockout, text))
            return
        file, text = standings_file(record, model, loc)
        files = [file] if picture is None else [picture, file]
        await reply_private(
            interaction,
            with_knockout(knockout, text),
            files=files,
            **await _web_view(self.bot, record, loc),
        )

    @TOURNAMENT.command(name="export", description="The pairings and results as a TRF16 file")
    @app_commands.describe(event="The event")
    async def tournament_export(self, interaction: discord.Interaction, event: int) -> None:
        record, _ = await self._event(interaction, event)
        trf = await self._events.trf16(record.id)
        file = discord.File(io.BytesIO(trf.encode()), filename=f"tournament-{record.id}.trf")
        text = t("tournament.export_done", locale_of(interaction), name=record.name)
        await reply_private(interaction, text, file=file)

    # --- a player's own entry ------------------------------------------------------------------------
    @TOURNAMENT.command(
        name="withdraw", description="Withdraw from an event (the organiser: withdraw a player)"
    )
    @app_commands.describe(event="The event", player="The player to withdraw (organiser; default: you)")
    async def tournament_withdraw(
        self, interaction: discord.Interaction, event: int, player: discord.Member | None = None
    ) -> None:
        record, _ = await self._event(interaction, event)
        who = player if player is not None else interaction.user
        if _leagues.league_of(record.state) is not None:  # off the ladder, and out of their group
            league = _leagues.LeagueService(self._events)
            await self._run(
                league.withdraw(record.id, who.id, by=interaction.user.id, admin=self._admin(interaction))
            )
            key = "league.withdrawn"
        else:
            await self._run(
                self._events.withdraw(
                    record.id, who.id, by=interaction.user.id, admin=self._admin(interaction)
                )
            )
            key = "tournament.withdrawn"
        loc = await self.bot.flow.public_locale(record.guild_id)
        text = t(key, loc, player=public_name(who.display_name), name=record.name)
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)
        self._woken()

    @TOURNAMENT.command(
        name="bye", description="Sit the next round out for half a point (before it is paired)"
    )
    @app_commands.describe(event="The event")
    async def tournament_bye(self, interaction: discord.Interaction, event: int) -> None:
        record, _ = await self._event(interaction, event)
        number = await self._run(self._events.request_bye(record.id, interaction.user.id))
        await reply_private(
            interaction, t("tournament.bye_taken", locale_of(interaction), round=number, name=record.name)
        )

    # --- the organiser's powers ----------------------------------------------------------------------
    @TOURNAMENT.command(name="pause", description="Pause an event: no pairing, no deadline (organiser)")
    @app_commands.describe(event="The event")
    async def tournament_pause(self, interaction: discord.Interaction, event: int) -> None:
        record, _ = await self._event(interaction, event)
        await self._run(self._events.pause(record.id, interaction.user.id, admin=self._admin(interaction)))
        loc = await self.bot.flow.public_locale(record.guild_id)
        await interaction.response.send_message(
            t("tournament.paused", loc, name=record.name), allowed_mentions=NO_PINGS
        )

    @TOURNAMENT.command(name="resume", description="Resume a paused event (organiser)")
    @app_commands.describe(event="The event")
    async def tournament_resume(self, interaction: discord.Interaction, event: int) -> None:
        record, _ = await self._event(interaction, event)
        await self._run(self._events.resume(record.id, interaction.user.id, admin=self._admin(interaction)))
        loc = await self.bot.flow.public_locale(record.guild_id)
        await interaction.response.send_message(
            t("tournament.resumed", loc, name=record.name), allowed_mentions=NO_PINGS
        )
        self._woken()

    @TOURNAMENT.command(name="adjudicate", description="Decide a board of the open round (organiser)")
    @app_commands.describe(event="The event", board="The board", result="The result")
    @app_commands.choices(
        result=[
            app_commands.Choice(name="the first player wins", value=Outcome.FIRST_WINS.value),
            app_commands.Choice(name="the second player wins", value=Outcome.SECOND_WINS.value),
            app_commands.Choice(name="a draw", value=Outcome.DRAW.value),
        ]
    )
    async def tournament_adjudicate(
        self,
        interaction: discord.Interaction,
        event: int,
        board: app_commands.Range[int, 1, 500],
        result: str,
    ) -> None:
        await self._decide(interaction, event, board, Outcome(result))

    @TOURNAMENT.command(name="forfeit", description="Forfeit a board of the open round (organiser)")
    @app_commands.describe(event="The event", board="The board", loser="Who forfeits")
    @app_commands.choices(
        loser=[
            app_commands.Choice(name="the first player", value=Outcome.SECOND_BY_FORFEIT.value),
            app_commands.Choice(name="the second player", value=Outcome.FIRST_BY_FORFEIT.value),
            app_commands.Choice(name="both", value=Outcome.DOUBLE_FORFEIT.value),
        ]
    )
    async def tournament_forfeit(
        self, interaction: discord.Interaction, event: int, board: app_commands.Range[int, 1, 500], loser: str
    ) -> None:
        await self._decide(interaction, event, board, Outcome(loser))

    async def _decide(
        self, interaction: discord.Interaction, event: int, board: int, outcome: Outcome
    ) -> None:
        record, model = await self._event(interaction, event)
        if _playoff.in_play(record.state, model):  # the knockout: board is the match of its current round
            await self._run(
                self._events.adjudicate_knockout(
                    record.id, interaction.user.id, board, outcome, admin=self._admin(interaction)
                )
            )
            loc = await self.bot.flow.public_locale(record.guild_id)
            result = t(_RESULT_WORDS[outcome], loc)
            text = t("knockout.adjudicated", loc, match=board, name=record.name, result=result)
            await interaction.response.send_message(text, allowed_mentions=NO_PINGS)
            self._woken()
            return
        if model.current is None:
            raise refusal(TournamentError("tournament.no_round"))
        number = model.current.number
        await self._run(
            self._events.adjudicate(
                record.id, interaction.user.id, number, board, outcome, admin=self._admin(interaction)
            )
        )
        loc = await self.bot.flow.public_locale(record.guild_id)
        result = t(_RESULT_WORDS[outcome], loc)
        text = t("tournament.adjudicated", loc, board=board, round=number, name=record.name, result=result)
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)
        self._woken()

    @TOURNAMENT.command(name="replace", description="Put another player in a player's place (organiser)")
    @app_commands.describe(event="The event", player="The player replaced", by="Who plays instead")
    async def tournament_replace(
        self, interaction: discord.Interaction, event: int, player: discord.Member, by: discord.Member
    ) -> None:
        record, _ = await self._event(interaction, event)
        await self._run(
            self._events.replace(
                record.id, interaction.user.id, player.id, player_of(by), admin=self._admin(interaction)
            )
        )
        loc = await self.bot.flow.public_locale(record.guild_id)
        text = t(
            "tournament.replaced",
            loc,
            new=public_name(by.display_name),
            old=public_name(player.display_name),
            name=record.name,
        )
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)

    @TOURNAMENT.command(
        name="vacations", description="Allow vacations to pause the event's games (organiser)"
    )
    @app_commands.describe(
        event="The event", allowed="Whether a vacation pauses a player's games of the event"
    )
    async def tournament_vacations(self, interaction: discord.Interaction, event: int, allowed: bool) -> None:
        record, _ = await self._event(interaction, event)
        await self._run(
            self._events.allow_vacations(
                record.id, interaction.user.id, allowed, admin=self._admin(interaction)
            )
        )
        loc = await self.bot.flow.public_locale(record.guild_id)
        key = "tournament.vacations_allowed" if allowed else "tournament.vacations_refused"
        await interaction.response.send_message(t(key, loc, name=record.name), allowed_mentions=NO_PINGS)

    for _command in (
        tournament_join,
        tournament_leave,
        tournament_start,
        tournament_pairings,
        tournament_standings,
        tournament_export,
        tournament_withdraw,
        tournament_bye,
        tournament_pause,
        tournament_resume,
        tournament_adjudicate,
        tournament_forfeit,
        tournament_replace,
        tournament_vacations,
    ):
        _command.autocomplete("event")(EventCommands.event_autocomplete)
    del _command


__all__ = ["TournamentCommands", "deliver_round_post", "pairings_text", "results_text"]
