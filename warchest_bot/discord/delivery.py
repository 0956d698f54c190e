"""The outbox's delivery worker: turns the announcements the service committed into Discord messages.

Every accepted action writes the announcements it owes (outbox rows, see `warchest_bot.service.publication`)
in its own transaction, then tells this worker (the service's `Publisher`). The worker reads the pending rows
of a game in order, one game at a time per game (games in parallel), sends each (`GameFlow.deliver`), and
marks it done in the database right after its post went through. A failure (Discord down, a 5xx, a timeout)
records the error and tries the row again later with back-off (2 s, 4 s, … up to 10 minutes); later rows of
that game wait, so a game's posts keep their order. At start-up (once the gateway is ready) it delivers
whatever is still owed, so a crash or a restart between a commit and its post loses nothing.

Guarantee: within one process a row is never delivered twice (one task per game, the row is marked done
before the next one is read). Across a hard crash (SIGKILL, power cut) at the exact instant between a post
going through and its row being marked done, the row is delivered again after the restart: at least once
in that window, exactly once otherwise. A SIGTERM or Ctrl-C lets in-flight deliveries finish first
(`stop`). What follows a post once its row is done (a finished game's replay GIF) is best effort.

Interactions. A command or button that acts holds the announcements it commits until its reply (or its
refusal) has been sent (the board comes after "You played …"; see `interactions.py`), then releases them,
whatever happened to the reply: a reply that failed never stops an announcement.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from ..service import ServiceError
from ..storage import OutboxRecord, StorageError

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.delivery")

FIRST_RETRY = 2.0
MAX_RETRY = 600.0
KEEP_DONE = timedelta(days=7)
"""Delivered rows are kept this long (for diagnostics), then pruned at the next start."""
STOP_TIMEOUT = 10.0
"""How long closing waits for deliveries in flight (the rest stays owed and goes out after the restart)."""


class _Scope:
    """Announcements held while an interaction is being answered."""

    def __init__(self, interaction: discord.Interaction | None) -> None:
        self.interaction = interaction
        self.games: list[int] = []
        self.open = True


_scope: contextvars.ContextVar[_Scope | None] = contextvars.ContextVar("warchest_outbox_scope", default=None)


def retry_delay(attempts: int) -> float:
    """Seconds before the next try after ``attempts`` failed ones (doubling, capped)."""
    return min(MAX_RETRY, FIRST_RETRY * 2 ** max(0, attempts - 1))


class Delivery:
    """Delivers the outbox (implements the service's `Publisher` port)."""

    def __init__(self, bot: WarchestBot) -> None:
        self.bot = bot
        self._wake = asyncio.Event()
        self._task: asyncio.Task[Any] | None = None
        self._games: dict[int, asyncio.Task[Any]] = {}
        self._interactions: dict[int, discord.Interaction] = {}
        self._stopping = False
        self.paused = False
        """Tests: take announcements but deliver nothing (as if the bot died right after its commits)."""

    # --- the Publisher port ------------------------------------------------------------------------------
    def announce(self, game_id: int) -> None:
        scope = _scope.get()
        if scope is not None and scope.open:
            scope.games.append(game_id)
            return
        self._wake.set()

    def hold(self, interaction: discord.Interaction | None) -> _Scope:
        """Hold the announcements committed from now on in this task (and the tasks it starts) until
        `release`: the task is answering ``interaction``."""
        scope = _Scope(interaction)
        _scope.set(scope)
        return scope

    def release(self, scope: _Scope) -> None:
        """Deliver what ``scope`` held (and, from then on, what its task commits) as usual."""
        scope.open = False
        if scope.interaction is not None:
            for game_id in scope.games:
                self._interactions[game_id] = scope.interaction  # for a closed-DM notice to the actor
        if scope.games:
            self._wake.set()

    @contextlib.contextmanager
    def interaction_scope(self, interaction: discord.Interaction | None) -> Iterator[None]:
        """Hold the announcements committed while answering ``interaction``; release them on exit."""
        outer = _scope.get()
        scope = self.hold(interaction)
        try:
            yield
        finally:
            _scope.set(outer)
            self.release(scope)

    # --- the worker ----------------------------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="outbox-delivery")

    async def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """Stop taking rows; let the deliveries in flight finish (up to ``timeout``), then cancel the rest
        (rows not marked done stay owed: the next start delivers them)."""
        self._stopping = True
        self._wake.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        running = set(self._games.values())
        if running:
            _, late = await asyncio.wait(running, timeout=timeout)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=1.0)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until nothing due is owed and no delivery runs (tests, `GameFlow.drain`)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self._stopping and not self.paused and self._task is not None and loop.time() < deadline:
            if self._games:
                await asyncio.wait(set(self._games.values()), timeout=deadline - loop.time())
                continue
            now = self._now()
            if not any(r.due_at <= now for r in await self.bot.service.storage.pending_outbox(limit=1000)):
                return
            await asyncio.sleep(0.01)

    async def _run(self) -> None:
        await self.bot.wait_until_ready()  # channels must be known to open threads
        try:
            await self.bot.service.storage.prune_outbox(self._now() - KEEP_DONE)
        except StorageError:
            log.warning("outbox: could not prune delivered rows", exc_info=True)
        while not self._stopping:
            self._wake.clear()
            wait: float | None = None
            try:
                wait = await self._dispatch()
            except (StorageError, ServiceError):
                log.exception("outbox: cannot read the pending announcements; trying again")
                wait = FIRST_RETRY
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    def _now(self) -> datetime:
        return datetime.now(UTC)

    async def _dispatch(self) -> float | None:
        """Start a delivery task for each game with a row due; return seconds until the next row falls due
        (None: nothing is waiting for a retry)."""
        if self.paused:
            return None
        rows = await self.bot.service.storage.pending_outbox(limit=1000)
        first: dict[int, OutboxRecord] = {}
        for row in rows:
            first.setdefault(row.game_id, row)
        now = self._now()
        wait: float | None = None
        for game_id, row in first.items():
            if game_id in self._games:
                continue
            if row.due_at > now:
                left = (row.due_at - now).total_seconds()
                wait = left if wait is None else min(wait, left)
                continue
            task = asyncio.get_running_loop().create_task(self._deliver_game(game_id))
            self._games[game_id] = task
        return wait

    async def _deliver_game(self, game_id: int) -> None:
        flow = self.bot.flow
        try:
            async with flow.lock_for(game_id):
                while not self._stopping and not self.paused:
                    rows = await self.bot.service.storage.pending_outbox(game_id, limit=1)
                    if not rows:
                        self._interactions.pop(game_id, None)
                        return
                    if rows[0].due_at > self._now():
                        return
                    if not await self._deliver(rows[0]):
                        return
        except Exception:
            log.exception("game %s: outbox delivery failed", game_id)
        finally:
            if self._games.get(game_id) is asyncio.current_task():
                del self._games[game_id]
            self._wake.set()  # rows of this game may be due, or were added meanwhile

    async def _deliver(self, row: OutboxRecord) -> bool:
        """Deliver one row; True if it is done (go on with the game's next row)."""
        storage = self.bot.service.storage
        interaction = self._interactions.get(row.game_id)
        try:
            rest = await self.bot.flow.deliver(row, interaction)
        except Exception as exc:  # (a cancellation is no Exception: it leaves the row owed)
            # Discord down, a 5xx, a timeout: expected, one line; anything else with its traceback.
            expected = isinstance(exc, (TimeoutError, discord.HTTPException, OSError))
            delay = retry_delay(row.attempts + 1)
            log.log(
                logging.WARNING if expected else logging.ERROR,
                "game %s: announcement %s (%s, ply %s) failed (%r); next try in %.0f s",
                row.game_id,
                row.id,
                row.kind,
                row.ply,
                exc,
                delay,
                exc_info=not expected,
            )
            await storage.outbox_failed(row.id, repr(exc), self._now() + timedelta(seconds=delay))
            return False
        await storage.outbox_done(row.id)
        if rest is not None:
            try:
                await rest()
            except Exception:
                log.exception("game %s: after announcement %s (%s)", row.game_id, row.id, row.kind)
        return True


__all__ = ["Delivery", "retry_delay"]
