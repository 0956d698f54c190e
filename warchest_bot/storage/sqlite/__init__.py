"""`Storage`: the SQLite implementation of the repository interfaces in `..repositories`.

One mixin per topic, each over the shared connection core (`core.SQLiteCore`: the write connection, the
read-only pool, `_unit()` and `transaction()`; its docstring says how durability and concurrency work):

- `games.SQLiteGames`: games and seats, status changes, the end, import (`GameRepository`)
- `actions.SQLiteActionLog`: the action log and snapshots (`ActionLogRepository`)
- `listings.SQLiteListings`: lists of games and a user's record (`ListingRepository`)
- `challenges.SQLiteChallenges`: challenges and a user's counts for the limits (`ChallengeRepository`)
- `settings.SQLiteSettings`: user and guild settings (`SettingsRepository`)
- `message_refs.SQLiteMessageRefs`: the chat messages that show a game (`MessageRefRepository`)
- `correspondence.SQLiteCorrespondence`: clocks, timers, vacations, ratings, undo, rematch
  (`CorrespondenceRepository`)
- `outbox.SQLiteOutbox`, `lease.SQLiteLease`, `meta.SQLiteMeta`: the outbox, leases, the bot's own
  key-value facts (`OutboxRepository`, `LeaseRepository`, `MetaRepository`)
- `tutorial.SQLiteTutorial`: each user's place in the tutorial (`TutorialRepository`)
- `puzzles.SQLitePuzzles`: puzzle ratings, attempts and the daily puzzle (`PuzzleRepository`)
- `reviews.SQLiteReviews`: the cached reviews of finished games (`ReviewRepository`)
- `follows.SQLiteFollows`: spectators' follows of games and players (`FollowRepository`)
- `conditionals.SQLiteConditionals`: players' lines of conditional moves (`ConditionalRepository`)
- `tournaments.SQLiteTournaments`: tournaments and the games of their boards (`TournamentRepository`)
- `seats.SQLiteSeats`: autopilot rules, seats changing hands, tenures, seat offers (`SeatRepository`)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..migrations import MIGRATIONS
from .actions import SQLiteActionLog
from .challenges import SQLiteChallenges
from .conditionals import SQLiteConditionals
from .core import DEFAULT_PATH, Clock, SQLiteCore, utc_now
from .correspondence import SQLiteCorrespondence
from .follows import SQLiteFollows
from .games import SQLiteGames
from .lease import SQLiteLease
from .listings import SQLiteListings
from .message_refs import SQLiteMessageRefs
from .meta import SQLiteMeta
from .outbox import SQLiteOutbox
from .puzzles import SQLitePuzzles
from .reviews import SQLiteReviews
from .seats import SQLiteSeats
from .settings import SQLiteSettings
from .tournaments import SQLiteTournaments
from .tutorial import SQLiteTutorial

if TYPE_CHECKING:  # pragma: no cover
    from ..repositories import Repository


class Storage(
    SQLiteGames,
    SQLiteActionLog,
    SQLiteListings,
    SQLiteChallenges,
    SQLiteSettings,
    SQLiteMessageRefs,
    SQLiteCorrespondence,
    SQLiteMeta,
    SQLiteLease,
    SQLiteOutbox,
    SQLiteTutorial,
    SQLitePuzzles,
    SQLiteReviews,
    SQLiteFollows,
    SQLiteSeats,
    SQLiteConditionals,
    SQLiteTournaments,
    SQLiteCore,
):
    """The game repository. Open with `await Storage.open(path)` or `async with Storage.open(path) as s`.

    All methods are coroutines that commit before they return (unless called inside `transaction()`), take
    and return plain values and the dataclasses of `warchest_bot.storage.records`, and raise only
    `StorageError` subclasses (plus `ValueError`/`TypeError` for malformed arguments, before touching the
    database).
    """


if TYPE_CHECKING:  # pragma: no cover

    def _implements(storage: Storage) -> Repository:
        """mypy checks here that `Storage` offers every method of every repository interface."""
        return storage


__all__ = ["DEFAULT_PATH", "MIGRATIONS", "Clock", "SQLiteCore", "Storage", "utc_now"]
