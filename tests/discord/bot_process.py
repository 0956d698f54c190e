"""The real bot (`runner.serve`) in its own process, pointed at a fake Discord of the test process.

    python bot_process.py API_BASE GATEWAY_URL CDN_URL TOKEN DB   (an SQLite path or a PostgreSQL DSN)

For the crash tests and bench/crash_repeats.py: `start_bot` starts it, and they kill it (SIGKILL) or stop
it (SIGTERM) between a commit and its announcement. Importing this module starts nothing."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


async def start_bot(
    fake: Any, db: str | Path, log: Path, *, append: bool = False, timeout: float = 60.0
) -> asyncio.subprocess.Process:
    """This script in its own process, the bot of database ``db`` against ``fake`` (a `FakeDiscord`), once it
    has connected to the fake's gateway (within ``timeout`` seconds); its output goes to ``log`` (added to
    it with ``append``), and it runs in ``log``'s folder."""
    identifies = len(fake.gateway.identifies) + 1
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        fake.api_base,
        fake.gateway_url,
        fake.http_url,
        fake.token,
        str(db),
        cwd=str(log.parent),
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=log.open("ab" if append else "wb"),
        stderr=asyncio.subprocess.STDOUT,
    )
    await fake.wait_for_connection(timeout, identifies=identifies)
    return proc


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: fakediscord
    from fakediscord import point_discord_py

    from warchest_bot.config import Settings
    from warchest_bot.discord import runner

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
