"""What the end-to-end benchmarks share: playing one random legal move by `/wc play` on the fake Discord, and
when the fake Discord received each board."""

from __future__ import annotations

import random
import re
import time

from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import DISCORD_EPOCH_MS
from warchest_bot.service import GameService


async def play_random_move(
    fake: FakeDiscord, service: GameService, game_id: int, rng: random.Random
) -> tuple[float, float, float] | None:
    """The player to act sends a random legal action with `/wc play`; waits for the board of the new
    position in the game's place. Returns the perf-counter times (sent, acknowledged, board posted), or
    None when the game is over."""
    info = await service.get_game(game_id)
    if info.status != "active" or info.to_act is None or info.to_act.user_id is None:
        return None
    uid = info.to_act.user_id
    legal = await service.legal_actions(game_id, uid)
    place = fake.channels[info.thread_id or info.channel_id]
    name = f"warchest-{game_id}-{info.ply + 1}.png"
    since = fake.mark()
    sent = time.perf_counter()
    inter = await fake.send_slash_command(
        fake.users[uid], place, "wc play", {"action": rng.choice(legal).text, "game": game_id}
    )
    await inter.wait_response()
    acked = time.perf_counter()
    await fake.wait_for_message(
        place, lambda m: any(a.filename == name for a in m.attachments), 10, since=since
    )
    return sent, acked, time.perf_counter()


def boards_posted(fake: FakeDiscord, kind: str = "warchest") -> dict[int, dict[int, float]]:
    """When the fake Discord stored the first board image of each position: {game id: {ply: Unix time}},
    read from each message's snowflake id (millisecond resolution), so that the bot needs no record of
    its own posts for a benchmark."""
    name = re.compile(rf"{re.escape(kind)}-(\d+)-(\d+)\.png")
    posted: dict[int, dict[int, float]] = {}
    for message in fake.posted:
        for attachment in message.attachments:
            if found := name.fullmatch(attachment.filename):
                at = ((message.id >> 22) + DISCORD_EPOCH_MS) / 1000
                posted.setdefault(int(found[1]), {}).setdefault(int(found[2]), at)
    return posted
