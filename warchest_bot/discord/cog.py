"""The `/wc` command group: thin handlers that parse the interaction, call the service, and reply."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..games import DEFAULT_KIND, ai_levels_of, alt_text_of, game_kinds, get_game, title_in
from ..games.unit_names import fold
from ..i18n import for_game, format_list, t
from ..service import ErrorCode, EverywhereGame, GameInfo, GameService, ServiceError, Suggestion
from ..service.clocks import ClockTerms
from ..tasks import cancel_and_wait
from . import components, options, textboard
from .card_tables import CardTableCommands
from .common import (
    NO_PINGS,
    LongTextOption,
    TextOption,
    answer,
    in_time,
    locale_of,
    mention_only,
    names_of,
    player_of,
    public_locale,
    public_name,
    replay_alt_text,
    reply_private,
)
from .conditionals import ConditionalCommands
from .corr_commands import CorrespondenceCommands
from .correspondence import move_time_text, stamp
from .daily_digest import DigestCommands
from .groups import ADMIN, LOOK, MY, SEAT, TOURNAMENT
from .interactions import refuse
from .leagues import LeagueCommands
from .puzzles import PuzzleCommands
from .records import RecordCommands
from .review import ReviewCommands
from .seats import SeatCommands, give_back, tenure_lines
from .spectators import SpectatorCommands
from .tournaments import TournamentCommands
from .tutorial import TutorialCommands

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord")

HISTORY_PAGE = 20
AUTOCOMPLETE_MAX = 25
CHOICE_MAX = 100
"""The longest name or value of an autocomplete choice Discord takes."""
EXPIRY_SWEEP_SECONDS = 300.0
"""How often open challenges are checked for expiry (each check is one indexed query)."""

# Per-user cooldowns of the heavy commands: (uses, per seconds).
NEW_COOLDOWN = (5, 60.0)
HISTORY_COOLDOWN = (10, 60.0)
REPLAY_COOLDOWN = (3, 60.0)


def _per_user(interaction: discord.Interaction) -> int:
    return interaction.user.id


STALE_PLY = "error.stale"
"""The service's refusal of an action made for an earlier ply than the game's (a value picked from the
list before the game moved on): answered like a stale button, naming who decides and linking the board."""
_ACTION_AT = re.compile(r"^(?P<text>.*?)\s*@(?P<ply>\d{1,9})\s*$")


def action_value(text: str, ply: int | None) -> str:
    """An autocomplete value for `/wc play`: the action and the ply of the position it was offered on
    (``"Sw move e2-e3@57"``), so that sending it twice, or after the game moved on, is refused as stale."""
    return text if ply is None else f"{text}@{ply}"


def split_action_value(value: str) -> tuple[str, int | None]:
    """The action and its ply from an `action_value` (no ply for an action typed by hand)."""
    match = _ACTION_AT.match(value)
    if match is None:
        return value, None
    return match["text"], int(match["ply"])


def suggestion_name(suggestion: Suggestion, loc: str) -> str:
    """How a `/wc play` proposal shows in the list: its text as the game labels it in the user's language
    (`GameKind.action_label`: "Kn b1-c3" in English, the units' names before it in Persian), then its
    note ("army Ki e1 · 31 points left"); a text too long for the list keeps its end (the part just
    proposed)."""
    action, params = suggestion.text, dict(suggestion.params)
    if suggestion.kind is not None:
        game = get_game(suggestion.kind)
        action, params = game.action_label(action, loc), game.note_params(params, loc)
    if suggestion.note is None:
        text = action
    else:
        text = t("bot.play.suggestion", loc, action=action, note=t(suggestion.note, loc, **params))
    return text if len(text) <= CHOICE_MAX else "…" + text[-(CHOICE_MAX - 1) :]


def clock_terms(
    move_time: timedelta | None, increment_hours: int | None, cap_hours: int | None, playing_hours: bool
) -> ClockTerms | None:
    """The clock policy `/wc new` asked for beyond a fixed move clock (None: a fixed one, or none)."""
    if increment_hours is None and cap_hours is None and not playing_hours:
        return None
    if move_time is None:
        raise ServiceError(ErrorCode.BAD_OPTIONS, "error.clock_terms_need_clock")
    return ClockTerms(
        move_time,
        increment=timedelta(hours=increment_hours) if increment_hours else None,
        cap=timedelta(hours=cap_hours) if cap_hours else None,
        playing_hours=playing_hours,
    )


class WarChestCog(
    CorrespondenceCommands,
    SpectatorCommands,
    TutorialCommands,
    PuzzleCommands,
    ReviewCommands,
    RecordCommands,
    SeatCommands,
    CardTableCommands,
    ConditionalCommands,
    DigestCommands,
    LeagueCommands,
    TournamentCommands,
    commands.GroupCog,
    group_name="wc",
    group_description="Play board games by chat, over days or weeks",
):
    """Every player-facing command (the common ones one word, the rest in the groups of `groups`)."""

    my = MY
    look = LOOK
    admin = ADMIN
    seat = SEAT
    tournament = TOURNAMENT

    def __init__(self, bot: WarchestBot) -> None:
        self.bot = bot
        self._sweeper: asyncio.Task[None] | None = None
        super().__init__()

    @property
    def service(self) -> GameService:
        return self.bot.service

    # --- the one error handler of every command (and of what fails before one runs: cooldowns) -----------
    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await refuse(interaction, error)

    # --- challenges that nobody took up (a worker's duty: see coordinator.py) ---------------------------
    def start_expiry(self) -> None:
        """Start cancelling the challenges whose time is up, every `EXPIRY_SWEEP_SECONDS`."""
        if self.service is not None and self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever(), name="expiry")

    async def cog_unload(self) -> None:
        await self.stop_expiry()

    async def stop_expiry(self) -> None:
        task, self._sweeper = self._sweeper, None
        await cancel_and_wait(task)

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.expire_challenges()
            except Exception:
                log.exception("expiring challenges failed; trying again later")
            await asyncio.sleep(EXPIRY_SWEEP_SECONDS)

    async def expire_challenges(self, now: datetime | None = None) -> list[GameInfo]:
        """Cancel the challenges whose time is up and say so on their challenge messages."""
        ended = await self.service.expire_challenges(now)
        for info in ended:
            ref = await self.service.message(info.id, "challenge")
            if ref is None or ref.channel_id is None:
                continue
            message = self.bot.get_partial_messageable(ref.channel_id).get_partial_message(ref.message_id)
            loc = await self.bot.flow.public_locale(info.guild_id)
            with contextlib.suppress(discord.HTTPException):
                await message.edit(
                    content=t("bot.challenge.expired", loc, game_id=info.id),
                    view=None,
                    allowed_mentions=NO_PINGS,
                )
        return ended

    # --- which games a user may look at ------------------------------------------------------------------
    async def visible_game(self, interaction: discord.Interaction, game_id: int) -> GameInfo:
        """The game, if the caller may look at it here: their own game, or a game of this server."""
        info = await self.service.get_game(game_id)
        if info.seat_of(interaction.user.id) is not None:
            return info
        if interaction.guild_id is not None and info.guild_id == interaction.guild_id:
            return info
        raise ServiceError(ErrorCode.UNKNOWN_GAME, "bot.error.other_server", game_id=game_id)

    # --- finding the game a command is about -------------------------------------------------------------
    async def resolve_game(self, interaction: discord.Interaction, game: int | None) -> int:
        """The game named, else the game of this thread, else the caller's only (or only waiting) game. A
        command of a player whose seat the bot plays gives them the seat back first (`seats.give_back`)."""
        game_id = await self._find_game(interaction, game)
        await give_back(self.bot, game_id, interaction.user.id)
        return game_id

    async def _find_game(self, interaction: discord.Interaction, game: int | None) -> int:
        if game is not None:
            return game
        user_id = interaction.user.id
        if interaction.channel_id is not None:
            info = await self.service.find_game_by_thread(interaction.channel_id)
            if info is not None and (
                info.seat_of(user_id) is not None or interaction.channel_id == info.thread_id
            ):
                return info.id
        page = await self.service.games_for_user(user_id, status="active", limit=25)
        if len(page.games) == 1:
            return page.games[0].id
        mine = [g for g in page.games if g.to_act is not None and g.to_act.user_id == user_id]
        if len(mine) == 1:
            return mine[0].id
        if not page.games:
            raise ServiceError("unknown_game", "bot.error.no_game", game_id="")
        listed = ", ".join(f"#{g.id}" for g in page.games)
        raise ServiceError("unknown_game", "bot.error.which_game", games=listed, game_id="")

    async def _quiet_game(self, interaction: discord.Interaction) -> int | None:
        try:
            return await self._find_game(interaction, getattr(interaction.namespace, "game", None))
        except ServiceError:
            return None

    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.game_choices(interaction, current, "current")

    async def game_choices(
        self, interaction: discord.Interaction, current: str, status: str
    ) -> list[app_commands.Choice[int]]:
        """Autocomplete choices: the caller's games with ``status`` whose number or players match ``current``."""
        page = await self.service.games_for_user(interaction.user.id, status=status, limit=25)
        out = []
        for g in page.games:
            label = f"#{g.id} " + " / ".join(s.name for s in g.seats)
            if current.strip().lstrip("#") in str(g.id) or current.lower() in label.lower():
                out.append(app_commands.Choice(name=label[:100], value=g.id))
        return out[:25]

    # --- /wc new --------------------------------------------------------------------------------------------
    @app_commands.command(name="new", description="Start a game: challenge someone, or open seats to anyone")
    @app_commands.describe(
        opponent="Who you challenge (leave out for an open seat)",
        game=f"Which game ({get_game(DEFAULT_KIND).title} if left out)",
        settings="The game's settings as name=value, e.g. budget=40 picking=secret (the list helps)",
        player3="Third player (4-player games)",
        player4="Fourth player (4-player games)",
        clock="Time per decision (a move clock); none by default",
        clock_hours="Time per decision in hours (instead of clock)",
        increment_hours="An increment clock: hours added to a player's bank after each of their turns",
        cap_hours="The most an increment clock's bank may hold, in hours (default: the clock's time)",
        playing_hours="Each player's clock stops during their quiet hours (set in /wc my settings)",
        rated="Whether the game counts for the ratings (default: yes)",
        ai="Play the bot at this level (starts at once; never rated)",
    )
    @app_commands.choices(
        clock=[
            app_commands.Choice(name=name, value=hours)
            for name, hours in (("none", 0), ("1 day", 24), ("3 days", 72), ("7 days", 168))
        ],
    )
    @app_commands.choices(
        ai=[app_commands.Choice(name=v, value=v) for v in ai_levels_of(get_game(DEFAULT_KIND))]
    )
    @app_commands.checks.cooldown(*NEW_COOLDOWN, key=_per_user)
    @options.option_parameters(get_game(DEFAULT_KIND), after="settings")  # the default game's options
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        game: TextOption | None = None,
        settings: LongTextOption | None = None,
        player3: discord.User | None = None,
        player4: discord.User | None = None,
        clock: int = 0,
        clock_hours: app_commands.Range[int, 1, 720] | None = None,
        increment_hours: app_commands.Range[int, 1, 720] | None = None,
        cap_hours: app_commands.Range[int, 1, 720] | None = None,
        playing_hours: bool = False,
        rated: bool = True,
        ai: TextOption | None = None,
        **named: str | int | None,
    ) -> None:
        kind = options.find_kind(game)
        chosen = self.game_options(kind, named, settings)
        chosen = await self.with_server_table(kind, chosen, interaction.guild_id)  # a loaded card table
        hours = clock_hours if clock_hours is not None else clock
        move_time = timedelta(hours=hours) if hours else None
        terms = clock_terms(move_time, increment_hours, cap_hours, playing_hours)
        invited = [u for u in (opponent, player3, player4) if u is not None]
        me = self.bot.user
        if ai is not None or (opponent is not None and me is not None and opponent.id == me.id):
            if any(me is None or u.id != me.id for u in invited):
                raise ServiceError("bad_invite", "bot.error.ai_humans")
            if move_time is not None:
                raise ServiceError("bad_options", "bot.error.ai_clock")
            await self.bot.ai.start_game(interaction, ai or "normal", kind=kind, options=chosen)
            return
        if any(u.bot for u in invited):
            raise ServiceError("bad_invite", "bot.error.bot_opponent")
        channel = interaction.channel
        thread_id = channel.id if isinstance(channel, discord.Thread) else None
        info = await self.service.create_challenge(
            player_of(interaction.user),
            kind=kind,
            options=chosen,
            invited=[u.id for u in invited],
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            thread_id=thread_id,
            move_time=move_time,
            clock=terms,
            rated=rated,
        )
        loc = public_locale(interaction)
        await interaction.response.send_message(
            f"{self.challenge_text(info, loc)}\n{self.terms_line(info, move_time, loc, terms)}",
            view=components.challenge_view(info, loc),
            allowed_mentions=mention_only(*info.invited),
        )
        message = await interaction.original_response()
        await self.service.remember_message(info.id, "challenge", message.id, channel_id=message.channel.id)

    @staticmethod
    def game_options(kind: str, named: dict[str, Any], settings: str | None) -> dict[str, Any]:
        """The options of a new game of ``kind``: the named parameters given (options of the same name;
        the game must have them) and the ``settings`` text (which wins). The game fills in and checks the
        rest."""
        rules = get_game(kind)
        have = {spec.name for spec in rules.options}
        chosen: dict[str, Any] = {}
        for name, value in named.items():
            if value is None:
                continue
            if name not in have:
                raise ServiceError(
                    ErrorCode.BAD_OPTIONS,
                    "bot.error.not_an_option",
                    game=rules.title,
                    name=name,
                    names=", ".join(sorted(have)) or "-",
                )
            chosen[name] = value
        chosen.update(options.parse_settings(rules, settings))
        return chosen

    async def game_kind_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The registered games whose title contains what is typed (a game's title, its kind the value)."""
        loc = locale_of(interaction)
        choices = options.game_choices(current, loc)
        return [app_commands.Choice(name=title, value=kind) for title, kind in choices]

    new.autocomplete("game")(game_kind_autocomplete)

    @new.autocomplete("settings")
    async def settings_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            rules = get_game(options.find_kind(getattr(interaction.namespace, "game", None)))
        except ServiceError:
            return []
        return [app_commands.Choice(name=s, value=s) for s in options.settings_suggestions(rules, current)]

    def challenge_text(self, info: GameInfo, loc: str) -> str:
        creator = next((s for s in info.seats if s.seat == 0), None)
        creator_text = f"<@{creator.user_id}>" if creator and creator.user_id else "?"
        rules = get_game(info.kind)
        common = {
            **info.options,
            "creator": creator_text,
            "game_id": info.id,
            "players": info.players,
            "game": title_in(info.kind, loc),
            "settings": options.describe_options(rules, info.options),
        }
        base = "bot.challenge.invite" if info.invited else "bot.challenge.open"
        key = for_game(base, info.kind)
        if key == base and not common["settings"]:  # every option as usual: nothing to list
            key = f"{base}_defaults"
        invited = format_list((f"<@{u}>" for u in info.invited), loc)
        lines = [t(key, loc, invited=invited, **common)]
        if len(info.seats) > 1:
            lines.append(
                t("bot.challenge.seated", loc, players=format_list((s.name for s in info.seats), loc))
            )
        return "\n".join(lines)

    @staticmethod
    def terms_line(
        info: GameInfo, move_time: timedelta | None, loc: str, terms: ClockTerms | None = None
    ) -> str:
        """The move clock (its increment and playing hours, if any) and whether the game is rated, under a
        challenge."""
        if terms is not None and terms.increment:
            clock = t(
                "bot.challenge.increment",
                loc,
                time=move_time_text(terms.move_time, loc),
                increment=move_time_text(terms.increment, loc),
                cap=move_time_text(terms.cap or terms.move_time, loc),
            )
        elif move_time:
            clock = t("bot.challenge.clock", loc, time=move_time_text(move_time, loc))
        else:
            clock = t("bot.challenge.no_clock", loc)
        if terms is not None and terms.playing_hours:
            clock = f"{clock} {t('bot.challenge.playing_hours', loc)}"
        return f"{clock} {t('bot.challenge.rated' if info.rated else 'bot.challenge.casual', loc)}"

    async def _terms_of(self, info: GameInfo, loc: str) -> str:
        clock = await self.bot.corr.clock_of(info.id) if self.bot.corr is not None else None
        return self.terms_line(
            info,
            clock.move_time if clock is not None else None,
            loc,
            clock.terms if clock is not None else None,
        )

    async def refresh_challenge(
        self,
        info: GameInfo,
        message: discord.Message | None,
        interaction: discord.Interaction | None = None,
    ) -> None:
        """Update the challenge message after a join or decline; start the game when the table is full."""
        loc = public_locale(interaction)
        if info.status == "active":
            # The outbox opens its place, edits the challenge message and posts the first board.
            self.bot.flow.after_start(info, interaction)
        elif info.status == "open":
            if message is not None:
                await message.edit(
                    content=f"{self.challenge_text(info, loc)}\n{await self._terms_of(info, loc)}",
                    view=components.challenge_view(info, loc),
                    allowed_mentions=NO_PINGS,
                )
        elif message is not None:
            text = (
                info.over.message(loc)
                if info.over is not None
                else t("bot.challenge.ended", loc, game_id=info.id)
            )
            await message.edit(content=text, view=None, allowed_mentions=NO_PINGS)

    def everywhere_line(self, game: EverywhereGame, loc: str) -> str:
        """One game of the everywhere view (`EverywhereGame`): whose turn, and the deadline."""
        gid = game.game.id
        if game.deadline is None:
            return t("bot.games.my_turn_no_clock", loc, game_id=gid)
        deadline = stamp(game.deadline)
        if game.my_turn:
            key = "bot.games.expired_mine" if game.expired else "bot.games.my_turn"
            return t(key, loc, game_id=gid, deadline=deadline)
        key = "bot.games.expired" if game.expired else "bot.games.deadline"
        name = game.to_act.name if game.to_act is not None else "?"
        return t(key, loc, game_id=gid, player=name, deadline=deadline)

    # --- /wc play ------------------------------------------------------------------------------------------
    @app_commands.command(name="play", description="Play an action in your game")
    @app_commands.describe(
        action="The action, e.g. “Sw deploy e2” (the list shows your legal actions)", game="Game number"
    )
    async def play(
        self, interaction: discord.Interaction, action: LongTextOption, game: int | None = None
    ) -> None:
        game_id = await self.resolve_game(interaction, game)
        text, ply = split_action_value(action)
        try:
            result = await in_time(
                interaction, self.service.play(game_id, interaction.user.id, text, expected_ply=ply)
            )
        except ServiceError as exc:
            if exc.message_id != STALE_PLY:
                raise
            info = await self.service.get_game(game_id)
            raise await components.stale_press(interaction, info, typed=True) from exc
        self.bot.flow.after_play(result, interaction)
        await answer(
            interaction,
            t(
                "bot.move.you_played",
                locale_of(interaction),
                action=result.private_action,
                game_id=game_id,
            ),
        )

    @play.autocomplete("action")
    async def play_action_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        loc = locale_of(interaction)
        try:
            # (typing is not yet a command: the seat the bot plays is given back when it is sent)
            game_id = await self._find_game(interaction, getattr(interaction.namespace, "game", None))
            typed, _ply = split_action_value(current)  # the text of a value picked before, without its ply
            hits = await self.service.suggest_actions(game_id, interaction.user.id, typed)
        except ServiceError as exc:
            if exc.message_id != "bot.error.which_game":  # several games: say which to choose, as a hint
                return []
            hint = t("bot.error.which_game_dm", loc, games=exc.params["games"])
            return [app_commands.Choice(name=hint[:100], value=current[:100] or "?")]
        hits = tuple(h for h in hits if len(action_value(h.text, h.ply)) <= CHOICE_MAX)  # longer: typed
        choices = [
            app_commands.Choice(name=suggestion_name(h, loc), value=action_value(h.text, h.ply))
            for h in hits[:AUTOCOMPLETE_MAX]
        ]
        if len(hits) > AUTOCOMPLETE_MAX:  # say that there are more, and how to narrow the list
            shown = AUTOCOMPLETE_MAX - 1
            kind = (await self.service.get_game(game_id)).kind
            hint = t(for_game("bot.play.more_actions", kind), loc, count=len(hits) - shown)
            choices = [*choices[:shown], app_commands.Choice(name=hint[:100], value=current[:100] or "?")]
        return choices

    play.autocomplete("game")(game_autocomplete)

    # --- hand and board -------------------------------------------------------------------------------------
    @app_commands.command(name="hand", description="See your hand privately (and play from it)")
    @app_commands.describe(game="Game number")
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.show_hand(interaction, await self.resolve_game(interaction, game))

    hand.autocomplete("game")(game_autocomplete)

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.service.get_game(game_id)
        seat = info.seat_of(interaction.user.id)
        if seat is None:
            raise ServiceError("not_seated", game_id=game_id)
        if info.status == "open":
            raise ServiceError("not_started", game_id=game_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        # DMs marked closed: try again now (the hand, by DM). If it goes through, hands come by DM again and
        # the hand is not shown a second time here; if not, it is shown privately as usual.
        retry = seat.dm_reachable is False and info.status == "active"
        if retry and await self.bot.flow.send_hand(info, seat, interaction, retry=True):
            await reply_private(
                interaction,
                t(for_game("bot.dm.reopened_hand", info.kind), locale_of(interaction), game_id=info.id),
            )
            return
        message = await self.bot.flow.hand_message(info, seat, locale_of(interaction))
        await interaction.followup.send(ephemeral=True, **message)

    @app_commands.command(name="board", description="See a game's board")
    @app_commands.describe(
        game="Game number", text="Also as text a screen reader reads (your setting if left out)"
    )
    async def board(
        self, interaction: discord.Interaction, game: int | None = None, text: bool | None = None
    ) -> None:
        loc = locale_of(interaction)
        info = await self.visible_game(interaction, await self.resolve_game(interaction, game))
        if info.status == "open":
            raise ServiceError("not_started", game_id=info.id)
        if text is None:
            text = (await self.bot.correspondence.preferences(interaction.user.id)).text_board
        await interaction.response.defer(ephemeral=True, thinking=True)
        caption = t("bot.board.caption", loc, game_id=info.id, ply=info.ply)
        if not text:
            file = await self.bot.flow.board_file(info, locale=loc)
            await interaction.followup.send(caption, file=file, ephemeral=True)
            return
        info, legal = await self.bot.flow.menu_state(info.id, interaction.user.id)
        view = await self.bot.service.view(info.id)
        file = await self.bot.flow.board_file(info, view.get("ply"), locale=loc)
        lines = textboard.board_lines(info, view, [a.text for a in legal], loc)
        chunks, attachment = textboard.as_messages(info, caption, lines, loc)
        files = [file] if attachment is None else [file, attachment]
        await interaction.followup.send(chunks[0], files=files, ephemeral=True)
        for chunk in chunks[1:]:
            await interaction.followup.send(chunk, ephemeral=True)

    board.autocomplete("game")(game_autocomplete)

    # --- looking things up ------------------------------------------------------------------------------------
    @app_commands.command(name="games", description="List games: yours or this server's")
    @app_commands.choices(
        scope=[app_commands.Choice(name=v, value=v) for v in ("mine", "server")],
        status=[app_commands.Choice(name=v, value=v) for v in ("current", "active", "finished", "all")],
    )
    async def games(
        self, interaction: discord.Interaction, scope: str = "mine", status: str = "current"
    ) -> None:
        loc = locale_of(interaction)
        if scope == "server" and interaction.guild_id is not None:
            page = await self.service.games_for_server(interaction.guild_id, status=status, limit=20)
            title = t("bot.games.server", loc, status=t(f"bot.status.{status}", loc))
        else:
            page = await self.service.games_for_user(interaction.user.id, status=status, limit=20)
            title = t("bot.games.mine", loc, status=t(f"bot.status.{status}", loc))
        lines = [title]
        clocks = {}
        if scope != "server" or interaction.guild_id is None:
            everywhere = await self.bot.correspondence.everywhere(interaction.user.id)
            clocks = {e.game.id: e for e in everywhere.games if e.deadline is not None}
            lines.append(everywhere.summary(loc))
        for g in page.games:
            players = format_list((s.name for s in g.seats), loc)
            state = t(f"bot.status.{g.status}", loc)
            if g.to_act is not None:
                lines.append(
                    t(
                        "bot.games.line_turn",
                        loc,
                        game_id=g.id,
                        status=state,
                        players=players,
                        player=g.to_act.name,
                    )
                )
            else:
                lines.append(t("bot.games.line", loc, game_id=g.id, status=state, players=players))
            if g.id in clocks:
                lines[-1] += " " + self.everywhere_line(clocks[g.id], loc)
        if not page.games:
            lines.append(t("bot.games.none", loc))
        await reply_private(interaction, "\n".join(lines)[:2000])

    @LOOK.command(name="history", description="A game's moves, page by page")
    @app_commands.describe(game="Game number", page="Page (20 plies each)")
    @app_commands.checks.cooldown(*HISTORY_COOLDOWN, key=_per_user)
    async def history(
        self, interaction: discord.Interaction, game: int | None = None, page: app_commands.Range[int, 1] = 1
    ) -> None:
        game_id = await self.resolve_game(interaction, game)
        await self.show_history(interaction, game_id, (page - 1) * HISTORY_PAGE)

    history.autocomplete("game")(game_autocomplete)

    async def show_history(self, interaction: discord.Interaction, game_id: int, start: int) -> None:
        loc = locale_of(interaction)
        info = await self.visible_game(interaction, game_id)
        total = info.ply
        entries = await self.service.action_log(
            game_id, interaction.user.id, from_ply=start, limit=HISTORY_PAGE
        )
        if not entries:
            text = t("bot.history.empty", loc, game_id=game_id)
        else:
            lines = [
                t(
                    "bot.history.title",
                    loc,
                    game_id=game_id,
                    first=start + 1,
                    last=start + len(entries),
                    total=total,
                )
            ]
            if start == 0:
                lines += tenure_lines(await self.service.tenures(game_id), loc)
            lines += [
                t(
                    "bot.history.line",
                    loc,
                    ply=e.ply + 1,
                    player=t("seat.history.bot_name", loc, player=e.name) if e.autopilot else e.name,
                    action=e.words(loc),
                )
                for e in entries
            ]
            text = "\n".join(lines)[:2000]
        view = discord.ui.View(timeout=None)
        if start > 0:
            view.add_item(
                components.HistoryButton(game_id, max(0, start - HISTORY_PAGE), t("bot.button.previous", loc))
            )
        if start + HISTORY_PAGE < total:
            view.add_item(components.HistoryButton(game_id, start + HISTORY_PAGE, t("bot.button.next", loc)))
        msg = interaction.message
        if interaction.type is discord.InteractionType.component and msg is not None and msg.flags.ephemeral:
            await interaction.response.edit_message(content=text, view=view, allowed_mentions=NO_PINGS)
        else:
            await interaction.response.send_message(
                text, view=view, ephemeral=True, allowed_mentions=NO_PINGS
            )

    @LOOK.command(name="replay", description="A finished game's animation, or a position at a ply")
    @app_commands.describe(game="Game number", ply="Show the position after this many plies")
    @app_commands.checks.cooldown(*REPLAY_COOLDOWN, key=_per_user)
    async def replay(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        ply: app_commands.Range[int, 0] | None = None,
    ) -> None:
        loc = locale_of(interaction)
        info = await self.visible_game(interaction, await self.resolve_game(interaction, game))
        if ply is None and info.status != "finished":
            raise ServiceError("not_started", "bot.error.not_finished", game_id=info.id)
        if ply is not None:
            view = await self.service.state_at(info.id, ply)  # refuses a bad ply before we defer
            await interaction.response.defer(ephemeral=True, thinking=True)
            names = names_of(info)
            png = await self.bot.renderer.board(view, None, names, info.kind, loc)
            alt = alt_text_of(get_game(info.kind)).board_alt_text(view, None, names, loc)
            await interaction.followup.send(
                t("bot.replay.ply", loc, game_id=info.id, ply=ply, total=info.ply),
                file=discord.File(
                    io.BytesIO(png), filename=f"{info.kind}-{info.id}-{ply}.png", description=alt
                ),
                ephemeral=True,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        gif = await self.bot.flow.replay_gif(info, loc)
        await interaction.followup.send(
            t("bot.game.replay", loc, game_id=info.id),
            file=discord.File(
                io.BytesIO(gif), filename=f"{info.kind}-{info.id}.gif", description=replay_alt_text(info, loc)
            ),
            ephemeral=True,
        )

    replay.autocomplete("game")(game_autocomplete)

    async def game_kind_here(self, interaction: discord.Interaction, game: str | None) -> str:
        """The game a lookup is about: the one named, else the game of this thread, else the default."""
        if game is not None and game.strip():
            return options.find_kind(game)
        if interaction.channel_id is not None:
            info = await self.service.find_game_by_thread(interaction.channel_id)
            if info is not None:
                return info.kind
        return DEFAULT_KIND

    @staticmethod
    def game_line(kind: str, key: str, loc: str) -> list[str]:
        """A line naming the game (``key``), when the bot plays more than one."""
        return [t(key, loc, game=title_in(kind, loc))] if len(game_kinds()) > 1 else []

    @LOOK.command(name="stats", description="Wins, losses and draws")
    @app_commands.describe(
        player="Whose record (yours if left out)", game="Which game (this thread's, else War Chest)"
    )
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: TextOption | None = None,
    ) -> None:
        loc = locale_of(interaction)
        kind = await self.game_kind_here(interaction, game)
        who = player or interaction.user
        full = await self.bot.correspondence.stats(who.id, interaction.guild_id, kind=kind)
        record = full.record
        o = record.overall
        lines = self.game_line(kind, "bot.stats.game", loc)
        lines.append(
            t(
                "bot.stats.overall",
                loc,
                player=public_name(who.display_name),
                games=o.games,
                wins=o.wins,
                losses=o.losses,
                draws=o.draws,
            )
        )
        if record.server is not None:
            s = record.server
            lines.append(
                t("bot.stats.server", loc, games=s.games, wins=s.wins, losses=s.losses, draws=s.draws)
            )
        for key, r in (
            ("bot.stats.rating", full.rating),
            ("bot.stats.server_rating", full.server_rating),
        ):
            if r is not None and r.games:
                lines.append(t(key, loc, rating=r.display, rd=round(r.rd), games=r.games))
        if not full.rating.games:
            lines.append(t("bot.stats.unrated", loc))
        await reply_private(interaction, "\n".join(lines))

    @app_commands.command(name="rules", description="The rules in brief, a part of them, or a unit's card")
    @app_commands.describe(
        unit="A unit, e.g. Archer",
        game="Which game (this thread's, else War Chest)",
        topic="A part of the complete rules: setup, a round, an action, a unit…",
    )
    async def rules(
        self,
        interaction: discord.Interaction,
        unit: TextOption | None = None,
        game: TextOption | None = None,
        topic: TextOption | None = None,
    ) -> None:
        loc = locale_of(interaction)
        kind = await self.game_kind_here(interaction, game)
        rules = get_game(kind)
        guide, units = rules.facets.guide, rules.facets.units
        # What a new game here would be given (For the Crown: the card table this server's admins loaded):
        # the guide's pages and the cards then read as this server plays them. Only a game whose options
        # the server fills gets them, so every other guide keeps its two-argument calls.
        here = await self.with_server_table(kind, {}, interaction.guild_id)
        extra: dict[str, Any] = {"options": here} if here else {}
        if topic is not None:
            page = guide.rules_page(topic, loc, **extra) if guide is not None else None
            if page is None:
                if guide is None or not guide.rules_topics(loc):
                    raise ServiceError("unparseable", "rules.error.no_topics", game=rules.title)
                raise ServiceError("unparseable", "rules.error.unknown_topic", topic=topic[:40])
            await reply_private(interaction, page)
            return
        if unit is None:
            await reply_private(interaction, rules.rules_text(loc))
            return
        found = units.lookup_unit(unit) if units is not None else None
        if units is None or found is None or found not in units.units():
            raise ServiceError("unparseable", "bot.error.unknown_unit", unit=unit[:40])
        png = await self.bot.renderer.unit_card(found.code, kind, loc, **extra)
        await interaction.response.send_message(
            t("bot.rules.card", loc, unit=units.unit_names(loc).get(found.code, found.name)),
            file=discord.File(
                io.BytesIO(png),
                filename=f"{found.name.lower()}.png",
                description=units.unit_alt_text(found.code, loc, **extra),
            ),
            ephemeral=True,
        )

    @rules.autocomplete("unit")
    async def unit_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            kind = await self.game_kind_here(interaction, getattr(interaction.namespace, "game", None))
        except ServiceError:
            return []
        units = get_game(kind).facets.units
        if units is None:
            return []
        names = units.unit_names(locale_of(interaction))  # shown in the user's language; the value stays
        typed = fold(current)
        return [
            app_commands.Choice(name=names.get(u.code, u.name), value=u.name)
            for u in units.units()
            if typed in u.name.lower() or typed == u.code.lower() or typed in fold(names.get(u.code, ""))
        ][:25]

    @rules.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The guide's topics whose label (in the user's language or English) or id contains what was typed;
        the value is the topic id."""
        try:
            kind = await self.game_kind_here(interaction, getattr(interaction.namespace, "game", None))
        except ServiceError:
            return []
        guide, loc, typed = get_game(kind).facets.guide, locale_of(interaction), current.strip().casefold()
        if guide is None:
            return []
        english = dict(guide.rules_topics("en"))
        return [
            app_commands.Choice(name=label[:100], value=topic)
            for topic, label in guide.rules_topics(loc)
            if typed in label.casefold()
            or typed in english.get(topic, "").casefold()
            or typed == topic.casefold()
        ][:25]

    @app_commands.command(name="help", description="How to play here")
    @app_commands.describe(game="Also the rules of this game")
    async def help(self, interaction: discord.Interaction, game: TextOption | None = None) -> None:
        loc = locale_of(interaction)
        lines = [
            t(key, loc)
            for key in (
                "bot.help",
                "bot.help.correspondence",
                "bot.help.ai",
                "bot.help.rematch",
                "bot.help.language",
            )
        ]
        if len(game_kinds()) > 1:
            titles = format_list((title for title, _ in options.game_choices("", loc)), loc)
            lines.append(t("bot.games.kinds", loc, games=titles, default=title_in(DEFAULT_KIND, loc)))
        if game is not None:
            lines.append(get_game(options.find_kind(game)).rules_text(loc))
        await reply_private(interaction, "\n".join(lines)[:2000])

    rules.autocomplete("game")(game_kind_autocomplete)
    stats.autocomplete("game")(game_kind_autocomplete)
    help.autocomplete("game")(game_kind_autocomplete)

    # --- ending -----------------------------------------------------------------------------------------------
    @app_commands.command(name="resign", description="Resign a game (your side loses)")
    @app_commands.describe(game="Game number")
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.ask_resign(interaction, await self.resolve_game(interaction, game))

    resign.autocomplete("game")(game_autocomplete)

    async def ask_resign(self, interaction: discord.Interaction, game_id: int) -> None:
        """Ask privately "Resign game #N?" with Confirm / Cancel (for this user, at this ply); refuse at once
        what the service would refuse (a game that is not running, a game the user does not play in)."""
        info = await self.service.get_game(game_id)
        if info.status == "open":
            raise ServiceError("not_started", game_id=game_id)
        if info.status == "aborted":
            raise ServiceError("game_over", "error.game_aborted", game_id=game_id)
        if info.status != "active":
            raise ServiceError("game_over", game_id=game_id)
        if info.seat_of(interaction.user.id) is None:
            raise ServiceError("not_seated", game_id=game_id)
        loc = locale_of(interaction)
        await reply_private(
            interaction,
            t("bot.resign.confirm", loc, game_id=game_id),
            view=components.resign_confirm_view(game_id, info.ply, interaction.user.id, loc),
        )

    @app_commands.command(name="rematch", description="A rematch of a finished game, with the sides swapped")
    @app_commands.describe(game="Game number (the game of this thread, or your latest finished game)")
    async def rematch(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self.resolve_finished_game(interaction, game)
        await self.bot.notifier.rematch(interaction, game_id)

    async def resolve_finished_game(self, interaction: discord.Interaction, game: int | None) -> int:
        """The game named, else the game of this thread, else the caller's latest finished game."""
        if game is not None:
            return game
        if interaction.channel_id is not None:
            info = await self.service.find_game_by_thread(interaction.channel_id)
            if info is not None and info.seat_of(interaction.user.id) is not None:
                return info.id
        page = await self.service.games_for_user(interaction.user.id, status="finished", limit=1)
        if not page.games:
            raise ServiceError("unknown_game", "bot.error.no_finished_game", game_id="")
        return page.games[0].id

    @rematch.autocomplete("game")
    async def finished_game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.game_choices(interaction, current, "finished")

    @app_commands.command(name="abort", description="Cancel a game before its first move")
    @app_commands.describe(game="Game number")
    async def abort(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self.resolve_game(interaction, game)
        info = await in_time(interaction, self.service.abort(game_id, interaction.user.id))
        await reply_private(interaction, info.over.message(locale_of(interaction)) if info.over else "")

    abort.autocomplete("game")(game_autocomplete)
