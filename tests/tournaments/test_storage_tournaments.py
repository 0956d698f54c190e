"""Tournaments in storage, on SQLite and PostgreSQL: an event's state by compare-and-swap, one game per
board, the look-ups the service needs."""

from __future__ import annotations

import random

import pytest

from warchest_bot.storage import TournamentConflict, open_storage
from warchest_bot.storage.records import NewSeat
from warchest_bot.tournaments.records import from_data, to_data

from .events import new_event


async def _game(storage, n: int) -> int:  # type: ignore[no-untyped-def]
    game = await storage.create_game(
        kind="warchest",
        options={"players": 2},
        seed=n,
        guild_id=7,
        seats=[NewSeat("a", user_id=100 + n, seat=0), NewSeat("b", user_id=200 + n, seat=1)],
    )
    return int(game.id)


async def test_events_are_stored_changed_by_version_and_listed(db_target) -> None:  # type: ignore[no-untyped-def]
    t = new_event(random.Random(1), 6, 3)
    async with open_storage(db_target) as storage:
        made = await storage.create_tournament(
            guild_id=7,
            channel_id=9,
            name="Winter Swiss",
            kind="warchest",
            options={"players": 2},
            organiser=42,
            state=to_data(t),
        )
        assert (made.status, made.version) == ("entry", 1)
        rnd = t.pair_next_round()
        saved = await storage.save_tournament(made.id, expected_version=1, state=to_data(t), status="running")
        assert (saved.status, saved.version) == ("running", 2)
        with pytest.raises(TournamentConflict):
            await storage.save_tournament(made.id, expected_version=1, state=to_data(t))
        again = await storage.get_tournament(made.id)
        assert again is not None and again.version == 2 and again.options == {"players": 2}
        back = from_data(again.state)
        assert [(g.first, g.second) for g in back.rounds[0].games] == [(g.first, g.second) for g in rnd.games]
        assert [r.id for r in await storage.tournaments_of_guild(7)] == [made.id]
        assert await storage.tournaments_of_guild(7, ["finished"]) == []
        assert [r.id for r in await storage.tournaments_with_status(["running", "paused"])] == [made.id]
        assert await storage.get_tournament(made.id + 1) is None
        with pytest.raises(ValueError):
            await storage.tournaments_with_status(["nonsense"])


async def test_a_board_opens_one_game(db_target) -> None:  # type: ignore[no-untyped-def]
    async with open_storage(db_target) as storage:
        made = await storage.create_tournament(
            guild_id=7, channel_id=None, name="x", kind="warchest", options={}, organiser=1, state={"v": 1}
        )
        first, second = await _game(storage, 1), await _game(storage, 2)
        assert await storage.link_tournament_game(made.id, 1, 1, first) is True
        assert await storage.link_tournament_game(made.id, 1, 1, second) is False
        assert await storage.link_tournament_game(made.id, 1, 2, second) is True
        links = await storage.tournament_games(made.id)
        assert [(g.round, g.board, g.game_id) for g in links] == [(1, 1, first), (1, 2, second)]
        assert await storage.tournament_games(made.id, 2) == []
        found = await storage.tournament_of_game(second)
        assert found is not None and (found.tournament_id, found.board) == (made.id, 2)
        assert await storage.tournament_of_game(first + second + 10) is None
