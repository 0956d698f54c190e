"""What people see of For the Crown beyond its rules: the words of each decision, the pictures, alt text
and the text board, the cards and units people look up, the rules guide and the Play menus
(`ForTheCrownFace`, a mixin the registered entry joins with the engine's `GameKind`).

`announce` tells what a decision did, after it is applied, in the reader's language (card and unit names
are said in each reader's language: `turns.said`): "played Bureaucracy (Training Action): trained 2 ×
Pawn", "bought Tower", a march by its notation, the card False Orders revealed (public: both players saw
it). A card put back on the deck is named to its player only; closing the order or action phase is left
out of the turn's summary (`turns.SILENT_PHRASE`); the turn's last ``end`` reads "ended the turn".
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, NamedTuple

from ...i18n import DEFAULT_LOCALE, t
from ..base import UnitEntry, View
from ..facets import NO_GROUP
from ..turns import ACTION_PHRASE, SILENT_PHRASE, Announcement, Phrase, ends_turn, said
from ..unit_names import fold
from ..units import BY_CODE, UNIT_TYPES
from . import alt_text as _alt
from . import guide as _guide
from . import messages as _messages  # noqa: F401  (registers the game's words)
from .card_table import Card, CardTable, standard_table
from .engine import FtcState
from .words import card_name, effect_kind_key, unit_name

KIND = "forthecrown"


def _render() -> ModuleType:
    """The pictures (imported when first drawn: a process that only plays needs none)."""
    return importlib.import_module(f"{__package__}.render")


def _pointbuy() -> Any:
    """Point-Buy Chess's entry: the same 24 units, their cards and descriptions."""
    from ..registry import get_game

    return get_game("pointbuy")


class Frame(NamedTuple):
    """One frame of a replay: a spectator view and the public data of the turn that led to it."""

    view: dict[str, Any]
    last_action: dict[str, Any] | None


def card_said(table: CardTable, card_id: str) -> dict[str, Any]:
    """A card's name as a phrase value, said in each reader's language (a loaded table's own name when
    the catalogue has none)."""
    name = table[card_id].name if card_id in table.cards else card_id
    return said(f"forthecrown.card.{card_id}", name)


def unit_said(code: str) -> dict[str, Any]:
    """A unit type's name as a phrase value."""
    return said(f"picture.pb.unit.{code}", code)


def _table_cards() -> tuple[Card, ...]:
    return tuple(standard_table().cards.values())


def options_table(options: Mapping[str, Any] | None) -> CardTable:
    """The card table of a game's ``options`` (`kind.table_of`): for ``/wc rules``, the options a new game
    on that server would get (`discord.card_tables.with_server_table`, through the `CardTables` facet: the table its admins loaded);
    none, or a table that no longer loads, is the shipped one."""
    if not options:
        return standard_table()
    from .kind import table_of

    try:
        return table_of(options)
    except Exception:  # a stored table the loader now refuses: the shipped one, never an error page
        return standard_table()


class ForTheCrownFace:
    """The words of each decision, pictures, alt text, cards, rules guide and menus of For the Crown (see
    the module). The engine's entry provides ``format_action``, ``parse_action``, ``new_state``."""

    kind: str = KIND

    # --- the words of a decision (GameKind.announce) -----------------------------------------------------
    def announce(self, before: FtcState, action: Any, after: FtcState, seat: int) -> Announcement:
        """The phrase of ``action`` for everyone, and for its own seat where it saw more (the card it put
        back on its deck)."""
        words: tuple[str, ...] = action.words
        table = before.table
        verb = words[0]
        text = action.text

        def public(key: str, **params: Any) -> Announcement:
            return Announcement(Phrase(key, params))

        if before.pending is not None:
            kind = before.pending.get("kind")
            if verb == "topdeck":
                return Announcement(
                    Phrase("forthecrown.phrase.topdeck"),
                    {seat: Phrase("forthecrown.phrase.topdeck_own", {"card": card_said(table, words[1])})},
                )
            if kind == "reveal":
                card = card_said(table, str(before.pending["card"]))
                key = (
                    "forthecrown.phrase.reveal_trash" if verb == "trash" else "forthecrown.phrase.reveal_keep"
                )
                return public(key, card=card)
            if verb == "keep":
                return public("forthecrown.phrase.keep")
            if verb == "discard":
                return public("forthecrown.phrase.discard", card=card_said(table, words[1]))
            if verb == "promote":
                if words[1] == "none":
                    return public("forthecrown.phrase.promote_none")
                return public("forthecrown.phrase.promote", unit=unit_said(words[1]))
            if verb == "trash":
                if len(words) == 4 and words[2] == "morph":
                    code = words[3].partition("@")[0]
                    trains = table[words[1]].trains
                    into = trains[0] if trains else code
                    return public("forthecrown.phrase.trash_morph", card=card_said(table, words[1]),
                                  unit=unit_said(code), into=unit_said(into))  # fmt: skip
                if len(words) == 4:
                    return public("forthecrown.phrase.trash_gain", card=card_said(table, words[1]),
                                  gain=card_said(table, words[3]))  # fmt: skip
                return public("forthecrown.phrase.trash", card=card_said(table, words[1]))
            if verb == "done":
                return Announcement(Phrase(SILENT_PHRASE))
            return public(ACTION_PHRASE, action=text)
        if verb == "end":
            if before.phase == "buy" or after.turn != before.turn:
                return public("forthecrown.phrase.end_turn")
            return Announcement(Phrase(SILENT_PHRASE))
        if verb == "buy":
            return public("forthecrown.phrase.buy", card=card_said(table, words[1]))
        if verb == "choose":
            return public("forthecrown.phrase.choose", card=card_said(table, words[1]))
        if verb == "recruit":
            trains = table[words[1]].trains
            unit = trains[0] if trains else "?"
            count = trains[1] if trains else 1
            return public("forthecrown.phrase.recruit", card=card_said(table, words[1]), unit=unit_said(unit),
                          count=count)  # fmt: skip
        if verb == "done":
            return Announcement(Phrase(SILENT_PHRASE))
        if verb == "crown":
            return public("forthecrown.phrase.crown", unit=unit_said(words[1]), square=words[2])
        if verb == "play":
            return self._played(before, after, words)
        if verb == "deploy" and len(words) == 3:
            return public("forthecrown.phrase.deploy", unit=unit_said(words[1]), square=words[2])
        if verb in BY_CODE and len(words) == 2:
            return public("forthecrown.phrase.order", unit=unit_said(verb), move=words[1])
        return public(ACTION_PHRASE, action=text)

    @staticmethod
    def _played(before: FtcState, after: FtcState, words: tuple[str, ...]) -> Announcement:
        """A card played for one of its effects: its name, the effect's heading, the choices made, what a
        training gave, the card False Orders revealed."""
        table = before.table
        card = table[words[1]]
        effect = card.effect(words[2])
        assert effect is not None
        name = card_said(table, card.id)
        heading = said(effect_kind_key(effect))
        if effect.trains is not None:
            unit, count = effect.trains
            key = "forthecrown.phrase.train_many" if count > 1 else "forthecrown.phrase.train"
            return Announcement(Phrase(key, {"card": name, "unit": unit_said(unit), "count": count}))
        params: dict[str, Any] = {"card": name, "kind": heading}
        choices = [_choice_word(table, w) for w in words[3:]]
        if after.pending is not None and after.pending.get("kind") == "reveal":
            params["revealed"] = card_said(table, str(after.pending["card"]))
            params["choices"] = " ".join(w for w in words[3:]) or "-"
            return Announcement(Phrase("forthecrown.phrase.play_revealed", params))
        if choices:
            params["choices"] = " ".join(words[3:])
            if all(isinstance(c, dict) for c in choices) and len(choices) == 1:
                params["choice"] = choices[0]
                return Announcement(Phrase("forthecrown.phrase.play_card", params))
            return Announcement(Phrase("forthecrown.phrase.play_with", params))
        return Announcement(Phrase("forthecrown.phrase.play", params))

    @staticmethod
    def decision_note(view: View) -> tuple[str, dict[str, Any]] | None:
        """What a played card left the viewing seat to decide (its hand DM and Play menu say it above the
        choices): put a card back on the deck, discard, Onslaught's steps, trash a card to morph or to
        gain; None when nothing is pending for this seat."""
        pending = view.get("pending")
        if not pending or view.get("seat") is None or view.get("seat") != view.get("to_move"):
            return None
        kind = pending.get("kind")
        if kind == "topdeck":
            optional = "forthecrown.decision.topdeck.optional"
            return (optional if pending.get("optional") else "forthecrown.decision.topdeck"), {}
        if kind in ("onslaught", "discard"):
            return f"forthecrown.decision.{kind}", {"n": int(pending.get("left") or 1)}
        if kind == "morph":
            barracks = "forthecrown.decision.morph.barracks"
            return (barracks if pending.get("barracks_only") else "forthecrown.decision.morph"), {}
        if kind == "refine":
            return "forthecrown.decision.refine", {}
        return None

    # --- pictures (facets.Pictures) ----------------------------------------------------------------------
    def board_png(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """The board post as PNG (`render.board_png`), with the cards the turn just ended had played."""
        played = None if not last_action else last_action.get("played")
        png: bytes = _render().board_png(view, names=names, locale=locale, played=played)
        return png

    def private_png(
        self, view: View, *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
    ) -> bytes:
        """The seat's hand as PNG (`render.private_png`)."""
        png: bytes = _render().private_png(view, names=names, locale=locale)
        return png

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> list[Frame]:
        """Spectator frames: the start, then one where each turn ends (a replay grouped by turn), with the
        public text of the turn's last decision and the cards the turn played."""
        game: Any = self
        state = game.new_state(options, seed)
        frames = [Frame(state.view_for(None), None)]
        for text in log:
            before = state.clone()
            action = game.parse_action(state, text)
            seat = before.current_player
            state.apply(action)
            if ends_turn(game, state):
                mark = game.describe_last_action(before, state, action, seat if seat is not None else 0)
                frames.append(Frame(state.view_for(None), mark))
        return frames

    def render_replay(
        self,
        frames: Sequence[Any],
        *,
        names: Sequence[str] | None = None,
        total: int | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """The replay GIF, one frame per turn (`render.replay.render_replay`)."""
        from .render.replay import render_replay

        return render_replay(frames, names=names, locale=locale)

    def warm_up(self) -> None:
        """Build the renderer's static layers (`render.warm_up`)."""
        _render().warm_up()

    @staticmethod
    def last_action_of_text(text: str, seat: int | None) -> dict[str, Any]:
        """The seat and the public text."""
        return {"seat": seat, "text": text}

    # --- cards and units (facets.Units) ------------------------------------------------------------------
    @staticmethod
    def units() -> tuple[UnitEntry, ...]:
        """Every card of the shipped table (by id), then the 24 unit types (by code)."""
        return (
            *(UnitEntry(c.id, c.name) for c in _table_cards()),
            *(UnitEntry(u.code, u.name) for u in UNIT_TYPES),
        )

    def lookup_unit(self, text: str) -> UnitEntry | None:
        """A card (id or name in any language) or a unit type (code or name in any language), any case."""
        from ...i18n import locales

        wanted = fold(text)
        if not wanted:
            return None
        for entry in self.units():
            names = {fold(entry.code), fold(entry.name)}
            names |= {fold(self.unit_names(loc)[entry.code]) for loc in locales()}
            if wanted in names:
                return entry
        return None

    @staticmethod
    def unit_names(locale: str) -> Mapping[str, str]:
        """Each card's id and each unit type's code → its name in ``locale``."""
        names = {c.id: card_name(c, locale) for c in _table_cards()}
        names.update({u.code: unit_name(u.code, locale) for u in UNIT_TYPES})
        return names

    def unit_card_png(
        self, code: str, locale: str = DEFAULT_LOCALE, options: Mapping[str, Any] | None = None
    ) -> bytes:
        """A card's picture (`render.card_png`) in the table of ``options`` (`options_table`; a card it
        lacks: the shipped one's), or a unit type's card (Point-Buy Chess's)."""
        if code in BY_CODE:
            png: bytes = _pointbuy().unit_card_png(code, locale)
            return png
        table = options_table(options)
        if code in table.cards and table is not standard_table():
            render = _render()
            drawn: bytes = render.encode_png(render.render_card(code, locale, {"cards": table.data}))
            return drawn
        card: bytes = _render().card_png(code, locale)
        return card

    @staticmethod
    def unit_alt_text(code: str, locale: str, options: Mapping[str, Any] | None = None) -> str:
        """A card's description (its cost and both effects, in the table of ``options`` as
        `unit_card_png`), or a unit type's (Point-Buy Chess's)."""
        if code in BY_CODE:
            text: str = _pointbuy().unit_alt_text(code, locale)
            return text
        table = options_table(options)
        return _alt.card_alt_text((table if code in table.cards else standard_table())[code], locale)

    # --- alt text (facets.AltText) -----------------------------------------------------------------------
    def board_alt_text(
        self, view: View, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
    ) -> str:
        """The board post's description (`alt_text.board_alt_text`; the cards the last turn played)."""
        played = None if not last else last.get("played")
        shown = view if played is None else {**view, "play": list(played)}
        return _alt.board_alt_text(shown, names, locale)

    @staticmethod
    def private_alt_text(view: View, names: Sequence[str] | None, locale: str) -> str:
        """The hand picture's description."""
        return _alt.hand_alt_text(view, locale)

    @staticmethod
    def board_text(view: View, names: Sequence[str] | None, locale: str) -> list[str]:
        """The board as lines of text (`alt_text.board_text`)."""
        return _alt.board_text(view, names, locale)

    # --- the rules guide (facets.RulesGuide) -------------------------------------------------------------
    @staticmethod
    def rules_topics(locale: str, options: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
        """The guide's topics and their labels in ``locale`` (the cards of ``options``' table)."""
        return _guide.topics(locale, options_table(options))

    @staticmethod
    def rules_page(topic: str, locale: str, options: Mapping[str, Any] | None = None) -> str | None:
        """The page a topic (its id, label, or a card's name) names, or None. Card pages and the card
        list are those of ``options``' table (`options_table`): ``/wc rules`` passes the options a new
        game on the asking server would get, so its cards read as that server plays them."""
        return _guide.rules_page(topic, locale, options_table(options))

    def rules_text(self, locale: str) -> str:
        """The rules in brief (``forthecrown.rules``)."""
        return t("forthecrown.rules", locale)

    # --- the Play menus (facets.Menus) -------------------------------------------------------------------
    def menu_groups(self, choices: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """What to do first (order a unit, play a card, buy, decide, close the phase; the setup's steps),
        then which unit (by its square) or which card."""
        return [_menu_group(text, kind) for text, kind in choices]

    def menu_rank(self, key: str) -> int:
        """Orders first, then cards, buys, decisions, and closing the phase last."""
        return MENU_ORDER.index(key) if key in MENU_ORDER else len(MENU_ORDER)

    def menu_prompt(self, level: int, path: Sequence[str], kinds: Sequence[str]) -> str:
        """What to do, then which one, then which action."""
        return ("bot.menu.group", "bot.menu.unit", "bot.menu.target")[min(level, 2)]


MENU_ORDER = ("ftc_order", "ftc_play", "ftc_buy", "ftc_decide", "ftc_setup", "ftc_close")
"""The outer menu groups in the order they are offered (labels: ``bot.kind.<key>``)."""


def _menu_group(text: str, kind: str) -> tuple[str, str]:
    words = text.split()
    if kind == "move":
        return "ftc_order", f"{words[0]} {words[1][:2]}"
    if kind in ("deploy", "evacuate"):
        return "ftc_order", words[1].partition("@")[0]
    if kind == "play":
        return "ftc_play", words[1][:24]
    if kind == "buy":
        return "ftc_buy", NO_GROUP
    if kind == "end":
        return "ftc_close", NO_GROUP
    if kind in ("choose", "recruit", "crown"):
        return "ftc_setup", NO_GROUP
    return "ftc_decide", NO_GROUP


def _choice_word(table: CardTable, word: str) -> Any:
    """A played card's choice as a phrase value: a card by its name, anything else as written."""
    return card_said(table, word) if word in table.cards else word


__all__ = ["KIND", "MENU_ORDER", "ForTheCrownFace", "Frame", "card_said", "unit_said"]
