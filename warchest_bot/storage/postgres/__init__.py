"""`PostgresStorage`: the repository interfaces of `..repositories` on PostgreSQL (asyncpg).

The same topic mixins as SQLite's `Storage` (see `..sqlite`), over `core.PostgresCore`, whose adapter runs
their SQL on PostgreSQL (a statement that PostgreSQL can do in fewer round trips is overridden beside it:
`actions`, and `timers`, whose insert wakes the worker's scheduler when it must); wake-ups across processes
are ``NOTIFY`` and ``LISTEN`` on a connection of its own (`listener`); the schema is SQLite's migrations translated (`schema`). Selected by a
``postgresql://`` address in ``WARCHEST_DB`` (see `warchest_bot.storage.open_storage`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import StorageError

NO_DRIVER = (
    "PostgreSQL needs the asyncpg driver, which is not installed: "
    "pip install 'warchest_bot[postgresql]' (in a checkout: sh scripts/setup.sh postgresql)"
)


class PostgresDriverMissing(StorageError):
    """WARCHEST_DB (or a command) names PostgreSQL, but asyncpg (the ``postgresql`` extra) is missing."""


try:
    import asyncpg  # noqa: F401  (every module of this package needs it)
except ImportError:
    raise PostgresDriverMissing(NO_DRIVER) from None

from ..sqlite import Storage  # noqa: E402
from .actions import PostgresActionLog  # noqa: E402
from .core import PostgresCore  # noqa: E402
from .timers import PostgresTimers  # noqa: E402

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
