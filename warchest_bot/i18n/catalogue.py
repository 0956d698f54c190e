"""Looking up and filling in messages: `t(msg_id, locale, **placeholders)`.

Locales are dicts of message id → template (see the package `en`, one module per domain). English is complete and is the fallback for any
message a locale lacks. Adding a language is adding a package like `fa` (one module per domain, each with a
`MESSAGES` dict) and registering it at the end of this module; no code that sends messages changes.

Right-to-left locales (Persian, Arabic, Hebrew, Urdu): every value filled into a template is wrapped in
Unicode first-strong isolates (U+2068 … U+2069), so a Latin player name or an action like ``Sw move e2-e3``
inside a Persian sentence keeps its own direction and does not scramble the sentence around it. Numbers
(int values) are written in the locale's digits (`format_number`: Persian digits ۰–۹ in Persian).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping

from . import en, fa

DEFAULT_LOCALE = "en"
RTL_LANGUAGES = frozenset({"fa", "ar", "he", "ur"})
_FSI, _PDI = "\u2068", "\u2069"
AUTONYMS: dict[str, str] = {"en": "English", "fa": "فارسی"}
"""Each language's name for itself (the choices a user picks a language from)."""
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_NATIVE_DIGITS: dict[str, dict[int, int]] = {"fa": PERSIAN_DIGITS}
"""The languages whose text writes numbers in their own digits (by language, e.g. "fa")."""

_CATALOGUES: dict[str, Mapping[str, str]] = {DEFAULT_LOCALE: en.MESSAGES}


def placeholders(template: str) -> set[str]:
    """The names of the placeholders a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def register_locale(locale: str, messages: Mapping[str, str]) -> None:
    """Add (or replace) a locale. Raises ValueError for unknown message ids or placeholders that the
    English message does not have (a translation may leave placeholders out, never invent them)."""
    locale = locale.strip().lower().replace("_", "-")
    if not locale:
        raise ValueError("locale must not be empty")
    reference = _CATALOGUES[DEFAULT_LOCALE]
    for msg_id, template in messages.items():
        if msg_id not in reference:
            raise ValueError(f"{locale}: unknown message id {msg_id!r}")
        extra = placeholders(template) - placeholders(reference[msg_id])
        if extra:
            raise ValueError(f"{locale}: {msg_id} uses placeholders {sorted(extra)} that English does not")
    _CATALOGUES[locale] = dict(messages)


def locales() -> list[str]:
    """The registered locales, English first."""
    return [DEFAULT_LOCALE, *sorted(loc for loc in _CATALOGUES if loc != DEFAULT_LOCALE)]


def normalize_locale(locale: str | None) -> str:
    """The registered locale that best matches ``locale`` ("fa-IR" → "fa" if only "fa" exists; Discord
    locale names such as "en-US" work); English if none matches."""
    if not locale:
        return DEFAULT_LOCALE
    wanted = locale.strip().lower().replace("_", "-")
    if wanted in _CATALOGUES:
        return wanted
    base = wanted.split("-", 1)[0]
    return base if base in _CATALOGUES else DEFAULT_LOCALE


def direction(locale: str | None) -> str:
    """ "rtl" or "ltr": the writing direction of the locale's language (for layout, e.g. images)."""
    return "rtl" if normalize_locale(locale).split("-", 1)[0] in RTL_LANGUAGES else "ltr"


def persian_digits(text: str) -> str:
    """``text`` with its digits 0–9 written as Persian digits ۰–۹."""
    return text.translate(PERSIAN_DIGITS)


def localize_digits(text: str, locale: str | None) -> str:
    """``text`` with its digits written the way the locale writes numbers (Persian digits in Persian; as is
    in English)."""
    table = _NATIVE_DIGITS.get(normalize_locale(locale).split("-", 1)[0])
    return text.translate(table) if table else text


def format_number(n: int | float, locale: str | None = DEFAULT_LOCALE) -> str:
    """A number as the locale writes it ("12" in English, "۱۲" in Persian)."""
    return localize_digits(str(n), locale)


def has_message(msg_id: str) -> bool:
    return msg_id in _CATALOGUES[DEFAULT_LOCALE]


def for_game(msg_id: str, kind: str) -> str:
    """The id of message ``msg_id`` in the words of the game ``kind``: ``<msg_id>.<kind>`` when the
    catalogue has it (e.g. "bot.hand.title.pointbuy"), else ``msg_id`` itself."""
    own = f"{msg_id}.{kind}"
    return own if has_message(own) else msg_id


def t(msg_id: str, locale: str | None = DEFAULT_LOCALE, /, **values: object) -> str:
    """The message ``msg_id`` in ``locale`` (falling back to English), with its placeholders filled in.

    Raises KeyError for an unknown message id or a placeholder the caller did not supply: both are bugs
    that the catalogue tests catch, never something a user can cause. Values a template does not use
    are ignored, so translations may leave placeholders out. In a right-to-left locale every value is
    wrapped in isolates, and int values are written in the locale's digits (`format_number`).
    """
    loc = normalize_locale(locale)
    template = _CATALOGUES[loc].get(msg_id)
    if template is None:
        loc = DEFAULT_LOCALE
        template = _CATALOGUES[DEFAULT_LOCALE][msg_id]  # KeyError: unknown message id
    if direction(loc) == "rtl":
        values = {k: f"{_FSI}{_shown(v, loc)}{_PDI}" for k, v in values.items()}
    return template.format_map(values)


def _shown(value: object, locale: str) -> object:
    """A value as it is filled into a message of ``locale``: ints in the locale's digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return format_number(value, locale)
    return value


def format_list(items: Iterable[object], locale: str | None = DEFAULT_LOCALE) -> str:
    """Items joined the way the locale writes a list ("A", "A and B", "A, B, and C")."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return words[0] if words else ""
    if len(words) == 2:
        return t("list.two", locale, first=words[0], second=words[1])
    rest = t("list.separator", locale).join(words[:-1])
    return t("list.many", locale, rest=rest, last=words[-1])


register_locale("fa", fa.MESSAGES)
