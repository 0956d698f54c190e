"""What an accepted action owes the players: the outbox rows written with it, and the port that wakes delivery.

Every accepted action (a move, a start, an end, a take-back) writes, in the transaction that commits it, the
announcements it owes to the storage's outbox (see `warchest_bot.storage.outbox`). After the commit the
service tells its `Publisher` (the chat adapter) that something is owed; the adapter's delivery worker reads
the rows, turns them into messages and marks them done, and resumes after a restart. A row only names what
is owed and public facts about it (never hidden information or the seed): the messages are rebuilt from the
game when they are delivered.

Row kinds (`OutboxKind`): ``start`` (the game began: its place, the first board, the turn ping), ``move``
(the board at the end of a turn with the summary of its decisions, ``steps``, the next player's ping, or the
result when it ended the game), ``end`` (ended without a move: resign, abort, timeout, cancelled challenge),
``undo`` (the board after a take-back), ``hands`` (the hand DM of one seat, ``seats: [n]``: only when it
brings something new to decide; one row per seat so that a retry never repeats a DM that went out;
``decide``: the seat must decide now, so if the DM cannot reach them they are pinged in the game's place,
unless a board post of the same decision already pinged them: ``quiet`` says no post did), ``follow`` (the
notices a start, a turn or an end owes the game's followers: ``event``, and the user ids owed a ``dm`` or a
``mention``; see `following`), ``seat`` (a seat
changed hands or the bot took or gave back a silent player's seat, see `seats`: ``event`` says which).

Within a turn of several decisions nothing public is owed: each decision owes only the ``hands`` row of the
seat to decide next (its position after the decision, with the menu of the next one).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum
from typing import Any, Protocol

from ..games import Phrase


class OutboxKind(StrEnum):
    """The kinds of outbox rows (stored as their values)."""

    START = "start"
    MOVE = "move"
    END = "end"
    UNDO = "undo"
    HANDS = "hands"
    FOLLOW = "follow"
    SEAT = "seat"
    DIGEST = "digest"
    TOURNAMENT = "tournament"


class Publisher(Protocol):
    """The adapter side of the outbox (Discord implements it)."""

    def announce(self, game_id: int) -> None:
        """Rows of ``game_id`` were committed to the outbox: deliver them soon. Must not block or raise."""


def hands_owed(
    *,
    movers: Collection[int],
    changed: tuple[int, ...],
    round_started: bool,
    next_seat: int | None,
    followup: bool,
) -> tuple[int, ...]:
    """The seats a turn owes a hand DM: a new hand (a round began), a follow-up to decide, or a hand that
    another seat's decision changed. Never an echo of the movers' own decisions."""
    owed = set(changed) if round_started else {n for n in changed if n not in movers}
    if followup and next_seat is not None:
        owed.add(next_seat)
    return tuple(sorted(owed))


def move_payload(
    *,
    seat: int,
    action: str,
    last_action: dict[str, Any] | None,
    next_seat: int | None,
    followup: bool,
    drew: bool,
    game_over: bool,
    steps: Sequence[tuple[int, Phrase]] = (),
) -> dict[str, Any]:
    """The public facts of a turn a board post needs (the rest is read from the game at delivery):
    ``action`` is its last decision's public text, ``steps`` each decision's seat and public phrase."""
    return {
        "steps": [[n, *phrase.as_data()] for n, phrase in steps],
        "seat": seat,
        "action": action,
        "last": last_action,
        "next": next_seat,
        "followup": followup,
        "drew": drew,
        "over": game_over,
    }


def turn_steps(payload: dict[str, Any]) -> list[tuple[int, Phrase]]:
    """The ``steps`` of a ``move`` row's payload (empty in rows written before turns were recorded)."""
    return [(int(seat), Phrase(str(key), dict(params))) for seat, key, params in payload.get("steps", ())]


__all__ = ["OutboxKind", "Publisher", "hands_owed", "move_payload", "turn_steps"]
