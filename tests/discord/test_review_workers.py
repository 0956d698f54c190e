"""Reviews have worker processes of their own, at a lower priority: a review being appraised never holds up
a live AI move (with the default single AI worker, they used to share it)."""

from __future__ import annotations

import asyncio
import os

import pytest

from warchest_bot.ai.review import decisions
from warchest_bot.discord.ai import REVIEW_NICENESS, AiRunner
from warchest_bot.games import get_game
from warchest_bot.games.warchest.engine import GameState, Options


def _niceness() -> int:
    return os.nice(0)


def _decision():
    """A decision of a War Chest game with a choice (the seat's own view and what was played)."""
    game = get_game("warchest")
    options = {"units": "first-game"}
    state = game.new_state(options, 3)
    log = []
    for _ in range(6):
        action = state.legal_actions()[0]
        log.append(game.format_action(state, action))
        state.apply(action)
    return decisions(game, options, 3, log)[-1]


@pytest.mark.slow
async def test_an_ai_move_is_made_while_a_review_is_appraised():
    g = GameState.new(Options(players=2, units="first-game", seed=9))
    view = g.view_for(g.current_player)
    runner = AiRunner(None, processes=1)  # type: ignore[arg-type]
    try:
        await runner._think("greedy", None, 1, view)  # both pools started and warm
        await runner.appraise("warchest", _decision(), 5, 1)
        # Long appraisals (a second or so each on an idle core) occupies the review worker(s)...
        long = [asyncio.create_task(runner.appraise("warchest", _decision(), 600, n)) for n in range(2)]
        await asyncio.sleep(0.2)
        # ... and the AI still answers at once, from its own worker.
        action = await asyncio.wait_for(runner._think("greedy", None, 2, view), 60)
        assert action in g.legal_actions()
        assert not all(task.done() for task in long)
        assert all(found is not None for found in await asyncio.gather(*long))
    finally:
        await runner.stop()


async def test_review_workers_run_at_a_lower_priority():
    runner = AiRunner(None, processes=1)  # type: ignore[arg-type]
    try:
        assert runner.review_parallel == min(2, os.cpu_count() or 1)
        here = os.nice(0)
        assert await runner._reviews.run(_niceness) == min(19, here + REVIEW_NICENESS)
        assert await runner._pool.run(_niceness) == here
    finally:
        await runner.stop()
