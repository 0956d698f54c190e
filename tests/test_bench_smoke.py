"""Every benchmark still runs: each ``bench/*.py`` script at its ``--smoke`` size, as a module from the
repository's root (as the docs say to run them), exits 0 and prints its figures. A benchmark that falls
behind the code (a renamed argument, a moved module) fails here instead of on the day someone measures."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(
    p.stem for p in (ROOT / "bench").glob("*.py") if 'if __name__ == "__main__":' in p.read_text()
)


def test_every_benchmark_is_found() -> None:
    """The glob finds the benchmarks (an empty list would make the test below pass vacuously)."""
    assert {"service", "timers", "stall_replay", "stall", "e2e"} <= set(SCRIPTS)


@pytest.mark.slow
@pytest.mark.parametrize("name", SCRIPTS)
def test_benchmark_smoke(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{name}", "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures = [line for line in done.stdout.splitlines() if re.search(r"\d", line)]
    assert figures, f"bench.{name} printed no figures: {done.stdout!r}"
