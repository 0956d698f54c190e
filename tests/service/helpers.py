"""Shared helpers for the service tests: a deterministic clock, database dumps, and random play mirrored on
an engine reference game (so a test always knows what the service should have done)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from dbdump import dump  # noqa: F401  (the service tests import it from here)

from warchest_bot.games.warchest.engine import GameState, Options, format_action
from warchest_bot.games.warchest.engine.notation import parse_action
from warchest_bot.service import GameInfo, GameService, Player

START = datetime(2025, 3, 1, 12, 0, 0, tzinfo=UTC)
ANN, BOB, CAT, DAN = Player(101, "Ann"), Player(102, "Bob"), Player(103, "Cat"), Player(104, "Dan")
GUILD = 7001


class FakeClock:
    """Advances one second per reading, so stored times are distinct and predictable."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def reference(info: GameInfo, seed: int) -> GameState:
    """The engine game the service should be running for ``info`` (created with ``seed``)."""
    return GameState.new(Options(**info.options, seed=seed))


def users_by_seat(info: GameInfo) -> dict[int, int]:
    return {s.seat: s.user_id for s in info.seats}


async def play_random(
    service: GameService,
    info: GameInfo,
    ref: GameState,
    rng: random.Random,
    *,
    plies: int | None = None,
    until=None,
    check_legal: bool = False,
) -> list[str]:
    """Play random legal actions through the service (mirrored on ``ref``) for ``plies`` plies, until the
    game ends, or until ``until(ref, action)`` is true after an action. Returns the texts played."""
    users = users_by_seat(info)
    played: list[str] = []
    while not ref.is_terminal() and (plies is None or len(played) < plies):
        seat = ref.current_player
        if check_legal:
            legal = await service.legal_actions(info.id, users[seat])
            assert [entry.text for entry in legal] == [format_action(ref, a) for a in ref.legal_actions()]
        action = rng.choice(ref.legal_actions())
        text = format_action(ref, action)
        result = await service.play(info.id, users[seat], text, expected_ply=ref.ply)
        ref.apply(action)
        assert result.ply == ref.ply
        assert result.seat == seat
        played.append(text)
        if until is not None and until(ref, action):
            break
    return played


def repeatable_action(*, new_round: bool) -> tuple[int, list[str], str, int]:
    """A first-game position (seed, the texts leading to it) where the seat to act can play `text` and
    then, being to act again (in a new round if `new_round`, else in the same one), play `text` again."""
    for seed in range(1, 400):
        ref = GameState.new(Options(units="first-game", seed=seed))
        rng = random.Random(seed)
        played: list[str] = []
        while not ref.is_terminal():
            seat = ref.current_player
            for action in ref.legal_actions():
                text = format_action(ref, action)
                after = ref.clone()
                after.apply(action)
                if after.is_terminal() or after.current_player != seat:
                    continue
                if (after.round != ref.round) != new_round:
                    continue
                try:
                    parse_action(after, text)
                except Exception:
                    continue
                return seed, played, text, ref.round
            action = rng.choice(ref.legal_actions())
            played.append(format_action(ref, action))
            ref.apply(action)
    raise AssertionError("no such position found")
