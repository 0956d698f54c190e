"""The service lease (schema v4): which bot process runs the service (timers, announcements, AI turns)
on a database.

Two bot processes on one database would both fire every timer. So the running bot holds a row in
`leases`: its holder (`host:pid:random`), when it took it and when it expires. `ProcessLease` takes it at
start-up, renews it every `RENEW_SECONDS` (it lasts `LEASE_SECONDS`) and releases it on a clean shutdown.
A second process is refused (`LeaseHeld`, naming the holder) while the lease is live; a crashed bot's
lease is taken over once it expires, or at once by a process on the same host when the holder's pid no
longer runs there (a restart after a crash, `systemctl restart`, a restarted container).

The record and `ProcessLease` here are backend-neutral (`ProcessLease` works with any
`repositories.LeaseRepository`); `sqlite.lease.SQLiteLease` is the SQLite implementation.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from .errors import Conflict, StorageError

if TYPE_CHECKING:  # pragma: no cover
    from .repositories import LeaseRepository

log = logging.getLogger(__name__)

SERVICE_LEASE = "service"
"""The lease a bot process holds while it runs the service."""
LEASE_SECONDS = 60
"""How long a lease lasts without renewal: the longest a crashed bot's successor on another host waits."""
RENEW_SECONDS = 20
"""How often the holder renews it (three chances per period)."""

_HELD_HERE: set[str] = set()  # holders taken by this process and not yet released


@dataclass(frozen=True, slots=True)
class LeaseRecord:
    """Who holds lease `name`, since when, and until when (unless renewed)."""

    name: str
    holder: str
    acquired_at: datetime
    expires_at: datetime


class LeaseHeld(Conflict):
    """Another process holds the lease (it has not expired and its holder may still run)."""

    def __init__(self, lease: LeaseRecord) -> None:
        super().__init__(
            f"another bot process is already running on this database (holder {lease.holder}, lease "
            f"valid until {lease.expires_at:%Y-%m-%d %H:%M:%S} UTC); stop it first, or if it has crashed "
            f"start again after that time"
        )
        self.lease = lease


def new_holder() -> str:
    """A holder name for this process: `host:pid:random` (random tells two runs with one pid apart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def running_holder() -> str:
    """A new holder name for a running bot (`new_holder`), known to this process as live until
    `retire_holder`: its leases and claims are never judged stale by `holder_is_gone` here."""
    holder = new_holder()
    _HELD_HERE.add(holder)
    return holder


def retire_holder(holder: str) -> None:
    """The bot that ran as ``holder`` stopped: what it still holds is stale from now on (same host)."""
    _HELD_HERE.discard(holder)


def holder_is_gone(holder: str) -> bool:
    """True when `holder` names a process on this host that no longer runs, so its lease is stale now.

    A holder with this process's own pid that this process did not take was an earlier run that had the
    same pid (pid 1 in a restarted container). Another host's holder is never judged: wait for expiry.
    """
    host, pid_text, _token = (holder.rsplit(":", 2) + ["", ""])[:3]
    if host != socket.gethostname() or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return holder not in _HELD_HERE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # runs, as another user
        return False
    return False


class ProcessLease:
    """Hold a lease for this process while a block runs: `async with ProcessLease(storage): ...` (or
    `take()` ... `release()`).

    Taking raises `LeaseHeld` if another process has the lease, else starts renewing it; releasing gives
    it up. If a renewal finds the lease gone (this process stalled for a whole period and
    another one took over), it logs an error and awaits `on_lost` (e.g. the bot's `close`), so that two
    processes do not go on serving.
    """

    def __init__(
        self,
        storage: LeaseRepository,
        *,
        name: str = SERVICE_LEASE,
        seconds: int = LEASE_SECONDS,
        renew_every: float = RENEW_SECONDS,
        on_lost: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self.storage = storage
        self.name = name
        self.holder = new_holder()
        self.seconds = seconds
        self.renew_every = renew_every
        self.on_lost = on_lost
        self._task: asyncio.Task[None] | None = None
        self._lost = False

    async def take(self) -> None:
        """Take the lease (`LeaseHeld` if another process has it) and start renewing it."""
        await self.storage.take_lease(self.name, self.holder, seconds=self.seconds)
        _HELD_HERE.add(self.holder)
        log.info("holding the %s lease as %s", self.name, self.holder)
        self._task = asyncio.create_task(self._keep(), name=f"lease {self.name}")

    async def release(self) -> None:
        """Stop renewing and give the lease up (idempotent)."""
        task, self._task = self._task, None
        if task is not None:
            if not self._lost:  # else it is running `on_lost`, which may be what ends the holder's run
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.holder not in _HELD_HERE:
            return
        _HELD_HERE.discard(self.holder)
        try:
            await self.storage.release_lease(self.name, self.holder)
        except StorageError as exc:  # it expires on its own
            log.warning("could not release the %s lease: %s", self.name, exc)

    async def __aenter__(self) -> ProcessLease:
        await self.take()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.release()

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.renew_every)
            try:
                kept = await self.storage.renew_lease(self.name, self.holder, seconds=self.seconds)
            except StorageError as exc:  # busy: still ours until it expires; try again next time
                log.warning("could not renew the %s lease: %s", self.name, exc)
                continue
            if not kept:
                self._lost = True
                log.error(
                    "lost the %s lease (%s): another process took it over; stopping", self.name, self.holder
                )
                _HELD_HERE.discard(self.holder)
                if self.on_lost is not None:
                    await self.on_lost()
                return
