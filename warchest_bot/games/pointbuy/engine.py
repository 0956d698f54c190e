"""Point-Buy Chess: the rules (``shared/rules/for-the-crown.md`` §1, promotion §2.5), pure and without I/O.

A game has four phases:

- ``"pick"`` (open picking, §1.1.3): the players take turns buying one unit at a time, white (seat 0)
  first, each unit going at once to an empty square of the buyer's first rank or to their Barracks. A
  player whose budget is spent stops; the other goes on alone. The whole budget must be spent (D-PB-3);
  with a per-type cap (D-PB-4) both players together buy at most ``unit_cap`` units of a type.
- ``"secret"`` (secret picking, §1.1.4): seat 0, then seat 1, each submit their whole army in one
  ``army`` action (total cost == budget; with a cap at most ``unit_cap // 2`` of a type each, D-PB-5).
  Nobody else sees an army until both are in; then both are placed at once.
- ``"play"``: one mandatory order per turn (§1.3), white first (D-PB-8): a march or attack by the unit's
  movement rules (`warchest_bot.games.units.unit_moves`), or a deploy from the Barracks (first rank; Foot
  units also the second). A Foot unit that ends a march or attack on its eighth rank may promote to any
  of the 24 types or stay (§1.4, D-PB-10). Captured units leave the game, an Immortal goes back to its
  owner's Barracks. A pass only when no order exists (D-PB-9). Victory at the end of every turn when
  the opponent has no Sovereign on the board (§1.5); the draws of D-PB-11 as options.
- ``"over"``: `PBState.result` says who won and why.

After either picking, a side without a Sovereign on its first rank loses at once; both: a draw (D-PB-6).
The rulebook lets a player pick their way into that loss ("an engine may warn during picking, but must not
block a legal-but-losing setup"); with the option ``sovereign_guard`` (the bot's default for new games,
D-PB-6a) a side that has no Sovereign on its first rank yet is offered the Sovereign picks first and may
not make a pick after which it could no longer buy one and place it there (too few points left, no free
square of the first rank, or the unit cap used up), nor submit a secret army without one, as long as it
can still get one at all.

The game has no randomness: options and the action log decide the state (the seed is not stored).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import BadOptionsError
from ..units import BY_CODE, UNIT_TYPES, UnitMove, square_name, unit_moves

# --- data --------------------------------------------------------------------------------------------------
PRICES: dict[str, int] = {u.code: u.price for u in UNIT_TYPES}
"""The Point-Buy price of every unit type (§1.2; the rulebook's recommendation, D-PB-7: data)."""
CODES: tuple[str, ...] = tuple(u.code for u in UNIT_TYPES)
"""The 24 unit codes in the rules' (alphabetical) order: the order picks and promotions are listed in."""
FOOT: frozenset[str] = frozenset(u.code for u in UNIT_TYPES if u.is_foot)
SOVEREIGN: frozenset[str] = frozenset(u.code for u in UNIT_TYPES if u.is_sovereign)
SOVEREIGN_CODES: tuple[str, ...] = tuple(c for c in CODES if c in SOVEREIGN)
"""The Sovereign types in the rules' order (Anointed, King): the picks a side without one is offered first."""
_SOVEREIGNS_FIRST: tuple[str, ...] = SOVEREIGN_CODES + tuple(c for c in CODES if c not in SOVEREIGN)
PROMOTIONS: tuple[str | None, ...] = (None, *CODES)
"""The choices of a promotion: stay (None), then each of the 24 types (D-PB-10: optional). A unit's own
type is left out of its promotions: becoming what it is changes nothing, it is the same as staying (24
choices)."""
_SOVEREIGN_PIECES: tuple[tuple[tuple[int, str], ...], ...] = tuple(
    tuple((seat, code) for code in sorted(SOVEREIGN)) for seat in (0, 1)
)
UNCAPPED = "Pa"
"""The type a per-type cap never limits: the 1-point Pawn keeps every budget spendable (D-PB-3)."""

FIRST_RANK: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(range(0, 8)), tuple(range(56, 64)))
SECOND_RANK: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(range(8, 16)), tuple(range(48, 56)))
LAST_ROW: tuple[int, int] = (7, 0)
"""The board row (square // 8) of each seat's relative eighth rank."""

PHASES = ("pick", "secret", "play", "over")
PICKING = ("open", "secret")
SERIES = ("loss+1", "win-1")
BUDGET_LIMIT = 200
REPETITION_LIMIT = 20
NO_PROGRESS_LIMIT = 2000
TURN_CAP_LIMIT = 5000
PASSES_LIMIT = 20
UNIT_CAP_LIMIT = 64

Piece = tuple[int, str]
ArmyEntry = tuple[str, "int | None"]


# --- options -----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PBOptions:
    """How a game is set up (stored as a JSON object, see `to_dict`).

    ``budget``: points each player spends (default 38, §1.1.2); ``budget_black``: seat 1's budget when it
    differs (a handicap, D-PB-2; 0 = the same); ``picking``: "open" | "secret"; ``repetition``: the
    n-fold repetition that draws (0 = off, D-PB-11b); ``no_progress``: turns without progress that draw
    (0 = off, D-PB-11c); ``turn_cap``: turns after which the game is a draw (D-PB-11d, always on);
    ``dead_material``: 1 = a draw when both sides have only Sovereigns left; ``series``: the budget rule
    of a series (§1.7, D-PB-12, used by rematches); ``unit_cap``: units of one type (0 = no cap, D-PB-4);
    ``agreement``: 1 = draws by offer and acceptance (D-PB-11a); ``passes``: consecutive forced passes
    that draw (0 = off, D-PB-11e); ``sovereign_guard``: 1 = a side without a Sovereign on its first rank
    may not pick its way out of getting one (D-PB-6a; 0, the rulebook's free picking, is the default of
    the engine and of every game stored before the option existed, so their logs replay as they were).
    """

    budget: int = 38
    budget_black: int = 0
    picking: str = "open"
    repetition: int = 3
    no_progress: int = 100
    turn_cap: int = 600
    dead_material: int = 0
    series: str = "loss+1"
    unit_cap: int = 0
    agreement: int = 1
    passes: int = 2
    sovereign_guard: int = 0

    @property
    def budgets(self) -> tuple[int, int]:
        """Each seat's budget."""
        return (self.budget, self.budget_black or self.budget)

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        return dataclasses.asdict(self)

    @classmethod
    def from_mapping(cls, options: Mapping[str, Any]) -> PBOptions:
        """Options from their stored form (missing: defaults); `BadOptionsError` (catalogue key and
        params) for a value the rules cannot play."""
        defaults = cls()
        known = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in options.items() if k in known}
        full = {**defaults.to_dict(), **values}

        def number(name: str, low: int, high: int, key: str, **params: Any) -> int:
            value = full[name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise BadOptionsError(key, f"{name} must be an integer from {low} to {high}", **params)
            return value

        def zero_or(name: str, low: int, high: int, key: str, **params: Any) -> int:
            value = full[name]
            if value == 0 and not isinstance(value, bool):
                return 0
            return number(name, low, high, key, **params)

        budget = number("budget", 1, BUDGET_LIMIT, "error.bad_budget", limit=BUDGET_LIMIT)
        budget_black = zero_or("budget_black", 1, BUDGET_LIMIT, "error.bad_budget_black", limit=BUDGET_LIMIT)
        if full["picking"] not in PICKING:
            raise BadOptionsError("error.bad_picking", f"picking: {PICKING}", choices=", ".join(PICKING))
        if full["series"] not in SERIES:
            raise BadOptionsError("error.bad_series", f"series: {SERIES}", choices=", ".join(SERIES))
        return cls(
            budget=budget,
            budget_black=budget_black,
            picking=full["picking"],
            repetition=zero_or(
                "repetition", 2, REPETITION_LIMIT, "error.bad_repetition", limit=REPETITION_LIMIT
            ),
            no_progress=zero_or(
                "no_progress", 1, NO_PROGRESS_LIMIT, "error.bad_no_progress", limit=NO_PROGRESS_LIMIT
            ),
            turn_cap=number("turn_cap", 1, TURN_CAP_LIMIT, "error.bad_turn_cap", limit=TURN_CAP_LIMIT),
            dead_material=number("dead_material", 0, 1, "error.bad_dead_material"),
            series=full["series"],
            unit_cap=zero_or("unit_cap", 1, UNIT_CAP_LIMIT, "error.bad_unit_cap", limit=UNIT_CAP_LIMIT),
            agreement=number("agreement", 0, 1, "error.bad_agreement"),
            passes=zero_or("passes", 1, PASSES_LIMIT, "error.bad_passes", limit=PASSES_LIMIT),
            sovereign_guard=number("sovereign_guard", 0, 1, "error.bad_sovereign_guard"),
        )


# --- actions and results -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, eq=False)
class PBAction:
    """One decision. ``kind``: "pick" (``code`` to ``square``; None = the Barracks), "army" (``army``: the
    whole secret army as (code, square|None) entries, kept in a canonical order), "move" (``code`` is the
    mover's type, ``move`` its `UnitMove`, ``promote`` the promotion: a type or None to stay), "deploy"
    (``code`` from the Barracks to ``square``), "pass" or "accept_draw". ``offer_draw``: a move, deploy or
    pass that also offers a draw."""

    kind: str
    code: str | None = None
    square: int | None = None
    move: UnitMove | None = None
    promote: str | None = None
    army: tuple[ArmyEntry, ...] = ()
    offer_draw: bool = False

    def __post_init__(self) -> None:
        if self.army:
            object.__setattr__(self, "army", canonical_army(self.army))

    def __eq__(self, other: object) -> bool:
        # Written out (not the dataclass's tuples): membership tests in long lists of actions are hot.
        if self is other:
            return True
        if other.__class__ is not PBAction:
            return NotImplemented
        o = other
        m, om = self.move, o.move
        if m is not om:
            if m is None or om is None:
                return False
            if m.origin != om.origin or m.dest != om.dest or m.captures != om.captures or m.swap != om.swap:
                return False
        return (
            self.kind == o.kind
            and self.code == o.code
            and self.square == o.square
            and self.promote == o.promote
            and self.offer_draw == o.offer_draw
            and self.army == o.army
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.code, self.square, self.move, self.promote, self.army, self.offer_draw))

    @property
    def target(self) -> int | None:
        """The square a move is written to: where the mover ends, or the square an Oracle shoots."""
        m = self.move
        if m is None:
            return None
        return m.captures[0] if m.dest == m.origin and m.captures else m.dest


_MOVE_ACTIONS: dict[str, dict[int, tuple[UnitMove, PBAction]]] = {code: {} for code in CODES}
"""Per unit code, the plain move actions by their move's identity (see `_move_action`)."""


def _move_action(code: str, move: UnitMove, promote: str | None = None) -> PBAction:
    """The move action of a ``code`` unit (actions are values; making them is the hot part of listing
    legal actions). The movement module shares its plain moves (march, one capture, shot, swap), so the
    actions of those that do not promote are kept by the move's identity: the entry holds the move, so
    no other object can take its id. A Charger's several-capture moves are made afresh, never kept."""
    if promote is not None or len(move.captures) > 1:
        return PBAction("move", code, None, move, promote)
    cache = _MOVE_ACTIONS[code]
    hit = cache.get(id(move))
    if hit is not None and hit[0] is move:
        return hit[1]
    action = PBAction("move", code, None, move)
    cache[id(move)] = (move, action)
    return action


PASS = PBAction("pass")
ACCEPT_DRAW = PBAction("accept_draw")


def canonical_army(army: Iterable[tuple[str, int | None]]) -> tuple[ArmyEntry, ...]:
    """An army's entries in the canonical order: board entries by square, then the Barracks by code."""
    entries = [(str(code), None if square is None else int(square)) for code, square in army]
    return tuple(sorted(entries, key=lambda e: (e[1] is None, -1 if e[1] is None else e[1], e[0])))


@dataclass(frozen=True, slots=True)
class PBResult:
    """How a game ended: the winning seat (None: a draw) and the reason word."""

    winner: int | None
    reason: str


class IllegalActionError(ValueError):
    """`PBState.apply` was given an action that is not legal now."""


class LegalActions(list[PBAction]):
    """The listed legal actions of a state, in their stable order. Membership (``in``) also holds for the
    legal actions that are not listed: any valid secret army (too many to list: a few ready-made armies
    are listed) and any listed move, deploy or pass that also offers a draw."""

    __slots__ = ("_army_ok", "_offers")

    def __init__(
        self,
        actions: Iterable[PBAction],
        army_ok: Callable[[PBAction], bool] | None = None,
        offers: bool = False,
    ) -> None:
        super().__init__(actions)
        self._army_ok = army_ok
        self._offers = offers

    def __contains__(self, action: object) -> bool:
        if list.__contains__(self, action):
            return True
        if isinstance(action, PBAction):
            if action.kind == "army" and self._army_ok is not None:
                return self._army_ok(action)
            if action.offer_draw and self._offers and action.kind in ("move", "deploy", "pass"):
                return list.__contains__(self, dataclasses.replace(action, offer_draw=False))
        return False


# --- secret armies -----------------------------------------------------------------------------------------
def army_problem(
    army: Sequence[tuple[str, int | None]], seat: int, budget: int, unit_cap: int, guard: bool = False
) -> str | None:
    """Why ``army`` is not a valid secret army for ``seat`` (None: it is): known types, squares of the
    seat's first rank (one unit each), total cost == budget, at most ``unit_cap // 2`` of a type
    (except the Pawn) when there is a cap (D-PB-5); with the Sovereign ``guard`` (D-PB-6a), a Sovereign on
    the first rank when the budget and the cap allow one."""
    if not army:
        return "an army has at least one unit"
    squares: set[int] = set()
    counts: dict[str, int] = {}
    total = 0
    first = FIRST_RANK[seat]
    for code, square in army:
        if code not in PRICES:
            return f"there is no unit type {code!r}"
        if square is not None:
            if square not in first:
                return f"{square_name(square)} is not on your first rank"
            if square in squares:
                return f"two units on {square_name(square)}"
            squares.add(square)
        total += PRICES[code]
        counts[code] = counts.get(code, 0) + 1
    if total != budget:
        return f"the army costs {total} points; it must cost exactly {budget}"
    if unit_cap:
        each = unit_cap // 2
        for code, n in counts.items():
            if code != UNCAPPED and n > each:
                return f"at most {each} {_units_of(each, code)} each (the unit cap is {unit_cap})"
    if (
        guard
        and secret_sovereigns(budget, unit_cap)
        and not any(code in SOVEREIGN and square is not None for code, square in army)
    ):
        return (
            "your army needs a Sovereign (a King or an Anointed) on your first rank, or it loses when picking "
            "is over"
        )
    return None


def secret_sovereigns(budget: int, unit_cap: int) -> tuple[str, ...]:
    """The Sovereign types a secret army of ``budget`` points may hold under ``unit_cap`` (D-PB-5)."""
    each = unit_cap // 2 if unit_cap else None
    return tuple(c for c in SOVEREIGN_CODES if PRICES[c] <= budget and (each is None or each > 0))


def _units_of(n: int, code: str) -> str:
    """The words after the number ``n`` of units of ``code``: "Rook unit" (1), "Rook units" (2)."""
    return f"{BY_CODE[code].name} unit" if n == 1 else f"{BY_CODE[code].name} units"


_PRESET_PLANS: tuple[tuple[tuple[str, int | None], ...], ...] = (
    # orthodox chess
    (("Ki", 4), ("Qu", 3), ("Ro", 0), ("Ro", 7), ("Bi", 2), ("Bi", 5), ("Kn", 1), ("Kn", 6)),
    # the rulebook's second example
    (("Ki", 4), ("Wa", 3), ("Ch", 2), ("Sn", 5), ("Sp", None), ("Ac", 6), ("Kn", 1), ("Or", 0)),
    # fairy riders
    (("Ki", 4), ("Ba", 3), ("Gr", 2), ("Dr", 5), ("Ni", 1), ("Ni", 6), ("Mo", 0), ("Mo", 7)),
    # the immortal guard
    (("Ki", 4), ("Im", 3), ("Im", 5), ("Cr", 0), ("Cr", 7), ("Or", 2), ("Ac", 6), ("Kn", 1)),
    # two sovereigns
    (("Ki", 4), ("An", 3), ("Ph", 2), ("Sx", 5), ("He", 1), ("Kn", 6), ("Bi", 0), ("Bi", 7)),
    # a cheap crowd
    (("Ki", 4), ("Kn", 1), ("Kn", 6), ("Bi", 2), ("Bi", 5), ("Or", 3), ("Ac", 0), ("St", 7), ("Mo", None)),
)


def preset_armies(seat: int, budget: int, unit_cap: int = 0) -> list[tuple[ArmyEntry, ...]]:
    """A few ready-made valid secret armies for ``seat`` (what the secret phase lists as its legal
    actions; any other valid army may be submitted too). Each follows a plan greedily, takes an Anointed
    if the King is too dear, and spends the rest on Pawns (first-rank squares, then the Barracks)."""
    each = unit_cap // 2 if unit_cap else None
    first = FIRST_RANK[seat]
    out: list[tuple[ArmyEntry, ...]] = []
    for plan in _PRESET_PLANS:
        left = budget
        army: list[ArmyEntry] = []
        taken: set[int] = set()
        counts: dict[str, int] = {}
        wishes = list(plan)
        if PRICES[wishes[0][0]] > budget:
            wishes[0] = ("An", wishes[0][1])
        for code, file in wishes:
            square = None if file is None else first[file]
            if PRICES[code] > left or square in taken:
                continue
            if each is not None and code != UNCAPPED and counts.get(code, 0) >= each:
                continue
            army.append((code, square))
            counts[code] = counts.get(code, 0) + 1
            left -= PRICES[code]
            if square is not None:
                taken.add(square)
        free = [sq for sq in first if sq not in taken]
        for _ in range(left):
            army.append((UNCAPPED, free.pop(0) if free else None))
        key = canonical_army(army)
        if key not in out:
            out.append(key)
    return out


# --- the state ---------------------------------------------------------------------------------------------
def _position_text(key: tuple[Any, ...]) -> str:
    board, b0, b1, to_move = key
    cells = "".join("." if p is None else f"{p[0]}{p[1]}" for p in board)
    return f"{cells}|{''.join(b0)}|{''.join(b1)}|{to_move}"


def _position_from_text(text: str) -> tuple[Any, ...]:
    cells, b0, b1, to_move = text.split("|")
    board: list[Piece | None] = []
    i = 0
    while i < len(cells):
        if cells[i] == ".":
            board.append(None)
            i += 1
        else:
            board.append((int(cells[i]), cells[i + 1 : i + 3]))
            i += 3

    def codes(s: str) -> tuple[str, ...]:
        return tuple(s[j : j + 2] for j in range(0, len(s), 2))

    return (tuple(board), codes(b0), codes(b1), int(to_move))


class PBState:
    """One position of Point-Buy Chess (implements `warchest_bot.games.base.GameState`).

    ``board``: 64 squares of None or (owner, code); ``barracks``: each seat's units off the board (sorted
    codes); ``budgets``: what each seat has left to spend; ``armies``: the secret armies submitted and not
    yet revealed; ``turn``: turns of play so far; ``no_progress``: turns since the last capture, Pawn
    move, deploy or type-changing promotion; ``passes``: consecutive forced passes; ``draw_offer``: the
    seat whose draw offer stands; ``history``: how often each position has started a turn (since the
    last capture that removed a unit from the game: no earlier position can come back).
    """

    __slots__ = (
        "options",
        "phase",
        "to_move",
        "_ply",
        "turn",
        "board",
        "barracks",
        "budgets",
        "armies",
        "no_progress",
        "passes",
        "draw_offer",
        "history",
        "_history_owned",
        "_result",
        "setup_ply",
        "_legal",
    )

    options: PBOptions
    phase: str
    to_move: int | None
    _ply: int
    turn: int
    board: list[Piece | None]
    barracks: list[list[str]]
    budgets: list[int]
    armies: list[tuple[ArmyEntry, ...] | None]
    no_progress: int
    passes: int
    draw_offer: int | None
    history: dict[tuple[Any, ...], int]
    _history_owned: bool
    _result: PBResult | None
    setup_ply: int | None
    _legal: list[PBAction] | None

    _COMPARED = (
        "options",
        "phase",
        "to_move",
        "_ply",
        "turn",
        "board",
        "barracks",
        "budgets",
        "armies",
        "no_progress",
        "passes",
        "draw_offer",
        "history",
        "_result",
        "setup_ply",
    )

    def __init__(self, options: PBOptions | Mapping[str, Any] | None = None) -> None:
        """A new game: the fixed Pawns on both second ranks (§1.1.1) and picking about to start."""
        if not isinstance(options, PBOptions):
            options = PBOptions.from_mapping(options or {})
        self.options = options
        self.phase = "pick" if options.picking == "open" else "secret"
        self.to_move = 0
        self._ply = 0
        self.turn = 0
        board: list[Piece | None] = [None] * 64
        for seat in (0, 1):
            for sq in SECOND_RANK[seat]:
                board[sq] = (seat, "Pa")
        self.board = board
        self.barracks = [[], []]
        self.budgets = list(options.budgets)
        self.armies = [None, None]
        self.no_progress = 0
        self.passes = 0
        self.draw_offer = None
        self.history = {}
        self._history_owned = True
        self._result = None
        self.setup_ply = None
        self._legal = None

    @classmethod
    def position(
        cls,
        pieces: Mapping[int, Piece],
        barracks: Sequence[Iterable[str]] = ((), ()),
        to_move: int = 0,
        options: PBOptions | Mapping[str, Any] | None = None,
    ) -> PBState:
        """A state in play with the given units (square → (owner, code)) and Barracks, ``to_move`` to
        act, its turn just started (for tests, puzzles and analysis; budgets spent, nothing fixed). Each
        side needs a Sovereign on the board (else the game would be over); ValueError otherwise."""
        s = cls(options)
        s.board = [None] * 64
        for square, (owner, code) in pieces.items():
            if code not in PRICES or owner not in (0, 1):
                raise ValueError(f"not a unit: {(owner, code)!r}")
            s.board[square] = (owner, code)
        s.barracks = [sorted(barracks[0]), sorted(barracks[1])]
        if not (s.has_sovereign(0) and s.has_sovereign(1)):
            raise ValueError("a position in play has a Sovereign of each side on the board")
        s.budgets = [0, 0]
        s.phase = "play"
        s.to_move = to_move
        s.setup_ply = 0
        s._start_turn()
        return s

    # --- the GameState protocol ------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to decide (None once over)."""
        return self.to_move

    @property
    def ply(self) -> int:
        """Actions applied since the start (picks and armies included)."""
        return self._ply

    @property
    def result(self) -> PBResult | None:
        """The result once over."""
        return self._result

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._result is not None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PBState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self._COMPARED)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<PBState phase={self.phase} ply={self._ply} turn={self.turn} to_move={self.to_move}>"

    def clone(self) -> PBState:
        """An independent copy (the repetition history is shared until either side writes to it)."""
        c = PBState.__new__(PBState)
        c.options = self.options
        c.phase = self.phase
        c.to_move = self.to_move
        c._ply = self._ply
        c.turn = self.turn
        c.board = self.board.copy()
        c.barracks = [self.barracks[0].copy(), self.barracks[1].copy()]
        c.budgets = self.budgets.copy()
        c.armies = self.armies.copy()
        c.no_progress = self.no_progress
        c.passes = self.passes
        c.draw_offer = self.draw_offer
        c.history = self.history
        c._history_owned = False
        self._history_owned = False
        c._result = self._result
        c.setup_ply = self.setup_ply
        c._legal = self._legal
        return c

    # --- legal actions ---------------------------------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        """The actions of ``current_player`` now, in a stable order (empty once over):

        - picking: each affordable type (rules' order) to each empty first-rank square, then the Barracks;
          under the Sovereign guard (`needs_sovereign`), the Sovereigns first and only the picks that
          keep one within reach;
        - secret picking: a few ready-made armies (`preset_armies`; any valid army is legal too);
        - play: every move (by origin square, then the movement order; a promoting move 24 times: stay,
          then each other type), then every deploy (by type, then square), or the forced pass; then
          ``accept_draw`` when the opponent's offer stands. A move, deploy or pass with ``offer_draw``
          is legal as well when draws by agreement are on."""
        if self._legal is None:
            self._legal = self._generate()
        seat = self.to_move
        if self.phase == "secret" and seat is not None:
            budget, cap, guard = self.budgets[seat], self.options.unit_cap, bool(self.options.sovereign_guard)
            return LegalActions(
                self._legal,
                lambda a: (
                    army_problem(a.army, seat, budget, cap, guard) is None
                    and a == PBAction("army", army=a.army)
                ),
            )
        return LegalActions(self._legal, None, self.phase == "play" and bool(self.options.agreement))

    def _generate(self) -> list[PBAction]:
        seat = self.to_move
        if seat is None:
            return []
        if self.phase == "pick":
            return self._pick_actions(seat)
        if self.phase == "secret":
            return [
                PBAction("army", army=army)
                for army in preset_armies(seat, self.budgets[seat], self.options.unit_cap)
            ]
        return self._play_actions(seat)

    def cap_left(self, code: str) -> int | None:
        """How many more units of ``code`` may be picked in open picking (None: no limit)."""
        cap = self.options.unit_cap
        if not cap or code == UNCAPPED:
            return None
        used = sum(1 for p in self.board if p is not None and p[1] == code)
        used += self.barracks[0].count(code) + self.barracks[1].count(code)
        return max(0, cap - used)

    def crowned(self, seat: int) -> bool:
        """Whether ``seat`` has a Sovereign on its first rank (what it needs when picking is over)."""
        board = self.board
        return any(
            (p := board[sq]) is not None and p[0] == seat and p[1] in SOVEREIGN for sq in FIRST_RANK[seat]
        )

    def can_crown(self, seat: int) -> bool:
        """Whether ``seat``, picking in the open, can still buy a Sovereign and place it on its first rank
        (points for one whose cap is not used up, and a free square there)."""
        return self._crown_in_reach(seat, self.budgets[seat], self._free_first(seat), None)

    def needs_sovereign(self, seat: int) -> bool:
        """Whether the Sovereign guard (D-PB-6a) holds ``seat``'s picks now: it is picking in the open, has
        no Sovereign on its first rank and can still get one."""
        return (
            bool(self.options.sovereign_guard)
            and self.phase == "pick"
            and not self.crowned(seat)
            and self.can_crown(seat)
        )

    def _free_first(self, seat: int) -> int:
        board = self.board
        return sum(1 for sq in FIRST_RANK[seat] if board[sq] is None)

    def _crown_in_reach(self, seat: int, left: int, free: int, taken: str | None) -> bool:
        """Whether a Sovereign can still be bought with ``left`` points and placed on one of ``free``
        first-rank squares, after one more unit of ``taken`` (None: none) was bought."""
        if free <= 0:
            return False
        for code in SOVEREIGN_CODES:
            if PRICES[code] > left:
                continue
            cap = self.cap_left(code)
            if cap is None or cap - (code == taken) > 0:
                return True
        return False

    def keeps_crown(self, seat: int, code: str, square: int | None) -> bool:
        """Whether ``seat`` can still get a Sovereign onto its first rank after picking ``code`` to
        ``square`` (a Sovereign picked onto the first rank is one)."""
        if code in SOVEREIGN and square is not None:
            return True
        free = self._free_first(seat) - (square is not None)
        return self._crown_in_reach(seat, self.budgets[seat] - PRICES[code], free, code)

    def _pick_actions(self, seat: int) -> list[PBAction]:
        left = self.budgets[seat]
        board = self.board
        squares: list[int | None] = [sq for sq in FIRST_RANK[seat] if board[sq] is None]
        squares.append(None)
        guard = self.needs_sovereign(seat)
        out: list[PBAction] = []
        order = _SOVEREIGNS_FIRST if guard else CODES
        for code in order:
            if PRICES[code] > left:
                continue
            cap = self.cap_left(code)
            if cap is not None and cap <= 0:
                continue
            out.extend(
                PBAction("pick", code, sq) for sq in squares if not guard or self.keeps_crown(seat, code, sq)
            )
        return out

    def _play_actions(self, seat: int) -> list[PBAction]:
        board = self.board
        last = LAST_ROW[seat]
        out: list[PBAction] = []
        append = out.append
        for origin in range(64):
            p = board[origin]
            if p is None or p[0] != seat:
                continue
            code = p[1]
            foot = code in FOOT
            cache = _MOVE_ACTIONS[code]
            for m in unit_moves(board, origin):
                if foot and not m.swap and m.dest >> 3 == last:
                    out.extend(_move_action(code, m, promo) for promo in PROMOTIONS if promo != code)
                    continue
                hit = cache.get(id(m))
                append(hit[1] if hit is not None and hit[0] is m else _move_action(code, m))
        barracks = self.barracks[seat]
        if barracks:
            first = [sq for sq in FIRST_RANK[seat] if board[sq] is None]
            second = [sq for sq in SECOND_RANK[seat] if board[sq] is None]
            for code in sorted(set(barracks)):
                squares = first + second if code in FOOT else first
                out.extend(PBAction("deploy", code, sq) for sq in squares)
        if not out:
            out.append(PASS)
        if self.options.agreement and self.draw_offer == 1 - seat:
            out.append(ACCEPT_DRAW)
        return out

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` may be applied now (listed or not, see `legal_actions`)."""
        if not isinstance(action, PBAction):
            return False
        legal = self._legal
        if legal is not None:
            for listed in legal:  # identity first: the chosen action is usually a listed object
                if listed is action:
                    return True
        return action in self.legal_actions()

    # --- applying ----------------------------------------------------------------------------------------
    def apply(self, action: PBAction) -> None:
        """Play one legal action; `IllegalActionError` (a ValueError, nothing changed) for any other."""
        if not self.is_legal(action):
            raise IllegalActionError(f"not a legal action now: {action!r}")
        self.apply_unchecked(action)

    def apply_unchecked(self, action: PBAction) -> None:
        """`apply` without the legality check (for searches that only play listed legal actions)."""
        seat = self.to_move
        assert seat is not None
        self._legal = None
        self._ply += 1
        kind = action.kind
        if kind == "pick":
            self._pick(seat, action)
        elif kind == "army":
            self._army(seat, action)
        elif kind == "accept_draw":
            self._finish(None, "agreement")
        else:
            self._order(seat, action)

    def _pick(self, seat: int, action: PBAction) -> None:
        code = action.code
        assert code is not None
        self.budgets[seat] -= PRICES[code]
        if action.square is None:
            self._to_barracks(seat, code)
        else:
            self.board[action.square] = (seat, code)
        other = 1 - seat
        if self.budgets[other] > 0:
            self.to_move = other
        elif self.budgets[seat] > 0:
            self.to_move = seat
        else:
            self._end_setup()

    def _army(self, seat: int, action: PBAction) -> None:
        self.armies[seat] = action.army
        if self.armies[1 - seat] is None:
            self.to_move = 1 - seat
            return
        for s in (0, 1):
            army = self.armies[s]
            assert army is not None
            for code, square in army:
                if square is None:
                    self._to_barracks(s, code)
                else:
                    self.board[square] = (s, code)
            self.budgets[s] = 0
        self.armies = [None, None]
        self._end_setup()

    def _to_barracks(self, seat: int, code: str) -> None:
        b = self.barracks[seat]
        b.append(code)
        b.sort()

    def _end_setup(self) -> None:
        """Picking is over: the Sovereign test (§1.1.5, D-PB-6), then White's first turn (D-PB-8)."""
        self.setup_ply = self._ply
        missing = [
            not any(
                (p := self.board[sq]) is not None and p[0] == s and p[1] in SOVEREIGN for sq in FIRST_RANK[s]
            )
            for s in (0, 1)
        ]
        if missing[0] and missing[1]:
            self._finish(None, "setup")
        elif missing[0] or missing[1]:
            self._finish(1 if missing[0] else 0, "setup")
        else:
            self.phase = "play"
            self.to_move = 0
            self._start_turn()

    def _order(self, seat: int, action: PBAction) -> None:
        board = self.board
        kind = action.kind
        progress = False
        sovereign_captured = False  # the only way a side can lose its last Sovereign
        if kind == "move":
            m = action.move
            assert m is not None
            if m.captures:
                progress = True
                lost = False
                for sq in m.captures:
                    victim = board[sq]
                    assert victim is not None
                    board[sq] = None
                    if victim[1] in SOVEREIGN:
                        sovereign_captured = True
                    if victim[1] == "Im":
                        self._to_barracks(victim[0], "Im")
                    else:
                        lost = True
                if lost:  # a unit left the game: no earlier position can occur again
                    self.history = {}
                    self._history_owned = True
            mover = board[m.origin]
            assert mover is not None
            if m.swap:
                board[m.origin], board[m.dest] = board[m.dest], mover
            elif m.dest != m.origin:
                board[m.dest] = mover
                board[m.origin] = None
            if mover[1] == "Pa":
                progress = True
            if action.promote is not None:
                board[m.dest] = (seat, action.promote)
                if action.promote != mover[1]:
                    progress = True
            self.passes = 0
        elif kind == "deploy":
            code = action.code
            assert code is not None and action.square is not None
            self.barracks[seat].remove(code)
            board[action.square] = (seat, code)
            progress = True
            self.passes = 0
        else:  # a forced pass
            self.passes += 1
        self.draw_offer = seat if action.offer_draw else None
        self.turn += 1
        self.no_progress = 0 if progress else self.no_progress + 1
        self._end_turn(seat, sovereign_captured)

    def has_sovereign(self, seat: int) -> bool:
        """Whether ``seat`` has a Sovereign (King or Anointed) on the board."""
        board = self.board
        return any(piece in board for piece in _SOVEREIGN_PIECES[seat])

    def _end_turn(self, mover: int, sovereign_captured: bool) -> None:
        """Victory (§1.5), then the draws of D-PB-11, then the next turn (where repetition is counted).
        Only the mover captures, and no order removes one's own Sovereign (a promotion replaces a Foot
        unit), so victory needs testing only after a Sovereign was captured."""
        opts = self.options
        other = 1 - mover
        if sovereign_captured and not self.has_sovereign(other):
            self._finish(mover, "sovereign")
        elif opts.dead_material and self._only_sovereigns():
            self._finish(None, "dead_material")
        elif opts.passes and self.passes >= opts.passes:
            self._finish(None, "passes")
        elif opts.no_progress and self.no_progress >= opts.no_progress:
            self._finish(None, "no_progress")
        elif self.turn >= opts.turn_cap:
            self._finish(None, "turn_cap")
        else:
            self.to_move = other
            self._start_turn()

    def _only_sovereigns(self) -> bool:
        if any(p is not None and p[1] not in SOVEREIGN for p in self.board):
            return False
        return all(code in SOVEREIGN for b in self.barracks for code in b)

    def position_key(self) -> tuple[Any, ...]:
        """The position repetition compares (D-PB-11b): every square, both Barracks, the side to move."""
        return (tuple(self.board), tuple(self.barracks[0]), tuple(self.barracks[1]), self.to_move)

    def _start_turn(self) -> None:
        key = self.position_key()
        if not self._history_owned:
            self.history = dict(self.history)
            self._history_owned = True
        seen = self.history.get(key, 0) + 1
        self.history[key] = seen
        if self.options.repetition and seen >= self.options.repetition:
            self._finish(None, "repetition")

    def _finish(self, winner: int | None, reason: str) -> None:
        self._result = PBResult(winner, reason)
        self.phase = "over"
        self.to_move = None
        self.draw_offer = None
        self._legal = None

    # --- what a seat may see -----------------------------------------------------------------------------
    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see: everything public, and only its own secret army.
        Beside the contract's keys, ``unit_cap`` (the per-type cap of picking, 0: none) so a player deciding
        from the view alone picks only what is legal, and ``crown`` (`crown_of`) for the seat itself."""
        army = None
        if seat is not None and self.phase == "secret":
            own = self.armies[seat]
            if own is not None:
                army = [[code, square] for code, square in own]
        result = self._result
        return {
            "game": "pointbuy",
            "seat": seat,
            "phase": self.phase,
            "to_move": self.to_move,
            "ply": self._ply,
            "turn": self.turn,
            "board": [None if p is None else [p[0], p[1]] for p in self.board],
            "barracks": [list(self.barracks[0]), list(self.barracks[1])],
            "budgets": list(self.budgets),
            "prices": dict(PRICES),
            "army_submitted": [self.armies[0] is not None, self.armies[1] is not None],
            "my_army": army,
            "draw_offer": self.draw_offer,
            "no_progress": self.no_progress,
            "unit_cap": self.options.unit_cap,
            "crown": None if seat is None else self.crown_of(seat),
            "result": None if result is None else {"winner": result.winner, "reason": result.reason},
        }

    def crown_of(self, seat: int) -> str | None:
        """While picking, how ``seat`` stands with the Sovereign it needs on its first rank when picking is
        over: "needed" (none there yet, one still within reach), "lost" (none can be had any more: the
        army will lose), None (one is there, or picking is over)."""
        if self.phase == "pick":
            if self.crowned(seat):
                return None
            return "needed" if self.can_crown(seat) else "lost"
        if self.phase == "secret":
            own = self.armies[seat]
            if own is not None and any(code in SOVEREIGN and sq is not None for code, sq in own):
                return None
            return "needed" if secret_sovereigns(self.budgets[seat], self.options.unit_cap) else "lost"
        return None

    # --- snapshots -------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON data (secret armies included: never show it to anyone)."""
        r = self._result
        return {
            "options": self.options.to_dict(),
            "phase": self.phase,
            "to_move": self.to_move,
            "ply": self._ply,
            "turn": self.turn,
            "board": [None if p is None else [p[0], p[1]] for p in self.board],
            "barracks": [list(b) for b in self.barracks],
            "budgets": list(self.budgets),
            "armies": [None if a is None else [[c, s] for c, s in a] for a in self.armies],
            "no_progress": self.no_progress,
            "passes": self.passes,
            "draw_offer": self.draw_offer,
            "history": [[_position_text(k), n] for k, n in self.history.items()],
            "result": None if r is None else [r.winner, r.reason],
            "setup_ply": self.setup_ply,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PBState:
        """The state `to_json` wrote."""
        s = cls.__new__(cls)
        s.options = PBOptions.from_mapping(data["options"])
        s.phase = data["phase"]
        s.to_move = data["to_move"]
        s._ply = data["ply"]
        s.turn = data["turn"]
        s.board = [None if p is None else (int(p[0]), str(p[1])) for p in data["board"]]
        s.barracks = [list(b) for b in data["barracks"]]
        s.budgets = list(data["budgets"])
        s.armies = [None if a is None else canonical_army((c, sq) for c, sq in a) for a in data["armies"]]
        s.no_progress = data["no_progress"]
        s.passes = data["passes"]
        s.draw_offer = data["draw_offer"]
        s.history = {_position_from_text(k): n for k, n in data["history"]}
        s._history_owned = True
        r = data["result"]
        s._result = None if r is None else PBResult(r[0], r[1])
        s.setup_ply = data["setup_ply"]
        s._legal = None
        return s


def new_game(options: PBOptions | Mapping[str, Any] | None = None) -> PBState:
    """A new game of ``options`` (stored form or `PBOptions`; missing: defaults)."""
    return PBState(options)


__all__ = [
    "ACCEPT_DRAW",
    "CODES",
    "FIRST_RANK",
    "FOOT",
    "LAST_ROW",
    "PASS",
    "PRICES",
    "PROMOTIONS",
    "SECOND_RANK",
    "SOVEREIGN",
    "IllegalActionError",
    "LegalActions",
    "PBAction",
    "PBOptions",
    "PBResult",
    "PBState",
    "army_problem",
    "canonical_army",
    "new_game",
    "preset_armies",
]
