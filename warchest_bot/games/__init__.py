"""The games the bot plays, behind one interface (`base.GameKind` makes `base.GameState`s) and a
registry keyed by the stored ``kind``.

>>> from warchest_bot.games import get_game
>>> game = get_game("warchest")
>>> state = game.new_state(game.default_options(), seed=1)
>>> state.apply(state.legal_actions()[0])
"""

from ..i18n import set_game_loader
from .base import (
    MENU_PAGE,
    NO_GROUP,
    Action,
    ActionChoice,
    ActionTextError,
    AmbiguousActionError,
    BadOptionsError,
    DuplicateGameError,
    GameKind,
    GameKindDefaults,
    GameKindError,
    GameResult,
    GameState,
    IllegalActionTextError,
    LogReplayError,
    OptionChoice,
    OptionSpec,
    Outcome,
    Picture,
    Player,
    UnitEntry,
    UnknownGameError,
    UnparseableActionError,
    View,
)
from .completion import Completion
from .registry import DEFAULT_KIND, game_kinds, get_game, register_game, unregister_game
from .turns import Announcement, Phrase

set_game_loader(game_kinds)  # each game registers its own messages: a lookup of an unknown id loads them

__all__ = [
    "DEFAULT_KIND",
    "MENU_PAGE",
    "NO_GROUP",
    "Action",
    "ActionChoice",
    "ActionTextError",
    "Announcement",
    "AmbiguousActionError",
    "BadOptionsError",
    "Completion",
    "DuplicateGameError",
    "GameKind",
    "GameKindDefaults",
    "GameKindError",
    "GameResult",
    "GameState",
    "IllegalActionTextError",
    "LogReplayError",
    "OptionChoice",
    "OptionSpec",
    "Outcome",
    "Phrase",
    "Picture",
    "Player",
    "UnitEntry",
    "UnknownGameError",
    "UnparseableActionError",
    "View",
    "game_kinds",
    "get_game",
    "register_game",
    "unregister_game",
]
