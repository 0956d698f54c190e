"""The service's side of the outbox: each accepted action writes the announcements it owes in its own commit
(never the seed, never a hand), a refused or failed action writes none, the publisher is told after the
commit, and a rematch is one commit that a second request cannot duplicate."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import pytest

from warchest_bot.service import Correspondence, GameService, ServiceError

from .conftest import ANN, BOB, GUILD, play_one, reference


class Recorder:
    """A publisher that records what it is told."""

    def __init__(self) -> None:
        self.told: list[int] = []

    def announce(self, game_id: int) -> None:
        self.told.append(game_id)


async def _rows(service: GameService, game_id: int) -> list[tuple[str, int]]:
    return [(r.kind, r.ply) for r in await service.storage.outbox_rows(game_id)]


async def test_each_action_owes_its_announcements_in_its_own_commit(corr):
    service = corr.service
    service.publisher = told = Recorder()
    info = await service.create_game([ANN, BOB], seed=11, guild_id=GUILD, options={"units": "first-game"})
    assert await _rows(service, info.id) == [("start", 0), ("hands", 0), ("hands", 0)]
    hands = (await service.storage.outbox_rows(info.id))[1:]
    assert [r.payload for r in hands] == [{"seats": [0], "retry": True}, {"seats": [1], "retry": True}]
    ref = reference(info, 11)
    played = await play_one(service, info, ref, draws=False)
    rows = await service.storage.outbox_rows(info.id)
    move = rows[3]
    assert (move.kind, move.ply) == ("move", 1)
    assert move.payload["seat"] == played.seat and move.payload["action"] == played.action
    assert move.payload["next"] == ref.current_player
    # The mover's own hand changed, but a DM would only echo their move: no hand DM is owed to them.
    assert not any(r.kind == "hands" and played.seat in r.payload["seats"] for r in rows[4:])
    await service.resign(info.id, ANN.user_id)
    assert (await _rows(service, info.id))[-1] == ("end", 1)
    assert told.told == [info.id] * 3  # after each commit
    public = {"seat", "action", "last", "next", "followup", "drew", "over", "seats", "retry", "steps"}
    public |= {"decide", "quiet"}
    for row in await service.storage.outbox_rows(info.id):  # public facts only: no seed, no hand
        assert set(row.payload) <= public and "seed" not in json.dumps(row.payload)


async def test_a_refused_action_owes_nothing(corr):
    service = corr.service
    info = await service.create_game([ANN, BOB], seed=3, guild_id=GUILD, options={"units": "first-game"})
    before = await _rows(service, info.id)
    waiting = next(s.user_id for s in info.seats if s.seat != info.to_act.seat)
    with pytest.raises(ServiceError):
        await service.play(info.id, waiting, "anything", expected_ply=0)
    with pytest.raises(ServiceError):
        await service.play(info.id, info.to_act.user_id, "Sw deploy z9", expected_ply=0)
    assert await _rows(service, info.id) == before


async def test_an_undo_owes_a_board_and_the_hands(corr):
    service = corr.service
    info = await service.create_game([ANN, BOB], seed=5, guild_id=GUILD, options={"units": "first-game"})
    ref = reference(info, 5)
    played = await play_one(service, info, ref, draws=False)
    mover = next(s.user_id for s in info.seats if s.seat == played.seat)
    opponent = next(s.user_id for s in info.seats if s.seat != played.seat)
    await corr.request_undo(info.id, mover)
    await corr.answer_undo(info.id, opponent, True)
    rows = await service.storage.outbox_rows(info.id)
    undo = next(n for n, r in enumerate(rows) if r.kind == "undo")
    assert rows[undo].ply == 0 and {r.kind for r in rows[undo + 1 :]} == {"hands"}
    owed = [r.payload["seats"] for r in rows[undo + 1 :]]
    assert [played.seat] in owed and all(len(seats) == 1 for seats in owed)  # the mover decides again


async def test_rematch_asked_twice_at_once_by_two_processes_makes_one_game(db_path):
    async with GameService.open(db_path) as one, GameService.open(db_path) as two:
        first, second = Correspondence(one), Correspondence(two)
        info = await one.create_game([ANN, BOB], seed=2, guild_id=GUILD, options={"units": "first-game"})
        await one.resign(info.id, ANN.user_id)
        results = await asyncio.gather(
            first.rematch(info.id, ANN.user_id), second.rematch(info.id, BOB.user_id), return_exceptions=True
        )
        made = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(made) == 1 and len(refused) == 1, results
        assert isinstance(refused[0], ServiceError) and refused[0].code == "rematch_exists"
        assert refused[0].params["rematch_id"] == made[0].id  # the second press points to the rematch
        active = await one.games_for_user(ANN.user_id, status="active")
        assert [g.id for g in active.games] == [made[0].id]  # no orphan game with a running clock
        again = await asyncio.gather(first.rematch(info.id, BOB.user_id), return_exceptions=True)
        assert isinstance(again[0], ServiceError) and again[0].code == "rematch_exists"


async def test_delivered_rows_are_pruned_owed_rows_never(corr, fake_time):
    service = corr.service
    info = await service.create_game([ANN, BOB], seed=4, guild_id=GUILD, options={"units": "first-game"})
    start, first_hand, second_hand = await service.storage.outbox_rows(info.id)
    await service.storage.outbox_done(start.id, at=fake_time() - timedelta(days=8))
    await service.storage.outbox_done(first_hand.id, at=fake_time())
    assert await service.storage.prune_outbox(fake_time() - timedelta(days=7)) == 1
    left = await service.storage.outbox_rows(info.id)
    assert [r.id for r in left] == [first_hand.id, second_hand.id]
    assert [r.id for r in await service.storage.pending_outbox(info.id)] == [second_hand.id]
