"""End-to-end latency of the Discord bot over the loopback fake Discord (prints figures; no asserts).

    python -m bench.e2e [--games 6] [--moves 40] [--players 2|4] [--think 0.2,1.0] [--render-processes 2]

The real bot (warchest_bot.discord, real discord.py client) runs against tests/fakediscord on 127.0.0.1 with
a fresh SQLite database. Several games are started (challenge + Accept) and then played concurrently, each
move by a `/wc play` slash command from the player to act (a random legal action). For every move:
- ack: the interaction is injected → the bot's interaction callback has been received by the fake;
- board: the interaction is injected → the board image of the new position has been posted in the game's
  thread (rendering in a worker thread, upload included; hand DMs after a round change come after it).
Players take a moment between a board appearing and their next move (``--think``, default 0.2-1 s:
still thousands of moves an hour); ``--think 0,0`` plays flat out and measures a saturated bot instead.
Targets on this machine: p95 ack <= 100 ms, p95 board <= 300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.common import parse_args, pct
from bench.fakeplay import boards_posted, play_random_move
from tests.fakediscord import FakeDiscord
from warchest_bot.discord import WarchestBot
from warchest_bot.service import GameService


async def bench(
    games: int, moves: int, players: int, seed: int, processes: int, think: tuple[float, float]
) -> None:
    rng = random.Random(seed)
    acks: list[float] = []
    boards: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake, GameService.open(Path(tmp) / "bench.sqlite3") as service:
            guild = fake.add_guild("Bench")
            channel = fake.add_text_channel(guild, "war-chest")
            users = [fake.add_user(f"player{n}") for n in range(games * players)]
            bot = WarchestBot(service, guild_ready_timeout=0.05, render_processes=processes)
            async with fake.run_client(bot):
                await bot.tree.sync()
                await bot.renderer.warm_up()
                game_ids = []
                for g in range(games):
                    table = users[g * players : (g + 1) * players]
                    inter = await fake.send_slash_command(
                        table[0],
                        channel,
                        "wc new",
                        {"opponent": table[1], "players": players, "units": "first-game"}
                        if players == 2
                        else {"players": 4, "units": "first-game"},
                    )
                    await inter.wait_response()
                    challenge = fake.messages[inter.original_message_id]
                    game_id = int(challenge.content.split("#")[1].split()[0])
                    for user in table[1:]:
                        await (
                            await fake.click_button(user, challenge, f"wc:ch:join:{game_id}")
                        ).wait_response()
                    await fake.wait_until(
                        lambda gid=game_id: 0 in boards_posted(fake).get(gid, {}),
                        timeout=10,
                    )
                    game_ids.append(game_id)
                await bot.flow.drain()

                async def play(game_id: int) -> None:
                    for _ in range(moves):
                        times = await play_random_move(fake, service, game_id, rng)
                        if times is None:
                            return
                        t0, t1, t2 = times
                        acks.append((t1 - t0) * 1000)
                        boards.append((t2 - t0) * 1000)
                        await asyncio.sleep(rng.uniform(*think))  # the next player looks at the board

                start = time.perf_counter()
                await asyncio.gather(*(play(g) for g in game_ids))
                wall = time.perf_counter() - start
                await bot.flow.drain()
            fake.assert_clean()
    how = f"{processes} render processes" if processes else "render threads"
    how += f", think time {think[0]:g}-{think[1]:g} s"
    print(
        f"e2e over loopback: {len(acks)} moves in {games} concurrent {players}-player games, {wall:.1f} s, {how}"
    )
    print(
        f"  ack   (slash command sent -> acknowledged): p50 {pct(acks, 50):6.1f} ms   p95 {pct(acks, 95):6.1f} ms"
        f"   (target p95 <= 100 ms)"
    )
    print(
        f"  board (slash command sent -> board posted): p50 {pct(boards, 50):6.1f} ms   p95 {pct(boards, 95):6.1f} ms"
        f"   (target p95 <= 300 ms)"
    )
    print(
        f"  mean ack {statistics.mean(acks):.1f} ms, mean board {statistics.mean(boards):.1f} ms, "
        f"max board {max(boards):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument(
        "--think",
        default="0.2,1.0",
        help="seconds a player looks at the board before moving: MIN,MAX (0,0: flat out)",
    )
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--render-processes", type=int, default=2, help="0: render in threads")
    args = parse_args(parser, {"games": 1, "moves": 3, "think": "0,0", "render_processes": 1})
    logging.basicConfig(level=logging.ERROR)
    think = tuple(float(x) for x in args.think.split(","))
    asyncio.run(bench(args.games, args.moves, args.players, args.seed, args.render_processes, think))


if __name__ == "__main__":
    main()
