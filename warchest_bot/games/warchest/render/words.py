"""The words of the pictures, from the message catalogue in the picture's locale, and the direction they
are laid out in.

Every word the renderer draws comes from ``warchest_bot/games/warchest/messages/<locale>/pictures.py``: ``pic``
gives ``picture.wc.*`` ids, ``unit_text`` the units' ``unit.<Code>.*`` ids, ``last`` the ``picture.last.*``
sentences. In a Persian picture numbers are written with Persian digits (``num``; hex names such as ``e2``
are notation and stay Latin). ``Flow`` mirrors the x coordinates of a right-to-left locale's picture:
layout code computes positions as for English and maps them through the flow, so the English pictures
stay exactly as they were and a Persian one is their mirror image (the hex board itself is not mirrored).
"""

from __future__ import annotations

from dataclasses import dataclass

from warchest_bot.i18n import DEFAULT_LOCALE, direction, normalize_locale, t
from warchest_bot.render.text import persian_digits

__all__ = ["DEFAULT_LOCALE", "Flow", "last", "num", "pic", "picture_locale", "unit_text"]


def picture_locale(locale: str | None) -> str:
    """The registered locale a picture is drawn in (English for None or an unknown locale), the cache key
    of pictures with words."""
    return normalize_locale(locale)


def _persian_numbers(locale: str) -> bool:
    return locale.split("-", 1)[0] == "fa"


def num(n: int | str, locale: str) -> str:
    """A number as the locale writes it in pictures (Persian digits in Persian)."""
    return persian_digits(str(n)) if _persian_numbers(locale) else str(n)


def _filled(locale: str, values: dict[str, object]) -> dict[str, object]:
    if not _persian_numbers(locale):
        return values
    return {
        k: num(v, locale) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in values.items()
    }


def pic(key: str, locale: str, **values: object) -> str:
    """The picture text ``picture.wc.<key>`` in ``locale`` with ``values`` filled in (ints as numbers)."""
    return t(f"picture.wc.{key}", locale, **_filled(locale, values))


def last(key: str, locale: str, **values: object) -> str:
    """The last-action sentence ``picture.last.<key>`` in ``locale``."""
    return t(f"picture.last.{key}", locale, **_filled(locale, values))


def unit_text(code: str, field: str, locale: str) -> str:
    """A unit's ``name``, ``short``, ``tactic``, ``attribute`` or ``restriction`` in ``locale`` (the
    last three may be empty: the unit has none)."""
    return t(f"unit.{code}.{field}", locale)


_FLIP = {"l": "r", "r": "l"}


@dataclass(frozen=True)
class Flow:
    """x coordinates of a picture (or a part of it) ``width`` pixels wide, mirrored when ``rtl``."""

    width: float
    rtl: bool

    @classmethod
    def of(cls, width: float, locale: str) -> Flow:
        return cls(width, direction(locale) == "rtl")

    def x(self, x: float) -> float:
        """Where a point at ``x`` (as laid out left to right) goes."""
        return self.width - x if self.rtl else x

    def left(self, x: float, w: float) -> float:
        """The left edge of a thing ``w`` wide whose left edge is at ``x`` when laid out left to right."""
        return self.width - x - w if self.rtl else x

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        """A box as laid out left to right, placed."""
        return (self.width - x1, y0, self.width - x0, y1) if self.rtl else (x0, y0, x1, y1)

    @property
    def mark(self) -> str:
        """Put before a line that starts with no letter (``×3``) so that it still reads in the picture's
        direction: the right-to-left mark U+200F when mirrored, else nothing."""
        return "\u200f" if self.rtl else ""

    def anchor(self, anchor: str) -> str:
        """A text anchor (``"lm"``, ``"rm"``, ``"mm"``, …): left and right swap when mirrored."""
        return _FLIP.get(anchor[0], anchor[0]) + anchor[1:] if self.rtl else anchor
