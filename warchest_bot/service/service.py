"""`GameService`: the game lifecycle, who may do what, and history — transport-agnostic.

The adapter (Discord today) calls these coroutines with user ids and opaque guild/channel ids and gets plain
dataclasses back (`results`), or a `ServiceError` with a stable code and a catalogue message.

`GameService` is composed of parts, one module each, over a shared core:
- `core`: the live-game cache, per-game locks, storage error translation, committing with the outbox rows
  and the publisher hook, and the shared checks (`ServiceCore`; its guarantees are described there);
- `lobby`: challenges, games created at once, join, start, leave, decline, expiry;
- `play`: actions (human and AI seats), legal actions, resign, abort;
- `conditionals`: conditional moves ("if they play X, I answer Y") in the games that declare them;
- `history`: the stored game, views, logs, positions at a ply, replay frames, listings, records;
- `accounts`: a game's thread, DM reachability, remembered messages, user and server settings;
- `tutorial`: the lessons of `/wc tutorial` and each user's place in them;
- `puzzles`: puzzles, the solvers' puzzle ratings, the daily puzzle of a server;
- `review`: reviews of finished games (`/wc review`);
- `seats`: the bot playing a silent player's seat, seats handed on or replaced, tenures.
"""

from __future__ import annotations

from .accounts import Accounts
from .conditionals import ConditionalMoves
from .core import GameListener
from .history import History
from .lobby import Lobby
from .play import Play
from .puzzles import Puzzles
from .review import Reviews
from .seats import Seats
from .tutorial import Tutorials


class GameService(Lobby, ConditionalMoves, Play, History, Accounts, Tutorials, Puzzles, Reviews, Seats):
    """The application layer. Create with `GameService(storage)` (you close the storage) or
    `await GameService.open(path)` / `async with GameService.open(path) as service` (it closes it)."""


__all__ = ["GameListener", "GameService"]
