"""A language's catalogue is one module per domain (each with a ``MESSAGES`` dict), the same domains in
every language: `DOMAIN_NAMES` lists them, `load` imports a language's modules, `merged` joins them."""

from __future__ import annotations

import importlib
from types import ModuleType

DOMAIN_NAMES: tuple[str, ...] = (
    "common",
    "lobby",
    "play",
    "clocks",
    "history",
    "accounts",
    "errors",
    "ai",
    "help",
    "alt_text",
    "pointbuy",
    "pointbuy_pictures",
    "puzzles",
    "warchest",
    "warchest_pictures",
    "completion",
    "tutorial",
    "rules_warchest",
    "review",
)
"""The domains of every language, in catalogue order: what every game shares, then each game's own (a new
domain is a module of that name in every language package, and its name here)."""


def load(package: str) -> tuple[ModuleType, ...]:
    """The domain modules of the language package ``package`` (e.g. ``warchest_bot.i18n.fa``)."""
    return tuple(importlib.import_module(f"{package}.{name}") for name in DOMAIN_NAMES)


def merged(modules: tuple[ModuleType, ...]) -> dict[str, str]:
    """All messages of ``modules``; a message id defined in two of them is a ValueError."""
    result: dict[str, str] = {}
    for module in modules:
        for msg_id, template in module.MESSAGES.items():
            if msg_id in result:
                raise ValueError(f"message id {msg_id!r} is defined twice (again in {module.__name__})")
            result[msg_id] = template
    return result
