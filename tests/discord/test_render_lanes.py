"""The render and AI worker pools: replays have their own lane (a busy replay never holds up a board post),
finished games' replays are cached and drawn once, and a killed worker process is replaced."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess

import pytest

from warchest_bot.discord.ai import AiRunner
from warchest_bot.discord.rendering import Renderer, ReplayCache
from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.render.replay import frames_of

PNG = b"\x89PNG\r\n\x1a\n"


def _state(seed: int = 9) -> GameState:
    return GameState.new(Options(players=2, units="first-game", seed=seed))


def _kill_a_worker(executor) -> int:
    pid = next(iter(executor._processes))  # a live worker process of the pool
    os.kill(pid, signal.SIGKILL)
    return pid


@pytest.mark.slow
async def test_a_killed_render_worker_is_replaced():
    renderer = Renderer(processes=1)
    try:
        view = _state().view_for(None)
        assert (await renderer.board(view, None, ["Ann", "Bob"])).startswith(PNG)
        dead = _kill_a_worker(renderer._boards.executor)
        assert (await renderer.board(view, None, ["Ann", "Bob"])).startswith(PNG)
        assert (await renderer.hand(_state().view_for(0), ["Ann", "Bob"])).startswith(PNG)
        assert dead not in renderer._boards.executor._processes
    finally:
        renderer.close()


@pytest.mark.slow
async def test_a_killed_ai_worker_is_replaced():
    runner = AiRunner(None, processes=1)  # type: ignore[arg-type]
    g = _state()
    try:
        assert await runner._think("greedy", None, 1, g.view_for(g.current_player)) in g.legal_actions()
        _kill_a_worker(runner._pool.executor)
        assert await runner._think("greedy", None, 2, g.view_for(g.current_player)) in g.legal_actions()
    finally:
        await runner.stop()


@pytest.mark.slow
async def test_a_busy_replay_lane_does_not_hold_up_a_board_post(tmp_path):
    renderer = Renderer(processes=1)
    go = tmp_path / "go"
    try:
        await renderer.warm_up()
        # The replay worker is busy until the file appears (a stand-in for a long replay).
        busy = asyncio.ensure_future(
            renderer._replays.run(subprocess.call, ["sh", "-c", f"while [ ! -e {go} ]; do sleep 0.02; done"])
        )
        await asyncio.sleep(0.2)
        png = await renderer.board(_state().view_for(None), None, ["Ann", "Bob"])
        assert png.startswith(PNG) and not busy.done()  # the board did not wait for the replay
        go.touch()
        assert await busy == 0
    finally:
        go.touch()
        renderer.close()


async def test_finished_replays_are_drawn_once_and_cached():
    g = _state(4)
    while g.ply < 12:
        g.apply(g.legal_actions()[0])
    frames = frames_of(g.options, g.history)
    asked = []

    async def make_frames():
        asked.append(1)
        await asyncio.sleep(0.05)
        return frames

    renderer = Renderer()
    try:
        first = await asyncio.gather(
            *(renderer.finished_replay(7, make_frames, g.ply, ["Ann", "Bob"]) for _ in range(4))
        )
        again = await renderer.finished_replay(7, make_frames, g.ply, ["Ann", "Bob"])
    finally:
        renderer.close()
    assert len(asked) == 1  # four requests at once and a later one: drawn once
    assert all(gif == again and gif.startswith(b"GIF89a") for gif in first)


def test_the_replay_cache_is_bounded():
    cache = ReplayCache(max_bytes=100)
    for game_id in range(5):
        cache.put(game_id, bytes(30))
    assert cache.size <= 100 and len(cache) == 3
    assert cache.get(0) is None and cache.get(4) == bytes(30)
    cache.get(2)  # recently used: kept
    cache.put(9, bytes(60))
    assert cache.get(2) is not None and cache.get(3) is None
    cache.put(10, bytes(101))  # larger than the whole cache: not kept
    assert cache.get(10) is None
