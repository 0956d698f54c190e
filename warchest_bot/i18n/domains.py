"""A catalogue is one module per domain in each language package (each module with a ``MESSAGES`` dict),
the same domains in every language: the shared words in `warchest_bot.i18n` (`DOMAIN_NAMES`), each game's
own words in its folder (``warchest_bot/games/<game>/messages/``, its own domain names). `load` imports a
language's modules, `merged` joins them, `load_catalogue` makes the `Catalogue` of a messages package."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType

LANGUAGES: tuple[str, ...] = ("en", "fa")
"""The languages the bot speaks (a package of that name in every messages package), English first."""

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
    "puzzles",
    "completion",
    "review",
    "watching",
    "records",
    "seats",
    "web",
    "conditionals",
    "digests",
    "tournaments",
    "tournament_commands",
    "tutorial",
    "knockout",
    "leagues",
)
"""The domains of the shared words, in catalogue order (a new domain is a module of that name in every
language package, and its name here)."""


@dataclass(frozen=True)
class Catalogue:
    """The messages one owner adds to the catalogue (the shared words, or one game's own words)."""

    owner: str
    """Who the messages belong to: the package they live in (``warchest_bot.games.<kind>.messages``)."""
    messages: Mapping[str, Mapping[str, str]]
    """Message id → template, by language; English holds every id, other languages translate them."""
    domains: Mapping[str, tuple[ModuleType, ...]] = field(default_factory=dict)
    """The domain modules the messages come from, by language (empty for messages made in code)."""


def load(package: str, names: Sequence[str] = DOMAIN_NAMES) -> tuple[ModuleType, ...]:
    """The domain modules ``names`` of the language package ``package`` (e.g. ``warchest_bot.i18n.fa``)."""
    return tuple(importlib.import_module(f"{package}.{name}") for name in names)


def merged(modules: tuple[ModuleType, ...]) -> dict[str, str]:
    """All messages of ``modules``; a message id defined in two of them is a ValueError."""
    result: dict[str, str] = {}
    for module in modules:
        for msg_id, template in module.MESSAGES.items():
            if msg_id in result:
                raise ValueError(f"message id {msg_id!r} is defined twice (again in {module.__name__})")
            result[msg_id] = template
    return result


def load_catalogue(package: str, names: Sequence[str], languages: Sequence[str] = LANGUAGES) -> Catalogue:
    """The catalogue of the messages package ``package``: its modules ``<package>.<language>.<name>``."""
    domains = {language: load(f"{package}.{language}", names) for language in languages}
    return Catalogue(package, {language: merged(modules) for language, modules in domains.items()}, domains)
