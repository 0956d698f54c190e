"""Rendering off the event loop, in two lanes: board posts, hands and cards in one pool, replays in another,
so that no number of replays can delay a board post. Worker threads (default) or worker processes, so that
drawing never competes with the event loop for the GIL (`WarchestBot(render_processes=N)`; the runner uses
it); the replay process runs at a lower CPU priority than the board workers.

Finished games never change, so their replays are cached (by game id, in memory, with a size bound) and a
replay asked for while it is being drawn is drawn once. A worker process that dies (killed, out of memory)
breaks its pool (`BrokenProcessPool`): the pool is rebuilt and the work tried once more.

Games are reached only through the registry (`warchest_bot.games.get_game`): every function given to a
pool is a module-level function of the game's kind string and plain data, so it pickles by reference.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from typing import Any

from ..ai.review import Review
from ..games import DEFAULT_KIND, game_kinds, get_game, pictures_of
from ..i18n import DEFAULT_LOCALE
from ..render.cache import BytesLRU
from ..render.review import review_png
from .workers import WorkerPool

log = logging.getLogger(__name__)

REPLAY_CACHE_BYTES = 64 * 1024 * 1024
"""Finished games' replays kept in memory (least recently used dropped first)."""
REPLAY_NICENESS = 10
"""How much lower the replay worker process's CPU priority is than the board workers'."""


def replay_gif(
    frames: Sequence[Any],
    total: int,
    names: Sequence[str],
    kind: str = DEFAULT_KIND,
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    """The replay animation of a game from the frames the service made (spectator views only), with its
    words in ``locale``."""
    return pictures_of(get_game(kind)).render_replay(frames, names=list(names), total=total, locale=locale)


def _warm_up() -> int:
    for kind in game_kinds():
        pictures_of(get_game(kind)).warm_up()
    return 0


def _log_warm_up_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning(
            "warming up the renderers failed (pictures are drawn all the same)", exc_info=task.exception()
        )


def _lower_priority() -> None:
    with contextlib.suppress(AttributeError, OSError):  # elsewhere replays still have their own lane
        os.nice(REPLAY_NICENESS)


class ReplayCache(BytesLRU):
    """Finished games' replay animations by key (game id and locale), at most ``max_bytes`` in all (LRU)."""

    def __init__(self, max_bytes: int = REPLAY_CACHE_BYTES) -> None:
        super().__init__(max_bytes)


class Renderer:
    """Draws off the event loop: boards, hands and cards in one lane (``processes`` worker processes, or
    threads with 0), replays in another (one worker, at a lower priority) with a cache."""

    def __init__(
        self,
        processes: int = 0,
        *,
        replay_processes: int | None = None,
        replay_cache_bytes: int = REPLAY_CACHE_BYTES,
    ) -> None:
        self.processes = processes
        self._boards = WorkerPool(processes, name="render")
        replay_processes = (1 if processes > 0 else 0) if replay_processes is None else replay_processes
        self._replays = WorkerPool(replay_processes, threads=1, initializer=_lower_priority, name="replay")
        self.replay_cache = ReplayCache(replay_cache_bytes)
        self._drawing: dict[Hashable, asyncio.Task[bytes]] = {}
        self._warming: asyncio.Task[None] | None = None

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self._boards.run(fn, *args)

    async def warm_up(self) -> None:
        """Build every game's static layers (canvases, sprites) before the first real move: in every board
        worker process and in the replay worker process, or once in this process when they are threads
        (which share them)."""
        jobs = [self._run(_warm_up) for _ in range(max(1, self.processes * 2))]
        if self._replays.processes > 0:
            jobs.append(self._replays.run(_warm_up))
        await asyncio.gather(*jobs)

    def start_warm_up(self) -> None:
        """`warm_up` in the background (the bot starts it at start-up); `close` stops it."""
        self._warming = asyncio.get_running_loop().create_task(self.warm_up(), name="render warm-up")
        self._warming.add_done_callback(_log_warm_up_failure)

    # Every picture is drawn with its words in ``locale`` (the reader's language: the server's for public
    # posts, the user's for what only they see).
    async def board(
        self,
        view: Mapping[str, Any],
        last: Mapping[str, Any] | None,
        names: Sequence[str],
        kind: str = DEFAULT_KIND,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        return await self._run(_board, kind, dict(view), dict(last) if last else None, list(names), locale)

    async def hand(
        self,
        view: Mapping[str, Any],
        names: Sequence[str],
        kind: str = DEFAULT_KIND,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        return await self._run(_hand, kind, dict(view), list(names), locale)

    async def unit_card(
        self,
        code: str,
        kind: str = DEFAULT_KIND,
        locale: str = DEFAULT_LOCALE,
        options: Mapping[str, Any] | None = None,
    ) -> bytes:
        """A unit's (or card's) picture; ``options``: those a new game here would get (For the Crown's
        server card table), for the games whose cards depend on them."""
        if options:
            return await self._run(_unit_card, kind, code, locale, dict(options))
        return await self._run(_unit_card, kind, code, locale)

    async def replay(
        self,
        frames: Sequence[Any],
        total: int,
        names: Sequence[str],
        kind: str = DEFAULT_KIND,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """Draw a replay from its frames in the replay lane (not cached)."""
        return await self._replays.run(replay_gif, list(frames), total, list(names), kind, locale)

    async def finished_replay(
        self,
        game_id: int,
        frames: Callable[[], Awaitable[Sequence[Any]]],
        total: int,
        names: Sequence[str],
        kind: str = DEFAULT_KIND,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """A finished game's replay in ``locale``: from the cache (by game id and locale), else drawn once
        (``frames()`` asked for only then; requests for a game being drawn wait for that drawing)."""
        key = (game_id, locale)
        cached = self.replay_cache.get(key)
        if cached is not None:
            return cached
        task = self._drawing.get(key)
        if task is None:

            async def draw() -> bytes:
                try:
                    data = await self.replay(await frames(), total, names, kind, locale)
                    self.replay_cache.put(key, data)
                    return data
                finally:
                    self._drawing.pop(key, None)

            task = asyncio.get_running_loop().create_task(draw())
            self._drawing[key] = task
        return await asyncio.shield(task)

    async def review(
        self, review: Review, game_id: int, names: Sequence[str], teams: Sequence[int], locale: str
    ) -> bytes:
        """The picture of a game review (`warchest_bot.render.review`) in the board lane."""
        return await self._run(review_png, review, game_id, list(names), list(teams), locale)

    def close(self) -> None:
        """Stop drawing: the warm-up if it still runs, and the worker processes at once."""
        if self._warming is not None:
            self._warming.cancel()
        self._boards.close()
        self._replays.close()


def _board(
    kind: str,
    view: dict[str, Any],
    last: dict[str, Any] | None,
    names: list[str],
    locale: str = DEFAULT_LOCALE,
) -> bytes:
    return pictures_of(get_game(kind)).board_png(view, last, names=names, locale=locale)


def _hand(kind: str, view: dict[str, Any], names: list[str], locale: str = DEFAULT_LOCALE) -> bytes:
    return pictures_of(get_game(kind)).private_png(view, names=names, locale=locale)


def _unit_card(
    kind: str, code: str, locale: str = DEFAULT_LOCALE, options: Mapping[str, Any] | None = None
) -> bytes:
    units = get_game(kind).facets.units
    if units is None:
        raise LookupError(f"game {kind!r} has no units")
    if options:
        png: bytes = units.unit_card_png(code, locale, options=options)  # type: ignore[call-arg]
        return png
    return units.unit_card_png(code, locale)
