"""The one interface every game of the family implements, and the small values it speaks in.

Modelled on OpenSpiel (a *game kind* object registered under a name makes *states*) and python-chess
(a Board with ``legal_moves``/``push``/``copy`` and moves that parse from and format to text):

- `GameKind` is the game itself: its options (with the choices Discord offers and their validation),
  its seats and teams, a new state from options + seed, notation, replay of an action log, the result, the
  pictures, the computer players and the rules text. Registered under its stored ``kind``
  (`warchest_bot.games.registry`).
- `GameState` is one position: who acts, the legal actions, ``apply``, ``clone``, terminal and result, and
  ``view_for(seat)`` — the only exit for what a seat (or a spectator) may see. Random steps are explicit
  and seeded, so the options, the seed and the action log determine the state; the seed and the RNG state
  stay inside the state and never appear in a view.

Actions are opaque values of each game (hashable, comparable with ``==``); only their game reads them. The
service stores their canonical (private) text, which ``parse_action`` turns back into the same action.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .completion import Completion, matching
from .turns import Announcement, plain_announcement

Action = Hashable
"""One decision of a game: an opaque, hashable value that only its game interprets."""

ReviewAppraisal = Any
"""A `warchest_bot.ai.review.Appraisal` (the games layer does not import the AI package's types)."""

View = Mapping[str, Any]
"""What one seat (or a spectator, seat None) may see of a state: JSON-like data, never the seed or RNG."""


# --- errors ------------------------------------------------------------------------------------------------
class GameKindError(Exception):
    """Base of the errors this interface raises (the games' own errors stay theirs)."""


class UnknownGameError(GameKindError, LookupError):
    """No game is registered under this ``kind`` (e.g. a database row written by a newer bot)."""

    def __init__(self, kind: str, known: Sequence[str] = ()) -> None:
        self.kind = kind
        self.known = tuple(known)
        super().__init__(f"unknown game kind {kind!r}; registered: {', '.join(self.known) or 'none'}")


class DuplicateGameError(GameKindError, ValueError):
    """A second game was registered under a ``kind`` that is already taken."""


class BadOptionsError(GameKindError, ValueError):
    """Options a game cannot be set up with. ``message_key`` names the catalogue message that explains
    it (``params`` fill it), so the service can answer the user in their language."""

    def __init__(self, message_key: str, detail: str = "", **params: Any) -> None:
        self.message_key = message_key
        self.params = params
        super().__init__(detail or message_key)


class ActionTextError(GameKindError, ValueError):
    """Action text that does not name exactly one legal action now. ``text`` is what was given and
    ``reason`` the game's English explanation (the service words the user's message from the subclass)."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{text!r}: {reason}")


class UnparseableActionError(ActionTextError):
    """The text is not an action of this game at all (unknown words, wrong shape)."""


class IllegalActionTextError(ActionTextError):
    """The text reads as an action, but no legal action now matches it."""


class AmbiguousActionError(ActionTextError):
    """The text matches several legal actions; ``candidates`` are they, in the game's order."""

    def __init__(self, text: str, reason: str, candidates: Sequence[Any]) -> None:
        super().__init__(text, reason)
        self.candidates: tuple[Any, ...] = tuple(candidates)
        """The matching legal actions (the game's own action values)."""


class LogReplayError(GameKindError, ValueError):
    """A stored action log does not replay: the rules refuse one of its actions (a damaged game)."""


# --- small values ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OptionChoice:
    """One value an option may take, with the name Discord shows for it."""

    name: str
    value: str | int


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its stored name, default, the fixed choices Discord offers (empty: any value
    the game's ``check_options`` accepts, e.g. a number in a range) and a one-line description."""

    name: str
    default: str | int
    choices: tuple[OptionChoice, ...] = ()
    description: str = ""


@dataclass(frozen=True, slots=True)
class ActionChoice:
    """A legal action laid out for buttons, menus and autocomplete: ``text`` parses back to ``action``
    (the acting seat's form), ``public`` is what the others see, ``kind`` groups actions for a menu
    ("deploy", "move", …) and ``followup`` says it finishes an action already begun."""

    action: Action
    text: str
    public: str
    kind: str
    followup: bool = False


@dataclass(frozen=True, slots=True)
class UnitEntry:
    """A kind of unit (piece) of a game, as people look it up: the ``code`` notation uses ("Sw") and its
    ``name`` ("Swordsman")."""

    code: str
    name: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winning team (None: a draw) and the game's reason word."""

    winner: int | None
    reason: str


# --- protocols ---------------------------------------------------------------------------------------------
class GameResult(Protocol):
    """The result a terminal state carries: winning team (None: draw) and a reason word."""

    @property
    def winner(self) -> int | None:
        """The winning team, or None for a draw."""
        ...

    @property
    def reason(self) -> str:
        """Why the game ended, as the game's own word (e.g. "markers")."""
        ...


@runtime_checkable
class GameState(Protocol):
    """One position of a game: pure rules, no I/O.

    States compare equal (``==``) when the whole position is the same, hidden parts and RNG included;
    ``apply`` changes the state in place (``clone`` first to keep the old one).
    """

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (None once the game is over)."""
        ...

    @property
    def ply(self) -> int:
        """How many actions have been applied since the start."""
        ...

    @property
    def result(self) -> GameResult | None:
        """The result once the game is over, else None."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """The actions ``current_player`` may take now, in a stable order (empty once over)."""
        ...

    def apply(self, action: Any) -> None:
        """Play one legal action (random steps it triggers draw from the state's own seeded RNG)."""
        ...

    def clone(self) -> Any:
        """An independent copy, RNG state included."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see: its own hidden information, nobody else's, never the
        seed or the RNG state. Everything shown to a person or an AI player goes through here."""
        ...


class Player(Protocol):
    """A computer player: picks one of ``state.legal_actions()`` for ``state.current_player``, using only
    what ``state.view_for(state.current_player)`` shows."""

    def choose(self, state: Any) -> Any:
        """The chosen action."""
        ...

    def choose_from_view(self, view: View) -> Any:
        """The chosen action from the acting seat's own view alone (what a worker process is given)."""
        ...


class Picture(Protocol):
    """An image a renderer returns (a Pillow image); the caller encodes it."""

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in pixels."""
        ...


@runtime_checkable
class GameKind(Protocol):
    """A game of the family, registered under ``kind`` (the name stored with every game)."""

    kind: str
    """The stored name, e.g. "warchest". Never changes once games are stored under it."""
    title: str
    """The game's name for people, e.g. "War Chest"."""
    options: tuple[OptionSpec, ...]
    """The options a game is set up with, in the order Discord shows them."""
    player_counts: tuple[int, ...]
    """How many players a game may have."""

    @property
    def ai_levels(self) -> Mapping[str, str]:
        """Difficulty levels people may play the bot at, and the player each stands for."""
        ...

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        """The think time (ms per decision; None: the player's own) of each level of ``ai_levels``."""
        ...

    def default_options(self) -> dict[str, Any]:
        """Every option at its default (the stored form: a JSON object)."""
        ...

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Raise `BadOptionsError` unless a game can be set up with ``options`` (missing: defaults)."""
        ...

    def teams(self, players: int) -> tuple[int, ...]:
        """The team of each seat for a game of ``players`` (partners share a team)."""
        ...

    def new_state(self, options: Mapping[str, Any], seed: int) -> GameState:
        """A new game: set up from ``options`` with every random step drawn from ``seed``. Raises
        `BadOptionsError` for options the rules cannot play; the service checks new games' options with
        ``check_options`` (which may be stricter) first."""
        ...

    def parse_action(self, state: Any, text: str) -> Any:
        """The one legal action ``text`` names in ``state``; raises an `ActionTextError` subclass."""
        ...

    def format_action(self, state: Any, action: Any, *, public: bool = False) -> str:
        """The canonical text of ``action`` (``parse_action`` reads it back to the same action); with
        ``public``, what the other seats may see of it."""
        ...

    def action_choices(self, state: Any) -> list[ActionChoice]:
        """The legal actions of ``state`` laid out for buttons and menus."""
        ...

    def complete_action(self, state: Any, typed: str) -> list[Completion]:
        """What to offer a player of ``state`` (the seat to act) who has typed ``typed`` so far: whole
        legal actions, or longer starts of one the game lets a player write in parts, best first."""
        ...

    def replay(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> GameState:
        """The state reached by playing the stored (canonical) action texts from a new game."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or None while it runs."""
        ...

    def render_board(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = "en",
    ) -> Picture:
        """The public board picture for a view (any seat's or a spectator's); ``last_action`` is the
        public data of the action just played, ``names`` the display name of each seat. Pictures take
        the ``locale`` their words are drawn in (a right-to-left locale lays them out right to left)."""
        ...

    def render_private(
        self, view: View, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> Picture:
        """The private panel: what only the viewing seat sees (its hand), from that seat's own view."""
        ...

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> Sequence[Any]:
        """The frames of a replay of the action log: spectator views and public actions only (the seed
        stays here; the frames may go to a render worker)."""
        ...

    def render_replay(
        self,
        frames: Sequence[Any],
        *,
        names: Sequence[str] | None = None,
        total: int | None = None,
        locale: str = "en",
    ) -> bytes:
        """The animation (GIF) of frames from ``replay_frames`` (``total``: the game's plies; default the
        last frame's)."""
        ...

    def board_png(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = "en",
    ) -> bytes:
        """``render_board`` encoded as PNG bytes (as the game encodes its pictures best)."""
        ...

    def private_png(self, view: View, *, names: Sequence[str] | None = None, locale: str = "en") -> bytes:
        """``render_private`` encoded as PNG bytes."""
        ...

    def unit_card_png(self, code: str, locale: str = "en") -> bytes:
        """The card of the unit with ``code`` (one of ``units``) in ``locale`` as PNG bytes."""
        ...

    def warm_up(self) -> None:
        """Build the renderer's static layers (a worker process calls it before its first real picture)."""
        ...

    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> Player:
        """A computer player by level (one of ``ai_levels``) or by the player's own name; ``budget_ms``
        overrides the level's think time."""
        ...

    def units(self) -> tuple[UnitEntry, ...]:
        """The units people may look up (a card each), in the rules' order."""
        ...

    def lookup_unit(self, text: str) -> UnitEntry | None:
        """The unit ``text`` names (code, name or a common alias, any case), or None. It may also find
        units that have no card (not in ``units``, e.g. War Chest's Royal Coin)."""
        ...

    def rules_text(self, locale: str) -> str:
        """The rules in brief, from the message catalogue in ``locale``."""
        ...

    def unit_names(self, locale: str) -> Mapping[str, str]:
        """Each unit's code (as notation writes it) → its name in ``locale`` (English where the catalogue
        has no translation). `/wc play` accepts these names, in any language, in place of the codes."""
        ...

    def action_label(self, text: str, locale: str) -> str:
        """How action ``text`` shows in `/wc play`'s autocomplete list for a user of ``locale`` (the
        value chosen stays ``text``)."""
        ...

    def note_params(self, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
        """The values a completion's note (`Completion.params`) is filled with for a user of ``locale``
        (e.g. a unit's name in their language)."""
        ...

    def rules_topics(self, locale: str) -> list[tuple[str, str]]:
        """The topics of the game's rules guide (``/wc rules topic:``) as (topic id, label in ``locale``),
        in the guide's order; empty when the game has no guide beyond `rules_text`."""
        ...

    def rules_page(self, topic: str, locale: str) -> str | None:
        """The guide's page (at most 2000 characters) on the topic ``topic`` names (its id, its label, or
        a unit's name), in ``locale``; None when no topic matches."""
        ...

    # --- what the service keeps and compares ------------------------------------------------------------
    action_type: type
    """The class of the game's actions: the service takes these as well as action text."""

    def snapshot(self, state: Any) -> str:
        """The whole state as text (hidden parts and RNG included: never shown to anyone)."""
        ...

    def restore(self, text: str) -> Any:
        """The state a ``snapshot`` wrote."""
        ...

    def snapshot_fits(self, state: Any, options: Mapping[str, Any], seed: int) -> bool:
        """Whether a restored state belongs to a game of these options and seed."""
        ...

    def replay_onto(self, state: Any, log: Sequence[str]) -> Any:
        """Apply stored action texts to ``state`` in place and return it; raises an `ActionTextError` or a
        `LogReplayError` (both ValueErrors) if the log does not fit."""
        ...

    def private_signatures(self, state: Any) -> list[tuple[Any, ...]]:
        """Per seat, a comparable value of what only that seat sees (its hand): a seat whose signature an
        action changed is sent its private panel again."""
        ...

    def describe_last_action(self, before: Any, after: Any, action: Any, seat: int) -> dict[str, Any]:
        """The public data of ``action`` (played by ``seat`` from ``before`` to ``after``) that
        ``render_board`` marks as the last action."""
        ...

    def public_text(self, notation: str) -> str:
        """What the other seats may see of a stored (canonical, private) action text."""
        ...

    def is_followup(self, state: Any) -> bool:
        """Whether the decision now finishes an action already begun (the same seat acts again)."""
        ...

    def action_kind(self, action: Any) -> str:
        """The word that groups ``action`` (as `ActionChoice.kind`)."""
        ...

    def round_of(self, state: Any) -> int:
        """The round of ``state``: a new round may deal each seat new private information."""
        ...

    def phase_of(self, state: Any) -> str:
        """The game's word for the phase of ``state`` (e.g. "draft", "play")."""
        ...

    def drew(self, before: Any, after: Any) -> bool:
        """Whether going from ``before`` to ``after`` drew from a hidden or random source (then taking the
        action back would hide again what was revealed)."""
        ...

    def under_way(self, state: Any) -> bool:
        """Whether a real move (past the setup) has been made: after that a game cannot be cancelled."""
        ...

    def setup_plies(self, state: Any) -> int:
        """How many plies the setup of ``state``'s game takes."""
        ...

    def result_data(self, state: Any) -> dict[str, Any]:
        """What a game's stored result holds beside winner and reason (JSON data)."""
        ...

    # --- seats, forfeits, rematches and result sentences (defaults: `GameKindDefaults`) ----------------
    def players_of(self, options: Mapping[str, Any]) -> int:
        """How many seats a game of (stored or checked) ``options`` has."""
        ...

    def forfeit_winner(self, teams: Sequence[int], team: int) -> int | None:
        """The team that wins when ``team`` forfeits (resigns, or runs out of time) in a game whose seats
        play for ``teams``; None: nobody wins (``team`` loses, the other teams draw)."""
        ...

    def rematch_options(self, options: Mapping[str, Any], outcome: Outcome | None) -> dict[str, Any]:
        """The options of the rematch of a finished game of ``options`` that ended with ``outcome`` (the
        rules of a series may change them, e.g. a handicap for the loser)."""
        ...

    def rematch_seating(self, players: int) -> tuple[int, ...]:
        """Who sits where in a rematch: seat n of the new game is taken by the player of seat
        ``rematch_seating(players)[n]`` of the old one."""
        ...

    def result_params(self, options: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
        """Values the sentence announcing a result may name beside the players (catalogue key
        ``result.<reason>``), from the game's options and its stored result."""
        ...

    # --- how menus narrow the legal actions down (the Discord "Play" menus) -------------------------------
    def menu_groups(self, choices: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """The two menu groups of each legal action, given as (text, kind) pairs in the game's order:
        (outer, inner) keys. A menu asks for the outer group, then the inner one, then the action; a level
        whose actions all share one key is not asked. Keys are short words without ":"."""
        ...

    def menu_rank(self, key: str) -> int:
        """Where a group key sorts among the keys of its level (lower first; equal ranks keep the order in
        which the actions come)."""
        ...

    def menu_prompt(self, level: int, path: Sequence[str], kinds: Sequence[str]) -> str:
        """The catalogue key of the question a menu step asks: ``level`` 0 asks for the outer group, 1 for
        the inner group, 2 for the action; ``path`` holds the keys chosen so far and ``kinds`` the kinds of
        the actions still in the menu. Its ``_placeholder`` key (levels 0 and 1) names the select menu."""
        ...

    def decision_note(self, view: View) -> tuple[str, dict[str, Any]] | None:
        """A warning for the seat whose ``view`` this is, shown above its choices (the hand DM, the Play
        menu): a catalogue key and its params, or None (Point-Buy Chess: no Sovereign on the first rank yet)."""
        ...

    # --- alt text: what screen readers read for the pictures (from the same view they are drawn from) -----
    def board_alt_text(
        self, view: View, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
    ) -> str:
        """The board picture's description (at most 1024 characters): whose turn or the result, the last
        move, what stands where. Only what ``view`` shows (a spectator view for public posts)."""
        ...

    def private_alt_text(self, view: View, names: Sequence[str] | None, locale: str) -> str:
        """The private picture's description (the seat's hand, secret army, …), from the seat's view."""
        ...

    def unit_alt_text(self, code: str, locale: str) -> str:
        """A unit card's description: the unit's name and its ability in brief."""
        ...

    def board_text(self, view: View, names: Sequence[str] | None, locale: str) -> list[str]:
        """The board as lines of text a screen reader reads (no length limit): whose turn or the result,
        each occupied place with its unit, owner and stack, and the game's public counts."""
        ...

    # --- the review of a finished game (`warchest_bot.ai.review`; default: the game cannot review) --------
    review_budget: int | None
    """The search budget of a review decision by default (the game's own unit, e.g. iterations); None: the
    game's AI exposes no value, so its games cannot be reviewed."""

    def review_decision(
        self, view: View, played: str, budget: int | None, seed: int
    ) -> ReviewAppraisal | None:
        """The decision ``view`` (the deciding seat's own view) shows, where ``played`` (its canonical
        text) was played, valued by the game's search from that view alone: the win chances of the mover's
        team after the played and after the preferred move, both moves in public notation and the
        catalogue sentence of what the preferred move wins or prevents (`warchest_bot.ai.review.Appraisal`).
        None: a decision the game does not judge (forced, or not searched)."""
        ...

    # --- turns and chance (defaults: `GameKindDefaults`; see `warchest_bot.games.turns`) -----------------
    def turn_start(self, state: Any) -> int:
        """The ply at which the turn under way in ``state`` began: ``state.ply`` when a new turn begins at
        ``state``. A turn is the consecutive decisions of one seat, or of several seats in one simultaneous
        step; the service commits every decision, but posts the board, pings the next player and starts the
        move clock once per turn (a decision ended its turn when ``turn_start(after) == after.ply``)."""
        ...

    def announce(self, before: Any, action: Any, after: Any, seat: int) -> Announcement:
        """What ``action`` of ``seat`` says, computed after it was applied (``before`` → ``after``), so it
        can tell what a random step or a reveal decided ("rolled a 4"): the public phrase for everyone, a
        private phrase for each seat that may see more. Never hidden information in the public phrase."""
        ...


class GameKindDefaults:
    """Default implementations of the `GameKind` hooks that most games share; a game's entry inherits it
    and overrides what its rules say otherwise."""

    options: tuple[OptionSpec, ...] = ()
    player_counts: tuple[int, ...] = (2,)
    review_budget: int | None = None

    def review_decision(self, view: View, played: str, budget: int | None, seed: int) -> Any:
        """Nothing: a game whose AI exposes no value is not reviewed."""
        return None

    def players_of(self, options: Mapping[str, Any]) -> int:
        """The options' ``players`` entry when the game has that option (missing: its default), else the
        game's one player count."""
        spec = next((o for o in self.options if o.name == "players"), None)
        if spec is not None:
            return int(options.get("players", spec.default))
        if len(self.player_counts) != 1:
            raise BadOptionsError("error.bad_players", "the game has several player counts but no option")
        return self.player_counts[0]

    def forfeit_winner(self, teams: Sequence[int], team: int) -> int | None:
        """The one other team when exactly one remains (every game of two teams); with more teams left
        nobody wins: the forfeiting team loses and the others draw."""
        others = {t for t in teams if t != team}
        return others.pop() if len(others) == 1 else None

    def rematch_options(self, options: Mapping[str, Any], outcome: Outcome | None) -> dict[str, Any]:
        """The same options."""
        return dict(options)

    def rematch_seating(self, players: int) -> tuple[int, ...]:
        """Sides change hands: with 2 seats they swap, with 4 (two teams of partners) seats 0/1 and 2/3
        swap (partners stay partners), otherwise everyone moves up one seat."""
        if players == 2:
            return (1, 0)
        if players == 4:
            return (1, 0, 3, 2)
        return tuple((n + 1) % players for n in range(players))

    def result_params(self, options: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
        """Nothing beyond the players."""
        return {}

    def complete_action(self, state: Any, typed: str) -> list[Completion]:
        """The texts of the legal actions (``action_choices``) that match the words typed, those that
        start with the typed text first (`completion.matching`); unit names in any language stand for
        their codes, a name's start for each unit it may begin (`unit_names.complete_with_names`)."""
        from .unit_names import complete_with_names

        choices: list[ActionChoice] = getattr(self, "action_choices")(state)  # noqa: B009 (the game's)
        texts = [c.text for c in choices]

        def complete(words: str) -> list[Completion]:
            return [Completion(texts[n]) for n in matching(texts, words)]

        return complete_with_names(complete, typed, self.name_index)

    def unit_names(self, locale: str) -> Mapping[str, str]:
        """The names of ``units()`` (as the game gives them, whatever the locale)."""
        units = getattr(self, "units", None)
        return {u.code: u.name for u in units()} if units is not None else {}

    def name_index(self) -> Any:
        """The `unit_names.NameIndex` of this game's unit names in every language but English."""
        from .unit_names import NameIndex

        return NameIndex.of(self.unit_names)

    def with_unit_codes(self, text: str) -> str:
        """Typed action text with unit names (any language but English) replaced by their codes."""
        from .unit_names import with_codes

        return with_codes(text, self.name_index)

    def action_label(self, text: str, locale: str) -> str:
        """The names in ``locale`` of the units the action names before its notation (English: the
        notation alone), `unit_names.action_label`."""
        from .unit_names import action_label

        return action_label(text, self.unit_names(locale), locale)

    def note_params(self, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
        """The params as they are."""
        return dict(params)

    def menu_groups(self, choices: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """All in one list when they fit one select menu (`MENU_PAGE`); else grouped by kind, and a kind
        with more actions than fit one select menu by how its texts begin after the kind's own word (the
        fewest leading words that split it into 2 to 25 groups: "Kn" of "Kn b1-c3", "Qu" of "pick Qu d1")."""
        if len(choices) <= MENU_PAGE:
            return [(NO_GROUP, NO_GROUP)] * len(choices)
        by_kind: dict[str, list[str]] = {}
        for text, kind in choices:
            by_kind.setdefault(kind, []).append(text)
        words = {kind: _prefix_words(texts, kind) for kind, texts in by_kind.items()}
        return [(kind or NO_GROUP, _text_prefix(text, kind, words[kind])) for text, kind in choices]

    def menu_rank(self, key: str) -> int:
        """Every key alike: the order in which the actions come."""
        return 0

    def menu_prompt(self, level: int, path: Sequence[str], kinds: Sequence[str]) -> str:
        """What to do, then which one, then which action."""
        return ("bot.menu.group", "bot.menu.unit", "bot.menu.target")[min(level, 2)]

    def decision_note(self, view: View) -> tuple[str, dict[str, Any]] | None:
        """No warning."""
        return None

    def board_alt_text(
        self, view: View, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
    ) -> str:
        """The game and its length, the result or whose turn (``view["to_move"]``), and the last action's
        ``text`` when it has one."""
        from .alt_text import clip, common_head, name_of, t

        out = common_head(getattr(self, "title", ""), view, names, locale, view.get("to_move"))
        if last and last.get("text"):
            who = name_of(names, last.get("seat"), locale)
            out.append(t("alt.last", locale, player=who, action=last["text"]))
        return clip(" ".join(out))

    def private_alt_text(self, view: View, names: Sequence[str] | None, locale: str) -> str:
        """The game's name only."""
        from .alt_text import t

        return t("alt.private", locale, game=getattr(self, "title", ""))

    def board_text(self, view: View, names: Sequence[str] | None, locale: str) -> list[str]:
        """The game and its length, the result or whose turn (``view["to_move"]``)."""
        from .alt_text import common_head

        return common_head(getattr(self, "title", ""), view, names, locale, view.get("to_move"))

    def rules_topics(self, locale: str) -> list[tuple[str, str]]:
        """No guide: `rules_text` is all."""
        return []

    def rules_page(self, topic: str, locale: str) -> str | None:
        """No guide, so no page."""
        return None

    def unit_alt_text(self, code: str, locale: str) -> str:
        """The unit's name (`lookup_unit`)."""
        from .alt_text import t

        found = getattr(self, "lookup_unit")(code)  # noqa: B009 (the game's)
        return t("alt.unit_card", locale, unit=found.name if found is not None else code)

    # --- turns and chance ------------------------------------------------------------------------------
    def turn_start(self, state: Any) -> int:
        """Every decision is its own turn (War Chest's coins and follow-ups, Point-Buy Chess's plies)."""
        return int(state.ply)

    def announce(self, before: Any, action: Any, after: Any, seat: int) -> Announcement:
        """The action's notation: its public form to everyone, its private form to ``seat``."""
        text = getattr(self, "format_action")  # noqa: B009 (the game's)
        return plain_announcement(text(None, action, public=True), text(None, action, public=False), seat)


# --- menu grouping (the default of `GameKindDefaults.menu_groups`) ----------------------------------------
MENU_PAGE = 25
"""How many entries one select menu holds (Discord's limit)."""
NO_GROUP = "-"
"""The group key of actions a menu level does not split."""
GROUP_KEY_MAX = 24
"""The longest group key (keys travel in custom ids of at most 100 characters)."""
_WORD = re.compile(r"[A-Za-z]+\d*|\d+")


def _words(text: str, kind: str) -> list[re.Match[str]]:
    """The words of an action's text after its kind's own word ("pick Qu d1" → Qu, d1; "Ro a1xa8" → Ro,
    a1, xa8)."""
    found = list(_WORD.finditer(text))
    if found and found[0].group().lower() == kind.lower():
        found = found[1:]
    return found


def _text_prefix(text: str, kind: str, words: int) -> str:
    """The text from its first word after the kind's word to the end of its ``words``-th word."""
    found = _words(text, kind)
    if not words or not found:
        return NO_GROUP
    last = found[min(words, len(found)) - 1]
    return text[found[0].start() : last.end()].replace(":", " ")[:GROUP_KEY_MAX] or NO_GROUP


def _prefix_words(texts: Sequence[str], kind: str) -> int:
    """How many leading words group these texts into 2 to `MENU_PAGE` groups (0: no grouping needed or
    none helps); more than `MENU_PAGE` groups by the first word if nothing else splits them."""
    if len(texts) <= MENU_PAGE:
        return 0
    for words in (1, 2, 3):
        groups = {_text_prefix(text, kind, words) for text in texts}
        if 2 <= len(groups) <= MENU_PAGE:
            return words
    return 1 if len({_text_prefix(text, kind, 1) for text in texts}) > 1 else 0
