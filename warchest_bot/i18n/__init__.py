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
from .en_discord import MESSAGES as _DISCORD_MESSAGES
from .en_discord_ai import MESSAGES as _AI_MESSAGES
from .en_discord_corr import MESSAGES as _CORR_MESSAGES
from .en_discord_games import MESSAGES as _GAMES_MESSAGES
from .en_discord_polish import MESSAGES as _POLISH_MESSAGES
from .en_limits import MESSAGES as _LIMITS_MESSAGES
from .en_pictures import MESSAGES as _PICTURE_MESSAGES
from .en_pointbuy import MESSAGES as _POINTBUY_MESSAGES
from .en_pointbuy_pictures import MESSAGES as _POINTBUY_PICTURE_MESSAGES

EN_MESSAGES.update(_DISCORD_MESSAGES)  # the Discord adapter's messages, kept in their own module
EN_MESSAGES.update(_CORR_MESSAGES)  # correspondence play in the Discord adapter
EN_MESSAGES.update(_AI_MESSAGES)  # games against the bot in the Discord adapter
EN_MESSAGES.update(_POLISH_MESSAGES)  # confirmations and recoveries in the Discord adapter
EN_MESSAGES.update(_PICTURE_MESSAGES)  # sentences drawn in the pictures (the renderer's catalogue takes them)
EN_MESSAGES.update(_POINTBUY_PICTURE_MESSAGES)  # words drawn in Point-Buy Chess pictures
EN_MESSAGES.update(_LIMITS_MESSAGES)  # bad values, per-user limits, cooldowns, clearer refusals
EN_MESSAGES.update(_POINTBUY_MESSAGES)  # Point-Buy Chess: its options, results and rules
EN_MESSAGES.update(_GAMES_MESSAGES)  # the Discord adapter's words for any game

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
