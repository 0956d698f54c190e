"""Tournaments and leagues: the pure model (`model`) over one pairing interface (`pairing`)."""

from .model import (
    Entrant,
    Format,
    Game,
    Outcome,
    Round,
    RoundEntry,
    Settings,
    StandingRow,
    Status,
    Tournament,
    TournamentError,
)
from .pairing import DEFAULT_ENGINE, Board, PairingEngine, PairingImpossible, Standing

__all__ = [
    "DEFAULT_ENGINE",
    "Board",
    "Entrant",
    "Format",
    "Game",
    "Outcome",
    "PairingEngine",
    "PairingImpossible",
    "Round",
    "RoundEntry",
    "Settings",
    "Standing",
    "StandingRow",
    "Status",
    "Tournament",
    "TournamentError",
]
