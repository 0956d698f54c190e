"""Crash: a bot process killed with SIGKILL in the middle of a stream of actions loses nothing it
acknowledged, leaves nothing half-written, and the game continues in a new service."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.service import GameService, Player

ROOT = Path(__file__).resolve().parents[2]
SEED = 8080

# Plays random legal actions through the service forever, printing "acked <ply> <text>" once play() returned.
PLAYER = """
import asyncio, random, sys
from warchest_bot.service import GameService

async def main(path, game_id):
    async with GameService.open(path, snapshot_every=5) as service:
        game = await service.get_game(game_id)
        users = {s.seat: s.user_id for s in game.seats}
        rng = random.Random(1)
        while True:
            view = await service.view(game_id)
            seat = view["to_act"]
            legal = await service.legal_actions(game_id, users[seat])
            choice = rng.choice(legal)
            result = await service.play(game_id, users[seat], choice.text, expected_ply=view["ply"])
            print("acked", result.ply, choice.text, flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


async def test_sigkill_mid_stream_loses_nothing_acknowledged(tmp_path):
    path = tmp_path / "crash.sqlite3"
    async with GameService.open(path) as service:
        game = await service.create_game(
            [Player(1, "Ann"), Player(2, "Bob")],
            seed=SEED,
            options={"units": "first-game", "max_rounds": 1000},
        )

    proc = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(path), str(game.id)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    acked: list[str] = []
    deadline = time.monotonic() + 30
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            word, ply, text = line.rstrip("\n").split(" ", 2)
            assert word == "acked" and int(ply) == len(acked) + 1
            acked.append(text)
            if len(acked) >= 60 or time.monotonic() > deadline:
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    assert len(acked) >= 10, proc.stderr.read() if proc.stderr else ""

    async with GameService.open(path) as service:
        info = await service.get_game(game.id)
        users = {s.seat: s.user_id for s in info.seats}
        # each seat sees its own actions in full: together they are the private log
        by_seat = {seat: await service.action_log(game.id, user) for seat, user in users.items()}
        private = [by_seat[entry.seat][entry.ply].text for entry in by_seat[0]]
        assert info.ply == len(private) >= len(acked)  # every acknowledged action is there (maybe one more)
        assert private[: len(acked)] == acked
        # nothing half-written: the log replays from the seed to the state the service loads
        ref = GameState.new(Options(players=2, units="first-game", max_rounds=1000, seed=SEED))
        for text in private:
            ref.apply(ref.parse_action(text))
        assert await service.view(game.id) == ref.view_for(None)
        rng = random.Random(2)
        for _ in range(5):  # and the game goes on
            legal = await service.legal_actions(game.id, users[ref.current_player])
            choice = rng.choice(legal)
            result = await service.play(game.id, users[ref.current_player], choice.text, expected_ply=ref.ply)
            ref.apply(ref.parse_action(choice.text))
            assert result.ply == ref.ply
