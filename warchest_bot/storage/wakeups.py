"""Wake-ups across processes: a process that changed something others wait for tells them to look again.

Several bot processes on one database learn of each other's changes by reading it: a delivery worker reads
the outbox again when a claim it waits for lapses, the worker's scheduler re-reads the earliest timer every
`TIMER_POLL` seconds. A wake-up makes them look at once. It carries nothing (never game data): whoever is
woken reads the database again, so a wake-up lost or doubled changes nothing but how soon that happens.

`WakeupRepository.notify(channel)` inside a transaction is sent when it commits (never when it is rolled
back); `listen(channel, callback)` calls ``callback()`` (in the event loop) for every wake-up on
``channel`` committed by any process, this one included, and returns the function that stops it. On
PostgreSQL these are ``NOTIFY`` and ``LISTEN`` (`..postgres.listener`); on SQLite (one machine, usually one
process) both do nothing and polling remains.

Channels, and who sends on them:
- `OUTBOX_CHANNEL`: owed rows became free (a clean stop released its claims, a failed post freed its row);
  every delivery worker reads the outbox again.
- `TIMERS_CHANNEL`: a timer was added that is due before every other unfired one (or one was moved); the
  worker's scheduler reads the earliest due time again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from .errors import StorageError

if TYPE_CHECKING:  # pragma: no cover
    from .repositories import WakeupRepository

log = logging.getLogger(__name__)

OUTBOX_CHANNEL = "warchest_outbox"
TIMERS_CHANNEL = "warchest_timers"

Unlisten = Callable[[], Awaitable[None]]
"""What `listen` returns: await it to stop the callback (idempotent)."""


async def nothing_to_stop() -> None:
    """The `Unlisten` of a backend that does not listen."""


async def listen_or_poll(
    storage: WakeupRepository, channel: str, callback: Callable[[], None], waiter: str
) -> Unlisten:
    """`listen` on ``channel``; if the database refuses, one warning naming the ``waiter`` (who then only
    polls) and an `Unlisten` that does nothing."""
    try:
        return await storage.listen(channel, callback)
    except StorageError as exc:
        log.warning("%s cannot listen for wake-ups on %s (polling instead): %s", waiter, channel, exc)
        return nothing_to_stop


__all__ = ["OUTBOX_CHANNEL", "TIMERS_CHANNEL", "Unlisten", "listen_or_poll", "nothing_to_stop"]
