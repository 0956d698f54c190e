"""Concurrency: racing requests on one game apply one at a time; different games do not wait for each other."""

from __future__ import annotations

import asyncio
import contextlib
import random

from warchest_bot.games.warchest.engine import format_action
from warchest_bot.service import GameService, ServiceError
from warchest_bot.storage import open_storage

from .helpers import ANN, BOB, CAT, DAN, reference, users_by_seat

SEED = 31


async def _attempt(service: GameService, game_id: int, user_id: int, text: str, ply: int):
    try:
        return await service.play(game_id, user_id, text, expected_ply=ply)
    except ServiceError as exc:
        return exc


async def test_racing_plays_apply_exactly_one_per_ply(service: GameService):
    game = await service.create_game([ANN, BOB, CAT, DAN], seed=SEED, options={"units": "random"})
    ref = reference(game, SEED)
    users = users_by_seat(game)
    rng = random.Random(2)
    for _ in range(25):
        legal = [format_action(ref, a) for a in ref.legal_actions()]
        texts = [rng.choice(legal) for _ in range(20)]  # same and different legal actions
        outcomes = await asyncio.gather(
            *(_attempt(service, game.id, users[ref.current_player], t, ref.ply) for t in texts)
        )
        applied = [o for o in outcomes if not isinstance(o, ServiceError)]
        refused = [o for o in outcomes if isinstance(o, ServiceError)]
        assert len(applied) == 1
        assert {e.code for e in refused} == {"stale"}
        assert all(e.params["ply"] == ref.ply + 1 for e in refused)
        ref.apply(ref.parse_action(applied[0].private_action))
        assert applied[0].ply == ref.ply
    log = await service.action_log(game.id, users[0])
    assert [e.ply for e in log] == list(range(ref.ply))  # none twice, none lost
    assert await service.view(game.id, users[1]) == ref.view_for(1)
    assert service.lock_count() == 0  # idle locks are dropped


async def test_mixed_racing_requests(service: GameService):
    """Stale, wrong-seat and good requests at once: exactly the good one at the current ply applies."""
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    ref = reference(game, SEED)
    users = users_by_seat(game)
    rng = random.Random(4)
    for _ in range(10):
        seat = ref.current_player
        text = format_action(ref, rng.choice(ref.legal_actions()))
        requests = [
            (users[seat], text, ref.ply),
            (users[seat], text, ref.ply - 1),
            (users[1 - seat], text, ref.ply),
            (users[seat], "nonsense", ref.ply),
        ]
        rng.shuffle(requests)
        outcomes = await asyncio.gather(*(_attempt(service, game.id, u, t, p) for u, t, p in requests))
        codes = sorted(o.code if isinstance(o, ServiceError) else "ok" for o in outcomes)
        assert codes.count("ok") == 1
        assert set(codes) <= {"ok", "stale", "not_your_turn", "unparseable"}
        ref.apply(ref.parse_action(text))
    assert (await service.get_game(game.id)).ply == ref.ply


async def test_two_services_on_one_file_use_the_ply_guard(db_path):
    """Two services (as two processes would) share the file: the storage's ply guard refuses the slower
    one, which then reloads and continues."""
    async with GameService.open(db_path) as first:
        storage = await open_storage(db_path)
        second = GameService(storage)
        try:
            game = await first.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
            ref = reference(game, SEED)
            users = users_by_seat(game)
            rng = random.Random(5)
            for _ in range(12):
                await second.view(game.id)  # both caches hold the game at this ply
                await first.view(game.id)
                text = format_action(ref, rng.choice(ref.legal_actions()))
                user = users[ref.current_player]
                outcomes = await asyncio.gather(
                    _attempt(first, game.id, user, text, ref.ply),
                    _attempt(second, game.id, user, text, ref.ply),
                )
                ok = [o for o in outcomes if not isinstance(o, ServiceError)]
                assert len(ok) == 1 and [o.code for o in outcomes if isinstance(o, ServiceError)] == ["stale"]
                ref.apply(ref.parse_action(text))
            # the second service's cache is now behind the file: a request made against the newer ply is
            # not refused as stale, the cache is reloaded first
            await second.view(game.id)
            for service in (first, first, second, second, first):
                action = rng.choice(ref.legal_actions())
                user = users[ref.current_player]
                result = await service.play(game.id, user, format_action(ref, action), expected_ply=ref.ply)
                ref.apply(action)
                assert result.ply == ref.ply
            assert await second.view(game.id) == await first.view(game.id) == ref.view_for(None)
            assert len(await second.action_log(game.id)) == ref.ply
        finally:
            await second.close()
            await storage.close()


async def test_a_held_game_does_not_block_another(service: GameService):
    a = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    b = await service.create_game([CAT, DAN], seed=SEED + 1, options={"units": "first-game"})
    ref_a, ref_b = reference(a, SEED), reference(b, SEED + 1)
    users_a, users_b = users_by_seat(a), users_by_seat(b)
    move_a = format_action(ref_a, ref_a.legal_actions()[0])
    # A call held up by game A's lock would wait for ever: the bounds (generous, for a loaded machine) only
    # end a failing test.
    async with service.locked(a.id):
        blocked = asyncio.create_task(
            service.play(a.id, users_a[ref_a.current_player], move_a, expected_ply=0)
        )
        for _ in range(3):
            move_b = ref_b.legal_actions()[0]
            result = await asyncio.wait_for(
                service.play(
                    b.id, users_b[ref_b.current_player], format_action(ref_b, move_b), expected_ply=ref_b.ply
                ),
                timeout=30,
            )
            ref_b.apply(move_b)
            assert result.ply == ref_b.ply
        assert (await asyncio.wait_for(service.view(b.id), timeout=30)) == ref_b.view_for(None)
        await asyncio.sleep(0.05)
        assert not blocked.done()  # game A waits for its lock
    result = await asyncio.wait_for(blocked, timeout=30)
    assert result.ply == 1


async def test_cancelled_request_leaves_a_consistent_game(service: GameService):
    """A request cancelled while committing either landed or not; the service reloads the truth."""
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    ref = reference(game, SEED)
    users = users_by_seat(game)
    action = ref.legal_actions()[0]
    task = asyncio.create_task(
        service.play(game.id, users[ref.current_player], format_action(ref, action), expected_ply=0)
    )
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, ServiceError):
        await task
    stored = (await service.get_game(game.id)).ply
    if stored == 1:
        ref.apply(action)
    assert await service.view(game.id, users[0]) == ref.view_for(0)
