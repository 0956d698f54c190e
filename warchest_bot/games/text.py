"""What a player typed, as the games quote it back in their explanations ("there is no unit called 'zz'").

Typed text may carry invisible characters: bidirectional controls (a right-to-left override flips the rest
of the sentence it is quoted in) and other control characters. `repr` would show them as escapes
(``'\\u202esw'``); `quoted` leaves them out instead, so the quote reads as what the player sees.
"""

from __future__ import annotations

import unicodedata

BIDI_CONTROLS = dict.fromkeys(
    map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"), None
)
"""The bidirectional marks, embeddings, overrides and isolates (for `str.translate`: removed)."""


def without_controls(text: str) -> str:
    """``text`` without bidirectional controls, and with every other control character as a space."""
    return "".join(" " if unicodedata.category(c) == "Cc" else c for c in text.translate(BIDI_CONTROLS))


def quoted(text: str) -> str:
    """``text`` in single quotes for an explanation, without bidirectional or other control characters
    (never escapes)."""
    return f"'{without_controls(text)}'"


__all__ = ["BIDI_CONTROLS", "quoted", "without_controls"]
