"""Leases: one holder at a time, released on a clean stop, taken over once stale; several taken all or
none; the worker lease campaigned for by several bots, one at a time."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from warchest_bot.storage import (
    SERVICE_LEASE,
    WORKER_LEASE,
    LeaderLease,
    LeaseHeld,
    ProcessLease,
    live_leases,
    open_storage,
    running_holder,
    shard_lease,
)
from warchest_bot.storage.lease import holder_is_gone

T0 = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)
HOST = socket.gethostname()


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


async def test_a_second_storage_on_the_file_is_refused_until_the_first_releases(db_target):
    path = db_target
    only = shard_lease(0, 1)
    async with open_storage(path) as first, open_storage(path) as second:
        holding = ProcessLease(first, name=only)
        await holding.take()
        with pytest.raises(LeaseHeld) as refused:
            await ProcessLease(second, name=only).take()
        assert holding.holder in str(refused.value)
        assert "another bot process is already running" in str(refused.value)
        assert (await second.get_lease(only)).holder == holding.holder
        await holding.release()
        assert await second.get_lease(only) is None
        async with ProcessLease(second, name=only) as successor:
            assert (await first.get_lease(only)).holder == successor.holder


async def test_several_leases_are_taken_all_or_none(db_target):
    async with open_storage(db_target) as first, open_storage(db_target) as second:
        async with ProcessLease(first, names=[shard_lease(1, 4)]) as holding:
            wanted = ProcessLease(second, names=[shard_lease(0, 4), shard_lease(1, 4)])
            with pytest.raises(LeaseHeld, match="serves shard 1/4") as refused:
                await wanted.take()
            assert holding.holder in str(refused.value)
            assert [lease.name for lease in await second.list_leases()] == ["shard:1/4"]  # 0/4 given back
            assert [lease.holder for lease in await live_leases(second, "shard:")] == [holding.holder]
        async with ProcessLease(second, names=[shard_lease(0, 4), shard_lease(1, 4)], holder="x:1:ab"):
            assert [(lease.name, lease.holder) for lease in await first.list_leases("shard:")] == [
                ("shard:0/4", "x:1:ab"),
                ("shard:1/4", "x:1:ab"),
            ]
            assert await first.list_leases("worker") == []
        assert await first.list_leases() == []


async def test_the_worker_lease_goes_to_one_bot_and_on_to_another(db_target):
    """Two bots campaign: one gains the duties; a stop hands them on at the other's next try; a bot that
    finds at its renewal that another took the lease stops its duties."""
    events: list[str] = []

    def leader(storage, name: str) -> LeaderLease:
        async def gained() -> None:
            events.append(f"{name} gained")

        async def lost() -> None:
            events.append(f"{name} lost")

        return LeaderLease(storage, running_holder(), renew_every=0.05, on_gained=gained, on_lost=lost)

    async with open_storage(db_target) as first, open_storage(db_target) as second:
        a, b = leader(first, "a"), leader(second, "b")
        await a.start()
        await b.start()
        await asyncio.sleep(0.2)
        assert (a.held, b.held, events) == (True, False, ["a gained"])
        await a.stop()
        for _ in range(100):
            if b.held:
                break
            await asyncio.sleep(0.05)
        assert events == ["a gained", "a lost", "b gained"]
        assert (await first.get_lease(WORKER_LEASE)).holder == b.holder
        # b stalls for a whole period and a third process takes the lease over: b gives the duties up.
        await first.release_lease(WORKER_LEASE, b.holder)
        await first.take_lease(WORKER_LEASE, "elsewhere:1:ab")
        for _ in range(100):
            if not b.held:
                break
            await asyncio.sleep(0.05)
        assert events[-1] == "b lost" and not b.held
        await b.stop()
        assert events[-1] == "b lost" and events.count("b lost") == 1
        assert (await first.get_lease(WORKER_LEASE)).holder == "elsewhere:1:ab"


async def test_a_holder_killed_on_this_host_loses_the_worker_lease_at_the_next_look(db_target):
    """The bot doing the worker's duties is SIGKILLed: another bot on the same host campaigning for the lease
    sees at its next look (every ``watch_every`` seconds: 2 s by default) that the holder's process is gone
    and takes the duties over, without waiting for its next try (``renew_every``) or the lease's expiry."""
    gained = asyncio.Event()

    async def on_gained() -> None:
        gained.set()

    async def on_lost() -> None:
        pass

    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        async with open_storage(db_target) as storage:
            await storage.take_lease(WORKER_LEASE, f"{HOST}:{holder.pid}:ab", seconds=3600)
            successor = LeaderLease(
                storage,
                running_holder(),
                renew_every=3600,
                watch_every=0.05,
                on_gained=on_gained,
                on_lost=on_lost,
            )
            await successor.start()
            try:
                await asyncio.sleep(0.3)
                assert not successor.held  # its holder runs
                holder.kill()
                holder.wait()
                await asyncio.wait_for(gained.wait(), 30)
                assert (await storage.get_lease(WORKER_LEASE)).holder == successor.holder
            finally:
                await successor.stop()
    finally:
        holder.kill()
        holder.wait()


async def test_an_expired_lease_is_taken_over(db_target):
    async with open_storage(db_target) as storage:
        # A holder on another host: only its expiry frees the lease.
        await storage.take_lease(SERVICE_LEASE, "elsewhere:1234:ab", seconds=60, at=T0)
        with pytest.raises(LeaseHeld, match="elsewhere:1234:ab"):
            await storage.take_lease(SERVICE_LEASE, "me:1:cd", at=T0 + timedelta(seconds=59))
        taken = await storage.take_lease(SERVICE_LEASE, "me:1:cd", at=T0 + timedelta(seconds=60))
        assert (taken.holder, taken.expires_at) == ("me:1:cd", T0 + timedelta(seconds=120))
        # The old holder finds out at its next renewal.
        assert not await storage.renew_lease(SERVICE_LEASE, "elsewhere:1234:ab")
        assert await storage.renew_lease(SERVICE_LEASE, "me:1:cd", at=T0 + timedelta(seconds=80))
        assert (await storage.get_lease(SERVICE_LEASE)).expires_at == T0 + timedelta(seconds=140)


async def test_a_dead_holder_on_this_host_is_taken_over_at_once(db_target):
    async with open_storage(db_target) as storage:
        crashed = f"{HOST}:{_dead_pid()}:ab"
        await storage.take_lease(SERVICE_LEASE, crashed)
        async with ProcessLease(storage) as successor:
            assert (await storage.get_lease(SERVICE_LEASE)).holder == successor.holder


def test_which_holders_are_stale():
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as alive:
        try:
            assert not holder_is_gone(f"{HOST}:{alive.pid}:ab")
        finally:
            alive.kill()
    assert holder_is_gone(f"{HOST}:{_dead_pid()}:ab")
    assert not holder_is_gone(f"some-other-host:{_dead_pid()}:ab")  # cannot tell: wait for expiry
    assert not holder_is_gone("garbage")
    # Our own pid under a holder this process never took: an earlier run with the same pid (a restarted
    # container's pid 1).
    assert holder_is_gone(f"{HOST}:{os.getpid()}:feedbeef")


async def test_a_holder_that_lost_its_lease_stops(db_target):
    async with open_storage(db_target) as storage:
        lost = asyncio.Event()

        async def stop() -> None:
            lost.set()

        holding = ProcessLease(storage, renew_every=0.01, on_lost=stop)
        await holding.take()
        # Another process took it over (as after this one stalled past the expiry).
        await storage.take_lease(SERVICE_LEASE, "elsewhere:1:ab", is_stale=lambda holder: True)
        await asyncio.wait_for(lost.wait(), 60)  # only turns a hang into a failure
        await holding.release()
        assert (await storage.get_lease(SERVICE_LEASE)).holder == "elsewhere:1:ab"  # not released by us
