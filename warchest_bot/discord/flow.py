"""What happens after a move: the board post in the game's thread, hands by DM, the end of a game.

Everything here runs after the interaction was acknowledged, in background tasks (one FIFO lock per game,
so a game's posts keep their order); rendering runs in worker threads. Public posts carry only public
information; hands go by DM (or, when DMs are closed, are left for ``/wc hand``) and never stall a game.

Closed DMs recover. A DM refused with 403 / 50007 marks the player unreachable (in all their current games)
and records when; they are told once, privately, to use /wc hand. The bot tries a DM again:
  1. when a game they sit in starts (its first hand DM),
  2. when they use /wc hand or the My hand button (their hand is sent by DM, else shown privately),
  3. at the first hand DM due 24 hours (``DM_RETRY_AFTER``) or more after the last refusal.
Any DM that goes through marks them reachable again in all their current games, so hand DMs resume; if their
DMs close again later, they are told once again. A retry that fails tells them nothing new.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from ..games import Phrase, alt_text_of, get_game, title_in
from ..games.turns import SILENT_PHRASE
from ..i18n import DEFAULT_LOCALE, for_game, format_list, t
from ..service import (
    GameInfo,
    GameService,
    Legal,
    MessageRef,
    OutboxKind,
    PlayResult,
    SeatInfo,
    ServiceError,
    turn_steps,
)
from ..storage import OutboxRecord
from . import components
from .common import DM_CLOSED, NO_PINGS, locale_of, mention_only, names_of, replay_alt_text
from .correspondence import UndoButton, rematch_view
from .daily_digest import deliver_digest
from .delivery import send_once
from .menus import last_action_json
from .seats import deliver_seat
from .spectators import FollowNotices, SeeBoardButton
from .tournaments import deliver_round_post

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.flow")

Followup = Callable[[], Awaitable[None]] | None
"""What is left of a delivery once its row is marked done (best effort, never repeated)."""

DM_RETRY_AFTER = timedelta(hours=24)
"""How long after a refused DM the next hand DM is tried anyway (see the module's docstring)."""


class GameFlow:
    """Turns the service's results into Discord messages."""

    def __init__(self, bot: WarchestBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._dm_channels: dict[int, discord.abc.Messageable] = {}
        self.dm_notice_pending: set[int] = set()
        self.clock: Callable[[], datetime] | None = None
        """The time for DM retries (None: the correspondence clock, else the system's)."""
        self.follow_notices = FollowNotices(self)
        """The notices of ``follow`` rows (spectators; see spectators.py)."""
        self._told_by_digest: dict[int, tuple[int, int, int]] = {}
        """Per game, (ply, seat, user) of the last turn DM sent instead of a board post while the server's
        daily digest is on: that DM carries the hand, so a ``hands`` row of the same decision (a round
        start's new draw) sends that seat no second DM."""

    @property
    def service(self) -> GameService:
        return self.bot.service

    # --- tasks ---------------------------------------------------------------------------------------
    def spawn(self, coro: Coroutine[Any, Any, Any], game_id: int | None = None) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(self._logged(coro, game_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _logged(self, coro: Coroutine[Any, Any, Any], game_id: int | None) -> None:
        try:
            await coro
        except Exception:
            log.exception("game %s: publishing failed", game_id)

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait for the announcements owed and the background posts still running."""
        await self.bot.delivery.idle(timeout)
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=timeout)

    def lock_for(self, game_id: int) -> asyncio.Lock:
        """The FIFO lock that keeps one game's posts in order (whoever posts in the game's place holds it)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # --- languages -------------------------------------------------------------------------------------
    async def public_locale(self, guild_id: int | None) -> str:
        """The language of a server's public posts (game threads, boards, announcements): the one its admins
        chose with /wc server, else English."""
        try:
            return await self.service.server_locale(guild_id) or DEFAULT_LOCALE
        except ServiceError as exc:
            log.warning("server %s: language not loaded: %r", guild_id, exc)
            return DEFAULT_LOCALE

    async def user_locale(self, user_id: int | None) -> str:
        """The language of what is sent to one user outside an interaction (hand DMs, reminders): the one
        they chose with /wc settings, else English."""
        if user_id is None:
            return DEFAULT_LOCALE
        try:
            return await self.service.user_locale(user_id) or DEFAULT_LOCALE
        except ServiceError as exc:
            log.warning("user %s: language not loaded: %r", user_id, exc)
            return DEFAULT_LOCALE

    # --- where a game is played -------------------------------------------------------------------------
    def place(self, info: GameInfo) -> discord.abc.Messageable | None:
        place_id = info.thread_id or info.channel_id
        if place_id is None:
            return None
        return self.bot.get_partial_messageable(place_id, guild_id=info.guild_id)

    async def open_place(self, info: GameInfo, message_id: int | None) -> GameInfo:
        """Give a starting game its own thread when the bot may create one (from the challenge message),
        else play it in the channel. Records the choice with the service."""
        channel = self.bot.get_channel(info.channel_id) if info.channel_id else None
        place_id = info.channel_id
        if isinstance(channel, discord.Thread):
            place_id = channel.id
        elif isinstance(channel, discord.TextChannel):
            perms = channel.permissions_for(channel.guild.me)
            if perms.create_public_threads and perms.send_messages_in_threads:
                loc = await self.public_locale(info.guild_id)
                name = t("bot.thread.name", loc, game_id=info.id, game=title_in(info.kind, loc))
                try:
                    if message_id is not None:
                        thread = await channel.get_partial_message(message_id).create_thread(
                            name=name, auto_archive_duration=10080
                        )
                    else:
                        thread = await channel.create_thread(
                            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
                        )
                    place_id = thread.id
                except discord.HTTPException as exc:
                    log.info("game %s: no thread (%s); playing in the channel", info.id, exc)
        if place_id is not None and place_id != info.thread_id:
            await self.service.set_thread(info.id, place_id)
        return await self.service.get_game(info.id)

    # --- pictures ------------------------------------------------------------------------------------
    async def board_file(
        self,
        info: GameInfo,
        ply: int | None = None,
        last: dict[str, Any] | None = None,
        *,
        locale: str = DEFAULT_LOCALE,
    ) -> discord.File:
        """The public board picture (a spectator view), described for screen readers from the same view."""
        view = await self.service.view(info.id)
        if ply is not None and view.get("ply") != ply:
            view = await self.service.state_at(info.id, ply)
        names = names_of(info)
        png = await self.bot.renderer.board(view, last, names, info.kind, locale)
        return discord.File(
            io.BytesIO(png),
            filename=f"{info.kind}-{info.id}-{view.get('ply', 0)}.png",
            description=alt_text_of(get_game(info.kind)).board_alt_text(view, last, names, locale),
        )

    async def digest_message(
        self, info: GameInfo, seat: SeatInfo, legal: Sequence[Legal], locale: str
    ) -> dict[str, Any]:
        """Digest mode's DM when the seat must decide: in text, what the others did since its last decision
        (as it may read it), its hand in words (the hand picture's alt text), the guided menu, and buttons
        for the board and hand pictures."""
        assert seat.user_id is not None
        lines = [t(for_game("bot.hand.title", info.kind), locale, game_id=info.id)]
        entries = await self.service.action_log(info.id, seat.user_id, from_ply=max(0, info.ply - 16))
        recent = []
        for entry in reversed(entries):
            if entry.seat == seat.seat:
                break
            recent.append(entry)
        steps = [
            (entry.seat, entry.said or Phrase("summary.action", {"action": entry.text}))
            for entry in reversed(recent)
            if entry.seat is not None
        ]
        if steps:
            lines.append(
                t("digest.since", locale, steps=self.steps_text(info, steps, locale, first_named=True))
            )
        view = await self.service.view(info.id, seat.user_id)
        note = components.note_line(info.kind, view, locale)
        if note is not None:
            lines.append(note)
        lines.append(t("bot.hand.your_turn", locale))
        deadline = await self.bot.notifier.deadline_line(info, locale)
        if deadline:
            lines.append(deadline)
        hand = alt_text_of(get_game(info.kind)).private_alt_text(view, names_of(info), locale)
        lines.append(t("digest.hand", locale, hand=hand))
        ui = components.first_step_view(info, legal, locale)
        try:
            ui.add_item(SeeBoardButton(info.id, t("bot.button.see_board", locale)))
            ui.add_item(components.HandButton(info.id, t(for_game("bot.button.hand", info.kind), locale)))
        except ValueError:  # a menu that fills every row: the pictures stay with /wc board and /wc hand
            pass
        return {"content": "\n".join(lines)[:2000], "view": ui, "allowed_mentions": NO_PINGS}

    async def digest_seat(self, seat: SeatInfo | None) -> SeatInfo | None:
        """``seat`` if its player chose digest mode and their DMs are not known to be closed."""
        if seat is None or seat.user_id is None or seat.ai_level is not None or seat.dm_reachable is False:
            return None
        return seat if await self.bot.notifier.wants_digest(seat.user_id) else None

    async def send_digest(self, info: GameInfo, seat: SeatInfo, ply: int) -> bool:
        """Digest mode's one DM of a turn, if the seat must decide at ``ply`` (True: sent, or nothing to
        send); False if their DMs are closed (remembered, as for a hand DM)."""
        assert seat.user_id is not None
        current, legal = await self.menu_state(info.id, seat.user_id)
        if current.status != "active" or current.ply != ply or not legal:
            return True  # the game moved on meanwhile: the next turn's post tells them
        message = await self.digest_message(current, seat, legal, await self.user_locale(seat.user_id))
        try:
            await send_once(await self.dm_channel(seat.user_id), **message)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            await self.dm_closed(seat.user_id, None)
            return False
        return True

    async def hand_message(self, info: GameInfo, seat: SeatInfo, locale: str) -> dict[str, Any]:
        """The private hand message of a seat: text, hand image, and the guided menu if it is their
        decision (else the Play / My hand buttons)."""
        assert seat.user_id is not None
        info, legal = await self.menu_state(info.id, seat.user_id)
        view = await self.service.view(info.id, seat.user_id)
        png = await self.bot.renderer.hand(view, names_of(info), info.kind, locale)
        lines = [t(for_game("bot.hand.title", info.kind), locale, game_id=info.id)]
        if info.status != "active":
            lines.append(t("bot.hand.over", locale, game_id=info.id))
            ui = None
        elif legal:
            so_far = await self.service.turn_so_far(info.id, seat.user_id)
            if so_far:  # a turn of several decisions under way: what it did so far, as they may see it
                steps = self.steps_text(info, so_far, locale, first_named=so_far[0][0] != seat.seat)
                lines.append(t("bot.hand.turn_so_far", locale, steps=steps))
            note = components.note_line(info.kind, view, locale)
            if note is not None:
                lines.append(note)
            lines.append(t("bot.hand.your_turn", locale))
            ui = components.first_step_view(info, legal, locale)
        else:
            who = info.to_act.name if info.to_act is not None else "?"
            lines.append(t("bot.hand.waiting", locale, player=who))
            ui = components.waiting_hand_view(info, locale)
        alt = alt_text_of(get_game(info.kind)).private_alt_text(view, names_of(info), locale)
        if (await self.bot.correspondence.preferences(seat.user_id)).text_board:
            lines.append(alt)  # the setting: the picture's words in the message a screen reader reads
        out: dict[str, Any] = {
            "content": "\n".join(lines),
            "file": discord.File(io.BytesIO(png), filename=f"hand-{info.id}.png", description=alt),
            "allowed_mentions": NO_PINGS,
        }
        if ui is not None:
            out["view"] = ui
        return out

    async def menu_state(self, game_id: int, user_id: int) -> tuple[GameInfo, tuple[Legal, ...]]:
        """The game and the user's legal actions at one and the same ply."""
        for _ in range(3):
            info = await self.service.get_game(game_id)
            if info.status != "active":
                return info, ()
            legal = await self.service.legal_actions(game_id, user_id)
            again = await self.service.get_game(game_id)
            if again.ply == info.ply:
                return again, legal
        return again, legal

    # --- DMs -----------------------------------------------------------------------------------------
    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel (opened once, then remembered)."""
        channel = self._dm_channels.get(user_id)
        if channel is None:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            channel = self._dm_channels[user_id] = await user.create_dm()
        return channel

    def now(self) -> datetime:
        if self.clock is not None:
            return self.clock()
        if self.bot.corr is not None:
            return self.bot.corr.clock()
        return datetime.now(UTC)

    async def dm_retry_due(self, user_id: int) -> bool:
        """Whether a player marked unreachable should be tried again now (24 hours after the last refusal;
        at once if the time of the refusal was never recorded)."""
        closed_at = (await self.service.user_settings(user_id)).get("dm_closed_at")
        if not closed_at:
            return True
        try:
            return self.now() - datetime.fromisoformat(closed_at) >= DM_RETRY_AFTER
        except (TypeError, ValueError):
            return True

    async def send_hand(
        self,
        info: GameInfo,
        seat: SeatInfo,
        interaction: discord.Interaction | None = None,
        *,
        retry: bool = False,
        digest_here: bool = False,
    ) -> bool:
        """DM a seat its hand. A closed DM (403 / 50007) is remembered and the player told once,
        privately, to use /wc hand; it never stops the game. A seat marked unreachable is skipped unless
        ``retry`` or a retry is due (see the module's docstring); a DM that goes through reopens them.
        A player in digest mode gets no hand DM, only the digest of a decision no board post announced
        (``digest_here``)."""
        if seat.user_id is None:
            return False
        if seat.dm_reachable is False and not (retry or await self.dm_retry_due(seat.user_id)):
            return False
        if not await self.bot.notifier.wants_hand_dm(seat.user_id):
            return False  # the player switched hand DMs off (/wc settings): /wc hand still works
        if await self.bot.notifier.wants_digest(seat.user_id):
            # Digest mode: no hand DM after moves; the turn's one DM comes with its board post
            # (`send_digest`), or here for a decision no board post announced (``digest_here``).
            return digest_here and await self.send_digest(info, seat, info.ply)
        try:
            message = await self.hand_message(info, seat, await self.user_locale(seat.user_id))
            channel = await self.dm_channel(seat.user_id)
            sent = await send_once(channel, **message)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            await self.dm_closed(seat.user_id, interaction)
            return False
        except ServiceError as exc:
            log.info("game %s: no hand for seat %s: %r", info.id, seat.seat, exc)
            return False
        if seat.dm_reachable is not True:
            await self.dm_worked(seat.user_id, was_closed=seat.dm_reachable is False, game_id=info.id)
        await self.service.remember_message(
            info.id, "hand", sent.id, channel_id=sent.channel.id, seat=seat.seat
        )
        return True

    async def dm_worked(self, user_id: int, *, was_closed: bool = False, game_id: int | None = None) -> bool:
        """A DM to the user went through: if they were marked unreachable, mark them reachable in all their
        current games and end the closed period (a later closure is told again); True if they were. Else
        just record that the seat of ``game_id`` is reachable."""
        settings = await self.service.user_settings(user_id)
        closed = was_closed or bool(settings.get("dm_closed_at") or settings.get("dm_closed_told"))
        if closed:
            await self.service.set_dm_reachable(user_id, True)
            await self.service.update_user_settings(user_id, {"dm_closed_at": None, "dm_closed_told": None})
            self.dm_notice_pending.discard(user_id)
            log.info("user %s: direct messages work again", user_id)
        elif game_id is not None:
            await self.service.set_dm_reachable(user_id, True, game_id=game_id)
        else:
            return False
        return closed

    async def dm_closed(self, user_id: int, interaction: discord.Interaction | None) -> None:
        """A DM to the user was refused (403 / 50007): mark them unreachable and tell them once."""
        await self.service.set_dm_reachable(user_id, False)
        settings = await self.service.update_user_settings(user_id, {"dm_closed_at": self.now().isoformat()})
        if settings.get("dm_closed_told"):
            return
        self.dm_notice_pending.add(user_id)
        if interaction is not None and interaction.user.id == user_id:
            await self.deliver_dm_notice(interaction)

    async def deliver_dm_notice(self, interaction: discord.Interaction) -> None:
        """Tell a user, once and privately, that their DMs are closed (on their next interaction)."""
        user_id = interaction.user.id
        if user_id not in self.dm_notice_pending:
            return
        if not interaction.response.is_done():
            return  # only as a follow-up of an interaction already answered
        self.dm_notice_pending.discard(user_id)
        try:
            await interaction.followup.send(t("bot.dm.closed", locale_of(interaction)), ephemeral=True)
            await self.service.update_user_settings(user_id, {"dm_closed_told": True})
        except discord.HTTPException:
            self.dm_notice_pending.add(user_id)

    async def send_hands(
        self,
        info: GameInfo,
        seats: tuple[int, ...] | None = None,
        interaction: discord.Interaction | None = None,
        *,
        retry: bool = False,
    ) -> None:
        for seat in info.seats:
            if seats is None or seat.seat in seats:
                await self.send_hand(info, seat, interaction, retry=retry)

    # --- right after a commit (the outbox announces it) ------------------------------------------------
    def after_start(self, info: GameInfo, interaction: discord.Interaction | None = None) -> None:
        """A game started: an AI seat may have to act first (its post queues after the start's)."""
        self.bot.ai.poke(info.id)

    def after_play(self, result: PlayResult, interaction: discord.Interaction | None = None) -> None:
        """A move was committed: if an AI seat is to act now, it does."""
        if result.game_over is None and result.next is not None and result.next.ai_level is not None:
            self.bot.ai.poke(result.game_id)

    # --- announcements (delivered from the outbox, see delivery.py) ------------------------------------
    async def deliver(self, row: OutboxRecord, interaction: discord.Interaction | None) -> Followup:
        """Send what one outbox row owes, up to and including its one public post (a failure raises and the
        row is tried again). Returns what is left once the row is marked done (the replay of a finished
        game): best effort, never repeated. Call with the game's lock held (the delivery worker does)."""
        info = await self.service.get_game(row.game_id)
        kind = row.kind
        if kind == OutboxKind.START:
            await self._publish_start(info, row)
        elif kind == OutboxKind.MOVE:
            return await self._publish_move(info, row)
        elif kind == OutboxKind.END:
            return await self._publish_end(info)
        elif kind == OutboxKind.UNDO:
            await self.bot.notifier.publish_undone(info)
        elif kind == OutboxKind.HANDS:
            await self._deliver_hands(info, row, interaction)
        elif kind == OutboxKind.FOLLOW:
            await self.follow_notices.deliver(info, row)
        elif kind == OutboxKind.SEAT:
            await deliver_seat(self.bot, info, row)
        elif kind == OutboxKind.DIGEST:
            await deliver_digest(self.bot, info, row)
        elif kind == OutboxKind.TOURNAMENT:
            await deliver_round_post(self.bot, row)
        else:
            log.error("game %s: unknown outbox row kind %r; skipped", row.game_id, row.kind)
        return None

    async def _deliver_hands(
        self, info: GameInfo, row: OutboxRecord, interaction: discord.Interaction | None
    ) -> None:
        """The hand DMs a ``hands`` row owes. A seat that must decide now (``decide``) and whom the DM does
        not reach (closed DMs, hand DMs switched off) is pinged in the game's place instead, unless the board
        post of the same decision already pinged them (it pings when it knows the DM will not reach them)."""
        facts = row.payload
        seats = tuple(int(n) for n in facts.get("seats", ()))
        told = self._told_by_digest.get(info.id)
        for seat in info.seats:
            if seat.seat not in seats or told == (row.ply, seat.seat, seat.user_id):
                continue  # not owed, or the turn DM of this decision (server's daily digest) showed it
            decide = bool(facts.get("decide"))
            expected = decide and await self._dm_notifies(seat)
            sent = await self.send_hand(
                info,
                seat,
                interaction,
                retry=bool(facts.get("retry")),
                digest_here=decide and bool(facts.get("quiet")),
            )
            if decide and not sent and (expected or facts.get("quiet")):
                await self._decision_ping(info, seat, row.ply)

    async def _decision_ping(self, info: GameInfo, seat: SeatInfo, ply: int) -> None:
        """Tell a player in the game's place, with a ping, that they must decide now (their DM failed)."""
        place = self.place(info)
        current = await self.service.get_game(info.id)
        if place is None or seat.user_id is None or current.ply != ply or current.status != "active":
            return  # the game moved on meanwhile: the next post tells them
        loc = await self.public_locale(info.guild_id)
        await send_once(
            place,
            t("turn.decide_here", loc, player=f"<@{seat.user_id}>", game_id=info.id),
            view=components.waiting_hand_view(current, loc),
            allowed_mentions=mention_only(seat.user_id),
        )

    async def _publish_start(self, info: GameInfo, row: OutboxRecord) -> None:
        """The game's place (its own thread, made from the challenge message if there is one), the challenge
        message saying where it is played, and the first board with the first player's ping."""
        challenge = await self.service.message(info.id, "challenge")
        if info.thread_id is None:
            info = await self.open_place(info, challenge.message_id if challenge is not None else None)
        if challenge is not None:
            await self._challenge_started(info, challenge)
        place = self.place(info)
        loc = await self.public_locale(info.guild_id)
        teams = [format_list((s.name for s in info.seats if s.team == n), loc) for n in (0, 1)]
        begins = for_game("bot.game.begins", info.kind)
        lines = [t(begins, loc, game_id=info.id, side_a=teams[0], side_b=teams[1])]
        to_act = next((s for s in info.seats if s.seat == row.payload.get("next")), None)
        if to_act is not None:
            lines.append(self.turn_line(info, to_act, locale=loc))
            deadline = await self.bot.notifier.deadline_line(info, loc) if info.ply == 0 else None
            if deadline:
                lines.append(deadline)
        digest = await self.digest_seat(to_act)
        if digest is not None and not await self.send_digest(info, digest, row.ply):
            digest = None  # closed DMs: the board post pings them after all
        if place is not None:
            file = await self.board_file(info, 0, locale=loc)
            msg = await send_once(
                place,
                "\n".join(lines),
                file=file,
                view=self._board_view(info, 0, to_act, loc, await self.bot.web_link(info)),
                allowed_mentions=mention_only(None if digest else self._pinged(to_act)),
            )
            await self.remember_board(info, msg)

    async def _challenge_started(self, info: GameInfo, challenge: MessageRef) -> None:
        """Edit the challenge message: the game started, and where (its Accept button goes)."""
        if challenge.channel_id is None:
            return
        loc = await self.public_locale(info.guild_id)
        text = t(
            "bot.challenge.started",
            loc,
            game_id=info.id,
            players=format_list((s.name for s in info.seats), loc),
            place=f"<#{info.thread_id or info.channel_id}>",
        )
        message = self.bot.get_partial_messageable(challenge.channel_id).get_partial_message(
            challenge.message_id
        )
        try:
            await message.edit(content=text, view=None, allowed_mentions=NO_PINGS)
        except discord.NotFound:
            log.info("game %s: the challenge message is gone", info.id)

    def _pinged(self, seat: SeatInfo | None) -> int | None:
        """Whom a turn line pings: the seat's player (never the bot itself, for an AI seat)."""
        return seat.user_id if seat is not None and seat.ai_level is None else None

    def _board_view(
        self, info: GameInfo, ply: int, to_act: SeatInfo | None, locale: str, web_url: str | None = None
    ) -> discord.ui.View:
        """Play and My hand under a board; no Play button when the bot is to act (it plays by itself);
        View on the web when the bot serves web pages."""
        if to_act is not None and to_act.ai_level is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(components.HandButton(info.id, t(for_game("bot.button.hand", info.kind), locale)))
            return components.add_web_link(view, web_url, locale)
        return components.board_view(info, locale, ply=ply, web_url=web_url)

    def turn_line(
        self, info: GameInfo, seat: SeatInfo, followup: bool = False, *, locale: str = DEFAULT_LOCALE
    ) -> str:
        """The public line saying whose turn (or follow-up) it is, pinging a human, naming the bot."""
        if seat.autopilot:  # the bot plays a silent player's seat (`seats`)
            return t("seat.turn_autopilot", locale, player=seat.name, game_id=info.id)
        if seat.ai_level is not None:
            return t("bot.move.turn_ai", locale, player=seat.name, game_id=info.id)
        who = f"<@{seat.user_id}>" if seat.user_id else seat.name
        if followup:
            return t("turn.followup", locale, player=who, game_id=info.id)
        return t("bot.move.turn_next", locale, player=who, game_id=info.id)

    async def _publish_move(self, info: GameInfo, row: OutboxRecord) -> Followup:
        """The board after a move, the next player's ping (or the result, if the move ended the game)."""
        facts = row.payload
        over = bool(facts.get("over"))
        seat_no = facts.get("seat")
        place = self.place(info)
        actor = next((s.name for s in info.seats if s.seat == seat_no), "?")
        loc = await self.public_locale(info.guild_id)
        lines = [self.turn_summary(info, facts, actor, loc)]
        pinged: list[int | None] = []
        nxt = next((s for s in info.seats if s.seat == facts.get("next")), None)
        if not over and await self._told_for_the_daily_digest(info, nxt, row):
            return None  # the server's daily digest posts the day (`daily_digest`)
        if over:
            if info.over is not None:
                lines.append(info.over.message(loc))
            pinged = list(info.user_ids)
            lines.append(" ".join(f"<@{u}>" for u in pinged))
        if facts.get("answered"):
            nxt = None  # a conditional move answered it at once (`conditionals`): its own post pings
        digest = None if over else await self.digest_seat(nxt)
        if digest is not None and not await self.send_digest(info, digest, row.ply):
            digest = None  # closed DMs: the board post pings them after all
        if nxt is not None and not over:
            followup = bool(facts.get("followup"))
            lines.append(self.turn_line(info, nxt, followup, locale=loc))
            if digest is None and not (followup and await self._dm_notifies(nxt)):
                pinged = [self._pinged(nxt)]  # a follow-up owed by DM notifies once: by the DM
            if info.ply == row.ply:
                deadline = await self.bot.notifier.deadline_line(info, loc)
                if deadline:
                    lines.append(deadline)
        if place is not None:
            last = facts.get("last") or last_action_json(facts.get("action", ""), seat_no, info.kind)
            file = await self.board_file(info, row.ply, last, locale=loc)
            kwargs: dict[str, Any] = {}
            if not over:
                view = self._board_view(info, row.ply, nxt, loc, await self.bot.web_link(info))
                # A take-back may not cross a bag draw; the bot answers at once, so none in its games.
                if not facts.get("drew") and not any(seat.ai_level for seat in info.seats):
                    view.add_item(UndoButton(info.id, row.ply, t("bot.button.undo", loc)))
                kwargs["view"] = view
            elif info.over is not None and not info.over.aborted:
                kwargs["view"] = components.add_web_link(
                    rematch_view(info.id, loc), await self.bot.web_link(info), loc
                )
            text = "\n".join(line for line in lines if line)
            msg = await send_once(place, text, file=file, allowed_mentions=mention_only(*pinged), **kwargs)
            await self.remember_board(info, msg)
        if over:
            return lambda: self._post_replay(info)
        return None

    async def _told_for_the_daily_digest(
        self, info: GameInfo, nxt: SeatInfo | None, row: OutboxRecord
    ) -> bool:
        """With the server's daily digest on, a move makes no post: the player to act is told by DM (the
        digest DM of their turn). False (post as usual) when the digest is off or that DM cannot reach them."""
        if await self.bot.correspondence.digests.digest_hour(info.guild_id) is None:
            return False
        if row.payload.get("answered") or nxt is None or nxt.user_id is None or nxt.ai_level is not None:
            return True  # nobody to tell (a conditional answer follows; the bot plays on by itself)
        if nxt.dm_reachable is False:
            return False
        if not await self.send_digest(info, nxt, row.ply):
            return False
        self._told_by_digest[info.id] = (row.ply, nxt.seat, nxt.user_id)
        return True

    def turn_summary(self, info: GameInfo, facts: dict[str, Any], actor: str, locale: str) -> str:
        """The line a board post opens with: the turn's decisions in ``locale`` ("Ann played Sw e2-e3."
        for a turn of one decision told by its notation; else "Ann's turn: rolled a 4; played a 5.", each
        decision by a seat other than the one before it named)."""
        steps = turn_steps(facts)
        if len(steps) <= 1:
            action = steps[0][1].words(locale) if steps else facts.get("action", "?")
            key = "conditional.played" if facts.get("conditional") else "bot.move.played"
            return t(key, locale, player=actor, action=action)
        first = next((s.name for s in info.seats if s.seat == steps[0][0]), actor)
        return t("bot.turn.played", locale, player=first, steps=self.steps_text(info, steps, locale))

    @staticmethod
    def steps_text(
        info: GameInfo, steps: Sequence[tuple[int, Phrase]], locale: str, *, first_named: bool = False
    ) -> str:
        """A turn's decisions in ``locale``, joined; each by a seat other than the one before it (and the
        first, with ``first_named``) names its player."""
        names = {s.seat: s.name for s in info.seats}
        parts: list[str] = []
        steps = [(seat, phrase) for seat, phrase in steps if phrase.key != SILENT_PHRASE]  # "end" of a phase
        for n, (seat, phrase) in enumerate(steps):
            said = phrase.words(locale)
            if (n == 0 and first_named) or (n > 0 and seat != steps[n - 1][0]):
                said = t("summary.step_by", locale, player=names.get(seat, "?"), action=said)
            parts.append(said)
        return t("summary.separator", locale).join(parts)

    async def remember_board(self, info: GameInfo, msg: discord.Message | discord.PartialMessage) -> None:
        """Note the latest board post (stale presses link to it); never fails the delivery once posted."""
        try:
            await self.service.remember_message(info.id, "board", msg.id, channel_id=msg.channel.id)
        except ServiceError as exc:
            log.warning("game %s: could not remember the board post: %r", info.id, exc)

    async def _dm_notifies(self, seat: SeatInfo) -> bool:
        """Whether a hand DM will reach this seat's player (so a thread ping would say it twice)."""
        if seat.user_id is None or seat.dm_reachable is False:
            return False
        if await self.bot.notifier.wants_digest(seat.user_id):
            return False  # digest mode: the decision's DM comes with the board post, not as a hand DM
        return await self.bot.notifier.wants_hand_dm(seat.user_id)

    async def _publish_end(self, info: GameInfo) -> Followup:
        """A game ended without a move (resign, abort, timeout, a cancelled challenge): the result, the final
        board, then the replay."""
        place = self.place(info)
        if place is None or info.over is None:
            return None
        loc = await self.public_locale(info.guild_id)
        text = info.over.message(loc) + "\n" + " ".join(f"<@{u}>" for u in info.user_ids)
        if info.started_at is None or info.over.aborted:
            await send_once(place, text, allowed_mentions=mention_only(*info.user_ids))
            return None
        file = await self.board_file(info, locale=loc)
        await send_once(
            place,
            f"{text}\n{t('bot.game.final_board', loc, game_id=info.id)}",
            file=file,
            view=components.add_web_link(rematch_view(info.id, loc), await self.bot.web_link(info), loc),
            allowed_mentions=mention_only(*info.user_ids),
        )
        return lambda: self._post_replay(info)

    # --- replays -----------------------------------------------------------------------------------------
    async def replay_gif(self, info: GameInfo, locale: str = DEFAULT_LOCALE) -> bytes:
        """A finished game's replay in ``locale``: the service builds the frames (spectator views; the seed
        never leaves it), the replay lane draws them (never delaying a board post), and the result is
        cached."""
        return await self.bot.renderer.finished_replay(
            info.id, lambda: self.service.replay_frames(info.id), info.ply, names_of(info), info.kind, locale
        )

    async def _post_replay(self, info: GameInfo) -> None:
        place = self.place(info)
        if place is None:
            return
        info = await self.service.get_game(info.id)
        loc = await self.public_locale(info.guild_id)
        try:
            gif = await self.replay_gif(info, loc)
        except Exception:
            log.exception("game %s: replay failed", info.id)
            await place.send(t("bot.game.replay_failed", loc, game_id=info.id), allowed_mentions=NO_PINGS)
            return
        await place.send(
            t("bot.game.replay", loc, game_id=info.id),
            file=discord.File(
                io.BytesIO(gif),
                filename=f"{info.kind}-{info.id}.gif",
                description=replay_alt_text(info, loc),
            ),
            allowed_mentions=NO_PINGS,
        )
