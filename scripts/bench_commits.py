"""Run one benchmark in two commits alternately, in one run, so that both see the same machine (prints
figures; no asserts).

    python scripts/bench_commits.py OLD NEW [--runs 6] -- -m bench.service --parts play --plays 1000

Each commit is unpacked with ``git archive`` into a temporary folder (the checkout is not touched), both
with NEW's ``bench/`` (only the product differs; ``--own-bench``: each its own), and the command after ``--`` runs there with this Python, that folder first on ``PYTHONPATH`` (so the commit's own
``warchest_bot`` and ``bench`` are imported, not the installed checkout's). Runs alternate OLD, NEW, NEW,
OLD, … (neither always goes first). Every line of the output with a ``median X ms`` figure is collected;
printed last: per such line, the median over the runs of each commit and the change.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURE = re.compile(r"^(?P<label>.*?)\s*median\s+(?P<value>[\d.]+)\s*ms")


def unpack(rev: str, into: Path) -> Path:
    """The tree of ``rev`` in a new folder under ``into``."""
    folder = into / re.sub(r"\W", "_", rev)
    folder.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def run(folder: Path, command: list[str], echo: bool = False) -> dict[str, float]:
    """The ``median X ms`` figures of one run of ``command`` in ``folder``, by label (``echo``: print the
    whole output too)."""
    env = {**os.environ, "PYTHONPATH": str(folder)}
    out = subprocess.run(
        [sys.executable, *command], cwd=folder, env=env, check=True, capture_output=True, text=True
    ).stdout
    if echo:
        print(out, end="")
    figures = {}
    for line in out.splitlines():
        if found := FIGURE.match(line):
            figures[found["label"].strip()] = float(found["value"])
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=6, help="runs of each commit")
    parser.add_argument(
        "--own-bench", action="store_true", help="each commit runs its own bench/ (an older API)"
    )
    parser.add_argument("--echo", action="store_true", help="print each run's whole output too")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args, command = parser.parse_args(argv[:split]), argv[split + 1 :]
    if not command:
        parser.error("give the benchmark's command after --")
    with tempfile.TemporaryDirectory(prefix="warchest-bench-commits-") as tmp:
        trees = {rev: unpack(rev, Path(tmp)) for rev in (args.old, args.new)}
        if not args.own_bench:
            shutil.rmtree(trees[args.old] / "bench")
            shutil.copytree(trees[args.new] / "bench", trees[args.old] / "bench")
        for rev, folder in trees.items():
            where = subprocess.run(
                [sys.executable, "-c", "import warchest_bot; print(warchest_bot.__file__)"],
                cwd=folder,
                env={**os.environ, "PYTHONPATH": str(folder)},
                check=True,
                capture_output=True,
                text=True,
            ).stdout.strip()
            assert where.startswith(str(folder)), f"{rev} imports {where}, not its own tree"
        results: dict[str, list[dict[str, float]]] = {args.old: [], args.new: []}
        for n in range(args.runs):
            order = (args.old, args.new) if n % 2 == 0 else (args.new, args.old)
            for rev in order:
                figures = run(trees[rev], command, args.echo)
                results[rev].append(figures)
                print(
                    f"run {n + 1} {rev}: " + "; ".join(f"{k} {v:.3f} ms" for k, v in figures.items()),
                    flush=True,
                )
    print(f"medians over {args.runs} runs each ({' '.join(command)}):")
    for label in results[args.old][0]:
        if not all(label in r for r in (*results[args.old], *results[args.new])):
            continue  # a label that carries a figure of its own (e.g. "render 11.5 ms + encode ...")
        old = statistics.median(r[label] for r in results[args.old])
        new = statistics.median(r[label] for r in results[args.new])
        print(f"  {label} {args.old} {old:.3f} ms -> {args.new} {new:.3f} ms ({100 * (new / old - 1):+.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
