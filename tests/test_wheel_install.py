"""The bot as a packager ships it: the wheel built from this checkout, installed (without the checkout) in a
fresh virtual environment in a temporary folder, carries every data file of the package and the bot uses
them from there: the tutorial's lessons, the puzzles, the fonts, the pictures' palettes and catalogues.

Which files must be in the wheel is found, not listed: every file under ``warchest_bot/`` in the checkout
that is not Python source (as git sees it: tracked, or new and not ignored). A data file added or moved
anywhere in the package is checked without changing this test.

The new environment sees the test environment's libraries (discord.py, Pillow, ...) through a path entry
of their folder, not through its ``.pth`` files, so the editable install of the checkout stays out of it;
the wheel itself is installed without dependencies and without an index: nothing is downloaded but what
building a wheel needs (setuptools), as pip is configured on the machine."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "warchest_bot"

# Run by the installed package's Python, in a folder outside the checkout. Prints the package's folder.
USES_THE_DATA = """
import asyncio, sys
from pathlib import Path

import warchest_bot
from warchest_bot.games import game_kinds, get_game
from warchest_bot.render.text import font_path
from warchest_bot.service import GameService

home = Path(warchest_bot.__file__).resolve().parent
assert font_path(False) is not None and font_path(False).is_relative_to(home), font_path(False)

async def main() -> None:
    async with GameService.open(Path(sys.argv[1])) as service:
        step = await service.tutorial(1)  # /wc tutorial: the first lesson, from the lesson files
        assert step.lesson is not None, step
        shown = await service.new_puzzle(1)  # /wc puzzle: one of the shipped puzzles
        assert shown is not None

asyncio.run(main())
for kind in game_kinds():  # every game's pictures, in both languages (Persian: the Vazirmatn font)
    game = get_game(kind)
    game.warm_up()
    view = game.new_state(game.default_options(), 1).view_for(None)
    for locale in ("en", "fa"):
        assert game.board_png(view, None, names=["A", "B"], locale=locale).startswith(b"\\x89PNG")
print(home)
"""


def _package_data_files() -> list[str]:
    """Every file of the package in the checkout that is not Python source, relative to the checkout."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", PACKAGE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return sorted(p for p in listed if not p.endswith(".py") and (ROOT / p).is_file())


def _copy_sources(dest: Path) -> Path:
    """The checkout's package sources in ``dest`` (building in the checkout would leave build/ there)."""
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(
        ROOT / PACKAGE, dest / PACKAGE, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    )
    return dest


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = _copy_sources(tmp_path_factory.mktemp("src"))
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(src)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (built,) = out.glob("warchest_bot-*.whl")
    return built


def test_every_data_file_of_the_package_is_in_the_wheel(wheel: Path):
    data = _package_data_files()
    assert any(p.endswith(".json") for p in data) and any(p.endswith(".ttf") for p in data)
    with zipfile.ZipFile(wheel) as whl:
        shipped = set(whl.namelist())
        missing = [p for p in data if p not in shipped]
        assert not missing, f"package-data in pyproject.toml lacks {missing}"
        for p in data:
            assert whl.read(p) == (ROOT / p).read_bytes(), p


def test_the_installed_wheel_reads_its_data_outside_the_checkout(wheel: Path, tmp_path: Path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # The test environment's libraries as a plain path entry (their .pth files, the editable finder of
    # the checkout among them, are not run from there).
    (site / "test-libraries.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    clean = {k: v for k, v in clean.items() if not k.startswith("WARCHEST_") and k != "DISCORD_TOKEN"}
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        env=clean,
        timeout=600,
    )
    away = tmp_path / "elsewhere"
    away.mkdir()
    proc = subprocess.run(
        [python, "-I", "-c", USES_THE_DATA, str(away / "games.sqlite3")],
        cwd=away,
        env=clean,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    home = Path(proc.stdout.strip().splitlines()[-1])
    assert home.is_relative_to(site) and not home.is_relative_to(ROOT), home
    # The console script of the wheel runs too.
    script = subprocess.run(
        [env_dir / "bin" / "warchest-bot", "--help"], cwd=away, env=clean, capture_output=True, text=True
    )
    assert script.returncode == 0 and "run" in script.stdout, script.stderr


def test_postgresql_is_an_extra_and_every_dependency_is_bounded(wheel: Path):
    """SQLite users install no PostgreSQL driver; the test extra pulls it in (the tests run PostgreSQL);
    every runtime dependency has an upper bound, and constraints.txt pins each of them."""
    with zipfile.ZipFile(wheel) as whl:
        meta = whl.read(f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info/METADATA").decode()
    requires = [
        line.split(":", 1)[1].strip() for line in meta.splitlines() if line.startswith("Requires-Dist:")
    ]
    plain = [r for r in requires if ";" not in r]
    assert not any(r.startswith("asyncpg") for r in plain), plain
    assert any(r.startswith("asyncpg") and 'extra == "postgresql"' in r for r in requires), requires
    assert any(r.startswith("warchest_bot[postgresql]") and 'extra == "test"' in r for r in requires), (
        requires
    )
    pinned = {
        line.split("==")[0].lower().replace("_", "-").replace(".", "-")
        for line in (ROOT / "constraints.txt").read_text().splitlines()
        if "==" in line
    }
    for requirement in plain + [r for r in requires if 'extra == "postgresql"' in r]:
        name = requirement.split(";")[0]
        project = (
            name.split("<")[0].split(">")[0].split("=")[0].strip().lower().replace("_", "-").replace(".", "-")
        )
        if project != "tzdata":  # the zone database: always the newest release
            assert "<" in name, f"{name} has no upper bound"
        assert project in pinned, f"constraints.txt does not pin {project}"
