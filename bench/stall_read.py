"""Read latency of one game while another game's write is blocked by another process (prints figures; no asserts).

    python -m bench.stall_read [--reads 50] [--plies 100]

Another process takes the database's write lock (`BEGIN IMMEDIATE`) and keeps it. The bot's storage then
starts a write to game A, which waits for that lock (up to its busy timeout), and meanwhile loads game B
(`load_game`: game row, seats and its whole action log) `--reads` times, one after another. Printed: p50,
p95 and the slowest of those reads, and whether game A's write was still waiting when the last read
returned. Target: p95 <= 50 ms (before the read connection pool, every one of these reads waited for the
blocked write: up to the whole busy timeout).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import parse_args
from warchest_bot.storage import GameStatus, NewSeat, Storage

HOLDER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE games SET updated_at = updated_at")
print("locked", flush=True)
sys.stdin.readline()  # hold the lock until the benchmark says so (or exits)
db.execute("ROLLBACK")
"""


async def _game(storage: Storage, plies: int) -> int:
    game = await storage.create_game(
        kind="warchest",
        options={"variant": "2p", "units": ["archer", "berserker", "cavalry", "crossbowman"]},
        seed=7,
        guild_id=1,
        channel_id=2,
        status=GameStatus.ACTIVE,
        seats=[NewSeat("Ann", user_id=1), NewSeat("Bob", user_id=2)],
    )
    for ply in range(plies):
        await storage.append_action(game.id, ply, ply % 2, f"Sw move e{ply % 9}-e{(ply + 1) % 9}")
    return game.id


def _percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


async def bench(folder: Path, reads: int, plies: int) -> None:
    path = folder / "stall.sqlite3"
    async with Storage.open(path, busy_timeout=60.0) as storage:
        game_a, game_b = await _game(storage, plies), await _game(storage, plies)
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
            write_a = asyncio.create_task(storage.append_action(game_a, plies, 0, "Sw bolster"))
            while not storage._lock.locked():  # the write of game A now waits for the other process
                await asyncio.sleep(0.001)
            started = time.perf_counter()
            samples = []
            for _ in range(reads):
                start = time.perf_counter()
                loaded = await storage.load_game(game_b)
                samples.append(time.perf_counter() - start)
                assert len(loaded.actions) == plies
            waited = time.perf_counter() - started
            still_waiting = not write_a.done()
        finally:
            if holder.stdin is not None:
                holder.stdin.write("go\n")
                holder.stdin.flush()
            holder.wait(timeout=30)
        await write_a  # goes through once the other process lets go of the lock
    ordered = sorted(samples)
    print(
        f"load_game of game B ({plies} plies), {reads} reads while game A's write is blocked by another process:"
    )
    print(
        f"  p50 {statistics.median(samples) * 1000:.2f} ms   p95 {_percentile(ordered, 0.95) * 1000:.2f} ms"
        f"   max {ordered[-1] * 1000:.2f} ms   (all {reads} in {waited * 1000:.0f} ms)"
    )
    print(
        f"  game A's write still waiting for the lock after the last read: {'yes' if still_waiting else 'no'}"
    )
    print("  target: p95 <= 50 ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=50)
    parser.add_argument("--plies", type=int, default=100)
    args = parse_args(parser, {"reads": 5, "plies": 10})
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(bench(Path(folder), args.reads, args.plies))


if __name__ == "__main__":
    main()
