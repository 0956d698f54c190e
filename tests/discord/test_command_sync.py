"""The bot registers its slash commands itself at start-up, only when they changed (hash kept in the
database), globally or in the development guild; `warchest-bot sync` stays for manual use."""

from __future__ import annotations

import logging
import subprocess
import sys
import textwrap
from pathlib import Path

import discord
import pytest
from discord import app_commands

from warchest_bot.discord import WarchestBot
from warchest_bot.service import GameService

ROOT = Path(__file__).resolve().parents[2]


def _sync_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    lines = [r.getMessage() for r in caplog.records if "lash command" in r.getMessage()]
    caplog.clear()
    return lines


async def test_first_start_syncs_then_unchanged_then_a_changed_tree_syncs_again(fake, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="warchest_bot.discord")
    fake.add_guild("Home")
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        async with fake.run_client(WarchestBot(service, guild_ready_timeout=0.05)):
            pass
        assert [guild for guild, _ in fake.command_syncs] == [None]
        assert [c["name"] for c in fake.global_commands] == ["wc"]
        [line] = _sync_lines(caplog)
        assert "Synced 1 slash command(s) (/wc) globally" in line and "up to an hour" in line

    # A restart (new process, same database, same commands): nothing is sent.
    async with GameService.open(db) as service:
        async with fake.run_client(WarchestBot(service, guild_ready_timeout=0.05)):
            pass
        assert len(fake.command_syncs) == 1
        [line] = _sync_lines(caplog)
        assert "unchanged" in line and "nothing to sync" in line

        # An upgrade that changes the tree: registered again at the next start.
        bot = WarchestBot(service, guild_ready_timeout=0.05)

        @app_commands.command(name="wcping", description="A command added by an upgrade")
        async def wcping(interaction: discord.Interaction) -> None:  # pragma: no cover - never invoked
            await interaction.response.send_message("pong")

        bot.tree.add_command(wcping)
        async with fake.run_client(bot):
            pass
        assert len(fake.command_syncs) == 2
        assert sorted(c["name"] for c in fake.global_commands) == ["wc", "wcping"]
        [line] = _sync_lines(caplog)
        assert "Synced 2 slash command(s)" in line
    fake.assert_clean()


async def test_dev_guild_gets_the_commands_instantly_and_separately(fake, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="warchest_bot.discord")
    guild = fake.add_guild("Dev")
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        for _ in range(2):
            async with fake.run_client(
                WarchestBot(service, guild_ready_timeout=0.05, command_guild=guild.id)
            ):
                pass
        assert [g for g, _ in fake.command_syncs] == [guild.id]
        assert [c["name"] for c in fake.guild_commands[guild.id]] == ["wc"]
        assert fake.global_commands == []
        first, second = _sync_lines(caplog)
        assert f"to guild {guild.id}" in first and "Synced 1" in first and "hour" not in first
        assert "unchanged" in second
        # Switching to global registration is a different target: it syncs.
        async with fake.run_client(WarchestBot(service, guild_ready_timeout=0.05)):
            pass
        assert [g for g, _ in fake.command_syncs] == [guild.id, None]


@pytest.mark.slow
@pytest.mark.parametrize("command", ["sync", "run"])
def test_sync_and_run_say_one_line_and_exit_1_when_discord_cannot_be_reached(tmp_path, command):
    """Both exit 1 (worth trying again; a service manager restarts on it), not 2 (something to fix)."""
    # discord.py pointed at a loopback port nothing listens on (bound, then closed).
    script = textwrap.dedent(
        """
        import socket, sys
        from fakediscord.patching import loopback_only, point_discord_py
        from warchest_bot.cli import main

        s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
        base = f"http://127.0.0.1:{port}"
        with loopback_only(), point_discord_py(base + "/api/v10", "ws://127.0.0.1:%d/" % port, base):
            sys.exit(main([sys.argv[1]]))
        """
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}",
        "DISCORD_TOKEN": "abc",
        "WARCHEST_RENDER_PROCESSES": "0",
        "WARCHEST_AI_PROCESSES": "0",
        "WARCHEST_LOG_LEVEL": "WARNING",
    }
    proc = subprocess.run(
        [sys.executable, "-c", script, command],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("warchest-bot: cannot reach Discord") and "Traceback" not in proc.stderr
