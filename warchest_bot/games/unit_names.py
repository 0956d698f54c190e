"""Unit names in the players' languages, as typed in `/wc play` and shown in its autocomplete.

Every game names its units by code in its notation (``Ar deploy e2``, ``Kn b1-c3``); `GameKind.unit_names`
gives each code's name in a locale. This module is what every game shares on top of that:

- `NameIndex`: the names of a game's units in every registered language but English (the games read English
  names themselves), compared leniently: Arabic and Persian forms of yeh and kaf (ي/ی, ك/ک) are the same
  letter, the zero-width non-joiner and spaces inside a name do not count (``سواره‌نظام`` = ``سواره نظام`` =
  ``سوارهنظام``), nor do diacritics, tatweel or case.
- `with_codes`: typed action text with the unit names it holds replaced by their codes (``کماندار deploy
  e2`` → ``Ar deploy e2``), so a game's own parser reads it.
- `complete_with_names`: a game's completion run on typed text whose last word may be the start of a
  name (``کمان``): the completions for every unit whose name starts so, merged.
- `action_label`: how an action shows in the autocomplete list for a locale: the names of the units it
  involves before the notation (catalogue ``completion.label``); English shows the notation alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..i18n import DEFAULT_LOCALE, locales, normalize_locale, t
from .completion import Completion

_FOLD = str.maketrans(
    {
        "\u064a": "\u06cc",  # Arabic yeh -> Persian yeh
        "\u0649": "\u06cc",  # alef maksura -> Persian yeh
        "\u0643": "\u06a9",  # Arabic kaf -> Persian kaf (keheh)
        "\u06c0": "\u0647",  # heh with yeh above -> heh
        "\u0629": "\u0647",  # teh marbuta -> heh
        "\u0623": "\u0627",  # alef with hamza above -> alef
        "\u0625": "\u0627",  # alef with hamza below -> alef
        "\u200c": None,  # zero-width non-joiner
        "\u200d": None,  # zero-width joiner
        "\u0640": None,  # tatweel
        "\u2066": None,
        "\u2067": None,
        "\u2068": None,
        "\u2069": None,
        "\u200e": None,
        "\u200f": None,
    }
)
_MARKS = re.compile(r"[\u064b-\u065f\u0670]")
"""Arabic-script diacritics (harakat, superscript alef): not part of the name as people type it."""
_SCRIPT = re.compile(r"[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefc]")
MAX_NAME_WORDS = 4
"""The most words one name may be typed in (``کشیش جنگجو``)."""


def fold(text: str) -> str:
    """``text`` as names are compared: NFKC (presentation forms and full-width letters folded), Persian
    yeh and kaf, no ZWNJ, tatweel, diacritics or directional marks, lower case."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return _MARKS.sub("", text).lower()


def name_key(name: str) -> str:
    """The key a name is looked up by: `fold` without spaces."""
    return "".join(fold(name).split())


def has_script(text: str) -> bool:
    """Whether ``text`` holds Arabic-script letters (Persian)."""
    return _SCRIPT.search(text) is not None


@dataclass(frozen=True)
class NameIndex:
    """Unit names (not English) → codes, by `name_key`; ``codes`` lists every code with a name."""

    by_key: Mapping[str, str]

    @classmethod
    def of(cls, unit_names: Callable[[str], Mapping[str, str]]) -> NameIndex:
        """The index of a game's ``unit_names(locale)`` over every registered locale but English (names
        without Arabic-script letters are left to the game's own parser)."""
        english = {name_key(n) for n in unit_names(DEFAULT_LOCALE).values()}
        by_key: dict[str, str] = {}
        for loc in locales():
            if loc == DEFAULT_LOCALE:
                continue
            for code, name in unit_names(loc).items():
                key = name_key(name)
                if key and key not in english and has_script(name):
                    by_key.setdefault(key, code)
        return cls(by_key)

    def code_of(self, words: Sequence[str]) -> str | None:
        """The code of the unit named by ``words`` (one name, possibly typed in several words)."""
        return self.by_key.get("".join(fold(w) for w in words))

    def codes_starting(self, start: str) -> list[str]:
        """The codes whose name starts with ``start`` (folded): the one it names whole first, then the
        others in the order of the index, each once."""
        key = name_key(start)
        if not key:
            return []
        exact = self.by_key.get(key)
        out: list[str] = [exact] if exact is not None else []
        for name, code in self.by_key.items():
            if name.startswith(key) and code not in out:
                out.append(code)
        return out


_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def _words(text: str) -> list[str]:
    """Typed text as words: Persian and Arabic-Indic digits as ASCII (``e۲`` is ``e2``), the Persian comma
    as a comma, and commas apart from the words (a name right before a comma is still a word)."""
    return text.translate(_DIGITS).replace("\u060c", ",").replace(",", " , ").split()


def _replace(words: Sequence[str], index: NameIndex) -> list[str]:
    """``words`` with each run of words that names a unit replaced by its code (longest run first)."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if has_script(words[i]):
            for j in range(min(len(words), i + MAX_NAME_WORDS), i, -1):
                code = index.code_of(words[i:j])
                if code is not None:
                    out.append(code)
                    i = j
                    break
            else:
                out.append(words[i])
                i += 1
        else:
            out.append(words[i])
            i += 1
    return out


def with_codes(text: str, index: NameIndex | Callable[[], NameIndex]) -> str:
    """``text`` with the unit names it holds (in any language but English) replaced by their codes;
    text without Arabic-script letters comes back as it is (the index is then not even built)."""
    if not has_script(text):
        return text
    idx = index() if callable(index) else index
    return " ".join(_replace(_words(text), idx)).replace(" , ", ", ")


def complete_with_names(
    complete: Callable[[str], list[Completion]], typed: str, index: NameIndex | Callable[[], NameIndex]
) -> list[Completion]:
    """``complete(typed)`` with unit names replaced by codes; when the last typed words are (the start
    of) a name (``کمان`` of ``کماندار``), the completions for each unit whose name starts so, merged in
    order (each text once)."""
    if not has_script(typed):
        return complete(typed)
    idx = index() if callable(index) else index
    words = _words(typed)
    tail = 0
    while tail < len(words) and has_script(words[len(words) - 1 - tail]):
        tail += 1
    for k in range(min(tail, MAX_NAME_WORDS), 0, -1):
        codes = idx.codes_starting("".join(words[len(words) - k :]))
        if codes:
            head = _replace(words[: len(words) - k], idx)
            break
    else:
        return complete(" ".join(_replace(words, idx)))
    found: list[Completion] = []
    seen: set[str] = set()
    for code in codes:
        for c in complete(" ".join([*head, code])):
            if c.text not in seen:
                seen.add(c.text)
                found.append(c)
    return found


_CODE_WORD = re.compile(r"[A-Za-z]+")


def action_label(text: str, names: Mapping[str, str], locale: str) -> str:
    """How action ``text`` shows in the autocomplete list in ``locale``: the names of the (last two)
    units it names by code before the notation, ``کماندار · Ar deploy e2``; in English, or when it
    names no unit, the notation alone."""
    if normalize_locale(locale) == DEFAULT_LOCALE:
        return text
    codes: list[str] = []
    for word in _CODE_WORD.findall(text):
        if word in names and word not in codes:
            codes.append(word)
    shown = [names[c] for c in codes[-2:] if names[c] != c]
    if not shown:
        return text
    units = t("completion.label.separator", locale).join(shown)
    return t("completion.label", locale, units=units, action=text)


__all__ = [
    "NameIndex",
    "action_label",
    "complete_with_names",
    "fold",
    "has_script",
    "name_key",
    "with_codes",
]
