"""What a newcomer reads works as written: the README's two opening commands (CI runs exactly the test
one), the `/wc` command list in docs/playing.md, the `replay` examples in docs/command-line.md; and the
README links nowhere outside the repository (tests/test_docs_links.py checks every page's links)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from warchest_bot.discord import WarchestBot

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
PLAYING = (ROOT / "docs" / "playing.md").read_text()
COMMAND_LINE = (ROOT / "docs" / "command-line.md").read_text()


def opening_commands() -> tuple[str, str]:
    block = README.split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [line for line in block.splitlines() if line and not line.startswith("#")]
    run, test = lines
    return run, test


def test_ci_runs_exactly_the_readme_test_command():
    run, test = opening_commands()
    ci = [
        line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")
    ]
    assert ci[-1] == test
    # Both create and use the virtual environment (system pip is refused on Debian 12 / Ubuntu 24.04).
    assert run.startswith("sh scripts/setup.sh && .venv/bin/python bot.py")
    assert test.startswith("sh scripts/setup.sh test && .venv/bin/python -m ruff check . && ")
    # In parallel, one worker per core (pytest-xdist), reporting the package's coverage (pyproject.toml).
    assert test.endswith(" -m pytest -q -n auto --dist worksteal --cov")
    assert "python3 -m pip" not in README


def test_setup_script_installs_python3_venv_when_ensurepip_is_missing():
    script = (ROOT / "scripts" / "setup.sh").read_text()
    assert "apt-get install -y -q python3-venv" in script and "-m venv" in script
    proc = subprocess.run(["sh", "-n", str(ROOT / "scripts" / "setup.sh")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


FAKE_PYTHON = """#!/bin/sh
# The virtual environment's python for the test: pip prints what pip prints (warnings, progress) and, with
# FAIL set, an error; Pillow's raqm check fails, so that the script turns to the (fake) apt-get too.
if [ "$1 $2 $3" = "-m pip install" ]; then
    echo "$*" >> "$ARGS"
    echo "WARNING: Location 'file:///somewhere/simple/x/' is ignored: it is neither a file nor a directory." >&2
    echo "Collecting pillow"
    if [ -n "${FAIL:-}" ]; then echo "ERROR: No matching distribution found for pillow==13.0.0" >&2; exit 1; fi
    exit 0
fi
case "$*" in *features*) exit 1 ;; esac
exec python3 "$@"
"""
FAKE_APT = """#!/bin/sh
echo "Reading package lists..."
echo "debconf: delaying package configuration, since apt-utils is not installed" >&2
"""


def _setup_sandbox(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy of what setup.sh reads, with an existing .venv whose python is `FAKE_PYTHON`, and `FAKE_APT`
    as apt-get (and sudo-less root or not, it runs the fake)."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    for name in ("scripts/setup.sh", "pyproject.toml", "constraints.txt"):
        shutil.copy2(ROOT / name, repo / name)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (repo / ".venv" / "bin").mkdir(parents=True)
    for path, text in ((repo / ".venv" / "bin" / "python", FAKE_PYTHON), (bin_dir / "apt-get", FAKE_APT)):
        path.write_text(text)
        path.chmod(0o755)
    (bin_dir / "sudo").write_text('#!/bin/sh\nexec "$@"\n')
    (bin_dir / "sudo").chmod(0o755)
    env = {
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "ARGS": str(tmp_path / "pip-args"),
        "HOME": str(tmp_path),
    }
    return repo, env


def test_setup_shows_progress_and_real_errors_but_not_pip_and_apt_noise(tmp_path):
    repo, env = _setup_sandbox(tmp_path)
    ok = subprocess.run(["sh", "scripts/setup.sh"], cwd=repo, env=env, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout == ""
    lines = ok.stderr.strip().splitlines()
    assert all(line.startswith("setup: ") for line in lines), ok.stderr  # no WARNING, no apt chatter
    assert any("installing warchest-bot into .venv" in line for line in lines)
    assert "-c constraints.txt -e ." in (tmp_path / "pip-args").read_text()  # the locked versions

    (repo / "constraints.txt").write_text("pillow==13.0.0\n")  # changed: installs again, and fails
    env["FAIL"] = "1"
    failed = subprocess.run(
        ["sh", "scripts/setup.sh", "postgresql"], cwd=repo, env=env, capture_output=True, text=True
    )
    assert failed.returncode != 0
    assert "ERROR: No matching distribution found for pillow==13.0.0" in failed.stderr
    assert "setup: failed (1):" in failed.stderr and ".[postgresql]" in failed.stderr


def _wc_subcommands() -> set[str]:
    async def names() -> set[str]:
        bot = WarchestBot(None)  # type: ignore[arg-type]
        await bot.add_cog(bot.cog)
        [group] = bot.tree.get_commands()
        return {c.name for c in group.walk_commands()}  # the subcommands, the groups and theirs

    return asyncio.run(names())


def test_docs_command_list_shows_every_wc_command():
    listing = PLAYING.split("**Commands** (one `/wc` group):", 1)[1].split("Each game gets", 1)[0]
    listed = set(re.findall(r"`([a-z_]+)[^`]*`", listing))
    missing = _wc_subcommands() - listed
    assert not missing, f"docs/playing.md's command list lacks {sorted(missing)}"


def test_readme_has_no_links_outside_the_repository():
    assert not re.findall(r"https?://|\.\./", README)
    # links and pictures point into the repository (e.g. images/…), at files that exist
    for target in re.findall(r"\]\((?!#)([^)]*)\)", README):
        assert not re.match(r"[a-z]+:|/", target), target
        assert (ROOT / target.partition("#")[0]).is_file(), target


@pytest.mark.slow
def test_docs_replay_examples_run_as_written(tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    block = COMMAND_LINE.split("# Command line", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    examples = [
        line.split("#", 1)[0].strip()
        for line in block.splitlines()
        if "replay " in line and "[" not in line.split("#", 1)[0] and "render" not in line
    ]
    assert len(examples) == 2, examples
    ran = 0
    for example in examples:
        for command in example.split("&&"):
            words = command.split()
            assert words[0] == "warchest-bot"
            proc = subprocess.run(
                [sys.executable, "-m", "warchest_bot.cli", *words[1:]],
                cwd=tmp_path,
                env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert proc.returncode == 0, (command, proc.stderr)
            if words[1] == "replay":
                assert proc.stdout.splitlines()[-1].startswith("result: "), proc.stdout[-300:]
                assert "   1. seat " in proc.stdout
                ran += 1
    assert ran == 2
