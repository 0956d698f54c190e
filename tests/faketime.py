"""The injected clock and sleep of the tests that drive move clocks and timers with fake time (the
correspondence service tests and the Discord tests of clocks, puzzles and seats)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

START = datetime(2025, 3, 3, 12, 0, 0, tzinfo=UTC)  # a Monday, noon UTC


class FakeTime:
    """The injected clock and sleep: time moves only when a test calls `advance`."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start
        self._sleepers: list[tuple[datetime, asyncio.Future[None]]] = []

    def __call__(self) -> datetime:
        return self.now

    async def sleep(self, seconds: float) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (self.now + timedelta(seconds=seconds), fut)
        self._sleepers.append(entry)
        try:
            await fut
        finally:
            if entry in self._sleepers:
                self._sleepers.remove(entry)

    def sleepers(self) -> list[datetime]:
        """When each sleeper still waiting is due, earliest first."""
        return sorted(at for at, fut in self._sleepers if not fut.done())

    def advance(self, delta: timedelta) -> int:
        """Move time on; wake sleepers that are due; return how many woke."""
        self.now += delta
        woke = 0
        for at, fut in list(self._sleepers):
            if at <= self.now and not fut.done():
                fut.set_result(None)
                woke += 1
        return woke
