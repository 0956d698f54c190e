"""The web pages: page latency for a long game with a cold and a warm picture cache, and memory held.

    python -m bench.web [--plies 400] [--samples 40] [--render-processes 0]

Plays a War Chest game of ``--plies`` random plies through the service into a temporary database, serves
its pages on a local port (`warchest_bot.web.WebServer`, as the bot does with WARCHEST_WEB) and asks over
HTTP, for ``--samples`` plies spread over the game, for the game page at that ply and then its board
picture, as a browser does. Prints p50 / p95 of
- the page (HTML: the spectator view at the ply, the whole move list, alt text) and of the picture, with a
  cold cache (each picture drawn) and warm (the same requests again: pictures from the cache);
- then the memory the web part holds after serving every sampled ply in English and Persian (tracemalloc,
  in a second, fresh server: what its objects and picture cache keep after a garbage collection), and the
  picture cache's own bytes.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import aiohttp

from bench.common import parse_args, pct
from warchest_bot.discord.rendering import Renderer
from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.service import Correspondence, GameService, Player
from warchest_bot.web import RateLimit, WebServer

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")
UNLIMITED = RateLimit(rate=1e9, burst=10**9)


async def long_game(service: GameService, plies: int, seed: int = 7) -> int:
    options = {"units": "random", "max_rounds": 1000}
    game = await service.create_game([ANN, BOB], options=options, seed=seed, guild_id=9001)
    ref = GameState.new(Options(players=2, units="random", royal_guard="revised", max_rounds=1000, seed=seed))
    users = {s.seat: s.user_id for s in game.seats}
    rng = random.Random(seed)
    while not ref.is_terminal() and ref.ply < plies:
        action = rng.choice(ref.legal_actions())
        await service.play(game.id, users[ref.current_player], action, expected_ply=ref.ply)
        ref.apply(action)
    return game.id


def figures(name: str, samples: list[float]) -> str:
    return (
        f"{name:<28} p50 {statistics.median(samples) * 1000:8.2f} ms   p95 {pct(samples, 95) * 1000:8.2f} ms"
        f"   (n={len(samples)})"
    )


async def fetch(http: aiohttp.ClientSession, url: str, **params: str) -> tuple[float, bytes]:
    start = time.perf_counter()
    async with http.get(url, params=params) as r:
        body = await r.read()
        assert r.status == 200, (url, r.status)
    return time.perf_counter() - start, body


async def serve_plies(
    web: WebServer, game_id: int, plies: list[int], locale: str
) -> tuple[list[float], list[float]]:
    assert web.pages is not None
    url = web.pages.game_url(game_id)
    page_times, picture_times = [], []
    async with aiohttp.ClientSession() as http:
        for ply in plies:
            took, _ = await fetch(http, url, ply=str(ply), lang=locale)
            page_times.append(took)
            took, png = await fetch(http, f"{url}/{ply}.png", lang=locale)
            assert png.startswith(b"\x89PNG")
            picture_times.append(took)
    return page_times, picture_times


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=400)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--render-processes", type=int, default=0)
    args = parse_args(parser, {"plies": 16, "samples": 4}, argv)
    with tempfile.TemporaryDirectory() as tmp:
        async with GameService.open(Path(tmp) / "bench.sqlite3") as service:
            game_id = await long_game(service, args.plies)
            total = (await service.get_game(game_id)).ply
            step = max(1, total // args.samples)
            plies = list(range(0, total + 1, step))[: args.samples]
            random.Random(1).shuffle(plies)
            corr = Correspondence(service)
            renderer = Renderer(args.render_processes)
            web = WebServer(
                service, "127.0.0.1", 0, renderer=renderer, correspondence=corr, rate_limit=UNLIMITED
            )
            await web.start()
            try:
                print(f"web pages of a {total}-ply War Chest game, {len(plies)} plies asked for")
                cold = await serve_plies(web, game_id, plies, "en")
                warm = await serve_plies(web, game_id, plies, "en")
                print(figures("page, cold cache", cold[0]))
                print(figures("picture, cold cache", cold[1]))
                print(figures("page, warm cache", warm[0]))
                print(figures("picture, warm cache", warm[1]))
                assert web.pages is not None
                print(
                    f"picture cache: {len(web.pages.images)} pictures, {web.pages.images.size / 1e6:.2f} MB"
                )
            finally:
                await web.stop()
            # Memory: a fresh server, traced from its creation on (the renderer's static layers, drawn
            # once per process, are warmed before tracing: they are the bot's, not the web part's).
            await renderer.board(await service.state_at(game_id, 0), None, ["Ann", "Bob"], "warchest", "fa")
            gc.collect()
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            web = WebServer(
                service, "127.0.0.1", 0, renderer=renderer, correspondence=corr, rate_limit=UNLIMITED
            )
            await web.start()
            try:
                for locale in ("en", "fa"):
                    await serve_plies(web, game_id, plies, locale)
                gc.collect()
                held = tracemalloc.get_traced_memory()[0] - base
                assert web.pages is not None
                cache = web.pages.images.size
                print(
                    f"memory held by the web part after {2 * len(plies)} pages and pictures: {held / 1e6:.2f} MB"
                    f" (of which the picture cache {cache / 1e6:.2f} MB, {len(web.pages.images)} pictures)"
                )
            finally:
                await web.stop()
                tracemalloc.stop()
                renderer.close()
                await corr.stop()
                corr.detach()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
