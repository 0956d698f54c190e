"""Worker pools that survive a dead worker: a killed or crashed worker process breaks a
`ProcessPoolExecutor` for good (`BrokenProcessPool`); `WorkerPool` then starts a new pool and runs the call
once more. Used by the render lanes, the AI and the reviews.

Worker processes never outlive the bot: closing a pool ends its processes at once (what they were
drawing or thinking is no longer wanted, and the interpreter's exit would otherwise wait for it), and on
Linux each worker asks the kernel to kill it when the bot dies (``PR_SET_PDEATHSIG``), so a SIGKILLed or
crashed bot leaves no workers behind."""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import gc
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..processes import die_with_parent

log = logging.getLogger(__name__)


def _start_worker(parent: int, initializer: Callable[[], None] | None) -> None:
    die_with_parent(parent)
    if initializer is not None:
        initializer()


def worker_started(niceness: int = 0) -> None:
    """The start of an AI or review worker process (its pool's initializer): the games imported, then every
    object alive frozen (``gc.freeze()``: the collector never walks the modules again); with ``niceness``,
    a lower CPU priority (``os.nice``) so that the bot's own work comes first."""
    from ..games import game_kinds

    game_kinds()  # imports every built-in game
    gc.freeze()
    if niceness:
        os.nice(niceness)


class WorkerPool:
    """A pool of worker processes (or threads with ``processes=0``) that rebuilds itself when a worker
    process dies, and runs the call again once."""

    def __init__(
        self,
        processes: int,
        *,
        threads: int | None = None,
        initializer: Callable[[], None] | None = None,
        name: str = "worker",
    ) -> None:
        """``processes`` worker processes; with 0, a pool of ``threads`` threads, or (None) the event loop's
        default thread pool. ``initializer`` runs in each new worker process."""
        self.processes = processes
        self.name = name
        self._threads = threads
        self._initializer = initializer
        self._pool: concurrent.futures.Executor | None = None
        self._closed = False
        if processes > 0 or threads:
            self._pool = self._make()

    def _make(self) -> concurrent.futures.Executor:
        if self.processes > 0:
            return concurrent.futures.ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=functools.partial(_start_worker, os.getpid(), self._initializer),
            )
        return concurrent.futures.ThreadPoolExecutor(max_workers=self._threads, thread_name_prefix=self.name)

    @property
    def executor(self) -> concurrent.futures.Executor | None:
        return self._pool

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        loop = asyncio.get_running_loop()
        pool = self._pool
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            if self._closed:
                raise
            self._rebuild(pool)
            return await loop.run_in_executor(self._pool, fn, *args)

    def _rebuild(self, broken: concurrent.futures.Executor) -> None:
        if self._pool is broken:  # several calls can fail on one death: rebuild once
            log.warning("a %s process died; starting a new pool", self.name)
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = self._make()

    def close(self) -> None:
        """Stop the pool: calls not started are cancelled, and worker processes end now (a call they run
        fails with `BrokenProcessPool`), rather than finish it while the bot waits to exit."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values()) if self.processes > 0 else []
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
