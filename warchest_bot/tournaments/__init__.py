"""Tournaments and leagues: the pure model (`model`) over one pairing interface (`pairing`), the
knockout after a Swiss (`knockout`) and league seasons of round-robin groups (`seasons`)."""

from .knockout import DrawRule, Knockout
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
    "DrawRule",
    "Entrant",
    "Format",
    "Game",
    "Knockout",
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
