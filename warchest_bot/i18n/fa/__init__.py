"""Persian messages (فارسی): the translation of the English catalogue, one module per domain as in
`warchest_bot.i18n.en` (same module names, same message ids, same placeholders).

Rules for Persian templates (on top of the English ones in `warchest_bot.i18n.en`):
- Every value filled into a placeholder is wrapped in Unicode first-strong isolates by `t` (Persian is
  right to left), so write placeholders bare: ``بازی #{game_id}``.
- Left-to-right text written into a template itself (a command such as ``/wc play``, an example action,
  a hex name) is wrapped by hand in U+2068 … U+2069 (FSI … PDI), written in the
  source as ``\\u2068/wc play\\u2069``; a test checks that no Latin run stands outside an isolate.
- Notation (unit codes, hex and square names, action words typed in ``/wc play``) stays Latin.
- Numbers filled in are shown with Persian digits (۰–۹) by `t`; write digits in templates as Persian digits.
- Persian nouns after a number stay singular (۳ سکه), so one template serves every count.
- ``{detail}`` is English text from the rules engine: leave it out of Persian templates.
"""

from __future__ import annotations

from types import ModuleType

from ..domains import load, merged

DOMAINS: tuple[ModuleType, ...] = load(__name__)
"""The modules of the Persian catalogue, mirroring `warchest_bot.i18n.en.DOMAINS`."""

MESSAGES: dict[str, str] = merged(DOMAINS)
