"""The discord.py client: one cog with the `/wc` group, dynamic (restart-proof) buttons, no privileged
intents."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from ..service import Correspondence, GameInfo, GameService
from ..service.tournaments import TournamentService, TournamentSweep
from ..storage import TournamentRecord, retire_holder, running_holder
from .ai import AiRunner
from .cog import WarChestCog
from .command_sync import sync_if_changed
from .components import DYNAMIC_ITEMS
from .coordinator import Coordinator
from .correspondence import CORRESPONDENCE_ITEMS, Notifier
from .delivery import Delivery
from .flow import GameFlow
from .health import STATUS_EVERY, StatusLog
from .interactions import CommandTree, answer_unclaimed
from .puzzles import PUZZLE_ITEMS, DailyPoster
from .rendering import Renderer
from .seats import SEAT_ITEMS
from .spectators import SPECTATOR_ITEMS
from .tutorial import TUTORIAL_ITEMS

if TYPE_CHECKING:
    from ..web import WebServer

BOT_ITEMS = (
    *DYNAMIC_ITEMS,
    *CORRESPONDENCE_ITEMS,
    *TUTORIAL_ITEMS,
    *PUZZLE_ITEMS,
    *SPECTATOR_ITEMS,
    *SEAT_ITEMS,
)
"""Every button and select menu of the bot (restored from their custom ids after a restart)."""


class WarchestBot(commands.Bot):
    """The bot. ``service`` is an open `GameService` (the caller closes it). ``correspondence``: the
    clocks/reminders/ratings layer to use (tests pass one with an injected clock and sleep); by default the
    bot makes one over ``service``. Its timer task runs while the client does; its notifications are
    delivered by the bot."""

    def __init__(
        self,
        service: GameService,
        *,
        render_processes: int = 0,
        correspondence: Correspondence | None = None,
        ai_budgets: Mapping[str, float] | None = None,
        ai_processes: int = 0,
        command_guild: int | None = None,
        sync_commands: bool = True,
        status_every: float = STATUS_EVERY,
        shared: bool = False,
        holder: str | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("intents", discord.Intents.default())  # no privileged intents
        kwargs.setdefault("help_command", None)
        kwargs.setdefault("tree_cls", CommandTree)  # holds a command's announcements until it answered
        super().__init__(command_prefix=commands.when_mentioned, **kwargs)  # discord.py's Client options
        self.service = service
        self.shared = shared
        """Other bot processes use this database too (shards across processes, or PostgreSQL): the worker
        looks for timers and AI turns they left, and the AI takes a lease before it thinks."""
        self.holder = holder or running_holder()
        """This running bot's name in the database (`host:pid:random`, from `running_holder`; ``holder``
        when the caller took the shards' leases under it first): it holds the leases (shards, the worker's
        duties, AI turns) and claims the outbox rows it delivers under it."""
        self.flow = GameFlow(self)
        self.locale_lock = asyncio.Lock()
        """Interactions look up their languages one after the other, in the order they came (see
        `common.load_locales`)."""
        self.delivery = Delivery(self)
        """Delivers the outbox: every announcement the service committed (see delivery.py)."""
        if service is not None:
            service.publisher = self.delivery
            service.claimant = self.holder  # the rows this bot's actions owe are its own to deliver
        self.renderer = Renderer(render_processes)
        self.notifier = Notifier(self)
        self.ai = AiRunner(self, budgets=ai_budgets, processes=ai_processes)
        """Plays the AI seats (games against the bot); ``ai_budgets`` overrides think times per level (ms)."""
        self._owns_corr = correspondence is None and service is not None
        self.corr: Correspondence | None = correspondence
        if self._owns_corr:
            self.corr = Correspondence(service)
        if self.corr is not None and self.corr.deliver is None:
            self.corr.deliver = self.notifier.deliver
        self.tournaments: TournamentService | None = None
        """Tournaments over the service (their commands, and the sweep below on the worker-lease holder)."""
        self.tournament_sweep: TournamentSweep | None = None
        """Advances every running event (pairing, opening games, claiming timeouts, closing rounds): one of
        the worker's duties (see coordinator.py)."""
        if service is not None:
            self.tournaments = TournamentService(service, correspondence=self.corr)
            sleep = self.corr.scheduler.sleep if self.corr is not None else asyncio.sleep
            self.tournament_sweep = TournamentSweep(self.tournaments, sleep=sleep)
        self.daily = DailyPoster(self)
        """Posts the daily puzzles owed (when one becomes owed, and at every start)."""
        if self.corr is not None:
            self.corr.on_daily_owed = self._post_daily
        self.cog: WarChestCog = WarChestCog(self)
        self.command_guild = command_guild
        """Register the commands in this guild only (WARCHEST_DEV_GUILD) instead of globally."""
        self.coordinator = Coordinator(self)
        """The worker's duties (timers, resuming the AI, daily puzzles), while this bot holds the worker
        lease (see coordinator.py)."""
        self.status_log = StatusLog(self, status_every)
        """The operator's status line in the log every few minutes (see health.py)."""
        self.sync_commands = sync_commands and service is not None
        """Register the slash commands at start-up when they changed since the last registration."""
        self.web: WebServer | None = None
        """The read-only web pages this process serves (WARCHEST_WEB; see runner.start_web), or None."""

    async def web_link(self, info: GameInfo) -> str | None:
        """The address of ``info``'s web page for a board post's link button, None without one."""
        return await self.web.link_for(info) if self.web is not None else None

    async def tournament_web_link(self, record: TournamentRecord) -> str | None:
        """The address of an event's web page for its posts' link button, None without one."""
        return await self.web.tournament_link(record) if self.web is not None else None

    def _post_daily(self) -> None:
        self.flow.spawn(self.daily.deliver_owed())

    @property
    def correspondence(self) -> Correspondence:
        """The clocks, vacations, preferences and ratings service; commands run only in a bot that has a
        service (one built without, to register commands, has none)."""
        if self.corr is None:
            raise RuntimeError("this bot runs without a service")
        return self.corr

    async def setup_hook(self) -> None:
        await self.add_cog(self.cog)
        self.add_dynamic_items(*BOT_ITEMS)
        if self.sync_commands:
            await sync_if_changed(self.tree, self.service.storage, self.command_guild)
        await self.coordinator.start()  # the timers, the AI and daily puzzles owed, if this bot does them
        self.renderer.start_warm_up()  # its own task: closing the bot does not wait for it
        if self.service is not None:
            self.delivery.start()  # first what is still owed from before a restart or a crash
            self.status_log.start()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A press none of the bot's items answers is refused privately (see `answer_unclaimed`)."""
        await answer_unclaimed(interaction, BOT_ITEMS)

    async def close(self) -> None:
        await self.status_log.stop()
        await self.coordinator.stop()  # another bot takes the duties over at its next try
        await self.ai.stop()
        if self.corr is not None:
            await self.corr.stop()
            if self._owns_corr:
                self.corr.detach()
        if self.service is not None and self.service.claimant == self.holder:
            self.service.claimant = None  # what is committed from now on is left unclaimed to any bot
        await self.delivery.stop()  # deliveries in flight finish; the rest stays owed for the next start
        if self.service is not None and self.service.publisher is self.delivery:
            self.service.publisher = None
        await self.flow.drain()
        await super().close()
        self.renderer.close()
        retire_holder(self.holder)


class ShardedWarchestBot(WarchestBot, commands.AutoShardedBot):
    """The bot serving a range of Discord's shards in this process (`warchest-bot run --shards 0-1
    --shard-count 4`): pass ``shard_ids`` and ``shard_count``. Discord sends each shard the events and
    interactions of its servers (``(guild_id >> 22) % shard_count``) and direct messages to shard 0; the
    database serialises each game's actions whichever shard a command comes through."""
