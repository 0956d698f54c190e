"""Storage benchmarks (prints figures; no asserts).

    python -m bench.storage [--games 10000] [--users 200]

1. append: median time of one `append_action` (action row + game row update, one commit) over 1,000 appends;
2. load: median time of `load_game` for a 400-ply game (options, seats, all actions) on a freshly opened
   connection (the OS file cache is warm: this measures the bot, not the disk);
3. list: with N finished four-seat games (users drawn from a pool), median time of one player's first page
   of 20 games, from a freshly opened connection.
Targets: append <= 5 ms (the engine will share that budget), load <= 30 ms, list <= 10 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import ms_figures, parse_args
from warchest_bot.storage import (
    ActionRecord,
    GameRecord,
    GameStatus,
    LoadedGame,
    NewSeat,
    Outcome,
    SeatRecord,
    Storage,
)


def _row(label: str, samples: list[float]) -> None:
    print(f"{label:<50} {ms_figures(samples)}")


async def _timed(call: Callable[[], Awaitable[object]]) -> float:
    start = time.perf_counter()
    await call()
    return time.perf_counter() - start


async def _new_game(storage: Storage, seats: int = 2) -> int:
    game = await storage.create_game(
        kind="warchest",
        options={"variant": f"{seats}p", "units": ["archer", "berserker", "cavalry", "crossbowman"]},
        seed=random.randrange(2**63),
        guild_id=1,
        channel_id=2,
        status=GameStatus.ACTIVE,
        seats=[NewSeat(f"player {i}", user_id=1000 + i, seat=i, team=i % 2) for i in range(seats)],
    )
    return game.id


def _notation(ply: int) -> str:
    return f"Sw move {'abcdefg'[ply % 7]}{ply % 9}-{'abcdefg'[(ply + 1) % 7]}{(ply + 1) % 9}"


async def bench_append(folder: Path, *, fsync: bool, count: int) -> None:
    async with Storage.open(folder / f"append-{fsync}.sqlite3", fsync_commits=fsync) as storage:
        game_id = await _new_game(storage)
        samples = []
        for ply in range(count):
            samples.append(
                await _timed(
                    lambda ply=ply: storage.append_action(
                        game_id, ply, ply % 2, _notation(ply), turn_seat=(ply + 1) % 2
                    )
                )
            )
    label = "synchronous=FULL" if fsync else "synchronous=NORMAL"
    _row(f"append_action ({label}, {count} appends)", samples)


async def bench_load(folder: Path, *, plies: int, rounds: int) -> None:
    path = folder / "load.sqlite3"
    async with Storage.open(path) as storage:
        game_id = await _new_game(storage)
        async with storage.transaction():
            for ply in range(plies):
                await storage.append_action(game_id, ply, ply % 2, _notation(ply))
    opens, loads = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        storage = await Storage.open(path)
        opens.append(time.perf_counter() - start)
        loads.append(await _timed(lambda storage=storage: storage.load_game(game_id)))
        await storage.close()
    _row(f"load_game ({plies} plies, fresh connection)", loads)
    _row("Storage.open() of that file (migrations: no-op)", opens)


def _finished_games(count: int, users: int, rng: random.Random) -> list[LoadedGame]:
    """`count` finished four-seat games with users drawn from a pool, 40 actions each, as import records."""
    base = datetime(2024, 1, 1, tzinfo=UTC)
    games = []
    for game_id in range(1, count + 1):
        start = base + timedelta(hours=game_id)
        end = start + timedelta(days=2)
        winner = rng.randrange(2)
        seats = tuple(
            SeatRecord(
                i, u, f"user {u}", i % 2, None, True, start, Outcome.WIN if i % 2 == winner else Outcome.LOSS
            )
            for i, u in enumerate(rng.sample(range(1, users + 1), 4))
        )
        game = GameRecord(
            id=game_id,
            kind="warchest",
            status=GameStatus.FINISHED,
            guild_id=rng.choice((11, 12, 13)),
            channel_id=20,
            thread_id=None,
            created_by=seats[0].user_id,
            options={"variant": "4p"},
            seed=rng.randrange(2**63),
            rated=True,
            ply_count=40,
            turn_seat=None,
            created_at=start,
            updated_at=end,
            started_at=start,
            finished_at=end,
            winner_team=winner,
            end_reason="victory",
            result=None,
            seats=seats,
        )
        actions = tuple(ActionRecord(p, p % 4, _notation(p), start) for p in range(40))
        games.append(LoadedGame(game, actions, None))
    return games


async def bench_list(folder: Path, *, games: int, users: int, queries: int) -> None:
    path = folder / "list.sqlite3"
    rng = random.Random(1)
    records = _finished_games(games, users, rng)
    start = time.perf_counter()
    async with Storage.open(path) as storage:
        await storage.import_games(records)
    print(
        f"import_games: {games} finished 4-seat games with 40 actions each, {users} users: "
        f"{time.perf_counter() - start:.1f} s"
    )

    async with Storage.open(path) as storage:
        who = [rng.randrange(1, users + 1) for _ in range(queries)]
        first_page = [await _timed(lambda u=u: storage.list_games_for_user(u, limit=20)) for u in who]
        finished = [
            await _timed(
                lambda u=u: storage.list_games_for_user(u, statuses="finished", guild_id=12, limit=20)
            )
            for u in who
        ]
        active = [
            await _timed(lambda u=u: storage.list_games_for_user(u, statuses="active", limit=20)) for u in who
        ]
        record = [await _timed(lambda u=u: storage.record_for_user(u)) for u in who]
        record_guild = [await _timed(lambda u=u: storage.record_for_user(u, 12)) for u in who]
        guild_page = [await _timed(lambda: storage.list_games_for_guild(12, statuses="finished", limit=20))]
        guild_page += [
            await _timed(lambda: storage.list_games_for_guild(12, limit=20)) for _ in range(queries - 1)
        ]
    _row("list_games_for_user, first page of 20", first_page)
    _row("  ... finished, in one guild", finished)
    _row("  ... active (the user has none)", active)
    _row("record_for_user, overall", record)
    _row("record_for_user, one guild", record_guild)
    _row("list_games_for_guild, first page of 20", guild_page)
    print(f"database size: {path.stat().st_size / 1e6:.1f} MB")


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--appends", type=int, default=1000, help="appends per append figure")
    parser.add_argument("--load-plies", type=int, default=400, help="plies of the loaded game")
    parser.add_argument("--rounds", type=int, default=30, help="loads per figure")
    parser.add_argument("--queries", type=int, default=200, help="queries per listing figure")
    args = parse_args(
        parser, {"games": 40, "users": 10, "appends": 20, "load_plies": 20, "rounds": 2, "queries": 4}
    )
    import sqlite3

    print(f"Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}")
    with tempfile.TemporaryDirectory(prefix="warchest-bench-") as tmp:
        folder = Path(tmp)
        await bench_append(folder, fsync=False, count=args.appends)
        await bench_append(folder, fsync=True, count=args.appends)
        await bench_load(folder, plies=args.load_plies, rounds=args.rounds)
        await bench_list(folder, games=args.games, users=args.users, queries=args.queries)
    print("targets: append <= 5 ms, load <= 30 ms, list <= 10 ms")


if __name__ == "__main__":
    asyncio.run(main())
