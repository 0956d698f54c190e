"""War Chest behind the game interface: the registry entry joining its rules (`engine`), its computer
players (`ai`) and its pictures (`render`), the sub-packages beside this module.

What the service keeps and compares of a game (snapshots, private signatures, the last action's
description, setup plies) comes from `service_rules.ServiceHooks`, mixed in here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...i18n import DEFAULT_LOCALE, t
from ..base import (
    ActionChoice,
    AmbiguousActionError,
    BadOptionsError,
    GameKindDefaults,
    IllegalActionTextError,
    LogReplayError,
    OptionChoice,
    OptionSpec,
    Outcome,
    Picture,
    Player,
    UnitEntry,
    UnparseableActionError,
    View,
)
from ..facets import NO_GROUP, Facets
from ..registry import register_game
from ..turns import ends_turn
from . import messages as messages  # the game's own words: importing them adds them to the catalogue
from .engine import (
    UNITS,
    Action,
    GameError,
    GameState,
    Options,
    OptionsError,
    action_to_json,
    format_action,
    lookup_unit,
    parse_action,
)
from .engine import notation as _notation
from .engine.state import ROYAL_GUARD_VERSIONS, UNIT_SELECTIONS
from .record import records_of
from .service_rules import ServiceHooks
from .tutorial import TUTORIAL

EXPANSIONS: tuple[str, ...] = ("nobility", "siege", "nobility,siege")
"""The expansions /wc new offers (docs/war-chest-expansions.md): each, or both."""

KIND = "warchest"
_ALL_UNITS = tuple(UnitEntry(u.code, u.name) for u in UNITS)
"""Every unit by engine id (0: the Royal Coin, which has no card)."""
MAX_ROUNDS_LIMIT = 1000
"""The longest round limit a game may be set up with."""


class WarChest(ServiceHooks, GameKindDefaults):
    """War Chest (2 players, or 4 in two teams): the `GameKind` registered as ``"warchest"``."""

    kind: str = KIND
    title: str = "War Chest"
    options: tuple[OptionSpec, ...] = (
        OptionSpec(
            "players", 2, (OptionChoice("2", 2), OptionChoice("4", 4)), "2 players, or 4 in two teams"
        ),
        OptionSpec(
            "units",
            "random",
            tuple(OptionChoice(u, u) for u in sorted(UNIT_SELECTIONS, key=lambda u: u != "random")),
            "How units are chosen",
        ),
        OptionSpec(
            "royal_guard",
            "revised",
            tuple(OptionChoice(v, v) for v in ROYAL_GUARD_VERSIONS),
            "Royal Guard rules",
        ),
        OptionSpec("max_rounds", 200, (), "The game is a draw after this many rounds", (1, MAX_ROUNDS_LIMIT)),
        OptionSpec(
            "expansions",
            "none",
            (OptionChoice("none", "none"), *(OptionChoice(e, e) for e in EXPANSIONS)),
            "Expansions in play (nobility: 4 units and the Royal Decrees; siege: 4 units and forts)",
        ),
    )
    player_counts: tuple[int, ...] = (2, 4)

    @property
    def facets(self) -> Facets:
        """Every facet: snapshots, pictures, units, alt text, computer players, review, the rules guide, the Play
        menus (coin → what it does → action), puzzles, the tutorial and records (`record`)."""
        return Facets(
            snapshots=self,
            pictures=self,
            units=self,
            alt_text=self,
            players=self,
            review=self,
            guide=self,
            menus=self,
            puzzles=self,
            tutorial=TUTORIAL,
            records=records_of(self),
        )

    @property
    def ai_levels(self) -> Mapping[str, str]:
        """Levels people may play the bot at (easy, normal, hard) and the player each uses."""
        from .ai import LEVELS

        return {level: player for level, (player, _budget) in LEVELS.items()}

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        """Think time per decision (ms) of each level (``warchest_bot.games.warchest.ai.LEVELS``)."""
        from .ai import LEVELS

        return {level: budget for level, (_player, budget) in LEVELS.items()}

    # --- options and seats -----------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        """Every option at its default."""
        return {spec.name: spec.default for spec in self.options}

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Raise `BadOptionsError` (keys ``error.bad_*`` of the catalogue) unless War Chest can be set up
        with ``options``."""
        full = {**self.default_options(), **options}
        if full["players"] not in self.player_counts:
            raise BadOptionsError("error.bad_players")
        if full["units"] not in UNIT_SELECTIONS:
            raise BadOptionsError("error.bad_units", choices=", ".join(UNIT_SELECTIONS))
        if full["royal_guard"] not in ROYAL_GUARD_VERSIONS:
            raise BadOptionsError("error.bad_royal_guard", choices=", ".join(ROYAL_GUARD_VERSIONS))
        mr = full["max_rounds"]
        if isinstance(mr, bool) or not isinstance(mr, int) or not 1 <= mr <= MAX_ROUNDS_LIMIT:
            raise BadOptionsError("error.bad_max_rounds", limit=MAX_ROUNDS_LIMIT)
        if full["expansions"] != "none" and full["expansions"] not in EXPANSIONS:
            raise BadOptionsError("error.bad_expansions", choices=", ".join(("none", *EXPANSIONS)))

    def engine_options(self, options: Mapping[str, Any], seed: int) -> Options:
        """The engine's `Options` for stored options (missing: defaults) and a seed; `BadOptionsError`
        if the engine refuses them. The lobby's limits (`check_options`) are not applied, so games stored
        under older limits still load."""
        full = {**self.default_options(), **options}
        try:
            return Options(
                players=full["players"],
                units=full["units"],
                royal_guard=full["royal_guard"],
                max_rounds=full["max_rounds"],
                seed=seed,
                expansions="" if full["expansions"] in ("none", "") else full["expansions"],
            )
        except OptionsError as exc:
            raise BadOptionsError("error.bad_options", str(exc)) from exc

    def result_params(self, options: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
        """The round limit (``rounds``), named by the draw at the limit (``result.max_rounds``)."""
        return {"rounds": options.get("max_rounds", 200)}

    def teams(self, players: int) -> tuple[int, ...]:
        """Seat n plays for team n % 2 (in 4-player games seats 0 and 2 are partners, as are 1 and 3)."""
        if players not in self.player_counts:
            raise BadOptionsError("error.bad_players")
        return tuple(n % 2 for n in range(players))

    # --- states and actions ----------------------------------------------------------------------------
    def new_state(self, options: Mapping[str, Any], seed: int) -> GameState:
        """Deal the units (or open the draft) and draw the first hands; `BadOptionsError` for options the
        engine refuses (check new games' options with `check_options` first)."""
        return GameState.new(self.engine_options(options, seed))

    def parse_action(self, state: GameState, text: str) -> Action:
        """The legal action ``text`` names (see docs/war-chest.md's notation; unit names in any language stand
        for their codes), else an `ActionTextError`."""
        try:
            return parse_action(state, self.with_unit_codes(text))
        except _notation.AmbiguousActionError as exc:
            raise AmbiguousActionError(text, str(exc), exc.candidates) from exc
        except _notation.IllegalNotationError as exc:
            raise IllegalActionTextError(text, str(exc)) from exc
        except _notation.NotationError as exc:
            raise UnparseableActionError(text, str(exc)) from exc

    def format_action(self, state: GameState | None, action: Action, *, public: bool = False) -> str:
        """The canonical text (public: the face-down coin of a claim, recruit or pass left out)."""
        return format_action(state, action, public=public)

    @staticmethod
    def is_followup(state: GameState) -> bool:
        """Whether the decision now finishes an action already begun (not a draft pick)."""
        return bool(state.pending) and state.pending[-1].kind != "draft"

    def action_choices(self, state: GameState) -> list[ActionChoice]:
        """The legal actions with their private and public text, kind and follow-up flag."""
        followup = self.is_followup(state)
        return [
            ActionChoice(a, format_action(state, a), format_action(state, a, public=True), a.kind, followup)
            for a in state.legal_actions()
        ]

    def replay(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> GameState:
        """The state after the stored action texts; an `ActionTextError` if the log does not fit."""
        state = self.new_state(options, seed)
        for text in log:
            state.apply(self.parse_action(state, text))
        return state

    def outcome(self, state: GameState) -> Outcome | None:
        """Winning team (None: a draw after the round limit) and reason ("markers" | "max_rounds")."""
        if state.result is None:
            return None
        return Outcome(state.result.winner, state.result.reason)

    def last_action_data(self, action: Action, seat: int) -> dict[str, Any]:
        """The public data of an action, as the board picture marks it."""
        return action_to_json(action, seat, public=True)

    # --- pictures ------------------------------------------------------------------------------------
    # Every picture hook takes the ``locale`` its words are drawn in (a right-to-left locale's pictures are
    # laid out from the right); English when left out.
    def render_board(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> Picture:
        """The board with both sides' public zones (``warchest_bot.games.warchest.render.render_board``)."""
        from .render.board import render_board

        return render_board(view, last_action, names=names, locale=locale)

    def render_private(
        self, view: View, *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
    ) -> Picture:
        """The seat's hand and bag (``warchest_bot.games.warchest.render.render_hand``)."""
        from .render.hand import render_hand

        return render_hand(view, names=names, locale=locale)

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> Sequence[Any]:
        """Spectator frames of the whole game where its turns ended (`ends_turn`: every coin, as each is a
        turn; ``warchest_bot.games.warchest.render.replay.collect_frames``)."""
        from .render.replay import collect_frames

        state = self.new_state(options, seed)
        actions = (self.parse_action(state, text) for text in log)
        try:
            return collect_frames(state, actions, len(log), turn_ended=lambda g: ends_turn(self, g))
        except GameError as exc:  # an action the rules refuse: the log does not fit
            raise LogReplayError(str(exc)) from exc

    def render_replay(
        self,
        frames: Sequence[Any],
        *,
        names: Sequence[str] | None = None,
        total: int | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """A GIF of the frames, under Discord's upload limit."""
        from .render.replay import render_frames

        if total is None:
            total = frames[-1].ply if frames else 0
        return render_frames(frames, total, names=names, locale=locale)

    def board_png(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """The board as a palette PNG (``warchest_bot.games.warchest.render.board_png``)."""
        from .render import board_png

        return board_png(view, last_action, names=names, locale=locale)

    def private_png(
        self, view: View, *, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE
    ) -> bytes:
        """The hand as a palette PNG (``warchest_bot.games.warchest.render.hand_png``)."""
        from .render import hand_png

        return hand_png(view, names=names, locale=locale)

    def last_action_of_text(self, text: str, seat: int | None) -> dict[str, Any]:
        """A public action text read back as the board's mark (`action_to_json`'s shape: kind, coin, unit,
        hexes and the text)."""
        words = text.split()
        coin = None
        kind = words[0].lower() if words else ""
        paid = self.lookup_unit(words[0]) if len(words) >= 2 else None
        if paid is not None and words[0].lower() not in MENU_KINDS:
            coin = "Royal" if words[0].upper() == "RC" else paid.name
            kind = words[1].lower()
        unit = None
        recruited = self.lookup_unit(words[-1]) if kind in ("recruit", "pick") else None
        if recruited is not None:
            unit = recruited.name
        return {
            "seat": seat,
            "kind": kind,
            "coin": coin,
            "unit": unit,
            "hexes": _HEX.findall(" ".join(words[1:]) if coin else text),
            "text": text,
        }

    def puzzles(self) -> tuple[Any, ...]:
        """The shipped puzzles (``warchest_bot.games.warchest.puzzles``): one seat's view, a solution."""
        from .puzzles import load_puzzles

        return load_puzzles()

    @staticmethod
    def group_prompt(locale: str) -> str:
        """A puzzle's moves are chosen coin first."""
        return t("puzzle.select.coin", locale)

    def unit_card_png(self, code: str, locale: str = DEFAULT_LOCALE) -> bytes:
        """A unit's card as PNG (cached per unit and locale: the cards never change)."""
        from .render import unit_card_png

        return unit_card_png(code, locale=locale)

    def warm_up(self) -> None:
        """Draw a board and a hand of a 2- and a 4-player game, so the static layers are built."""
        for players in (2, 4):
            state = GameState.new(Options(players=players, units="first-game", seed=1))
            self.board_png(state.view_for(None))
            self.private_png(state.view_for(0))

    # --- players and rules ----------------------------------------------------------------------------
    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> Player:
        """A computer player by level (easy, normal, hard) or name (random, greedy, search)."""
        from .ai import make_player

        return make_player(level, seed, budget_ms=budget_ms)

    review_budget: int = 300
    """Search iterations per reviewed decision (`ai.review.REVIEW_ITERATIONS`; `bench/review.py` times it)."""

    def review_decision(self, view: View, played: str, budget: int | None, seed: int) -> Any:
        """The decision valued by the search from the deciding seat's view (`ai.review.review_decision`)."""
        from .ai.review import review_decision

        return review_decision(view, played, budget, seed)

    def units(self) -> tuple[UnitEntry, ...]:
        """Every unit (not the Royal Coin), in the engine's order: the 16 base units, then Nobility's."""
        return _ALL_UNITS[1:]

    def lookup_unit(self, text: str) -> UnitEntry | None:
        """A unit by code, name or alias (``warchest_bot.games.warchest.engine.lookup_unit``), the Royal Coin included."""
        found = lookup_unit(self.with_unit_codes(text))  # a name in any language stands for its code
        return None if found is None else _ALL_UNITS[found]

    def unit_names(self, locale: str) -> Mapping[str, str]:
        """Each unit's name in ``locale`` (catalogue ``unit.<code>.name`` where it has one, else the
        engine's English name), the Royal Coin (``RC``) included."""
        from ...i18n import has_message, t

        return {
            u.code: t(f"unit.{u.code}.name", locale) if has_message(f"unit.{u.code}.name") else u.name
            for u in _ALL_UNITS
        }

    def rules_text(self, locale: str) -> str:
        """The rules in brief with the list of units (``bot.rules.summary``)."""
        from ...i18n import t

        shown = self.unit_names(locale)
        names = t("list.separator", locale).join(shown.get(u.code, u.name) for u in self.units())
        return t("bot.rules.summary", locale, units=names)

    def rules_topics(self, locale: str) -> list[tuple[str, str]]:
        """Setup, a round, the nine actions, the Royal Coin, winning, teams, the units and each unit
        (`warchest_bot.games.warchest.guide`)."""
        from .guide import topics

        return topics(locale)

    def rules_page(self, topic: str, locale: str) -> str | None:
        """The guide's page on ``topic`` (`warchest_bot.games.warchest.guide.find_topic`)."""
        from .guide import find_topic, page

        found = find_topic(topic, locale)
        return None if found is None else page(found, locale)

    # --- alt text ------------------------------------------------------------------------------------
    def board_alt_text(
        self,
        view: Mapping[str, Any],
        last: Mapping[str, Any] | None,
        names: Sequence[str] | None,
        locale: str,
    ) -> str:
        """Whose turn or the result, the last action, each stack with its owner and size, control."""
        from .alt_text import board_alt_text

        return board_alt_text(self.title, view, last, names, locale)

    def private_alt_text(self, view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> str:
        """The coins in the viewer's hand and how many are in their bag."""
        from .alt_text import private_alt_text

        return private_alt_text(view, locale)

    def board_text(self, view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> list[str]:
        """Whose turn, each stack with its owner and size, control, each seat's public coin counts."""
        from .alt_text import board_text

        return board_text(self.title, view, names, locale)

    def unit_alt_text(self, code: str, locale: str) -> str:
        """The unit's name and its ability in one line."""
        from .alt_text import unit_alt_text

        return unit_alt_text(code, locale)

    # --- the Play menus: coin, then what the coin does, then the action --------------------------------
    def menu_groups(self, choices: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """(coin, kind) of each action ("Sw", "deploy" of "Sw deploy e2"); follow-ups and draft picks, paid
        with no coin, are one group ("-", "-")."""
        out = []
        for text, kind in choices:
            coin = _coin_of(text, kind)
            out.append((coin, kind) if coin != NO_GROUP else (NO_GROUP, NO_GROUP))
        return out

    def menu_rank(self, key: str) -> int:
        """Kinds in the rules' order (deploy, bolster, move, attack, …); coins as they come."""
        return MENU_KINDS.index(key) if key in MENU_KINDS else len(MENU_KINDS)

    def menu_prompt(self, level: int, path: Sequence[str], kinds: Sequence[str]) -> str:
        """Choose a coin; what should the coin (the Royal Coin) do; choose the action (a draft pick, a
        follow-up)."""
        coin = path[0] if path else NO_GROUP
        if level == 0:
            return "bot.menu.coin"
        if level == 1:
            return "bot.menu.kind_royal" if coin == "RC" else "bot.menu.kind"
        if coin == NO_GROUP:
            return "bot.menu.draft" if list(kinds[:1]) == ["pick"] else "bot.menu.followup"
        return "bot.menu.target"


_HEX = re.compile(r"[a-k][1-7]")
"""A hex's name in notation."""
MENU_KINDS = (
    "deploy",
    "bolster",
    "move",
    "attack",
    "control",
    "tactic",
    "proclaim",
    "claim",
    "recruit",
    "pass",
)
"""The kinds of what a coin does, in the order the menus offer them."""


def _coin_of(text: str, kind: str) -> str:
    """The coin an action is paid with ("Sw" of "Sw deploy e2", "RC"), or `NO_GROUP`."""
    words = text.split()
    if len(words) >= 2 and words[0].lower() != kind and words[1].lower() == kind:
        return words[0]
    return NO_GROUP


WAR_CHEST = register_game(WarChest())
"""The registered War Chest entry."""
