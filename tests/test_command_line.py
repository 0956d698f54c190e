"""The command-line tools as a user types them: what cannot work is refused with one line (argparse's usage
error, or the tool's own) and no traceback, before any work and without writing a file; a closed standard
output (``| head``) ends a tool quietly; ``--help`` texts and ``--version`` read right."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def tool(cwd: Path, *args: str, module: str = "warchest_bot.cli", stdout: int | None = None):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("WARCHEST_")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE if stdout is None else stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )


def refused(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert all(w in last for w in words), proc.stderr


@pytest.mark.parametrize("games", ["-1", "0", "x"])
def test_selfplay_refuses_a_number_of_games_below_one(tmp_path, games):
    refused(tool(tmp_path, "selfplay", "--games", games), "--games")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--out", "nodir/x.png"], ["nodir", "does not exist"]),
        (["--out", "x.jpg"], ["x.jpg", ".png"]),
        (["--replay", "--out", "x.png"], ["x.png", ".gif or .webp"]),
        (["--unit-card", "Archer", "--out", "x.gif"], ["x.gif", ".png"]),
        (["--plies", "-3", "--out", "x.png"], ["--plies"]),
    ],
)
def test_render_refuses_an_output_it_cannot_write_before_drawing(tmp_path, args, words):
    refused(tool(tmp_path, "render", *args), *words)
    assert list(tmp_path.iterdir()) == []


def test_render_writes_the_format_its_suffix_names(tmp_path):
    proc = tool(tmp_path, "render", "--out", "board.png")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "board.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    "args",
    [
        [
            "selfplay",
            "--games",
            "1",
            "--max-rounds",
            "3",
        ],  # a few lines: the broken pipe shows at the last flush
        ["--help"],
        ["arena", "--help"],
    ],
)
def test_a_closed_standard_output_ends_the_tool_quietly(tmp_path, args):
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the tool writes anything, as after `| head -0`
    try:
        proc = tool(tmp_path, *args, stdout=write)
    finally:
        os.close(write)
    assert proc.stderr == "", proc.stderr
    assert proc.returncode in (0, 1)


def test_arena_help_reads_95_percent(tmp_path):
    out = tool(tmp_path, "arena", "--help").stdout
    assert "95% Wilson" in " ".join(out.split()) and "%%" not in out


def test_version(tmp_path):
    proc = tool(tmp_path, "--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"warchest-bot {metadata.version('warchest_bot')}"


def test_help_names_the_exit_codes(tmp_path):
    out = " ".join(tool(tmp_path, "--help").stdout.split())
    assert "1 Discord could not be reached" in out and "2 something to fix first" in out


def test_the_point_buy_sample_picture_tool_has_help_and_refuses_other_suffixes(tmp_path):
    module = "warchest_bot.games.pointbuy.render"
    proc = tool(tmp_path, "--help", module=module)
    assert proc.returncode == 0 and "OUT.png" in proc.stdout, proc.stderr
    refused(tool(tmp_path, "sample.jpg", module=module), "sample.jpg", ".png")
    assert list(tmp_path.iterdir()) == []  # no file named --help, nor sample.jpg
    proc = tool(tmp_path, "--locale", "fa", "sample.png", module=module)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "sample.png").read_bytes().startswith(b"\x89PNG")
