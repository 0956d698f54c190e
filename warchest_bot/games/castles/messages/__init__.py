"""Castles' own words in every language the bot speaks, one module per domain in each language package
(``en/``, ``fa/``), laid out like the shared words of `warchest_bot.i18n`. Importing this package (the
game's entry does) adds them to the catalogue.

Domains: ``play`` (title, results, rules in brief, the phrases of a turn's summary, its variants of shared
messages), ``units`` (each unit's and event's name and text), ``pictures`` (``picture.ca.*``), ``alt_text``
(``alt.ca.*``), ``guide`` (the rules guide's pages, ``rules.castles.*``).
"""

from __future__ import annotations

from ....i18n import register_catalogue
from ....i18n.domains import Catalogue, load_catalogue

DOMAIN_NAMES: tuple[str, ...] = ("play", "units", "pictures", "alt_text", "guide")
"""The domains of Castles' messages, a module of that name in every language package."""

CATALOGUE: Catalogue = register_catalogue(load_catalogue(__name__, DOMAIN_NAMES))
"""Castles' messages, registered in the catalogue."""
