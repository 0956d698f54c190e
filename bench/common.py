"""What the benchmarks share: the ``--smoke`` option and the way figures are summarised."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any


def parse_args(
    parser: argparse.ArgumentParser, smoke: Mapping[str, object], argv: Sequence[str] | None = None
) -> argparse.Namespace:
    """``parser``'s arguments plus ``--smoke``, which replaces the sizes named in ``smoke`` by tiny ones (the
    benchmark runs in seconds: a check that it still works, its figures mean nothing)."""
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="tiny sizes: a check in seconds that the benchmark runs (the figures mean nothing)",
    )
    args = parser.parse_args(argv)
    if args.smoke:
        for name, value in smoke.items():
            setattr(args, name, value)
    return args


def pct(values: Sequence[float], p: float) -> float:
    """The p-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def ms_figures(samples: Sequence[float]) -> str:
    """Median and p95 of ``samples`` (seconds) in milliseconds, with their count."""
    return (
        f"median {statistics.median(samples) * 1000:7.3f} ms   p95 {pct(samples, 95) * 1000:7.3f} ms"
        f"   (n={len(samples)})"
    )


def median_ms(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Median wall-clock and CPU milliseconds of ``fn`` (after one warming call) and its result."""
    result = fn()
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000, result
