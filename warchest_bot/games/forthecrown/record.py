"""For the Crown's record (docs/records.md): the PGN-like record of a game of turns
(`warchest_bot.games.records.TurnRecords`), one line per turn (a turn's decisions joined by "; ", a False
Orders promotion its opponent decides inside the turn marked with that seat). While a game is under way a
card put back on a deck shows as ``topdeck`` (the public text); once it has ended the record holds every
decision and the seed, which decides every shuffle. A game on another card table has that table in its
Options tag, so the record replays on the cards it was played with."""

from __future__ import annotations

from ..records import TurnRecords


def records_of(game: object) -> TurnRecords:
    """The `Records` facet of the For the Crown entry ``game``."""
    return TurnRecords(game)  # type: ignore[arg-type]


__all__ = ["records_of"]
