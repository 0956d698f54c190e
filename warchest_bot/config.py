"""Configuration from the environment and an optional `.env` file.

The `.env` file is read from the folder the bot is started in (or the file given with `--env-file`), never
from next to this module: after a normal install the package lives in site-packages, and in a source tree
a developer's own `.env` must not leak into the tests. Values already in the environment win over the file.

A setting that is present but malformed (`WARCHEST_RENDER_PROCESSES=two`, `WARCHEST_LOG_LEVEL=LOUD`) is an
error, reported in one line naming the variable: a typo must not silently fall back to the default.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from .service.limits import Limits
from .storage.dsn import is_postgres

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _database(value: str) -> Path | str:
    """WARCHEST_DB: a ``postgresql://`` address stays text; anything else is an SQLite file path."""
    return value if is_postgres(value) else Path(value)


class ConfigError(Exception):
    """A setting is missing or invalid; the message is one line meant for the operator."""


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: Path | str
    """An SQLite file, or a ``postgresql://`` address (WARCHEST_DB)."""
    log_level: str
    dev_guild: int | None
    render_processes: int | None = None
    """Worker processes that draw pictures; None = the default (up to 2, one per spare core)."""
    ai_processes: int | None = None
    """Worker processes in which the AI thinks; None = the default (1)."""
    limits: Limits = field(default_factory=Limits)
    """Per-user limits (WARCHEST_MAX_OPEN_CHALLENGES, WARCHEST_MAX_ACTIVE_GAMES, WARCHEST_MAX_GAMES_PER_HOUR,
    WARCHEST_CHALLENGE_EXPIRY_HOURS; 0 switches one off)."""
    web: tuple[str, int] | None = None
    """Where the read-only web pages are served (WARCHEST_WEB=host:port); None: no pages (the default)."""
    web_url: str | None = None
    """The pages' public address, behind a reverse proxy (WARCHEST_WEB_URL); None: http://host:port."""


def load_env_file(env_file: Path | str | None = None) -> Path | None:
    """Load `env_file`, or `./.env` in the current working folder, into `os.environ` (without overriding
    what is already set). Return the file that was read, or None. A named file that does not exist is a
    `ConfigError`; a missing `./.env` is not."""
    path = Path(env_file) if env_file is not None else Path.cwd() / ".env"
    if not path.is_file():
        if env_file is not None:
            raise ConfigError(f"--env-file {env_file}: no such file.")
        return None
    from dotenv import load_dotenv

    load_dotenv(path, override=False)
    return path


def _env(name: str) -> str:
    return os.environ.get(name, "").strip()


def env_int(name: str, *, minimum: int = 0, maximum: int | None = None) -> int | None:
    """The integer in environment variable `name`, or None when it is unset or empty. Anything else that
    is not a whole number in [minimum, maximum] raises a one-line `ConfigError` naming the variable."""
    text = _env(name)
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < minimum or (maximum is not None and value > maximum):
        bound = f"from {minimum} to {maximum}" if maximum is not None else f"of at least {minimum}"
        raise ConfigError(
            f"{name}={text!r} is not valid: it must be a whole number {bound} (see .env.example)."
        )
    return value


def load_settings(*, require_token: bool = True, env_file: Path | str | None = None) -> Settings:
    """Read settings from the environment, after loading `env_file` (or `./.env`) if present."""
    load_env_file(env_file)
    token = _env("DISCORD_TOKEN")
    if require_token and not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set: copy .env.example to .env in the folder you start the bot from and "
            "put your bot token there (or export DISCORD_TOKEN, or pass --env-file PATH)."
        )
    guild = _env("WARCHEST_DEV_GUILD")
    if guild and not (guild.isdigit() and 0 < int(guild) < 2**63):
        raise ConfigError(
            f"WARCHEST_DEV_GUILD={guild!r} is not valid: it must be a numeric guild id (see .env.example)."
        )
    level = _env("WARCHEST_LOG_LEVEL").upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"WARCHEST_LOG_LEVEL={_env('WARCHEST_LOG_LEVEL')!r} is not valid: it must be one of "
            f"{', '.join(LOG_LEVELS)} (see .env.example)."
        )
    return Settings(
        token=token,
        db_path=_database(_env("WARCHEST_DB") or "./data/warchest.sqlite3"),
        log_level=level,
        dev_guild=int(guild) if guild else None,
        render_processes=env_int("WARCHEST_RENDER_PROCESSES", maximum=64),
        ai_processes=env_int("WARCHEST_AI_PROCESSES", maximum=64),
        limits=load_limits(),
        web=load_web(),
        web_url=load_web_url(),
    )


def load_web() -> tuple[str, int] | None:
    """WARCHEST_WEB: ``host:port`` (``[::1]:8080`` for IPv6) where the web pages are served; unset: none."""
    text = _env("WARCHEST_WEB")
    if not text:
        return None
    host, sep, port = text.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(
            f"WARCHEST_WEB={text!r} is not valid: it must be host:port, e.g. 127.0.0.1:8080 (see .env.example)."
        )
    return host, int(port)


def load_web_url() -> str | None:
    """WARCHEST_WEB_URL: the public address of the web pages (https://games.example.org), if set."""
    text = _env("WARCHEST_WEB_URL")
    if not text:
        return None
    if not text.startswith(("http://", "https://")) or any(c.isspace() for c in text):
        raise ConfigError(
            f"WARCHEST_WEB_URL={text!r} is not valid: it must be an http:// or https:// address (see .env.example)."
        )
    return text.rstrip("/")


def _count(name: str, default: int) -> int:
    value = env_int(name, maximum=1_000_000)
    return default if value is None else value


def load_limits() -> Limits:
    """Per-user limits from the environment; defaults as in `Limits`."""
    default = Limits()
    expiry_default = int(default.challenge_expiry.total_seconds() // 3600) if default.challenge_expiry else 0
    expiry = _count("WARCHEST_CHALLENGE_EXPIRY_HOURS", expiry_default)
    return Limits(
        open_challenges=_count("WARCHEST_MAX_OPEN_CHALLENGES", default.open_challenges),
        active_games=_count("WARCHEST_MAX_ACTIVE_GAMES", default.active_games),
        games_per_hour=_count("WARCHEST_MAX_GAMES_PER_HOUR", default.games_per_hour),
        challenge_expiry=timedelta(hours=expiry) if expiry else None,
        reviews_per_hour=_count("WARCHEST_MAX_REVIEWS_PER_HOUR", default.reviews_per_hour),
    )
