"""Time from a move's commit to its board post through the transactional outbox (prints figures; no asserts).

    python -m bench.stall_outbox [--games 4] [--moves 30] [--think 0.1,0.4] [--render-processes 2]

The real bot (warchest_bot.discord, real discord.py client) runs against tests/fakediscord on 127.0.0.1 with
a fresh SQLite database. Games are started (challenge + Accept) and played concurrently by `/wc play`
commands. The service tells its publisher right after each commit that wrote outbox rows; this benchmark
notes that moment and the moment the board of that position is posted in the game's thread, so the figure
covers the whole way through the outbox: the interaction's own reply (announcements wait for it), reading the
row, rendering, the upload, and marking the row done is after the post (not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import tempfile
import time
from pathlib import Path

from bench.common import parse_args, pct
from bench.fakeplay import boards_posted, play_random_move
from tests.fakediscord import FakeDiscord
from warchest_bot.discord import WarchestBot
from warchest_bot.service import GameService


class TimedPublisher:
    """The bot's publisher, noting the time of each commit per game."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.commits: dict[int, list[float]] = {}

    def announce(self, game_id: int) -> None:
        self.commits.setdefault(game_id, []).append(time.time())
        self.inner.announce(game_id)


async def bench(games: int, moves: int, seed: int, processes: int, think: tuple[float, float]) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake, GameService.open(Path(tmp) / "bench.sqlite3") as service:
            guild = fake.add_guild("Bench")
            channel = fake.add_text_channel(guild, "war-chest")
            users = [fake.add_user(f"player{n}") for n in range(games * 2)]
            bot = WarchestBot(service, guild_ready_timeout=0.05, render_processes=processes)
            timed = TimedPublisher(bot.delivery)
            service.publisher = timed
            async with fake.run_client(bot):
                await bot.tree.sync()
                await bot.renderer.warm_up()
                game_ids = []
                for g in range(games):
                    a, b = users[2 * g], users[2 * g + 1]
                    inter = await fake.send_slash_command(
                        a, channel, "wc new", {"opponent": b, "units": "first-game"}
                    )
                    await inter.wait_response()
                    challenge = fake.messages[inter.original_message_id]
                    game_id = int(challenge.content.split("#")[1].split()[0])
                    await (await fake.click_button(b, challenge, f"wc:ch:join:{game_id}")).wait_response()
                    game_ids.append(game_id)
                await bot.flow.drain()

                async def play(game_id: int) -> None:
                    for _ in range(moves):
                        if await play_random_move(fake, service, game_id, rng) is None:
                            return
                        await asyncio.sleep(rng.uniform(*think))

                await asyncio.gather(*(play(g) for g in game_ids))
                await bot.flow.drain()
                posted = boards_posted(fake)
            fake.assert_clean()
    delays: list[float] = []
    starts: list[float] = []
    for game_id, commits in timed.commits.items():
        boards = posted.get(game_id, {})
        for ply, committed in enumerate(commits):  # commit k is the start (k = 0) or the move to ply k
            if ply in boards:
                (starts if ply == 0 else delays).append((boards[ply] - committed) * 1000)
    how = f"{processes} render processes" if processes else "render threads"
    print(f"commit -> board post through the outbox: {len(delays)} moves in {games} concurrent games, {how}")
    print(
        f"  moves: p50 {pct(delays, 50):6.1f} ms   p95 {pct(delays, 95):6.1f} ms   max {max(delays):6.1f} ms"
    )
    print(f"  starts (thread + first board): p50 {pct(starts, 50):6.1f} ms   max {max(starts):6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument(
        "--think", default="0.1,0.4", help="seconds between a board and the next move: MIN,MAX"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--render-processes", type=int, default=2, help="0: render in threads")
    args = parse_args(parser, {"games": 1, "moves": 3, "think": "0,0", "render_processes": 1})
    logging.basicConfig(level=logging.ERROR)
    think = tuple(float(x) for x in args.think.split(","))
    asyncio.run(bench(args.games, args.moves, args.seed, args.render_processes, think))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
