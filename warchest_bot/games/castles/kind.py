"""Castles behind the game interface: `CastlesState` (a `GameState`) and `CastlesGame` (the `GameKind` to be
registered as ``"castles"``), joining the rules (`engine`), the notation (`notation`) and the JSON position
format (`codec`).

Turns (`CastlesGame.turn_start`): the face-down picks of a round are one turn of two decisions (seat 0,
then seat 1; neither card is shown before both are in); then each seat's turn is its card step and its
pieces step, several decisions. Chance: a round's bag draws, a Muster's draws and each attack's die are
drawn inside ``apply`` from the state's own seed and recorded in the position's log; the announcement of a
decision tells the die afterwards.

The words of each decision (`announce`) are the face's (`face.CastlesFace`, joined in `entry`).
The result reasons are `state.RESULT_REASONS` (catalogue ``result.<reason>``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import ActionChoice, BadOptionsError, GameKindDefaults, LogReplayError, Outcome, Player
from ..facets import Facets
from .codec import position_from_json, position_to_json, view_of
from .engine import CastlesAction, IllegalActionError, apply, legal_actions, new_position
from .notation import format_action, parse_action, public_text
from .state import Position, Result

KIND = "castles"


@dataclass(eq=True)
class CastlesState:
    """One Castles game in play: the immutable `Position` and the secret seed its random steps are drawn
    from (never in a view). ``apply`` replaces the position."""

    seed: int
    position: Position

    @property
    def current_player(self) -> int | None:
        """The seat to decide (None once the game is over)."""
        return None if self.position.result is not None else self.position.to_move

    @property
    def ply(self) -> int:
        """Decisions applied since the start."""
        return self.position.ply

    @property
    def result(self) -> Result | None:
        """The result once the game is over."""
        return self.position.result

    def legal_actions(self) -> list[CastlesAction]:
        """The decisions of the seat to act, in a stable order."""
        return legal_actions(self.position)

    def apply(self, action: CastlesAction) -> None:
        """Play one legal action (IllegalActionError, a ValueError, otherwise: the state is unchanged)."""
        self.position = apply(self.position, action, self.seed)

    def clone(self) -> CastlesState:
        """An independent copy (positions are immutable: sharing one is safe)."""
        return CastlesState(self.seed, self.position)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.position.result is not None

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see (`codec.view_of`): never the seed."""
        return view_of(self.position, seat)


class CastlesGame(GameKindDefaults):
    """Castles (2 players): the `GameKind` of the Persian tutorial's game. It declares snapshots and
    computer players; pictures, units and alt text are added where they are written."""

    kind: str = KIND
    title: str = "Castles"
    player_counts: tuple[int, ...] = (2,)
    action_type: type = CastlesAction

    @property
    def facets(self) -> Facets:
        """Snapshots (the JSON position format with the seed) and computer players."""
        return Facets(snapshots=self, players=self)

    # --- computer players --------------------------------------------------------------------------------
    @property
    def ai_levels(self) -> Mapping[str, str]:
        """Levels people may play the bot at (easy, normal, hard) and the player each uses (`ai.LEVELS`)."""
        from .ai import LEVELS

        return {level: player for level, (player, _budget) in LEVELS.items()}

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        """Think time per decision (ms) of each level."""
        from .ai import LEVELS

        return {level: budget for level, (_player, budget) in LEVELS.items()}

    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> Player:
        """A computer player by level or by the player's own name (`ai.make_player`)."""
        from .ai import make_player

        player: Player = make_player(level, seed, budget_ms=budget_ms)
        return player

    # --- setting up --------------------------------------------------------------------------------------
    def check_options(self, options: Mapping[str, Any]) -> None:
        """No options: any given is refused (``error.bad_options``)."""
        if options:
            raise BadOptionsError("error.bad_options", f"Castles has no options: {sorted(options)}")

    def teams(self, players: int) -> tuple[int, ...]:
        """Two players, each their own team."""
        if players != 2:
            raise BadOptionsError("error.bad_players")
        return (0, 1)

    def new_state(self, options: Mapping[str, Any], seed: int) -> CastlesState:
        """A new game whose decks and random steps come from ``seed``."""
        self.check_options(options)
        return CastlesState(seed, new_position(seed))

    # --- notation ------------------------------------------------------------------------------------------
    def parse_action(self, state: CastlesState, text: str) -> CastlesAction:
        """The legal action ``text`` names (unit names in any language stand for their codes)."""
        return parse_action(state.position, self.with_unit_codes(text))

    def format_action(self, state: Any, action: CastlesAction, *, public: bool = False) -> str:
        """The canonical text; ``public``: a pick without its card."""
        return format_action(action, public=public)

    def public_text(self, notation: str) -> str:
        """What the other seat may see of a stored action text."""
        return public_text(notation)

    def action_kind(self, action: CastlesAction) -> str:
        """The verb ("pick", "deploy", "move", "attack", "event", "skip", "end"); an event's move,
        attack or deploy is grouped as "event"."""
        return "event" if action.card and action.verb != "pick" else action.verb

    def action_choices(self, state: CastlesState) -> list[ActionChoice]:
        """Each legal action with its private and public text and its kind."""
        return [
            ActionChoice(a, format_action(a), format_action(a, public=True), self.action_kind(a))
            for a in state.legal_actions()
        ]

    # --- turns and chance -------------------------------------------------------------------------------
    def turn_start(self, state: CastlesState) -> int:
        """The ply where the turn under way began: the picks are one turn (both seats), then each seat's
        turn."""
        return state.position.turn_from

    def drew(self, before: CastlesState, after: CastlesState) -> bool:
        """Whether a random or hidden source was drawn from (a die, a bag, a deck) or a face-down card was
        revealed."""
        return after.position.chance != before.position.chance or (
            before.position.phase == "pick" and after.position.phase != "pick"
        )

    def round_of(self, state: CastlesState) -> int:
        """The round (each deals new cards)."""
        return state.position.round

    def phase_of(self, state: CastlesState) -> str:
        """ "pick", "play" or "over"."""
        return state.position.phase

    def under_way(self, state: CastlesState) -> bool:
        """Once a decision has been made."""
        return state.position.ply > 0

    def private_signatures(self, state: CastlesState) -> list[tuple[Any, ...]]:
        """Each seat's hand and face-down card."""
        return [(side.hand, side.facedown) for side in state.position.sides]

    def describe_last_action(
        self, before: CastlesState, after: CastlesState, action: CastlesAction, seat: int
    ) -> dict[str, Any]:
        """The public data the board marks: the seat, the verb, the squares, and an attack's roll."""
        data: dict[str, Any] = {
            "seat": seat,
            "kind": action.verb,
            "text": format_action(action, public=True),
            "source": action.source or None,
            "target": action.target or None,
        }
        if action.verb == "attack" and after.position.last_roll is not None:
            roll = after.position.last_roll
            data["roll"] = {"value": roll.value, "needed": roll.needed, "success": roll.success}
        return data

    def result_data(self, state: CastlesState) -> dict[str, Any]:
        """Each seat's tokens and the castles taken at the end."""
        pos = state.position
        return {
            "tokens": [side.tokens for side in pos.sides],
            "castles_taken": [sum(c.taken for c in pos.castles if c.owner != seat) for seat in (0, 1)],
        }

    # --- logs and snapshots ----------------------------------------------------------------------------
    def replay_onto(self, state: CastlesState, log: Sequence[str]) -> CastlesState:
        """Each stored text parsed and applied (a refused one: `LogReplayError`)."""
        for text in log:
            action = self.parse_action(state, text)
            try:
                state.apply(action)
            except IllegalActionError as exc:
                raise LogReplayError(str(exc)) from exc
        return state

    def outcome(self, state: CastlesState) -> Outcome | None:
        """Winner (None: a draw) and reason once the game is over."""
        result = state.position.result
        return None if result is None else Outcome(result.winner, result.reason)

    def snapshot(self, state: CastlesState) -> str:
        """The whole state as text: the position's JSON and the seed (never shown to anyone)."""
        return json.dumps(
            {"seed": state.seed, "position": position_to_json(state.position)}, separators=(",", ":")
        )

    def restore(self, text: str) -> CastlesState:
        """The state a ``snapshot`` wrote."""
        data = json.loads(text)
        return CastlesState(int(data["seed"]), position_from_json(data["position"]))

    def snapshot_fits(self, state: CastlesState, options: Mapping[str, Any], seed: int) -> bool:
        """Whether the restored state is of a game with this seed (Castles has no options)."""
        return state.seed == seed and not options


__all__ = ["KIND", "CastlesGame", "CastlesState"]
