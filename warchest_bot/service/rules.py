"""What the service needs of War Chest, on top of its registered entry (`warchest_bot.games.warchest`).

The entry (the `warchest_bot.games.GameKind` interface) holds the game: option checks, new games, notation
with typed errors, follow-ups, results. This adapter adds the service's side: user-facing `ServiceError`s,
snapshots, the seed limit of the storage, private signatures and the setup plies.

The service still holds one `WarChestRules`; choosing the adapter by the stored ``kind``
(`warchest_bot.games.get_game`) is the next step of the game interface.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine import (
    Action,
    GameState,
    Options,
    action_to_json,
    format_action,
    lookup_unit,
    parse_action,
)
from ..engine.actions import FACE_DOWN_KINDS
from ..games import ActionTextError, AmbiguousActionError, BadOptionsError, IllegalActionTextError
from ..games.warchest import WAR_CHEST
from ..render.lastaction import board_losses
from ..render.replay import Frame, collect_frames
from .errors import ErrorCode, ServiceError
from .limits import echo_text, typed_text
from .results import GameOptions

SEED_LIMIT = 2**63 - 1  # the storage keeps seeds in a signed 64-bit column
_AMBIGUOUS_SHOWN = 8
MAX_ACTION_TEXT = 200  # far longer than any action; longer input is refused before parsing


class WarChestRules:
    """War Chest for the service, through its registered entry and `warchest_bot.engine`."""

    kind = "warchest"

    def __init__(self) -> None:
        self._setup_plies: dict[int, int] = {}

    # --- options -------------------------------------------------------------------------------------
    def check_options(self, options: GameOptions, seed: int | None = None) -> None:
        """Raise `ServiceError("bad_options")` (with a specific message) for invalid options."""
        try:
            WAR_CHEST.check_options(options.to_dict())
        except BadOptionsError as exc:
            raise ServiceError(ErrorCode.BAD_OPTIONS, exc.message_key, **exc.params) from exc
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT
        ):
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_seed", limit=SEED_LIMIT)

    @staticmethod
    def engine_options(options: GameOptions, seed: int) -> Options:
        return WAR_CHEST.engine_options(options.to_dict(), seed)

    # --- states --------------------------------------------------------------------------------------
    def new_state(self, options: GameOptions, seed: int) -> GameState:
        """Deal the units (or open the draft) and draw the first hands."""
        return WAR_CHEST.new_state(options.to_dict(), seed)

    @staticmethod
    def snapshot(state: GameState) -> str:
        """The full state as JSON text (hidden information and RNG included: never show it to anyone)."""
        return json.dumps(state.to_json(), separators=(",", ":"))

    @staticmethod
    def restore(text: str) -> GameState:
        return GameState.from_json(json.loads(text))

    def replay(self, state: GameState, notations: list[str]) -> GameState:
        """Apply stored actions (their private text) to ``state`` in place; raises ActionTextError
        (a ValueError) or GameError if the log does not fit the state."""
        for text in notations:
            state.apply(WAR_CHEST.parse_action(state, text))
        return state

    @staticmethod
    def view(state: GameState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see: never the seed or the RNG state."""
        return state.view_for(seat)

    @staticmethod
    def replay_frames(state: GameState, notations: list[str]) -> list[Frame]:
        """Play the stored actions on ``state`` (in place) and keep a replay's frames: spectator views and
        public actions only."""
        return collect_frames(state, (parse_action(state, text) for text in notations), len(notations))

    # --- actions -------------------------------------------------------------------------------------
    @staticmethod
    def parse(state: GameState, action: str | Action, game_id: int) -> Action:
        """The legal action meant by ``action`` (notation text or an engine Action), else ServiceError."""
        if isinstance(action, Action):
            if action not in state.legal_actions():
                raise ServiceError(ErrorCode.ILLEGAL, "error.illegal_action", game_id=game_id)
            return action
        text = typed_text(action) if isinstance(action, str) else ""
        if not text:
            raise ServiceError(ErrorCode.UNPARSEABLE, "error.empty_action", action="", game_id=game_id)
        if len(text) > MAX_ACTION_TEXT:
            raise ServiceError(
                ErrorCode.UNPARSEABLE, "error.long_action", game_id=game_id, limit=MAX_ACTION_TEXT
            )
        shown = echo_text(text, 80)
        try:
            return WAR_CHEST.parse_action(state, text)
        except AmbiguousActionError as exc:
            listed = [format_action(state, a) for a in exc.candidates[:_AMBIGUOUS_SHOWN]]
            more = "…" if len(exc.candidates) > _AMBIGUOUS_SHOWN else ""
            raise ServiceError(
                ErrorCode.AMBIGUOUS,
                action=shown,
                candidates=", ".join(listed) + more,
                game_id=game_id,
                detail=exc.reason,
            ) from exc
        except IllegalActionTextError as exc:
            raise ServiceError(
                ErrorCode.ILLEGAL,
                action=shown,
                game_id=game_id,
                detail=echo_text(_personal(_reason(exc.reason), state), 300),
            ) from exc
        except ActionTextError as exc:
            raise ServiceError(
                ErrorCode.UNPARSEABLE,
                action=shown,
                game_id=game_id,
                detail=echo_text(_reason(exc.reason), 200),
            ) from exc

    @staticmethod
    def last_action(before: GameState, after: GameState, action: Action, seat: int) -> dict[str, Any]:
        """The action as data for the board picture: ``action_to_json(public=True)`` and the coins it
        cost units on the board (``losses``, public: who was hit, who left the board)."""
        losses = board_losses(before.view_for(None), after.view_for(None))
        return {**action_to_json(action, seat, public=True), "losses": losses}

    @staticmethod
    def text(action: Action, *, public: bool) -> str:
        return format_action(None, action, public=public)

    @staticmethod
    def public_text(notation: str) -> str:
        """The public form of a stored (private, canonical) action text: the face-down coin left out."""
        words = notation.split()
        if len(words) >= 2 and words[1] in FACE_DOWN_KINDS and lookup_unit(words[0]) is not None:
            return " ".join(words[1:])
        return notation

    @staticmethod
    def private_signatures(state: GameState) -> list[tuple[Any, ...]]:
        """Per seat, what only that seat sees and an action may change: its hand and a Warrior Priest coin
        it must play now."""
        priest = {p.seat: p.coin for p in state.pending if p.kind == "priest"}
        return [(tuple(sorted(s.hand)), priest.get(n)) for n, s in enumerate(state.seats)]

    @staticmethod
    def is_followup(state: GameState) -> bool:
        return WAR_CHEST.is_followup(state)

    @staticmethod
    def in_draft(state: GameState) -> bool:
        return state.phase == "draft"

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
    def result(state: GameState) -> tuple[int | None, str] | None:
        """(winner team or None for a draw, reason) once the rules ended the game."""
        outcome = WAR_CHEST.outcome(state)
        return None if outcome is None else (outcome.winner, outcome.reason)

    @staticmethod
    def result_data(state: GameState) -> dict[str, Any]:
        return {
            "round": state.round,
            "ply": state.ply,
            "markers_left": [state.markers_left(0), state.markers_left(1)],
        }


def _personal(detail: str, state: GameState) -> str:
    """The engine speaks of seats ("seat 1's hand"); the person refused is the seat to act: "your hand"."""
    seat = state.current_player
    return detail.replace(f"seat {seat}'s ", "your ").replace(f"seat {seat} must", "you must")


def _reason(reason: str) -> str:
    """The engine's explanation without its echo of the input ("'x' is not legal now: <reason>")."""
    text = reason.strip()
    marker = " is not legal now: "
    if marker in text:
        text = text.split(marker, 1)[1]
    return text[:-1] if text.endswith(".") else text
