"""The one message catalogue: every sentence a user reads, by message id, per locale (English first).

>>> from warchest_bot.i18n import t
>>> t("error.game_over", "en", game_id=7)
'Game #7 is over.'
"""

from .catalogue import (
    DEFAULT_LOCALE,
    RTL_LANGUAGES,
    direction,
    for_game,
    format_list,
    has_message,
    locales,
    normalize_locale,
    placeholders,
    register_locale,
    t,
)
from .en import MESSAGES as EN_MESSAGES

__all__ = [
    "DEFAULT_LOCALE",
    "EN_MESSAGES",
    "RTL_LANGUAGES",
    "direction",
    "for_game",
    "format_list",
    "has_message",
    "locales",
    "normalize_locale",
    "placeholders",
    "register_locale",
    "t",
]
