"""The worker's duties: the work that no Discord shard owns, done by one running bot at a time.

Each bot process serves its own shards (the servers Discord sends it), but some work belongs to no
server's events: firing the timers (move clocks, reminders, daily puzzles), cancelling the challenges nobody took up in
time, resuming the AI in games where it must act, posting the daily puzzles owed, advancing the running
tournaments (`service.tournaments.TournamentSweep`). With several processes on one database
(`warchest-bot run --shards 0-1 --shard-count 4` on PostgreSQL), each of these must happen once, and go on
when the process doing them dies. So the bots campaign for the database's `WORKER_LEASE`
(`storage.LeaderLease`): the holder does the duties; the others look at the lease every `WATCH_SECONDS`
(2 s) and one of them takes over as soon as it is free: within those 2 s when the holder was a process on
the same host that no longer runs (SIGKILLed, crashed), once the holder's lease expired (`LEASE_SECONDS`)
when it ran on another host. A lone bot takes the lease at start-up, before it serves.

When the database is shared (``bot.shared``), the holder also looks for what other processes left:
- timers another process wrote: on PostgreSQL the scheduler is woken at once by one due before every other
  (`TIMERS_CHANNEL`, see `warchest_bot.storage.wakeups`), and it re-reads the earliest due time at least
  every `TIMER_POLL` seconds anyway, with no timer of its own too (should a wake-up be lost, or on SQLite);
  it is woken at once by the timers its own
  process writes;
- AI turns nobody is thinking about (the process that was to play them died): every `AI_SWEEP` seconds
  it resumes them (the AI takes each game's `ai_lease` first, so a turn another process is thinking
  about is left to it).

Outbox deliveries need no leader: every process delivers, and each row is claimed first (delivery.py).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ..storage import (
    TIMERS_CHANNEL,
    WATCH_SECONDS,
    WORKER_LEASE,
    LeaderLease,
    Unlisten,
    listen_or_poll,
    nothing_to_stop,
)
from ..tasks import cancel_and_wait

if TYPE_CHECKING:  # pragma: no cover
    from .bot import WarchestBot

CAMPAIGN_EVERY = 20.0
"""Seconds between two renewals of the worker lease while it is held (and between two tries to take it
while another bot holds it; in between, a look every `WATCH_SECONDS`)."""
LEASE_SECONDS = 60
"""How long the worker lease lasts unless renewed: the longest the duties wait for a new holder when the
old one died on another host."""
TIMER_POLL = 15.0
"""With a shared database: the longest a timer written by another process waits to be seen."""
AI_SWEEP = 15.0
"""With a shared database: seconds between two looks for AI turns nobody is thinking about."""


class Coordinator:
    """Campaigns for the worker lease and runs the duties while this bot holds it (`start` / `stop`)."""

    def __init__(self, bot: WarchestBot) -> None:
        self.bot = bot
        self.lease: LeaderLease | None = None
        self._sweep: asyncio.Task[None] | None = None
        self._unlisten: Unlisten = nothing_to_stop

    @property
    def held(self) -> bool:
        """Whether this bot does the worker's duties now."""
        return self.lease is not None and self.lease.held

    async def start(self) -> None:
        if self.bot.service is None or self.lease is not None:
            return
        self.lease = LeaderLease(
            self.bot.service.storage,
            self.bot.holder,
            name=WORKER_LEASE,
            seconds=LEASE_SECONDS,
            renew_every=CAMPAIGN_EVERY,
            watch_every=WATCH_SECONDS,
            on_gained=self._gained,
            on_lost=self._lost,
        )
        await self.lease.start()

    async def stop(self) -> None:
        lease, self.lease = self.lease, None
        if lease is not None:
            await lease.stop()
        await self._lost()

    async def _gained(self) -> None:
        bot = self.bot
        if bot.corr is not None:
            if bot.shared:
                bot.corr.scheduler.max_sleep = min(bot.corr.scheduler.max_sleep, TIMER_POLL)
                bot.corr.scheduler.idle_sleep = TIMER_POLL  # also with no timer at all
            bot.corr.start()
            # Timers other processes add (PostgreSQL; nothing on SQLite).
            self._unlisten = await listen_or_poll(
                bot.corr.storage, TIMERS_CHANNEL, bot.corr.scheduler.wake, "the timer scheduler"
            )
        if bot.shared:
            self._sweep = asyncio.get_running_loop().create_task(self._sweep_ai(), name="ai-sweep")
        else:
            bot.flow.spawn(bot.ai.resume())  # games in which the AI was to act when the bot stopped
        bot.flow.spawn(bot.daily.deliver_owed())  # daily puzzles owed from before a restart
        bot.cog.start_expiry()  # challenges nobody took up in time
        if bot.tournament_sweep is not None:
            bot.tournament_sweep.start()  # the running events: pairing, timeouts, closing rounds

    async def _lost(self) -> None:
        unlisten, self._unlisten = self._unlisten, nothing_to_stop
        await unlisten()
        task, self._sweep = self._sweep, None
        await cancel_and_wait(task)
        await self.bot.cog.stop_expiry()
        if self.bot.tournament_sweep is not None:
            await self.bot.tournament_sweep.stop()
        if self.bot.corr is not None:
            await self.bot.corr.stop()

    async def _sweep_ai(self) -> None:
        while True:
            await self.bot.ai.resume()
            await asyncio.sleep(AI_SWEEP)


__all__ = ["AI_SWEEP", "CAMPAIGN_EVERY", "TIMER_POLL", "Coordinator"]
