"""The Discord adapter: discord.py cogs, the `/wc` command group, buttons, DMs. Thin over the service.

`WarchestBot` is imported on first use, so that the worker processes, which import only this package's
rendering and worker modules, never load discord.py (tens of megabytes each)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .bot import WarchestBot


def __getattr__(name: str) -> Any:
    if name == "WarchestBot":
        from .bot import WarchestBot

        return WarchestBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["WarchestBot"]
