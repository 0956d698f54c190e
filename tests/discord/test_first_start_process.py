"""First start as an operator does it: `warchest-bot run` in a folder with a `.env`, against the fake
Discord (the bot is a separate process; only discord.py's base URLs are pointed at the fake). The first
start registers the commands in the development guild and says so; the second start sends nothing."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
from fakediscord.patching import loopback_only, point_discord_py
from warchest_bot.cli import main

with loopback_only(), point_discord_py(sys.argv[1], sys.argv[2], sys.argv[3]):
    sys.exit(main(["run"]))
"""


async def _start_and_read_sync_line(fake, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("WARCHEST_")}
    env["PYTHONPATH"] = f"{ROOT}:{ROOT / 'tests'}"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        SCRIPT,
        fake.api_base,
        fake.gateway_url,
        fake.http_url,
        cwd=cwd,
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        while True:
            raw = await asyncio.wait_for(proc.stderr.readline(), 60)
            assert raw, "the bot exited before registering its commands:\n" + "".join(seen)
            line = raw.decode()
            seen.append(line)
            if "lash command" in line:
                return line
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(proc.wait(), 30)
            except TimeoutError:
                proc.kill()
                await proc.wait()


@pytest.mark.slow
async def test_the_bot_registers_its_commands_at_first_start_only(fake, tmp_path):
    guild = fake.add_guild("Dev")
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN={fake.token}\nWARCHEST_DB=data/games.sqlite3\nWARCHEST_DEV_GUILD={guild.id}\n"
        "WARCHEST_RENDER_PROCESSES=0\nWARCHEST_AI_PROCESSES=0\n"
    )
    first = await _start_and_read_sync_line(fake, tmp_path)
    assert f"Synced 1 slash command(s) (/wc) to guild {guild.id}" in first
    assert [c["name"] for c in fake.guild_commands[guild.id]] == ["wc"]
    second = await _start_and_read_sync_line(fake, tmp_path)
    assert "unchanged" in second
    assert [g for g, _ in fake.command_syncs] == [guild.id]
    assert fake.global_commands == []
    assert (tmp_path / "data" / "games.sqlite3").is_file()
    fake.assert_clean()
