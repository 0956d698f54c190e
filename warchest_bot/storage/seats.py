"""Seats that change hands (schema v14): a game's autopilot rule, the tenures of its seats and pending seat
offers, as backend-neutral records and the repository interface (`SeatRepository`); `sqlite.seats` implements
it for both backends.

A **tenure** is one stretch of a seat held by one holder: a person (``user_id``) or the bot playing for the
seat's player (``user_id`` None, after missed deadlines), from ply ``from_ply`` to ``to_ply`` (None: holds it
now, or held it to the end). A seat that never changed hands has no tenure rows: its holder played the whole
game. The first change of a seat records its first holder's tenure from ply 0 as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

TENURE_HOW = ("start", "autopilot", "returned", "handed", "replaced")
"""How a tenure began: the first holder, the bot taking the seat, the player taking it back, a seat handed
to someone, a silent player replaced."""
OFFER_KINDS = ("hand", "replace")


@dataclass(frozen=True, slots=True)
class TenureRecord:
    game_id: int
    seat: int
    user_id: int | None
    display_name: str
    from_ply: int
    to_ply: int | None
    how: str


@dataclass(frozen=True, slots=True)
class SeatOfferRecord:
    """A pending change of a seat's holder: ``kind`` "hand" (its holder hands it to ``to_user_id``) or
    "replace" (the other players, or a server admin, replace a silent holder); ``votes``: the players who
    agreed so far (``admin``: a server admin asked, no votes needed)."""

    game_id: int
    seat: int
    kind: str
    to_user_id: int
    to_name: str
    by_user_id: int
    votes: tuple[int, ...]
    admin: bool
    created_at: datetime


class SeatRepository(Protocol):
    async def get_autopilot_rule(self, game_id: int) -> int | None:
        """The game's own number of missed deadlines after which the bot plays a seat (0: never), or None
        when the game has none (the server's default applies)."""
        ...

    async def set_autopilot_rule(
        self, game_id: int, after: int, *, set_by: int | None, at: datetime | None = None
    ) -> None: ...

    async def set_autopilot(self, game_id: int, seat: int, level: str | None) -> None:
        """The bot plays the human seat at ``level`` from now (None: its player plays again)."""
        ...

    async def set_seat_holder(self, game_id: int, seat: int, user_id: int, display_name: str) -> None:
        """Another person holds the seat of an active game from now (autopilot off, what it was shown and its
        DM reachability forgotten); `SeatConflict` if they hold another seat of the game."""
        ...

    async def change_tenure(
        self,
        game_id: int,
        seat: int,
        *,
        ply: int,
        user_id: int | None,
        display_name: str,
        how: str,
        first_user_id: int | None = None,
        first_name: str = "",
        at: datetime | None = None,
    ) -> None:
        """Close the seat's tenure at ``ply`` and open the new holder's. A seat without tenure rows gets its
        first holder's (``first_user_id``, ``first_name``) from ply 0 first."""
        ...

    async def seat_tenures(self, game_id: int) -> list[TenureRecord]:
        """Every tenure of the game's seats, by seat, then in order."""
        ...

    async def put_seat_offer(self, offer: SeatOfferRecord) -> None:
        """Store a pending offer (replacing the seat's earlier one)."""
        ...

    async def get_seat_offer(self, game_id: int, seat: int) -> SeatOfferRecord | None: ...

    async def seat_offers(self, game_id: int) -> list[SeatOfferRecord]: ...

    async def delete_seat_offer(self, game_id: int, seat: int) -> bool: ...

    async def set_game_unrated(self, game_id: int) -> None:
        """The game no longer counts for the ratings (the bot played a person's seat)."""
        ...


def votes_of(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted({int(v) for v in values}))


__all__ = ["OFFER_KINDS", "TENURE_HOW", "SeatOfferRecord", "SeatRepository", "TenureRecord", "votes_of"]
