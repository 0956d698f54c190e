"""For the Crown's own words in every language the bot speaks, one module per domain in each language
package (``en/``, ``fa/``), laid out like the shared words of `warchest_bot.i18n`. Importing this package
(the game's pictures do) adds them to the catalogue.

Domains: ``play`` (title, phases, pools, the decisions a played card leaves, results, the card-table
loader's errors ``forthecrown.table.*``, house-value marks), ``cards`` (each card's name
``forthecrown.card.<id>`` and each effect's text ``forthecrown.effect.<effect>``), ``pictures``
(``picture.ftc.*``), ``alt_text`` (``alt.ftc.*``), ``table`` (``/wc admin card_table``: ``forthecrown.admin.*``). Unit names are Point-Buy Chess's (``picture.pb.unit.*``).
"""

from __future__ import annotations

from ....i18n import register_catalogue
from ....i18n.domains import Catalogue, load_catalogue

DOMAIN_NAMES: tuple[str, ...] = ("play", "cards", "pictures", "alt_text", "discord", "guide", "table")
"""The domains of For the Crown's messages, a module of that name in every language package."""

CATALOGUE: Catalogue = register_catalogue(load_catalogue(__name__, DOMAIN_NAMES))
"""For the Crown's messages, registered in the catalogue."""
