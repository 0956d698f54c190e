"""Restart: a game played partly, the service and database closed, reopened in a new service, finished —
ends exactly like the same game played without interruption."""

from __future__ import annotations

import random

import pytest

from warchest_bot.service import GameService
from warchest_bot.storage import Storage

from .helpers import ANN, BOB, CAT, DAN, FakeClock, play_random, reference

SEED = 977


async def _finish_uninterrupted(path, people, units: str, max_rounds: int, choices: int):
    async with GameService.open(path, clock=FakeClock()) as service:
        game = await service.create_game(
            people, seed=SEED, options={"units": units, "max_rounds": max_rounds}
        )
        ref = reference(game, SEED)
        played = await play_random(service, game, ref, random.Random(choices))
        return played, ref, await service.get_game(game.id), await service.state_at(game.id)


@pytest.mark.parametrize(
    ("players", "units", "snapshot_every"),
    [(2, "first-game", 10), (2, "draft", 1000), (4, "random", 7)],
)
async def test_restart_continues_identically(tmp_path, players, units, snapshot_every):
    people = [ANN, BOB, CAT, DAN][:players]
    max_rounds = 12
    played, final_ref, final_info, final_view = await _finish_uninterrupted(
        tmp_path / "straight.sqlite3", people, units, max_rounds, choices=3
    )

    path = tmp_path / "restarted.sqlite3"
    rng = random.Random(3)
    async with GameService.open(path, snapshot_every=snapshot_every) as service:
        game = await service.create_game(
            people, seed=SEED, options={"units": units, "max_rounds": max_rounds}
        )
        ref = reference(game, SEED)
        first = await play_random(service, game, ref, rng, plies=len(played) // 3)
    # a second interruption, this time closing the storage ourselves
    storage = await Storage.open(path)
    service = GameService(storage, snapshot_every=snapshot_every)
    assert not service.is_cached(game.id)
    assert await service.view(game.id) == ref.view_for(None)
    second = await play_random(service, game, ref, rng, plies=len(played) // 3, check_legal=True)
    await service.close()
    assert storage.is_open
    await storage.close()

    async with GameService.open(path, snapshot_every=snapshot_every) as service:
        for seat, person in enumerate(people):
            assert await service.view(game.id, person.user_id) == ref.view_for(seat)
        third = await play_random(service, game, ref, rng, check_legal=True)
        info = await service.get_game(game.id)
        view = await service.state_at(game.id)
        log = [e.text for e in await service.action_log(game.id)]

    assert first + second + third == played
    assert ref == final_ref
    assert view == final_view
    assert info.status == final_info.status == "finished"
    assert (info.over.reason, info.over.winner_team) == (final_info.over.reason, final_info.over.winner_team)
    assert [s.outcome for s in info.seats] == [s.outcome for s in final_info.seats]
    assert info.ply == final_info.ply == len(played)
    assert len(log) == len(played)


async def test_bad_snapshot_falls_back_to_replay(tmp_path):
    """Snapshots are a cache: an unusable one is ignored and the log replayed from the seed."""
    path = tmp_path / "snap.sqlite3"
    rng = random.Random(5)
    async with GameService.open(path, snapshot_every=5) as service:
        game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
        ref = reference(game, SEED)
        await play_random(service, game, ref, rng, plies=12)
    async with Storage.open(path) as storage:
        snap = await storage.snapshot_at_or_before(game.id)
        assert snap is not None and snap.ply == 10
        await storage.put_snapshot(game.id, 10, '{"not": "a position"}')
    async with GameService.open(path) as service:
        assert await service.view(game.id, ANN.user_id) == ref.view_for(0)
        await play_random(service, game, ref, rng, plies=5, check_legal=True)
        assert await service.state_at(game.id, 11) is not None


async def test_cold_cache_rebuild_matches(tmp_path):
    """A tiny cache evicts games constantly; every rebuilt state is the committed one."""
    path = tmp_path / "lru.sqlite3"
    async with GameService.open(path, cache_size=1, snapshot_every=4) as service:
        games, refs = [], []
        for n in range(3):
            game = await service.create_game([ANN, BOB], seed=SEED + n, options={"units": "random"})
            games.append(game)
            refs.append(reference(game, SEED + n))
        rng = random.Random(6)
        for _ in range(30):
            k = rng.randrange(3)
            await play_random(service, games[k], refs[k], rng, plies=1, check_legal=True)
        for game, ref in zip(games, refs, strict=True):
            assert await service.view(game.id, BOB.user_id) == ref.view_for(1)
