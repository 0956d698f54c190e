"""Whether a process is still running, for the tests that kill a parent and check its children went too."""

from __future__ import annotations

import time
from pathlib import Path


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped, does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until_gone(pids: set[int], timeout: float = 60.0) -> set[int]:
    """The pids still alive after waiting up to ``timeout`` seconds for them to end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.05)
    return {p for p in pids if alive(p)}
