"""Joining a language's domain modules (each with a ``MESSAGES`` dict) into one catalogue."""

from __future__ import annotations

from types import ModuleType


def merged(modules: tuple[ModuleType, ...]) -> dict[str, str]:
    """All messages of ``modules``; a message id defined in two of them is a ValueError."""
    result: dict[str, str] = {}
    for module in modules:
        for msg_id, template in module.MESSAGES.items():
            if msg_id in result:
                raise ValueError(f"message id {msg_id!r} is defined twice (again in {module.__name__})")
            result[msg_id] = template
    return result
