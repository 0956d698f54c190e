"""Database addresses: which backend one names, and how it may be shown (never with its password)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit


def is_postgres(target: Path | str) -> bool:
    """Whether ``target`` names a PostgreSQL database (``postgresql://…`` or ``postgres://…``)."""
    return str(target).startswith(("postgresql://", "postgres://"))


def redacted(dsn: str) -> str:
    """A DSN without its password (what logs and `path` show)."""
    parts = urlsplit(dsn)
    if parts.password is None:
        return dsn
    netloc = parts.netloc.rsplit("@", 1)
    user = (parts.username or "") + ":***"
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[-1]}"))
