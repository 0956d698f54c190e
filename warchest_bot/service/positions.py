"""What each seat was last shown, so that an action typed without a ply counts as chosen on that position.

A command carries the position it was chosen on: buttons and autocomplete values carry the ply, and a
stale ply is refused. A typed action carries none, and the same `/wc play` sent twice would otherwise apply
twice whenever the player is to act again (after the round changed, the second copy would even pay with a
coin from a hand the player had not seen yet). So the database keeps, per seat, the last position the
service showed the seat (its hand, its legal actions: what `view`, `legal_actions` and `suggest_actions`
return for the seat's user) and the position of the seat's own last action, and a typed action is refused
when
  - the seat acted since it was last shown the position, and nobody else has acted since: the turn it was
    typed on has passed (a repeat; a new decision is chosen from the list, which carries the ply), or
  - the round changed since the seat last saw its hand (or acted, which it did knowing its hand).
The check runs in the transaction that appends the action (`storage.append_action(typed=True)`), against
what every process on the database wrote: a second copy sent to another bot process is refused as well, and
so is one after a restart. `ShownPositions` writes the shown positions, each once per process.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ..storage import Repository, StorageError

log = logging.getLogger(__name__)

_LIMIT = 50_000  # seats remembered (oldest forgotten first): far more than are ever playing at once


@dataclass(frozen=True, slots=True)
class Mark:
    """A position as this module compares them: its ply and round (`GameRules.mark` makes one)."""

    ply: int
    round: int


class ShownPositions:
    """Writes the position shown to each seat into the database (`Repository.mark_shown`), skipping what
    this process already wrote."""

    def __init__(self, storage: Repository) -> None:
        self.storage = storage
        self._written: dict[tuple[int, int], Mark] = {}

    async def shown(self, game_id: int, seat: int, state: Mark) -> None:
        """The seat was shown the position `state` (its hand, or its legal actions). A database that does
        not answer only loses the mark (a typed repeat could then go through, as before the marks were kept):
        showing never fails for it."""
        key = (game_id, seat)
        if self._written.get(key) == state:
            return
        try:
            await self.storage.mark_shown(game_id, seat, state.ply, state.round)
        except StorageError as exc:
            log.warning("game %s: could not note the position shown to seat %s: %s", game_id, seat, exc)
            return
        self._written.pop(key, None)
        self._written[key] = state
        if len(self._written) > _LIMIT:
            del self._written[next(iter(self._written))]

    def forget(self, game_id: int, seats: int) -> None:
        """The game ended."""
        for seat in range(seats):
            self._written.pop((game_id, seat), None)
