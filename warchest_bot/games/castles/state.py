"""The immutable values of a Castles position (docs/castles.md): the board and its castles, each seat's
bag, reserve, drawn pieces, hand, deck, coins and tokens, the phase of the round, the face-down cards, the
last die roll and the public log.

Everything here is a frozen dataclass; the engine makes a new `Position` for every step (``replace``). A
`Position` holds hidden parts (hands, decks, face-down cards before the reveal): only the engine's
``view_for`` decides what a seat sees. The seed and the random generator are not part of a position: the
engine keeps them beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from .rules import FILES, SIZE, UNIT_CODES

_T = TypeVar("_T")

SEATS = (0, 1)
"""Player 1 (blue, rank 1) is seat 0, player 2 (red, rank 7) seat 1."""

PHASES = ("pick", "play", "over")
"""``pick``: both seats put a card face down (one simultaneous step); ``play``: the two turns of the round;
``over``: the game has a result."""
STEPS = ("pick", "card", "pieces", "over")
"""Within a turn: ``card`` (the revealed card's action, or skip), then ``pieces`` (the drawn pieces, in any
order, until ``end``)."""

RESULT_REASONS = ("both_castles", "six_tokens", "most_tokens", "first_castle", "no_castle")
"""``both_castles``: both enemy castles taken; ``six_tokens``: 6 capture tokens; ``most_tokens``: more tokens
when the cards ran out; ``first_castle``: the first castle taken in sudden death; ``no_castle``: a draw,
sudden death ended without a castle (D-CA-12). The words are unique among the games (the service's
sentence for a result is the catalogue's ``result.<reason>``)."""


def evolve(value: _T, **changes: Any) -> _T:
    """A copy of the frozen, slotted dataclass ``value`` with ``changes`` (as `dataclasses.replace`, without
    its per-call field checks: the engine makes many positions per decision the AI weighs)."""
    new = object.__new__(type(value))
    for name in type(value).__slots__:  # type: ignore[attr-defined]
        object.__setattr__(new, name, changes[name] if name in changes else getattr(value, name))
    return new


# --- squares --------------------------------------------------------------------------------------------------
def square_name(file: int, rank: int) -> str:
    """The name of the square at ``file`` (0 = a) and ``rank`` (0 = rank 1), e.g. "c3"."""
    return f"{FILES[file]}{rank + 1}"


_COORDS: dict[str, tuple[int, int]] = {f"{FILES[f]}{r + 1}": (f, r) for f in range(SIZE) for r in range(SIZE)}


def square_coords(square: str) -> tuple[int, int]:
    """The (file, rank) of a square name, both from 0; ValueError for a name off the board."""
    try:
        return _COORDS[square]
    except (KeyError, TypeError):
        raise ValueError(f"not a square: {square!r}") from None


def is_square(text: str) -> bool:
    """Whether ``text`` names a square of the board."""
    return isinstance(text, str) and text in _COORDS


ALL_SQUARES: tuple[str, ...] = tuple(square_name(f, r) for r in range(SIZE) for f in range(SIZE))
"""Every square, rank 1 first, a to g within a rank."""


# --- pieces ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PieceCounts:
    """How many pieces of each unit type a bag or a reserve holds (``counts`` in `UNIT_CODES` order)."""

    counts: tuple[int, ...] = (0,) * len(UNIT_CODES)

    @classmethod
    def of(cls, pieces: Iterable[str]) -> PieceCounts:
        """The counts of a list of unit codes."""
        counts = [0] * len(UNIT_CODES)
        for code in pieces:
            counts[UNIT_CODES.index(code)] += 1
        return cls(tuple(counts))

    def __getitem__(self, code: str) -> int:
        return self.counts[UNIT_CODES.index(code)]

    def add(self, code: str, n: int = 1) -> PieceCounts:
        """These counts with ``n`` more of ``code`` (negative: fewer; ValueError below zero)."""
        i = UNIT_CODES.index(code)
        if self.counts[i] + n < 0:
            raise ValueError(f"no {code} piece to take")
        return PieceCounts(self.counts[:i] + (self.counts[i] + n,) + self.counts[i + 1 :])

    def total(self) -> int:
        """How many pieces in all."""
        return sum(self.counts)

    def types(self) -> tuple[str, ...]:
        """The unit codes with at least one piece, in `UNIT_CODES` order."""
        return tuple(code for code, n in zip(UNIT_CODES, self.counts, strict=True) if n)

    def pieces(self) -> Iterator[str]:
        """Every piece's code, in `UNIT_CODES` order (a code once per piece)."""
        for code, n in zip(UNIT_CODES, self.counts, strict=True):
            yield from (code,) * n

    def as_dict(self) -> dict[str, int]:
        """The non-zero counts by code (JSON data)."""
        return {code: n for code, n in zip(UNIT_CODES, self.counts, strict=True) if n}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> PieceCounts:
        """The counts ``as_dict`` wrote."""
        unknown = set(data) - set(UNIT_CODES)
        if unknown:
            raise ValueError(f"unknown unit codes {sorted(unknown)}")
        return cls(tuple(int(data.get(code, 0)) for code in UNIT_CODES))


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece on the board: whose it is now (``owner``, a seat) and its unit type (``kind``, a code). A
    looted piece belongs to the seat that won it (D-CA-8)."""

    owner: int
    kind: str


@dataclass(frozen=True, slots=True)
class Board:
    """The units on the board as (square, unit) pairs sorted by square name; one unit per square."""

    units: tuple[tuple[str, Unit], ...] = ()

    def at(self, square: str) -> Unit | None:
        """The unit on ``square``, or None."""
        for sq, unit in self.units:
            if sq == square:
                return unit
        return None

    def place(self, square: str, unit: Unit) -> Board:
        """This board with ``unit`` put on the empty ``square`` (ValueError if it is taken)."""
        if self.at(square) is not None:
            raise ValueError(f"{square} is not empty")
        return Board(tuple(sorted((*self.units, (square, unit)))))

    def remove(self, square: str) -> Board:
        """This board without the unit on ``square`` (ValueError if it is empty)."""
        if self.at(square) is None:
            raise ValueError(f"{square} is empty")
        return Board(tuple(p for p in self.units if p[0] != square))

    def move(self, source: str, target: str) -> Board:
        """This board with the unit on ``source`` moved to the empty ``target``."""
        unit = self.at(source)
        if unit is None:
            raise ValueError(f"{source} is empty")
        return self.remove(source).place(target, unit)

    def of(self, seat: int) -> tuple[tuple[str, Unit], ...]:
        """The (square, unit) pairs of ``seat``'s units."""
        return tuple(p for p in self.units if p[1].owner == seat)


@dataclass(frozen=True, slots=True)
class Castle:
    """A castle: its square, the seat it belongs to and whether the other seat has taken it (a taken castle
    is no longer a deploy square, D-CA-9)."""

    square: str
    owner: int
    taken: bool = False


# --- seats ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Side:
    """One seat's belongings.

    - ``bag``: pieces in the bag (their draw order is not kept: every draw is a fresh random choice);
    - ``reserve``: pieces in front of the player, deployed with unit cards and Reinforce;
    - ``drawn``: the unit types of the pieces drawn this round (different types), in draw order; ``used``:
      those whose action was taken this turn, ``deployed``: those among them put on the board (the others
      go back into the bag at the end of the turn);
    - ``hand`` (hidden from the other seat; in `CARD_CODES` order), ``deck`` (hidden from everyone; top
      first), ``discard`` (played cards, public), ``facedown`` (the card put face down this round: hidden
      from the other seat until both are in);
    - ``coins`` (0-10) and ``tokens`` (capture tokens).
    """

    bag: PieceCounts
    reserve: PieceCounts
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    coins: int
    drawn: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    deployed: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    facedown: str | None = None
    tokens: int = 0

    def available(self) -> tuple[str, ...]:
        """The drawn pieces whose action is still to be taken this turn."""
        return tuple(code for code in self.drawn if code not in self.used)

    def cards_left(self) -> int:
        """Cards in hand and deck together (0: this seat's cards are exhausted)."""
        return len(self.hand) + len(self.deck)


# --- what happened --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Roll:
    """One die roll of an attack: who rolled, the attacking unit type and squares, the number needed
    (``needed``: a result at or under it succeeds) and the result."""

    seat: int
    unit: str
    source: str
    target: str
    needed: int
    value: int

    @property
    def success(self) -> bool:
        """Whether the attack succeeded (the die at or under the number needed)."""
        return self.value <= self.needed


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One public line of the game's log: the ply it belongs to, the seat (None: the game's own step, e.g.
    a round's draws), a kind word ("pick", "reveal", "draw", "action", "roll", "castle", "income",
    "token", "end") and its public text (never a hidden card: a pick is logged as "pick")."""

    ply: int
    seat: int | None
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: the winning seat (None: a draw) and one of `RESULT_REASONS`."""

    winner: int | None
    reason: str


# --- the position ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Position:
    """A whole Castles position.

    - ``board``, ``castles`` (four, seat 0's first) and ``sides`` (one `Side` per seat);
    - ``round`` (from 1), ``phase`` (`PHASES`), ``step`` (`STEPS`), ``to_move`` (the seat deciding now);
    - ``order``: this round's (first, second) seats, set at the reveal; ``turn``: 0 during the first
      seat's turn, 1 during the second's; ``revealed``: each seat's revealed card this round (None before
      the reveal, or for a seat without cards);
    - ``acted``: squares of the units that acted this turn (each unit acts once); ``charge``: Charge was
      played this turn;
    - ``last_roll``: the latest die roll (None before the first); ``log``: the public log;
    - ``ply``: decisions applied; ``turn_from``: the ply where the turn under way began; ``chance``: random
      steps drawn so far (the engine's generator is keyed by it); ``sudden_death``: rounds played after a
      tie (0: none); ``result`` once the game is over.
    """

    board: Board
    castles: tuple[Castle, ...]
    sides: tuple[Side, Side]
    round: int = 1
    phase: str = "pick"
    step: str = "pick"
    to_move: int = 0
    order: tuple[int, int] = (0, 1)
    turn: int = 0
    revealed: tuple[str | None, str | None] = (None, None)
    acted: tuple[str, ...] = ()
    charge: bool = False
    last_roll: Roll | None = None
    log: tuple[LogEntry, ...] = ()
    ply: int = 0
    turn_from: int = 0
    chance: int = 0
    sudden_death: int = 0
    result: Result | None = None

    def side(self, seat: int) -> Side:
        """``seat``'s `Side`."""
        return self.sides[seat]

    def with_side(self, seat: int, side: Side) -> Position:
        """This position with ``seat``'s side replaced."""
        sides = (side, self.sides[1]) if seat == 0 else (self.sides[0], side)
        return evolve(self, sides=sides)

    def castle_at(self, square: str) -> Castle | None:
        """The castle on ``square``, or None."""
        return next((c for c in self.castles if c.square == square), None)

    def treasury(self) -> int:
        """Coins in the treasury: all coins but the players'."""
        from .rules import TREASURY_COINS

        return TREASURY_COINS - sum(s.coins for s in self.sides)


__all__ = [
    "ALL_SQUARES",
    "Board",
    "Castle",
    "LogEntry",
    "PHASES",
    "PieceCounts",
    "Position",
    "RESULT_REASONS",
    "Result",
    "Roll",
    "SEATS",
    "STEPS",
    "Side",
    "Unit",
    "is_square",
    "square_coords",
    "square_name",
]
