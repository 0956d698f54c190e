"""Seats that change hands, on Discord: `/wc seat hand|replace|autopilot`, `/wc admin seats`, the buttons of a
seat offer, and the posts of the ``seat`` outbox rows (the bot took a silent player's seat, the player is
back, a seat offered, handed on or replaced). The rules are the service's (`warchest_bot.service.seats`).

Any command or button of a player in a game whose seat the bot plays gives them the seat back: the cog's
``resolve_game`` (every slash command about a game) and `BotItem.callback` (every button of a game) call
`give_back` first.
"""

from __future__ import annotations

import logging
from re import Match
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands

from ..i18n import format_list, t
from ..service import ErrorCode, GameInfo, OfferAnswer, SeatOffer, ServiceError
from ..service.results import Player
from ..storage import OutboxRecord, TenureRecord
from .common import bot_of, locale_of, mention_only, public_name, reply_private
from .components import MenuButton
from .delivery import send_once
from .groups import ADMIN, SEAT
from .interactions import BotItem, ViewButton
from .mixin import CogMixin

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.seats")


async def give_back(bot: WarchestBot, game_id: int, user_id: int) -> None:
    """The user acts in the game: if the bot plays their seat, they have it back (announced in the game's
    place through the outbox). Never stops the command: a failure is logged."""
    try:
        await bot.service.return_seat(game_id, user_id)
    except ServiceError as exc:
        if exc.code not in (ErrorCode.UNKNOWN_GAME, ErrorCode.BAD_ID):
            log.warning("game %s: could not give user %s their seat back: %r", game_id, user_id, exc)


def tenure_lines(tenures: list[TenureRecord], loc: str) -> list[str]:
    """The history's lines of the seats that changed hands (none when no seat did), moves counted from 1:
    a tenure from ply ``a`` to ``b`` made the decisions ``a + 1`` to ``b``."""
    if not tenures:
        return []
    lines = [t("seat.history.title", loc)]
    for tenure in tenures:
        bot = tenure.user_id is None
        first, last = tenure.from_ply + 1, tenure.to_ply
        if last is None:
            key = "seat.history.tenure_bot_open" if bot else "seat.history.tenure_open"
        elif last < first:
            key = "seat.history.tenure_none"
        else:
            key = "seat.history.tenure_bot" if bot else "seat.history.tenure"
        lines.append(
            t(key, loc, seat=tenure.seat + 1, player=tenure.display_name, first=first, last=last or 0)
        )
    return lines


def _mention(user_id: int | None, name: str) -> str:
    return f"<@{user_id}>" if user_id else public_name(name)


class SeatOfferButton(
    BotItem[ViewButton], template=r"wc:seat:(?P<act>yes|ok|no):(?P<game>\d+):(?P<seat>\d+)"
):
    """Accept (the newcomer), Agree (another player, for a replacement) or Decline a seat offer."""

    def __init__(self, act: str, game_id: int, seat: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if act != "no" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or act, style=style, custom_id=f"wc:seat:{act}:{game_id}:{seat}")
        )
        self.act, self.game_id, self.seat = act, game_id, seat

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(match["act"], int(match["game"]), int(match["seat"]), item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        service = bot_of(interaction).service
        answer = await service.answer_offer(self.game_id, self.seat, interaction.user.id, self.act != "no")
        await reply_private(interaction, answer_text(answer, locale_of(interaction)))


SEAT_ITEMS = (SeatOfferButton,)


def answer_text(answer: OfferAnswer, loc: str) -> str:
    offer = answer.offer
    if answer.declined:
        return t("seat.answer.declined", loc, game_id=offer.game_id)
    if answer.done:
        return t("seat.answer.done", loc, game_id=offer.game_id, newcomer=public_name(offer.to_name))
    if offer.waiting_for:
        return t("seat.answer.waiting", loc, waiting=_people(offer.waiting_for, loc))
    return t("seat.answer.replace_ready", loc, newcomer=_mention(offer.to_user_id, offer.to_name))


def _people(user_ids: tuple[int, ...], loc: str) -> str:
    return format_list((f"<@{u}>" for u in user_ids), loc)


def offer_view(offer: SeatOffer, loc: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeatOfferButton("yes", offer.game_id, offer.seat, t("seat.button.accept", loc)))
    if offer.waiting_for:
        view.add_item(SeatOfferButton("ok", offer.game_id, offer.seat, t("seat.button.agree", loc)))
    view.add_item(SeatOfferButton("no", offer.game_id, offer.seat, t("seat.button.decline", loc)))
    return view


async def deliver_seat(bot: WarchestBot, info: GameInfo, row: OutboxRecord) -> None:
    """Post what a ``seat`` outbox row owes in the game's place (once: `send_once`)."""
    facts: dict[str, Any] = row.payload
    event = facts.get("event")
    place = bot.flow.place(info)
    loc = await bot.flow.public_locale(info.guild_id)
    seat = next((s for s in info.seats if s.seat == facts.get("seat")), None)
    name = seat.name if seat is not None else "?"
    kwargs: dict[str, Any] = {}
    pinged: list[int | None] = []
    if event == "autopilot":
        pinged = [facts.get("user")]
        text = t(
            "seat.announce.autopilot",
            loc,
            player=_mention(facts.get("user"), name),
            missed=facts.get("missed", 1),
            game_id=info.id,
        )
        bot.ai.poke(info.id)  # the bot plays the seat now
    elif event == "returned":
        turn = info.to_act is not None and seat is not None and info.to_act.seat == seat.seat
        key = "seat.announce.returned_turn" if turn and info.ply == row.ply else "seat.announce.returned"
        pinged = [facts.get("user")]
        text = t(key, loc, player=_mention(facts.get("user"), name), game_id=info.id)
        if key == "seat.announce.returned_turn":
            view = discord.ui.View(timeout=None)
            view.add_item(MenuButton(info.id, info.ply, t("bot.button.play", loc)))
            kwargs["view"] = view
    elif event == "rule":
        after = int(facts.get("after") or 0)
        key = "seat.announce.rule" if after else "seat.announce.rule_off"
        text = t(key, loc, player=public_name(name), count=after, game_id=info.id)
    elif event == "offer":
        offer = await bot.service.seat_offer(info.id, int(facts.get("seat", -1)))
        if offer is None or offer.kind != facts.get("kind"):
            return  # answered (or replaced) before it was posted: nothing to offer any more
        holder = _mention(offer.holder_id, offer.holder_name)
        newcomer = _mention(offer.to_user_id, offer.to_name)
        pinged = [offer.to_user_id, *offer.waiting_for]
        if offer.kind == "hand":
            text = t("seat.announce.offer_hand", loc, holder=holder, newcomer=newcomer, game_id=info.id)
        elif not offer.waiting_for and offer.by_user_id not in offer.votes:
            text = t("seat.announce.offer_admin", loc, holder=holder, newcomer=newcomer, game_id=info.id)
        elif not offer.waiting_for:
            by = f"<@{offer.by_user_id}>"
            text = t(
                "seat.announce.offer_agreed", loc, by=by, holder=holder, newcomer=newcomer, game_id=info.id
            )
        else:
            text = t(
                "seat.announce.offer_replace",
                loc,
                by=f"<@{offer.by_user_id}>",
                holder=holder,
                newcomer=newcomer,
                waiting=_people(offer.waiting_for, loc) or "-",
                game_id=info.id,
            )
        kwargs["view"] = offer_view(offer, loc)
    elif event == "declined":
        text = t(
            "seat.announce.declined",
            loc,
            player=f"<@{facts.get('user')}>",
            holder=public_name(name),
            game_id=info.id,
        )
    elif event == "substituted":
        key = "seat.announce.handed" if facts.get("kind") == "hand" else "seat.announce.replaced"
        pinged = [facts.get("user")]
        text = t(
            key,
            loc,
            newcomer=_mention(facts.get("user"), name),
            holder=public_name(str(facts.get("from_name", "?"))),
            game_id=info.id,
        )
    else:
        log.error("game %s: unknown seat event %r; skipped", info.id, event)
        return
    if place is not None:
        await send_once(place, text, allowed_mentions=mention_only(*pinged), **kwargs)


class SeatCommands(CogMixin):
    """Mixed into `WarChestCog`; uses its ``bot``, ``resolve_game`` and ``game_autocomplete``."""

    async def _seat_game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.game_autocomplete(interaction, current)

    @staticmethod
    def _newcomer(user: discord.User | discord.Member) -> Player:
        if user.bot:
            raise ServiceError(ErrorCode.BAD_INVITE, "seat.error.bot_user")
        return Player(user.id, user.display_name)

    @SEAT.command(name="hand", description="Hand your seat in a game to someone else (they accept)")
    @app_commands.describe(user="Who takes your seat", game="Game number")
    async def seat_hand(
        self, interaction: discord.Interaction, user: discord.User, game: int | None = None
    ) -> None:
        game_id = await self.resolve_game(interaction, game)
        offer = await self.bot.service.hand_seat(game_id, interaction.user.id, self._newcomer(user))
        loc = locale_of(interaction)
        await reply_private(
            interaction, t("seat.answer.offered", loc, game_id=game_id, newcomer=f"<@{offer.to_user_id}>")
        )

    seat_hand.autocomplete("game")(_seat_game_autocomplete)

    @SEAT.command(
        name="replace",
        description="Replace a player who missed their deadlines (all other players agree, or a server admin)",
    )
    @app_commands.describe(player="The silent player", user="Who takes the seat", game="Game number")
    async def seat_replace(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        user: discord.User,
        game: int | None = None,
    ) -> None:
        game_id = await self.resolve_game(interaction, game)
        info = await self.bot.service.get_game(game_id)
        admin = bool(
            interaction.guild_id is not None
            and info.guild_id == interaction.guild_id
            and interaction.permissions.manage_guild
        )
        offer = await self.bot.service.replace_seat(
            game_id, interaction.user.id, player.id, self._newcomer(user), admin=admin
        )
        loc = locale_of(interaction)
        newcomer = f"<@{offer.to_user_id}>"
        if offer.waiting_for:
            text = t(
                "seat.answer.replace_asked", loc, waiting=_people(offer.waiting_for, loc), newcomer=newcomer
            )
        else:
            text = t("seat.answer.replace_ready", loc, newcomer=newcomer)
        await reply_private(interaction, text)

    seat_replace.autocomplete("game")(_seat_game_autocomplete)

    @SEAT.command(
        name="autopilot", description="Let the bot play for a player who misses deadlines in a game"
    )
    @app_commands.describe(
        after="Missed deadlines in a row after which the bot plays the seat (0: never); leave out to see the rule",
        game="Game number",
    )
    async def seat_autopilot(
        self,
        interaction: discord.Interaction,
        after: app_commands.Range[int, 0, 10] | None = None,
        game: int | None = None,
    ) -> None:
        game_id = await self.resolve_game(interaction, game)
        loc = locale_of(interaction)
        if after is None:
            rules = await self.bot.service.seat_rules(game_id)
            text = t(
                "seat.answer.rules",
                loc,
                game_id=game_id,
                autopilot=rules.autopilot_after,
                replace=rules.replace_after,
            )
        else:
            rules = await self.bot.service.set_autopilot_rule(game_id, interaction.user.id, after)
            key = "seat.answer.rule" if rules.autopilot_after else "seat.answer.rule_off"
            text = t(key, loc, game_id=game_id, count=rules.autopilot_after)
        await reply_private(interaction, text)

    seat_autopilot.autocomplete("game")(_seat_game_autocomplete)

    @ADMIN.command(name="seats", description="This server's defaults for silent players (server admins)")
    @app_commands.describe(
        autopilot_after="Missed deadlines after which the bot plays a seat, in games without their own rule (0: never)",
        replace_after="Missed deadlines after which a player may be replaced",
    )
    async def admin_seats(
        self,
        interaction: discord.Interaction,
        autopilot_after: app_commands.Range[int, 0, 10] | None = None,
        replace_after: app_commands.Range[int, 1, 10] | None = None,
    ) -> None:
        loc = locale_of(interaction)
        if interaction.guild_id is None:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "bot.server.only_in_server")
        changing = autopilot_after is not None or replace_after is not None
        if changing and not interaction.permissions.manage_guild:
            raise ServiceError(ErrorCode.BAD_PREFERENCES, "seat.error.not_admin")
        rules = await self.bot.service.set_server_seat_rules(
            interaction.guild_id, autopilot_after=autopilot_after, replace_after=replace_after
        )
        await reply_private(
            interaction,
            t("seat.answer.server", loc, autopilot=rules["autopilot_after"], replace=rules["replace_after"]),
        )


__all__ = ["SEAT_ITEMS", "SeatCommands", "SeatOfferButton", "deliver_seat", "give_back", "tenure_lines"]
