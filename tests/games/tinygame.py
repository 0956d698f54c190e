"""Tiny Lines, a game only under tests/ and as small as a game can be: the `GameKind` core, computer players
and its own alt text (its pictures are the generic text ones). The rules are in ``MESSAGES``; the options
say who begins ("seat0", or "random" from the seed) and whether blockers are dealt."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from warchest_bot import games as g
from warchest_bot.games import OptionChoice as Choice
from warchest_bot.i18n import t

from .registration import registered_game

KIND = "tinylines"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MESSAGES = {
    "result.line": "{winners} won game #{game_id} with three in a row.",
    "result.full": "Game #{game_id} is a draw: the board is full.",
    "tinylines.rules": "Tiny Lines: mark squares of a 3×3 board in turn; three in a row wins. Each player "
    "holds one secret blocker square and may reveal it instead of marking, while it is empty: then nobody "
    "may mark it.",
    "tinylines.blocker": "Your secret blocker: {square}.",
}
SQUARES = {"abc"[n % 3] + str(n // 3 + 1): n for n in range(9)}
NAMES = {n: name for name, n in SQUARES.items()}
MARKS = {0: "X", 1: "O", "#": "#", None: "."}


@dataclass(frozen=True, slots=True)
class TinyAction:
    kind: str  # "mark", or "reveal" one's blocker ``square``
    square: int


@dataclass
class TinyState(g.GameStateDefaults):
    board: list[int | str | None] = field(default_factory=lambda: [None] * 9)  # a seat, "#" (blocked)
    blockers: list[int | None] = field(default_factory=lambda: [None, None])  # unrevealed only
    to_move: int = 0
    ply: int = 0
    result: g.Outcome | None = None

    def legal_actions(self) -> list[TinyAction]:
        if self.result is not None:
            return []
        out = [TinyAction("mark", n) for n in range(9) if self.board[n] is None]
        mine = self.blockers[self.to_move]
        return out + [TinyAction("reveal", mine)] if mine is not None and self.board[mine] is None else out

    def apply(self, action: TinyAction) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        seat, self.ply = self.to_move, self.ply + 1
        self.board[action.square] = seat if action.kind == "mark" else "#"
        if action.kind == "reveal":
            self.blockers[seat] = None
        if any(all(self.board[n] == seat for n in line) for line in LINES):
            self.result = g.Outcome(seat, "line")
        elif None not in self.board:
            self.result = g.Outcome(None, "full")
        self.to_move = 1 - seat

    def view_for(self, seat: int | None) -> dict[str, Any]:
        result = self.result and asdict(self.result)
        view = {"seat": seat, "to_move": self.current_player, "ply": self.ply, "board": list(self.board)}
        return view | {"my_blocker": None if seat is None else self.blockers[seat], "result": result}


class FirstLegal:
    """The computer player: the first empty square."""

    def choose(self, state: TinyState) -> TinyAction:
        return self.choose_from_view(state.view_for(state.current_player))

    def choose_from_view(self, view: Mapping[str, Any]) -> TinyAction:
        return TinyAction("mark", view["board"].index(None))


class TinyAltText(g.CommonAltText):
    """The common alt text, the board's rows (top first) and the owner's blocker."""

    def board_text(self, view: Mapping[str, Any], names: Any, locale: str) -> list[str]:
        rows = [" ".join(MARKS[c] for c in view["board"][r : r + 3]) for r in (6, 3, 0)]
        return [*super().board_text(view, names, locale), *rows]

    def private_alt_text(self, view: Mapping[str, Any], names: Any, locale: str) -> str:
        if view["my_blocker"] is None:
            return super().private_alt_text(view, names, locale)
        return t("tinylines.blocker", locale, square=NAMES[view["my_blocker"]])


class TinyLines(g.GameKindDefaults):
    kind, title, player_counts, action_type = KIND, "Tiny Lines", (2,), TinyAction
    options = (
        g.OptionSpec("first", "seat0", (Choice("seat0", "seat0"), Choice("random", "random")), "Who"),
        g.OptionSpec("blockers", 1, (Choice("yes", 1), Choice("no", 0)), "Deal secret blockers"),
    )
    ai_levels, ai_budgets = {"easy": "first"}, {"easy": None}

    @property
    def facets(self) -> g.Facets:
        return g.Facets(alt_text=TinyAltText(self.title), players=self)

    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> FirstLegal:
        if level not in ("easy", "first"):
            raise ValueError(f"no Tiny Lines player {level!r}")
        return FirstLegal()

    def new_state(self, options: Mapping[str, Any], seed: int) -> TinyState:
        self.check_options(options)
        state, rng = TinyState(), random.Random(seed)
        if options.get("blockers", 1):
            state.blockers = list(rng.sample(range(9), 2))
        if options.get("first") == "random":
            state.to_move = rng.randrange(2)
        return state

    def parse_action(self, state: TinyState, text: str) -> TinyAction:
        words, mine = text.strip().lower().split(), state.blockers[state.to_move]
        if words[:1] == ["reveal"] and len(words) <= 2:
            if mine is None or (len(words) == 2 and SQUARES.get(words[1]) != mine):
                raise g.IllegalActionTextError(text, "that is not your blocker")
            action = TinyAction("reveal", mine)
        elif len(words) == 2 and words[0] == "mark" and words[1] in SQUARES:
            action = TinyAction("mark", SQUARES[words[1]])
        else:
            raise g.UnparseableActionError(text, "write 'mark b2' or 'reveal'")
        if action not in state.legal_actions():
            raise g.IllegalActionTextError(text, "that cannot be played now")
        return action

    def format_action(self, state: Any, action: TinyAction, *, public: bool = False) -> str:
        return f"{action.kind} {NAMES[action.square]}"  # a revealed blocker is public from then on

    def action_kind(self, action: TinyAction) -> str:
        return action.kind

    def private_signatures(self, state: TinyState) -> list[tuple[Any, ...]]:
        return [(blocker,) for blocker in state.blockers]


TINY_LINES = TinyLines()
registered = functools.partial(registered_game, TINY_LINES, MESSAGES)  # for a ``with`` block
