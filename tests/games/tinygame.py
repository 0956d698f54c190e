"""Tiny Lines: a third game that lives only under tests/, to prove that the service, storage and Discord
layers reach games through the registry alone (nothing outside tests/ knows it).

The rules: two players mark squares of a 3×3 board in turn ("mark b2"); three marks of one player in a
row, column or diagonal win ("line"); a full board without a line is a draw ("full"). The twist is hidden
information: at the start each player is dealt one secret *blocker* square (drawn from the seed, the two
different). Instead of marking, a player may reveal their blocker ("reveal") while its square is still
empty: from then on nobody may mark it. Nobody but its owner sees an unrevealed blocker; an opponent may
mark it, which spends it.

Options: ``first`` ("seat0": seat 0 begins; "random": drawn from the seed) and ``blockers`` (1: dealt;
0: none). Squares are named a1..c3 (file a-c, rank 1-3; index = rank * 3 + file).

Use `registered()` (or the ``tiny_game`` fixture of tests/conftest.py) to register it under the kind
"tinylines" together with its catalogue messages, and to drop both afterwards.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from warchest_bot.games import (
    ActionChoice,
    BadOptionsError,
    GameKindDefaults,
    IllegalActionTextError,
    LogReplayError,
    OptionChoice,
    OptionSpec,
    Outcome,
    UnitEntry,
    UnparseableActionError,
    register_game,
    unregister_game,
)
from warchest_bot.i18n import EN_MESSAGES, t

KIND = "tinylines"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MESSAGES = {
    "result.line": "{winners} won game #{game_id} with three in a row.",
    "result.full": "Game #{game_id} is a draw: the board is full.",
    "tinylines.rules": (
        "Tiny Lines: mark squares of a 3×3 board in turn; three in a row wins. Each player holds one "
        "secret blocker square and may reveal it instead of marking, while it is empty: then nobody may "
        "mark it."
    ),
}
"""The catalogue messages the game needs (English), installed by `registered()`."""


def square_name(square: int) -> str:
    return "abc"[square % 3] + str(square // 3 + 1)


def parse_square(text: str) -> int | None:
    text = text.strip().lower()
    if len(text) == 2 and text[0] in "abc" and text[1] in "123":
        return (int(text[1]) - 1) * 3 + "abc".index(text[0])
    return None


@dataclass(frozen=True, slots=True)
class TinyAction:
    """Mark ``square``, or reveal one's blocker (``kind`` "reveal", ``square`` the blocker's)."""

    kind: str
    square: int


@dataclass(frozen=True, slots=True)
class TinyResult:
    winner: int | None
    reason: str


@dataclass(eq=True)
class TinyState:
    """A position: the board (None, or the seat that marked), the blockers and who revealed theirs."""

    options: dict[str, Any]
    seed: int
    board: list[int | None] = field(default_factory=lambda: [None] * 9)
    blockers: list[int | None] = field(default_factory=lambda: [None, None])
    revealed: list[bool] = field(default_factory=lambda: [False, False])
    to_move: int = 0
    ply: int = 0
    result: TinyResult | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.result is not None else self.to_move

    def blocked(self) -> set[int]:
        return {b for b, shown in zip(self.blockers, self.revealed, strict=True) if shown and b is not None}

    def legal_actions(self) -> list[TinyAction]:
        if self.result is not None:
            return []
        blocked = self.blocked()
        out = [TinyAction("mark", n) for n in range(9) if self.board[n] is None and n not in blocked]
        mine = self.blockers[self.to_move]
        if mine is not None and not self.revealed[self.to_move] and self.board[mine] is None:
            out.append(TinyAction("reveal", mine))
        return out

    def apply(self, action: TinyAction) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        if action.kind == "mark":
            self.board[action.square] = self.to_move
        else:
            self.revealed[self.to_move] = True
        self.ply += 1
        seat = self.to_move
        if any(all(self.board[n] == seat for n in line) for line in LINES):
            self.result = TinyResult(seat, "line")
        elif not any(self.board[n] is None and n not in self.blocked() for n in range(9)):
            self.result = TinyResult(None, "full")
        self.to_move = 1 - seat

    def clone(self) -> TinyState:
        return TinyState(
            dict(self.options),
            self.seed,
            list(self.board),
            list(self.blockers),
            list(self.revealed),
            self.to_move,
            self.ply,
            self.result,
        )

    def is_terminal(self) -> bool:
        return self.result is not None

    def view_for(self, seat: int | None) -> dict[str, Any]:
        blocked = self.blocked()
        own = None
        if seat is not None and not self.revealed[seat]:
            own = self.blockers[seat]
        return {
            "game": KIND,
            "seat": seat,
            "to_move": self.current_player,
            "ply": self.ply,
            "board": ["#" if n in blocked else self.board[n] for n in range(9)],
            "revealed": list(self.revealed),
            "my_blocker": own,
            "result": None
            if self.result is None
            else {"winner": self.result.winner, "reason": self.result.reason},
        }


@dataclass(frozen=True, slots=True)
class TinyFrame:
    """One frame of a replay: a spectator view and the public data of the action that led to it."""

    view: dict[str, Any]
    last_action: dict[str, Any] | None
    ply: int


class FirstLegal:
    """The computer player: the first legal mark (it never reveals its blocker)."""

    def choose(self, state: TinyState) -> TinyAction:
        return next(a for a in state.legal_actions() if a.kind == "mark")

    def choose_from_view(self, view: Mapping[str, Any]) -> TinyAction:
        return TinyAction("mark", next(n for n, v in enumerate(view["board"]) if v is None))


class TinyLines(GameKindDefaults):
    """The `GameKind` of Tiny Lines."""

    kind = KIND
    title = "Tiny Lines"
    options = (
        OptionSpec(
            "first",
            "seat0",
            (OptionChoice("seat0", "seat0"), OptionChoice("random", "random")),
            "Who begins: seat 0, or drawn at random",
        ),
        OptionSpec("blockers", 1, (OptionChoice("yes", 1), OptionChoice("no", 0)), "Deal secret blockers"),
    )
    player_counts = (2,)
    action_type = TinyAction

    @property
    def ai_levels(self) -> Mapping[str, str]:
        return {"easy": "first"}

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        return {"easy": None}

    def default_options(self) -> dict[str, Any]:
        return {spec.name: spec.default for spec in self.options}

    def check_options(self, options: Mapping[str, Any]) -> None:
        full = {**self.default_options(), **options}
        if full["first"] not in ("seat0", "random"):
            raise BadOptionsError("error.bad_options")
        if full["blockers"] not in (0, 1) or isinstance(full["blockers"], bool):
            raise BadOptionsError("error.bad_options")

    def teams(self, players: int) -> tuple[int, ...]:
        if players != 2:
            raise BadOptionsError("error.bad_options")
        return (0, 1)

    def new_state(self, options: Mapping[str, Any], seed: int) -> TinyState:
        self.check_options(options)
        full = {**self.default_options(), **options}
        rng = random.Random(seed)
        state = TinyState(full, seed)
        if full["blockers"]:
            state.blockers = list(rng.sample(range(9), 2))
        if full["first"] == "random":
            state.to_move = rng.randrange(2)
        return state

    # --- notation ----------------------------------------------------------------------------------------
    def parse_action(self, state: TinyState, text: str) -> TinyAction:
        words = text.strip().lower().split()
        if words == ["reveal"] or (len(words) == 2 and words[0] == "reveal"):
            mine = state.blockers[state.to_move] if state.result is None else None
            if mine is None:
                raise IllegalActionTextError(text, "you hold no blocker")
            action = TinyAction("reveal", mine)
            if len(words) == 2 and parse_square(words[1]) != mine:
                raise IllegalActionTextError(text, "that is not your blocker")
        elif len(words) == 2 and words[0] == "mark" and parse_square(words[1]) is not None:
            action = TinyAction("mark", parse_square(words[1]))  # type: ignore[arg-type]
        else:
            raise UnparseableActionError(text, "write 'mark b2' or 'reveal'")
        if action not in state.legal_actions():
            raise IllegalActionTextError(text, "that square cannot be taken now")
        return action

    def format_action(self, state: Any, action: TinyAction, *, public: bool = False) -> str:
        return f"{action.kind} {square_name(action.square)}"

    def public_text(self, notation: str) -> str:
        return notation  # a revealed blocker is public from then on

    def action_choices(self, state: TinyState) -> list[ActionChoice]:
        return [
            ActionChoice(a, self.format_action(state, a), self.format_action(state, a, public=True), a.kind)
            for a in state.legal_actions()
        ]

    def action_kind(self, action: TinyAction) -> str:
        return action.kind

    # --- logs, snapshots, results ------------------------------------------------------------------------
    def replay(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> TinyState:
        return self.replay_onto(self.new_state(options, seed), log)

    def replay_onto(self, state: TinyState, log: Sequence[str]) -> TinyState:
        for text in log:
            action = self.parse_action(state, text)
            try:
                state.apply(action)
            except ValueError as exc:
                raise LogReplayError(str(exc)) from exc
        return state

    def outcome(self, state: TinyState) -> Outcome | None:
        return None if state.result is None else Outcome(state.result.winner, state.result.reason)

    def snapshot(self, state: TinyState) -> str:
        data = {
            "options": state.options,
            "seed": state.seed,
            "board": state.board,
            "blockers": state.blockers,
            "revealed": state.revealed,
            "to_move": state.to_move,
            "ply": state.ply,
            "result": None if state.result is None else [state.result.winner, state.result.reason],
        }
        return json.dumps(data)

    def restore(self, text: str) -> TinyState:
        d = json.loads(text)
        result = None if d["result"] is None else TinyResult(*d["result"])
        return TinyState(
            d["options"], d["seed"], d["board"], d["blockers"], d["revealed"], d["to_move"], d["ply"], result
        )

    def snapshot_fits(self, state: TinyState, options: Mapping[str, Any], seed: int) -> bool:
        return state.seed == seed and state.options == {**self.default_options(), **options}

    def private_signatures(self, state: TinyState) -> list[tuple[Any, ...]]:
        return [(state.blockers[n], state.revealed[n]) for n in range(2)]

    def describe_last_action(
        self, before: TinyState, after: TinyState, action: TinyAction, seat: int
    ) -> dict[str, Any]:
        return {"seat": seat, "kind": action.kind, "square": action.square}

    def is_followup(self, state: TinyState) -> bool:
        return False

    def round_of(self, state: TinyState) -> int:
        return 1

    def phase_of(self, state: TinyState) -> str:
        return "over" if state.result is not None else "play"

    def drew(self, before: TinyState, after: TinyState) -> bool:
        return False

    def under_way(self, state: TinyState) -> bool:
        return state.ply > 0

    def setup_plies(self, state: TinyState) -> int:
        return 0

    def result_data(self, state: TinyState) -> dict[str, Any]:
        return {"ply": state.ply}

    # --- pictures ----------------------------------------------------------------------------------------
    def render_board(
        self,
        view: Mapping[str, Any],
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Any = None,
        locale: str = "en",
    ) -> Image.Image:
        image = Image.new("RGB", (90, 90), "white")
        draw = ImageDraw.Draw(image)
        colours = {0: "red", 1: "blue", "#": "black"}
        for n, cell in enumerate(view["board"]):
            x, y = (n % 3) * 30, (2 - n // 3) * 30
            draw.rectangle((x, y, x + 29, y + 29), outline="grey", fill=colours.get(cell, "white"))
        if last_action is not None:
            n = last_action["square"]
            x, y = (n % 3) * 30, (2 - n // 3) * 30
            draw.rectangle((x + 12, y + 12, x + 17, y + 17), fill="yellow")
        return image

    def render_private(
        self, view: Mapping[str, Any], *, names: Any = None, locale: str = "en"
    ) -> Image.Image:
        image = Image.new("RGB", (30, 30), "white")
        if view.get("my_blocker") is not None:
            n = view["my_blocker"]
            x, y = (n % 3) * 10, (2 - n // 3) * 10
            ImageDraw.Draw(image).rectangle((x, y, x + 9, y + 9), fill="black")
        return image

    @staticmethod
    def _png(image: Image.Image) -> bytes:
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    def board_png(
        self,
        view: Mapping[str, Any],
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Any = None,
        locale: str = "en",
    ) -> bytes:
        return self._png(self.render_board(view, last_action, names=names))

    def private_png(self, view: Mapping[str, Any], *, names: Any = None, locale: str = "en") -> bytes:
        return self._png(self.render_private(view, names=names))

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> list[TinyFrame]:
        state = self.new_state(options, seed)
        frames = [TinyFrame(state.view_for(None), None, 0)]
        for text in log:
            before = state.clone()
            action = self.parse_action(state, text)
            state.apply(action)
            last = self.describe_last_action(before, state, action, before.to_move)
            frames.append(TinyFrame(state.view_for(None), last, state.ply))
        return frames

    def render_replay(
        self, frames: Sequence[TinyFrame], *, names: Any = None, total: int | None = None, locale: str = "en"
    ) -> bytes:
        images = [self.render_board(f.view, f.last_action) for f in frames]
        if not images:
            images = [self.render_board({"board": [None] * 9})]
        out = io.BytesIO()
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=200)
        return out.getvalue()

    def unit_card_png(self, code: str, locale: str = "en") -> bytes:
        raise KeyError(code)  # Tiny Lines has no units

    def warm_up(self) -> None:
        self.board_png(self.new_state({}, 0).view_for(None))

    # --- players and rules -------------------------------------------------------------------------------
    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> FirstLegal:
        if level not in ("easy", "first"):
            raise ValueError(f"no Tiny Lines player {level!r}")
        return FirstLegal()

    def units(self) -> tuple[UnitEntry, ...]:
        return ()

    def lookup_unit(self, text: str) -> UnitEntry | None:
        return None

    def rules_text(self, locale: str) -> str:
        return t("tinylines.rules", locale)


TINY_LINES = TinyLines()
"""The game (not registered: use `registered()`)."""


@contextmanager
def registered() -> Iterator[TinyLines]:
    """Tiny Lines registered under "tinylines" with its catalogue messages, for the block's duration."""
    added = [key for key in MESSAGES if key not in EN_MESSAGES]
    EN_MESSAGES.update({key: MESSAGES[key] for key in added})
    register_game(TINY_LINES)
    try:
        yield TINY_LINES
    finally:
        unregister_game(KIND)
        for key in added:
            EN_MESSAGES.pop(key, None)
