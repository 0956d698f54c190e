"""One shard process of a bot spread over several (`warchest-bot run --shards RANGE --shard-count N`), pointed
at a fake Discord of the test process, on a shared database.

    python shard_process.py API_BASE GATEWAY_URL CDN_URL TOKEN DB RANGE COUNT NORMAL_AI_MS

The real `runner.serve`; only the waits are shortened for a test: the worker lease is tried for every
half second, the worker looks for timers and orphaned AI turns every half second, and the shards identify
without Discord's 5 s pause between them. ``NORMAL_AI_MS``: how long the normal AI level thinks."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: fakediscord

from fakediscord import point_discord_py  # noqa: E402

from warchest_bot.cli import _shard_ids  # noqa: E402
from warchest_bot.config import Settings  # noqa: E402
from warchest_bot.discord import coordinator, runner  # noqa: E402
from warchest_bot.discord.bot import ShardedWarchestBot  # noqa: E402


async def _no_pause(self: ShardedWarchestBot, shard_id: int | None, *, initial: bool = False) -> None:
    """No 5 s pause between the shards' IDENTIFYs (Discord's rate limit; the fake has none)."""


def main() -> int:
    api_base, gateway_url, cdn_url, token, db, shards, count, normal_ms = sys.argv[1:9]
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    coordinator.CAMPAIGN_EVERY = coordinator.AI_SWEEP = coordinator.TIMER_POLL = 0.5
    ShardedWarchestBot.before_identify_hook = _no_pause  # type: ignore[method-assign]
    settings = Settings(token=token, db_path=db, log_level="INFO", dev_guild=None)
    options = runner.shard_options(int(count), _shard_ids(shards))
    with point_discord_py(api_base, gateway_url, cdn_url):
        return asyncio.run(
            runner.serve(
                settings,
                guild_ready_timeout=0.05,
                render_processes=0,
                ai_processes=0,
                ai_budgets={"normal": float(normal_ms)},
                **options,
            )
        )


if __name__ == "__main__":
    sys.exit(main())
