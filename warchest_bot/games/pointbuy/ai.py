"""Computer players for Point-Buy Chess: random, greedy and an alpha-beta search.

>>> from warchest_bot.games.pointbuy.ai import make_player
>>> bot = make_player("hard", seed=1)                 # or "easy", "normal", "random", "greedy", "search"
>>> action = bot.choose(state)                         # doctest: +SKIP  (one of state.legal_actions())

Play has no hidden information and no chance, so a seat's view holds the whole position (only the
opponent's secret army is hidden while armies are picked in secret, and no player needs it). Every player
decides from the acting seat's view alone: ``choose(state)`` is ``choose_from_view(state.view_for(seat))``.

The players think on `Position`, a lean copy of the position made from the view (board, Barracks, side to
move, the no-progress count and the positions seen before) with in-place make/unmake and an incremental
evaluation, searched by the shared `warchest_bot.ai.alphabeta` search, and answer with the engine's own
action (`PBAction`) for the chosen move, pick or army.

Picking (open or secret): every player puts a Sovereign on its first rank first (a setup without one loses
at once); the greedy and search players then buy a strong army that spends the budget exactly (the
strongest units that fit in the free first-rank squares, a little different for every seed); the random
player picks at random after its Sovereign.
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from warchest_bot.ai.alphabeta import WIN, SearchResult
from warchest_bot.games.units import UNIT_TYPES, UnitMove, unit_moves

_MASK = (1 << 64) - 1

PRICES: dict[str, int] = {u.code: u.price for u in UNIT_TYPES}
"""The rules' recommended prices (§1.2); a view's own ``prices`` take precedence."""
SOVEREIGNS = frozenset(u.code for u in UNIT_TYPES if u.is_sovereign)
FOOT = frozenset(u.code for u in UNIT_TYPES if u.is_foot)
IMMORTAL = "Im"

STRENGTH: dict[str, float] = {
    "Pa": 1.0,
    "St": 1.8,
    "Ac": 3.0,
    "An": 6.0,
    "Ba": 9.3,
    "Bi": 3.2,
    "Ch": 9.0,
    "Cr": 5.5,
    "Dr": 7.0,
    "Gr": 8.3,
    "He": 6.6,
    "Im": 7.4,
    "Ki": 7.0,
    "Kn": 3.0,
    "Mo": 2.6,
    "Ni": 5.1,
    "Or": 2.8,
    "Ph": 8.4,
    "Qu": 9.6,
    "Ro": 5.2,
    "Sn": 4.9,
    "Sx": 6.6,
    "Sp": 3.3,
    "Wa": 9.8,
}
"""How much the army builder likes each unit, on the price scale (its guess of what a unit is really
worth from its reach on an open board; prices stay the material values of the evaluation)."""

PROMOTIONS = ("Wa", "Qu")
"""What the players consider promoting a Foot unit to (besides keeping it, and a King while they have a
single Sovereign); the engine offers all 24 types."""

BARRACKS_SHARE = 0.85
"""A unit in the Barracks is worth this share of its price (deploying it costs a turn)."""


# --- evaluation weights --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    """The evaluation's terms, on the price scale (a Pawn is 1)."""

    barracks_share: float = BARRACKS_SHARE
    """A Barracks unit is worth this share of its price (deploying it costs a turn)."""
    spare_sovereign: float = 2.0
    """Extra worth of every Sovereign beyond the first (losing the last one loses the game)."""
    attacked_sovereign: float = 1.5
    """Per Sovereign of the side that has just moved that the side to move attacks (it may take it)."""
    advance: tuple[float, ...] = (0.0, 0.0, 0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 0.0)
    """Foot units by relative rank (1..8): the nearer promotion, the more they are worth."""
    centre: float = 0.04
    """Per step nearer the centre, for units that are not Foot and not Sovereigns."""
    mobility: float = 0.01
    """Per legal move of the side to move (counted where the search lists the moves anyway)."""


DEFAULT_WEIGHTS = Weights()

_CENTRE = tuple(6 - (abs(2 * (s % 8) - 7) + abs(2 * (s // 8) - 7)) // 2 for s in range(64))
"""0 in the corners up to 6 in the four centre squares."""


def _rel_rank(owner: int, square: int) -> int:
    """1..8: the rank as seen by ``owner`` (§0.2)."""
    rank = square // 8
    return rank + 1 if owner == 0 else 8 - rank


@functools.lru_cache(maxsize=32)
def _tables(
    prices: tuple[tuple[str, int], ...], weights: Weights
) -> tuple[dict[tuple[int, str], tuple[float, ...]], dict[tuple[int, str], float]]:
    """Per unit (owner, code): its worth on each square, and in the Barracks, signed for seat 0 (the
    static terms of the evaluation, kept up to date by make/unmake)."""
    on_board: dict[tuple[int, str], tuple[float, ...]] = {}
    in_barracks: dict[tuple[int, str], float] = {}
    for owner, sign in ((0, 1.0), (1, -1.0)):
        for code, price in prices:
            values = []
            for s in range(64):
                v = float(price)
                if code in SOVEREIGNS:
                    pass
                elif code in FOOT:
                    v += weights.advance[_rel_rank(owner, s)]
                else:
                    v += weights.centre * _CENTRE[s]
                values.append(sign * v)
            on_board[(owner, code)] = tuple(values)
            in_barracks[(owner, code)] = sign * weights.barracks_share * price
    return on_board, in_barracks


# --- the search's position ---------------------------------------------------------------------------
Move = tuple
"""A move of `Position`: ("move", UnitMove, promote code | None), ("deploy", code, square) or ("pass",)."""


@dataclass(frozen=True, slots=True)
class _Result:
    winner: int | None
    reason: str


REPETITION = _Result(None, "repetition")


class Position:
    """A Point-Buy Chess position in play, made for searching: the GameState protocol the alpha-beta
    search needs (``current_player``, ``legal_actions``, ``apply``, ``clone``, ``is_terminal``, ``result``)
    plus in-place ``make``/``unmake``, and the static part of the evaluation kept up to date.

    It follows the rules of play (§1.3–1.6): marches and attacks by `unit_moves`, Immortals back to their
    Barracks, deploys to the first rank (Foot units the second too), promotion of a Foot unit ending a
    march or attack on its eighth rank (to a Warlord, a Queen or, while it has a single Sovereign, a
    King; or kept: the players never want the other types), victory when a side has no Sovereign on the
    board, draws by threefold repetition (counting the positions in ``seen``) and by the no-progress
    count, a pass when nothing else is legal.
    """

    __slots__ = (
        "board",
        "barracks",
        "to_move",
        "prices",
        "weights",
        "seen",
        "no_progress",
        "no_progress_limit",
        "score",
        "sovereign_count",
        "track_seen",
        "_psq",
        "_bar",
        "_over",
        "_moves",
    )

    def __init__(
        self,
        board: Sequence[tuple[int, str] | None],
        barracks: Sequence[Sequence[str]],
        to_move: int,
        *,
        prices: Mapping[str, int] | None = None,
        seen: Mapping[Hashable, int] | None = None,
        no_progress: int = 0,
        no_progress_limit: int = 100,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self.board: list[tuple[int, str] | None] = [None if p is None else (p[0], p[1]) for p in board]
        self.barracks: list[list[str]] = [sorted(barracks[0]), sorted(barracks[1])]
        self.to_move = to_move
        self.prices = dict(PRICES if prices is None else prices)
        self.weights = weights
        self.seen: dict[Hashable, int] = dict(seen or {})
        """How often each position key occurred (the game's, then the search's path)."""
        self.no_progress = no_progress
        self.no_progress_limit = no_progress_limit
        self.track_seen = True
        """Whether make/unmake count positions in ``seen`` (a search that counts them by hash turns it off
        and ends repeated positions itself)."""
        self._psq, self._bar = _tables(tuple(sorted(self.prices.items())), weights)
        self.score = 0.0
        """The static evaluation terms for seat 0 (prices, Foot advance, centre, Barracks)."""
        self.sovereign_count = [0, 0]
        for s, p in enumerate(self.board):
            if p is not None:
                self.score += self._psq[p][s]
                if p[1] in SOVEREIGNS:
                    self.sovereign_count[p[0]] += 1
        for seat in (0, 1):
            for code in self.barracks[seat]:
                self.score += self._bar[(seat, code)]
        self._over: _Result | None = self._check_over()
        self._moves: list[Move] | None = None
        """The legal moves of this position once listed (make/unmake keep them right)."""

    @classmethod
    def from_view(
        cls,
        view: Mapping[str, Any],
        seen: Mapping[Hashable, int] | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> Position:
        """The position a view of the play phase shows."""
        board = [None if p is None else (int(p[0]), str(p[1])) for p in view["board"]]
        return cls(
            board,
            view["barracks"],
            int(view["to_move"]),
            prices=view.get("prices") or None,
            seen=seen,
            no_progress=int(view.get("no_progress") or 0),
            weights=weights,
        )

    # --- the protocol ----------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self._over is not None else self.to_move

    @property
    def result(self) -> _Result | None:
        return self._over

    def is_terminal(self) -> bool:
        return self._over is not None

    def clone(self) -> Position:
        other = Position.__new__(Position)
        other.board = list(self.board)
        other.barracks = [list(self.barracks[0]), list(self.barracks[1])]
        other.to_move = self.to_move
        other.prices = self.prices
        other.weights = self.weights
        other.seen = dict(self.seen)
        other.no_progress = self.no_progress
        other.no_progress_limit = self.no_progress_limit
        other.track_seen = self.track_seen
        other.score = self.score
        other.sovereign_count = list(self.sovereign_count)
        other._psq, other._bar = self._psq, self._bar
        other._over = self._over
        other._moves = self._moves
        return other

    def key(self) -> Hashable:
        """The position as the repetition rule sees it (§1.6 D-PB-11b)."""
        return (tuple(self.board), tuple(self.barracks[0]), tuple(self.barracks[1]), self.to_move)

    def sovereigns(self, seat: int) -> list[int]:
        """The squares of ``seat``'s Sovereigns."""
        return [s for s, p in enumerate(self.board) if p is not None and p[0] == seat and p[1] in SOVEREIGNS]

    def _check_over(self) -> _Result | None:
        alive = self.sovereign_count
        if alive[0] and alive[1]:
            return None
        if not alive[0] and not alive[1]:
            return _Result(None, "setup")
        return _Result(0 if alive[0] else 1, "sovereign")

    def legal_actions(self) -> list[Move]:
        """The moves of the side to move (the same list object until the position changes: do not
        modify it)."""
        if self._moves is None:
            self._moves = self._generate()
        return self._moves

    def _generate(self) -> list[Move]:
        if self._over is not None:
            return []
        out: list[Move] = []
        board, seat = self.board, self.to_move
        eighth = 7 if seat == 0 else 0
        keep_king = self.sovereign_count[seat] < 2
        for s in range(64):
            p = board[s]
            if p is None or p[0] != seat:
                continue
            foot = p[1] in FOOT
            for um in unit_moves(board, s):
                if foot and not um.swap and um.dest >> 3 == eighth:
                    out.append(("move", um, None))
                    for code in PROMOTIONS:
                        out.append(("move", um, code))
                    if keep_king:
                        out.append(("move", um, "Ki"))
                else:
                    out.append(("move", um, None))
        if self.barracks[seat]:
            first = range(0, 8) if seat == 0 else range(56, 64)
            second = range(8, 16) if seat == 0 else range(48, 56)
            for code in sorted(set(self.barracks[seat])):
                for sq in first:
                    if board[sq] is None:
                        out.append(("deploy", code, sq))
                if code in FOOT:
                    for sq in second:
                        if board[sq] is None:
                            out.append(("deploy", code, sq))
        if not out:
            out.append(("pass",))
        return out

    def apply(self, move: Move) -> None:
        self.make(move)

    def make(self, move: Move) -> tuple:
        """Play ``move`` in place; the token undoes it (`unmake`)."""
        board, seat = self.board, self.to_move
        psq = self._psq
        undo = (self.score, tuple(self.sovereign_count), self.no_progress, self._over, self._moves)
        score = self.score
        count = self.sovereign_count
        inner: tuple
        progress = False
        if move[0] == "move":
            um: UnitMove = move[1]
            promote = move[2]
            mover = board[um.origin]
            assert mover is not None
            captured = []
            for sq in um.captures:
                victim = board[sq]
                assert victim is not None
                captured.append((sq, victim))
                board[sq] = None
                score -= psq[victim][sq]
                if victim[1] in SOVEREIGNS:
                    count[victim[0]] -= 1
                elif victim[1] == IMMORTAL:
                    self.barracks[victim[0]].append(IMMORTAL)
                    self.barracks[victim[0]].sort()
                    score += self._bar[victim]
            o, d = um.origin, um.dest
            if um.swap:
                partner = board[d]
                assert partner is not None
                board[o], board[d] = partner, mover
                score += psq[mover][d] - psq[mover][o] + psq[partner][o] - psq[partner][d]
            elif d != o:
                board[o] = None
                if promote is None:
                    board[d] = mover
                    score += psq[mover][d] - psq[mover][o]
                else:
                    new = (seat, promote)
                    board[d] = new
                    score += psq[new][d] - psq[mover][o]
                    count[seat] += (promote in SOVEREIGNS) - (mover[1] in SOVEREIGNS)
            progress = bool(captured) or mover[1] == "Pa" or (promote is not None and promote != mover[1])
            inner = ("move", um, mover, captured)
        elif move[0] == "deploy":
            _, code, sq = move
            self.barracks[seat].remove(code)
            unit = (seat, code)
            board[sq] = unit
            score += psq[unit][sq] - self._bar[unit]
            if code in SOVEREIGNS:
                count[seat] += 1
            progress = True
            inner = ("deploy", code, sq)
        else:
            inner = ("pass",)
        self.score = score
        self._moves = None
        self.no_progress = 0 if progress else self.no_progress + 1
        self.to_move = 1 - seat
        over = self._check_over()
        key = None
        if over is None:
            if self.track_seen:
                key = self.key()
                seen = self.seen.get(key, 0) + 1
                self.seen[key] = seen
                if seen >= 3:
                    over = REPETITION
            if over is None and self.no_progress >= self.no_progress_limit:
                over = _Result(None, "no_progress")
        self._over = over
        return (inner, undo, key)

    def unmake(self, token: tuple) -> None:
        """Take back the move ``make`` returned ``token`` for (the last one made)."""
        inner, undo, key = token
        if key is not None:
            left = self.seen[key] - 1
            if left:
                self.seen[key] = left
            else:
                del self.seen[key]
        self.score, count, self.no_progress, self._over, self._moves = undo
        self.sovereign_count = list(count)
        self.to_move = seat = 1 - self.to_move
        board = self.board
        if inner[0] == "move":
            _, um, mover, captured = inner
            if um.swap:
                board[um.dest], board[um.origin] = board[um.origin], mover
            elif um.dest != um.origin:
                board[um.dest] = None
                board[um.origin] = mover
            for sq, victim in captured:
                board[sq] = victim
                if victim[1] == IMMORTAL:
                    self.barracks[victim[0]].remove(IMMORTAL)
        elif inner[0] == "deploy":
            _, code, sq = inner
            board[sq] = None
            self.barracks[seat].append(code)
            self.barracks[seat].sort()


# --- evaluation --------------------------------------------------------------------------------------
def evaluate(position: Position, seat: int) -> float:
    """How good ``position`` is for ``seat``, on the price scale, with the position's `Weights`:
    material by price (Barracks units at a share), Foot units nearer promotion worth more, units nearer
    the centre a little more, spare Sovereigns, the Sovereigns of the side that has just moved that the
    side to move attacks, and (lightly) the side to move's mobility."""
    if position._over is not None:
        winner = position._over.winner
        return 0.0 if winner is None else (WIN / 4 if winner == seat else -WIN / 4)
    weights = position.weights
    score = position.score if seat == 0 else -position.score
    count = position.sovereign_count
    spare = max(0, count[seat] - 1) - max(0, count[1 - seat] - 1)
    score += weights.spare_sovereign * spare
    if weights.attacked_sovereign or weights.mobility:
        # The side to move's own moves (listed anyway by the search): how many it has, and which
        # Sovereigns of the side that has just moved it attacks (it may take them now).
        to_move = position.to_move
        moves = position.legal_actions()
        sign = 1.0 if to_move == seat else -1.0
        score += sign * weights.mobility * len(moves)
        if weights.attacked_sovereign:
            board = position.board
            hit = set()
            for m in moves:
                if m[0] == "move":
                    for c in m[1].captures:
                        victim = board[c]
                        if victim is not None and victim[1] in SOVEREIGNS:
                            hit.add(c)
            score += sign * weights.attacked_sovereign * len(hit)
    return score


def order_key(position: Position, move: Move) -> float:
    """Captures of valuable units by cheap ones first, then promotions, deploys, quiet moves."""
    if move[0] != "move":
        return 1.0 if move[0] == "deploy" else 0.0
    um: UnitMove = move[1]
    board = position.board
    score = 0.0
    if um.captures:
        mover = board[um.origin]
        gained = 0.0
        for sq in um.captures:
            victim = board[sq]
            if victim is not None:
                gained += 1000.0 if victim[1] in SOVEREIGNS else position.prices.get(victim[1], 1)
        score = 100.0 + 10.0 * gained - (position.prices.get(mover[1], 1) if mover else 0)
    if move[2] is not None:
        score += 50.0 + position.prices.get(move[2], 1)
    return score


def is_noisy(position: Position, move: Move) -> bool:
    """Captures and promotions: the quiescence search plays them out at the horizon."""
    return move[0] == "move" and (bool(move[1].captures) or move[2] is not None)


# --- picking -----------------------------------------------------------------------------------------
_FILE_ORDER_SOVEREIGN = (4, 3, 5, 2, 6, 1, 7, 0)
_FILE_ORDER_ARMY = (3, 2, 5, 1, 6, 0, 7, 4)


def _first_rank(seat: int) -> list[int]:
    return list(range(0, 8)) if seat == 0 else list(range(56, 64))


def _square(seat: int, file: int) -> int:
    return file if seat == 0 else 56 + file


def plan_army(
    budget: int,
    free_files: Sequence[int],
    *,
    need_sovereign: bool,
    seed: int = 0,
    prices: Mapping[str, int] | None = None,
    allowed: set[str] | None = None,
) -> list[tuple[str, int | None]]:
    """An army that spends ``budget`` exactly: (code, file on the first rank | None = Barracks), most
    important pick first.

    A Sovereign first when one is needed (a King, else an Anointed) on a central file. The rest is the
    best of a few hundred random armies (drawn from ``seed``) that spend the budget exactly, scored by how
    much the builder likes their units (`STRENGTH`; Barracks units at a share), a little more for every
    unit on the board and less for every repeated type, so armies are strong, varied and differ by seed.
    """
    prices = dict(PRICES if prices is None else prices)
    codes = sorted(c for c in prices if (allowed is None or c in allowed) and prices[c] >= 1)
    rnd = random.Random(f"pointbuy-army:{seed}:{budget}:{len(free_files)}")
    files = [f for f in _FILE_ORDER_SOVEREIGN if f in free_files]
    plan: list[tuple[str, int | None]] = []
    left = budget
    if need_sovereign:
        for code in sorted((c for c in codes if c in SOVEREIGNS), key=lambda c: -prices[c]):
            if prices[code] <= left:
                plan.append((code, files.pop(0) if files else None))
                left -= prices[code]
                break
    chosen = _best_army(left, len(files), [c for c in codes if c != "Ki"], prices, rnd)
    chosen.sort(key=lambda c: (-prices[c], c))
    army_files = [f for f in _FILE_ORDER_ARMY if f in files]
    for code in chosen:
        plan.append((code, army_files.pop(0) if army_files else None))
    return plan


def _best_army(
    points: int, slots: int, codes: list[str], prices: Mapping[str, int], rnd: random.Random
) -> list[str]:
    """The best-scoring of random armies costing ``points`` exactly (the first ``slots`` units go on the
    board, the rest to the Barracks)."""
    if points <= 0 or not codes:
        return []
    cheapest = min(prices[c] for c in codes)
    strength = {c: STRENGTH.get(c, 1.0) for c in codes}
    best: list[str] = []
    best_score = float("-inf")
    for _ in range(150):
        left = points
        army: list[str] = []
        while left >= cheapest:
            fits = [c for c in codes if prices[c] <= left]
            # Dearer units more often while board squares are free; the last points on whatever fits.
            if len(army) < slots:
                code = rnd.choices(fits, [strength[c] ** 2 for c in fits])[0]
            else:
                code = rnd.choices(fits, [strength[c] for c in fits])[0]
            army.append(code)
            left -= prices[code]
        if left:
            continue
        army.sort(key=lambda c: -prices[c])
        score = _army_score(army, slots) + rnd.uniform(0, 0.5)
        if score > best_score:
            best, best_score = army, score
    return best or _fill(points, codes, prices)


def _army_score(army: list[str], slots: int) -> float:
    on_board, barracks = army[:slots], army[slots:]
    score = sum(STRENGTH.get(c, 1.0) for c in on_board) + 0.15 * len(on_board)
    score += BARRACKS_SHARE * sum(STRENGTH.get(c, 1.0) for c in barracks) - 0.3 * len(barracks)
    counts = Counter(army)
    score -= 0.8 * sum(n - 1 for n in counts.values())
    # A spare Sovereign is insurance: losing the last one loses the game.
    score += 1.5 * min(1, counts.get("An", 0))
    return score


def _fill(points: int, codes: list[str], prices: Mapping[str, int]) -> list[str]:
    """Spend ``points`` on the dearest units that fit (the Barracks has no limit)."""
    out = []
    by_price = sorted(codes, key=lambda c: (-prices[c], c))
    while points > 0:
        c = next((c for c in by_price if prices[c] <= points), None)
        if c is None:
            break
        out.append(c)
        points -= prices[c]
    return out


# --- the engine's actions ----------------------------------------------------------------------------
def to_engine(position: Position, move: Move) -> Any:
    """The engine's action (`PBAction`) that plays the search's ``move`` in ``position``."""
    from .engine import PASS, PBAction

    if move[0] == "move":
        um: UnitMove = move[1]
        mover = position.board[um.origin]
        assert mover is not None
        return PBAction("move", mover[1], None, um, move[2])
    if move[0] == "deploy":
        return PBAction("deploy", move[1], move[2])
    return PASS


def _cap_of(view: Mapping[str, Any]) -> int:
    """The per-type unit cap when the view says (0: none)."""
    cap = view.get("unit_cap")
    if cap is None:
        cap = (view.get("options") or {}).get("unit_cap", 0)
    return int(cap or 0)


def _open_picks(view: Mapping[str, Any], seat: int) -> list[tuple[str, int | None]]:
    """The picks ``seat`` may make now, as the engine lists them: each affordable type (under the cap) to
    each empty first-rank square, then the Barracks."""
    prices = view.get("prices") or PRICES
    left = int(view["budgets"][seat])
    board = view["board"]
    cap = _cap_of(view)
    used: Counter = Counter()
    if cap:
        used.update(p[1] for p in board if p is not None)
        for codes in view["barracks"]:
            used.update(codes)
    squares: list[int | None] = [sq for sq in _first_rank(seat) if board[sq] is None]
    squares.append(None)
    out: list[tuple[str, int | None]] = []
    for code in sorted(prices):
        if prices[code] > left or (cap and code != "Pa" and used[code] >= cap):
            continue
        out.extend((code, sq) for sq in squares)
    return out


# --- players -----------------------------------------------------------------------------------------
class PointBuyPlayer:
    """Common ground of the Point-Buy Chess players: picking, draw offers, the engine's actions.

    Implements games/base.py Player: ``choose(state)`` and ``choose_from_view(view)`` return one of the
    legal actions of the state the view shows (the engine's `PBAction`). A player remembers the positions
    it was shown during a game, to see repetitions coming (``choose(state)`` reads the state's own
    repetition history instead).
    """

    name = "player"
    weights: Weights = DEFAULT_WEIGHTS

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed & _MASK
        self.stats: dict[str, Any] = {}
        """Figures about the last decision (search depth, nodes)."""
        self._seen: Counter = Counter()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"

    def rng(self, view: Mapping[str, Any]) -> random.Random:
        """A generator that depends only on the seed and the decision."""
        return random.Random(f"{self.seed}:{view.get('ply', 0)}:{view.get('seat')}")

    # --- entry points -----------------------------------------------------------------------------------
    def choose(self, state: Any) -> Any:
        """The action for ``state.current_player`` (from its view, with the state's repetition history)."""
        view = dict(state.view_for(state.current_player))
        options = getattr(state, "options", None)
        if options is not None and "unit_cap" not in view:
            view["unit_cap"] = getattr(options, "unit_cap", 0)  # the view does not say (yet)
        history = getattr(state, "history", None)
        return self._choose(view, None if history is None else Counter(history))

    def choose_from_view(self, view: Mapping[str, Any]) -> Any:
        """The action from the acting seat's view alone."""
        return self._choose(view, None)

    def _choose(self, view: Mapping[str, Any], history: Counter | None) -> Any:
        from .engine import ACCEPT_DRAW, PBAction

        phase = view["phase"]
        seat = view["to_move"]
        if seat is None or phase == "over":
            raise ValueError("the game is over: nobody is to decide")
        seat = int(seat)
        if phase == "pick":
            code, square = self.pick(view, seat)
            return PBAction("pick", code, square)
        if phase == "secret":
            return PBAction("army", army=tuple(self.army(view, seat)))
        position = Position.from_view(view, weights=self.weights)
        self._seen[position.key()] += 1
        position.seen = dict(self._seen if history is None else history)
        if view.get("draw_offer") == 1 - seat and self.accepts_draw(position, seat):
            return ACCEPT_DRAW
        moves = position.legal_actions()
        move = moves[0] if len(moves) == 1 else self.decide(position, view)
        return to_engine(position, move)

    # --- what each player decides -------------------------------------------------------------------------
    def decide(self, position: Position, view: Mapping[str, Any]) -> Move:
        raise NotImplementedError

    def accepts_draw(self, position: Position, seat: int) -> bool:
        """Accept an offered draw when clearly behind."""
        return evaluate(position, seat) < -3.0

    def pick(self, view: Mapping[str, Any], seat: int) -> tuple[str, int | None]:
        """One open pick: the next unit of the planned army."""
        picks = _open_picks(view, seat)
        if not picks:
            raise ValueError("nothing to pick")
        need, free = _pick_needs(view, seat)
        allowed = {code for code, _ in picks}
        plan = plan_army(
            int(view["budgets"][seat]),
            free,
            need_sovereign=need,
            seed=self.seed,
            prices=view.get("prices"),
            allowed=allowed,
        )
        legal = set(picks)
        for code, file in plan:
            pick = (code, None if file is None else _square(seat, file))
            if pick in legal:
                return pick
        prices = view.get("prices") or PRICES
        return max(picks, key=lambda p: (prices[p[0]], p[1] is not None))

    def army(self, view: Mapping[str, Any], seat: int) -> list[tuple[str, int | None]]:
        """A whole secret army (the budget spent exactly, a Sovereign on the first rank)."""
        prices = view.get("prices") or PRICES
        budget = int(view["budgets"][seat])
        cap = _cap_of(view)
        plan = plan_army(budget, range(8), need_sovereign=True, seed=self.seed, prices=prices)
        army = [(code, None if file is None else _square(seat, file)) for code, file in plan]
        return _within_cap(army, cap // 2 if cap else 0, seat)


def _within_cap(army: list[tuple[str, int | None]], each: int, seat: int) -> list[tuple[str, int | None]]:
    """The army with units beyond ``each`` of a type (0: no cap; Pawns never capped) turned into Pawns of
    the same points (on their square, the rest to the Barracks)."""
    if not each:
        return army
    counts: Counter = Counter()
    out: list[tuple[str, int | None]] = []
    for code, square in army:
        counts[code] += 1
        if code == "Pa" or counts[code] <= each:
            out.append((code, square))
        else:
            out.append(("Pa", square))
            out.extend(("Pa", None) for _ in range(PRICES[code] - 1))
    return out


def _pick_needs(view: Mapping[str, Any], seat: int) -> tuple[bool, list[int]]:
    """Whether ``seat`` still needs a Sovereign on its first rank, and its free first-rank files."""
    board = view["board"]
    free, has = [], False
    for f in range(8):
        p = board[_square(seat, f)]
        if p is None:
            free.append(f)
        elif int(p[0]) == seat and p[1] in SOVEREIGNS:
            has = True
    return not has, free


class RandomPlayer(PointBuyPlayer):
    """Uniform over the legal actions (seeded), except that it first puts a Sovereign on its first rank
    and never offers a draw."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rnd = random.Random(self.seed)

    def pick(self, view: Mapping[str, Any], seat: int) -> tuple[str, int | None]:
        picks = _open_picks(view, seat)
        need, _free = _pick_needs(view, seat)
        if need:
            sovereign = [p for p in picks if p[0] in SOVEREIGNS and p[1] is not None]
            if sovereign:
                return self._rnd.choice(sovereign)
        return self._rnd.choice(picks)

    def army(self, view: Mapping[str, Any], seat: int) -> list[tuple[str, int | None]]:
        prices = dict(view.get("prices") or PRICES)
        left = int(view["budgets"][seat])
        squares: list[int] = _first_rank(seat)
        self._rnd.shuffle(squares)
        army: list[tuple[str, int | None]] = []
        sovereigns = [c for c in sorted(SOVEREIGNS) if prices[c] <= left]
        if sovereigns:
            code = self._rnd.choice(sovereigns)
            army.append((code, squares.pop()))
            left -= prices[code]
        while left > 0:
            code = self._rnd.choice([c for c in sorted(prices) if prices[c] <= left])
            where = squares.pop() if squares and self._rnd.random() < 0.8 else None
            army.append((code, where))
            left -= prices[code]
        cap = _cap_of(view)
        return _within_cap(army, cap // 2 if cap else 0, seat)

    def accepts_draw(self, position: Position, seat: int) -> bool:
        return self._rnd.random() < 0.5

    def decide(self, position: Position, view: Mapping[str, Any]) -> Move:
        return self._rnd.choice(self._all_moves(position))

    @staticmethod
    def _all_moves(position: Position) -> list[Move]:
        """Every move the engine lists (all 24 choices of a promotion, not only those the search weighs)."""
        moves = position.legal_actions()
        promoting = {m[1] for m in moves if m[0] == "move" and m[2] is not None}
        out: list[Move] = []
        for move in moves:
            if move[0] == "move" and move[2] is not None:
                continue
            out.append(move)
            if move[0] == "move" and move[1] in promoting:
                mover = position.board[move[1].origin]
                own = mover[1] if mover is not None else None
                out.extend(("move", move[1], code) for code in sorted(PRICES) if code != own)
        return out


class GreedyPlayer(PointBuyPlayer):
    """One ply: the move after which the evaluation is best. A move that wins at once comes first; a move
    after which the opponent can take its last Sovereign(s) at once comes last."""

    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.weights = _GREEDY_WEIGHTS if weights is None else weights

    def decide(self, position: Position, view: Mapping[str, Any]) -> Move:
        seat = position.to_move
        rnd = self.rng(view)
        best: list[Move] = []
        best_score = float("-inf")
        for move in position.legal_actions():
            token = position.make(move)
            try:
                score = self.score_after(position, seat)
            finally:
                position.unmake(token)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif abs(score - best_score) <= 1e-9:
                best.append(move)
        self.stats = {"score": best_score, "choices": len(best)}
        return rnd.choice(best)

    def score_after(self, position: Position, seat: int) -> float:
        if position.is_terminal():
            winner = position.result.winner  # type: ignore[union-attr]
            return 0.0 if winner is None else (WIN if winner == seat else -WIN)
        score = evaluate(position, seat)
        mine = set(position.sovereigns(seat))
        if _can_take_all(position.board, 1 - seat, mine):
            score -= WIN / 2
        return score


_GREEDY_WEIGHTS = Weights(attacked_sovereign=0.0, mobility=0.0)
"""Greedy checks its Sovereigns itself (a hanging last Sovereign is a loss, not a penalty)."""


def _can_take_all(board: Sequence[tuple[int, str] | None], by: int, targets: set[int]) -> bool:
    """Whether one move of ``by`` captures every square of ``targets``."""
    if not targets:
        return False
    for s in range(64):
        p = board[s]
        if p is not None and p[0] == by:
            for um in unit_moves(board, s):
                if um.captures and targets.issubset(um.captures):
                    return True
    return False


class SearchPlayer(PointBuyPlayer):
    """The search of `warchest_bot.games.pointbuy.search` (principal-variation alpha-beta with iterative
    deepening, a Zobrist transposition table, null move, late-move reductions, killer and history
    ordering, quiescence and piece-square tables from the units' moves), to ``budget_ms`` per decision
    (wall clock) and ``max_depth`` plies (default: 64 with a budget; without one, 3, and the decision is
    a pure function of the seed and the view)."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        budget_ms: float | None = 1000.0,
        *,
        max_depth: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        super().__init__(seed)
        if max_depth is None:
            max_depth = 3 if budget_ms is None else 64
        self.budget_ms = budget_ms
        self.max_depth = max_depth
        self.weights = weights
        self.last: SearchResult | None = None
        self._started: float | None = None

    def _choose(self, view: Mapping[str, Any], history: Counter | None) -> Any:
        self._started = time.perf_counter()  # the budget covers the whole decision, not only the search
        return super()._choose(view, history)

    def decide(self, position: Position, view: Mapping[str, Any]) -> Move:
        from .search import decide

        rnd = self.rng(view)
        found = decide(
            position,
            budget_ms=self.budget_ms,
            max_depth=self.max_depth,
            seed=rnd.getrandbits(64),
            started=self._started,
        )
        self.last = SearchResult(
            found["move"], found["value"], found["depth"], found["nodes"], found["ms"] / 1000.0
        )
        self.stats = {
            "depth": found["depth"],
            "nodes": found["nodes"],
            "value": found["value"],
            "ms": found["ms"],
        }
        return found["move"]


# --- levels ------------------------------------------------------------------------------------------
PLAYER_NAMES = ("random", "greedy", "search")

LEVELS: dict[str, tuple[str, float | None]] = {
    "easy": ("greedy", None),
    "normal": ("search", 250.0),
    "hard": ("search", 1000.0),
}
"""Difficulty levels: player name and think time per decision (ms), as War Chest's ``ai.LEVELS``."""


def make_player(level: str, seed: int = 0, *, budget_ms: float | None = None) -> PointBuyPlayer:
    """A player by level (``easy``, ``normal``, ``hard``) or name (``random``, ``greedy``, ``search``);
    ``budget_ms`` overrides the search's think time (the other players ignore it)."""
    key = level.strip().lower()
    if key in LEVELS:
        key, level_budget = LEVELS[key]
        if budget_ms is None:
            budget_ms = level_budget
    if key == "random":
        return RandomPlayer(seed)
    if key == "greedy":
        return GreedyPlayer(seed)
    if key == "search":
        return SearchPlayer(seed, budget_ms=1000.0 if budget_ms is None else budget_ms)
    raise ValueError(f"unknown player {level!r}; choose one of {', '.join(PLAYER_NAMES + tuple(LEVELS))}")


__all__ = [
    "DEFAULT_WEIGHTS",
    "GreedyPlayer",
    "LEVELS",
    "PLAYER_NAMES",
    "PointBuyPlayer",
    "Position",
    "RandomPlayer",
    "SearchPlayer",
    "Weights",
    "evaluate",
    "make_player",
    "plan_army",
]
