"""For the Crown's `CardTables` facet: the card table a server's admins load (``/wc admin card_table``),
checked whole by `card_table.load_table`, kept in the server's settings under ``forthecrown_table``, and
put into the options of the server's new games (`kind.resolve_table`), which record it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import t
from .card_table import CardTableError, NotJsonError, load_table
from .kind import resolve_table

SERVER_TABLE_KEY = "forthecrown_table"
"""The server setting holding the loaded table (its JSON data, as `load_table` read it)."""


class ServerCardTables:
    """The card tables of For the Crown a server may load (see the module)."""

    setting: str = SERVER_TABLE_KEY

    @staticmethod
    def load_table(raw: bytes) -> dict[str, Any]:
        """The data of the table in the file ``raw`` (UTF-8 JSON, a byte order mark allowed), checked whole
        (a `CardTableError` names the first fault)."""
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise NotJsonError(f"not UTF-8 text: {exc}") from exc
        return dict(load_table(text).data)

    @staticmethod
    def with_table(options: Mapping[str, Any], loaded: Mapping[str, Any] | None) -> dict[str, Any]:
        """``options`` with ``table: server`` (the default) replaced by the server's loaded table."""
        return resolve_table(options, loaded)

    @staticmethod
    def table_line(loaded: Mapping[str, Any] | None, locale: str) -> str:
        """Which table the server's new games use: the loaded one, else (also when a stored table no
        longer loads) the shipped one."""
        if loaded is None:
            return t("forthecrown.admin.table_shipped", locale)
        try:
            table = load_table(loaded)
        except CardTableError:
            return t("forthecrown.admin.table_shipped", locale)
        return t("forthecrown.admin.table_current", locale, table=table.name, cards=len(table.cards))

    @staticmethod
    def loaded_line(data: Mapping[str, Any], locale: str) -> str:
        """What an admin reads after loading ``data``."""
        table = load_table(data)
        return t("forthecrown.admin.table_loaded", locale, table=table.name, cards=len(table.cards))

    @staticmethod
    def removed_line(locale: str) -> str:
        """What an admin reads after going back to the shipped table."""
        return t("forthecrown.admin.table_removed", locale)


SERVER_CARD_TABLES = ServerCardTables()
"""The facet (`entry.ForTheCrown.facets`)."""

__all__ = ["SERVER_CARD_TABLES", "SERVER_TABLE_KEY", "ServerCardTables"]
