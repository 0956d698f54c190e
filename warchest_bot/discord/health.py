"""The operator's status line: every few minutes one INFO line in the log with what a health check needs
(games active, announcements owed, timers due, the gateway latency of each shard, whether this process
does the worker's duties), e.g.

    status: 42 games active, 0 announcements owed, 1 timers due, shards 0:48ms 1:51ms, worker duties here

("worker duties here": this process fires the timers and resumes the AI; see coordinator.py.) When some
of the shards are served by no process (a shard process of several is down, or was never started), the
line says which, and is a warning:

    status: ..., worker duties elsewhere, shards served by no process: 2-3 of 4

When writes waited for the database's write lock since the last line (on SQLite: another program holds it;
each write waits up to 5 s, then is refused and the player told to try again), the line says how many and is
a warning:

    status: ..., writes waiting for the database's write lock: 3 refused as busy, 2 slow (longest 5.0 s)

A line that cannot be read from the database says so instead (the bot keeps running)."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING

from ..service import ServiceError
from ..storage import SHARD_PREFIX, StorageError, WriteWaits, live_leases, shard_of_lease
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


def ranges_text(numbers: list[int]) -> str:
    """Sorted whole numbers as ranges: [0, 2, 3, 4] → "0, 2-4"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


async def unserved_shards(bot: WarchestBot) -> list[int]:
    """The shards of this bot's shard count that no running process holds the lease of (none when the bot
    is not sharded)."""
    count = getattr(bot, "shard_count", None)
    if not count or count < 2:
        return []
    served = {shard_of_lease(lease.name) for lease in await live_leases(bot.service.storage, SHARD_PREFIX)}
    return [shard for shard in range(count) if (shard, count) not in served]


def write_waits_text(waits: WriteWaits) -> str:
    """What writes waiting for the write lock since the last status line came to ("" when none did)."""
    if not waits:
        return ""
    return (
        f"writes waiting for the database's write lock: {waits.refused} refused as busy, {waits.slow} slow"
        f" (longest {waits.longest:.1f} s)"
    )


async def status_line(bot: WarchestBot) -> tuple[int, str]:
    """The status line and its log level (a warning when shards are served by nobody, or writes waited
    for the database's write lock since the last line)."""
    try:
        counts = await bot.service.health()
        missing = await unserved_shards(bot)
    except (ServiceError, StorageError) as exc:
        code = getattr(exc, "code", "storage")
        return logging.WARNING, f"status: database unreadable ({code}), shards {latency_text(bot)}"
    line = (
        f"status: {counts.active_games} games active, {counts.outbox_owed} announcements owed, "
        f"{counts.timers_due} timers due, shards {latency_text(bot)}, worker duties "
        f"{'here' if bot.coordinator.held else 'elsewhere'}"
    )
    warnings = []
    if missing:
        warnings.append(f"shards served by no process: {ranges_text(missing)} of {bot.shard_count}")
    waits = write_waits_text(bot.service.storage.write_waits.take())
    if waits:
        warnings.append(waits)
    if warnings:
        return logging.WARNING, ", ".join([line, *warnings])
    return logging.INFO, line


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
            level, line = await status_line(self.bot)
            log.log(level, line)

    async def stop(self) -> None:
        task, self._task = self._task, None
        await cancel_and_wait(task)
