"""Tournaments (schema v17): an event as a backend-neutral record and the repository interface
(`TournamentRepository`); `sqlite.tournaments` implements it for both backends.

An event's rules and everything that happened in it are one JSON document, ``state`` (the tournament model,
`warchest_bot.tournaments.records`), beside the columns the bot looks events up by. Every change is a
compare-and-swap on ``version``: two processes (or a restart repeating a step) never both apply one. Each
board of a round opens at most one game: `link_tournament_game` refuses a second game for a board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from .errors import Conflict

TOURNAMENT_STATUSES = ("entry", "running", "paused", "finished", "cancelled")


class TournamentConflict(Conflict):
    """The event changed since it was read (its ``version`` moved on); nothing was written."""


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A stored event: where it is played, which game with which options, who organises it, its status,
    the model's ``state`` and the ``version`` the next change must name."""

    id: int
    guild_id: int
    channel_id: int | None
    name: str
    kind: str
    options: dict[str, Any]
    organiser: int
    status: str
    state: dict[str, Any]
    version: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class TournamentGameRecord:
    """The game opened for board ``board`` of round ``round`` of an event."""

    tournament_id: int
    round: int
    board: int
    game_id: int


class TournamentRepository(Protocol):
    async def create_tournament(
        self,
        *,
        guild_id: int,
        channel_id: int | None,
        name: str,
        kind: str,
        options: Mapping[str, Any],
        organiser: int,
        state: Mapping[str, Any],
        at: datetime | None = None,
    ) -> TournamentRecord:
        """A new event, open for entries (version 1)."""
        ...

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        """The event, or None."""
        ...

    async def tournaments_of_guild(
        self, guild_id: int, statuses: Iterable[str] | None = None
    ) -> list[TournamentRecord]:
        """A server's events (of ``statuses``, default all), newest first."""
        ...

    async def tournaments_with_status(self, statuses: Iterable[str]) -> list[TournamentRecord]:
        """Every event of ``statuses`` on every server, oldest first (for the duties that drive them)."""
        ...

    async def save_tournament(
        self,
        tournament_id: int,
        *,
        expected_version: int,
        state: Mapping[str, Any],
        status: str | None = None,
        at: datetime | None = None,
    ) -> TournamentRecord:
        """Store a new ``state`` (and ``status``) if the event is still at ``expected_version``, else raise
        `TournamentConflict`; the stored version goes up by one."""
        ...

    async def link_tournament_game(self, tournament_id: int, round: int, board: int, game_id: int) -> bool:
        """Record the game of a board; False (nothing written) when the board already has one."""
        ...

    async def tournament_games(
        self, tournament_id: int, round: int | None = None, *, playing: bool = False
    ) -> list[TournamentGameRecord]:
        """The games of an event (of one round), by round and board; ``playing``: only those still open
        or active."""
        ...

    async def tournament_of_game(self, game_id: int) -> TournamentGameRecord | None:
        """Which event, round and board a game belongs to, if any."""
        ...


__all__ = [
    "TOURNAMENT_STATUSES",
    "TournamentConflict",
    "TournamentGameRecord",
    "TournamentRecord",
    "TournamentRepository",
]
