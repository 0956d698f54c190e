"""English messages: the reference catalogue every other locale translates, one module per domain.

Keys are stable message ids (``area.name``); values are `str.format` templates with named placeholders.
Rules for templates (and for translators):
- one complete sentence (or a few) per message, never a fragment to be glued to another;
- placeholders are named (``{player}``, ``{game_id}``) and a translation may reorder or leave out any of
  them, but may not introduce new ones;
- action texts and place names (hexes, squares) are a game's notation, the same in every language;
- ``{detail}`` is an explanation produced by the rules engine, in English only; other locales should leave it
  out of their templates;
- labels (buttons, menus, option names) are short words, also translatable here;
- ``{deadline}`` / ``{until}`` are Discord timestamps (``<t:UNIX:R>``), which every reader sees in their own
  time zone and language.

Every domain module holds a ``MESSAGES`` dict; :data:`MESSAGES` is all of them (a message id lives in
exactly one module).
"""

from __future__ import annotations

from types import ModuleType

from ..domains import load, merged

DOMAINS: tuple[ModuleType, ...] = load(__name__)
"""The modules of the shared English words (each game's own are in its folder, see `..catalogue`)."""

MESSAGES: dict[str, str] = merged(DOMAINS)
