"""Completing typed action text: what `/wc play`'s autocomplete offers while a player types.

`matching` is the one filter every game shares (the legal actions' texts narrowed by the words typed); a
game may offer more through its `GameKind.complete_action` hook, e.g. the next entry of a long action that
is written in parts (Point-Buy Chess's secret ``army``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

_WORD_SPLIT = re.compile(r"[\s\-]+")


@dataclass(frozen=True, slots=True)
class Completion:
    """One proposal for typed action text: ``text`` is what the field becomes (a whole legal action, or a
    longer start of one), ``note`` a catalogue key saying something about it (e.g. the points left) with
    ``params`` to fill it; no note: the text alone."""

    text: str
    note: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)


def normalized(typed: str) -> str:
    """Typed text as it is compared: full-width letters folded, lower case, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", typed).lower().split())


def _matches(word: str, text: str, tokens: list[str]) -> bool:
    """A typed word narrows by prefix: a coin or unit ("Sw"), a kind ("mo"), a square ("e2") or its column
    ("e") each match the words of the action that start with it; a typed move ("e2-e3") matches as
    written."""
    if "-" in word:
        return word in text
    return any(token.startswith(word) for token in tokens)


def matching(texts: Sequence[str], typed: str) -> list[int]:
    """The indexes of the ``texts`` that match every word typed (case, spacing and full-width letters
    ignored), those starting with the typed text first, otherwise in their order."""
    needle = normalized(typed)
    words = needle.split()
    hits = []
    for n, original in enumerate(texts):
        text = original.lower()
        tokens = _WORD_SPLIT.split(text)
        if all(_matches(w, text, tokens) for w in words):
            hits.append(n)
    hits.sort(key=lambda n: not texts[n].lower().startswith(needle))
    return hits


__all__ = ["Completion", "matching", "normalized"]
