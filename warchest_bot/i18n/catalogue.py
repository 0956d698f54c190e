"""Looking up and filling in messages: `t(msg_id, locale, **placeholders)`.

Where the messages live. The catalogue is made of `Catalogue`s, one per owner, each one module per domain
in each language package (a ``MESSAGES`` dict of message id → template per module; `domains.load_catalogue`
reads such a package):
- the shared words, used by every game and by the layers above the games, in this package:
  ``warchest_bot/i18n/<language>/<domain>.py`` (the domains of `domains.DOMAIN_NAMES`);
- each game's own words (its options, results, menus, pictures, alt text, rules, review reasons, tutorial,
  puzzles, and its own variants of shared messages, ``<msg_id>.<kind>``, see `for_game`) in the game's
  folder: ``warchest_bot/games/<game>/messages/<language>/<domain>.py``, the domains named in
  ``warchest_bot/games/<game>/messages/__init__.py``, which registers them (`register_catalogue`) when the
  game's package is imported, so wherever a game runs (the bot, a render worker, a test) its words do.
A message id belongs to exactly one owner (registering an id twice is a ValueError) and keeps its name
wherever its module lives, so callers never say where a message is. The games package tells the catalogue
how to import every game (`set_game_loader`); the first lookup of an id no owner has yet (and `messages`,
`catalogues`) imports them, so a game's words are there even before anything asked for the game.

English is complete and is the fallback for any message a locale lacks. Adding a language is adding a
package like `fa` (one module per domain) to the shared words and to each game's messages, and its name
to `domains.LANGUAGES`; no code that sends messages changes. The tests of ``tests/i18n`` check every
registered catalogue: each English id has a translation with the same placeholders, module by module.

Right-to-left locales (Persian, Arabic, Hebrew, Urdu): every value filled into a template is wrapped in
Unicode first-strong isolates (U+2068 … U+2069), so a Latin player name or an action in a game's notation
inside a Persian sentence keeps its own direction and does not scramble the sentence around it. Numbers
(int values) are written in the locale's digits (`format_number`: Persian digits ۰–۹ in Persian).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping

from . import en, fa
from .domains import Catalogue

DEFAULT_LOCALE = "en"
RTL_LANGUAGES = frozenset({"fa", "ar", "he", "ur"})
_FSI, _PDI = "\u2068", "\u2069"
AUTONYMS: dict[str, str] = {"en": "English", "fa": "فارسی"}
"""Each language's name for itself (the choices a user picks a language from)."""
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_NATIVE_DIGITS: dict[str, dict[int, int]] = {"fa": PERSIAN_DIGITS}
"""The languages whose text writes numbers in their own digits (by language, e.g. "fa")."""

_CATALOGUES: dict[str, dict[str, str]] = {DEFAULT_LOCALE: {}}
EN_MESSAGES: dict[str, str] = _CATALOGUES[DEFAULT_LOCALE]
"""Every English message: the shared words and those of each registered game (the reference every other
locale translates)."""
SHARED = Catalogue(
    "warchest_bot.i18n", {"en": en.MESSAGES, "fa": fa.MESSAGES}, {"en": en.DOMAINS, "fa": fa.DOMAINS}
)
"""The shared words: what every game and the layers above the games say."""
_OWNERS: dict[str, Catalogue] = {}
_game_loader: Callable[[], object] | None = None
_games_loaded = False


def placeholders(template: str) -> set[str]:
    """The names of the placeholders a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _locale_name(locale: str) -> str:
    name = locale.strip().lower().replace("_", "-")
    if not name:
        raise ValueError("locale must not be empty")
    return name


def _check_translation(locale: str, messages: Mapping[str, str], reference: Mapping[str, str]) -> None:
    """Raises ValueError for a message id ``reference`` (English) lacks or a placeholder its English
    message does not have (a translation may leave placeholders out, never invent them)."""
    for msg_id, template in messages.items():
        if msg_id not in reference:
            raise ValueError(f"{locale}: unknown message id {msg_id!r}")
        extra = placeholders(template) - placeholders(reference[msg_id])
        if extra:
            raise ValueError(f"{locale}: {msg_id} uses placeholders {sorted(extra)} that English does not")


def register_locale(locale: str, messages: Mapping[str, str]) -> None:
    """Add (or replace) a whole locale: ``messages`` translates any of the registered English messages.
    Raises ValueError for unknown message ids or placeholders that the English message does not have."""
    locale = _locale_name(locale)
    _check_translation(locale, messages, _CATALOGUES[DEFAULT_LOCALE])
    _CATALOGUES[locale] = dict(messages)


def register_catalogue(catalogue: Catalogue) -> Catalogue:
    """Add the messages of ``catalogue`` (a game's own words) to every locale and return it; a catalogue of
    the same owner registered before is replaced. Raises ValueError when an English id is already
    another owner's, or a translation has an id or a placeholder its English message lacks."""
    held = _OWNERS.get(catalogue.owner)
    if held is catalogue:
        return catalogue
    if held is not None:
        unregister_catalogue(catalogue.owner)
    english = catalogue.messages.get(DEFAULT_LOCALE, {})
    taken = sorted(set(english) & set(_CATALOGUES[DEFAULT_LOCALE]))
    if taken:
        raise ValueError(f"{catalogue.owner}: message ids already in the catalogue: {taken[:5]}")
    translations = {
        _locale_name(loc): msgs for loc, msgs in catalogue.messages.items() if loc != DEFAULT_LOCALE
    }
    for locale, messages in translations.items():
        _check_translation(f"{catalogue.owner} {locale}", messages, english)
    _CATALOGUES[DEFAULT_LOCALE].update(english)
    for locale, messages in translations.items():
        _CATALOGUES.setdefault(locale, {}).update(messages)
    _OWNERS[catalogue.owner] = catalogue
    return catalogue


def unregister_catalogue(owner: str) -> None:
    """Take the messages of ``owner``'s catalogue out of every locale (for tests that register a game of
    their own); an owner never registered is ignored."""
    catalogue = _OWNERS.pop(owner, None)
    if catalogue is None:
        return
    for locale, messages in catalogue.messages.items():
        held = _CATALOGUES.get(_locale_name(locale), {})
        for msg_id in messages:
            held.pop(msg_id, None)


def set_game_loader(loader: Callable[[], object]) -> None:
    """How to import every game, whose packages register their own messages: called once, at the first
    lookup of an id no owner has yet (the games package sets it to its registry's loader)."""
    global _game_loader, _games_loaded
    _game_loader, _games_loaded = loader, False


def _load_games() -> None:
    global _games_loaded
    if _game_loader is not None and not _games_loaded:
        _games_loaded = True
        _game_loader()


def catalogues() -> tuple[Catalogue, ...]:
    """Every registered catalogue: the shared words first, then each game's sorted by owner (the games are
    imported; the order never depends on which game's package happened to be imported first)."""
    _load_games()
    games = sorted(owner for owner in _OWNERS if owner != SHARED.owner)
    return tuple(_OWNERS[owner] for owner in [SHARED.owner, *games] if owner in _OWNERS)


def messages(locale: str | None = DEFAULT_LOCALE) -> Mapping[str, str]:
    """Every message of ``locale`` (the shared words and each game's, the games imported); English for a
    locale not registered."""
    _load_games()
    return _CATALOGUES[normalize_locale(locale)]


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
    """Whether the catalogue has the message ``msg_id`` (any owner's)."""
    if msg_id in _CATALOGUES[DEFAULT_LOCALE]:
        return True
    _load_games()
    return msg_id in _CATALOGUES[DEFAULT_LOCALE]


def for_game(msg_id: str, kind: str) -> str:
    """The id of message ``msg_id`` in the words of the game ``kind``: ``<msg_id>.<kind>`` when the
    catalogue has it (a game's own words for a shared message, in its folder), else ``msg_id`` itself."""
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
    if template is None and msg_id not in _CATALOGUES[DEFAULT_LOCALE]:
        _load_games()
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


register_catalogue(SHARED)
