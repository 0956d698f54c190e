"""The systemd units under deploy/ (and their copies in docs/running.md) start the bot with arguments the
command line accepts, and restart it after a failure but not after the exit code of a bad configuration."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from warchest_bot.cli import build_parser, main
from warchest_bot.discord.runner import shard_options

ROOT = Path(__file__).resolve().parents[1]


def _setting(unit_text: str, name: str) -> str:
    return next(ln.split("=", 1)[1] for ln in unit_text.splitlines() if ln.startswith(f"{name}="))


def _exec_args(unit_text: str, instance: str) -> list[str]:
    line = next(ln for ln in unit_text.splitlines() if ln.startswith("ExecStart="))
    words = shlex.split(line.removeprefix("ExecStart=").replace("%i", instance))
    assert words[1] == "bot.py", words  # `python bot.py ARGS` is `warchest-bot run ARGS`
    return words[2:]


def test_the_units_start_the_bot_with_valid_arguments():
    units = sorted((ROOT / "deploy").glob("*.service"))
    assert [u.name for u in units] == ["warchest-bot.service", "warchest-bot@.service"]
    assert _exec_args(units[0].read_text(), "") == []
    for instance in ("0-1", "2-3"):
        args = build_parser().parse_args(["run", *_exec_args(units[1].read_text(), instance)])
        options = shard_options(args.shard_count, args.shards)
        assert options["shard_count"] == 4 and len(options["shard_ids"]) == 2


def test_the_running_guide_shows_the_units_as_they_are():
    guide = (ROOT / "docs" / "running.md").read_text()
    for unit in (ROOT / "deploy").glob("*.service"):
        body = "\n".join(ln for ln in unit.read_text().splitlines() if not ln.startswith("#"))
        blocks = re.findall(r"```ini\n# /etc/systemd/system/[^\n]*\n(.*?)```", guide, re.S)
        assert body.strip() in [b.strip() for b in blocks], unit.name


def test_the_units_restart_the_bot_unless_its_configuration_must_be_fixed(tmp_path, monkeypatch, capsys):
    """`run` exits with 2 for what must be fixed first (here: no DISCORD_TOKEN; also a bad setting, the
    database, shards another process serves, a wrong argument); systemd restarts on any other failure."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    empty = tmp_path / ".env"
    empty.write_text("")
    assert main(["run", "--env-file", str(empty)]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err
    with pytest.raises(SystemExit) as bad_argument:
        main(["run", "--shard-count", "many"])
    assert bad_argument.value.code == 2
    for unit in sorted((ROOT / "deploy").glob("*.service")):
        text = unit.read_text()
        assert _setting(text, "Restart") == "on-failure", unit.name
        assert _setting(text, "RestartPreventExitStatus") == "2", unit.name
