"""Reviews of finished games (`/wc review`): who may ask, the per-user limits, the cache, and the run.

`review_game` is the whole request: any player of a FINISHED game may ask; a review already stored (the
cache, one per game) comes back at once; otherwise the limits are checked (one review at a time per user,
`Limits.reviews_per_hour` new reviews per user, `Limits.reviews_at_once` in the whole bot), the decisions
are built here from the seed and the log (`warchest_bot.ai.review.decisions`: each carries only the
deciding seat's own view, so the seed never leaves the service), each is appraised by the ``appraise``
coroutine the adapter gives (which runs `warchest_bot.ai.review.appraise` in its AI worker processes,
never on the event loop), ``progress`` is told after every decision, and the review is stored.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from ..ai.review import REVIEW_VERSION, Appraisal, Decision, Review, appraise, assemble, decisions
from ..games import get_game
from ..storage import GameRecord
from .core import ServiceCore, check_game_id
from .errors import ErrorCode, ServiceError
from .limits import checks_ids
from .results import GameInfo

log = logging.getLogger(__name__)

Appraiser = Callable[[str, Decision, "int | None", int], Awaitable["Appraisal | None"]]
"""``(kind, decision, budget, seed) -> appraisal``: runs `warchest_bot.ai.review.appraise` somewhere."""
Progress = Callable[[int, int], Awaitable[None]]
"""``(done, total)``: told after every appraised decision."""


@dataclass(frozen=True, slots=True)
class ReviewResult:
    """A review and its game; ``cached``: it was stored before this request."""

    info: GameInfo
    review: Review
    cached: bool


async def appraise_in_thread(
    kind: str, decision: Decision, budget: int | None, seed: int
) -> Appraisal | None:
    """The default `Appraiser`: a worker thread (the adapter gives its worker processes instead)."""
    return await asyncio.to_thread(appraise, kind, decision, budget, seed)


def review_seed(game_id: int, ply: int) -> int:
    """The search's seed for one decision: from the game id and the ply, never from the game's seed."""
    return (game_id * 1_000_003 + ply) & ((1 << 63) - 1)


class Reviews(ServiceCore):
    """The review part of `GameService`."""

    _reviewing_users: set[int]
    _reviewing_games: set[int]

    def _running(self) -> tuple[set[int], set[int]]:
        if not hasattr(self, "_reviewing_users"):
            self._reviewing_users, self._reviewing_games = set(), set()
        return self._reviewing_users, self._reviewing_games

    @checks_ids("user_id")
    async def review_game(
        self,
        game_id: int,
        user_id: int,
        *,
        appraise: Appraiser = appraise_in_thread,
        progress: Progress | None = None,
        budget: int | None = None,
        parallel: int = 1,
    ) -> ReviewResult:
        """The review of a finished game for one of its players (see the module docstring). ``budget``:
        the game's search budget per decision (None: its ``review_budget``); ``parallel``: decisions
        appraised at once (the adapter's worker processes)."""
        game_id = check_game_id(game_id)
        record = await self.finished_record(game_id, "error.review_not_finished")
        if record.seat_of(user_id) is None:
            raise ServiceError(ErrorCode.NOT_SEATED, "error.review_not_player", game_id=game_id)
        game = get_game(record.kind)
        reviewer = game.facets.review
        if reviewer is None:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.review_unsupported", game=game.title)
        budget = int(budget if budget is not None else reviewer.review_budget)
        info = self.info_of(record)
        with self.storage_errors(game_id):
            stored = await self.storage.get_review(game_id)
        if stored is not None and stored.version == REVIEW_VERSION:
            return ReviewResult(info, Review.from_json(stored.data), cached=True)
        users, games = self._running()
        if game_id in games:
            raise ServiceError(ErrorCode.LIMIT_REACHED, "error.review_in_progress", game_id=game_id)
        if user_id in users:
            raise ServiceError(ErrorCode.LIMIT_REACHED, "error.review_running")
        if self.limits.reviews_at_once and len(games) >= self.limits.reviews_at_once:
            raise ServiceError(
                ErrorCode.LIMIT_REACHED, "error.review_busy", limit=self.limits.reviews_at_once
            )
        if self.limits.reviews_per_hour:
            since = self.storage.clock() - timedelta(hours=1)
            with self.storage_errors():
                made = await self.storage.count_reviews_by(user_id, since=since)
            if made >= self.limits.reviews_per_hour:
                raise ServiceError(
                    ErrorCode.LIMIT_REACHED,
                    "error.limit_reviews_per_hour",
                    limit=self.limits.reviews_per_hour,
                )
        users.add(user_id)
        games.add(game_id)
        try:
            review = await self._make_review(record, budget, appraise, progress, max(1, parallel))
            with self.storage_errors(game_id):
                await self.storage.save_review(
                    game_id, review.to_json(), version=review.version, budget=budget, requested_by=user_id
                )
        finally:
            users.discard(user_id)
            games.discard(game_id)
        return ReviewResult(info, review, cached=False)

    async def _make_review(
        self, record: GameRecord, budget: int, appraise: Appraiser, progress: Progress | None, parallel: int
    ) -> Review:
        game_id = record.id
        with self.storage_errors(game_id):
            entries = await self.storage.action_log(game_id, 0, None)
        texts = [e.notation for e in entries]
        game = get_game(record.kind)
        try:  # light (a replay with one view per decision): not queued behind the heavy replays
            found = await asyncio.to_thread(decisions, game, record.options, record.seed, texts)
        except ValueError as exc:  # the interface's errors of a log that does not fit
            log.error("game %s: the action log does not replay: %s", game_id, exc)
            raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=game_id) from exc
        total = len(found)
        done = 0
        gate = asyncio.Semaphore(parallel)
        lock = asyncio.Lock()

        async def one(decision: Decision) -> Appraisal | None:
            nonlocal done
            async with gate:
                result = await appraise(record.kind, decision, budget, review_seed(game_id, decision.ply))
            async with lock:
                done += 1
                if progress is not None:
                    try:
                        await progress(done, total)
                    except Exception:  # a progress message that cannot be edited stops nothing
                        log.warning("game %s: review progress could not be shown", game_id, exc_info=True)
            return result

        if progress is not None:
            await progress(0, total)
        try:
            async with asyncio.TaskGroup() as group:  # one failure cancels the rest
                tasks = [group.create_task(one(d)) for d in found]
        except* Exception as failed:
            raise failed.exceptions[0] from None
        appraisals = [task.result() for task in tasks]
        return assemble(record.kind, len(texts), budget, list(zip(found, appraisals, strict=True)))


__all__ = ["Appraiser", "Progress", "ReviewResult", "Reviews", "appraise_in_thread", "review_seed"]
