"""Replays cannot stall the bot: board-post latency while long replays are drawn, and replay memory.

    python -m bench.stall_replay [--render-processes 2] [--posts 60] [--plies 400] [--rounds 1000] [--replays 4]

Prints
- p50 / p95 board-post latency (the service's view + the board render, as a move's board post does) with
  no replay running, and while 4 replays of 4 different long finished games are requested at once
  (target p95 <= 300 ms);
- peak RSS of a replay (the service builds the frames from the log, then they are drawn and encoded, in a
  fresh subprocess, measured with resource.getrusage maxrss) for a 400-ply game and a 1,000-round game
  (target <= 150 MB each), with the time it took and the GIF's frames and size.

The games are played at random through the service into a temporary database (the 1,000-round games never
take a location, so they run to the round limit).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import parse_args, pct
from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.engine.actions import CONTROL
from warchest_bot.service import GameService, Player

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


async def play_game(service: GameService, seed: int, *, plies: int | None, rounds: int | None) -> int:
    """A finished game: ``plies`` random plies then a resignation, or ``rounds`` rounds without taking a
    location (the game ends at its round limit)."""
    max_rounds = rounds or 1000
    game = await service.create_game(
        [ANN, BOB], options={"units": "random", "max_rounds": max_rounds}, seed=seed
    )
    ref = GameState.new(
        Options(players=2, units="random", royal_guard="revised", max_rounds=max_rounds, seed=seed)
    )
    users = {s.seat: s.user_id for s in game.seats}
    rng = random.Random(seed)
    while not ref.is_terminal() and (plies is None or ref.ply < plies):
        legal = ref.legal_actions()
        if rounds is not None:
            legal = [a for a in legal if a.kind != CONTROL] or legal
        action = rng.choice(legal)
        await service.play(game.id, users[ref.current_player], action, expected_ply=ref.ply)
        ref.apply(action)
    if not ref.is_terminal():
        await service.resign(game.id, users[0])
    info = await service.get_game(game.id)
    assert info.status == "finished", info.status
    return game.id


async def board_posts(service: GameService, renderer, game_id: int, count: int, stop=None) -> list[float]:
    """Post ``count`` boards (at least; until ``stop`` is done), a think time apart; latency in ms each."""
    from warchest_bot.discord.common import names_of

    info = await service.get_game(game_id)
    names = names_of(info)
    times: list[float] = []
    while len(times) < count or (stop is not None and not stop.done()):
        started = time.perf_counter()
        view = await service.view(game_id)
        await renderer.board(view, None, names)
        times.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(0.05)
    return times


async def latency(db: Path, replay_games: list[int], board_game: int, processes: int, posts: int) -> None:
    from warchest_bot.discord.common import names_of
    from warchest_bot.discord.rendering import Renderer

    async with GameService.open(db) as service:
        renderer = Renderer(processes)
        try:
            await renderer.warm_up()
            quiet = await board_posts(service, renderer, board_game, posts)

            async def one_replay(game_id: int) -> float:
                info = await service.get_game(game_id)
                started = time.perf_counter()
                await renderer.finished_replay(
                    game_id, lambda: service.replay_frames(game_id), info.ply, names_of(info)
                )
                return time.perf_counter() - started

            started = time.perf_counter()
            replays = asyncio.gather(*(one_replay(g) for g in replay_games))
            busy = await board_posts(service, renderer, board_game, posts, stop=replays)
            replay_times = await replays
            wall = time.perf_counter() - started
            cached_started = time.perf_counter()
            await asyncio.gather(*(one_replay(g) for g in replay_games))
            cached = (time.perf_counter() - cached_started) * 1000
        finally:
            renderer.close()
    print(f"render processes: {processes} for boards, 1 for replays")
    print(
        f"board post, no replay running:      p50 {statistics.median(quiet):6.1f} ms   "
        f"p95 {pct(quiet, 95):6.1f} ms   ({len(quiet)} posts)"
    )
    print(
        f"board post, {len(replay_games)} long replays at once: p50 {statistics.median(busy):6.1f} ms   "
        f"p95 {pct(busy, 95):6.1f} ms   ({len(busy)} posts; target p95 <= 300 ms)"
    )
    print(
        f"  the {len(replay_times)} replays took {', '.join(f'{t:.1f}' for t in replay_times)} s ({wall:.1f} s in all); "
        f"asked again: {cached:.1f} ms for all {len(replay_times)} (cached)"
    )


def rss_child(db: str, game_id: int) -> None:
    """In a fresh process: the service builds the frames, then they are drawn and encoded."""
    from warchest_bot.discord.common import names_of
    from warchest_bot.games.warchest.render.replay import render_frames

    async def frames():
        async with GameService.open(db) as service:
            info = await service.get_game(game_id)
            return info, await service.replay_frames(game_id)

    started = time.perf_counter()
    info, got = asyncio.run(frames())
    data = render_frames(got, info.ply, names=names_of(info))
    seconds = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        json.dumps({"plies": info.ply, "frames": len(got), "bytes": len(data), "s": seconds, "mb": peak_mb})
    )


def measure_rss(db: Path, game_id: int, label: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bench.stall_replay", "--rss-child", str(db), str(game_id)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    r = json.loads(out.strip().splitlines()[-1])
    print(
        f"replay of a {label} ({r['plies']} plies): peak RSS {r['mb']:.0f} MB (target <= 150 MB), "
        f"{r['s']:.1f} s, {r['frames']} frames, {r['bytes'] / 1024 / 1024:.2f} MiB GIF"
    )


async def build(db: Path, plies: int, rounds: int, replays: int) -> tuple[int, list[int]]:
    async with GameService.open(db) as service:
        short = await play_game(service, 11, plies=plies, rounds=None)
        longs = [await play_game(service, 20 + n, plies=None, rounds=rounds) for n in range(replays)]
    return short, longs


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--render-processes", type=int, default=2)
    parser.add_argument("--posts", type=int, default=60, help="board posts per measurement (at least)")
    parser.add_argument("--plies", type=int, default=400, help="plies of the short game")
    parser.add_argument("--rounds", type=int, default=1000, help="rounds of the long games")
    parser.add_argument("--replays", type=int, default=4, help="long replays requested at once")
    parser.add_argument("--rss-child", nargs=2, metavar=("DB", "GAME_ID"), help=argparse.SUPPRESS)
    args = parse_args(parser, {"render_processes": 1, "posts": 3, "plies": 12, "rounds": 3, "replays": 2})
    if args.rss_child:
        rss_child(args.rss_child[0], int(args.rss_child[1]))
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        started = time.perf_counter()
        short, longs = asyncio.run(build(db, args.plies, args.rounds, args.replays))
        print(f"games played into {db.name} in {time.perf_counter() - started:.1f} s")
        measure_rss(db, short, f"{args.plies}-ply game")
        measure_rss(db, longs[0], f"{args.rounds:,}-round game")
        asyncio.run(latency(db, longs, short, args.render_processes, args.posts))


if __name__ == "__main__":
    main()
