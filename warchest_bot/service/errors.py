"""The service's one exception family: `ServiceError`, with a stable machine `code` and a catalogue message.

The adapter shows `err.message(locale)` to the user (ephemerally) and may branch on `err.code`. Errors a
user can cause never change stored state; `user_caused` is False for the few that are the bot's fault
(storage trouble, a game that cannot be rebuilt), which the service has already logged.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ..i18n import t


class ErrorCode(StrEnum):
    """Stable error codes (compare with plain strings too: ``err.code == "stale"``)."""

    UNKNOWN_GAME = "unknown_game"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"
    ILLEGAL = "illegal"
    UNPARSEABLE = "unparseable"
    AMBIGUOUS = "ambiguous"
    GAME_OVER = "game_over"
    ALREADY_STARTED = "already_started"
    NOT_STARTED = "not_started"
    SEAT_TAKEN = "seat_taken"
    ALREADY_SEATED = "already_seated"
    GAME_FULL = "game_full"
    NOT_INVITED = "not_invited"
    NOT_CREATOR = "not_creator"
    TOO_LATE = "too_late"
    TABLE_NOT_FULL = "table_not_full"
    INVALID_SEAT = "invalid_seat"
    BAD_PLY = "bad_ply"
    BAD_OPTIONS = "bad_options"
    BAD_INVITE = "bad_invite"
    BUSY = "busy"
    STORAGE = "storage"
    CORRUPT_GAME = "corrupt_game"
    # correspondence play
    NO_CLOCK = "no_clock"
    NOT_TIMED_OUT = "not_timed_out"
    NOT_OPPONENT = "not_opponent"
    UNDO_REFUSED = "undo_refused"
    NO_UNDO_REQUEST = "no_undo_request"
    VACATION_REFUSED = "vacation_refused"
    BAD_PREFERENCES = "bad_preferences"
    NOT_FINISHED = "not_finished"
    REMATCH_EXISTS = "rematch_exists"
    # bad values and per-user limits
    BAD_ID = "bad_id"
    LIMIT_REACHED = "limit_reached"


_BOT_CAUSED = frozenset({ErrorCode.BUSY, ErrorCode.STORAGE, ErrorCode.CORRUPT_GAME})


class ServiceError(Exception):
    """A refused request. ``code`` is stable; ``message(locale)`` is the sentence to show the user.

    ``message_id`` is the catalogue entry (``"error." + code`` unless a more specific variant applies);
    ``params`` fill its placeholders; ``detail`` is the rules engine's English explanation, when there is
    one (also available to templates as ``{detail}``).
    """

    def __init__(
        self,
        code: ErrorCode | str,
        message_id: str | None = None,
        *,
        detail: str | None = None,
        **params: Any,
    ) -> None:
        self.code = ErrorCode(code)
        self.message_id = message_id or f"error.{self.code.value}"
        self.detail = detail
        self.params = params
        super().__init__(self.message())

    @property
    def user_caused(self) -> bool:
        return self.code not in _BOT_CAUSED

    def message(self, locale: str | None = "en") -> str:
        """The user-facing message in ``locale`` (English if the locale lacks it)."""
        return t(self.message_id, locale, detail=self.detail or "", **self.params)

    def __repr__(self) -> str:
        return f"ServiceError({self.code.value!r}, {self.message_id!r}, {self.params!r})"
