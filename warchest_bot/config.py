"""Configuration from the environment and an optional `.env` file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


class ConfigError(Exception):
    """A setting is missing or invalid; the message is one line meant for the operator."""


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: Path
    log_level: str
    dev_guild: int | None


def load_settings(*, require_token: bool = True) -> Settings:
    """Read settings from the environment, after loading `.env` from the working directory if present."""
    try:
        from dotenv import load_dotenv
    except ImportError:  # pragma: no cover - python-dotenv is a hard dependency
        pass
    else:
        load_dotenv(override=False)
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if require_token and not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token there "
            "(or export DISCORD_TOKEN)."
        )
    guild = os.environ.get("WARCHEST_DEV_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError("WARCHEST_DEV_GUILD must be a numeric guild id (see .env.example).")
    return Settings(
        token=token,
        db_path=Path(os.environ.get("WARCHEST_DB", "./data/warchest.sqlite3")),
        log_level=os.environ.get("WARCHEST_LOG_LEVEL", "INFO").upper(),
        dev_guild=int(guild) if guild else None,
    )
