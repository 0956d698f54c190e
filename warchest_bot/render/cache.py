"""A thread-safe memo for the renderer's static layers (sprites, masks, backgrounds), and `BytesLRU`, the
size-bounded cache of finished pictures (the bot's replays, the web pages' boards).

Memo values are built once under a lock and then shared by every thread, so they must be treated as
read-only: callers paste from them or ``.copy()`` them before drawing.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
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


class BytesLRU:
    """Encoded pictures by key, at most ``max_bytes`` in all, the least recently used dropped first (one
    larger than the whole bound is not kept); ``hits`` and ``misses`` count the lookups. Used from the event
    loop only (not thread-safe)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self.size = 0
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> bytes | None:
        data = self._items.get(key)
        if data is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return data

    def put(self, key: Hashable, data: bytes) -> None:
        if len(data) > self.max_bytes:
            return
        old = self._items.pop(key, None)
        if old is not None:
            self.size -= len(old)
        self._items[key] = data
        self.size += len(data)
        while self.size > self.max_bytes:
            _, dropped = self._items.popitem(last=False)
            self.size -= len(dropped)

    def clear(self) -> None:
        self._items.clear()
        self.size = 0

    def __len__(self) -> int:
        return len(self._items)
