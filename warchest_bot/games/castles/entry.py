"""Castles as the bot plays it: the engine's `kind.CastlesGame` (rules, snapshots, computer players) joined
with what people see of it (`face.CastlesFace`: pictures, cards, alt text, the rules guide, the words of
each decision); registered under ``"castles"`` when this module is imported (`registry.BUILT_IN` names
it)."""

from __future__ import annotations

from ..facets import Facets
from ..registry import register_game
from .face import CastlesFace
from .kind import CastlesGame
from .record import records_of


class Castles(CastlesFace, CastlesGame):
    """The registered Castles entry: the engine's rules, snapshots and computer players, this game's
    pictures, cards, alt text, rules guide and decision words."""

    @property
    def facets(self) -> Facets:
        """The engine's facets (snapshots, computer players, …) with the pictures, cards (units), alt text
        the rules guide and records (`record`)."""
        return Facets(
            snapshots=self,
            pictures=self,
            units=self,
            alt_text=self,
            guide=self,
            players=self,
            records=records_of(self),
        )


CASTLES = register_game(Castles())
"""The registered Castles entry."""

__all__ = ["CASTLES", "Castles"]
