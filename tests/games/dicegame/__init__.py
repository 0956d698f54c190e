"""Dice Duel: a game that lives only under tests/ to prove turns of several decisions, a die, a hidden hand
and a simultaneous step through the service and Discord (nothing outside this folder knows it).

The rules. A deck of twelve cards (1 to 6, twice) is shuffled from the seed and each player is dealt two
(a hidden hand). First both players bid 1, 2 or 3 in secret ("bid 2"): one simultaneous step, one turn of
two decisions (seat 0 bids, then seat 1; nobody sees a bid before both are in). The higher bid begins (a tie:
seat 0). Then each turn is three decisions of one player: "roll" (a die, drawn from the game's seeded RNG
inside ``apply``: the announcement tells the result afterwards), "play 5" (a card of the hand: the roll plus
the card is scored) and "draw" (the top card of the deck, seen only by the drawer; the turn passes). After two
turns each the higher score wins ("score"; equal scores: a draw, "tie"). Its replay has one frame per
turn.

Use `registered()` to register it under "dicegame" with its catalogue messages for a block's duration.
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
    Announcement,
    BadOptionsError,
    Facets,
    GameKindDefaults,
    IllegalActionTextError,
    LogReplayError,
    Outcome,
    Phrase,
    UnitEntry,
    UnparseableActionError,
    ends_turn,
    register_game,
    unregister_game,
)
from warchest_bot.i18n import EN_MESSAGES, t

from .messages import MESSAGES

KIND = "dicegame"
TURNS_EACH = 2
BIDS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class DiceAction:
    """``verb`` "bid" (``value`` the bid), "roll", "play" (``value`` the card) or "draw"."""

    verb: str
    value: int = 0


@dataclass(frozen=True, slots=True)
class DiceResult:
    winner: int | None
    reason: str


def _roll(seed: int, ply: int) -> int:
    """The die thrown at ``ply``: from the secret seed (a player cannot tell it from anything shown)."""
    return random.Random(f"{seed}:roll:{ply}").randint(1, 6)


@dataclass
class DiceState:
    """A position of Dice Duel (hidden parts and the seed included: never shown; see `view_for`)."""

    seed: int
    deck: list[int]
    hands: list[list[int]]
    bids: list[int | None] = field(default_factory=lambda: [None, None])
    phase: str = "bid"
    to_move: int = 0
    step: str = "bid"
    turn_from: int = 0
    turns: list[int] = field(default_factory=lambda: [0, 0])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    roll: int | None = None
    played: list[int] = field(default_factory=list)
    chance: int = 0
    ply: int = 0
    result: DiceResult | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.result is not None else self.to_move

    def legal_actions(self) -> list[DiceAction]:
        if self.result is not None:
            return []
        if self.step == "bid":
            return [DiceAction("bid", b) for b in BIDS]
        if self.step == "play":
            return [DiceAction("play", c) for c in sorted(set(self.hands[self.to_move]))]
        return [DiceAction(self.step)]

    def apply(self, action: DiceAction) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        seat = self.to_move
        self.ply += 1
        if action.verb == "bid":
            self.bids[seat] = action.value
            if seat == 0:
                self.to_move = 1  # the simultaneous step goes on: the turn is not over
            else:
                bid0, bid1 = self.bids
                assert bid0 is not None and bid1 is not None
                self.phase, self.step, self.turn_from = "play", "roll", self.ply
                self.to_move = 1 if bid1 > bid0 else 0
        elif action.verb == "roll":
            self.roll = _roll(self.seed, self.ply)
            self.chance += 1
            self.step = "play"
        elif action.verb == "play":
            self.hands[seat].remove(action.value)
            self.played.append(action.value)
            self.scores[seat] += (self.roll or 0) + action.value
            self.step = "draw"
        else:  # draw: the turn passes
            if self.deck:
                self.hands[seat].append(self.deck.pop())
            self.chance += 1
            self.turns[seat] += 1
            self.step, self.turn_from, self.to_move = "roll", self.ply, 1 - seat
            if min(self.turns) >= TURNS_EACH:
                a, b = self.scores
                self.result = DiceResult(None, "tie") if a == b else DiceResult(0 if a > b else 1, "score")

    def clone(self) -> DiceState:
        return DiceState(
            self.seed,
            list(self.deck),
            [list(h) for h in self.hands],
            list(self.bids),
            self.phase,
            self.to_move,
            self.step,
            self.turn_from,
            list(self.turns),
            list(self.scores),
            self.roll,
            list(self.played),
            self.chance,
            self.ply,
            self.result,
        )

    def is_terminal(self) -> bool:
        return self.result is not None

    def view_for(self, seat: int | None) -> dict[str, Any]:
        shown = self.phase != "bid"
        return {
            "game": KIND,
            "seat": seat,
            "to_move": self.current_player,
            "ply": self.ply,
            "phase": self.phase,
            "step": self.step,
            "scores": list(self.scores),
            "roll": self.roll,
            "played": list(self.played),
            "deck": len(self.deck),
            "hand_counts": [len(h) for h in self.hands],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "bids": [b if shown or n == seat else None for n, b in enumerate(self.bids)],
            "result": None
            if self.result is None
            else {"winner": self.result.winner, "reason": self.result.reason},
        }


class DiceDuel(GameKindDefaults):
    """The `GameKind` of Dice Duel: turns of several decisions (`turn_start`) and what a die or a draw
    decided told after the fact (`announce`)."""

    kind = KIND
    title = "Dice Duel"
    options = ()
    player_counts = (2,)
    action_type = DiceAction

    @property
    def facets(self) -> Facets:
        """Snapshots and its own pictures (no computer players, units or alt text of its own)."""
        return Facets(snapshots=self, pictures=self)

    @property
    def ai_levels(self) -> Mapping[str, str]:
        return {}

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        return {}

    def default_options(self) -> dict[str, Any]:
        return {}

    def check_options(self, options: Mapping[str, Any]) -> None:
        if options:
            raise BadOptionsError("error.bad_options")

    def teams(self, players: int) -> tuple[int, ...]:
        if players != 2:
            raise BadOptionsError("error.bad_options")
        return (0, 1)

    def new_state(self, options: Mapping[str, Any], seed: int) -> DiceState:
        self.check_options(options)
        deck = [n for n in range(1, 7) for _ in range(2)]
        random.Random(seed).shuffle(deck)
        return DiceState(seed, deck[4:], [deck[:2], deck[2:4]])

    # --- turns and chance --------------------------------------------------------------------------------
    def turn_start(self, state: DiceState) -> int:
        return state.turn_from

    def announce(self, before: DiceState, action: DiceAction, after: DiceState, seat: int) -> Announcement:
        verb = action.verb
        if verb == "bid":
            mine = {seat: Phrase("dice.bid", {"bid": action.value})}
            if after.phase == "bid":
                return Announcement(Phrase("dice.bid_secret"), mine)
            first, second = after.bids
            return Announcement(Phrase("dice.bids_shown", {"first": first, "second": second}))
        if verb == "roll":
            return Announcement(Phrase("dice.rolled", {"roll": after.roll}))
        if verb == "play":
            return Announcement(Phrase("dice.played", {"card": action.value, "score": after.scores[seat]}))
        private = {seat: Phrase("dice.drew_card", {"card": after.hands[seat][-1]})} if before.deck else {}
        return Announcement(Phrase("dice.drew"), private)

    # --- notation ----------------------------------------------------------------------------------------
    def parse_action(self, state: DiceState, text: str) -> DiceAction:
        words = text.strip().lower().split()
        if len(words) == 1 and words[0] in ("roll", "draw"):
            action = DiceAction(words[0])
        elif len(words) == 2 and words[0] in ("bid", "play") and words[1].isdigit():
            action = DiceAction(words[0], int(words[1]))
        else:
            raise UnparseableActionError(text, "write 'bid 2', 'roll', 'play 5' or 'draw'")
        if action not in state.legal_actions():
            raise IllegalActionTextError(text, "that is not possible now")
        return action

    def format_action(self, state: Any, action: DiceAction, *, public: bool = False) -> str:
        if action.verb in ("bid", "play") and not (public and action.verb == "bid"):
            return f"{action.verb} {action.value}"
        return action.verb

    def public_text(self, notation: str) -> str:
        return "bid" if notation.startswith("bid") else notation

    def action_choices(self, state: DiceState) -> list[ActionChoice]:
        return [
            ActionChoice(a, self.format_action(state, a), self.format_action(state, a, public=True), a.verb)
            for a in state.legal_actions()
        ]

    def action_kind(self, action: DiceAction) -> str:
        return action.verb

    # --- logs, snapshots, results ------------------------------------------------------------------------
    def replay(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> DiceState:
        return self.replay_onto(self.new_state(options, seed), log)

    def replay_onto(self, state: DiceState, log: Sequence[str]) -> DiceState:
        for text in log:
            action = self.parse_action(state, text)
            try:
                state.apply(action)
            except ValueError as exc:
                raise LogReplayError(str(exc)) from exc
        return state

    def outcome(self, state: DiceState) -> Outcome | None:
        return None if state.result is None else Outcome(state.result.winner, state.result.reason)

    def snapshot(self, state: DiceState) -> str:
        data = dict(vars(state))
        data["result"] = None if state.result is None else [state.result.winner, state.result.reason]
        return json.dumps(data)

    def restore(self, text: str) -> DiceState:
        data = json.loads(text)
        result = data.pop("result")
        return DiceState(**data, result=None if result is None else DiceResult(*result))

    def snapshot_fits(self, state: DiceState, options: Mapping[str, Any], seed: int) -> bool:
        return state.seed == seed and not options

    def private_signatures(self, state: DiceState) -> list[tuple[Any, ...]]:
        return [(tuple(sorted(state.hands[n])), state.bids[n]) for n in range(2)]

    def describe_last_action(
        self, before: DiceState, after: DiceState, action: DiceAction, seat: int
    ) -> dict[str, Any]:
        return {"seat": seat, "kind": action.verb, "text": self.format_action(None, action, public=True)}

    def is_followup(self, state: DiceState) -> bool:
        return False

    def round_of(self, state: DiceState) -> int:
        return 1

    def phase_of(self, state: DiceState) -> str:
        return "over" if state.result is not None else state.phase

    def drew(self, before: DiceState, after: DiceState) -> bool:
        return after.chance != before.chance

    def under_way(self, state: DiceState) -> bool:
        return state.phase != "bid"

    def setup_plies(self, state: DiceState) -> int:
        return 2

    def result_data(self, state: DiceState) -> dict[str, Any]:
        return {"scores": list(state.scores)}

    def result_params(self, options: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    # --- pictures ----------------------------------------------------------------------------------------
    def render_board(
        self, view: Mapping[str, Any], last_action: Any = None, *, names: Any = None, locale: str = "en"
    ) -> Image.Image:
        image = Image.new("RGB", (120, 40), "white")
        draw = ImageDraw.Draw(image)
        for n, score in enumerate(view["scores"]):
            draw.rectangle((n * 60, 0, n * 60 + min(59, score * 2), 19), fill=("red", "blue")[n])
        if view.get("roll"):
            draw.rectangle((0, 25, view["roll"] * 10, 35), fill="black")
        return image

    def render_private(
        self, view: Mapping[str, Any], *, names: Any = None, locale: str = "en"
    ) -> Image.Image:
        image = Image.new("RGB", (60, 20), "white")
        for n, card in enumerate(view.get("hand") or []):
            ImageDraw.Draw(image).rectangle((n * 20, 0, n * 20 + card * 3, 19), fill="green")
        return image

    @staticmethod
    def _png(image: Image.Image) -> bytes:
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    def board_png(
        self, view: Mapping[str, Any], last_action: Any = None, *, names: Any = None, locale: str = "en"
    ) -> bytes:
        return self._png(self.render_board(view, last_action))

    def private_png(self, view: Mapping[str, Any], *, names: Any = None, locale: str = "en") -> bytes:
        return self._png(self.render_private(view))

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> list[Any]:
        """One frame per turn (the position where each turn ended), not one per decision."""
        state = self.new_state(options, seed)
        frames = [state.view_for(None)]
        for text in log:
            state.apply(self.parse_action(state, text))
            if ends_turn(self, state):
                frames.append(state.view_for(None))
        return frames

    def render_replay(
        self, frames: Sequence[Any], *, names: Any = None, total: int | None = None, locale: str = "en"
    ) -> bytes:
        images = [self.render_board(f) for f in frames]
        out = io.BytesIO()
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=200)
        return out.getvalue()

    def last_action_of_text(self, text: str, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "text": text}

    def warm_up(self) -> None:
        self.board_png(self.new_state({}, 0).view_for(None))

    # --- players and rules -------------------------------------------------------------------------------
    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> Any:
        raise ValueError(f"Dice Duel has no computer player {level!r}")

    def units(self) -> tuple[UnitEntry, ...]:
        return ()

    def lookup_unit(self, text: str) -> UnitEntry | None:
        return None

    def rules_text(self, locale: str) -> str:
        return t("dicegame.rules", locale)


DICE_DUEL = DiceDuel()
"""The game (not registered: use `registered()`)."""


@contextmanager
def registered() -> Iterator[DiceDuel]:
    """Dice Duel registered under "dicegame" with its catalogue messages, for the block's duration."""
    added = [key for key in MESSAGES if key not in EN_MESSAGES]
    EN_MESSAGES.update({key: MESSAGES[key] for key in added})
    register_game(DICE_DUEL)
    try:
        yield DICE_DUEL
    finally:
        unregister_game(KIND)
        for key in added:
            EN_MESSAGES.pop(key, None)
