"""What the service keeps and compares of a War Chest game, beyond play itself: snapshots, the replay of a
stored log onto a state, each seat's private signature, the description of the last action for the board
picture, the public form of a stored action text, the setup plies and the result data.

`WarChest` (the registry entry) inherits these hooks; the service reaches them only through
`warchest_bot.games.GameKind`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..base import LogReplayError
from .engine import Action, GameError, GameState, Options, action_to_json, lookup_unit
from .engine.actions import FACE_DOWN_KINDS
from .losses import state_losses


class ServiceHooks:
    """The service's hooks of the War Chest entry (mixed into `WarChest`)."""

    action_type: type = Action
    """The engine's action class: the service accepts these as well as notation text."""

    _setup_plies: ClassVar[dict[int, int]] = {}

    if TYPE_CHECKING:  # provided by `WarChest`

        def engine_options(self, options: Mapping[str, Any], seed: int) -> Options: ...

        def parse_action(self, state: GameState, text: str) -> Action: ...

    # --- snapshots and logs ----------------------------------------------------------------------------
    @staticmethod
    def snapshot(state: GameState) -> str:
        """The full state as JSON text (hidden information and RNG included: never show it to anyone)."""
        return json.dumps(state.to_json(), separators=(",", ":"))

    @staticmethod
    def restore(text: str) -> GameState:
        """The state a `snapshot` wrote."""
        return GameState.from_json(json.loads(text))

    def snapshot_fits(self, state: GameState, options: Mapping[str, Any], seed: int) -> bool:
        """Whether a restored state belongs to a game of these options and seed."""
        return state.options == self.engine_options(options, seed)

    def replay_onto(self, state: GameState, log: Sequence[str]) -> GameState:
        """Apply stored (canonical) action texts to ``state`` in place; an `ActionTextError` or
        `LogReplayError` (both ValueErrors) if the log does not fit the state."""
        for text in log:
            action = self.parse_action(state, text)
            try:
                state.apply(action)
            except GameError as exc:
                raise LogReplayError(str(exc)) from exc
        return state

    # --- what changed --------------------------------------------------------------------------------
    @staticmethod
    def private_signatures(state: GameState) -> list[tuple[Any, ...]]:
        """Per seat, what only that seat sees and an action may change: its hand and a Warrior Priest coin
        it must play now."""
        priest = {p.seat: p.coin for p in state.pending if p.kind == "priest"}
        return [(tuple(sorted(s.hand)), priest.get(n)) for n, s in enumerate(state.seats)]

    @staticmethod
    def describe_last_action(
        before: GameState, after: GameState, action: Action, seat: int
    ) -> dict[str, Any]:
        """The action as data for the board picture: ``action_to_json(public=True)`` and the coins it
        cost units on the board (``losses``, public: who was hit, who left the board; read off the two
        boards, no views built)."""
        return {**action_to_json(action, seat, public=True), "losses": state_losses(before, after)}

    @staticmethod
    def public_text(notation: str) -> str:
        """The public form of a stored (private, canonical) action text: the face-down coin left out."""
        words = notation.split()
        if len(words) >= 2 and words[1] in FACE_DOWN_KINDS and lookup_unit(words[0]) is not None:
            return " ".join(words[1:])
        return notation

    @staticmethod
    def action_kind(action: Action) -> str:
        """The action's kind ("deploy", "move", "claim", …)."""
        return action.kind

    @staticmethod
    def round_of(state: GameState) -> int:
        """The round (each starts with new hands)."""
        return state.round

    @staticmethod
    def phase_of(state: GameState) -> str:
        """ "draft" or "play" (or what the engine names its phase)."""
        return state.phase

    @staticmethod
    def drew(before: GameState, after: GameState) -> bool:
        """Whether a bag draw happened in between (a round's hands or a Warrior Priest's draw)."""
        return after.draws != before.draws

    # --- setup and results ---------------------------------------------------------------------------
    def under_way(self, state: GameState) -> bool:
        """Whether a real move (anything but a draft pick) has been made: after that, no cancelling."""
        if state.phase == "draft":
            return False
        return state.ply > self.setup_plies(state)

    def setup_plies(self, state: GameState) -> int:
        """How many plies the unit selection takes (draft picks; the last card of a draft is dealt)."""
        if state.options.units != "draft":
            return 0
        n = state.num_players
        if n not in self._setup_plies:
            fresh = GameState.new(Options(players=n, units="draft", seed=0))
            self._setup_plies[n] = len(fresh.draft_order) - 1
        return self._setup_plies[n]

    @staticmethod
    def result_data(state: GameState) -> dict[str, Any]:
        """What a finished (or resigned) game's result stores beside winner and reason."""
        return {
            "round": state.round,
            "ply": state.ply,
            "markers_left": [state.markers_left(0), state.markers_left(1)],
        }


__all__ = ["ServiceHooks"]
