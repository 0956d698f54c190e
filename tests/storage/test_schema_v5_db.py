"""A database made by the bot before ratings were kept per game kind (schema v5, `fixtures/schema_v5.sqlite3`,
made by `fixtures/make_schema_v5_db.py`) opens with today's code: it migrates, its War Chest games keep
their stored options and continue, and its ratings stay War Chest's."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from warchest_bot.games.warchest import WAR_CHEST
from warchest_bot.games.warchest.engine import GameState, Options, format_action, parse_action
from warchest_bot.service import Correspondence, GameService, Player
from warchest_bot.storage.migrations import MIGRATIONS

FIXTURE = Path(__file__).parent / "fixtures" / "schema_v5.sqlite3"
ANN, BOB, CAT, DAN = Player(101, "Ann"), Player(102, "Bob"), Player(103, "Cat"), Player(104, "Dan")
GUILD = 9001
RUNNING_SEED = 7
OLD_OPTIONS = {"max_rounds": 200, "players": 2, "royal_guard": "revised", "units": "first-game"}


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2025, 4, 1, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def old_db(tmp_path) -> Path:
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, path)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 5
    con.close()
    return path


async def test_a_schema_v5_database_migrates_and_its_games_continue(old_db):
    clock = Clock()
    async with GameService.open(old_db, clock=clock) as service:
        corr = Correspondence(service, clock=clock)
        assert service.storage.schema_version == len(MIGRATIONS)

        # The ratings it had are War Chest's, on both ladders; no other game has any.
        ann, bob = await corr.rating(ANN.user_id), await corr.rating(BOB.user_id)
        assert (ann.games, bob.games) == (1, 1) and ann.rating == pytest.approx(1662.3108939063)
        assert (await corr.rating(ANN.user_id, GUILD)).rating == pytest.approx(ann.rating)
        assert [r.user_id for r in await corr.leaderboard(GUILD)] == [ANN.user_id, BOB.user_id]
        assert (await corr.rating(ANN.user_id, kind="pointbuy")).games == 0
        assert await corr.leaderboard(GUILD, kind="pointbuy") == []
        stats = await corr.stats(ANN.user_id, GUILD)
        assert (stats.record.overall.games, stats.record.overall.wins) == (1, 1)

        # The running game: stored options unchanged, position as the engine replays its log.
        running = await service.get_game(1)
        assert (running.kind, running.status, running.ply, running.players) == ("warchest", "active", 6, 2)
        new_options = {
            k: v for k, v in WAR_CHEST.default_options().items() if k != "expansions"
        }  # added later
        assert dict(running.options) == OLD_OPTIONS == new_options | {"units": "first-game"}
        ref = GameState.new(Options(**OLD_OPTIONS, seed=RUNNING_SEED))
        for text in (await service.storage.load_game(1)).notations:
            ref.apply(parse_action(ref, text))
        users = {s.seat: s.user_id for s in running.seats}
        assert await service.view(1, users[ref.current_player]) == ref.view_for(ref.current_player)
        for _ in range(4):  # it continues
            info = await service.get_game(1)
            action = ref.legal_actions()[0]
            played = await service.play(
                1, users[ref.current_player], format_action(ref, action), expected_ply=info.ply
            )
            ref.apply(action)
            assert played.ply == ref.ply
        await service.resign(1, ANN.user_id)
        assert (await corr.rating(BOB.user_id)).games == 2  # and its result counts for War Chest

        # The finished game reads as it was; the open 4-player challenge fills and starts.
        finished = await service.get_game(2)
        assert finished.over is not None and finished.over.reason == "resign"
        assert [s.name for s in finished.over.winners] == ["Ann"]
        challenge = await service.get_game(3)
        assert challenge.players == 4 and challenge.free_seats == (1, 2, 3)
        for player in (ANN, BOB, DAN):
            challenge = await service.join(3, player)
        assert challenge.status == "active" and [s.team for s in challenge.seats] == [0, 1, 0, 1]
