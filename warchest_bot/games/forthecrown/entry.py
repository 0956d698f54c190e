"""For the Crown as the bot plays it: the engine's `kind.ForTheCrownGame` (rules, options, snapshots,
computer players) joined with what people see of it (`face.ForTheCrownFace`: the words of each decision,
pictures, alt text and the text board, cards, the rules guide, the Play menus); registered under
``"forthecrown"`` when this module is imported (`registry.BUILT_IN` names it)."""

from __future__ import annotations

from ..facets import Facets
from ..registry import register_game
from .face import ForTheCrownFace
from .kind import ForTheCrownGame
from .record import records_of
from .server_tables import SERVER_CARD_TABLES


class ForTheCrown(ForTheCrownFace, ForTheCrownGame):
    """The registered For the Crown entry: the engine's rules, snapshots and computer players, this
    game's pictures, cards, alt text, rules guide, menus and decision words."""

    @property
    def facets(self) -> Facets:
        """Snapshots, computer players, pictures, cards and units, alt text, the rules guide, menus,
        records (`record`) and the card tables a server may load (`server_tables`)."""
        return Facets(snapshots=self, pictures=self, units=self, alt_text=self, guide=self, players=self,
                      menus=self, records=records_of(self), card_tables=SERVER_CARD_TABLES)  # fmt: skip


FOR_THE_CROWN = register_game(ForTheCrown())
"""The registered For the Crown entry."""

__all__ = ["FOR_THE_CROWN", "ForTheCrown"]
