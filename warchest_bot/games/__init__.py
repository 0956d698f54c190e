"""The games the bot plays, behind one interface (`base.GameKind` makes `base.GameState`s) and a
registry keyed by the stored ``kind``; the optional parts a game declares are its `facets.Facets`.

>>> from warchest_bot.games import get_game
>>> game = get_game("warchest")
>>> state = game.new_state(game.default_options(), seed=1)
>>> state.apply(state.legal_actions()[0])
"""

from ..i18n import set_game_loader
from .base import (
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
    GameStateDefaults,
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
from .facets import (
    MENU_PAGE,
    NO_FACETS,
    NO_GROUP,
    AltText,
    CommonAltText,
    Facets,
    Menus,
    Pictures,
    Players,
    Puzzles,
    Review,
    RulesGuide,
    Snapshots,
    TextPictures,
    Units,
    ai_levels_of,
    alt_text_of,
    menus_of,
    pictures_of,
)
from .registry import DEFAULT_KIND, game_kinds, get_game, register_game, unregister_game
from .turns import Announcement, Phrase

set_game_loader(game_kinds)  # each game registers its own messages: a lookup of an unknown id loads them

__all__ = [
    "DEFAULT_KIND",
    "MENU_PAGE",
    "NO_FACETS",
    "NO_GROUP",
    "Action",
    "ActionChoice",
    "ActionTextError",
    "AltText",
    "Announcement",
    "AmbiguousActionError",
    "BadOptionsError",
    "CommonAltText",
    "Completion",
    "DuplicateGameError",
    "Facets",
    "GameKind",
    "GameKindDefaults",
    "GameKindError",
    "GameResult",
    "GameState",
    "GameStateDefaults",
    "IllegalActionTextError",
    "LogReplayError",
    "Menus",
    "OptionChoice",
    "OptionSpec",
    "Outcome",
    "Phrase",
    "Picture",
    "Pictures",
    "Player",
    "Players",
    "Puzzles",
    "Review",
    "RulesGuide",
    "Snapshots",
    "TextPictures",
    "UnitEntry",
    "Units",
    "UnknownGameError",
    "UnparseableActionError",
    "View",
    "ai_levels_of",
    "alt_text_of",
    "game_kinds",
    "get_game",
    "menus_of",
    "pictures_of",
    "register_game",
    "unregister_game",
]
