"""Rendering off the event loop: in worker threads (default), or in worker processes so that drawing never
competes with the event loop for the GIL (`WarchestBot(render_processes=N)`; the runner uses it).

Every function given to the pool is a module-level function of plain data, so it pickles by reference.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..render import board_png, hand_png, unit_card_png
from ..render.replay import Frame, render_frames


def replay_gif(frames: Sequence[Frame], total: int, names: Sequence[str]) -> bytes:
    """The replay animation of a game from the frames the service made (spectator views only)."""
    return render_frames(frames, total, names=list(names))


def _warm_up() -> int:
    from ..engine import GameState, Options

    for players in (2, 4):
        state = GameState.new(Options(players=players, units="first-game", seed=1))
        board_png(state.view_for(None))
        hand_png(state.view_for(0))
    return 0


class Renderer:
    """Runs the renderer in a thread or process pool."""

    def __init__(self, processes: int = 0) -> None:
        self._pool: concurrent.futures.Executor | None = None
        if processes > 0:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=processes, mp_context=multiprocessing.get_context("spawn")
            )
        self.processes = processes

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def warm_up(self) -> None:
        """Build the static layers in every worker process before the first real move."""
        if self._pool is not None:
            await asyncio.gather(*(self._run(_warm_up) for _ in range(self.processes * 2)))

    async def board(self, view: Mapping, last: Mapping | None, names: Sequence[str]) -> bytes:
        return await self._run(_board, dict(view), dict(last) if last else None, list(names))

    async def hand(self, view: Mapping, names: Sequence[str]) -> bytes:
        return await self._run(_hand, dict(view), list(names))

    async def unit_card(self, unit: int) -> bytes:
        return await self._run(unit_card_png, unit)

    async def replay(self, frames: Sequence[Frame], total: int, names: Sequence[str]) -> bytes:
        return await self._run(replay_gif, list(frames), total, list(names))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _board(view: dict, last: dict | None, names: list[str]) -> bytes:
    return board_png(view, last, names=names)


def _hand(view: dict, names: list[str]) -> bytes:
    return hand_png(view, names=names)
