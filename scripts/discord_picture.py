"""Draw images/discord-thread.png: a War Chest game as its players see it in Discord.

The real bot (warchest_bot.discord on the real discord.py client) plays a few moves of a game between
Alice and Bob against the loopback fake Discord of tests/fakediscord, exactly as the end-to-end tests
drive it: `/wc new`, the Accept button, then `/wc play` for each move. The messages the bot posted are
then laid out the way Discord shows them, in an HTML page (the game's thread with the latest board post,
its picture and its buttons; beside it the DM with the hand of the player to act and its menu), and
headless Chromium takes the screenshot. Nothing leaves 127.0.0.1.

    .venv/bin/python scripts/discord_picture.py                   # writes images/discord-thread.png
    .venv/bin/python scripts/discord_picture.py --html page.html  # only the page (no Chromium needed)

Chromium is needed only to make the picture (Debian: `apt-get install chromium`), never by the bot or
its tests. The game's seed is drawn afresh each run, so each picture shows another game.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import html
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from fakediscord import FakeDiscord, FakeMessage  # noqa: E402

from warchest_bot.discord import WarchestBot  # noqa: E402
from warchest_bot.service import GameService  # noqa: E402

FONTS = ROOT / "warchest_bot" / "render" / "fonts"
PREFERRED_KINDS = ("attack", "tactic", "control", "move", "deploy", "bolster", "recruit", "claim")
"""Which of the legal actions a player of the picture's game takes first: a board with some action on it."""
WIDTH, HEIGHT = 1280, 960


@dataclass
class Post:
    """One message as Discord shows it: who wrote it, its text, its pictures and its components."""

    author: str
    content: str
    pictures: list[tuple[bytes, str]]
    components: list[dict[str, Any]]
    is_bot: bool = True


@dataclass
class Scene:
    """What the picture shows: the game's thread and one player's DM with the bot."""

    server: str
    channel: str
    thread: str
    thread_posts: list[Post]
    player: str
    """Whose DMs the picture shows: the player to act."""
    dm_with: str
    dm_posts: list[Post]
    names: dict[int, str]
    """Display names by user id (mentions) and channel names by channel id."""


async def play_scene(moves: int = 30) -> Scene:
    """Play at least ``moves`` moves of a first-game War Chest game through the real bot on the fake
    Discord, up to the start of a round (when the player to act gets a new hand by DM), and collect the
    messages the picture shows: the last two board posts of the thread and that hand DM."""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Board Game Club")
            channel = fake.add_text_channel(guild, "war-chest")
            alice = fake.add_user("alice", global_name="Alice")
            bob = fake.add_user("bob", global_name="Bob")
            async with GameService.open(Path(tmp) / "games.sqlite3") as service:
                bot = WarchestBot(service, guild_ready_timeout=0.05)
                async with fake.run_client(bot):
                    await bot.tree.sync()
                    new = await fake.send_slash_command(
                        alice, channel, "wc new", {"opponent": bob, "units": "first-game"}
                    )
                    await new.wait_response()
                    await fake.wait_until(lambda: new.original_message_id is not None)
                    challenge = fake.messages[new.original_message_id]
                    game_id = int(challenge.content.split("#")[1].split()[0])
                    accept = await fake.click_button(bob, challenge, f"wc:ch:join:{game_id}")
                    await accept.wait_response()
                    await fake.wait_until(lambda: "has started" in fake.messages[challenge.id].content, 30)
                    hand = None
                    for played_moves in range(moves + 12):
                        info = await service.get_game(game_id)
                        if info.status != "active" or info.to_act is None:
                            raise RuntimeError(f"game #{game_id} ended before the picture")
                        thread = fake.channels[info.thread_id or info.channel_id]
                        if played_moves >= moves:  # stop where the player to act has just got a new hand
                            board_name = f"warchest-{game_id}-{info.ply}.png"
                            await fake.wait_for_message(
                                thread,
                                lambda m, name=board_name: any(a.filename == name for a in m.attachments),
                                60,
                            )
                            hand = await _hand_offering(fake, info.to_act.user_id, info.ply, 3.0)
                            if hand is not None:
                                break
                        legal = await service.legal_actions(game_id, info.to_act.user_id)
                        action = min(
                            legal,
                            key=lambda a: PREFERRED_KINDS.index(a.kind) if a.kind in PREFERRED_KINDS else 99,
                        )
                        user = fake.users[info.to_act.user_id]
                        played = await fake.send_slash_command(
                            user, thread, "wc play", {"action": action.text, "game": game_id}
                        )
                        await played.wait_response()
                    if hand is None:
                        raise RuntimeError("no round began where the picture could be taken")
                    boards = [m for m in fake.messages_in(thread) if m.attachments and not m.ephemeral]
                    assert bot.user is not None
                    bot_name = bot.user.display_name
                    names = {u.id: u.global_name or u.username for u in fake.users.values()}
                    names.update({c.id: c.name or "" for c in fake.channels.values()})
                    return Scene(
                        server=guild.name,
                        channel=channel.name or "",
                        thread=thread.name or "",
                        thread_posts=[_post(bot_name, m) for m in boards[-2:]],
                        player=names[hand.dm_recipient_id or 0],
                        dm_with=bot_name,
                        dm_posts=[_post(bot_name, hand)],
                        names=names,
                    )


async def _hand_offering(fake: FakeDiscord, user_id: int, ply: int, wait: float) -> FakeMessage | None:
    """The newest hand DM of ``user_id`` that offers the decision at ``ply`` (its menu names the ply), if
    one comes within ``wait`` seconds: a hand DM comes when a round begins, not after every move."""

    def offers_menu(m: FakeMessage) -> bool:
        ids = [c.get("custom_id", "") for c in m.walk_components()]
        return m.is_dm and m.dm_recipient_id == user_id and any(re.search(rf":{ply}(:|$)", i) for i in ids)

    deadline = time.monotonic() + wait
    while True:
        found = [m for m in fake.posted if offers_menu(m) and not m.deleted]
        if found:
            return found[-1]
        if time.monotonic() > deadline:
            return None
        await asyncio.sleep(0.1)


def _post(author: str, message: FakeMessage) -> Post:
    pictures = [(a.data, getattr(a, "description", None) or a.filename) for a in message.attachments]
    return Post(author, message.content, pictures, list(message.components))


# --- the page ---------------------------------------------------------------------------------------------

BUTTON_COLOURS = {1: "#5865f2", 2: "#4e5058", 3: "#248046", 4: "#da373c", 5: "#4e5058"}
"""Discord's button styles: primary, secondary, success, danger, link."""


def message_html(text: str, names: dict[int, str]) -> str:
    """Discord's rendering of a message's text: mentions as pills, **bold**, timestamps, line breaks."""
    out = html.escape(text)
    out = re.sub(
        r"&lt;@!?(\d+)&gt;",
        lambda m: f'<span class="mention">@{html.escape(names.get(int(m[1]), "someone"))}</span>',
        out,
    )
    out = re.sub(
        r"&lt;#(\d+)&gt;",
        lambda m: f'<span class="mention">#{html.escape(names.get(int(m[1]), "channel"))}</span>',
        out,
    )
    out = re.sub(
        r"&lt;t:(\d+)(?::\w)?&gt;",
        lambda m: f'<span class="time">{time.strftime("%d %B %Y %H:%M", time.gmtime(int(m[1])))}</span>',
        out,
    )
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return out.replace("\n", "<br>")


def components_html(rows: Sequence[dict[str, Any]]) -> str:
    """Action rows of buttons and select menus, drawn as Discord draws them."""
    parts = []
    for row in rows:
        items = []
        for item in row.get("components", []):
            if item.get("type") == 2:
                colour = BUTTON_COLOURS.get(item.get("style", 2), "#4e5058")
                items.append(
                    f'<span class="button" style="background:{colour}">{html.escape(item.get("label", ""))}</span>'
                )
            elif item.get("type") == 3:
                label = item.get("placeholder") or "Make a selection"
                items.append(
                    f'<span class="select">{html.escape(label)}<span class="chevron">⌄</span></span>'
                )
        parts.append(f'<div class="row">{"".join(items)}</div>')
    return "".join(parts)


def post_html(post: Post, names: dict[int, str], picture_height: int) -> str:
    """One message: avatar, name with the BOT tag, text, pictures, components."""
    pictures = "".join(
        f'<img class="picture" style="max-height:{picture_height}px" alt="{html.escape(alt)}"'
        f' src="data:image/png;base64,{base64.b64encode(data).decode()}">'
        for data, alt in post.pictures
    )
    tag = '<span class="tag">APP</span>' if post.is_bot else ""
    return (
        '<div class="message"><div class="avatar">W</div><div class="body">'
        f'<div class="author">{html.escape(post.author)}{tag}<span class="when">Today at 18:04</span></div>'
        f'<div class="content">{message_html(post.content, names)}</div>'
        f"{pictures}{components_html(post.components)}</div></div>"
    )


def scene_html(scene: Scene) -> str:
    """The whole page: the thread on the left, the DM on the right, each scrolled to its newest message
    as Discord shows a conversation (older messages leave at the top)."""
    thread = "".join(post_html(p, scene.names, 700) for p in scene.thread_posts)
    dm = "".join(post_html(p, scene.names, 330) for p in scene.dm_posts)
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>War Chest on Discord</title><style>
@font-face {{ font-family: "Sans"; src: url("{(FONTS / "DejaVuSans.ttf").as_uri()}"); }}
@font-face {{ font-family: "Sans"; font-weight: bold; src: url("{(FONTS / "DejaVuSans-Bold.ttf").as_uri()}"); }}
html, body {{ margin: 0; background: #1e1f22; font-family: "Sans", sans-serif; color: #dbdee1; }}
body {{ width: {WIDTH}px; height: {HEIGHT}px; display: flex; gap: 14px; padding: 14px; box-sizing: border-box; }}
.pane {{ background: #313338; border-radius: 8px; overflow: hidden; display: flex; flex-direction: column; }}
.thread {{ flex: 1.45; }} .dm {{ flex: 1; }}
.header {{ flex: none; height: 48px; display: flex; align-items: center; padding: 0 16px; border-bottom: 1px solid #26272b;
  font-weight: bold; color: #f2f3f5; font-size: 15px; gap: 8px; white-space: nowrap; overflow: hidden; }}
.header .muted {{ color: #949ba4; font-weight: normal; }}
.messages {{ flex: 1; min-height: 0; overflow: hidden; display: flex; flex-direction: column; justify-content: flex-end; padding: 8px 0 14px; }}
.message {{ display: flex; gap: 14px; padding: 6px 16px; }}
.avatar {{ width: 40px; height: 40px; flex: none; border-radius: 50%; background: #5865f2; color: #fff;
  display: flex; align-items: center; justify-content: center; font-weight: bold; font-size: 18px; }}
.body {{ min-width: 0; }}
.author {{ font-weight: bold; color: #f2f3f5; font-size: 15px; display: flex; align-items: center; gap: 6px; }}
.tag {{ background: #5865f2; color: #fff; font-size: 10px; padding: 1px 5px; border-radius: 3px; }}
.when {{ color: #949ba4; font-size: 12px; font-weight: normal; }}
.content {{ font-size: 15px; line-height: 1.4; margin-top: 2px; }}
.mention {{ background: rgba(88, 101, 242, .3); color: #c9cdfb; border-radius: 3px; padding: 0 2px; }}
code {{ background: #2b2d31; border-radius: 3px; padding: 0 3px; font-size: 13px; }}
.picture {{ display: block; margin-top: 6px; border-radius: 8px; max-width: 100%; }}
.row {{ display: flex; gap: 8px; margin-top: 8px; flex-wrap: wrap; }}
.button {{ color: #fff; font-size: 14px; padding: 6px 16px; border-radius: 4px; }}
.select {{ background: #1e1f22; border: 1px solid #1a1b1e; color: #949ba4; font-size: 14px; padding: 8px 12px;
  border-radius: 4px; min-width: 300px; display: flex; justify-content: space-between; }}
.chevron {{ color: #dbdee1; }}
</style></head><body>
<div class="pane thread"><div class="header"><span class="muted">{html.escape(scene.server)} ›
 # {html.escape(scene.channel)} ›</span> {html.escape(scene.thread)}</div>
<div class="messages">{thread}</div></div>
<div class="pane dm"><div class="header"><span class="muted">{html.escape(scene.player)}'s direct messages ›</span> @{html.escape(scene.dm_with)}</div>
<div class="messages">{dm}</div></div>
</body></html>
"""


def screenshot(page: Path, out: Path, chromium: str) -> None:
    """Headless Chromium's screenshot of ``page`` (flags for a machine without network or GPU)."""
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--allow-file-access-from-files",
                f"--user-data-dir={profile}",
                f"--window-size={WIDTH},{HEIGHT}",
                f"--screenshot={out.resolve()}",
                page.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "images" / "discord-thread.png")
    parser.add_argument("--html", type=Path, help="write only this HTML page (no screenshot)")
    parser.add_argument("--moves", type=int, default=30, help="moves to play at least (default 30)")
    parser.add_argument("--chromium", default="chromium", help="the Chromium to take the screenshot with")
    args = parser.parse_args(argv)
    page = scene_html(asyncio.run(play_scene(args.moves)))
    if args.html is not None:
        args.html.write_text(page)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "page.html"
        path.write_text(page)
        screenshot(path, args.out, args.chromium)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
