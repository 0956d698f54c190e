"""The fairy-army match of bench/pointbuy_vs_stockfish.py plays pairs of games on shared armies: the
second game of a pair swaps the two players between the same two armies and seats, so that an army's or
a seat's advantage cancels within the pair; unpaired, every game has seeds (so armies) of its own."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def games(*extra: str) -> list[tuple[str, str, str]]:
    """(seat seeds, armies, ours-seat) of each game of a 4-game match of 1-ply searches."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.pointbuy_vs_stockfish", "--player", "depth1"]
        + ["--fairy-opponent", "old-depth1", "--games", "0", "--fairy-games", "4", "--seed", "5"]
        + ["--fairy-turn-cap", "40", "--verbose", *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    starts = re.findall(r"fairy game \d+ seeds (\d+, \d+): (.*)", done.stdout)
    seats = re.findall(r"fairy game \d+: ours seat (\d)", done.stdout)
    assert len(starts) == len(seats) == 4, done.stdout
    return [(seeds, armies, seat) for (seeds, armies), seat in zip(starts, seats, strict=True)]


def test_a_pair_plays_the_same_armies_with_the_players_swapped() -> None:
    played = games()
    assert [seat for _, _, seat in played] == ["0", "1", "0", "1"]
    assert [seeds for seeds, _, _ in played] == ["5, 1005", "5, 1005", "6, 1006", "6, 1006"]
    assert played[0][1] == played[1][1] and played[2][1] == played[3][1]  # the armies


def test_unpaired_games_have_seeds_of_their_own() -> None:
    played = games("--fairy-unpaired")
    assert [seeds for seeds, _, _ in played] == ["5, 1005", "1006, 6", "7, 1007", "1008, 8"]
