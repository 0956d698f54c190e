"""`GameService.review_game`: who may ask, the cache, the per-user limits, and what the appraiser is given."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import pytest

from warchest_bot.ai.review import Decision, appraise
from warchest_bot.games.warchest.engine import format_action
from warchest_bot.service import GameService, Player, ServiceError
from warchest_bot.service.limits import Limits

from .helpers import FakeClock, reference

ANN, BOB, CY = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cy")
BUDGET = 4


async def finished_game(service: GameService, seed: int = 11) -> int:
    """A short War Chest game of Ann and Bob played at random to its end (a draw after 2 rounds at worst)."""
    info = await service.create_game([ANN, BOB], seed=seed, options={"units": "first-game", "max_rounds": 2})
    ref = reference(info, seed)
    rng = random.Random(seed)
    users = {s.seat: s.user_id for s in info.seats}
    while not ref.is_terminal():
        action = rng.choice(ref.legal_actions())
        text = format_action(ref, action)
        await service.play(info.id, users[ref.current_player], text, expected_ply=ref.ply)
        ref.apply(action)
    assert (await service.get_game(info.id)).status == "finished"
    return info.id


class Recorder:
    """An appraiser that runs the real appraisal in a thread and keeps what it was given."""

    def __init__(self) -> None:
        self.given: list[Decision] = []
        self.gate: asyncio.Event | None = None

    async def __call__(self, kind: str, decision: Decision, budget: int | None, seed: int):
        self.given.append(decision)
        if self.gate is not None:
            await self.gate.wait()
        return await asyncio.to_thread(appraise, kind, decision, budget, seed)


async def test_a_review_is_made_once_then_comes_from_the_cache(service: GameService):
    game_id = await finished_game(service)
    recorder = Recorder()
    shown: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        shown.append((done, total))

    first = await service.review_game(
        game_id, ANN.user_id, appraise=recorder, progress=progress, budget=BUDGET, parallel=2
    )
    assert not first.cached and first.info.id == game_id
    total = len(recorder.given)
    assert total > 0 and shown[0] == (0, total) and shown[-1] == (total, total)
    assert [d for d, _ in shown] == list(range(total + 1))
    assert [m.ply for m in first.review.moves] == sorted(d.ply for d in recorder.given)
    for d in recorder.given:  # the seat's own view only: never the seed, others' coins as counts
        assert d.view["viewer"] == d.seat and "rng" not in d.view and "seed" not in d.view["options"]
        assert isinstance(d.view["seats"][1 - d.seat]["hand"], int)

    again = await service.review_game(
        game_id, BOB.user_id, appraise=recorder, progress=progress, budget=BUDGET
    )
    assert again.cached and again.review == first.review
    assert len(recorder.given) == total and len(shown) == total + 1  # nothing appraised again
    stored = await service.storage.get_review(game_id)
    assert stored is not None and stored.requested_by == ANN.user_id and stored.budget == BUDGET


async def test_only_players_of_a_finished_game_may_ask(service: GameService):
    running = await service.create_game([ANN, BOB], options={"units": "first-game"})
    with pytest.raises(ServiceError) as err:
        await service.review_game(running.id, ANN.user_id, budget=BUDGET)
    assert err.value.code == "not_finished" and "not over yet" in err.value.message()
    game_id = await finished_game(service)
    with pytest.raises(ServiceError) as err:
        await service.review_game(game_id, CY.user_id, budget=BUDGET)
    assert err.value.code == "not_seated" and "Only the players" in err.value.message()
    with pytest.raises(ServiceError) as err:
        await service.review_game(10**9, ANN.user_id, budget=BUDGET)
    assert err.value.code == "unknown_game"
    assert await service.storage.get_review(game_id) is None  # a refusal changes nothing


async def test_one_review_at_a_time_per_user_and_a_few_per_hour(db_path):
    clock = FakeClock()
    limits = Limits(reviews_per_hour=2, reviews_at_once=5)
    async with GameService.open(db_path, clock=clock, limits=limits) as service:
        games = [await finished_game(service, seed) for seed in (1, 2, 3, 4)]
        recorder = Recorder()
        recorder.gate = asyncio.Event()
        slow = asyncio.create_task(
            service.review_game(games[0], ANN.user_id, appraise=recorder, budget=BUDGET)
        )
        while not recorder.given:
            await asyncio.sleep(0.01)
        with pytest.raises(ServiceError) as err:  # Ann's first review is still being made
            await service.review_game(games[1], ANN.user_id, appraise=recorder, budget=BUDGET)
        assert err.value.code == "limit_reached" and "still being made" in err.value.message()
        with pytest.raises(ServiceError) as err:  # and Bob may not start the same game's review twice
            await service.review_game(games[0], BOB.user_id, appraise=recorder, budget=BUDGET)
        assert "being reviewed right now" in err.value.message()
        recorder.gate.set()
        await slow
        await service.review_game(games[1], ANN.user_id, budget=BUDGET)
        with pytest.raises(ServiceError) as err:  # two new reviews this hour
            await service.review_game(games[2], ANN.user_id, budget=BUDGET)
        assert err.value.code == "limit_reached" and "2 new reviews per hour" in err.value.message()
        assert (await service.review_game(games[0], ANN.user_id, budget=BUDGET)).cached  # stored: free
        await service.review_game(games[2], BOB.user_id, budget=BUDGET)  # Bob has his own allowance
        clock.now += timedelta(hours=1, seconds=1)
        assert not (await service.review_game(games[3], ANN.user_id, budget=BUDGET)).cached
