"""Castles as the bot plays it: the engine's `kind.CastlesGame` joined with what people see of it
(`face.CastlesFace`: pictures, cards, alt text, the rules guide, the words of each decision) and, once the
game's computer players (`ai`) are installed, its levels; registered under ``"castles"`` when this module
is imported (`registry.BUILT_IN` names it)."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from types import ModuleType

from ..base import Player
from ..facets import Facets
from ..registry import register_game
from .face import CastlesFace
from .kind import CastlesGame


def _players() -> ModuleType | None:
    """The game's computer players (``castles/ai.py``), imported when first asked for; None while the
    game has none."""
    name = f"{__package__}.ai"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


class Castles(CastlesFace, CastlesGame):
    """The registered Castles entry: the engine's rules and snapshots, this game's pictures, cards, alt
    text, rules guide and decision words, and its computer players when it has them."""

    @property
    def facets(self) -> Facets:
        """Snapshots, pictures, cards (units), alt text, the rules guide, and computer players when the
        game has them."""
        players = self if _players() is not None else None
        return Facets(snapshots=self, pictures=self, units=self, alt_text=self, guide=self, players=players)

    @property
    def ai_levels(self) -> Mapping[str, str]:
        """The levels people may play the bot at and the player each uses (``ai.LEVELS``)."""
        ai = _players()
        return {} if ai is None else {level: name for level, (name, _ms) in ai.LEVELS.items()}

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        """Each level's think time per decision (ms)."""
        ai = _players()
        return {} if ai is None else {level: ms for level, (_name, ms) in ai.LEVELS.items()}

    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> Player:
        """A computer player by level or by its own name (``ai.make_player``)."""
        ai = _players()
        if ai is None:
            raise ValueError(f"Castles has no computer player {level!r} yet")
        player: Player = ai.make_player(level, seed, budget_ms=budget_ms)
        return player


CASTLES = register_game(Castles())
"""The registered Castles entry."""

__all__ = ["CASTLES", "Castles"]
