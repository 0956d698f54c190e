"""Listings, paging and player records over several users and guilds, checked against a plain model."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest

from warchest_bot.storage import GameEnd, GameStatus, NewSeat, PlayerStats, Storage, open_storage

USERS = {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan", 5: "Eve"}
GUILDS = (100, 200)


@dataclass
class Model:
    id: int
    guild: int
    status: str
    rated: bool
    players: list[int]  # by seat
    teams: list[int]
    winner: int | None = None
    turn: int | None = None
    outcomes: dict[int, str] = field(default_factory=dict)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2025, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


async def _populate(storage: Storage, rng: random.Random, count: int) -> list[Model]:
    models = []
    for _ in range(count):
        guild = rng.choice(GUILDS)
        size = rng.choice((2, 2, 4))
        players = rng.sample(sorted(USERS), size)
        teams = [0, 1] if size == 2 else [0, 1, 0, 1]
        rated = rng.random() < 0.5
        game = await storage.create_game(
            kind="warchest",
            options={"players": size},
            seed=rng.randrange(2**63),
            guild_id=guild,
            channel_id=guild + 1,
            created_by=players[0],
            rated=rated,
            seats=[NewSeat(USERS[u], user_id=u, team=t) for u, t in zip(players, teams, strict=True)],
        )
        model = Model(game.id, guild, "open", rated, players, teams)
        fate = rng.choice(("open", "active", "finished", "finished", "finished", "draw", "aborted"))
        if fate != "open":
            model.turn = rng.randrange(size)
            await storage.set_status(game.id, "active", turn_seat=model.turn)
            model.status = "active"
            for ply in range(rng.randrange(4)):
                model.turn = (ply + 1) % size
                await storage.append_action(game.id, ply, ply % size, f"m{ply}", turn_seat=model.turn)
        if fate in ("finished", "draw"):
            model.winner = rng.choice((0, 1)) if fate == "finished" else None
            await storage.finish_game(
                game.id, GameEnd("victory" if model.winner is not None else "draw", model.winner)
            )
            model.status, model.turn = "finished", None
            for user, team in zip(players, teams, strict=True):
                model.outcomes[user] = (
                    "draw" if model.winner is None else ("win" if team == model.winner else "loss")
                )
        elif fate == "aborted":
            await storage.finish_game(game.id, GameEnd("abandoned", aborted=True))
            model.status, model.turn = "aborted", None
        models.append(model)
    return models


def _expected_record(models: list[Model], user: int, guild: int | None, rated_only: bool) -> PlayerStats:
    outcomes = [
        m.outcomes[user]
        for m in models
        if m.status == "finished"
        and user in m.players
        and (guild is None or m.guild == guild)
        and (m.rated or not rated_only)
    ]
    return PlayerStats(len(outcomes), outcomes.count("win"), outcomes.count("loss"), outcomes.count("draw"))


async def _all_pages(fetch, page_size: int) -> list[int]:
    ids: list[int] = []
    before = None
    while True:
        page = await fetch(limit=page_size, before=before)
        assert len(page) <= page_size
        ids.extend(g.id for g in page)
        if len(page) < page_size:
            return ids
        before = page[-1].id


@pytest.fixture
async def populated(db_target):
    async with open_storage(db_target, clock=Clock()) as storage:
        models = await _populate(storage, random.Random(5), 70)
        assert {m.status for m in models} == {"open", "active", "finished", "aborted"}
        assert any(m.winner is None for m in models if m.status == "finished")  # a draw
        assert any(len(m.players) == 4 for m in models if m.status == "finished")  # a team game
        yield storage, models


STATUS_FILTERS = (None, "finished", ("open", "active"), GameStatus.ABORTED)


async def test_user_listings_are_newest_first_and_page_exactly(populated):
    storage, models = populated
    for user in USERS:
        for statuses in STATUS_FILTERS:
            wanted = {statuses} if isinstance(statuses, str) else set(statuses or ())
            for guild in (None, *GUILDS):
                expected = [
                    m.id
                    for m in reversed(models)
                    if user in m.players
                    and (not wanted or m.status in wanted)
                    and (guild is None or m.guild == guild)
                ]

                async def fetch(limit, before, user=user, statuses=statuses, guild=guild):
                    return await storage.list_games_for_user(
                        user, statuses=statuses, guild_id=guild, limit=limit, before=before
                    )

                assert await _all_pages(fetch, 4) == expected
                assert [g.id for g in await fetch(limit=20, before=None)] == expected[:20]


async def test_my_turn_lists_games_waiting_for_the_user(populated):
    storage, models = populated
    for user in USERS:
        expected = [
            m.id
            for m in reversed(models)
            if m.status == "active" and m.turn is not None and m.players[m.turn] == user
        ]
        got = await storage.list_games_for_user(user, statuses="active", my_turn=True, limit=100)
        assert [g.id for g in got] == expected
        assert all(g.seats[g.turn_seat].user_id == user for g in got)


async def test_guild_listings(populated):
    storage, models = populated
    for guild in GUILDS:
        for statuses in STATUS_FILTERS:
            wanted = {statuses} if isinstance(statuses, str) else set(statuses or ())
            expected = [
                m.id for m in reversed(models) if m.guild == guild and (not wanted or m.status in wanted)
            ]

            async def fetch(limit, before, guild=guild, statuses=statuses):
                return await storage.list_games_for_guild(
                    guild, statuses=statuses, limit=limit, before=before
                )

            assert await _all_pages(fetch, 7) == expected
    assert await storage.list_games_for_guild(999) == []


async def test_listed_games_carry_their_seats(populated):
    storage, models = populated
    by_id = {m.id: m for m in models}
    for game in await storage.list_games_for_user(3, limit=100):
        model = by_id[game.id]
        assert [s.user_id for s in game.seats] == model.players
        assert [s.display_name for s in game.seats] == [USERS[u] for u in model.players]
        assert game.status.value == model.status and game.guild_id == model.guild
        assert [s.outcome and s.outcome.value for s in game.seats] == [
            model.outcomes.get(u) for u in model.players
        ]


async def test_records_per_guild_and_overall(populated):
    storage, models = populated
    total = 0
    for user in USERS:
        for guild in (None, *GUILDS):
            for rated_only in (False, True):
                expected = _expected_record(models, user, guild, rated_only)
                assert await storage.record_for_user(user, guild, rated_only=rated_only) == expected
                total += expected.games
        overall = await storage.record_for_user(user)
        split = [await storage.record_for_user(user, g) for g in GUILDS]
        assert overall.games == sum(r.games for r in split)
        assert overall.wins + overall.losses + overall.draws == overall.games
    assert total > 0
    assert await storage.record_for_user(12345) == PlayerStats()


async def test_stale_games_oldest_first(populated):
    storage, models = populated
    active = await storage.list_stale_games(updated_before=datetime(2100, 1, 1, tzinfo=UTC), limit=500)
    assert {g.id for g in active} == {m.id for m in models if m.status == "active"}
    assert [g.updated_at for g in active] == sorted(g.updated_at for g in active)
    cutoff = active[len(active) // 2].updated_at
    older = await storage.list_stale_games(updated_before=cutoff, limit=500)
    assert [g.id for g in older] == [g.id for g in active if g.updated_at < cutoff]


async def test_hand_written_scenario(db_target):
    """The same queries on a tiny, readable history: three users, two guilds."""
    async with open_storage(db_target, clock=Clock()) as s:

        async def play(guild, a, b, winner_team, rated=True):
            game = await s.create_game(
                kind="warchest",
                options={},
                seed=1,
                guild_id=guild,
                rated=rated,
                status="active",
                seats=[NewSeat(USERS[a], user_id=a), NewSeat(USERS[b], user_id=b)],
            )
            await s.append_action(game.id, 0, 0, "m0")
            await s.finish_game(
                game.id, GameEnd("victory" if winner_team is not None else "draw", winner_team)
            )
            return game.id

        g1 = await play(100, 1, 2, 0)  # Ann beats Bob in guild 100
        g2 = await play(100, 2, 3, None)  # Bob draws Cat in guild 100
        g3 = await play(200, 3, 1, 0)  # Cat beats Ann in guild 200
        g4 = await play(200, 1, 2, 0, rated=False)  # Ann beats Bob, unrated, guild 200
        live = await s.create_game(
            kind="warchest",
            options={},
            seed=1,
            guild_id=100,
            seats=[NewSeat("Ann", user_id=1), NewSeat("Cat", user_id=3)],
        )

        assert [g.id for g in await s.list_games_for_user(1)] == [live.id, g4, g3, g1]
        assert [g.id for g in await s.list_games_for_user(1, statuses="finished", guild_id=200)] == [g4, g3]
        assert [g.id for g in await s.list_games_for_user(1, limit=2, before=g4)] == [g3, g1]
        assert [g.id for g in await s.list_games_for_guild(100)] == [live.id, g2, g1]
        assert [g.id for g in await s.list_games_for_guild(100, statuses="open")] == [live.id]

        assert await s.record_for_user(1) == PlayerStats(games=3, wins=2, losses=1, draws=0)
        assert await s.record_for_user(1, 200) == PlayerStats(games=2, wins=1, losses=1, draws=0)
        assert await s.record_for_user(1, 200, rated_only=True) == PlayerStats(
            games=1, wins=0, losses=1, draws=0
        )
        assert await s.record_for_user(2) == PlayerStats(games=3, wins=0, losses=2, draws=1)
        assert await s.record_for_user(3, 100) == PlayerStats(games=1, wins=0, losses=0, draws=1)
