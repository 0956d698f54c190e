"""Plain data the service takes and returns. No Discord, storage or engine types leak out of here.

Users are ints (Discord user ids) with display names; guild, channel and thread ids are opaque ints; plies are
0-based counts of decisions (draft picks and follow-ups included): ``GameInfo.ply`` is how many have been
made, and it is the ``expected_ply`` a request made against that position must carry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..games.registry import DEFAULT_KIND
from ..games.turns import ACTION_PHRASE, SILENT_PHRASE, Phrase
from ..i18n import format_list, t
from ..storage import PlayerStats


@dataclass(frozen=True, slots=True)
class Player:
    """A user taking part, with the display name to remember for the seat."""

    user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class AiPlayer:
    """A computer opponent taking a seat: its level (e.g. "easy", "normal", "hard"; the adapter maps it to
    a player and a think time) and the display name to show for the seat."""

    level: str
    name: str


@dataclass(frozen=True, slots=True)
class AiTurn:
    """An AI seat must decide now: the game, the ply to pass as ``expected_ply``, the seat, its level, and
    the seat's own view of the position (``view_for(seat)``: nothing hidden from it, no seed, no RNG state)."""

    game_id: int
    ply: int
    seat: int
    level: str
    view: dict[str, Any]
    kind: str = DEFAULT_KIND
    """The registered game (`warchest_bot.games`) the view belongs to."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat: number (the game's seat), team (from the game: partners share one), the
    user and the name they joined with, the outcome once the game is finished ("win" | "loss" | "draw")."""

    seat: int
    team: int
    user_id: int | None
    name: str
    outcome: str | None = None
    dm_reachable: bool | None = None
    ai_level: str | None = None
    """The level of an AI seat (``user_id`` is then None), or of the AI playing a silent player's seat
    (``autopilot``); None for a human who plays."""
    autopilot: bool = False
    """The bot plays this human seat for its player after missed deadlines (see `seats`)."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """How a game ended.

    ``reason``: the game's own word (War Chest: "markers" (win), "max_rounds" (draw)), "resign",
    "timeout", or for cancelled games (``aborted`` True, no result counted) "aborted", "cancelled",
    "declined", "expired". ``by_seat`` / ``by_name`` say who resigned, cancelled or declined (a declining
    user has no seat). ``params``: what the game's sentence for its reason names beside the players
    (`warchest_bot.games.GameKind.result_params`, e.g. War Chest's round limit as ``rounds``).
    """

    game_id: int
    reason: str
    winner_team: int | None
    winners: tuple[SeatInfo, ...] = ()
    losers: tuple[SeatInfo, ...] = ()
    by_seat: int | None = None
    by_name: str | None = None
    aborted: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def draw(self) -> bool:
        return not self.aborted and self.winner_team is None

    @property
    def message_id(self) -> str:
        """``result.<reason>``; a forfeit nobody won (more than two teams: a draw) ``result.<reason>_draw``."""
        if self.reason in ("resign", "timeout") and self.draw:
            return f"result.{self.reason}_draw"
        return f"result.{self.reason}"

    def message(self, locale: str | None = "en") -> str:
        """The sentence announcing the end, from the catalogue."""
        return t(
            self.message_id,
            locale,
            game_id=self.game_id,
            winners=format_list((s.name for s in self.winners), locale),
            **{**dict(self.params), "player": self.by_name or ""},
        )


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game as the adapter sees it. ``to_act`` is the seat that must decide now (active games only).

    It never carries the seed: with the seed and the action log anyone could rebuild every hidden part of
    the game (War Chest: every hand and the bag order; the seed stays in the service and the storage). ``invited`` / ``open_seats`` describe the pending challenge of an open game.
    """

    id: int
    status: str  # "open" | "active" | "finished" | "aborted"
    options: Mapping[str, Any]
    """The game's options as stored: every option of its kind (`warchest_bot.games.GameKind.options`)."""
    rated: bool
    seats: tuple[SeatInfo, ...]
    ply: int
    to_act: SeatInfo | None
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    created_by: int | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    over: GameOver | None = None
    invited: tuple[int, ...] = ()
    open_seats: int = 0
    kind: str = DEFAULT_KIND
    """The registered game (`warchest_bot.games`) this is a game of."""
    players: int = 2
    """How many seats the game has (`warchest_bot.games.GameKind.players_of` its options)."""

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def user_ids(self) -> tuple[int, ...]:
        """Every seated user, in seat order (whom to tell when the game ends)."""
        return tuple(s.user_id for s in self.seats if s.user_id is not None)

    @property
    def free_seats(self) -> tuple[int, ...]:
        taken = {s.seat for s in self.seats}
        return tuple(n for n in range(self.players) if n not in taken)

    @property
    def is_full(self) -> bool:
        return len(self.seats) >= self.players


@dataclass(frozen=True, slots=True)
class PlayResult:
    """What an accepted action changed. Everything here is already committed.

    - ``action`` is the public text (face-down coins left out): post it to the channel; ``private_action``
      is the full text, for the acting player only.
    - ``ply`` is the new ply count (the action just played was ply ``ply - 1``): the next request's
      ``expected_ply``.
    - ``next`` is the seat that must decide now (it may be the same seat, owing a follow-up: ``followup``),
      None when the game is over.
    - ``hands_changed``: seats whose private hand (or pending Warrior Priest coin) changed: send them their
      hand again. ``round_started``: a new round began (every seat drew). ``drew``: a bag draw happened
      (new hidden information: an undo across this action would reveal it).
    - ``notify``: users to ping (the next seat; everyone when the game ends).
    """

    game_id: int
    ply: int
    seat: int
    user_id: int | None
    action: str
    private_action: str
    kind: str
    round: int
    phase: str
    round_started: bool
    drew: bool
    hands_changed: tuple[int, ...]
    next: SeatInfo | None
    followup: bool
    notify: tuple[int, ...]
    game_over: GameOver | None = None
    last_action: dict[str, Any] | None = None
    """The action as data for the board highlight: ``engine.action_to_json(action, seat, public=True)``
    (kind, coin unless paid face down, unit, hexes, text) and the coins it cost units on the board
    (``losses``, see `GameRules.last_action`)."""
    turn_over: bool = True
    """Whether the action ended its turn (then the board is posted and ``notify`` pinged; within a turn
    only the seat to decide hears of it, privately). ``hands_changed``, ``round_started`` and ``drew`` are
    the whole turn's so far."""
    conditional: str | None = None
    """The public text of the opponent's conditional move that answered this action at once, in the same
    commit (`ConditionalMoves`): then ``ply``, ``next``, ``notify`` and ``game_over`` are after it."""

    @property
    def next_user_id(self) -> int | None:
        return self.next.user_id if self.next is not None else None


@dataclass(frozen=True, slots=True)
class GamePage:
    """One page of a game listing, newest first; pass ``next_before`` as ``before`` for the next page
    (None: this was the last page)."""

    games: tuple[GameInfo, ...]
    next_before: int | None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action of a game's log: ``ply`` 0-based, the seat and user who acted, the text as the viewer may
    see it, and when it was played. ``turn``: the ply at which its turn began (the entries of one turn
    share it); ``said``: what the decision said as the viewer may read it (computed after it was applied:
    a die's result, the card the viewer drew), None when the log could not be replayed."""

    ply: int
    seat: int | None
    user_id: int | None
    name: str
    text: str
    at: datetime
    turn: int | None = None
    said: Phrase | None = None
    autopilot: bool = False
    """The bot made this decision for the seat's player (``name``), who had missed their deadlines."""

    def words(self, locale: str | None = "en") -> str:
        """The entry as the viewer reads it in ``locale``: what it said, or its notation."""
        if self.said is None or self.said.key in (ACTION_PHRASE, SILENT_PHRASE):
            return self.text
        return self.said.words(locale)


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's record overall and, if a server was asked for, on that server."""

    user_id: int
    overall: PlayerStats
    guild_id: int | None = None
    server: PlayerStats | None = None


@dataclass(frozen=True, slots=True)
class Legal:
    """A legal decision for the seat to act: ``text`` parses back to it (use it for buttons and
    autocomplete), ``public`` is what others would see."""

    text: str
    public: str
    kind: str
    followup: bool = False
    ply: int | None = None
    """The ply of the position it is legal at (pass it back as ``expected_ply``)."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A proposal for action text a seat is typing: ``text`` (a legal action, or a longer start of one the
    game lets a player write in parts), ``note`` a catalogue key saying something about it (filled with
    ``params``; None: the text alone), the ``ply`` of the position it is offered on and the ``kind`` of
    game (whose `GameKind.action_label` shows it in the user's language)."""

    text: str
    note: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    ply: int | None = None
    kind: str | None = None
