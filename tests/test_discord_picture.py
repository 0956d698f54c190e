"""scripts/discord_picture.py (which draws images/discord-thread.png for the README) still plays a game
through the real bot against the fake Discord and lays out what a player sees; the screenshot itself
needs Chromium and is not taken here."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PNG = b"\x89PNG\r\n\x1a\n"


def _script():
    spec = importlib.util.spec_from_file_location("discord_picture", ROOT / "scripts" / "discord_picture.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
async def test_the_picture_shows_the_board_post_and_the_hand_dm():
    script = _script()
    scene = await script.play_scene(moves=2)
    board = scene.thread_posts[-1]
    assert "it is your turn" in board.content and board.pictures[0][0].startswith(PNG)
    labels = [c.get("label") for row in board.components for c in row["components"]]
    assert "Play" in labels
    [hand] = scene.dm_posts
    assert "Your hand" in hand.content and hand.pictures[0][0].startswith(PNG)
    # the board pings the player whose DMs are shown
    assert f"@{scene.player}</span>" in script.message_html(board.content, scene.names)
    # the thread shows no hand: its pictures are boards
    assert all("Your hand" not in p.content for p in scene.thread_posts)
    page = script.scene_html(scene)
    assert page.count("data:image/png;base64,") == len(scene.thread_posts) + 1
    assert not re.search(r"https?://", page)  # the page loads nothing from outside the machine
    assert "&lt;@" not in page  # mentions are drawn as names


def test_the_text_is_drawn_as_discord_draws_it():
    script = _script()
    names = {1: "Alice", 2: "war-chest"}
    drawn = script.message_html("**Game #1** <@1>, see <#2>\n<b>", names)
    assert drawn == (
        '<b>Game #1</b> <span class="mention">@Alice</span>, see <span class="mention">#war-chest</span>'
        "<br>&lt;b&gt;"
    )
