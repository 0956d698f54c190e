"""What each seat was last shown, so that an action typed without a ply counts as chosen on that position.

A command carries the position it was chosen on: buttons and autocomplete values carry the ply, and a
stale ply is refused. A typed action carries none, and the same `/wc play` sent twice would otherwise apply
twice whenever the player is to act again (after the round changed, the second copy would even pay with a
coin from a hand the player had not seen yet). So the service remembers, per seat, the last position it
showed the seat (its hand, its legal actions: what `view` and `legal_actions` return for the seat's user)
and the seat's own last action, and a typed action is refused when
  - the seat acted since it was last shown the position, and nobody else has acted since: the turn it was
    typed on has passed (a repeat; a new decision is chosen from the list, which carries the ply), or
  - the round changed since the seat last saw its hand (or acted, which it did knowing its hand).
What a seat was shown lives in memory: after a restart nothing is known, and typed actions are taken as
before until the seat acts or is shown something. Likewise with several bot processes on one database: a
process knows only the positions it showed and the actions it committed, so once another process
committed the latest action of a game (and may have shown the seat its new hand), a round change is not
held against a typed action there.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ErrorCode, ServiceError

_LIMIT = 50_000  # seats remembered (oldest forgotten first): far more than are ever playing at once


@dataclass(frozen=True, slots=True)
class Mark:
    """A position as this module compares them: its ply and round (`GameRules.mark` makes one)."""

    ply: int
    round: int


class ShownPositions:
    """Per (game, seat): the last position shown to the seat and its own last action (see module doc)."""

    def __init__(self) -> None:
        self._shown: dict[tuple[int, int], Mark] = {}
        self._acted: dict[tuple[int, int], Mark] = {}
        self._known: dict[int, int] = {}  # per game: the latest ply reached that this process saw

    @staticmethod
    def _put(marks: dict[tuple[int, int], Mark], key: tuple[int, int], state: Mark) -> None:
        marks.pop(key, None)
        marks[key] = state
        if len(marks) > _LIMIT:
            del marks[next(iter(marks))]

    def _know(self, game_id: int, ply: int) -> None:
        known = self._known.pop(game_id, -1)
        self._known[game_id] = max(known, ply)
        if len(self._known) > _LIMIT:
            del self._known[next(iter(self._known))]

    def shown(self, game_id: int, seat: int, state: Mark) -> None:
        """The seat was shown the position `state` (its hand, or its legal actions)."""
        self._put(self._shown, (game_id, seat), state)
        self._know(game_id, state.ply)

    def acted(self, game_id: int, seat: int, state: Mark) -> None:
        """The seat's action on position `state` was committed (by this process)."""
        self._put(self._acted, (game_id, seat), state)
        self._know(game_id, state.ply + 1)

    def forget(self, game_id: int, seats: int) -> None:
        """The game ended."""
        for seat in range(seats):
            self._shown.pop((game_id, seat), None)
            self._acted.pop((game_id, seat), None)
        self._known.pop(game_id, None)

    def check_typed(self, game_id: int, seat: int, state: Mark) -> None:
        """Refuse (`ServiceError` "stale") a typed action of `seat` on `state` that cannot have been
        chosen on it (see the module docstring)."""
        shown = self._shown.get((game_id, seat))
        acted = self._acted.get((game_id, seat))
        latest = max((m for m in (shown, acted) if m is not None), key=lambda m: m.ply, default=None)
        seen_all = self._known.get(game_id, -1) >= state.ply  # no action committed elsewhere since
        if latest is not None and latest.round != state.round and seen_all:
            raise ServiceError(ErrorCode.STALE, "error.stale_new_hand", game_id=game_id, ply=state.ply)
        if acted is not None and acted.ply == state.ply - 1 and (shown is None or shown.ply <= acted.ply):
            raise ServiceError(ErrorCode.STALE, "error.stale_typed", game_id=game_id, ply=state.ply)
