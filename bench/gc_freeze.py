"""Garbage collection during self-play, with and without ``gc.freeze()`` after start-up (prints figures; no
asserts).

    python -m bench.gc_freeze [--games 40] [--runs 3]

Each measurement is a fresh process that imports what a process of the bot holds (``cli``: the command
line's modules; ``bot``: the Discord adapter, service, storage and pictures too), optionally freezes every
object alive then (``gc.freeze()``: the collector no longer walks them), and plays ``--games`` random War
Chest games (``selfplay``, invariant checks included). Printed per setting, the median over ``--runs``
alternated runs: the objects the collector tracks at the start, the CPU time, the time spent in
collections (measured with ``gc.callbacks``) and its share of the CPU time, and the full collections.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time

from bench.common import parse_args

SETTINGS = ("cli", "cli+freeze", "bot", "bot+freeze")


def child(setting: str, games: int) -> None:
    """One measurement in this process; prints it as JSON."""
    import warchest_bot.cli  # noqa: F401
    from warchest_bot.games.warchest.engine.cli import selfplay

    if setting.startswith("bot"):
        import warchest_bot.discord.runner  # noqa: F401
        import warchest_bot.games.warchest.render  # noqa: F401
    tracked = len(gc.get_objects())
    if setting.endswith("+freeze"):
        gc.freeze()
    spent, full, began = [0.0], [0], [0.0]

    def note(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            spent[0] += time.perf_counter() - began[0]
            full[0] += info["generation"] == 2

    gc.callbacks.append(note)
    start = time.process_time()
    selfplay(games, 2, 0)
    cpu = time.process_time() - start
    print(json.dumps({"tracked": tracked, "cpu": cpu, "gc": spent[0], "full": full[0]}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", choices=SETTINGS, help=argparse.SUPPRESS)
    args = parse_args(parser, {"games": 1, "runs": 1})
    if args.child:
        child(args.child, args.games)
        return
    results: dict[str, list[dict]] = {s: [] for s in SETTINGS}
    for n in range(args.runs):
        for setting in SETTINGS if n % 2 == 0 else SETTINGS[::-1]:
            out = subprocess.run(
                [sys.executable, "-m", "bench.gc_freeze", "--child", setting, "--games", str(args.games)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            results[setting].append(json.loads(out.strip().splitlines()[-1]))
    print(f"self-play of {args.games} games, medians of {args.runs} alternated runs per setting:")
    for setting, runs in results.items():

        def med(key: str, runs: list[dict] = runs) -> float:
            return statistics.median(r[key] for r in runs)

        share = statistics.median(100 * r["gc"] / r["cpu"] for r in runs)
        print(
            f"  {setting:<11} tracked at start {med('tracked'):7.0f}   CPU {med('cpu'):6.2f} s   "
            f"in collections {med('gc') * 1000:6.1f} ms ({share:.2f}% of CPU), full collections {med('full'):.0f}"
        )


if __name__ == "__main__":
    main()
