"""Timer scheduler at scale: 10,000 active games with move clocks.

Prints: how long seeding took, the number of pending timers, the scheduler's CPU time while idle (process
CPU time over a few seconds of doing nothing but waiting), how many times it woke up meanwhile, and the
delay between a reminder's due time and its delivery, for a few reminders due a couple of seconds ahead.

    python -m bench.timers [--games 10000] [--idle 5] [--reminders 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bench.common import parse_args
from warchest_bot.service import Correspondence, GameService, Player
from warchest_bot.storage import GameStatus, NewSeat


async def main(games: int, idle: float, reminders: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "timers.sqlite3"
        delivered: dict[int, float] = {}

        async def deliver(note) -> None:
            delivered[note.game_id] = time.time()

        async with GameService.open(path) as service:
            corr = Correspondence(service, deliver=deliver)
            options = service.rules_for_new("warchest").full_options({"units": "first-game"})
            t0 = time.perf_counter()
            async with service.storage.transaction():
                for n in range(games):
                    a, b = 1_000_000 + 2 * n, 1_000_001 + 2 * n
                    record = await service.storage.create_game(
                        kind="warchest",
                        options=options,
                        seed=n,
                        status=GameStatus.ACTIVE,
                        guild_id=1,
                        seats=[NewSeat(f"p{a}", user_id=a), NewSeat(f"p{b}", user_id=b)],
                        turn_seat=n % 2,
                    )
                    await service.storage.set_game_clock(record.id, 7 * 86400)
                    await corr.clocks.turn_changed(record.id, 0, n % 2)
            seeded = time.perf_counter() - t0
            pending = len(await service.storage.list_timers())
            print(f"games with clocks: {games:,}; pending timers: {pending:,}; seeded in {seeded:.1f} s")

            corr.start()
            await asyncio.wait_for(corr.scheduler.wait_idle(), 30)
            passes = corr.scheduler.passes
            cpu0, wall0 = time.process_time(), time.perf_counter()
            await asyncio.sleep(idle)
            cpu = time.process_time() - cpu0
            wall = time.perf_counter() - wall0
            print(
                f"idle: {cpu * 1000:.1f} ms CPU over {wall:.1f} s wall ({100 * cpu / wall:.3f} %),"
                f" scheduler wake-ups: {corr.scheduler.passes - passes}"
            )

            # Reminders due about 2 s ahead, one game after another (each wakes the sleeping scheduler).
            lateness = []
            for k in range(reminders):
                a, b = 10 + 2 * k, 11 + 2 * k
                await service.update_user_settings(a, {"reminders": [0.0006]})  # ~2.2 s of an hour
                await service.update_user_settings(b, {"reminders": [0.0006]})
                info = await service.create_game(
                    [_player(a), _player(b)], options={"units": "first-game"}, move_time=timedelta(hours=1)
                )
                (timer,) = [
                    t for t in await service.storage.list_timers(game_id=info.id) if t.kind == "reminder"
                ]
                while info.id not in delivered:
                    await asyncio.sleep(0.01)
                lateness.append(delivered[info.id] - timer.due_at.timestamp())
            print(
                f"reminder delivery after its due time: median {statistics.median(lateness) * 1000:.0f} ms,"
                f" max {max(lateness) * 1000:.0f} ms over {reminders} reminders"
                f" ({'within' if max(lateness) < 1 else 'NOT within'} 1 s)"
            )
            t1 = time.perf_counter()
            for _ in range(100):
                await service.storage.next_timer_due()
            print(f"earliest-timer lookup: {(time.perf_counter() - t1) * 10:.2f} ms")
            await corr.stop()


def _player(user_id: int) -> Player:
    return Player(user_id, f"p{user_id}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--reminders", type=int, default=5)
    args = parse_args(parser, {"games": 20, "idle": 0.5, "reminders": 1})
    asyncio.run(main(args.games, args.idle, args.reminders))
