"""What the end-to-end benchmarks share: playing one random legal move by `/wc play` on the fake Discord."""

from __future__ import annotations

import random
import time

from fakediscord import FakeDiscord

from warchest_bot.service import GameService


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of ``values``."""
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


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
