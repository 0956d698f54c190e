"""Leases in the database (schema v4): which running bot does what, when several share a database.

A lease is a row in `leases`: its name, its holder (`host:pid:random`), when it was taken and when it
expires unless renewed. The leases a bot takes:
- `shard_lease(i, n)`, one per Discord shard it serves (an unsharded bot serves shard 0 of 1): two
  processes never serve one shard (and, on SQLite, a second `python bot.py` on one file is refused). Held
  with `ProcessLease` for the whole run; a bot that loses one stops.
- `WORKER_LEASE`, the worker's duties that no single shard owns (the timer scheduler, resuming the AI,
  daily puzzles): one of the running bots holds it (`LeaderLease` campaigns for it), and when that one
  dies another takes it over.
- `ai_lease(game_id)` while the AI thinks about a game's turn, so that two processes never think about
  the same turn (the service's ply guard would refuse the second move anyway).

A lease is free to take when nobody holds it, when it expired (`LEASE_SECONDS` without renewal: the
longest a crashed bot's successor on another host waits), or at once when its holder is a process on this
host that no longer runs (a restart after a crash, `systemctl restart`, a restarted container).

The records, names and the two holders here are backend-neutral (they work with any
`repositories.LeaseRepository`); `sqlite.lease.SQLiteLease` implements the storage (PostgreSQL reuses it).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..tasks import cancel_and_wait
from .errors import Conflict, StorageError

if TYPE_CHECKING:  # pragma: no cover
    from .repositories import LeaseRepository

log = logging.getLogger(__name__)

SERVICE_LEASE = "service"
"""The lease of a process that runs the service outside a bot (database operations: backup, restore,
migrate-db refuse to run beside one)."""
WORKER_LEASE = "worker"
"""The worker's duties that no shard owns (timers, resuming the AI, daily puzzles): one bot at a time."""
SHARD_PREFIX = "shard:"
LEASE_SECONDS = 60
"""How long a lease lasts without renewal: the longest a crashed bot's successor on another host waits."""
RENEW_SECONDS = 20
"""How often the holder renews it (three chances per period)."""
WATCH_SECONDS = 2.0
"""How often a bot campaigning for a lease another bot holds (`LeaderLease`) looks whether that holder is a
process of this host that no longer runs (it then takes the lease over at once; read-only otherwise)."""

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
        shard = shard_of_lease(lease.name)
        if lease.name == SERVICE_LEASE:
            what = "a database operation (restore, migrate-db) is running on this database"
        elif shard is None or shard[1] == 1:
            what = "another bot process is already running on this database"
        else:
            what = f"another bot process already serves shard {shard[0]}/{shard[1]} on this database"
        super().__init__(
            f"{what} (holder {lease.holder}, lease valid until {lease.expires_at:%Y-%m-%d %H:%M:%S} UTC); "
            f"stop it first, or if it has crashed start again after that time"
        )
        self.lease = lease


def new_holder() -> str:
    """A holder name for this process: `host:pid:random` (random tells two runs with one pid apart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def shard_lease(shard_id: int, shard_count: int) -> str:
    """The lease of one Discord shard: ``shard:1/4``."""
    return f"{SHARD_PREFIX}{shard_id}/{shard_count}"


def shard_of_lease(name: str) -> tuple[int, int] | None:
    """The shard and the shard count of a shard lease's name (``shard:1/4`` → (1, 4)); None for other
    leases."""
    if not name.startswith(SHARD_PREFIX):
        return None
    shard, _, count = name[len(SHARD_PREFIX) :].partition("/")
    return (int(shard), int(count)) if shard.isdigit() and count.isdigit() else None


def ai_lease(game_id: int) -> str:
    """The lease of the AI's turn in one game: ``ai:42``."""
    return f"ai:{game_id}"


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


async def live_leases(storage: LeaseRepository, prefix: str = "") -> list[LeaseRecord]:
    """The leases named ``prefix``... that are held now: not expired, and not of a process of this host
    that no longer runs."""
    now = datetime.now(UTC)
    return [
        lease
        for lease in await storage.list_leases(prefix)
        if lease.expires_at > now and not holder_is_gone(lease.holder)
    ]


async def refuse_while_served(storage: LeaseRepository) -> None:
    """`LeaseHeld` while a bot serves the database (any shard's lease is held): for database operations,
    which take the service lease first so that no bot starts meanwhile."""
    served = await live_leases(storage, SHARD_PREFIX)
    if served:
        raise LeaseHeld(served[0])


async def _renewed(storage: LeaseRepository, name: str, holder: str, seconds: int) -> bool | None:
    """Renew ``holder``'s lease: True if kept, False if another holder has it now, None if the database
    did not answer (busy: still ours until it expires; try again next time)."""
    try:
        return await storage.renew_lease(name, holder, seconds=seconds)
    except StorageError as exc:
        log.warning("could not renew the %s lease: %s", name, exc)
        return None


async def give_up_lease(storage: LeaseRepository, name: str, holder: str) -> None:
    """Release ``holder``'s lease; if the database does not answer, it expires on its own."""
    try:
        await storage.release_lease(name, holder)
    except StorageError as exc:
        log.warning("could not release the %s lease: %s", name, exc)


class ProcessLease:
    """Hold one or several leases for this process while a block runs: `async with ProcessLease(storage):
    ...` (or `take()` ... `release()`).

    Taking takes every name (``names``; by default the service lease) or none: if another process has
    one, those already taken are given back and `LeaseHeld` is raised. Then it renews them until
    `release`. If a renewal finds one gone (this process stalled for a whole period and another one took
    over), it logs an error and awaits `on_lost` (e.g. the bot's `close`), so that two processes do not
    go on serving. ``holder``: the name to hold them under (a running bot's `running_holder`); by default
    a new one, live in this process while the leases are held.
    """

    def __init__(
        self,
        storage: LeaseRepository,
        *,
        name: str = SERVICE_LEASE,
        names: Sequence[str] | None = None,
        holder: str | None = None,
        seconds: int = LEASE_SECONDS,
        renew_every: float = RENEW_SECONDS,
        on_lost: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self.storage = storage
        self.names: tuple[str, ...] = tuple(names) if names is not None else (name,)
        self._own_holder = holder is None
        self.holder = holder if holder is not None else new_holder()
        self.seconds = seconds
        self.renew_every = renew_every
        self.on_lost = on_lost
        self._task: asyncio.Task[None] | None = None
        self._taken: list[str] = []
        self._lost = False

    @property
    def name(self) -> str:
        return self.names[0]

    async def take(self) -> None:
        """Take the leases (`LeaseHeld` if another process has one) and start renewing them."""
        try:
            for name in self.names:
                await self.storage.take_lease(name, self.holder, seconds=self.seconds)
                self._taken.append(name)
        except BaseException:
            await self._give_back()
            raise
        if self._own_holder:
            _HELD_HERE.add(self.holder)
        log.info(
            "holding the %s lease%s as %s", ", ".join(self.names), "s"[: len(self.names) > 1], self.holder
        )
        self._task = asyncio.create_task(self._keep(), name=f"lease {self.name}")

    async def release(self) -> None:
        """Stop renewing and give the leases up (idempotent)."""
        task, self._task = self._task, None
        # When lost, the task is running `on_lost`, which may be what ends the holder's run: let it end.
        await cancel_and_wait(task, cancel=not self._lost)
        if self._own_holder:
            _HELD_HERE.discard(self.holder)
        await self._give_back()

    async def _give_back(self) -> None:
        taken, self._taken = self._taken, []
        for name in taken:
            await give_up_lease(self.storage, name, self.holder)

    async def __aenter__(self) -> ProcessLease:
        await self.take()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.release()

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.renew_every)
            for name in self.names:
                if await _renewed(self.storage, name, self.holder, self.seconds) is False:
                    self._lost = True
                    log.error(
                        "lost the %s lease (%s): another process took it over; stopping", name, self.holder
                    )
                    self._taken = [n for n in self._taken if n != name]
                    if self._own_holder:
                        _HELD_HERE.discard(self.holder)
                    if self.on_lost is not None:
                        await self.on_lost()
                    return


class LeaderLease:
    """Campaign for a lease that one of several running bots holds at a time (`WORKER_LEASE`): `start`
    tries to take it at once; then, while held, it renews it every ``renew_every`` seconds, and while another
    bot has it, it reads the lease every ``watch_every`` seconds and tries to take it as soon as it is free
    (given up, expired, or its holder is a process of this host that no longer runs: a SIGKILLed bot's
    successor on the same host takes over within ``watch_every`` seconds; from another host, the lease
    must expire first). Winning awaits ``on_gained`` (start the duties); losing it (a renewal found another
    holder: this bot stalled for a whole period) awaits ``on_lost`` (stop them) and campaigns again. `stop`
    ends the duties and gives the lease up, so a successor takes over at its next look instead of after the
    expiry."""

    def __init__(
        self,
        storage: LeaseRepository,
        holder: str,
        *,
        name: str = WORKER_LEASE,
        seconds: int = LEASE_SECONDS,
        renew_every: float = RENEW_SECONDS,
        watch_every: float = WATCH_SECONDS,
        on_gained: Callable[[], Awaitable[object]],
        on_lost: Callable[[], Awaitable[object]],
    ) -> None:
        self.storage = storage
        self.holder = holder
        self.name = name
        self.seconds = seconds
        self.renew_every = renew_every
        self.watch_every = watch_every
        self.on_gained = on_gained
        self.on_lost = on_lost
        self.held = False
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """One try now (so a lone bot starts its duties before it serves), then the campaign task."""
        await self._try()
        self._task = asyncio.create_task(self._campaign(), name=f"lease {self.name}")

    async def stop(self) -> None:
        task, self._task = self._task, None
        await cancel_and_wait(task)
        if self.held:
            self.held = False
            await self._call(self.on_lost)
            await give_up_lease(self.storage, self.name, self.holder)

    async def _campaign(self) -> None:
        loop = asyncio.get_running_loop()
        next_try = loop.time() + self.renew_every
        while True:
            if self.held:
                await asyncio.sleep(self.renew_every)
                await self._try()
                next_try = loop.time() + self.renew_every
                continue
            await asyncio.sleep(min(self.watch_every, self.renew_every))
            if (
                loop.time() >= next_try or await self._free()
            ):  # (a try every period, as the storage's clock may differ)
                await self._try()
                next_try = loop.time() + self.renew_every

    async def _free(self) -> bool:
        """Whether the lease may be taken now (a read: no write while another live bot holds it)."""
        try:
            lease = await self.storage.get_lease(self.name)
        except StorageError as exc:
            log.warning("could not read the %s lease: %s", self.name, exc)
            return False
        return (
            lease is None
            or lease.holder == self.holder
            or lease.expires_at <= datetime.now(UTC)
            or holder_is_gone(lease.holder)
        )

    async def _try(self) -> None:
        if self.held:
            if await _renewed(self.storage, self.name, self.holder, self.seconds) is False:
                self.held = False
                log.error(
                    "lost the %s lease (%s) to another process; its duties stop here", self.name, self.holder
                )
                await self._call(self.on_lost)
            return
        try:
            await self.storage.take_lease(self.name, self.holder, seconds=self.seconds)
        except LeaseHeld:
            return
        except StorageError as exc:
            log.warning("could not take the %s lease: %s", self.name, exc)
            return
        self.held = True
        log.info("holding the %s lease as %s: this process does its duties", self.name, self.holder)
        await self._call(self.on_gained)

    async def _call(self, callback: Callable[[], Awaitable[object]]) -> None:
        try:
            await callback()
        except Exception:
            log.exception("the %s lease: its callback failed", self.name)
