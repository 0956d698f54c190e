"""The arena: Wilson intervals, a greedy-beats-random check and the command line."""

from __future__ import annotations

import functools
import json

import pytest

from warchest_bot.games.warchest.ai import make_player
from warchest_bot.games.warchest.ai.arena import run_arena, wilson_interval
from warchest_bot.games.warchest.ai.cli import main


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_greedy_beats_random() -> None:
    result = run_arena(
        lambda seed: make_player("greedy", seed),
        lambda seed: make_player("random", seed),
        games=10,
        seed=1,
        max_rounds=30,
    )
    assert result.wins("a") >= 8
    assert sum(r.a_team for r in result.records) == 5  # seats alternate


def test_arena_command_json(capsys) -> None:
    code = main(
        [
            "arena",
            "--a",
            "random",
            "--b",
            "greedy",
            "--games",
            "2",
            "--seed",
            "4",
            "--max-rounds",
            "5",
            "--json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("games", "a_wins", "b_wins", "draws", "a_win_rate", "mean_think_ms"):
        assert key in data
    assert data["games"] == 2 and data["a_wins"] + data["b_wins"] + data["draws"] == 2


def test_arena_command_text(capsys) -> None:
    code = main(
        [
            "arena",
            "--a",
            "search",
            "--b",
            "random",
            "--games",
            "2",
            "--iterations",
            "5",
            "--players",
            "4",
            "--max-rounds",
            "3",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "mean game length" in out and "search(5 it)" in out


@pytest.mark.slow
def test_arena_in_worker_processes_plays_the_same_games() -> None:
    greedy = functools.partial(make_player, "greedy")
    search = functools.partial(make_player, "search", iterations=6)
    serial = run_arena(greedy, search, games=4, seed=9, max_rounds=12)
    seen: list[int] = []
    parallel = run_arena(
        greedy, search, games=4, seed=9, max_rounds=12, jobs=2, on_game=lambda i, r: seen.append(i)
    )
    assert sorted(seen) == [0, 1, 2, 3]
    key = [(r.seed, r.a_team, r.winner, r.reason, r.plies, r.decisions) for r in serial.records]
    assert [(r.seed, r.a_team, r.winner, r.reason, r.plies, r.decisions) for r in parallel.records] == key
