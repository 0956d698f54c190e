"""The engine's command-line tools, run as a user would."""

import json
import subprocess
import sys

import pytest

from warchest_bot.games.warchest.engine import GameState, Options


def run(*args, cwd=None):
    proc = subprocess.run(
        [sys.executable, "-m", "warchest_bot.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_selfplay_json_plays_full_games_without_violations(players):
    code, out, err = run("selfplay", "--games", "4", "--players", str(players), "--seed", "7", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert set(report) >= {
        "games",
        "plies",
        "games_per_s",
        "plies_per_s",
        "wins",
        "draws",
        "invariant_violations",
    }
    assert report["games"] == 4 and report["invariant_violations"] == 0
    assert sum(report["wins"].values()) + report["draws"] == 4
    assert report["plies"] > 4 * 50


@pytest.mark.slow
def test_selfplay_text_output():
    code, out, _ = run("selfplay", "--games", "2", "--seed", "1")
    assert code == 0
    assert "plies/s" in out and "draws" in out


POSITION = {
    "options": {"players": 2},
    "turn": 0,
    "seats": [
        {
            "units": ["Sw", "Pi", "Cr", "LC"],
            "hand": ["Sw", "Royal"],
            "bag": {"Pi": 2, "Cr": 2, "LC": 2},
            "supply": {"Sw": 3},
        },
        {"units": ["Ar", "Ca", "La", "Sc"], "hand": ["Ar"], "bag": {"Royal": 1}},
    ],
    "board": {"e3": "Sw", "e4": ["Ar", 1]},
}


def test_legal_prints_notation_and_json(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(POSITION))
    code, out, err = run("legal", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert "Sw attack e3xe4" in lines and "RC pass" in lines and "Sw bolster e3" in lines
    assert len(lines) == len(set(lines))
    code, out, _ = run("legal", str(path), "--json")
    data = json.loads(out)
    attack = next(a for a in data if a["text"] == "Sw attack e3xe4")
    assert attack == {
        "seat": 0,
        "kind": "attack",
        "coin": "Swordsman",
        "unit": None,
        "hexes": ["e3", "e4"],
        "axial": [[-1, -1], [-1, 0]],
        "text": "Sw attack e3xe4",
    }
    assert len(data) == len(lines)


def test_legal_reports_inconsistent_position(tmp_path):
    bad = json.loads(json.dumps(POSITION))
    bad["board"]["e3"] = ["Sw", 6]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    code, _, err = run("legal", str(path))
    assert code == 2
    assert "Swordsman" in err and "only 5" in err and "Traceback" not in err


def test_replay_prints_actions_and_result(tmp_path):
    import random

    options = Options(players=2, units="first-game", seed=9, max_rounds=30)
    g = GameState.new(options)
    rnd = random.Random(2)
    while not g.is_terminal():
        g.apply(rnd.choice(g.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(
        json.dumps({"options": options.to_json(), "actions": [g.format_action(a) for a in g.history]})
    )
    code, out, err = run("replay", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == g.ply + 1
    assert lines[-1].startswith("result: ")
    assert ("draw" in lines[-1]) == (g.winner is None)
