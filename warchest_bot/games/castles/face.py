"""What people see of Castles beyond its rules: the pictures, alt text, cards, rules guide and the words
of each decision (`CastlesFace`, a mixin the registered entry joins with the engine's `GameKind`).

`announce` tells what a decision decided, after it is applied: a card put face down (only its player
learns which; the others read "put a card face down" until both are in), the two cards when the second
is in, a die roll with the number it needed and the outcome ("rolled 5 against 3: the attack fails"), a
castle taken, the pieces a Muster drew, the capture tokens of the key areas at the end of a turn. It reads the engine's positions
through the public log entries a decision added (`state.LogEntry`) and the last roll, never a hand.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, NamedTuple

from ...i18n import DEFAULT_LOCALE, t
from ..base import UnitEntry, View
from ..turns import ACTION_PHRASE, Announcement, Phrase, ends_turn
from ..unit_names import fold
from . import alt_text as _alt
from . import guide as _guide
from .rules import CARD_CODES, EVENTS, UNITS, card_cost
from .scene import card_name

KIND = "castles"
CARDS: tuple[UnitEntry, ...] = (
    *(UnitEntry(u.code, u.name) for u in UNITS),
    *(UnitEntry(e.code, e.name) for e in EVENTS),
)
"""Every card people may look up (`/wc rules unit:`): the eight units, then the eight events."""
_BY_CODE = {c.code: c for c in CARDS}


def _render() -> ModuleType:
    """The pictures (imported when first drawn: a process that only plays needs none)."""
    return importlib.import_module(f"{__package__}.render")


class Frame(NamedTuple):
    """One frame of a replay: a spectator view and the public data of the action that led to it."""

    view: dict[str, Any]
    last_action: dict[str, Any] | None


def position_of(state: Any) -> Any:
    """The `state.Position` of a game state (the state itself, or the position it holds)."""
    return getattr(state, "position", state)


class CastlesFace:
    """Pictures, alt text, cards, the rules guide and the words of each decision of Castles (see the
    module). The engine's entry provides ``format_action``, ``parse_action``, ``new_state``."""

    kind: str = KIND

    # --- the words of a decision (GameKind.announce) -----------------------------------------------------
    def announce(self, before: Any, action: Any, after: Any, seat: int) -> Announcement:
        """The phrase of ``action`` for everyone, and for its own seat where it saw more (its own card)."""
        old, new = position_of(before), position_of(after)
        game: Any = self
        public_text = game.format_action(before, action, public=True)
        private_text = game.format_action(before, action)
        if old.phase == "pick":
            if new.phase == "pick":
                own = Phrase("castles.phrase.down_own", {"card": _card_of(private_text)})
                return Announcement(Phrase("castles.phrase.down"), {seat: own})
            return Announcement(_reveal_phrase(new.revealed))
        added = new.log[len(old.log) :] if len(new.log) >= len(old.log) else ()
        kinds = [entry.kind for entry in added]
        roll = new.last_roll if "roll" in kinds else None
        castle = next((e for e in added if e.kind == "castle"), None)
        if roll is not None:
            values = {"action": public_text, "roll": roll.value, "need": roll.needed}
            if roll.success and castle is not None:
                return _said("castles.phrase.attack_castle", private_text, seat, square=roll.target, **values)
            if roll.success:
                return _said("castles.phrase.attack_hit", private_text, seat, **values)
            reckless = roll.unit == "Ax" and new.board.at(roll.source) is None
            key = "castles.phrase.attack_reckless" if reckless else "castles.phrase.attack_miss"
            return _said(key, private_text, seat, **values)
        if castle is not None:
            square = next((c.square for c in new.castles if c.taken and not _taken(old, c.square)), "?")
            return _said("castles.phrase.castle", private_text, seat, action=public_text, square=square)
        if public_text == "Mu":  # Muster: the pieces it drew lie in front of the player, for all to see
            old_drawn, new_drawn = old.sides[seat].drawn, new.sides[seat].drawn
            pieces = " ".join(new_drawn[len(old_drawn) :]) if new_drawn[: len(old_drawn)] == old_drawn else ""
            return Announcement(Phrase("castles.phrase.mustered", {"pieces": pieces or "-"}))
        if public_text == "end":
            tokens = new.sides[seat].tokens - old.sides[seat].tokens
            if tokens > 0 and new.result is None:
                key = "castles.phrase.end_token" if tokens == 1 else "castles.phrase.end_tokens"
                return Announcement(Phrase(key, {"tokens": tokens}))
            return Announcement(Phrase("castles.phrase.end"))
        return Announcement(
            Phrase(ACTION_PHRASE, {"action": public_text}),
            {seat: Phrase(ACTION_PHRASE, {"action": private_text})},
        )

    # --- pictures (facets.Pictures) ----------------------------------------------------------------------
    def board_png(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """The board picture as PNG (`render.board_png`)."""
        png: bytes = _render().board_png(view, last_action, names=names, locale=locale)
        return png

    def private_png(
        self, view: View, *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
    ) -> bytes:
        """The seat's hand as PNG (`render.private_png`)."""
        png: bytes = _render().private_png(view, names=names, locale=locale)
        return png

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> list[Frame]:
        """Spectator frames: the start, then one where each turn ends, with the public text of the turn's
        last decision."""
        game: Any = self
        state = game.new_state(options, seed)
        frames = [Frame(state.view_for(None), None)]
        for text in log:
            action = game.parse_action(state, text)
            seat = state.current_player
            public = game.format_action(state, action, public=True)
            state.apply(action)
            if ends_turn(game, state):
                frames.append(Frame(state.view_for(None), {"seat": seat, "text": public}))
        return frames

    def render_replay(
        self,
        frames: Sequence[Any],
        *,
        names: Sequence[str] | None = None,
        total: int | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """The replay GIF (`render.render_replay`)."""
        gif: bytes = _render().render_replay(frames, names=names, total=total, locale=locale)
        return gif

    def warm_up(self) -> None:
        """Build the renderer's static layers (`render.warm_up`)."""
        _render().warm_up()

    @staticmethod
    def last_action_of_text(text: str, seat: int | None) -> dict[str, Any]:
        """The seat and the public text (the board reads the squares from the text)."""
        return {"seat": seat, "text": text}

    # --- cards (facets.Units) ----------------------------------------------------------------------------
    @staticmethod
    def units() -> tuple[UnitEntry, ...]:
        """The eight units and the eight events, each with a card."""
        return CARDS

    def lookup_unit(self, text: str) -> UnitEntry | None:
        """A card by code or name in any language (any case), or None."""
        wanted = fold(text)
        for entry in CARDS:
            if wanted in {fold(entry.code), fold(entry.name), *(fold(n) for n in self._names(entry.code))}:
                return entry
        return None

    @staticmethod
    def _names(code: str) -> tuple[str, ...]:
        from ...i18n import locales

        return tuple(card_name(code, loc) for loc in locales())

    @staticmethod
    def unit_names(locale: str) -> Mapping[str, str]:
        """Each card's code → its name in ``locale``."""
        return {code: card_name(code, locale) for code in CARD_CODES}

    def unit_card_png(self, code: str, locale: str = DEFAULT_LOCALE) -> bytes:
        """A card as PNG (`render.unit_card_png`)."""
        png: bytes = _render().unit_card_png(code, locale)
        return png

    @staticmethod
    def unit_alt_text(code: str, locale: str) -> str:
        """A card's description."""
        return _alt.unit_alt_text(code, locale)

    # --- alt text (facets.AltText) -----------------------------------------------------------------------
    def board_alt_text(
        self, view: View, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
    ) -> str:
        """The board picture's description (`alt_text.board_alt_text`)."""
        return _alt.board_alt_text(t(f"title.{KIND}", locale), view, last, names, locale)

    @staticmethod
    def private_alt_text(view: View, names: Sequence[str] | None, locale: str) -> str:
        """The hand picture's description."""
        return _alt.private_alt_text(view, names, locale)

    @staticmethod
    def board_text(view: View, names: Sequence[str] | None, locale: str) -> list[str]:
        """The board as lines of text."""
        return _alt.board_text(t(f"title.{KIND}", locale), view, names, locale)

    # --- the rules guide (facets.RulesGuide) -------------------------------------------------------------
    @staticmethod
    def rules_topics(locale: str) -> list[tuple[str, str]]:
        """The guide's topics and their labels in ``locale``."""
        return _guide.topics(locale)

    @staticmethod
    def rules_page(topic: str, locale: str) -> str | None:
        """The page a topic (its id, label, or a card's name) names, or None."""
        return _guide.rules_page(topic, locale)

    def rules_text(self, locale: str) -> str:
        """The rules in brief (``castles.rules``)."""
        return t("castles.rules", locale)


def _card_of(private_text: str) -> str:
    """The card a private pick text names ("pick Kn" → "Kn")."""
    words = private_text.split()
    return words[-1] if len(words) > 1 else "?"


def _reveal_phrase(revealed: Sequence[str | None]) -> Phrase:
    cards = [c for c in revealed if c]
    if len(cards) == 2:
        first, second = revealed
        assert first is not None and second is not None
        return Phrase("castles.phrase.revealed", {"first": first, "first_cost": card_cost(first), "second": second,
                                                  "second_cost": card_cost(second)})  # fmt: skip
    if cards:
        return Phrase("castles.phrase.revealed_one", {"card": cards[0], "cost": card_cost(cards[0])})
    return Phrase("castles.phrase.down")


def _said(key: str, private_text: str, seat: int, **values: Any) -> Announcement:
    """A phrase about an action: the public text for everyone, the private text for its seat."""
    return Announcement(Phrase(key, values), {seat: Phrase(key, {**values, "action": private_text})})


def _taken(position: Any, square: str) -> bool:
    castle = position.castle_at(square)
    return bool(castle is not None and castle.taken)
