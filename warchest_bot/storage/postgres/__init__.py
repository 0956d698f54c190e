"""`PostgresStorage`: the repository interfaces of `..repositories` on PostgreSQL (asyncpg).

The same topic mixins as SQLite's `Storage` (see `..sqlite`), over `core.PostgresCore`, whose adapter runs
their SQL on PostgreSQL (a statement that PostgreSQL can do in fewer round trips is overridden beside it:
`actions`, and `timers`, whose insert wakes the worker's scheduler when it must); wake-ups across processes
are ``NOTIFY`` and ``LISTEN`` on a connection of its own (`listener`); the schema is SQLite's migrations translated (`schema`). Selected by a
``postgresql://`` address in ``WARCHEST_DB`` (see `warchest_bot.storage.open_storage`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..sqlite import Storage
from .actions import PostgresActionLog
from .core import PostgresCore
from .timers import PostgresTimers

if TYPE_CHECKING:  # pragma: no cover
    from ..repositories import Repository


class PostgresStorage(PostgresActionLog, PostgresTimers, Storage, PostgresCore):
    """`Storage` on PostgreSQL: open with ``await PostgresStorage.open("postgresql://…")``."""

    async def check_integrity(self) -> None:
        """PostgreSQL checks its own pages (and has no `quick_check`): this proves that the server answers
        and the schema is there."""
        async with self._unit(write=False) as db:
            await db.execute_fetchall("SELECT count(*) FROM games")


if TYPE_CHECKING:  # pragma: no cover

    def _implements(storage: PostgresStorage) -> Repository:
        return storage


__all__ = ["PostgresStorage"]
