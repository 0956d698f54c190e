"""The running bot as an operator starts it (`warchest-bot run` in a folder with a `.env`, default worker
processes: render and AI), against the fake Discord of this process: its memory once idle, and how long
it takes to stop on Ctrl-C (SIGINT) or SIGTERM sent right after it connected (prints; never asserts).

    python -m bench.bot_process [--runs 5] [--signal INT|TERM] [--after 0.0] [--idle 15] [--smoke]

Per run: the resident memory (RSS, and PSS where the kernel has it: shared pages split between the
processes) of the bot and of each worker process after ``--idle`` seconds, then the signal, the seconds
until the bot exited, its exit code, and whether any of its worker processes outlived it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import parse_args
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import sys
from fakediscord.patching import loopback_only, point_discord_py
from warchest_bot.cli import main

with loopback_only(), point_discord_py(sys.argv[1], sys.argv[2], sys.argv[3]):
    sys.exit(main(["run"]))
"""


def children(pid: int) -> list[int]:
    """Every descendant process of ``pid`` (from /proc)."""
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            text = Path(f"/proc/{pid}/task/{task}/children").read_text()
            for child in map(int, text.split()):
                out += [child, *children(child)]
    except OSError:
        pass
    return out


def memory_mib(pid: int) -> tuple[float, float | None]:
    """RSS and PSS (None where /proc has no smaps_rollup) of ``pid``, in MiB."""
    rss = pss = None
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
    except OSError:
        pass
    return rss or 0.0, pss


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def one_run(
    fake: FakeDiscord, folder: Path, sig: signal.Signals, after: float, idle: float, log: Path | None = None
) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("WARCHEST_")}
    env["PYTHONPATH"] = f"{ROOT}:{ROOT / 'tests'}"
    (folder / ".env").write_text(
        f"DISCORD_TOKEN={fake.token}\nWARCHEST_DB=games.sqlite3\nWARCHEST_LOG_LEVEL=DEBUG\n"
    )
    stderr = open(log, "ab") if log else None  # noqa: SIM115  (closed below)
    connected = len(fake.gateway.identifies) + 1
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SCRIPT, fake.api_base, fake.gateway_url, fake.http_url,
        cwd=folder, env=env, stderr=stderr or asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    await fake.gateway.wait_for_session(60, identifies=connected)
    result: dict = {}
    if idle:
        await asyncio.sleep(idle)
        result["memory"] = {p: memory_mib(p) for p in [proc.pid, *children(proc.pid)]}
    else:
        await asyncio.sleep(after)
    workers = children(proc.pid)
    start = time.monotonic()
    proc.send_signal(sig)
    try:
        result["code"] = await asyncio.wait_for(proc.wait(), 60)
    except TimeoutError:
        result["code"] = None
        proc.kill()
        await proc.wait()
    result["seconds"] = time.monotonic() - start
    if stderr:
        stderr.close()
    await asyncio.sleep(0.5)
    result["orphans"] = [p for p in workers if alive(p)]
    for p in result["orphans"]:
        os.kill(p, signal.SIGKILL)
    return result


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--signal", choices=("INT", "TERM"), default="INT")
    parser.add_argument("--after", type=float, default=0.0, help="seconds after connecting (no --idle)")
    parser.add_argument("--idle", type=float, default=0.0, help="measure memory after this many seconds")
    parser.add_argument("--log", type=Path, help="append the bot's log (DEBUG) to this file")
    args = parse_args(parser, {"runs": 1, "idle": 1.0})
    sig = signal.Signals[f"SIG{args.signal}"]
    times: list[float] = []
    async with FakeDiscord() as fake:
        fake.add_guild("Bench")
        for run in range(args.runs):
            with tempfile.TemporaryDirectory() as folder:
                r = await one_run(fake, Path(folder), sig, args.after, args.idle, args.log)
            times.append(r["seconds"])
            line = f"run {run + 1}: SIG{args.signal} -> exit {r['code']} after {r['seconds']:.2f} s"
            line += f", orphaned workers: {len(r['orphans'])}"
            if "memory" in r:
                rss = sum(m[0] for m in r["memory"].values())
                pss = [m[1] for m in r["memory"].values()]
                each = ", ".join(f"{m[0]:.0f}" for m in r["memory"].values())
                line += f"; idle RSS {rss:.0f} MiB ({len(pss)} processes: {each})"
                if all(p is not None for p in pss):
                    line += f", PSS {sum(p for p in pss if p is not None):.0f} MiB"
            print(line, flush=True)
    print(
        f"SIG{args.signal} exit seconds over {len(times)} runs: median {statistics.median(times):.2f}, "
        f"max {max(times):.2f}"
    )


if __name__ == "__main__":
    asyncio.run(main())
