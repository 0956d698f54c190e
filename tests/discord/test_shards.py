"""Several shards in one process (`warchest-bot run --shards 0-1 --shard-count 2`): the fake gateway sends
each shard only its servers' events and interactions, as Discord does, and games in servers on different
shards are played to the end through the one database."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os

import pytest
from fakediscord import FakeDiscord
from fakediscord.gateway import shard_of
from test_discord_two_player import start_challenge
from wc_helpers import build_world

from warchest_bot.config import Settings
from warchest_bot.discord import runner
from warchest_bot.discord.bot import ShardedWarchestBot
from warchest_bot.service import GameService
from warchest_bot.storage import WORKER_LEASE, open_storage


class QuickShards(ShardedWarchestBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause between the shards' IDENTIFYs (Discord's rate limit; the fake has none)."""


async def test_games_in_servers_on_two_shards_of_one_process(fake: FakeDiscord, tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    async with GameService.open(tmp_path / "games.sqlite3") as service:
        world = build_world(fake, service, tmp_path / "games.sqlite3")
        other = fake.add_guild("Second Front")
        while shard_of(other.id, 2) == shard_of(world.guild.id, 2):  # a server on the other shard
            other = fake.add_guild("Second Front")
        for user in (world.alice, world.bob):
            fake.add_member(other, user)
        second = dataclasses.replace(world, guild=other, channel=fake.add_text_channel(other, "war-chest"))

        bot = QuickShards(service, shard_ids=[0, 1], shard_count=2, guild_ready_timeout=0.05)
        async with fake.run_client(bot):
            await bot.tree.sync()
            world.bot = second.bot = bot
            assert sorted(tuple(i["shard"]) for i in fake.gateway.identifies) == [(0, 2), (1, 2)]
            by_shard = {bot.get_guild(g.id).shard_id: g.id for g in (world.guild, other)}
            assert sorted(by_shard) == [0, 1]  # each server arrived on its own shard

            games = [await start_challenge(w, w.alice, w.bob, max_rounds=2) for w in (world, second)]
            for w, game_id in zip((world, second), games, strict=True):
                info = await service.get_game(game_id)
                assert info.guild_id == w.guild.id
                place = w.place(info)
                while info.status == "active":
                    info, user, legal = await w.to_act(game_id)
                    answer = await w.play_slash(game_id, w.rng.choice(legal).text, user, place)
                    assert answer.ephemeral
                    info = await service.get_game(game_id)
                assert info.status == "finished"
                final = await w.board_post(info, info.ply)
                assert info.over is not None and info.over.message() in final.content
    fake.assert_clean()
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def test_run_takes_a_shard_count():
    from warchest_bot.cli import build_parser

    assert runner.shard_options(None) == {}
    assert runner.shard_options(3) == {"shard_count": 3, "shard_ids": [0, 1, 2]}
    assert runner.shard_options(4, [2, 3]) == {"shard_count": 4, "shard_ids": [2, 3]}
    for count, shards in ((None, [0]), (4, [3, 4])):
        with pytest.raises(ValueError):
            runner.shard_options(count, shards)
    assert build_parser().parse_args(["run", "--shard-count", "4"]).shard_count == 4
    assert build_parser().parse_args(["run", "--shards", "0-1"]).shards == [0, 1]
    assert build_parser().parse_args(["run", "--shards", "5,0,2-3"]).shards == [0, 2, 3, 5]
    for bad in ("0", "x", "5000"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["run", "--shard-count", bad])
    for bad in ("x", "3-1", "1-", "-1", "0-2000"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["run", "--shards", bad])


@pytest.mark.slow
async def test_the_bot_serves_two_shards_on_postgresql(fake: FakeDiscord, pg_server):
    """`serve` as `run --shard-count 2` starts it, here on PostgreSQL: both shards identify, the bot holds
    both shards' leases and the worker lease under one name, and gives them up when it stops."""
    dsn = await pg_server.create_database()
    settings = Settings(token=fake.token, db_path=dsn, log_level="INFO", dev_guild=None)
    task = asyncio.create_task(
        runner.serve(settings, render_processes=0, ai_processes=0, **runner.shard_options(2))
    )
    try:
        await fake.gateway.wait_for_session(30, identifies=2)  # discord.py waits 5 s between IDENTIFYs
        assert sorted(tuple(i["shard"]) for i in fake.gateway.identifies) == [(0, 2), (1, 2)]
        async with open_storage(dsn) as storage:
            leases = {lease.name: lease.holder for lease in await storage.list_leases()}
        assert sorted(leases) == ["shard:0/2", "shard:1/2", WORKER_LEASE]
        assert len(set(leases.values())) == 1 and leases[WORKER_LEASE].split(":")[1] == str(os.getpid())
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    async with open_storage(dsn) as storage:
        assert await storage.list_leases() == []
