"""Stopping the bot: Ctrl-C (SIGINT) closes it the way SIGTERM does (deliveries in flight finish, exit code
0), and its worker processes never outlive it: closing a pool ends a worker in the middle of a call, and a
bot that is SIGKILLed takes its workers with it (Linux: PR_SET_PDEATHSIG)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from procs import alive, wait_until_gone

from warchest_bot.discord.rendering import Renderer
from warchest_bot.discord.workers import WorkerPool

ROOT = Path(__file__).resolve().parents[2]
LONG = 600.0  # seconds a worker's call would run if nothing ended it

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; PR_SET_PDEATHSIG")

BOT = """
import sys
from fakediscord.patching import loopback_only, point_discord_py
from warchest_bot.cli import main

with loopback_only(), point_discord_py(sys.argv[1], sys.argv[2], sys.argv[3]):
    sys.exit(main(["run"]))
"""

PARENT = """
import asyncio, time
from warchest_bot.discord.workers import WorkerPool

async def main():
    pool = WorkerPool(1)
    call = asyncio.ensure_future(pool.run(time.sleep, %r))
    while not pool.executor._processes:
        await asyncio.sleep(0.05)
    print(*pool.executor._processes, flush=True)
    await call

asyncio.run(main())
"""


def _children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        with contextlib.suppress(OSError):
            out |= {int(c) for c in Path(f"/proc/{pid}/task/{task}/children").read_text().split()}
    return out


async def test_closing_a_pool_ends_a_worker_in_the_middle_of_a_call():
    pool = WorkerPool(1)
    call = asyncio.ensure_future(pool.run(time.sleep, LONG))
    try:
        while not pool.executor._processes:
            await asyncio.sleep(0.05)
        [process] = pool.executor._processes.values()
        await asyncio.sleep(0.5)  # the worker took the call
    finally:
        pool.close()
    await asyncio.to_thread(process.join, 60)
    assert not process.is_alive()  # not still sleeping through its call
    call.cancel()
    with contextlib.suppress(BaseException):
        await call


@linux_only
def test_a_killed_bot_takes_its_busy_worker_processes_with_it(tmp_path):
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT % LONG], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert parent.stdout is not None
    workers = {int(p) for p in parent.stdout.readline().split()}
    assert workers and all(alive(p) for p in workers)
    time.sleep(0.5)  # the worker is in its call
    parent.kill()
    parent.wait(60)
    assert wait_until_gone(workers) == set()


async def test_closing_the_renderer_stops_its_warm_up():
    renderer = Renderer(processes=1)
    renderer.start_warm_up()
    renderer.close()
    warming = renderer._warming
    assert warming is not None
    with contextlib.suppress(BaseException):
        await warming
    assert warming.cancelled()


async def test_worker_processes_do_not_load_discord_py():
    pool = WorkerPool(1)
    try:
        assert await pool.run(eval, "'discord' in __import__('sys').modules") is False
        loaded = "__import__('warchest_bot.discord.rendering') and 'discord' in __import__('sys').modules"
        assert await pool.run(eval, loaded) is False  # what the render lanes' calls import
    finally:
        pool.close()


@linux_only
async def test_ctrl_c_right_after_connecting_closes_the_bot_like_sigterm(fake, tmp_path):
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN={fake.token}\nWARCHEST_DB=games.sqlite3\nWARCHEST_RENDER_PROCESSES=1\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("WARCHEST_")}
    env["PYTHONPATH"] = f"{ROOT}:{ROOT / 'tests'}"
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", BOT, fake.api_base, fake.gateway_url, fake.http_url,
        cwd=tmp_path, env=env, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        await fake.wait_for_connection(timeout=60)
        workers: set[int] = set()
        while len(workers) < 2:  # the board worker and the replay worker, warming up (and the tracker)
            workers = {p for p in _children(proc.pid) if alive(p)}
            await asyncio.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        code = await asyncio.wait_for(proc.wait(), 120)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.stderr is not None
    log = (await proc.stderr.read()).decode()
    assert code == 0, log
    assert "SIGINT: closing" in log and "Traceback" not in log, log
    assert await asyncio.to_thread(wait_until_gone, workers, 10.0) == set()
