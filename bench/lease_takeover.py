"""How soon the worker's duties move when the bot doing them is SIGKILLed on the same host (prints figures;
no asserts).

    python -m bench.lease_takeover [--smoke] [--rounds 5] [--postgresql]

A child process takes the worker lease as a running bot does (`storage.LeaderLease` with the coordinator's
settings) and is killed with SIGKILL at a random moment of its renewal period; this process campaigns for
the same lease with the same settings, as a second bot on the same database would, and the figure is the
time from the kill to the moment it holds the lease (the duties: timers, reminders, AI turns, move on then).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import parse_args
from warchest_bot.discord.coordinator import CAMPAIGN_EVERY, LEASE_SECONDS
from warchest_bot.storage import WORKER_LEASE, LeaderLease, open_storage, running_holder

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import asyncio, sys
sys.path.insert(0, {root!r})
from warchest_bot.discord.coordinator import CAMPAIGN_EVERY, LEASE_SECONDS
from warchest_bot.storage import LeaderLease, open_storage, running_holder

async def nothing():
    pass

async def main():
    async with open_storage({db!r}) as storage:
        lease = LeaderLease(storage, running_holder(), seconds=LEASE_SECONDS, renew_every=CAMPAIGN_EVERY,
                            on_gained=nothing, on_lost=nothing)
        await lease.start()
        print("held" if lease.held else "not held", flush=True)
        await asyncio.sleep(3600)

asyncio.run(main())
"""


async def nothing() -> None:
    """The duties (none here)."""


async def one_round(db: str, rng: random.Random) -> float:
    """Seconds from the holder's SIGKILL until a second campaigner holds the lease."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CHILD.format(root=str(ROOT), db=db), stdout=asyncio.subprocess.PIPE
    )
    assert child.stdout is not None
    assert (await child.stdout.readline()).strip() == b"held"
    gained = asyncio.Event()

    async def on_gained() -> None:
        gained.set()

    async with open_storage(db) as storage:
        lease = LeaderLease(
            storage,
            running_holder(),
            seconds=LEASE_SECONDS,
            renew_every=CAMPAIGN_EVERY,
            on_gained=on_gained,
            on_lost=nothing,
        )
        await lease.start()
        try:
            assert not lease.held
            await asyncio.sleep(rng.uniform(0, CAMPAIGN_EVERY))
            child.send_signal(signal.SIGKILL)
            await child.wait()
            killed = time.perf_counter()
            await asyncio.wait_for(gained.wait(), LEASE_SECONDS * 2)
            took = time.perf_counter() - killed
            await storage.release_lease(WORKER_LEASE, lease.holder)
        finally:
            await lease.stop()
    return took


async def bench(rounds: int, postgresql: bool, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        pg = None
        if postgresql:
            from tests.pgserver import PostgresServer

            pg = PostgresServer().start()
            db = await pg.create_database()
        else:
            db = str(Path(tmp) / "lease.sqlite3")
        try:
            times = [await one_round(db, rng) for _ in range(rounds)]
        finally:
            if pg is not None:
                pg.stop()
    print(
        f"worker lease taken over after a SIGKILL on the same host, {rounds} rounds: "
        f"min {min(times):.1f} s, median {statistics.median(times):.1f} s, max {max(times):.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgresql", action="store_true", help="on a throw-away PostgreSQL server")
    args = parse_args(parser, {"rounds": 1})
    asyncio.run(bench(args.rounds, args.postgresql, args.seed))


if __name__ == "__main__":
    main()
