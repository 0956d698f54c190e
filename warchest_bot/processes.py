"""Child processes that never outlive the process that started them.

On Linux a child asks the kernel to kill it when its parent dies (``PR_SET_PDEATHSIG``), so a SIGKILLed or
crashed bot leaves no worker, pairing or other child process running on its own. The kernel sends the
signal when the *thread* that started the child ends, so a child must be started by a thread that lives at
least as long as the child's work is wanted (a pool's thread, or one that waits for the child's answer)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def die_with_parent(parent: int) -> None:
    """In a child process: be killed (SIGKILL) when the process that started it (``parent``, its pid) dies,
    on Linux (elsewhere nothing). A parent that died before this ran has already left the child to init:
    it exits at once."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)
