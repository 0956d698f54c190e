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

import copy
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .completion import Completion, matching
from .turns import Announcement, plain_announcement
from .unit_names import NameIndex, action_label, complete_with_names, with_codes

if TYPE_CHECKING:
    from .facets import Facets

Action = Hashable
"""One decision of a game: an opaque, hashable value that only its game interprets."""

ReviewAppraisal = Any
"""A `warchest_bot.ai.review.Appraisal` (the games layer does not import the AI package's types)."""

View = Mapping[str, Any]
"""What one seat (or a spectator, seat None) may see of a state: JSON-like data, never the seed or RNG."""


# --- errors ------------------------------------------------------------------------------------------------
class GameKindError(Exception):
    """Base of the errors this interface raises (the games' own errors stay theirs)."""


class DataFileError(GameKindError, ValueError):
    """A data file a game reads from a user (For the Crown's card table, `facets.CardTables`) that it
    cannot play with. ``message_key`` names the game's catalogue message that explains the first fault,
    filled with ``params``; the text of the exception is for logs."""

    message_key: str = "bot.card_table.bad"

    @property
    def params(self) -> dict[str, Any]:
        """The values the catalogue message is filled with."""
        return {}


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
    the game's ``check_options`` accepts, e.g. a number in a range), a one-line description and, for a
    whole number without choices, the ``bounds`` (lowest, highest) Discord enforces before the game checks."""

    name: str
    default: str | int
    choices: tuple[OptionChoice, ...] = ()
    description: str = ""
    bounds: tuple[int, int] | None = None


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
    def facets(self) -> Facets:
        """The optional parts this game has (pictures, computer players, …; `warchest_bot.games.facets`)."""
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

    def rules_text(self, locale: str) -> str:
        """The rules in brief, from the message catalogue in ``locale``."""
        ...

    def action_label(self, text: str, locale: str) -> str:
        """How action ``text`` shows in `/wc play`'s autocomplete list for a user of ``locale`` (the
        value chosen stays ``text``)."""
        ...

    def note_params(self, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
        """The values a completion's note (`Completion.params`) is filled with for a user of ``locale``
        (e.g. a unit's name in their language)."""
        ...

    # --- what the service keeps and compares ------------------------------------------------------------
    action_type: type
    """The class of the game's actions: the service takes these as well as action text."""

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

    def decision_note(self, view: View) -> tuple[str, dict[str, Any]] | None:
        """A warning for the seat whose ``view`` this is, shown above its choices (the hand DM, the Play
        menu): a catalogue key and its params, or None (Point-Buy Chess: no Sovereign on the first rank yet)."""
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


class GameStateDefaults:
    """Defaults of a `GameState` that keeps the seat to act in ``to_move`` and its result in ``result``
    (None while the game runs): a clone is a deep copy, the game is over once it has a result."""

    to_move: int
    result: Any

    @property
    def current_player(self) -> int | None:
        """``to_move`` until the game is over, then None."""
        return None if self.result is not None else self.to_move

    def clone(self) -> Any:
        """A deep copy (RNG state included)."""
        return copy.deepcopy(self)

    def is_terminal(self) -> bool:
        """Whether the game has a result."""
        return self.result is not None


class GameKindDefaults:
    """Default implementations of the `GameKind` hooks that most games share; a game's entry inherits it
    and overrides what its rules say otherwise. A game of only the core declares no facets."""

    kind: str
    title: str
    options: tuple[OptionSpec, ...] = ()
    player_counts: tuple[int, ...] = (2,)

    @property
    def facets(self) -> Facets:
        """None: a game of only the core."""
        from .facets import NO_FACETS

        return NO_FACETS

    # --- options and seats ----------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        """Every option at its default."""
        return {spec.name: spec.default for spec in self.options}

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Every option the game has, and a value of an option with choices one of them (of the same type:
        ``True`` is not the choice 1); else ``error.bad_options``."""
        specs = {spec.name: spec for spec in self.options}
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None or (
                spec.choices
                and not any(value == c.value and type(value) is type(c.value) for c in spec.choices)
            ):
                raise BadOptionsError("error.bad_options", f"bad option {name}={value!r}")

    def teams(self, players: int) -> tuple[int, ...]:
        """Each seat plays for itself (team n is seat n)."""
        if players not in self.player_counts:
            raise BadOptionsError("error.bad_players")
        return tuple(range(players))

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

    def rules_text(self, locale: str) -> str:
        """The catalogue's ``<kind>.rules``."""
        from ..i18n import t

        return t(f"{self.kind}.rules", locale)

    # --- actions --------------------------------------------------------------------------------------
    def action_choices(self, state: Any) -> list[ActionChoice]:
        """Each legal action with its private and public text (``format_action``), its ``action_kind``
        and whether it is a follow-up."""
        game: GameKind = self  # type: ignore[assignment]  # the subclass is the game
        followup = game.is_followup(state)
        return [
            ActionChoice(
                a,
                game.format_action(state, a),
                game.format_action(state, a, public=True),
                game.action_kind(a),
                followup,
            )
            for a in state.legal_actions()
        ]

    def action_kind(self, action: Any) -> str:
        """Every action alike: "move"."""
        return "move"

    def is_followup(self, state: Any) -> bool:
        """No action is played in parts."""
        return False

    def public_text(self, notation: str) -> str:
        """Everything an action says is public."""
        return notation

    def describe_last_action(self, before: Any, after: Any, action: Any, seat: int) -> dict[str, Any]:
        """The seat and the public text of the action."""
        game: GameKind = self  # type: ignore[assignment]  # the subclass is the game
        return {"seat": seat, "text": game.format_action(before, action, public=True)}

    def complete_action(self, state: Any, typed: str) -> list[Completion]:
        """The texts of the legal actions (``action_choices``) that match the words typed, those that
        start with the typed text first (`completion.matching`); unit names in any language stand for
        their codes, a name's start for each unit it may begin (`unit_names.complete_with_names`)."""
        texts = [c.text for c in self.action_choices(state)]

        def complete(words: str) -> list[Completion]:
            return [Completion(texts[n]) for n in matching(texts, words)]

        return complete_with_names(complete, typed, self.name_index)

    # --- logs, results and what the service compares ---------------------------------------------------
    def replay(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> Any:
        """A new game with the stored action texts played (``replay_onto``)."""
        game: GameKind = self  # type: ignore[assignment]  # the subclass is the game
        return self.replay_onto(game.new_state(options, seed), log)

    def replay_onto(self, state: Any, log: Sequence[str]) -> Any:
        """Each text parsed (an `ActionTextError` when it does not fit) and applied (a ValueError of the
        rules becomes a `LogReplayError`)."""
        game: GameKind = self  # type: ignore[assignment]  # the subclass is the game
        for text in log:
            action = game.parse_action(state, text)
            try:
                state.apply(action)
            except ValueError as exc:
                raise LogReplayError(str(exc)) from exc
        return state

    def outcome(self, state: Any) -> Outcome | None:
        """The state's ``result`` as an `Outcome`."""
        result = state.result
        return None if result is None else Outcome(result.winner, result.reason)

    def round_of(self, state: Any) -> int:
        """One round: nothing is dealt anew."""
        return 1

    def phase_of(self, state: Any) -> str:
        """ "play", then "over"."""
        return "over" if state.is_terminal() else "play"

    def drew(self, before: Any, after: Any) -> bool:
        """No action draws from a hidden or random source."""
        return False

    def setup_plies(self, state: Any) -> int:
        """No setup."""
        return 0

    def under_way(self, state: Any) -> bool:
        """Once a ply past the setup is played."""
        return bool(state.ply > self.setup_plies(state))

    def result_data(self, state: Any) -> dict[str, Any]:
        """Nothing beyond winner and reason."""
        return {}

    # --- unit names in notation (the game's `facets.Units`, when it has one) -------------------------------
    def unit_names(self, locale: str) -> Mapping[str, str]:
        """The names of the units of the game's `facets.Units` (as it gives them, whatever the locale)."""
        units = self.facets.units
        return {u.code: u.name for u in units.units()} if units is not None else {}

    def name_index(self) -> Any:
        """The `unit_names.NameIndex` of this game's unit names in every language but English."""
        return NameIndex.of(self.unit_names)

    def with_unit_codes(self, text: str) -> str:
        """Typed action text with unit names (any language but English) replaced by their codes."""
        return with_codes(text, self.name_index)

    def action_label(self, text: str, locale: str) -> str:
        """The names in ``locale`` of the units the action names before its notation (English: the
        notation alone), `unit_names.action_label`."""
        return action_label(text, self.unit_names(locale), locale)

    def note_params(self, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
        """The params as they are."""
        return dict(params)

    def decision_note(self, view: View) -> tuple[str, dict[str, Any]] | None:
        """No warning."""
        return None

    # --- turns and chance ------------------------------------------------------------------------------
    def turn_start(self, state: Any) -> int:
        """Every decision is its own turn (War Chest's coins and follow-ups, Point-Buy Chess's plies)."""
        return int(state.ply)

    def announce(self, before: Any, action: Any, after: Any, seat: int) -> Announcement:
        """The action's notation: its public form to everyone, its private form to ``seat``."""
        game: GameKind = self  # type: ignore[assignment]  # the subclass is the game
        public, private = (game.format_action(None, action, public=p) for p in (True, False))
        return plain_announcement(public, private, seat)
