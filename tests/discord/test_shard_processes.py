"""Two bot processes × two shards each on one PostgreSQL database (`warchest-bot run --shards 0-1
--shard-count 4` and `--shards 2-3`), against the fake Discord, whose gateway sends each shard only its
servers' events, as Discord does.

Games in servers on the two processes are played to the end. The process doing the worker's duties is
killed (SIGKILL) while its AI is thinking about a turn; while it is down, the other process takes the
duties over: it plays the orphaned AI turn and fires a timer of the dead process's server. Once the
killed process is back, its games go on to the end. Every board is posted exactly once (one post per ply,
in order), every hand DM once, the reminder once, and every game's log has one action per ply."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakediscord import FakeDiscord
from fakediscord.gateway import shard_of
from test_discord_ai import new_ai_game
from test_discord_two_player import start_challenge
from wc_helpers import World, build_world

from warchest_bot.service import GameService
from warchest_bot.storage import WORKER_LEASE

ROOT = Path(__file__).resolve().parents[2]
SHARD_PROCESS = Path(__file__).with_name("shard_process.py")
COUNT = 4
RANGES = ("0-1", "2-3")


class ShardProcess:
    """One bot process serving ``shards`` (a range of `COUNT`), its output in ``log``."""

    def __init__(self, fake: FakeDiscord, dsn: str, shards: str, log: Path) -> None:
        self.fake, self.dsn, self.shards, self.log = fake, dsn, shards, log
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self, ai_ms: float) -> None:
        identifies = len(self.fake.gateway.identifies) + 2
        with self.log.open("ab") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                str(SHARD_PROCESS),
                self.fake.api_base,
                self.fake.gateway_url,
                self.fake.http_url,
                self.fake.token,
                self.dsn,
                self.shards,
                str(COUNT),
                str(ai_ms),
                cwd=str(self.log.parent),
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )
        await self.fake.wait_for_connection(60, identifies=identifies)

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


def boards(fake: FakeDiscord, world: World, info) -> list[int]:
    """The plies of the board posts of a game, in the order they were posted."""
    return [
        int(a.filename.rsplit("-", 1)[1].removesuffix(".png"))
        for m in fake.messages_in(world.place(info))
        for a in m.attachments
        if a.filename.startswith(f"warchest-{info.id}-") and a.filename.endswith(".png")
    ]


async def play_to_the_end(world: World, game_id: int) -> None:
    """The humans play by /wc play (the AI seats answer on their own) until the game is over; every move's
    board is waited for, and a human moves once everything owed went out (the hand DMs of a new round)."""
    info = await world.service.get_game(game_id)
    while info.status == "active":
        await world.board_post(info, info.ply, timeout=60)
        if info.to_act.user_id is None:  # the AI's decision
            await world.board_post(info, info.ply + 1, timeout=60)
        else:
            await eventually(lambda: _all_done(world.service, game_id))
            info, user, legal = await world.to_act(game_id)
            answer = await world.play_slash(game_id, world.rng.choice(legal).text, user, world.place(info))
            assert answer.ephemeral and "You played" in answer.content, answer.content
            await world.board_post(info, info.ply + 1, timeout=60)
        info = await world.service.get_game(game_id)
    await world.board_post(info, info.ply, timeout=60)


async def worker_pid(service: GameService) -> int | None:
    lease = await service.storage.get_lease(WORKER_LEASE)
    return None if lease is None else int(lease.holder.split(":")[1])


async def eventually(check, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.1)


@pytest.mark.slow
async def test_two_processes_of_two_shards_share_one_database_and_survive_a_kill(
    fake: FakeDiscord, pg_server, tmp_path
):
    dsn = await pg_server.create_database()
    async with GameService.open(dsn) as service:
        here = build_world(
            fake, service, tmp_path / "unused.sqlite3"
        )  # a server of the first process's shards
        first = RANGES[0] if shard_of(here.guild.id, COUNT) < 2 else RANGES[1]
        second = RANGES[1] if first == RANGES[0] else RANGES[0]
        guild = fake.add_guild("Second Front")
        while (shard_of(guild.id, COUNT) < 2) != (second == RANGES[0]):  # a server on the other process
            guild = fake.add_guild("Second Front")
        for user in (here.alice, here.bob):
            fake.add_member(guild, user)
        there = dataclasses.replace(here, guild=guild, channel=fake.add_text_channel(guild, "war-chest"))

        # The process serving "there" starts first and so does the worker's duties; its AI thinks slowly.
        doomed = ShardProcess(fake, dsn, second, tmp_path / "doomed.log")
        other = ShardProcess(fake, dsn, first, tmp_path / "other.log")
        try:
            await doomed.start(ai_ms=8000)
            await eventually(lambda: _is(worker_pid(service), doomed.proc.pid))
            await other.start(ai_ms=30)
            assert sorted(tuple(i["shard"]) for i in fake.gateway.identifies) == [
                (s, COUNT) for s in range(4)
            ]

            # Games on both processes: one between two people here, one against the AI and one with a
            # clock there.
            game_here = await start_challenge(here, here.alice, here.bob, max_rounds=2)
            game_ai = await new_ai_game(there, {"ai": "normal", "units": "first-game", "max_rounds": 2})
            game_clock = await start_challenge(there, there.bob, there.alice, max_rounds=2, clock_hours=8)

            # Alice moves against the AI; while the doomed process thinks about the answer, it is killed.
            info = await service.get_game(game_ai)
            await there.board_post(info, info.ply, timeout=60)
            if info.to_act.user_id is None:
                await there.board_post(info, info.ply + 1, timeout=60)
                info = await service.get_game(game_ai)
            legal = await service.legal_actions(game_ai, there.alice.id)
            answer = await there.play_slash(game_ai, legal[0].text, there.alice, there.place(info))
            assert "You played" in answer.content
            await there.board_post(info, info.ply + 1, timeout=60)
            # Its posts went out (a kill between a post and its done mark would send it again); the AI thinks.
            for game_id in (game_ai, game_clock):
                await eventually(lambda game_id=game_id: _all_done(service, game_id))
            thinking_at = info.ply + 1
            assert (await service.get_game(game_ai)).ply == thinking_at
            await doomed.kill()

            # The other process takes the duties over: it plays the AI's turn...
            await eventually(lambda: _is(worker_pid(service), other.proc.pid))
            await there.board_post(info, thinking_at + 1, timeout=60)
            # ...and fires the clocked game's reminder, made due now.
            clocked = await service.get_game(game_clock)
            to_remind = here.user(clocked.to_act.user_id)
            reminder = next(
                t for t in await service.storage.list_timers(game_id=game_clock) if t.kind == "reminder"
            )
            await service.storage.reschedule_timer(reminder.id, datetime.now(UTC))
            text = f"it is your turn in game #{game_clock}. Your time runs out"
            await fake.wait_for_message(to_remind, lambda m: text in m.content, 60)
            # Meanwhile the game here goes on to its end.
            await play_to_the_end(here, game_here)

            # The killed process comes back (its shards are free at once: its pid no longer runs) and its
            # games go on to the end.
            await doomed.start(ai_ms=30)
            await play_to_the_end(there, game_ai)
            await play_to_the_end(there, game_clock)
            await asyncio.sleep(1.0)  # anything posted twice would have arrived by now
        finally:
            await doomed.stop()
            await other.stop()
        logs = "".join(p.log.read_text() for p in (doomed, other) if p.log.exists())

        for world, game_id in ((here, game_here), (there, game_ai), (there, game_clock)):
            info = await service.get_game(game_id)
            assert info.status == "finished", (game_id, info.status)
            assert boards(fake, world, info) == list(range(info.ply + 1)), (game_id, logs[-3000:])
            loaded = await service.storage.load_game(game_id)
            assert len(loaded.notations) == info.ply  # one action per ply: none applied twice
            # One hand DM per announcement that owed one: none sent twice, none lost.
            rows = await service.storage.outbox_rows(game_id)
            assert rows and all(row.done_at is not None for row in rows)
            for seat in info.seats:
                if seat.user_id is None:
                    continue
                owed = [r for r in rows if r.kind == "hands" and seat.seat in r.payload["seats"]]
                sent = [
                    m
                    for m in fake.messages_in(world.user(seat.user_id))
                    if any(a.filename == f"hand-{game_id}.png" for a in m.attachments)
                ]
                assert len(sent) == len(owed) > 0, (game_id, seat.seat, len(sent), len(owed))
        reminders = [m for m in fake.posted if text in m.content]
        assert len(reminders) == 1, reminders
        assert "Traceback" not in logs, logs[-3000:]
    fake.assert_clean()


async def _is(pid_of, expected: int | None) -> bool:
    return await pid_of == expected


async def _all_done(service: GameService, game_id: int) -> bool:
    return all(row.done_at is not None for row in await service.storage.outbox_rows(game_id))
