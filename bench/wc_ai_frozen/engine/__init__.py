"""War Chest rules engine: pure Python, no I/O.

>>> from warchest_bot.games.warchest.engine import GameState, Options
>>> g = GameState.new(Options(players=2, units="first-game", seed=1))
>>> a = g.legal_actions()[0]
>>> g.apply(a)
"""

from .actions import Action
from .geometry import BOARDS, HEX_NAMES, NAME_INDEX, Board, hex_name
from .notation import (
    AmbiguousActionError,
    IllegalNotationError,
    NotationError,
    UnparseableActionError,
    action_to_json,
    describe_action,
    format_action,
    parse_action,
)
from .position import PositionError, from_json, to_json, view_for
from .state import GameError, GameState, IllegalActionError, Options, OptionsError, Pending, Result
from .units import UNITS, UnitInfo, lookup_unit, unit_code, unit_name

__all__ = [
    "Action",
    "BOARDS",
    "HEX_NAMES",
    "NAME_INDEX",
    "Board",
    "hex_name",
    "AmbiguousActionError",
    "IllegalNotationError",
    "NotationError",
    "UnparseableActionError",
    "action_to_json",
    "describe_action",
    "format_action",
    "parse_action",
    "PositionError",
    "from_json",
    "to_json",
    "view_for",
    "GameError",
    "GameState",
    "IllegalActionError",
    "Options",
    "OptionsError",
    "Pending",
    "Result",
    "UNITS",
    "UnitInfo",
    "lookup_unit",
    "unit_code",
    "unit_name",
]
