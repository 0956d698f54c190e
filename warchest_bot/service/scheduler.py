"""One task that sleeps until the earliest due timer in the database, then hands the due timers over.

No polling: the task asks storage for the earliest unfired timer (`timers_due` is a partial index, so that is
one index lookup), sleeps until then, and is woken early through an `asyncio.Event` whenever a timer is
added that may be earlier (`wake()`). Idle, it costs nothing but a pending sleep (with several processes on one
database the worker's re-reads now and then: `max_sleep`, `idle_sleep`). Time is injected: `clock`
returns the current aware UTC datetime and `sleep(seconds)` waits, so tests drive the scheduler with a fake
clock and without real sleeping; `run_due()` processes whatever is due now (one pass), for tests and for
start-up after downtime.

The `handler` receives the due timers (earliest first) and the time of the pass; it must mark each of them
fired (`Storage.mark_timers_fired`) or move it to a later time (`Storage.reschedule_timer`), else the
scheduler marks it fired itself so that nothing fires twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

from ..storage import Clock, Repository, TimerRecord, utc_now
from ..tasks import cancel_and_wait

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
TimerHandler = Callable[[Sequence[TimerRecord], datetime], Awaitable[None]]


class TimerScheduler:
    """Sleeps until the earliest timer; see the module docstring."""

    def __init__(
        self,
        storage: Repository,
        handler: TimerHandler,
        *,
        clock: Clock = utc_now,
        sleep: Sleep = asyncio.sleep,
        batch: int = 200,
        max_sleep: float = 3600.0,
    ) -> None:
        self.storage = storage
        self.handler = handler
        self.clock = clock
        self.sleep = sleep
        self.batch = batch
        # Re-read the earliest due time at least this often, so a wall clock that jumps (suspend, NTP)
        # cannot make a timer wait for a stale sleep. One indexed query per hour is not polling.
        self.max_sleep = max_sleep
        self.idle_sleep: float | None = None
        """With no timer at all: look again after this many seconds (None: only when woken). Set when other
        processes may add timers without waking this one."""
        self._wakeup = asyncio.Event()
        self._idle = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.passes = 0
        """How many times the task woke up and looked for due timers (for tests and the benchmark)."""

    def wake(self) -> None:
        """A timer was added or changed: look again at the earliest due time."""
        self._idle.clear()
        self._wakeup.set()

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start the task (overdue timers are handled at once)."""
        if self.running:
            return
        self._task = asyncio.get_running_loop().create_task(self._run(), name="timer-scheduler")

    async def stop(self) -> None:
        task, self._task = self._task, None
        await cancel_and_wait(task)

    async def wait_idle(self) -> None:
        """Wait until the task has handled everything due and gone back to sleep (tests)."""
        await self._idle.wait()

    async def run_due(self) -> int:
        """Hand every timer due now to the handler; return how many."""
        now = self.clock()
        total = 0
        while True:
            batch = await self.storage.due_timers(now, limit=self.batch)
            if not batch:
                return total
            try:
                await self.handler(batch, now)
            except Exception:
                log.exception("timer handler failed; the %d timers of this pass are dropped", len(batch))
            # Whatever the handler left unmarked and still due would fire again: mark it.
            left = {t.id for t in await self.storage.due_timers(now, limit=self.batch)}
            stuck = [t.id for t in batch if t.id in left]
            if stuck:
                await self.storage.mark_timers_fired(stuck, at=now)
            total += len(batch)
            if len(batch) < self.batch:
                return total

    async def _sleep_or_wake(self, seconds: float) -> None:
        sleeper = asyncio.ensure_future(self.sleep(seconds))
        waker = asyncio.ensure_future(self._wakeup.wait())
        try:
            await asyncio.wait((sleeper, waker), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for fut in (sleeper, waker):
                if not fut.done():
                    fut.cancel()
            for fut in (sleeper, waker):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await fut

    async def _run(self) -> None:
        while True:
            self._wakeup.clear()
            self.passes += 1
            delay: float | None
            try:
                await self.storage.settled()  # woken from inside a commit: read after it
                await self.run_due()
                due = await self.storage.next_timer_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timer scheduler: storage failure; retrying in a minute")
                due, delay = None, 60.0
            else:
                delay = None if due is None else (due - self.clock()).total_seconds()
            if delay is not None and delay <= 0:
                continue
            if not self._wakeup.is_set():
                self._idle.set()
            if delay is None and self.idle_sleep is not None:
                await self._sleep_or_wake(self.idle_sleep)
            elif delay is None:
                await self._wakeup.wait()
            else:
                await self._sleep_or_wake(min(delay, self.max_sleep))


__all__ = ["Sleep", "TimerHandler", "TimerScheduler"]
