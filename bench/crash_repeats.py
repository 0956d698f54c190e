"""Does a crash repeat announcements? SIGKILL the running bot again and again while its outbox is busy, and
count the board posts and hand DMs that went out twice (prints figures; no asserts).

    python -m bench.crash_repeats [--smoke] [--games 6] [--kills 30] [--moves 4] [--postgresql]

The real bot (`tests/discord/bot_process.py`: `runner.serve`, the real discord.py client) runs in its own
process against tests/fakediscord on 127.0.0.1, on a fresh SQLite database (or, with ``--postgresql``, a
database on a throw-away server of `tests/pgserver.py`). This process plays random moves in every game
through a `GameService` on the same database, before each start of the bot and while it runs, so the bot
always starts with a backlog of owed announcements (boards and hand DMs) and is killed (SIGKILL) at a random
moment while delivering them (by default at the first post made after a random wait: the bot has yet to
hear of that post or to note it; ``--anytime``: at the random moment itself), ``--kills`` times. A last start delivers what is left; then every game's
board of each ply must have been posted once, and every player must have got one hand DM per ``hands`` row.
Printed: the posts and DMs, the duplicates among them, and how many creates the fake answered with a message
already made (the same nonce: Discord's dedupe).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import signal
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.common import parse_args
from tests.discord.bot_process import start_bot
from tests.fakediscord import FakeDiscord, FakeUser
from warchest_bot.service import GameService, Player, ServiceError


async def play_moves(service: GameService, games: list[int], moves: int, rng: random.Random) -> int:
    """Up to ``moves`` random moves in each game (as its players, through the service); how many."""
    played = 0
    for _ in range(moves):
        for game_id in games:
            info = await service.get_game(game_id)
            if info.status != "active" or info.to_act is None or info.to_act.user_id is None:
                continue
            legal = await service.legal_actions(game_id, info.to_act.user_id)
            try:
                await service.play(
                    game_id, info.to_act.user_id, rng.choice(legal).text, expected_ply=info.ply
                )
            except ServiceError:
                continue  # e.g. the bot timed the game out meanwhile
            played += 1
    return played


async def owed(service: GameService) -> int:
    return len(await service.storage.pending_outbox(limit=100000))


def duplicates(fake: FakeDiscord, hands_rows: Counter[tuple[int, int]], users: dict[int, FakeUser]):
    """(board posts, duplicate boards, hand DMs, duplicate DMs)."""
    boards: Counter[tuple[int, str]] = Counter()
    for msg in fake.posted:
        for a in msg.attachments:
            if a.filename.startswith("warchest-") and a.filename.endswith(".png") and not msg.is_dm:
                boards[(msg.channel_id, a.filename)] += 1
    dms: Counter[tuple[int, int]] = Counter()
    for (game_id, user_id), _rows in hands_rows.items():
        name = f"hand-{game_id}.png"
        dms[(game_id, user_id)] = sum(
            1 for m in fake.dms_to(users[user_id]) if any(a.filename == name for a in m.attachments)
        )
    dup_boards = sum(n - 1 for n in boards.values() if n > 1)
    dup_dms = sum(max(0, dms[key] - hands_rows[key]) for key in hands_rows)
    return sum(boards.values()), dup_boards, sum(dms.values()), dup_dms


async def bench(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    pg = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.postgresql:
            from tests.pgserver import PostgresServer

            pg = PostgresServer().start()
            db = await pg.create_database()
        else:
            db = str(Path(tmp) / "crash.sqlite3")
        log = Path(args.log) if args.log else Path(tmp) / "bot.log"
        try:
            async with FakeDiscord() as fake, GameService.open(db) as service:
                guild = fake.add_guild("Crash")
                channel = fake.add_text_channel(guild, "games")
                users = {}
                games = []
                for n in range(args.games):
                    pair = [fake.add_user(f"p{n}a"), fake.add_user(f"p{n}b")]
                    users.update((u.id, u) for u in pair)
                    info = await service.create_game(
                        [Player(u.id, u.username) for u in pair],
                        options={"units": "first-game"},
                        guild_id=guild.id,
                        channel_id=channel.id,
                    )
                    games.append(info.id)
                started = time.perf_counter()
                plays = 0
                killed_runs_posts = 0
                for _kill in range(args.kills):
                    plays += await play_moves(service, games, args.moves, rng)
                    proc = await start_bot(fake, db, log, append=True, timeout=120)
                    before = len(fake.posted)
                    during = asyncio.create_task(play_moves(service, games, args.moves, rng))
                    await asyncio.sleep(rng.uniform(args.min_wait, args.max_wait))
                    if (
                        args.at_post
                    ):  # the moment a post is made: the bot has yet to hear of it, or to note it
                        posted = len(fake.posted)
                        with contextlib.suppress(TimeoutError):
                            await fake.wait_until(lambda: len(fake.posted) > posted, 10)  # noqa: B023
                    proc.send_signal(signal.SIGKILL)
                    await proc.wait()
                    killed_runs_posts += len(fake.posted) - before
                    plays += await during
                print(
                    f"{args.kills} kills, {plays} moves in {args.games} games, {killed_runs_posts} posts by the"
                    f" killed runs; owed at the end: {await owed(service)}"
                )
                proc = await start_bot(fake, db, log, append=True, timeout=120)
                deadline = time.monotonic() + 300
                while await owed(service) and time.monotonic() < deadline:
                    await asyncio.sleep(0.5)
                proc.send_signal(signal.SIGTERM)
                await asyncio.wait_for(proc.wait(), 60)
                left = await owed(service)
                hands_rows: Counter[tuple[int, int]] = Counter()
                for game_id in games:
                    info = await service.get_game(game_id)
                    seat_user = {s.seat: s.user_id for s in info.seats}
                    for row in await service.storage.outbox_rows(game_id):
                        if row.kind == "hands" and row.done_at is not None:
                            for seat in row.payload.get("seats", ()):
                                hands_rows[(game_id, seat_user[int(seat)])] += 1
                boards, dup_boards, dms, dup_dms = duplicates(fake, hands_rows, users)
                deduped = len(getattr(fake, "deduped", ()))
                print(
                    f"board posts {boards}, duplicate boards {dup_boards}; hand DMs {dms}, duplicate DMs {dup_dms};"
                    f" creates answered with the earlier message (nonce) {deduped}; still owed {left};"
                    f" {time.perf_counter() - started:.0f} s"
                )
        finally:
            if pg is not None:
                pg.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument(
        "--moves", type=int, default=4, help="moves per game before each start, and while it runs"
    )
    parser.add_argument("--min-wait", type=float, default=1.0, help="shortest run before a kill, seconds")
    parser.add_argument("--max-wait", type=float, default=6.0, help="longest run before a kill, seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--anytime",
        dest="at_post",
        action="store_false",
        help="kill at the random moment itself (default: at the first post made after it)",
    )
    parser.add_argument("--log", help="keep the bot's log in this file (appended to)")
    parser.add_argument("--postgresql", action="store_true", help="on a throw-away PostgreSQL server")
    args = parse_args(parser, {"games": 2, "kills": 3, "moves": 2})
    asyncio.run(bench(args))


if __name__ == "__main__":
    main()
