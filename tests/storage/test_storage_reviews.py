"""The reviews table (schema v9): one review per game, replaced when made again, counted per user (on each
backend)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from warchest_bot.storage import open_storage


async def test_reviews_are_stored_replaced_and_counted(db_target) -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    async with open_storage(db_target, clock=lambda: at) as storage:
        game = await storage.create_game(kind="warchest", options={"players": 2}, seed=7)
        other = await storage.create_game(kind="warchest", options={"players": 2}, seed=8)
        assert await storage.get_review(game.id) is None
        await storage.save_review(game.id, {"moves": [1]}, version=1, budget=50, requested_by=5, at=at)
        await storage.save_review(other.id, {"moves": []}, version=1, budget=50, requested_by=5, at=at)
        stored = await storage.get_review(game.id)
        assert stored is not None and stored.data == {"moves": [1]} and stored.requested_by == 5
        assert stored.created_at == at and stored.version == 1 and stored.budget == 50
        later = at + timedelta(hours=2)
        await storage.save_review(game.id, {"moves": [2]}, version=2, budget=80, requested_by=6, at=later)
        again = await storage.get_review(game.id)
        assert again is not None and again.data == {"moves": [2]} and again.version == 2
        assert again.requested_by == 6 and again.created_at == later
        assert await storage.count_reviews_by(5, since=at) == 1
        assert await storage.count_reviews_by(5, since=at + timedelta(seconds=1)) == 0
        assert await storage.count_reviews_by(6, since=at) == 1
