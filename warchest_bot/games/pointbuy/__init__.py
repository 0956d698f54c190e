"""Point-Buy Chess behind the game interface: the `GameKind` entry ``"pointbuy"`` joining the rules
(`engine`, `notation`), the pictures (`render`, imported when first drawn) and the computer players
(`ai`, imported when first asked for).

Rules: ``shared/rules/for-the-crown.md`` §1 and the promotion trigger of §2.5; the units' movement comes
from `warchest_bot.games.units`. Importing this package registers the game.

A series of games (§1.7, D-PB-12) changes the budgets from game to game: `PointBuyChess.rematch_options`
gives the options of the rematch (the loser +1 point, or with ``series="win-1"`` the winner −1, never
below 1; a draw changes nothing), with the seats swapped as `rematch_seating` says.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, NamedTuple

from ...i18n import DEFAULT_LOCALE, t
from ..base import (
    ActionChoice,
    BadOptionsError,
    GameKindDefaults,
    LogReplayError,
    OptionChoice,
    OptionSpec,
    Outcome,
    Picture,
    Player,
    UnitEntry,
    View,
)
from ..completion import Completion
from ..facets import Facets
from ..registry import register_game
from ..turns import ends_turn
from ..unit_names import complete_with_names
from ..units import UNIT_TYPES
from . import alt_text as _alt
from . import messages as messages  # the game's own words: importing them adds them to the catalogue
from .completion import complete_action
from .engine import (
    BUDGET_LIMIT,
    PICKING,
    SERIES,
    TURN_CAP_LIMIT,
    IllegalActionError,
    PBAction,
    PBOptions,
    PBState,
)
from .notation import format_action, lookup_code, parse_action, public_text
from .record import RECORDS as _RECORDS

KIND = "pointbuy"
_UNITS = tuple(UnitEntry(u.code, u.name) for u in UNIT_TYPES)
_BY_CODE = {u.code: u for u in _UNITS}
_ACTION_KINDS = {"accept_draw": "draw"}
CONTRACT_AI_LEVELS = {"easy": "easy", "normal": "normal", "hard": "hard"}
"""The levels the contract promises (used until `ai` says otherwise)."""

_OFF_ON = (OptionChoice("off", 0), OptionChoice("on", 1))


def _companion(name: str) -> ModuleType:
    """This game's ``render`` or ``ai`` module, imported when first needed (pictures and players are
    heavy, and a process that only plays needs neither)."""
    return importlib.import_module(f"{__name__}.{name}")


class Frame(NamedTuple):
    """One frame of a replay: a spectator view and the public data of the action that led to it."""

    view: dict[str, Any]
    last_action: dict[str, Any] | None


class PointBuyChess(GameKindDefaults):
    """Point-Buy Chess (2 players): the `GameKind` registered as ``"pointbuy"``."""

    kind: str = KIND
    title: str = "Point-Buy Chess"
    options: tuple[OptionSpec, ...] = (
        OptionSpec("budget", 38, (), f"Points each player spends on an army (1 to {BUDGET_LIMIT})"),
        OptionSpec("budget_black", 0, (), "Black's budget when it differs (a handicap); 0: the same"),
        OptionSpec(
            "picking",
            "open",
            tuple(OptionChoice(p, p) for p in PICKING),
            "Open: one unit at a time in turn; secret: whole armies at once, revealed together",
        ),
        OptionSpec("repetition", 3, (), "The same position this often at the start of a turn draws; 0: off"),
        OptionSpec("no_progress", 100, (), "Turns without progress that draw; 0: off"),
        OptionSpec("turn_cap", 600, (), f"The game is a draw after this many turns (1 to {TURN_CAP_LIMIT})"),
        OptionSpec("dead_material", 0, _OFF_ON, "A draw when both sides have only Sovereigns left"),
        OptionSpec(
            "series",
            "loss+1",
            tuple(OptionChoice(s, s) for s in SERIES),
            "Rematch budgets: the loser gets 1 more point, or the winner 1 less",
        ),
        OptionSpec("unit_cap", 0, (), "At most this many units of one type (not Pawns); 0: no cap"),
        OptionSpec("agreement", 1, _OFF_ON, "Draws by offer and acceptance"),
        OptionSpec("passes", 2, (), "Consecutive forced passes that draw; 0: off"),
        OptionSpec(
            "sovereign_guard",
            1,
            _OFF_ON,
            "Refuse a pick that leaves no way to a Sovereign on the first rank (off: the rulebook's free picking)",
        ),
    )
    player_counts: tuple[int, ...] = (2,)
    action_type: type = PBAction

    @property
    def facets(self) -> Facets:
        """Snapshots, pictures, units, alt text, computer players, review, records (PGN, `record`) and
        conditional moves (the Play menus are the generic ones, by action kind; no rules guide or puzzles
        yet)."""
        return Facets(
            snapshots=self,
            pictures=self,
            units=self,
            alt_text=self,
            players=self,
            review=self,
            records=_RECORDS,
            conditionals=self,
        )

    @staticmethod
    def conditionals_open(state: PBState) -> bool:
        """Conditional moves (a game of perfect information) once no army is picked in secret any more,
        until the game is over."""
        return state.phase in ("pick", "play")

    # --- computer players ------------------------------------------------------------------------------
    @property
    def ai_levels(self) -> Mapping[str, str]:
        """Levels people may play the bot at (easy, normal, hard) and the player each uses."""
        levels = self._ai_levels()
        return {level: player for level, (player, _budget) in levels.items()}

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        """Think time per decision (ms) of each level."""
        levels = self._ai_levels()
        return {level: budget for level, (_player, budget) in levels.items()}

    @staticmethod
    def _ai_levels() -> Mapping[str, tuple[str, float | None]]:
        try:
            ai = _companion("ai")
        except ImportError:  # the players are not installed yet: the contract's levels
            return {level: (player, None) for level, player in CONTRACT_AI_LEVELS.items()}
        levels: Mapping[str, tuple[str, float | None]] = ai.LEVELS
        return levels

    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> Player:
        """A computer player by level or by the player's own name (``ai.make_player``)."""
        player: Player = _companion("ai").make_player(level, seed, budget_ms=budget_ms)
        return player

    review_budget: int = 3
    """Search depth (plies) per reviewed decision (`review.REVIEW_DEPTH`)."""

    def review_decision(self, view: View, played: str, budget: int | None, seed: int) -> Any:
        """A play-phase decision valued by the alpha-beta search from the view (`review.review_decision`)."""
        return _companion("review").review_decision(view, played, budget, seed)

    # --- options and seats -----------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        """Every option at its default."""
        return {spec.name: spec.default for spec in self.options}

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Raise `BadOptionsError` (catalogue keys ``error.bad_budget``, ``error.bad_picking``, …) unless a
        game can be set up with ``options`` (missing: defaults)."""
        PBOptions.from_mapping(options)

    def engine_options(self, options: Mapping[str, Any]) -> PBOptions:
        """The engine's options for stored options."""
        return PBOptions.from_mapping(options)

    def teams(self, players: int) -> tuple[int, ...]:
        """Two players, each their own team."""
        if players not in self.player_counts:
            raise BadOptionsError("error.bad_players_pointbuy")
        return (0, 1)

    # --- series ----------------------------------------------------------------------------------------
    def rematch_options(self, options: Mapping[str, Any], outcome: Outcome | int | None) -> dict[str, Any]:
        """The options of the next game of a series (§1.7, D-PB-12), for the seats of the rematch
        (`rematch_seating`: swapped). The budgets carry the series: with ``series="loss+1"`` (default) the
        loser's budget rises by 1 (so each player has the first budget plus the games they lost so far);
        with ``"win-1"`` the winner's falls by 1, never below 1; a draw changes nothing. ``outcome`` is the
        finished game's `Outcome` or just its winning seat (None: a draw). ``budget_black`` is 0 when
        both budgets end up equal."""
        full = PBOptions.from_mapping(options)
        winner = outcome.winner if isinstance(outcome, Outcome) else outcome
        budgets = list(full.budgets)
        if winner in (0, 1):
            if full.series == "loss+1":
                loser = 1 - winner
                budgets[loser] = min(BUDGET_LIMIT, budgets[loser] + 1)
            else:
                budgets[winner] = max(1, budgets[winner] - 1)
        seating = self.rematch_seating(2)
        new = [budgets[seating[0]], budgets[seating[1]]]
        result = {**self.default_options(), **dict(options)}
        result["budget"] = new[0]
        result["budget_black"] = 0 if new[1] == new[0] else new[1]
        return result

    def result_params(self, options: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
        """What the result sentences name: the limits of the draw rules (``turns``, ``times``)."""
        full = PBOptions.from_mapping(options)
        reason = result.get("reason")
        turns = {"no_progress": full.no_progress, "turn_cap": full.turn_cap}.get(str(reason), 0)
        times = {"repetition": full.repetition, "passes": full.passes}.get(str(reason), 0)
        return {"turns": turns, "times": times}

    # --- states and actions ----------------------------------------------------------------------------
    def new_state(self, options: Mapping[str, Any], seed: int) -> PBState:
        """A new game (the seed is not used: Point-Buy Chess has no randomness)."""
        return PBState(PBOptions.from_mapping(options))

    def parse_action(self, state: PBState, text: str) -> PBAction:
        """The legal action ``text`` names (see `notation`; unit names in any language stand for their
        codes), else an `ActionTextError` subclass."""
        return parse_action(state, self.with_unit_codes(text))

    def format_action(self, state: PBState | None, action: PBAction, *, public: bool = False) -> str:
        """The canonical text (public: a secret army hidden)."""
        return format_action(action, public=public)

    def action_choices(self, state: PBState) -> list[ActionChoice]:
        """The listed legal actions with their texts and kinds ("pick", "army", "move", "deploy", "pass",
        "draw"). A promoting move comes as 24 choices (stay, then each other type): one select menu."""
        return [
            ActionChoice(a, format_action(a), format_action(a, public=True), self.action_kind(a))
            for a in state.legal_actions()
        ]

    def complete_action(self, state: PBState, typed: str) -> list[Completion]:
        """While picking in secret, the next entries of the army being typed (unit types the points left
        buy, then free first-rank squares or the Barracks, with the points left); otherwise the legal
        actions matching the text (`completion.complete_action`). Unit names in any language stand for
        their codes, the start of one for each unit it may begin."""
        return complete_with_names(lambda words: complete_action(state, words), typed, self.name_index)

    @staticmethod
    def action_kind(action: PBAction) -> str:
        """The action's kind for menus ("accept_draw" is "draw")."""
        return _ACTION_KINDS.get(action.kind, action.kind)

    @staticmethod
    def decision_note(view: View) -> tuple[str, dict[str, Any]] | None:
        """While picking, a side without a Sovereign on its first rank is told so (``view["crown"]``):
        how to get one, or that none can be had any more."""
        crown = view.get("crown")
        if crown is None:
            return None
        return ("pointbuy.crown.needed" if crown == "needed" else "pointbuy.crown.lost"), {}

    @staticmethod
    def is_followup(state: PBState) -> bool:
        """Never: every decision is a whole action (a promotion is part of its move)."""
        return False

    def replay(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> PBState:
        """The state after the stored action texts; an `ActionTextError` if the log does not fit."""
        return self.replay_onto(self.new_state(options, seed), log)

    def replay_onto(self, state: PBState, log: Sequence[str]) -> PBState:
        """Apply stored action texts to ``state`` in place and return it."""
        for text in log:
            action = parse_action(state, text)
            try:
                state.apply(action)
            except IllegalActionError as exc:
                raise LogReplayError(str(exc)) from exc
        return state

    def outcome(self, state: PBState) -> Outcome | None:
        """Winning seat (None: a draw) and reason, or None while the game runs."""
        r = state.result
        return None if r is None else Outcome(r.winner, r.reason)

    # --- what the service keeps and compares -----------------------------------------------------------
    @staticmethod
    def snapshot(state: PBState) -> str:
        """The whole state as JSON text (secret armies included: never shown to anyone)."""
        return json.dumps(state.to_json(), separators=(",", ":"))

    @staticmethod
    def restore(text: str) -> PBState:
        """The state a `snapshot` wrote."""
        return PBState.from_json(json.loads(text))

    def snapshot_fits(self, state: PBState, options: Mapping[str, Any], seed: int) -> bool:
        """Whether a restored state belongs to a game of these options (the seed plays no part)."""
        try:
            return state.options == PBOptions.from_mapping(options)
        except BadOptionsError:
            return False

    @staticmethod
    def private_signatures(state: PBState) -> list[tuple[Any, ...]]:
        """Per seat, what only it sees: its secret army while secret picking is under way."""
        own = state.armies if state.phase == "secret" else [None, None]
        return [(own[0],), (own[1],)]

    @staticmethod
    def last_action_data(action: PBAction, seat: int, before: PBState) -> dict[str, Any]:
        """The public data of ``action`` played by ``seat`` on ``before``, as the board picture marks it:
        beside the squares, the types of the units a move captured (``victims``, one per captured square)
        and of the unit a swap moved (``partner``)."""
        kind = PointBuyChess.action_kind(action)
        data: dict[str, Any] = {"seat": seat, "kind": kind, "from": None, "to": None, "captures": []}
        data["code"] = None
        if action.kind == "move":
            m = action.move
            assert m is not None
            data.update({"from": m.origin, "to": m.dest, "captures": list(m.captures), "code": action.code})
            data["victims"] = [p[1] if (p := before.board[sq]) is not None else None for sq in m.captures]
            if m.swap:
                partner = before.board[m.dest]
                data["partner"] = partner[1] if partner is not None else None
        elif action.kind in ("deploy", "pick"):
            data.update({"to": action.square, "code": action.code})
        return data

    def describe_last_action(
        self, before: PBState, after: PBState, action: PBAction, seat: int
    ) -> dict[str, Any]:
        """``{"seat", "kind", "from", "to", "captures", "code"}`` (squares as ints; a secret army shows
        nothing of itself), and for a move the captured units' types (``victims``) and a swap's
        ``partner``."""
        return self.last_action_data(action, seat, before)

    @staticmethod
    def public_text(notation: str) -> str:
        """What the other seats may see of a stored action text (a secret army hidden)."""
        return public_text(notation)

    @staticmethod
    def round_of(state: PBState) -> int:
        """Always 0: no new private information comes with a turn."""
        return 0

    @staticmethod
    def phase_of(state: PBState) -> str:
        """ "pick", "secret", "play" or "over"."""
        return state.phase

    @staticmethod
    def drew(before: PBState, after: PBState) -> bool:
        """No random draws, but the reveal of the secret armies counts: taking back the second army
        would hide again what it revealed."""
        return before.phase == "secret" and after.phase != "secret"

    @staticmethod
    def under_way(state: PBState) -> bool:
        """Whether play has begun (a turn played); picking may still be cancelled."""
        return state.turn > 0

    @staticmethod
    def setup_plies(state: PBState) -> int:
        """The plies picking took (so far, while it lasts)."""
        return state.setup_ply if state.setup_ply is not None else state.ply

    @staticmethod
    def result_data(state: PBState) -> dict[str, Any]:
        """What a result stores beside winner and reason."""
        return {
            "ply": state.ply,
            "turn": state.turn,
            "budgets": list(state.options.budgets),
            "units_on_board": [sum(1 for p in state.board if p is not None and p[0] == s) for s in (0, 1)],
        }

    # --- pictures ------------------------------------------------------------------------------------
    def render_board(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> Picture:
        """The board, both Barracks and the budgets (``render.render_board``)."""
        render_board = _companion("render").render_board
        picture: Picture = render_board(view, last_action, names=names, locale=locale)
        return picture

    def render_private(
        self, view: View, *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
    ) -> Picture:
        """The seat's secret army while picking, else its Barracks (``render.render_private``)."""
        render_private = _companion("render").render_private
        picture: Picture = render_private(view, names=names, locale=locale)
        return picture

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> list[Frame]:
        """Spectator frames of the whole game: the start, then one where each turn ended (`ends_turn`:
        every action, as each is a turn) with the public data of its last action."""
        state = self.new_state(options, seed)
        frames = [Frame(state.view_for(None), None)]
        for text in log:
            action = parse_action(state, text)
            seat = state.current_player
            assert seat is not None
            last = self.last_action_data(action, seat, state)
            try:
                state.apply(action)
            except IllegalActionError as exc:
                raise LogReplayError(str(exc)) from exc
            if ends_turn(self, state):
                frames.append(Frame(state.view_for(None), last))
        return frames

    def render_replay(
        self,
        frames: Sequence[Any],
        *,
        names: Sequence[str] | None = None,
        total: int | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """A GIF of the frames (``render.render_replay``)."""
        render_replay = _companion("render").render_replay
        gif: bytes = render_replay(frames, names=names, total=total, locale=locale)
        return gif

    def board_png(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """The board as PNG (``render.board_png``)."""
        board_png = _companion("render").board_png
        png: bytes = board_png(view, last_action, names=names, locale=locale)
        return png

    def private_png(
        self, view: View, *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
    ) -> bytes:
        """The private panel as PNG (``render.private_png``)."""
        private_png = _companion("render").private_png
        png: bytes = private_png(view, names=names, locale=locale)
        return png

    @staticmethod
    def last_action_of_text(text: str, seat: int | None) -> dict[str, Any]:
        """The seat and the text only (the squares are read from the action, not from its text)."""
        return {"seat": seat, "text": text}

    def unit_card_png(self, code: str, locale: str = DEFAULT_LOCALE) -> bytes:
        """A unit's card as PNG (``render.unit_card_png``)."""
        unit_card_png = _companion("render").unit_card_png
        png: bytes = unit_card_png(code, locale)
        return png

    def warm_up(self) -> None:
        """Build the renderer's static layers (``render.warm_up``)."""
        warm_up = _companion("render").warm_up
        warm_up()

    # --- alt text ------------------------------------------------------------------------------------
    def board_alt_text(
        self, view: View, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
    ) -> str:
        """Whose turn or the result, the last move, each unit with its owner, the Barracks and budgets."""
        return _alt.board_alt_text(self.title, view, last, names, locale)

    def private_alt_text(self, view: View, names: Sequence[str] | None, locale: str) -> str:
        """The viewer's own secret army (while chosen in secret), their Barracks and budget."""
        return _alt.private_alt_text(view, names, locale)

    def board_text(self, view: View, names: Sequence[str] | None, locale: str) -> list[str]:
        """Whose turn, each unit with its owner, the Barracks and budgets."""
        return _alt.board_text(self.title, view, names, locale)

    def unit_alt_text(self, code: str, locale: str) -> str:
        """The unit's name, price and what is special about it."""
        return _alt.unit_alt_text(code, locale)

    # --- units and rules ------------------------------------------------------------------------------
    def units(self) -> tuple[UnitEntry, ...]:
        """The 24 unit types, in the rules' (alphabetical) order."""
        return _UNITS

    def lookup_unit(self, text: str) -> UnitEntry | None:
        """A unit by code or name (any case; also Griffon and Aanca; a name in any language), or None."""
        code = lookup_code(self.with_unit_codes(text))
        return None if code is None else _BY_CODE[code]

    def unit_names(self, locale: str) -> Mapping[str, str]:
        """Each unit type's name in ``locale`` (catalogue ``picture.pb.unit.<code>``, as the pictures
        name them)."""
        return {u.code: t(f"picture.pb.unit.{u.code}", locale) for u in UNIT_TYPES}

    def note_params(self, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
        """A completion note's ``unit`` (an English unit name) in ``locale``."""
        out = dict(params)
        code = lookup_code(str(out["unit"])) if "unit" in out else None
        if code is not None:
            out["unit"] = self.unit_names(locale)[code]
        return out

    def rules_text(self, locale: str) -> str:
        """The rules in brief with the price list (``pointbuy.rules.summary``)."""
        prices = ", ".join(f"{u.name} {u.price}" for u in UNIT_TYPES)
        return t("pointbuy.rules.summary", locale, prices=prices)


POINT_BUY_CHESS = register_game(PointBuyChess())
"""The registered Point-Buy Chess entry."""

__all__ = ["KIND", "POINT_BUY_CHESS", "Frame", "PBAction", "PBOptions", "PBState", "PointBuyChess"]
