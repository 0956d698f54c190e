"""War Chest's own words in every language the bot speaks, one module per domain in each language package
(``en/``, ``fa/``), laid out like the shared words of `warchest_bot.i18n` (whose module docstring says
where every message lives). Importing this package (the game's package does) adds them to the catalogue.

Domains: ``play`` (options, results, turns, the coin menu, its variants of shared messages), ``alt_text``
(``alt.wc.*``), ``pictures`` (the words drawn in its images), ``rules`` (``/wc rules`` guide), ``tutorial``,
``puzzles`` (goals and solutions), ``review`` (why the AI's move is better), ``nobility`` and ``siege``
(the expansions' guide pages and their other words).
"""

from __future__ import annotations

from ....i18n import register_catalogue
from ....i18n.domains import Catalogue, load_catalogue

DOMAIN_NAMES: tuple[str, ...] = (
    "play",
    "alt_text",
    "pictures",
    "rules",
    "tutorial",
    "puzzles",
    "review",
    "nobility",
    "siege",
)
"""The domains of War Chest's messages, a module of that name in every language package."""

CATALOGUE: Catalogue = register_catalogue(load_catalogue(__name__, DOMAIN_NAMES))
"""War Chest's messages, registered in the catalogue."""
