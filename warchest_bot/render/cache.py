"""A thread-safe memo for the renderer's static layers (sprites, masks, backgrounds).

Values are built once under a lock and then shared by every thread, so they must be treated as read-only:
callers paste from them or ``.copy()`` them before drawing.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_ALL: list[dict[Any, Any]] = []


def memo(fn: Callable[P, T]) -> Callable[P, T]:
    """Cache ``fn`` by its (hashable, positional) arguments; build each value at most once."""
    values: dict[Any, Any] = {}
    lock = threading.RLock()
    _ALL.append(values)

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        try:
            return values[key]
        except KeyError:
            pass
        with lock:
            if key not in values:
                values[key] = fn(*args, **kwargs)
            return values[key]

    wrapper.cache_clear = values.clear  # type: ignore[attr-defined]  # like functools.cache's wrappers
    return wrapper


def clear_all() -> None:
    """Forget every cached value (tests use it to rebuild the caches from several threads at once)."""
    for values in _ALL:
        values.clear()
