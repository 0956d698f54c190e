"""Scaling across processes: accepted moves per second and p95 latency of `GameService.play` with 1, 2 and
4 processes on one PostgreSQL database, and 1 process on SQLite, on the same workload (prints figures; no
asserts).

    python -m bench.scale [--seconds 10] [--games 8] [--dsn postgresql://...]

Each process opens its own `GameService` on the database (as shard processes do) and plays its own
War Chest games (2 players, first-game units) with random legal actions as fast as it can for
``--seconds``: every move is a real request (lock, parse, rules, commit of the action and the turn hint,
the ply guard), so the figure is the engine and the database together. Processes play disjoint games, as
servers on different shards do. Without ``--dsn`` a throwaway PostgreSQL server is started (tests/pgserver.py:
initdb/pg_ctl in a temporary folder; needs Debian's postgresql package, which `sh scripts/setup.sh test`
installs).

What to expect: a move costs a few milliseconds of CPU in the process (rules, views) plus one short write
transaction; writes are serialised by one advisory lock (as SQLite's write lock does), so more processes
help while the per-move CPU outside the lock dominates and stop helping once the lock is the bottleneck,
or once the processes outnumber the cores (the database server needs CPU too). `bench/pg_trips.py` counts
the round trips to PostgreSQL of this loop's requests.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.common import parse_args
from tests.pgserver import throwaway_database
from warchest_bot.service import GameService, Player, ServiceError


async def _play(target: str, games: int, seconds: float, seed: int) -> tuple[int, list[float], int]:
    rng = random.Random(seed)
    players = [Player(10_000 * (seed + 1) + n, f"p{n}") for n in range(2 * games)]
    async with GameService.open(target) as service:
        ids = [
            (await service.create_game(players[2 * g : 2 * g + 2], options={"units": "first-game"})).id
            for g in range(games)
        ]
        latencies: list[float] = []
        stale = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline and ids:
            game_id = rng.choice(ids)
            info = await service.get_game(game_id)
            if info.status != "active" or info.to_act is None:
                ids.remove(game_id)
                continue
            legal = await service.legal_actions(game_id, info.to_act.user_id)
            action = rng.choice(legal)
            start = time.perf_counter()
            try:
                await service.play(game_id, info.to_act.user_id, action.text, expected_ply=action.ply)
            except ServiceError:
                stale += 1
                continue
            latencies.append(time.perf_counter() - start)
        return len(latencies), latencies, stale


def _worker(target: str, games: int, seconds: float, seed: int, out: multiprocessing.Queue) -> None:
    out.put(asyncio.run(_play(target, games, seconds, seed)))


def run(target: str, processes: int, games: int, seconds: float) -> str:
    out: multiprocessing.Queue = multiprocessing.Queue()
    workers = [
        multiprocessing.Process(target=_worker, args=(target, games, seconds, n, out))
        for n in range(processes)
    ]
    for w in workers:
        w.start()
    results = [out.get() for _ in workers]
    for w in workers:
        w.join()
    moves = sum(r[0] for r in results)
    latencies = sorted(x for r in results for x in r[1])
    stale = sum(r[2] for r in results)
    p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))] if latencies else float("nan")
    median = statistics.median(latencies) if latencies else float("nan")
    return (
        f"{moves / seconds:8.1f} moves/s   median {median * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms"
        f"   ({moves} moves{f', {stale} refused' if stale else ''})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=8, help="games per process")
    parser.add_argument("--dsn", help="an empty PostgreSQL database (default: a throwaway server)")
    parser.add_argument("--processes", default="1,2,4", help="process counts to run on PostgreSQL")
    args = parse_args(parser, {"seconds": 1.0, "games": 2, "processes": "1,2"})
    print(f"{os.cpu_count()} CPUs; {args.seconds:g} s per run; {args.games} games per process")
    with tempfile.TemporaryDirectory() as tmp:
        print(f"SQLite      1 process : {run(str(Path(tmp) / 'scale.sqlite3'), 1, args.games, args.seconds)}")
    server = None
    dsn = args.dsn
    if dsn is None:
        server, dsn = asyncio.run(throwaway_database())
    try:
        for count in (int(c) for c in args.processes.split(",")):
            print(
                f"PostgreSQL  {count} process{'es' if count > 1 else '  '}: {run(dsn, count, args.games, args.seconds)}"
            )
    finally:
        if server is not None:
            server.stop()  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
