"""A player's correspondence preferences, kept in the existing user settings (one JSON object per user).

Keys in the settings object (all optional; the defaults apply when a key is missing):

- ``notify``: "dm" | "mention" | "both" — how reminders reach the player (default "dm");
- ``reminders``: shares of the move time after which to remind, e.g. ``[0.5, 0.9]`` (default ``[0.5]``;
  ``[]`` = no reminders);
- ``quiet_hours``: ``"22:00-07:30"`` in the player's ``timezone`` (an IANA name, default "UTC"): no reminder
  is sent inside it; one that falls inside is moved to its end;
- ``hand_dms``: whether the bot DMs the private hand after each move (default true);
- ``text_board``: whether boards asked for and hand DMs also come as text a screen reader reads (default
  false);
- ``digest``: digest mode (default false): no hand picture after every move; when it is the player's turn,
  one DM in text (what happened since their last decision, their hand in words, the menu) with buttons for
  the pictures, and no hand DM between their turns.

The same settings object holds ``locale``, the user's language (see `Accounts.user_locale`); it is not one
of these preferences (it is set on its own, from a fixed list of choices, and read on every interaction).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .errors import ErrorCode, ServiceError

NOTIFY_CHOICES = ("dm", "mention", "both")
DEFAULT_REMINDERS = (0.5,)
MAX_REMINDERS = 4
MAX_TEXT = 64
"""The longest time zone name or quiet hours text read (the longest IANA zone name has 32 characters); a
longer one is refused before it is parsed (a name of 256 bytes made zoneinfo raise OSError, and one of
megabytes took minutes)."""
PREFERENCE_KEYS = ("notify", "reminders", "quiet_hours", "timezone", "hand_dms", "text_board", "digest")


def _bad(message_id: str, **params: Any) -> ServiceError:
    return ServiceError(ErrorCode.BAD_PREFERENCES, message_id, **params)


def bounded_text(value: Any, limit: int = MAX_TEXT) -> str:
    """``value`` as text, refused (``error.text_too_long``) when longer than ``limit`` characters."""
    text = str(value)
    if len(text) > limit:
        raise _bad("error.text_too_long", limit=limit)
    return text


def parse_clock_time(text: str) -> time:
    """ "7:30" / "07:30" / "22:00" → time; ValueError otherwise."""
    hours, _, minutes = str(text).strip().partition(":")
    return time(int(hours), int(minutes or 0))


def _zone(name: str) -> ZoneInfo:
    name = bounded_text(name)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:  # OSError: a name the file system refuses
        raise _bad("error.bad_timezone", timezone=name) from exc


@dataclass(frozen=True, slots=True)
class Preferences:
    """A player's preferences (see the module docstring). Build with `from_settings`."""

    notify: str = "dm"
    reminders: tuple[float, ...] = DEFAULT_REMINDERS
    quiet_start: time | None = None
    quiet_end: time | None = None
    timezone: str = "UTC"
    hand_dms: bool = True
    text_board: bool = False
    digest: bool = False

    @classmethod
    def from_settings(cls, settings: dict[str, Any]) -> Preferences:
        """Preferences from a stored settings object; anything unusable falls back to its default (stored
        settings were validated when written, but a bad value must never stop a reminder)."""
        try:
            return cls.validated(settings)
        except ServiceError:
            prefs = cls()
            for key in PREFERENCE_KEYS:
                if key in settings:
                    try:
                        prefs = cls.validated({**prefs.to_settings(), key: settings[key]})
                    except ServiceError:
                        continue
            return prefs

    @classmethod
    def validated(cls, settings: dict[str, Any]) -> Preferences:
        """Preferences from settings, or ServiceError("bad_preferences") naming the first bad value."""
        notify = settings.get("notify", "dm")
        if notify not in NOTIFY_CHOICES:
            raise _bad("error.bad_notify", choices=", ".join(NOTIFY_CHOICES))
        raw = settings.get("reminders", list(DEFAULT_REMINDERS))
        try:
            reminders = tuple(sorted({float(x) for x in raw}))
        except (TypeError, ValueError) as exc:
            raise _bad("error.bad_reminders", limit=MAX_REMINDERS) from exc
        if len(reminders) > MAX_REMINDERS or any(not 0 < x < 1 for x in reminders):
            raise _bad("error.bad_reminders", limit=MAX_REMINDERS)
        tz = bounded_text(settings.get("timezone", "UTC"))
        _zone(tz)
        quiet = settings.get("quiet_hours")
        start = end = None
        if quiet:
            try:
                a, b = bounded_text(quiet).split("-", 1)
                start, end = parse_clock_time(a), parse_clock_time(b)
            except ValueError as exc:
                raise _bad("error.bad_quiet_hours") from exc
            if start == end:
                raise _bad("error.bad_quiet_hours")
        hand_dms = settings.get("hand_dms", True)
        if not isinstance(hand_dms, bool):
            raise _bad("error.bad_hand_dms")
        text_board = settings.get("text_board", False)
        if not isinstance(text_board, bool):
            raise _bad("error.bad_text_board")
        digest = settings.get("digest", False)
        if not isinstance(digest, bool):
            raise _bad("error.bad_digest")
        return cls(notify, reminders, start, end, tz, hand_dms, text_board, digest)

    def to_settings(self) -> dict[str, Any]:
        quiet = None
        if self.quiet_start is not None and self.quiet_end is not None:
            quiet = f"{self.quiet_start:%H:%M}-{self.quiet_end:%H:%M}"
        return {
            "notify": self.notify,
            "reminders": list(self.reminders),
            "quiet_hours": quiet,
            "timezone": self.timezone,
            "hand_dms": self.hand_dms,
            "text_board": self.text_board,
            "digest": self.digest,
        }

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def dm(self) -> bool:
        return self.notify in ("dm", "both")

    @property
    def mention(self) -> bool:
        return self.notify in ("mention", "both")

    def quiet_until(self, moment: datetime) -> datetime | None:
        """If `moment` falls in the quiet hours, the (UTC) end of that quiet period; else None."""
        if self.quiet_start is None or self.quiet_end is None:
            return None
        zone = self.zone
        local = moment.astimezone(zone)
        now, start, end = local.time().replace(tzinfo=None), self.quiet_start, self.quiet_end
        if start < end:
            if not start <= now < end:
                return None
            day = local.date()
        else:  # over midnight, e.g. 22:00-07:00
            if end <= now < start:
                return None
            day = local.date() + timedelta(days=1) if now >= start else local.date()
        return datetime.combine(day, end, tzinfo=zone).astimezone(UTC)

    def outside_quiet_hours(self, moment: datetime) -> datetime:
        """`moment`, or the end of the quiet hours it falls in."""
        until = self.quiet_until(moment)
        return moment if until is None else until


def check_preference_changes(changes: dict[str, Any]) -> dict[str, Any]:
    """Validate a partial update of the preference keys (None removes a key); return it normalised."""
    unknown = set(changes) - set(PREFERENCE_KEYS)
    if unknown:
        raise _bad("error.bad_preference_key", keys=", ".join(PREFERENCE_KEYS))
    probe = Preferences.validated({k: v for k, v in changes.items() if v is not None})
    normal = probe.to_settings()
    return {k: (None if v is None else normal[k]) for k, v in changes.items()}


__all__ = [
    "MAX_TEXT",
    "NOTIFY_CHOICES",
    "PREFERENCE_KEYS",
    "Preferences",
    "bounded_text",
    "check_preference_changes",
]
