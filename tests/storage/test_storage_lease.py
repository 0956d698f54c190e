"""The service lease: one holder at a time, released on a clean stop, taken over once stale."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from warchest_bot.storage import SERVICE_LEASE, LeaseHeld, ProcessLease, open_storage
from warchest_bot.storage.lease import holder_is_gone

T0 = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)
HOST = socket.gethostname()


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


async def test_a_second_storage_on_the_file_is_refused_until_the_first_releases(db_target):
    path = db_target
    async with open_storage(path) as first, open_storage(path) as second:
        holding = ProcessLease(first)
        await holding.take()
        with pytest.raises(LeaseHeld) as refused:
            await ProcessLease(second).take()
        assert holding.holder in str(refused.value)
        assert "another bot process is already running" in str(refused.value)
        assert (await second.get_lease(SERVICE_LEASE)).holder == holding.holder
        await holding.release()
        assert await second.get_lease(SERVICE_LEASE) is None
        async with ProcessLease(second) as successor:
            assert (await first.get_lease(SERVICE_LEASE)).holder == successor.holder


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
