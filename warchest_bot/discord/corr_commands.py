"""The `/wc` commands of correspondence play: claim, undo, turns, vacation, settings, leaderboard.

A mixin of `WarChestCog` (discord.py collects app commands along the class's MRO), so they stay in the one
`/wc` group while living in their own module.
"""

from __future__ import annotations

import functools
import zoneinfo
from typing import Any

import discord
from discord import app_commands

from ..games import get_game
from ..i18n import AUTONYMS, format_list, format_number, locales, t
from ..service import ErrorCode, Preferences, ServiceError
from ..web.app import MODES as WEB_MODES
from ..web.app import set_web_mode, web_mode
from .common import (
    NO_PINGS,
    PUBLIC_LOCALE,
    USER_LOCALE,
    TextOption,
    locale_of,
    public_locale,
    public_name,
    reply_private,
)
from .correspondence import stamp
from .groups import ADMIN, LOOK, MY
from .mixin import CogMixin

OFF_WORDS = ("off", "none", "no", "-")


@functools.cache
def _zones() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones()))


def parse_reminders(text: str) -> list[float]:
    """ "50, 90" / "50% 90%" / "0.5 0.9" → [0.5, 0.9]; "off" → []."""
    words = text.replace(",", " ").replace("%", " ").split()
    if not words or words[0].lower() in OFF_WORDS:
        return []
    out = []
    for word in words:
        try:
            value = float(word)
        except ValueError as exc:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.settings.bad_reminders") from exc
        out.append(value if value < 1 else value / 100)
    return out


def language_choices() -> list[app_commands.Choice[str]]:
    """The languages a user or a server may choose, each named in its own language."""
    return [app_commands.Choice(name=AUTONYMS.get(loc, loc), value=loc) for loc in locales()]


def settings_lines(prefs: Preferences, locale: str) -> list[str]:
    lines = [t("bot.settings.language", locale, language=t(f"language.{locale}", locale))]
    lines.append(t("bot.settings.notify", locale, notify=t(f"bot.settings.notify.{prefs.notify}", locale)))
    if prefs.reminders:
        shares = format_list((f"{round(r * 100)}%" for r in prefs.reminders), locale)
        lines.append(t("bot.settings.reminders", locale, shares=shares))
    else:
        lines.append(t("bot.settings.no_reminders", locale))
    quiet = prefs.to_settings()["quiet_hours"]
    if quiet:
        lines.append(t("bot.settings.quiet", locale, quiet=quiet, timezone=prefs.timezone))
    else:
        lines.append(t("bot.settings.no_quiet", locale, timezone=prefs.timezone))
    lines.append(t("bot.settings.hand_on" if prefs.hand_dms else "bot.settings.hand_off", locale))
    lines.append(
        t("bot.settings.text_board_on" if prefs.text_board else "bot.settings.text_board_off", locale)
    )
    lines.append(t("bot.settings.digest_on" if prefs.digest else "bot.settings.digest_off", locale))
    return lines


class CorrespondenceCommands(CogMixin):
    """Mixed into `WarChestCog`; uses its ``bot``, ``service``, ``resolve_game`` and ``game_autocomplete``."""

    async def _corr_game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.game_autocomplete(interaction, current)

    # --- timeouts and take-backs -------------------------------------------------------------------------
    @app_commands.command(name="claim", description="Claim the win when your opponent's time has run out")
    @app_commands.describe(game="Game number")
    async def claim(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self.resolve_game(interaction, game)
        await self.bot.notifier.claim(interaction, game_id, None)

    claim.autocomplete("game")(_corr_game_autocomplete)

    @app_commands.command(name="undo", description="Ask your opponents to let you take back your last action")
    @app_commands.describe(game="Game number")
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self.resolve_game(interaction, game)
        await self.bot.notifier.request_undo(interaction, game_id, None)

    undo.autocomplete("game")(_corr_game_autocomplete)

    # --- everywhere -----------------------------------------------------------------------------------------
    @MY.command(name="turns", description="In how many games it is your turn, with the deadlines")
    async def turns(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        everywhere = await self.bot.correspondence.everywhere(interaction.user.id)
        if not everywhere.games:
            await reply_private(interaction, t("bot.turns.none", loc))
            return
        lines = [everywhere.summary(loc)]
        lines += [self.bot.cog.everywhere_line(g, loc) for g in everywhere.games if g.my_turn]
        await reply_private(interaction, "\n".join(lines)[:2000])

    # --- vacation -------------------------------------------------------------------------------------------
    @MY.command(name="vacation", description="Pause the clocks of all your games for some days")
    @app_commands.describe(days="Whole days (leave out to see how many days you have left this year)")
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 366] | None = None
    ) -> None:
        loc = locale_of(interaction)
        corr = self.bot.correspondence
        if days is None:
            left = await corr.vacation_days_left(interaction.user.id)
            await reply_private(interaction, t("bot.vacation.left", loc, left=left))
            return
        result = await corr.start_vacation(
            interaction.user.id, days, name=public_name(interaction.user.display_name)
        )
        v = result.vacation
        text = t(
            "bot.vacation.started",
            loc,
            until=stamp(v.ends_at, "f"),
            count=len(result.paused_games),
            left=v.days_left,
        )
        if result.kept_games:  # tournament games whose organiser does not allow vacations
            games = format_list((f"#{format_number(g, loc)}" for g in result.kept_games), loc)
            text += "\n" + t("tournament.vacation_kept", loc, games=games)
        await reply_private(interaction, text)
        self.bot.notifier.deliver_later(result.notifications)

    # --- settings -------------------------------------------------------------------------------------------
    @MY.command(name="settings", description="Your notification settings (shown if you change nothing)")
    @app_commands.describe(
        language="The language of everything the bot sends you (its replies, your hand, DMs)",
        notify="How reminders reach you",
        reminders="After what share of your move time to remind you, e.g. 50, 90 (or off)",
        quiet_hours="No reminders in these hours, e.g. 22:00-07:30 (or off)",
        timezone="Your time zone, e.g. Europe/Berlin",
        hand_dms="Send your hand by direct message after each move",
        text_board="Also give boards and hands as text a screen reader reads",
        digest="Digest mode: no hand picture per move; on your turn one text DM with buttons for the pictures",
    )
    @app_commands.choices(
        language=language_choices(),
        notify=[
            app_commands.Choice(name="direct message", value="dm"),
            app_commands.Choice(name="mention in the game thread", value="mention"),
            app_commands.Choice(name="both", value="both"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        language: TextOption | None = None,
        notify: TextOption | None = None,
        reminders: TextOption | None = None,
        quiet_hours: TextOption | None = None,
        timezone: TextOption | None = None,
        hand_dms: bool | None = None,
        text_board: bool | None = None,
        digest: bool | None = None,
    ) -> None:
        loc = locale_of(interaction)
        corr = self.bot.correspondence
        changes: dict[str, Any] = {}
        if notify is not None:
            changes["notify"] = notify
        if reminders is not None:
            changes["reminders"] = parse_reminders(reminders)
        if quiet_hours is not None:
            off = quiet_hours.strip().lower() in OFF_WORDS or not quiet_hours.strip()
            changes["quiet_hours"] = None if off else quiet_hours.strip()
        if timezone is not None:
            changes["timezone"] = timezone.strip()
        if hand_dms is not None:
            changes["hand_dms"] = hand_dms
        if text_board is not None:
            changes["text_board"] = text_board
        if digest is not None:
            changes["digest"] = digest
        if changes:
            await corr.update_preferences(interaction.user.id, changes)  # a bad value: nothing changes
        if language is not None:
            loc = await self.bot.service.set_user_locale(interaction.user.id, language)
            interaction.extras[USER_LOCALE] = loc  # this very answer already in the chosen language
        prefs = await corr.preferences(interaction.user.id)
        title = t("bot.settings.updated" if changes or language else "bot.settings.title", loc)
        await reply_private(interaction, "\n".join([title, *settings_lines(prefs, loc)]))

    @ADMIN.command(
        name="server",
        description="This server's settings: the language of its public posts, its web pages (admins change them)",
    )
    @app_commands.describe(
        language="The language of public posts here: game threads, boards, announcements (Manage Server only)",
        web="Web pages of this server's games: off, by link (the default) or public (Manage Server only)",
    )
    @app_commands.choices(
        language=language_choices(), web=[app_commands.Choice(name=m, value=m) for m in WEB_MODES]
    )
    async def server(
        self, interaction: discord.Interaction, language: TextOption | None = None, web: str | None = None
    ) -> None:
        loc = locale_of(interaction)
        if interaction.guild_id is None:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.server.only_in_server")
        if web is not None or language is None:
            await self.web_pages_setting(interaction, web, loc, also=language)
        if language is None:
            return
        if not interaction.permissions.manage_guild:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.server.not_admin")
        chosen = await self.bot.service.set_server_locale(interaction.guild_id, language)
        interaction.extras[PUBLIC_LOCALE] = chosen
        said = t("bot.server.language_set", loc, language=t(f"language.{chosen}", loc))
        await reply_private(interaction, "\n".join([*interaction.extras.pop("web_lines", []), said]))

    async def web_pages_setting(
        self, interaction: discord.Interaction, web: str | None, loc: str, *, also: str | None
    ) -> None:
        """``/wc admin server web:``: how this server's games are shown on the web (admins change it); without
        an option, the language, and this setting when the bot serves web pages."""
        assert interaction.guild_id is not None
        if web is not None:
            if not interaction.permissions.manage_guild:
                raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.server.not_admin")
            mode = await set_web_mode(self.bot.service, interaction.guild_id, web)
            lines = [t("bot.server.web_set", loc, mode=t(f"web.mode.{mode}", loc))]
            if self.bot.web is None:
                lines.append(t("bot.server.web_unused", loc))
        else:
            current = public_locale(interaction)
            lines = [t("bot.server.language", loc, language=t(f"language.{current}", loc))]
            if self.bot.web is not None:
                mode = await web_mode(self.bot.service, interaction.guild_id)
                lines.append(t("bot.server.web", loc, mode=t(f"web.mode.{mode}", loc)))
        if also is None:
            await reply_private(interaction, "\n".join(lines))
        else:  # the language is set too: its answer follows this one
            interaction.extras["web_lines"] = lines

    @settings.autocomplete("timezone")
    async def timezone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower().replace(" ", "_")
        hits = [z for z in _zones() if needle in z.lower()]
        return [app_commands.Choice(name=z, value=z) for z in hits[:25]]

    # --- ratings --------------------------------------------------------------------------------------------
    @LOOK.command(name="leaderboard", description="The best rated players, on this server or everywhere")
    @app_commands.describe(
        scope="This server, or all servers", game="Which game (this thread's, else War Chest)"
    )
    @app_commands.choices(scope=[app_commands.Choice(name=v, value=v) for v in ("server", "global")])
    async def leaderboard(
        self, interaction: discord.Interaction, scope: str = "server", game: TextOption | None = None
    ) -> None:
        loc = locale_of(interaction)
        kind = await self.game_kind_here(interaction, game)
        guild_id = interaction.guild_id if scope == "server" else None
        board = await self.bot.correspondence.leaderboard(guild_id, kind=kind, limit=20)
        key = "bot.leaderboard.server" if guild_id is not None else "bot.leaderboard.global"
        several = bool(self.game_line(kind, "bot.leaderboard.game", loc))  # name the game if the bot has more
        title = [t(f"{key}_game" if several else key, loc, game=get_game(kind).title)]
        if not board:
            await reply_private(interaction, "\n".join([*title, t("bot.leaderboard.empty", loc)]))
            return
        lines = title + [
            t(
                "bot.leaderboard.line",
                loc,
                rank=n,
                player=f"<@{r.user_id}>",
                rating=r.display,
                rd=round(r.rd),
                games=r.games,
            )
            for n, r in enumerate(board, 1)
        ]
        await reply_private(interaction, "\n".join(lines)[:2000], allowed_mentions=NO_PINGS)
