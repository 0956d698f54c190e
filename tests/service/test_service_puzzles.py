"""Puzzles in the service: attempts, answers, Glicko-2 ratings of solvers and puzzles, refusals that change
nothing, and the daily puzzle's timer owing one post per server and day."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

import pytest

from warchest_bot.service import ErrorCode, GameService, ServiceError
from warchest_bot.service.puzzles import DAILY_PUZZLE, day_of, next_daily_time

from .helpers import dump

ANN, BOB = 101, 102
GUILD, CHANNEL = 7001, 7002


def _wrong(shown) -> str:
    puzzle = next(p for p in GameService.puzzle_set() if p.id == shown.puzzle_id)
    return next(a.text for a in shown.legal if a.text != puzzle.solution)


def _solution(shown) -> str:
    return next(p for p in GameService.puzzle_set() if p.id == shown.puzzle_id).solution


async def test_solving_a_puzzle_raises_the_solvers_rating_and_lowers_the_puzzles(service: GameService):
    shown = await service.new_puzzle(ANN, GUILD, rnd=random.Random(1))
    assert shown.user_rating == 1500 and shown.solved is None and not shown.finished
    puzzle_before = shown.puzzle_rating
    result = await service.answer_puzzle(ANN, shown.attempt_id, _solution(shown))
    assert result.correct and result.rated and result.change > 0
    assert result.solution == _solution(shown)
    assert result.shown.user_rating == 1500 + result.change
    assert result.shown.puzzle_rating < puzzle_before
    assert result.shown.finished and result.shown.solved is True
    mine = await service.puzzle_rating(ANN)
    assert (mine.attempts, mine.solved) == (1, 1) and mine.rd < 350


async def test_a_wrong_answer_lowers_the_rating_once_and_a_retry_is_not_rated(service: GameService):
    shown = await service.new_puzzle(ANN, GUILD, rnd=random.Random(2))
    before = shown.puzzle_rating
    wrong = await service.answer_puzzle(ANN, shown.attempt_id, _wrong(shown))
    assert not wrong.correct and wrong.rated and wrong.change < 0 and wrong.solution is None
    assert not wrong.shown.finished and wrong.shown.puzzle_rating > before
    again = await service.answer_puzzle(ANN, shown.attempt_id, _wrong(shown))
    assert not again.correct and not again.rated and again.change == 0
    right = await service.answer_puzzle(ANN, shown.attempt_id, _solution(shown))
    assert right.correct and not right.rated and right.shown.finished
    assert right.shown.user_rating == wrong.shown.user_rating  # only the first answer moved it
    mine = await service.puzzle_rating(ANN)
    assert (mine.attempts, mine.solved) == (1, 0)
    with pytest.raises(ServiceError) as err:
        await service.answer_puzzle(ANN, shown.attempt_id, _solution(shown))
    assert err.value.message_id == "puzzle.error.finished"


async def test_showing_the_solution_before_answering_counts_as_not_solved(service: GameService):
    shown = await service.new_puzzle(BOB, None, rnd=random.Random(3))
    result = await service.show_puzzle_solution(BOB, shown.attempt_id)
    assert result.solution == _solution(shown) and result.rated and result.change < 0
    assert result.shown.finished and result.shown.solved is False
    again = await service.show_puzzle_solution(BOB, shown.attempt_id)  # shown again: nothing changes
    assert again.solution == result.solution and not again.rated


async def test_illegal_answers_and_other_peoples_attempts_are_refused_and_change_nothing(
    service: GameService, db_path
):
    shown = await service.new_puzzle(ANN, GUILD, rnd=random.Random(4))
    before = dump(db_path)
    for text, code in (("Zz deploy a1", ErrorCode.UNPARSEABLE), ("", ErrorCode.UNPARSEABLE)):
        with pytest.raises(ServiceError) as err:
            await service.answer_puzzle(ANN, shown.attempt_id, text)
        assert err.value.code in (code, ErrorCode.ILLEGAL)
    with pytest.raises(ServiceError) as err:
        await service.answer_puzzle(BOB, shown.attempt_id, _solution(shown))
    assert err.value.message_id == "puzzle.error.not_yours"
    with pytest.raises(ServiceError):
        await service.show_puzzle_solution(BOB, shown.attempt_id)
    with pytest.raises(ServiceError) as err:
        await service.answer_puzzle(ANN, 999_999, _solution(shown))
    assert err.value.message_id == "puzzle.error.not_yours" and err.value.user_caused
    assert dump(db_path) == before


async def test_two_answers_at_once_rate_the_attempt_once(service: GameService):
    shown = await service.new_puzzle(ANN, GUILD, rnd=random.Random(6))
    results = await asyncio.gather(
        service.answer_puzzle(ANN, shown.attempt_id, _wrong(shown)),
        service.answer_puzzle(ANN, shown.attempt_id, _wrong(shown)),
        return_exceptions=True,
    )
    rated = [r for r in results if not isinstance(r, BaseException) and r.rated]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(rated) == 1 and all(r.message_id == "puzzle.error.answered" for r in refused)
    assert (await service.puzzle_rating(ANN)).attempts == 1


async def test_new_puzzles_are_near_the_users_rating_and_not_repeated(service: GameService):
    rnd = random.Random(5)
    seen = []
    for _ in range(10):
        shown = await service.new_puzzle(ANN, GUILD, rnd=rnd)
        seen.append(shown.puzzle_id)
        await service.show_puzzle_solution(ANN, shown.attempt_id)
    assert len(set(seen)) == len(seen)
    # A strong solver is offered harder puzzles than a new one.
    strong = [await service.new_puzzle(BOB, GUILD, rnd=random.Random(k)) for k in range(3)]
    for s in strong:
        await service.answer_puzzle(BOB, s.attempt_id, _solution(s))
    rating = (await service.puzzle_rating(BOB)).rating
    assert rating > 1500
    hard = await service.new_puzzle(BOB, GUILD, rnd=random.Random(9))
    new = await service.new_puzzle(999, GUILD, rnd=random.Random(9))
    assert abs(hard.puzzle_rating - rating) <= abs(new.puzzle_rating - rating) + 1e-9


async def test_the_daily_timer_owes_one_post_per_server_and_day_and_schedules_the_next(service: GameService):
    now = datetime(2025, 3, 1, 10, 30, tzinfo=UTC)
    due = await service.set_daily_puzzle(GUILD, CHANNEL, 12, ANN, now=now)
    assert due == datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    timers = [t for t in await service.storage.list_timers() if t.kind == DAILY_PUZZLE]
    assert len(timers) == 1 and timers[0].step == day_of(due)
    # The same timer handled twice (two processes, or a crash before it was marked): one post is owed.
    fire = due + timedelta(minutes=1)
    assert await service.handle_daily_timers(timers, fire) == 1
    assert await service.handle_daily_timers(timers, fire) == 0
    owed = await service.owed_daily_posts()
    assert [(p.guild_id, p.day, p.channel_id) for p in owed] == [(GUILD, day_of(due), CHANNEL)]
    assert owed[0].puzzle_id == service.daily_puzzle_of(day_of(due)).id
    nxt = [t for t in await service.storage.list_timers() if t.kind == DAILY_PUZZLE]
    assert [t.due_at for t in nxt] == [due + timedelta(days=1)]
    await service.daily_post_done(owed[0])
    assert await service.owed_daily_posts() == []
    # Opted out: the pending timer fires and owes nothing.
    assert await service.stop_daily_puzzle(GUILD)
    assert await service.handle_daily_timers(nxt, due + timedelta(days=1)) == 0
    assert not await service.stop_daily_puzzle(GUILD)
    with pytest.raises(ServiceError):
        await service.set_daily_puzzle(GUILD, CHANNEL, 24, ANN, now=now)


def test_next_daily_time():
    at = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    assert next_daily_time(at, 12) == (day_of(at) + 1, at + timedelta(days=1))
    assert next_daily_time(at - timedelta(seconds=1), 12) == (day_of(at), at)
