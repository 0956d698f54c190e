"""Game service benchmarks (prints figures; no asserts).

    python -m bench.service [--games 10000] [--users 200] [--parts play,load,listing] [--plays 1000]
        [--sync normal,full]

1. play: median time for `GameService.play` to accept one action of a cached game (lock, checks, parse,
   apply to a copy, commit action + turn hint (+ a snapshot every 50 plies), build the result), over 1,000
   random legal actions of one game;
2. cold load: a 400-ply game opened by a new service instance (new connection, empty cache): the first
   `view` call (load record + log + latest snapshot, replay, check, view) — with the default snapshots and
   with none (replay all 400 actions from the seed);
3. listing: with N finished games stored, one player's first page of 20 games (and other history queries).
Targets: play <= 5 ms, cold load <= 30 ms, listing <= 10 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import ms_figures, parse_args
from warchest_bot.games.warchest.engine import GameState, Options, format_action
from warchest_bot.service import GameService, Player
from warchest_bot.storage import (
    ActionRecord,
    GameRecord,
    GameStatus,
    LoadedGame,
    Outcome,
    SeatRecord,
    Storage,
)

PEOPLE = [Player(1000 + n, f"player {n}") for n in range(4)]
OPTIONS = {"units": "random", "max_rounds": 1000}


async def _timed(call: Callable[[], Awaitable[object]]) -> float:
    start = time.perf_counter()
    await call()
    return time.perf_counter() - start


def _reference(seed: int, players: int = 2) -> GameState:
    return GameState.new(Options(players=players, units="random", max_rounds=1000, seed=seed))


async def _play(
    service: GameService, game_id: int, ref: GameState, rng: random.Random, plies: int
) -> list[float]:
    """Play ``plies`` random actions (fewer if the game ends); returns the time of each `play` call."""
    users = {n: p.user_id for n, p in enumerate(PEOPLE)}
    samples = []
    for _ in range(plies):
        if ref.is_terminal():
            break
        action = rng.choice(ref.legal_actions())
        text = format_action(ref, action)
        user, ply = users[ref.current_player], ref.ply
        start = time.perf_counter()
        await service.play(game_id, user, text, expected_ply=ply)
        samples.append(time.perf_counter() - start)
        ref.apply(action)
    return samples


async def bench_play(folder: Path, *, fsync: bool, plies: int) -> None:
    async with GameService.open(folder / f"play-{fsync}.sqlite3", fsync_commits=fsync) as service:
        samples: list[float] = []
        seed = 1
        while len(samples) < plies:
            game = await service.create_game(PEOPLE[:2], options=OPTIONS, seed=seed)
            samples += await _play(
                service, game.id, _reference(seed), random.Random(seed), plies - len(samples)
            )
            seed += 1
    label = "synchronous=FULL  " if fsync else "synchronous=NORMAL"
    print(f"{'play, cached game (' + label + '):':<52}{ms_figures(samples)}")


async def _game_of(service: GameService, plies: int) -> int:
    seed = 7
    while True:
        game = await service.create_game(PEOPLE[:2], options=OPTIONS, seed=seed)
        ref = _reference(seed)
        await _play(service, game.id, ref, random.Random(seed), plies)
        if ref.ply == plies and not ref.is_terminal():
            return game.id
        seed += 1


async def bench_cold_load(folder: Path, *, plies: int, rounds: int) -> None:
    for label, every in (("snapshot every 50 plies", 50), ("no snapshots, full replay", 10**9)):
        path = folder / f"load-{every}.sqlite3"
        async with GameService.open(path, snapshot_every=every) as service:
            game_id = await _game_of(service, plies)
        opens, loads, warm = [], [], []
        for _ in range(rounds):
            start = time.perf_counter()
            service = await GameService.open(path, snapshot_every=every)
            opens.append(time.perf_counter() - start)
            loads.append(await _timed(lambda s=service, g=game_id: s.view(g)))
            warm.append(await _timed(lambda s=service, g=game_id: s.view(g)))
            await service.close()
        print(f"{f'cold load, {plies}-ply game, {label}:':<52}{ms_figures(loads)}")
        print(f"{'  (the same view again, from the cache:':<52}{ms_figures(warm)})")
    print(f"{'  (opening database + service, not included:':<52}{ms_figures(opens)})")


def _finished_games(count: int, users: int, heavy: int, rng: random.Random) -> list[LoadedGame]:
    """Finished 2- and 4-seat games as the service stores them; user ``heavy`` sits in every one."""
    base = datetime(2024, 1, 1, tzinfo=UTC)
    games = []
    for game_id in range(1, count + 1):
        start = base + timedelta(hours=game_id)
        end = start + timedelta(days=3)
        players = 4 if game_id % 5 == 0 else 2
        winner = rng.randrange(2)
        who = [heavy, *rng.sample(range(1, users + 1), players - 1)]
        rng.shuffle(who)
        seats = tuple(
            SeatRecord(
                n, u, f"user {u}", n % 2, None, True, start, Outcome.WIN if n % 2 == winner else Outcome.LOSS
            )
            for n, u in enumerate(who)
        )
        plies = 60
        game = GameRecord(
            id=game_id,
            kind="warchest",
            status=GameStatus.FINISHED,
            guild_id=rng.choice((11, 12, 13)),
            channel_id=20,
            thread_id=None,
            created_by=who[0],
            options={"players": players, "units": "random", "royal_guard": "revised", "max_rounds": 200},
            seed=rng.randrange(2**63),
            rated=False,
            ply_count=plies,
            turn_seat=None,
            created_at=start,
            updated_at=end,
            started_at=start,
            finished_at=end,
            winner_team=winner,
            end_reason="resign",
            result={"reason": "resign", "winner": winner, "by_seat": 1 - winner},
            seats=seats,
        )
        actions = tuple(ActionRecord(p, p % players, "Sw pass", start) for p in range(plies))
        games.append(LoadedGame(game, actions, None))
    return games


async def bench_listing(folder: Path, *, games: int, users: int, queries: int) -> None:
    path = folder / "list.sqlite3"
    rng = random.Random(1)
    heavy = 999_999
    start = time.perf_counter()
    async with Storage.open(path) as storage:
        await storage.import_games(_finished_games(games, users, heavy, rng))
    print(
        f"stored {games} finished games (2 and 4 seats, {users} users): {time.perf_counter() - start:.1f} s"
    )

    async with GameService.open(path) as service:
        who = [rng.randrange(1, users + 1) for _ in range(queries)]
        first = [await _timed(lambda u=u: service.games_for_user(u, status="finished")) for u in who]
        guild = [
            await _timed(lambda u=u: service.games_for_user(u, status="finished", guild_id=12)) for u in who
        ]
        current = [await _timed(lambda u=u: service.games_for_user(u)) for u in who]
        heavy_first = [
            await _timed(lambda: service.games_for_user(heavy, status="all")) for _ in range(queries)
        ]
        deep = [
            await _timed(lambda: service.games_for_user(heavy, status="finished", before=games // 2))
            for _ in range(queries)
        ]
        record = [await _timed(lambda u=u: service.record(u, 12)) for u in who]
        heavy_record = [await _timed(lambda: service.record(heavy, 12)) for _ in range(queries // 4)]
        server = [
            await _timed(lambda: service.games_for_server(12, status="finished")) for _ in range(queries)
        ]
        log = [await _timed(lambda: service.action_log(games // 2, heavy)) for _ in range(queries)]
    print(f"{'games_for_user, finished, first page of 20:':<52}{ms_figures(first)}")
    print(f"{'  ... finished on one server:':<52}{ms_figures(guild)}")
    print(f"{'  ... current (none exist):':<52}{ms_figures(current)}")
    print(f"{f'  ... a player in all {games} games:':<52}{ms_figures(heavy_first)}")
    print(f"{'  ... that player, a page deep in the history:':<52}{ms_figures(deep)}")
    print(f"{'record (overall + one server):':<52}{ms_figures(record)}")
    print(f"{f'  ... the player in all {games} games:':<52}{ms_figures(heavy_record)}")
    print(f"{'games_for_server, first page of 20:':<52}{ms_figures(server)}")
    print(f"{'action_log of a 60-ply game:':<52}{ms_figures(log)}")


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--plays", type=int, default=1000, help="actions timed per play figure")
    parser.add_argument("--load-plies", type=int, default=400, help="plies of the cold-loaded game")
    parser.add_argument("--rounds", type=int, default=30, help="cold loads per figure")
    parser.add_argument("--queries", type=int, default=200, help="queries per listing figure")
    parser.add_argument(
        "--parts", default="play,load,listing", help="which figures: play, load, listing (comma-separated)"
    )
    parser.add_argument(
        "--sync",
        default="normal,full",
        help="synchronous= of the play figures: normal, full (comma-separated)",
    )
    args = parse_args(
        parser, {"games": 40, "users": 10, "plays": 20, "load_plies": 20, "rounds": 2, "queries": 4}
    )
    load = ", ".join(f"{n:.2f}" for n in os.getloadavg())
    print(f"Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}, load average {load}")
    with tempfile.TemporaryDirectory(prefix="warchest-bench-service-") as tmp:
        folder = Path(tmp)
        parts = set(args.parts.split(","))
        if "play" in parts:
            for sync in args.sync.split(","):
                await bench_play(folder, fsync=sync == "full", plies=args.plays)
        if "load" in parts:
            await bench_cold_load(folder, plies=args.load_plies, rounds=args.rounds)
        if "listing" in parts:
            await bench_listing(folder, games=args.games, users=args.users, queries=args.queries)
    print("targets: play <= 5 ms, cold load <= 30 ms, listing <= 10 ms")


if __name__ == "__main__":
    asyncio.run(main())
