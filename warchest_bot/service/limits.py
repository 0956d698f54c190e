"""What a request may carry and how much one user may start: id checks and per-user limits.

- `checks_ids(...)` decorates a service coroutine: the named arguments (user, server, channel, thread and
  message ids, `Player`/`AiPlayer` values or sequences of them, ``game_id``) are checked before the method
  runs. A Discord id is a positive 64-bit integer: anything else (a negative id, ``2**63``, a string) is
  refused with ``bad_id`` instead of reaching SQLite (which raises a raw OverflowError for ``2**63``). An AI
  seat must name a known level (``bad_options``), else no AI would ever play it and the game would stall.
- `Limits` says how many open challenges, games in progress and new games per hour one user may have;
  `check_new_game` counts them inside the creating transaction (so two requests at once cannot both slip
  under a limit) and refuses politely, naming the limit.
"""

from __future__ import annotations

import functools
import inspect
import unicodedata
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from ..games import ai_levels_of, game_kinds, get_game
from ..games.text import without_controls
from .errors import ErrorCode, ServiceError
from .results import AiPlayer, Player

INT64_MAX = 2**63 - 1
MAX_LIST = 100

P = ParamSpec("P")
R = TypeVar("R")


def check_id(value: object) -> int:
    """``value`` if it is a valid Discord id (a positive 64-bit integer), else ``bad_id``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= INT64_MAX:
        raise ServiceError(ErrorCode.BAD_ID, value=str(value)[:40])
    return value


def ai_levels() -> tuple[str, ...]:
    """The AI levels of every registered game, in their games' order."""
    return tuple(dict.fromkeys(level for kind in game_kinds() for level in ai_levels_of(get_game(kind))))


def check_ai_level(level: object) -> str:
    """``level`` if an AI of that level exists, else ``bad_options`` naming the levels."""
    levels = ai_levels()
    if not isinstance(level, str) or level not in levels:
        raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_ai_level", choices=", ".join(levels))
    return level


def check_list_limit(limit: object, most: int = MAX_LIST) -> int:
    """How many entries a list may show: 1 to ``most``."""
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= most:
        raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_list_limit", limit=most)
    return limit


def typed_text(text: str) -> str:
    """What a user typed, as the rules read it: NFKC-normalised (full-width ``ＬＣ ｍｏｖｅ`` reads as
    ``LC move``) and stripped."""
    return unicodedata.normalize("NFKC", text).strip()


def echo_text(text: str, limit: int = 80) -> str:
    """User text to quote back in a message: no bidirectional controls (a right-to-left override would
    flip the rest of the sentence) or other control characters, at most ``limit`` characters."""
    return without_controls(text)[:limit]


def _check_value(name: str, value: Any) -> None:
    if value is None:
        return
    if name == "game_id":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= INT64_MAX:
            raise ServiceError(ErrorCode.UNKNOWN_GAME, game_id=str(value)[:40])
        return
    if isinstance(value, Player):
        check_id(value.user_id)
    elif isinstance(value, AiPlayer):
        check_ai_level(value.level)
    elif isinstance(value, Sequence) and not isinstance(value, str | bytes):
        for item in value:
            _check_value(name, item)
    else:
        check_id(value)


def checks_ids(*names: str) -> Callable[[Callable[P, Awaitable[R]]], Callable[P, Awaitable[R]]]:
    """Check the arguments ``names`` of the decorated coroutine (see the module docstring) first."""

    def decorate(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
        signature = inspect.signature(method)
        unknown = set(names) - set(signature.parameters)
        if unknown:
            raise TypeError(f"{method.__qualname__} has no parameters {sorted(unknown)}")

        @functools.wraps(method)
        async def checked(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                arguments = signature.bind(*args, **kwargs).arguments
            except TypeError:
                return await method(*args, **kwargs)  # let Python report the bad call as usual
            for name in names:
                if name in arguments:
                    _check_value(name, arguments[name])
            return await method(*args, **kwargs)

        return checked

    return decorate


@dataclass(frozen=True, slots=True)
class Limits:
    """How much one user may start (0 or None: no limit). Defaults suit a public server."""

    open_challenges: int = 5
    """Open challenges a user created that wait for players."""
    active_games: int = 20
    """Games a user takes part in that are waiting for players or under way."""
    games_per_hour: int = 20
    """Games (challenges and games against the bot) a user may create within one hour."""
    challenge_expiry: timedelta | None = timedelta(days=7)
    """How long a challenge waits for players before it is cancelled."""
    reviews_per_hour: int = 6
    """New game reviews (`/wc review`) a user may ask for within one hour (a stored review is free)."""
    reviews_at_once: int = 2
    """Reviews being made at once in the whole bot (each user has at most one at a time anyway)."""

    @classmethod
    def none(cls) -> Limits:
        """No limits at all (tests, scripts)."""
        return cls(0, 0, 0, None, 0, 0)


async def check_new_game(
    storage: Any,
    limits: Limits,
    user_id: int,
    now: datetime,
    *,
    creates: bool,
    challenge: bool = False,
    is_requester: bool = True,
    name: str = "",
) -> None:
    """Refuse (``limit_reached``) a game the user may not take part in now. ``creates``: the user creates
    it (counts towards games per hour); ``challenge``: it is an open challenge; ``is_requester``: the user
    asked for it (else the message names ``name``, e.g. the opponent of a rematch)."""
    challenges, current, created = await storage.user_counts(user_id, since=now - timedelta(hours=1))
    if limits.active_games and current >= limits.active_games:
        if is_requester:
            raise ServiceError(ErrorCode.LIMIT_REACHED, "error.limit_active_games", limit=limits.active_games)
        raise ServiceError(
            ErrorCode.LIMIT_REACHED, "error.limit_active_games_other", limit=limits.active_games, player=name
        )
    if creates and challenge and limits.open_challenges and challenges >= limits.open_challenges:
        raise ServiceError(
            ErrorCode.LIMIT_REACHED, "error.limit_open_challenges", limit=limits.open_challenges
        )
    if creates and limits.games_per_hour and created >= limits.games_per_hour:
        raise ServiceError(ErrorCode.LIMIT_REACHED, "error.limit_games_per_hour", limit=limits.games_per_hour)


__all__ = [
    "INT64_MAX",
    "Limits",
    "check_ai_level",
    "check_id",
    "check_list_limit",
    "check_new_game",
    "checks_ids",
    "echo_text",
    "typed_text",
]
