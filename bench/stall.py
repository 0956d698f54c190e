"""Nobody can stall the bot: every stall figure in one run (prints figures; no asserts).

    python -m bench.stall [--smoke] [read|outbox|replay ...]

Runs, each in its own process so that one's memory and worker pools cannot colour another's figures:
- ``bench.stall_read``: a read of game B while game A's write is blocked by another process
  (target p95 <= 50 ms);
- ``bench.stall_outbox``: the time from a move's commit to its board post through the outbox (p50 / p95);
- ``bench.stall_replay``: board-post latency while 4 long replays are requested at once (target p95 <=
  300 ms) and a replay's peak RSS for a 400-ply game and a 1,000-round game (target <= 150 MB each).
Name some of them to run only those; ``--smoke`` runs each at its tiny size; each script also takes its own
options when run alone.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = {"read": "bench.stall_read", "outbox": "bench.stall_outbox", "replay": "bench.stall_replay"}


def main(argv: list[str]) -> int:
    smoke = [a for a in argv if a == "--smoke"]
    names = [a for a in argv if a != "--smoke"] or list(PARTS)
    unknown = [n for n in names if n not in PARTS]
    if unknown:
        print(f"unknown part(s): {', '.join(unknown)}; choose from {', '.join(PARTS)}", file=sys.stderr)
        return 2
    failed = 0
    for name in names:
        print(f"== {name} ({PARTS[name]})", flush=True)
        failed |= subprocess.call([sys.executable, "-m", PARTS[name], *smoke], cwd=ROOT) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
