"""Helpers of the web pages' tests: players, a clock, random play through the service."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from warchest_bot.service import GameService, Player

ANN, BOB = Player(101, "Ann"), Player(102, "Bob")
GUILD = 7001
SEED = 2**61 + 12345


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


async def play_out(service: GameService, info, rng: random.Random, *, stop: int | None = None):
    """Random legal actions to the end (or ``stop`` plies)."""
    users = {s.seat: s.user_id for s in info.seats}
    while info.status == "active" and (stop is None or info.ply < stop):
        user = users[info.to_act.seat]
        legal = await service.legal_actions(info.id, user)
        await service.play(info.id, user, rng.choice(legal).text, expected_ply=info.ply)
        info = await service.get_game(info.id)
    return info
