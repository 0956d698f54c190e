"""Crash safety: a writer killed with SIGKILL loses nothing it acknowledged and leaves nothing half-written."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from warchest_bot.storage import GameStatus, NewSeat, Storage

ROOT = Path(__file__).resolve().parents[2]

# Appends actions forever, printing "acked N" (N = actions now stored) after each commit has returned.
WRITER = """
import asyncio, sys
from warchest_bot.storage import Storage

async def main(path, game_id):
    async with Storage.open(path) as storage:
        ply = (await storage.get_game(game_id)).ply_count
        while True:
            snapshot = '{"ply": %d}' % (ply + 1) if ply % 7 == 6 else None
            await storage.append_action(game_id, ply, ply % 2, "Sw move e%d-e%d" % (ply, ply + 1),
                                        snapshot_json=snapshot, turn_seat=(ply + 1) % 2)
            ply += 1
            print("acked", ply, flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def _kill_writer_after(path: Path, game_id: int, acks: int) -> int:
    """Run the writer until it has acknowledged `acks` more actions, SIGKILL it, return the last ack seen."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(game_id)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    last = None
    seen = 0
    deadline = time.monotonic() + 30
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            assert line.startswith("acked "), line
            last = int(line.split()[1])
            seen += 1
            if seen >= acks or time.monotonic() > deadline:
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        stderr = proc.stderr.read() if proc.stderr else ""
    assert last is not None, f"writer acknowledged nothing: {stderr}"
    assert proc.returncode == -signal.SIGKILL
    return last


def _check_consistent(path: Path, game_id: int) -> int:
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        plies = [
            r[0] for r in conn.execute("SELECT ply FROM actions WHERE game_id = ? ORDER BY ply", (game_id,))
        ]
        (ply_count,) = conn.execute("SELECT ply_count FROM games WHERE id = ?", (game_id,)).fetchone()
        snaps = [r[0] for r in conn.execute("SELECT ply FROM snapshots WHERE game_id = ?", (game_id,))]
    assert plies == list(range(len(plies))), "ply sequence has a gap"
    assert ply_count == len(plies), "game row and action log disagree"
    assert all(0 < p <= ply_count and p % 7 == 0 for p in snaps), "snapshot without its action"
    return ply_count


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
async def test_sigkill_loses_no_acknowledged_action(tmp_path):
    path = tmp_path / "crash.sqlite3"
    async with Storage.open(path) as storage:
        game = await storage.create_game(
            kind="warchest",
            options={"variant": "2p"},
            seed=99,
            status=GameStatus.ACTIVE,
            seats=[NewSeat("Ann", user_id=1), NewSeat("Bob", user_id=2)],
        )

    acked = 0
    for round_acks in (150, 60, 1):  # kill, reopen from the crashed file, kill again
        acked = _kill_writer_after(path, game.id, round_acks)
        stored = _check_consistent(path, game.id)
        assert stored >= acked, f"acknowledged {acked} actions but only {stored} survived"

    async with Storage.open(path) as storage:
        loaded = await storage.load_game(game.id)
        assert loaded.game.ply_count == len(loaded.actions) >= acked
        assert loaded.actions[acked - 1].notation == f"Sw move e{acked - 1}-e{acked}"
        await storage.append_action(game.id, loaded.game.ply_count, 0, "Sw pass")
        assert (await storage.get_game(game.id)).ply_count == len(loaded.actions) + 1
    _check_consistent(path, game.id)
