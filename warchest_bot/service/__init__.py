"""The application layer: game lifecycle, who may do what, history. Knows nothing about Discord.

>>> service = await GameService.open("data/warchest.sqlite3")          # doctest: +SKIP
>>> game = await service.create_game([Player(1, "Ann"), Player(2, "Bob")], options={"units": "first-game"})
>>> result = await service.play(game.id, game.to_act.user_id, "Sw deploy e2", expected_ply=game.ply)
"""

from ..storage import MessageRef
from .clocks import ClockInfo, Everywhere, EverywhereGame, Notification, VacationInfo, VacationResult
from .correspondence import Correspondence, PlayerStatsWithRating
from .errors import ErrorCode, ServiceError
from .prefs import Preferences
from .publication import OutboxKind, turn_steps
from .ratings import RatingInfo
from .results import (
    AiPlayer,
    AiTurn,
    GameInfo,
    GameOver,
    GamePage,
    Legal,
    LogEntry,
    Player,
    PlayerRecord,
    PlayerStats,
    PlayResult,
    SeatInfo,
    Suggestion,
)
from .rules import GameRules
from .scheduler import TimerScheduler
from .seats import OfferAnswer, SeatOffer, SeatRules
from .service import GameListener, GameService
from .tutorial import TutorialStep
from .undo import UndoAnswer, UndoRequest

__all__ = [
    "AiPlayer",
    "AiTurn",
    "ClockInfo",
    "Correspondence",
    "Everywhere",
    "EverywhereGame",
    "GameListener",
    "Notification",
    "OutboxKind",
    "OfferAnswer",
    "SeatOffer",
    "SeatRules",
    "PlayerStatsWithRating",
    "Preferences",
    "RatingInfo",
    "TimerScheduler",
    "UndoAnswer",
    "UndoRequest",
    "VacationInfo",
    "VacationResult",
    "ErrorCode",
    "GameInfo",
    "GameOver",
    "GamePage",
    "GameRules",
    "GameService",
    "Legal",
    "LogEntry",
    "MessageRef",
    "Player",
    "PlayResult",
    "PlayerRecord",
    "PlayerStats",
    "SeatInfo",
    "ServiceError",
    "Suggestion",
    "TutorialStep",
    "turn_steps",
]
