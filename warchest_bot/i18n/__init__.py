"""The one message catalogue: every sentence a user reads, by message id, per locale (English first): the
shared words live here, each game's own words in its folder (see `catalogue`).

>>> from warchest_bot.i18n import t
>>> t("error.game_over", "en", game_id=7)
'Game #7 is over.'
"""

from .catalogue import (
    AUTONYMS,
    DEFAULT_LOCALE,
    EN_MESSAGES,
    PERSIAN_DIGITS,
    RTL_LANGUAGES,
    catalogues,
    direction,
    for_game,
    format_list,
    format_number,
    has_message,
    locales,
    localize_digits,
    messages,
    normalize_locale,
    persian_digits,
    placeholders,
    register_catalogue,
    register_locale,
    set_game_loader,
    t,
    unregister_catalogue,
)
from .domains import Catalogue, load_catalogue

__all__ = [
    "AUTONYMS",
    "Catalogue",
    "DEFAULT_LOCALE",
    "EN_MESSAGES",
    "PERSIAN_DIGITS",
    "RTL_LANGUAGES",
    "catalogues",
    "direction",
    "for_game",
    "format_list",
    "format_number",
    "has_message",
    "locales",
    "messages",
    "load_catalogue",
    "localize_digits",
    "normalize_locale",
    "persian_digits",
    "placeholders",
    "register_catalogue",
    "register_locale",
    "set_game_loader",
    "t",
    "unregister_catalogue",
]
