"""What the service needs of a game, on top of its registered entry (`warchest_bot.games.GameKind`).

The entry holds the game: option checks, new games, notation with typed errors, follow-ups, results,
snapshots, private signatures, the last action's description. This adapter adds the service's side and
knows no game: user-facing `ServiceError`s from the interface's typed errors, and the seed limit of the
storage. The service holds one `GameRules` per stored ``kind`` (`GameRules.of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..games import (
    ActionTextError,
    AmbiguousActionError,
    Announcement,
    BadOptionsError,
    Completion,
    GameKind,
    IllegalActionTextError,
    Outcome,
    Snapshots,
    ends_turn,
    get_game,
    pictures_of,
)
from ..i18n import for_game
from .errors import ErrorCode, ServiceError
from .limits import echo_text, typed_text
from .positions import Mark

SEED_LIMIT = 2**63 - 1  # the storage keeps seeds in a signed 64-bit column
_AMBIGUOUS_SHOWN = 8
MAX_ACTION_TEXT = 4000
"""The longest action text read (longer input is refused before parsing): a Point-Buy Chess secret army
at the largest budget names up to 200 units in one action (Discord takes 6000 characters in an option)."""

State = Any
"""A game's state (the service only passes it to its game; see `warchest_bot.games.GameState`)."""
Action = Any
"""A game's action: an opaque value of its game."""


class GameRules:
    """One game for the service, through its registered entry."""

    def __init__(self, game: GameKind) -> None:
        self.game = game
        self.kind: str = game.kind

    @classmethod
    def of(cls, kind: str) -> GameRules:
        """The rules of the game stored as ``kind``; `warchest_bot.games.UnknownGameError` for others."""
        return cls(get_game(kind))

    # --- options and seats ---------------------------------------------------------------------------
    def full_options(self, options: Mapping[str, Any] | None, seed: int | None = None) -> dict[str, Any]:
        """Every option of a new game: ``options`` checked by the game (`ServiceError("bad_options")`
        with the game's message) over its defaults; the seed (when given) checked too."""
        given = dict(options or {})
        defaults = self.game.default_options()
        if any(name not in defaults for name in given):  # an option this game does not have
            raise ServiceError(ErrorCode.BAD_OPTIONS)
        try:
            self.game.check_options(given)
        except BadOptionsError as exc:
            raise ServiceError(ErrorCode.BAD_OPTIONS, exc.message_key, **exc.params) from exc
        except (TypeError, ValueError) as exc:  # e.g. a value of the wrong type the game did not expect
            raise ServiceError(ErrorCode.BAD_OPTIONS) from exc
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT
        ):
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_seed", limit=SEED_LIMIT)
        return {**defaults, **given}

    def players_of(self, options: Mapping[str, Any]) -> int:
        """How many seats a game of ``options`` has."""
        return self.game.players_of(options)

    def team(self, players: int, seat: int) -> int:
        """The team of ``seat`` in a game of ``players`` (partners share one)."""
        return self.game.teams(players)[seat]

    def forfeit_winner(self, teams: Sequence[int], team: int) -> int | None:
        """The team that wins when ``team`` resigns or times out (None: a draw)."""
        return self.game.forfeit_winner(tuple(teams), team)

    def rematch_options(self, options: Mapping[str, Any], outcome: Outcome | None) -> dict[str, Any]:
        """The options of a finished game's rematch."""
        return self.game.rematch_options(options, outcome)

    def rematch_seating(self, players: int) -> tuple[int, ...]:
        """Seat n of a rematch is taken by the player of old seat ``rematch_seating(players)[n]``."""
        return tuple(self.game.rematch_seating(players))

    def result_params(self, options: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
        """What the sentence announcing a result names beside the players."""
        return self.game.result_params(options, result)

    # --- states --------------------------------------------------------------------------------------
    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        """A new game of ``options`` from ``seed``."""
        return self.game.new_state(options, seed)

    def snapshot(self, state: State) -> str | None:
        """The full state as text (hidden information and RNG included: never show it to anyone); None
        for a game that keeps no snapshots (it is replayed from its log)."""
        snapshots = self.game.facets.snapshots
        return snapshots.snapshot(state) if snapshots is not None else None

    def restore(self, text: str) -> State:
        """The state a snapshot holds; LookupError for a game that keeps none (then it is replayed)."""
        return self._snapshots().restore(text)

    def fits(self, state: State, options: Mapping[str, Any], seed: int) -> bool:
        """Whether a restored snapshot belongs to the game of ``options`` and ``seed``."""
        return self._snapshots().snapshot_fits(state, options, seed)

    def _snapshots(self) -> Snapshots:
        snapshots = self.game.facets.snapshots
        if snapshots is None:
            raise LookupError(f"game {self.kind!r} keeps no snapshots")
        return snapshots

    def replay(self, state: State, notations: list[str]) -> State:
        """Apply stored actions (their private text) to ``state`` in place; raises a ValueError
        (`ActionTextError`, `LogReplayError`) if the log does not fit the state."""
        return self.game.replay_onto(state, notations)

    @staticmethod
    def view(state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see: never the seed or the RNG state."""
        view: dict[str, Any] = state.view_for(seat)
        return view

    def replay_frames(self, options: Mapping[str, Any], seed: int, notations: list[str]) -> list[Any]:
        """A replay's frames of the stored actions: spectator views and public actions only."""
        return list(pictures_of(self.game).replay_frames(options, seed, notations))

    # --- actions -------------------------------------------------------------------------------------
    def parse(self, state: State, action: str | Action, game_id: int) -> Action:
        """The legal action meant by ``action`` (notation text or the game's action), else ServiceError."""
        if isinstance(action, self.game.action_type):
            if action not in state.legal_actions():
                raise ServiceError(ErrorCode.ILLEGAL, "error.illegal_action", game_id=game_id)
            return action
        text = typed_text(action) if isinstance(action, str) else ""
        if not text:
            raise ServiceError(
                ErrorCode.UNPARSEABLE, self.own_words("error.empty_action"), action="", game_id=game_id
            )
        if len(text) > MAX_ACTION_TEXT:
            raise ServiceError(
                ErrorCode.UNPARSEABLE,
                self.own_words("error.long_action"),
                game_id=game_id,
                limit=MAX_ACTION_TEXT,
            )
        try:
            return self.game.parse_action(state, text)
        except AmbiguousActionError as exc:
            listed = [self.game.format_action(state, a) for a in exc.candidates[:_AMBIGUOUS_SHOWN]]
            more = "…" if len(exc.candidates) > _AMBIGUOUS_SHOWN else ""
            raise ServiceError(
                ErrorCode.AMBIGUOUS,
                action=echo_text(text, 80),
                candidates=", ".join(listed) + more,
                game_id=game_id,
                detail=exc.reason,
            ) from exc
        except IllegalActionTextError as exc:
            raise ServiceError(
                ErrorCode.ILLEGAL,
                action=echo_text(text, 80),
                game_id=game_id,
                detail=echo_text(_personal(_reason(exc.reason), state), 300),
            ) from exc
        except ActionTextError as exc:
            raise ServiceError(
                ErrorCode.UNPARSEABLE,
                self.own_words("error.unparseable"),
                action=echo_text(text, 80),
                game_id=game_id,
                detail=echo_text(_reason(exc.reason), 200),
            ) from exc

    def own_words(self, message_id: str) -> str:
        """The id of message ``message_id`` in the game's own words (its examples of action text, what it
        draws), when it has them (`for_game`)."""
        return for_game(message_id, self.game.kind)

    def complete(self, state: State, typed: str) -> list[Completion]:
        """Proposals for action text the seat to act is typing (`GameKind.complete_action`)."""
        return list(self.game.complete_action(state, typed[:MAX_ACTION_TEXT]))

    def last_action(self, before: State, after: State, action: Action, seat: int) -> dict[str, Any]:
        """The action as data for the board picture (public: see `GameKind.describe_last_action`)."""
        return self.game.describe_last_action(before, after, action, seat)

    def text(self, action: Action, *, public: bool) -> str:
        return self.game.format_action(None, action, public=public)

    def public_text(self, notation: str) -> str:
        """The public form of a stored (private, canonical) action text."""
        return self.game.public_text(notation)

    def private_signatures(self, state: State) -> list[tuple[Any, ...]]:
        """Per seat, what only that seat sees and an action may change (its hand)."""
        return self.game.private_signatures(state)

    def is_followup(self, state: State) -> bool:
        return self.game.is_followup(state)

    def action_kind(self, action: Action) -> str:
        return self.game.action_kind(action)

    def round_of(self, state: State) -> int:
        return self.game.round_of(state)

    def mark(self, state: State) -> Mark:
        """The position ``state`` as `ShownPositions` remembers it."""
        return Mark(state.ply, self.round_of(state))

    def phase_of(self, state: State) -> str:
        return self.game.phase_of(state)

    def drew(self, before: State, after: State) -> bool:
        """Whether the step from ``before`` to ``after`` drew hidden or random information."""
        return self.game.drew(before, after)

    def under_way(self, state: State) -> bool:
        """Whether a real move (past the setup) has been made: after that, no cancelling."""
        return self.game.under_way(state)

    def setup_plies(self, state: State) -> int:
        """How many plies the setup takes."""
        return self.game.setup_plies(state)

    def result(self, state: State) -> tuple[int | None, str] | None:
        """(winner team or None for a draw, reason) once the rules ended the game."""
        outcome = self.game.outcome(state)
        return None if outcome is None else (outcome.winner, outcome.reason)

    def result_data(self, state: State) -> dict[str, Any]:
        return self.game.result_data(state)

    # --- turns and chance ----------------------------------------------------------------------------
    def turn_start(self, state: State) -> int:
        """The ply at which the turn under way in ``state`` began (``state.ply``: a turn begins there)."""
        return self.game.turn_start(state)

    def ends_turn(self, after: State) -> bool:
        """Whether the decision that led to ``after`` ended its turn (or the game)."""
        return ends_turn(self.game, after)

    def action_of(self, state: State, notation: str) -> Action:
        """The action a stored (canonical) action text names in ``state``; the game's ValueErrors for a
        text that does not fit (a damaged log)."""
        return self.game.parse_action(state, notation)

    def announce(self, before: State, action: Action, after: State, seat: int) -> Announcement:
        """What the decision says, computed after it was applied (public and per seat)."""
        return self.game.announce(before, action, after, seat)


def _personal(detail: str, state: State) -> str:
    """The rules speak of seats ("seat 1's hand"); the person refused is the seat to act: "your hand"."""
    seat = state.current_player
    return detail.replace(f"seat {seat}'s ", "your ").replace(f"seat {seat} must", "you must")


def _reason(reason: str) -> str:
    """The rules' explanation without its echo of the input ("'x' is not legal now: <reason>")."""
    text = reason.strip()
    marker = " is not legal now: "
    if marker in text:
        text = text.split(marker, 1)[1]
    return text[:-1] if text.endswith(".") else text
