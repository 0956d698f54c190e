"""Several bot processes on one database (issue 16): each outbox row is delivered by the bot that holds its
claim, so two bots never post the same announcement. Here two bots, each with its own storage, service and
holder (as two processes would have), run over one SQLite file against the one fake Discord; the one that
connected last receives the interactions (as one shard's latest session does)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakediscord import FakeDiscord
from test_discord_outbox import board_posts, passing, started_game
from wc_helpers import World, build_world

from warchest_bot.discord import delivery
from warchest_bot.discord.bot import WarchestBot
from warchest_bot.service import GameService
from warchest_bot.storage import retire_holder


@contextlib.asynccontextmanager
async def second_bot(fake: FakeDiscord, db: Path) -> AsyncIterator[WarchestBot]:
    """Another bot process starting on the same database (its start-up delivers what it finds owed)."""
    async with GameService.open(db) as service:
        bot = WarchestBot(service, guild_ready_timeout=0.05, sync_commands=False)
        async with fake.run_client(bot):
            yield bot


async def _play(world: World, game_id: int) -> int:
    """The seat to act hands the turn on (through the bot that receives interactions); the new ply."""
    info, user, legal = await world.to_act(game_id)
    answer = await world.play_slash(game_id, passing(legal).text, user, world.place(info))
    assert "You played" in answer.content
    return info.ply + 1


@pytest.fixture
def errors(caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.WARNING)
    yield
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_second_bot_leaves_the_first_ones_rows_to_it_and_its_own_follow_in_order(
    fake: FakeDiscord, tmp_path, errors
):
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running() as first:
            info, _action, _place = await started_game(world)
            first.delivery.paused = True  # its posts are slow to go out: it holds its rows meanwhile
            assert await _play(world, info.id) == 1
            owed = await service.storage.pending_outbox(info.id)
            assert owed and {r.claimed_by for r in owed} == {first.holder}

            async with second_bot(fake, db) as second:  # starts up and finds the rows owed: not its own
                await asyncio.sleep(1.0)
                assert board_posts(world, info, 1) == []
                # A move through the second bot (it gets the interactions now): its rows wait behind.
                assert await _play(world, info.id) == 2
                mine = [r for r in await service.storage.pending_outbox(info.id) if r.ply == 2]
                assert mine and {r.claimed_by for r in mine} == {second.holder}
                await asyncio.sleep(1.5)
                assert board_posts(world, info, 1) == board_posts(world, info, 2) == []

                first.delivery.paused = False  # the first bot goes on: its board, then the second's
                first.delivery.announce(info.id)
                two = await world.board_post(info, 2)
                await first.flow.drain()
                await second.flow.drain()
                one = board_posts(world, info, 1)
                assert len(one) == 1 and board_posts(world, info, 2) == [two] and one[0].id < two.id
                rows = await service.storage.outbox_rows(info.id)
                assert all(r.done_at is not None for r in rows)
                assert {r.claimed_by for r in rows if r.ply == 1} == {first.holder}
                assert {r.claimed_by for r in rows if r.ply == 2} == {second.holder}
    fake.assert_clean()


async def test_the_rows_of_a_bot_that_died_before_posting_are_posted_once_by_another(
    fake: FakeDiscord, tmp_path, errors
):
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running() as first:
            info, _action, _place = await started_game(world)
            first.delivery.paused = True
            assert await _play(world, info.id) == 1
            assert await _play(world, info.id) == 2
            owed = await service.storage.pending_outbox(info.id)
            assert len(owed) >= 2 and {r.claimed_by for r in owed} == {first.holder}
            retire_holder(first.holder)  # its process is gone (as a dead pid on this host): claims stale

            async with second_bot(fake, db) as second:
                two = await world.board_post(info, 2)
                await second.flow.drain()
                assert len(board_posts(world, info, 1)) == 1 and board_posts(world, info, 2) == [two]
                rows = await service.storage.outbox_rows(info.id)
                assert all(r.done_at is not None for r in rows)
                assert {r.claimed_by for r in rows if r.ply > 0} == {second.holder}
                dms = {
                    u.id: len([m for m in fake.dms_to(u) if m.attachments]) for u in (world.alice, world.bob)
                }
                hands = [r for r in rows if r.kind == "hands"]
                assert sum(dms.values()) == len(hands)  # each hand DM once
    fake.assert_clean()


async def test_a_post_that_takes_longer_than_a_claim_is_not_taken_over(fake: FakeDiscord, tmp_path, errors):
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running() as first:
            info, action, place = await started_game(world)
            first.delivery.claim_seconds = 2.0  # renewed every second while a post takes
            async with GameService.open(db) as tool:  # a row written by no bot: free for the first to take
                await tool.play(info.id, info.to_act.user_id, action.text, expected_ply=info.ply)
            hold = fake.hold_next("POST", f"/channels/{place.id}/messages")  # Discord is slow to answer
            first.delivery.announce(info.id)
            await asyncio.wait_for(hold.arrived.wait(), 10)
            async with second_bot(fake, db) as second:  # looks at the row while its post is in flight
                await asyncio.sleep(3.5)
                assert board_posts(world, info, 1) == []
                hold.release()
                post = await world.board_post(info, 1)
                await first.flow.drain()
                await second.flow.drain()
                assert board_posts(world, info, 1) == [post]
                move = next(r for r in await service.storage.outbox_rows(info.id) if r.kind == "move")
                assert move.done_at is not None and move.claimed_by == first.holder
    fake.assert_clean()


async def test_a_bot_that_stops_frees_its_rows_for_the_next_one_at_once(fake: FakeDiscord, tmp_path, errors):
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running() as first:
            info, _action, _place = await started_game(world)
            first.delivery.paused = True
            assert await _play(world, info.id) == 1
            assert {r.claimed_by for r in await service.storage.pending_outbox(info.id)} == {first.holder}
        owed = await service.storage.pending_outbox(info.id)  # stopped: still owed, nobody's
        assert owed and {(r.claimed_by, r.claimed_until) for r in owed} == {(None, None)}
        assert service.claimant is None  # what the service writes from now on is no stopped bot's


async def test_on_postgresql_a_bot_that_stops_wakes_the_running_one_to_post_its_rows(
    fake: FakeDiscord, pg_server, errors
):
    """The running bot has read nothing of these rows (it did nothing meanwhile): without the stopping
    bot's wake-up it would not look at the outbox again until something of its own happens."""
    dsn = await pg_server.create_database()
    async with GameService.open(dsn) as service, second_bot(fake, dsn) as running:
        world = build_world(fake, service, dsn)
        async with world.running() as stopping:  # connected last: it receives the interactions
            info, _action, _place = await started_game(world)
            stopping.delivery.paused = True  # it commits, then stops before posting
            assert await _play(world, info.id) == 1
            owed = await service.storage.pending_outbox(info.id)
            assert owed and {r.claimed_by for r in owed} == {stopping.holder}
        post = await world.board_post(info, 1)  # the fake's usual wait, a third of a claim's 30 s
        await running.flow.drain()
        assert board_posts(world, info, 1) == [post]
        rows = await service.storage.outbox_rows(info.id)
        assert all(r.done_at is not None for r in rows)
        assert {r.claimed_by for r in rows if r.ply == 1} == {running.holder}
    fake.assert_clean()


async def test_a_running_shared_bot_posts_what_a_crashed_one_left_without_a_wake_up(
    fake: FakeDiscord, tmp_path, errors, monkeypatch
):
    """No wake-up comes from a crashed bot (nor on SQLite): the running one reads the outbox now and then."""
    monkeypatch.setattr(delivery, "SHARED_POLL", 0.5)
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service, GameService.open(db) as own:
        running = WarchestBot(own, guild_ready_timeout=0.05, sync_commands=False, shared=True)
        world = build_world(fake, service, db)
        async with fake.run_client(running), world.running() as crashing:
            info, _action, _place = await started_game(world)
            crashing.delivery.paused = True
            assert await _play(world, info.id) == 1
            retire_holder(crashing.holder)  # it crashed (a dead pid on this host): its claims are stale
            post = await world.board_post(info, 1)
            await running.flow.drain()
            assert board_posts(world, info, 1) == [post]
            rows = await service.storage.outbox_rows(info.id)
            assert {r.claimed_by for r in rows if r.ply == 1} == {running.holder}
    fake.assert_clean()
