"""The systemd units under deploy/ (and their copies in docs/running.md) start the bot with arguments the
command line accepts."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from warchest_bot.cli import build_parser
from warchest_bot.discord.runner import shard_options

ROOT = Path(__file__).resolve().parents[1]


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
