"""The real bot (`runner.serve`) in its own process, pointed at a fake Discord of the test process.

    python bot_process.py API_BASE GATEWAY_URL CDN_URL TOKEN DB   (an SQLite path or a PostgreSQL DSN)

For the crash tests: the test kills this process (SIGKILL) or stops it (SIGTERM) between a commit and its
announcement."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: fakediscord

from fakediscord import point_discord_py  # noqa: E402

from warchest_bot.config import Settings  # noqa: E402
from warchest_bot.discord import runner  # noqa: E402


def main() -> int:
    api_base, gateway_url, cdn_url, token, db = sys.argv[1:6]
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    database = db if "://" in db else Path(db)
    settings = Settings(token=token, db_path=database, log_level="INFO", dev_guild=None)
    with point_discord_py(api_base, gateway_url, cdn_url):
        return asyncio.run(
            runner.serve(settings, guild_ready_timeout=0.05, render_processes=0, ai_processes=0)
        )


if __name__ == "__main__":
    sys.exit(main())
