"""The one message catalogue: every sentence a user reads, by message id, per locale (English first).

>>> from warchest_bot.i18n import t
>>> t("error.game_over", "en", game_id=7)
'Game #7 is over.'
"""

from .catalogue import (
    AUTONYMS,
    DEFAULT_LOCALE,
    PERSIAN_DIGITS,
    RTL_LANGUAGES,
    direction,
    for_game,
    format_list,
    format_number,
    has_message,
    locales,
    localize_digits,
    normalize_locale,
    persian_digits,
    placeholders,
    register_locale,
    t,
)
from .en import MESSAGES as EN_MESSAGES

__all__ = [
    "AUTONYMS",
    "DEFAULT_LOCALE",
    "EN_MESSAGES",
    "PERSIAN_DIGITS",
    "RTL_LANGUAGES",
    "direction",
    "for_game",
    "format_list",
    "format_number",
    "has_message",
    "locales",
    "localize_digits",
    "normalize_locale",
    "persian_digits",
    "placeholders",
    "register_locale",
    "t",
]
