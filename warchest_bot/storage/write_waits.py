"""How writes fare against the database's write lock: the operator's status line says so when they wait.

On SQLite every write takes the file's write lock up front (``BEGIN IMMEDIATE``) and waits up to the busy
timeout (5 s) for it; another program holding the lock (a backup tool, the ``sqlite3`` shell in a write
transaction) makes each write of the bot wait that long and then be refused as busy. That limit is right (a
move is refused with "try again" rather than hang), but the operator should see it: each write's wait is
counted here, and the status line (`warchest_bot.discord.health`) reports the slow and refused ones since
its last line.
"""

from __future__ import annotations

from dataclasses import dataclass

SLOW_WAIT = 1.0
"""A write that waited this many seconds or more for the write lock counts as slow."""


@dataclass(slots=True)
class WriteWaits:
    """Writes that waited for the write lock since the last `take`: ``slow`` waited `SLOW_WAIT` seconds or
    more (``longest``: the longest wait, in seconds), ``refused`` were refused as busy after the busy
    timeout."""

    slow: int = 0
    refused: int = 0
    longest: float = 0.0

    def waited(self, seconds: float, *, refused: bool = False) -> None:
        """A write waited ``seconds`` for the lock (and got it, or was ``refused``)."""
        if refused:
            self.refused += 1
        if refused or seconds >= SLOW_WAIT:
            self.slow += not refused
            self.longest = max(self.longest, seconds)

    def take(self) -> WriteWaits:
        """What was counted since the last call; the counts start again from zero."""
        seen = WriteWaits(self.slow, self.refused, self.longest)
        self.slow, self.refused, self.longest = 0, 0, 0.0
        return seen

    def __bool__(self) -> bool:
        return bool(self.slow or self.refused)


__all__ = ["SLOW_WAIT", "WriteWaits"]
