"""The whole of a test database as comparable text, on either backend (a test that must "change nothing"
compares the dumps before and after)."""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from warchest_bot.storage import is_postgres


def dump(path: Path | str) -> list[str]:
    """The whole database as text, read through a separate connection (sees every commit): SQLite's SQL
    dump, or every row of every table of a PostgreSQL database."""
    if is_postgres(path):
        return _dump_postgres(str(path))
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def _dump_postgres(dsn: str) -> list[str]:
    import asyncpg

    async def read() -> list[str]:
        conn = await asyncpg.connect(dsn)
        try:
            lines = []
            tables = await conn.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                " ORDER BY table_name"
            )
            for (table,) in tables:
                rows = await conn.fetch(f'SELECT * FROM "{table}"')
                lines += sorted(f"{table} {tuple(row)}" for row in rows)
            return lines
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:  # callers are inside the tests' event loop
        return pool.submit(asyncio.run, read()).result()
