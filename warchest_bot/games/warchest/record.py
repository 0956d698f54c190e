"""War Chest's record (docs/records.md): the PGN-like record of a game of turns
(`warchest_bot.games.records.TurnRecords`), one line per decision (each coin and each follow-up is a turn
of its own). While a game is under way a coin paid face down (claim, recruit, pass) shows as the public
text does; once it has ended the record holds every coin and the seed, which decides every draw from the
bags."""

from __future__ import annotations

from ..records import TurnRecords


def records_of(game: object) -> TurnRecords:
    """The `Records` facet of the War Chest entry ``game``."""
    return TurnRecords(game)  # type: ignore[arg-type]


__all__ = ["records_of"]
