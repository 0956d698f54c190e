"""The operator's status line: every few minutes one INFO line in the log with what a health check needs
(games active, announcements owed, timers due, the gateway latency of each shard, whether this process
does the worker's duties), e.g.

    status: 42 games active, 0 announcements owed, 1 timers due, shards 0:48ms 1:51ms, worker duties here

("worker duties here": this process fires the timers and resumes the AI; see coordinator.py.)

A line that cannot be read from the database says so instead (the bot keeps running)."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING

from ..service import ServiceError
from ..tasks import cancel_and_wait

if TYPE_CHECKING:  # pragma: no cover
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.status")

STATUS_EVERY = 300.0
"""Seconds between two status lines."""


def latency_text(bot: WarchestBot) -> str:
    """Each shard's gateway latency ("0:48ms 1:51ms"; "?" before the first heartbeat)."""
    pairs: list[tuple[int, float]] = getattr(bot, "latencies", None) or [(bot.shard_id or 0, bot.latency)]
    return " ".join(
        f"{shard}:{'?' if not math.isfinite(seconds) else f'{seconds * 1000:.0f}ms'}"
        for shard, seconds in pairs
    )


async def status_line(bot: WarchestBot) -> str:
    try:
        counts = await bot.service.health()
    except ServiceError as exc:
        return f"status: database unreadable ({exc.code}), shards {latency_text(bot)}"
    return (
        f"status: {counts.active_games} games active, {counts.outbox_owed} announcements owed, "
        f"{counts.timers_due} timers due, shards {latency_text(bot)}, worker duties "
        f"{'here' if bot.coordinator.held else 'elsewhere'}"
    )


class StatusLog:
    """Logs `status_line` every ``every`` seconds while the bot runs (`start` / `stop`)."""

    def __init__(self, bot: WarchestBot, every: float = STATUS_EVERY) -> None:
        self.bot = bot
        self.every = every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="status-log")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            log.info(await status_line(self.bot))

    async def stop(self) -> None:
        task, self._task = self._task, None
        await cancel_and_wait(task)
