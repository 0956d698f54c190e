"""Background tasks: the one way the bot's long-running tasks (the timer scheduler, lease renewals, the
worker's sweeps, the status line, the delivery worker) are stopped."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any


async def cancel_and_wait(task: asyncio.Task[Any] | None, *, cancel: bool = True) -> None:
    """Cancel ``task`` (unless ``cancel`` is False: it is ending by itself) and wait until it has ended;
    its cancellation is not an error. None: nothing to stop."""
    if task is None:
        return
    if cancel:
        task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


__all__ = ["cancel_and_wait"]
