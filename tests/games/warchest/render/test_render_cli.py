"""`warchest-bot render` (registered through warchest_bot.games.warchest.render.cli.register)."""

from __future__ import annotations

import argparse

import pytest
from PIL import Image

from warchest_bot.games.warchest.render import cli


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="warchest-bot")
    cli.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["render", *argv])
    return args.func(args)


@pytest.mark.parametrize(
    "argv, size",
    [
        (["--seed", "3", "--plies", "40"], (860, None)),
        (["--seed", "3", "--plies", "40", "--players", "4", "--view", "2"], (1280, None)),
        (["--seed", "3", "--plies", "12", "--hand", "1"], (1000, None)),
        (["--unit-card", "Light Cavalry"], (600, None)),
    ],
)
def test_render_writes_png(tmp_path, capsys, argv, size):
    out = tmp_path / "out.png"
    assert _run([*argv, "--out", str(out)]) == 0
    img = Image.open(out)
    assert img.format == "PNG" and img.width == size[0]
    assert "wrote" in capsys.readouterr().out


def test_render_replay(tmp_path):
    out = tmp_path / "game.gif"
    assert _run(["--seed", "2", "--players", "4", "--replay", "--per", "round", "--out", str(out)]) == 0
    assert Image.open(out).n_frames > 2


@pytest.mark.parametrize(
    "argv", [["--view", "north"], ["--view", "5"], ["--hand", "3"], ["--unit-card", "Dragon"]]
)
def test_render_bad_arguments(tmp_path, capsys, argv):
    assert _run([*argv, "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warchest-bot render:") and "Traceback" not in err


def test_render_in_persian(tmp_path):
    """--locale fa draws the Persian picture (the README's Persian board comes from it)."""
    en, fa = tmp_path / "en.png", tmp_path / "fa.png"
    assert _run(["--seed", "3", "--plies", "40", "--out", str(en)]) == 0
    assert _run(["--seed", "3", "--plies", "40", "--locale", "fa", "--out", str(fa)]) == 0
    a, b = Image.open(en).convert("RGB"), Image.open(fa).convert("RGB")
    assert a.size == b.size and a.tobytes() != b.tobytes()
