"""Castles' record (docs/records.md): the PGN-like record of a game of turns
(`warchest_bot.games.records.TurnRecords`), one line per turn (a turn's decisions joined by "; "). While a
game is under way the hidden choices show as their public texts; once it has ended the record holds every
decision and the seed, which decides every shuffle and die."""

from __future__ import annotations

from ..records import TurnRecords


def records_of(game: object) -> TurnRecords:
    """The `Records` facet of the Castles entry ``game``."""
    return TurnRecords(game)  # type: ignore[arg-type]


__all__ = ["records_of"]
