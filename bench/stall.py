"""Nobody can stall the bot: every stall figure in one run (prints figures; no asserts).

    python3 bench/stall.py [read|outbox|replay ...]

Runs, each in its own process so that one's memory and worker pools cannot colour another's figures:
- ``bench/stall_read.py``: a read of game B while game A's write is blocked by another process
  (target p95 <= 50 ms);
- ``bench/stall_outbox.py``: the time from a move's commit to its board post through the outbox (p50 / p95);
- ``bench/stall_replay.py``: board-post latency while 4 long replays are requested at once (target p95 <=
  300 ms) and a replay's peak RSS for a 400-ply game and a 1,000-round game (target <= 150 MB each).
Name some of them to run only those; each script also takes its own options when run alone.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
PARTS = {"read": "stall_read.py", "outbox": "stall_outbox.py", "replay": "stall_replay.py"}


def main(argv: list[str]) -> int:
    names = argv or list(PARTS)
    unknown = [n for n in names if n not in PARTS]
    if unknown:
        print(f"unknown part(s): {', '.join(unknown)}; choose from {', '.join(PARTS)}", file=sys.stderr)
        return 2
    failed = 0
    for name in names:
        print(f"== {name} ({PARTS[name]})", flush=True)
        failed |= subprocess.call([sys.executable, str(BENCH / PARTS[name])]) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
