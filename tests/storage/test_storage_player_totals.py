"""A player's record comes from per-player totals (issue 30, item 14), kept by the commit that finishes a
game and filled by the migration from the games finished before: the same figures as counting the games."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from test_storage_queries import GUILDS, USERS, Clock, _populate

from warchest_bot.storage import GameEnd, LoadedGame, PlayerStats, is_postgres, open_storage
from warchest_bot.storage.migrations import _V13, MIGRATIONS

BEFORE_TOTALS = MIGRATIONS.index(_V13)
"""The schema version before the totals (v13) were made."""

KINDS = (None, "warchest", "pointbuy")


async def _counted(
    storage: Any, user: int, guild: int | None, rated_only: bool, kind: str | None
) -> PlayerStats:
    """The record as it was computed before the totals: by counting the user's finished seats."""
    where = ["s.user_id = ?", "s.game_status = 'finished'"]
    params: list[Any] = [user]
    if guild is not None:
        where.append("g.guild_id = ?")
        params.append(guild)
    if rated_only:
        where.append("g.rated = 1")
    if kind is not None:
        where.append("g.kind = ?")
        params.append(kind)
    sql = (
        "SELECT count(*), count(*) FILTER (WHERE s.outcome = 'win'), count(*) FILTER (WHERE s.outcome = 'loss'),"
        " count(*) FILTER (WHERE s.outcome = 'draw') FROM seats s JOIN games g ON g.id = s.game_id"
        f" WHERE {' AND '.join(where)}"
    )
    async with storage._unit(write=False) as db:
        rows = await storage._fetch(db, sql, params)
    return PlayerStats(*(int(n) for n in rows[0]))


async def _assert_agree(storage: Any) -> int:
    """Every user's record, with every filter, from the totals equals the count; returns the games seen."""
    seen = 0
    for user in (*USERS, 12345):
        for guild in (None, *GUILDS):
            for rated_only in (False, True):
                for kind in KINDS:
                    counted = await _counted(storage, user, guild, rated_only, kind)
                    assert (
                        await storage.record_for_user(user, guild, rated_only=rated_only, kind=kind)
                        == counted
                    )
                    seen += counted.games
    return seen


async def test_the_totals_give_the_same_records_as_counting_the_games(db_target):
    async with open_storage(db_target, clock=Clock()) as storage:
        await _populate(storage, random.Random(11), 60)
        finished = await storage.list_games_for_guild(GUILDS[0], statuses="finished", limit=100)
        assert len(finished) >= 3
        # A finished game deleted; finished games imported, of another game and outside any server.
        assert await storage.delete_game(finished[0].id)
        copies = []
        for n, game in enumerate(finished[1:3]):
            loaded = await storage.load_game(game.id)
            copies.append(
                LoadedGame(
                    replace(loaded.game, id=90_000 + n, guild_id=None, kind="pointbuy"), loaded.actions, None
                )
            )
        assert await storage.import_games(copies) == 2
        # A forfeit among several teams: one team lost, the others drew.
        forfeit = next(g for g in await storage.list_games_for_guild(GUILDS[1], statuses="active", limit=100))
        await storage.finish_game(forfeit.id, GameEnd("forfeit", loser_team=0))
        assert await _assert_agree(storage) > 0
        before = {user: await storage.record_for_user(user) for user in USERS}
        # A database of a bot before the totals: the migration fills them from the finished games.
        # (v13 made the totals; what the migrations after it made goes too, to be made again)
        async with storage._unit(write=True) as db:
            await db.execute("DROP TABLE player_totals")
            await db.execute("DROP TABLE follows")  # v14
            for column in ("policy", "increment_seconds", "cap_seconds", "playing_hours", "banks"):
                await db.execute(f"ALTER TABLE game_clocks DROP COLUMN {column}")
            for table in ("seat_rules", "seat_tenures", "seat_offers"):  # v15
                await db.execute(f"DROP TABLE {table}")
            await db.execute("ALTER TABLE seats DROP COLUMN autopilot")
            await db.execute("DROP TABLE conditional_moves")  # v16
            for table in ("tournament_games", "tournaments"):  # v17
                await db.execute(f"DROP TABLE {table}")
            if is_postgres(db_target):
                await db.execute("UPDATE warchest_schema SET version = ?", (BEFORE_TOTALS,))
    if not is_postgres(db_target):
        import sqlite3

        with sqlite3.connect(db_target) as raw:
            raw.execute(f"PRAGMA user_version = {BEFORE_TOTALS}")
    async with open_storage(db_target) as storage:
        assert storage.schema_version == len(MIGRATIONS)
        assert {user: await storage.record_for_user(user) for user in USERS} == before
        assert await _assert_agree(storage) > 0
