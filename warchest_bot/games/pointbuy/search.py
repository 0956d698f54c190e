"""The Point-Buy Chess search of the normal and hard levels (issue 25): a principal-variation alpha-beta
of its own on `warchest_bot.games.pointbuy.ai.Position` (make/unmake), with

- iterative deepening to a wall-clock budget (a new iteration only starts while under `SOFT_LIMIT`, 0.45,
  of the budget; an iteration stops at the budget, keeping the best move it has proved so far);
- a transposition table keyed by a Zobrist hash kept up to date by make/unmake (board squares, both
  Barracks as multisets, the side to move), mate scores stored relative to the node;
- null-move pruning (R = 2, 3 from depth 7) and late-move reductions of quiet moves (re-searched at full
  depth when they beat alpha);
- threats (`THREATS`, on by default only where an army holds a unit outside chess's six: `FAIRY_THREATS`):
  a quiet move or deploy that attacks a Sovereign, a dearer unit or an undefended one is neither reduced
  nor futility-pruned, and the opponent must answer it (no reverse futility, null move or standing pat
  right after it), so a unit with no safe square is seen trapped;
- move ordering: table move, captures by most valuable victims / least valuable attacker (a Sovereign
  victim first of all), promotions, two killer moves per ply, the history heuristic;
- a quiescence search of captures and promotions with delta pruning;
- piece-square tables for all 24 types derived from their moves: a unit is worth its price plus a share of
  how many more (or fewer) moves it has from a square than on average, on an empty board (`unit_moves`);
  Foot units also gain as they near promotion; Sovereigns prefer the edge of the board.

The game's own rules come from `Position` and the movement module: Immortals go back to their Barracks
when taken, Oracles shoot without moving, a Charger's move may capture several units, Foot units promote
(the search weighs a Warlord, a Queen, a King while it has a single Sovereign, or staying; the engine
lists all 24), and there is no check rule: the game is lost when the last Sovereign is captured, which
the search sees as a terminal position (mate scores count the plies to it). Two forced passes in a row
on the search's path are a draw (D-PB-11e: a side with no order passes).

It decides from the position it is given (made from the acting seat's view) and nothing else.
"""

from __future__ import annotations

import functools
import operator
import random
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any

from warchest_bot.games.units import UNIT_TYPES, unit_moves

from .ai import FOOT, IMMORTAL, REPETITION, SOVEREIGNS, Move, Position, _Result
from .record import LETTERS

MATE = 10_000.0
MATE_BOUND = MATE - 1_000.0
INF = 1e9
_EXACT, _LOWER, _UPPER = 0, 1, 2
_QS_DEPTH = 8
_SCOUT = 1e-3
"""The width of the null windows of the principal-variation search (a node is on the principal
variation when its window is wider: before, any window over 1e-6 counted, so every scout node took the
PV path: no table cutoffs, no null move, every fail-high searched twice)."""
_QS_EVASION_PLIES = 4
"""Quiescence answers an attack on the last Sovereign with every move during its first plies."""
CHECKS = False
"""Whether the search treats an attack on the side to move's last Sovereign as check (extension,
evasions in quiescence, no null move or reduction there)."""
QS_EVASIONS = 0
"""Plies at the top of quiescence that answer an attack on the last Sovereign with every move (without
`CHECKS`' extension)."""
SAFE_REDUCTIONS = False
"""No late-move reduction at a node whose side to move has its last Sovereign attacked."""
LMR_EXTRA = True
"""Late moves reduced by up to 3 plies (1, plus 1 from the 10th move, plus 1 from depth 6); else by 1."""
PRUNING = True
"""Reverse futility pruning (depth 1-3) and futility pruning of quiet moves (depth 1-2) at scout nodes."""
THREATS = False
"""Quiet moves and deploys that threaten (`threatens`: attack a Sovereign, a dearer unit or an
undefended one) are spared late-move reductions and futility pruning, and the position after one is
not cut short by reverse futility or a null move: the opponent has to answer the threat (a unit with
no safe square is lost to a quiet move the pruned search would not look at)."""
TRAPPED = 2
"""With `THREATS`, a unit (a Sovereign too) is threatened only if it has at most this many moves of its
own (0: whatever it has): an attacked unit that can go elsewhere is no trap."""
FAIRY_THREATS = True
"""Where `THREATS` is off, a search whose position holds a unit of a type outside chess's six (on the board
or in a Barracks, `ORTHODOX`) still uses the threat rule, with every attacked unit counting (`TRAPPED` 0).
Measured (docs/benchmarks.md, issue 25): with fairy armies the rule found the quiet traps that lost games
to the old hard level; with chess armies it cost depth on open lines and lost Fairy-Stockfish games."""
ORTHODOX = frozenset(LETTERS)
"""The unit types of chess (the armies Fairy-Stockfish can play): those the records write as chess letters."""
THREAT_REPLY = True
"""At the horizon after a threatening move (`THREATS`), every answer is tried before the quiescence
(no standing pat on a unit that may be lost)."""
NULL_MOVE = True
REDUCTIONS = True
"""Null-move pruning and late-move reductions (switches for measuring the search without them)."""
SOFT_LIMIT = 0.45
"""A new iteration of the deepening starts only while the decision has used less than this share of its
budget (1.0: always, so the last iteration runs until the budget is spent, keeping the best move proved)."""
_RFP_MARGIN = 1.2
_FUTILITY_MARGIN = (0.0, 1.5, 3.0)
_SEARCH_PROMOTIONS = ("Wa", "Qu")
"""The promotions quiescence plays (the search also weighs a King and staying)."""

PRICES: dict[str, int] = {u.code: u.price for u in UNIT_TYPES}

_ADVANCE = (0.0, 0.0, 0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 0.0)
_CENTRE = tuple(6 - (abs(2 * (s % 8) - 7) + abs(2 * (s // 8) - 7)) // 2 for s in range(64))
MOBILITY_WEIGHT = 0.06
"""Worth of one move more than the unit's average from a square (on an empty board), on the price scale."""
SOVEREIGN_CENTRE = 0.06
"""What a Sovereign loses per step nearer the centre (it is safer at the edge)."""
SPARE_SOVEREIGN = 2.0
BARRACKS_SHARE = 0.85
TEMPO = 0.15
MOPUP_MARGIN = 2.5
"""From this lead (price scale) on, the stronger side also drives the weaker side's Sovereigns."""
MOPUP_EDGE = 0.25
"""Per step a weaker side's Sovereign stands from the centre (worth to the stronger side)."""
MOPUP_NEAR = 0.08
"""Per step the stronger side's nearest Sovereign stands nearer a weaker side's Sovereign."""
MOPUP_OFFICERS = 4
"""The mop-up applies while the weaker side's units other than Sovereigns and Foot cost at most this."""


# --- tables -------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4)
def _mobility() -> dict[tuple[int, str], tuple[int, ...]]:
    """Per (owner, code): the number of moves from each square with the unit alone on the board."""
    out: dict[tuple[int, str], tuple[int, ...]] = {}
    for owner in (0, 1):
        for u in UNIT_TYPES:
            counts = []
            for s in range(64):
                board: list[tuple[int, str] | None] = [None] * 64
                board[s] = (owner, u.code)
                counts.append(len(unit_moves(board, s)))
            out[(owner, u.code)] = tuple(counts)
    return out


@functools.lru_cache(maxsize=16)
def tables(
    prices: tuple[tuple[str, int], ...],
) -> tuple[dict[tuple[int, str], tuple[float, ...]], dict[tuple[int, str], float]]:
    """The piece-square tables (signed for seat 0) and the Barracks values, for `Position`."""
    mobility = _mobility()
    on_board: dict[tuple[int, str], tuple[float, ...]] = {}
    in_barracks: dict[tuple[int, str], float] = {}
    for owner, sign in ((0, 1.0), (1, -1.0)):
        for code, price in prices:
            moves = mobility.get((owner, code), (0,) * 64)
            mean = sum(moves) / 64.0
            values = []
            for s in range(64):
                v = float(price)
                if code in SOVEREIGNS:
                    v -= SOVEREIGN_CENTRE * _CENTRE[s]
                elif code in FOOT:
                    rank = s // 8 + 1 if owner == 0 else 8 - s // 8
                    v += _ADVANCE[rank] + 0.5 * MOBILITY_WEIGHT * (moves[s] - mean)
                else:
                    v += MOBILITY_WEIGHT * (moves[s] - mean)
                values.append(sign * v)
            on_board[(owner, code)] = tuple(values)
            in_barracks[(owner, code)] = sign * BARRACKS_SHARE * price
    return on_board, in_barracks


_ZRND = random.Random(20261203)
ZOBRIST: dict[tuple[int, str], tuple[int, ...]] = {
    (owner, u.code): tuple(_ZRND.getrandbits(64) for _ in range(64)) for owner in (0, 1) for u in UNIT_TYPES
}
ZOBRIST_BARRACKS: dict[tuple[int, str], tuple[int, ...]] = {
    (owner, u.code): tuple(_ZRND.getrandbits(64) for _ in range(65)) for owner in (0, 1) for u in UNIT_TYPES
}
ZOBRIST_SIDE = _ZRND.getrandbits(64)


def _zpiece(piece: tuple[int, str], square: int) -> int:
    z = ZOBRIST.get(piece)
    if z is None:  # a type the tables do not know (a view's own prices): hash it anyway
        return hash((piece, square)) & ((1 << 64) - 1)
    return z[square]


def barracks_hash(barracks: list[list[str]]) -> int:
    h = 0
    for seat in (0, 1):
        for code, n in Counter(barracks[seat]).items():
            z = ZOBRIST_BARRACKS.get((seat, code))
            h ^= z[min(n, 64)] if z is not None else hash((seat, code, n))
    return h & ((1 << 64) - 1)


def zobrist(position: Position) -> int:
    """The Zobrist hash of ``position`` (squares, Barracks, side to move)."""
    h = 0
    for s, p in enumerate(position.board):
        if p is not None:
            h ^= _zpiece(p, s)
    h ^= barracks_hash(position.barracks)
    if position.to_move == 1:
        h ^= ZOBRIST_SIDE
    return h


def key_hash(key: Any) -> int:
    """The Zobrist hash of a repetition key (`Position.key`, the engine's ``position_key``: squares,
    both Barracks, side to move), equal to `zobrist` of that position."""
    board, bar0, bar1, to_move = key
    h = 0
    for s, p in enumerate(board):
        if p is not None:
            h ^= _zpiece((int(p[0]), str(p[1])), s)
    h ^= barracks_hash([list(bar0), list(bar1)])
    if to_move == 1:
        h ^= ZOBRIST_SIDE
    return h


def prepare(position: Position) -> Position:
    """``position`` with this search's piece-square tables (its static score recomputed)."""
    psq, bar = tables(tuple(sorted(position.prices.items())))
    position._psq, position._bar = psq, bar
    score = 0.0
    for s, p in enumerate(position.board):
        if p is not None:
            score += psq[p][s]
    for seat in (0, 1):
        for code in position.barracks[seat]:
            score += bar[(seat, code)]
    position.score = score
    position._moves = None
    return position


# --- evaluation ---------------------------------------------------------------------------------------
def evaluate(position: Position) -> float:
    """The static value for the side to move (price scale): the piece-square sums (material, mobility
    from each square, Foot advance, Sovereign at the edge, Barracks at a share), spare Sovereigns, tempo."""
    seat = position.to_move
    score = position.score if seat == 0 else -position.score
    count = position.sovereign_count
    score += SPARE_SOVEREIGN * (max(0, count[seat] - 1) - max(0, count[1 - seat] - 1))
    total = position.score
    if total > MOPUP_MARGIN or total < -MOPUP_MARGIN:
        bonus = _mopup(position, 0 if total > 0 else 1)
        score += bonus if (total > 0) == (seat == 0) else -bonus
    return score + TEMPO


def _mopup(position: Position, strong: int) -> float:
    """The stronger side's bonus for herding the weaker side's Sovereigns to the edge and bringing its
    own nearer (the game is won by taking the last one, which needs them cornered), while the weaker side
    has little left but Sovereigns and Foot units (no check rule changes nothing here: a cornered
    Sovereign falls)."""
    weak = 1 - strong
    officers = 0
    prices = position.prices
    mine: list[int] = []
    theirs: list[int] = []
    for s, p in enumerate(position.board):
        if p is None:
            continue
        code = p[1]
        if code in SOVEREIGNS:
            (mine if p[0] == strong else theirs).append(s)
        elif p[0] == weak and code not in FOOT:
            officers += prices.get(code, 1)
            if officers > MOPUP_OFFICERS:
                return 0.0
    for code in position.barracks[weak]:
        if code not in SOVEREIGNS and code not in FOOT:
            officers += prices.get(code, 1)
    if officers > MOPUP_OFFICERS or not theirs:
        return 0.0
    bonus = 0.0
    for t in theirs:
        bonus += MOPUP_EDGE * (6 - _CENTRE[t])
        if mine:
            tf, tr = t & 7, t >> 3
            near = min(max(abs((m & 7) - tf), abs((m >> 3) - tr)) for m in mine)
            bonus += MOPUP_NEAR * (7 - near)
    return bonus


# --- attacks on a last Sovereign ---------------------------------------------------------------------
_REACH: dict[tuple[int, str], tuple[frozenset[int], ...]] = {}
_SHORT_CAPTURES = frozenset(("Pa", "St", "Sp", "Or"))
"""Types that capture differently from how they march, within two squares of their target."""
_LINE_CAPTURES = frozenset(("Sn",))
"""Types that capture along the eight lines farther than they march (the Sniper)."""


def _reach(piece: tuple[int, str]) -> tuple[frozenset[int], ...]:
    """Per target square, the squares from which ``piece`` might capture a unit there: a superset (the
    caller checks with the unit's moves), made from its marches on an empty board (no unit needs
    another unit to capture, and the others capture where they march), widened for the types that
    capture elsewhere (tests check it against every board of one attacker and one target)."""
    found = _REACH.get(piece)
    if found is not None:
        return found
    origins: list[set[int]] = [set() for _ in range(64)]
    board: list[tuple[int, str] | None] = [None] * 64
    for s in range(64):
        board[s] = piece
        for um in unit_moves(board, s):
            origins[um.dest].add(s)
        board[s] = None
    short, line = piece[1] in _SHORT_CAPTURES, piece[1] in _LINE_CAPTURES
    if short or line:
        for t in range(64):
            tf, tr = t & 7, t >> 3
            for s in range(64):
                df, dr = abs((s & 7) - tf), abs((s >> 3) - tr)
                if (short and max(df, dr) <= 2) or (line and (df == 0 or dr == 0 or df == dr)):
                    origins[t].add(s)
            origins[t].discard(t)
    found = tuple(frozenset(o) for o in origins)
    _REACH[piece] = found
    return found


def last_sovereign_attacked(position: Position) -> bool:
    """Whether the side to move has a single Sovereign on the board and the other side could take it
    with its next move (the game's "check": there is no check rule, but leaving it there loses)."""
    seat = position.to_move
    if position.sovereign_count[seat] != 1:
        return False
    board = position.board
    target = -1
    for s, p in enumerate(board):
        if p is not None and p[0] == seat and p[1] in SOVEREIGNS:
            target = s
            break
    if target < 0:
        return False
    enemy = 1 - seat
    for s, p in enumerate(board):
        if p is not None and p[0] == enemy and s in _reach(p)[target]:
            for um in unit_moves(board, s):
                if target in um.captures:
                    return True
    return False


def defended(board: list[tuple[int, str] | None], square: int, owner: int) -> bool:
    """Whether a unit of ``owner`` could capture on ``square`` (where ``owner``'s own unit stands) if an
    enemy stood there: the square is defended."""
    held = board[square]
    board[square] = (1 - owner, "Pa")
    try:
        for s, p in enumerate(board):
            if p is not None and p[0] == owner and s != square and s in _reach(p)[square]:
                for um in unit_moves(board, s):
                    if square in um.captures:
                        return True
        return False
    finally:
        board[square] = held


def has_fairy_units(position: Position) -> bool:
    """Whether a unit of a type outside `ORTHODOX` stands on the board or waits in a Barracks."""
    if any(p is not None and p[1] not in ORTHODOX for p in position.board):
        return True
    return any(code not in ORTHODOX for seat in (0, 1) for code in position.barracks[seat])


def threatens(position: Position, move: Move, trapped: int | None = None) -> bool:
    """Whether the unit a quiet march or a deploy puts on its square then attacks a Sovereign, a unit
    worth more than itself, or an undefended unit (a threat the opponent must answer: such moves set
    traps for units with no safe square, which reductions and futility pruning would hide). ``trapped``
    stands for `TRAPPED` (the module's value by default)."""
    if trapped is None:
        trapped = TRAPPED
    kind = move[0]
    board = position.board
    seat = position.to_move
    if kind == "move":
        um = move[1]
        if um.captures or um.swap or move[2] is not None:
            return False
        origin, dest = um.origin, um.dest
        piece = board[origin]
        if piece is None or origin == dest:
            return False
        board[origin] = None
    elif kind == "deploy":
        origin, dest = -1, move[2]
        piece = (seat, move[1])
    else:
        return False
    board[dest] = piece
    try:
        prices = position.prices
        mine = _worth(piece[1], prices)
        for um in unit_moves(board, dest):
            for c in um.captures:
                victim = board[c]
                if victim is None or victim[0] == seat:
                    continue
                if trapped and len(unit_moves(board, c)) > trapped:
                    continue  # it has squares to go to
                worth = _worth(victim[1], prices)
                if worth > mine + 0.5 or (worth >= 2.0 and not defended(board, c, victim[0])):
                    return True  # (a Sovereign is worth more than any unit)
        return False
    finally:
        board[dest] = None
        if origin >= 0:
            board[origin] = piece


PASSES = _Result(None, "passes")


class _OutOfTime(Exception):
    pass


def _worth(code: str, prices: Mapping[str, int]) -> float:
    """What capturing a unit of ``code`` gains, for ordering and delta pruning: a Sovereign above all
    else, an Immortal only the part of its price it loses by going back to the Barracks, others their
    price."""
    if code in SOVEREIGNS:
        return 1000.0
    if code == IMMORTAL:
        return (1.0 - BARRACKS_SHARE) * prices.get(code, 1)
    return float(prices.get(code, 1))


def _victim_value(position: Position, move: Move) -> float:
    board = position.board
    gained = 0.0
    for sq in move[1].captures:
        victim = board[sq]
        if victim is not None:
            gained += _worth(victim[1], position.prices)
    return gained


class Search:
    """One decision's search (its tables live as long as the object: a player makes one per decision)."""

    def __init__(self, *, deadline: float | None = None, max_depth: int = 64, seed: int = 0) -> None:
        self.deadline = deadline
        self.max_depth = max_depth
        self.rng = random.Random(seed)
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, float, Move | None]] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(128)]
        self.history: dict[Any, int] = {}
        self.depth = 0
        self.rep: dict[int, int] = {}
        self.passes = 0
        """Consecutive forced passes on the search's path (two draw, D-PB-11e)."""
        """How often each position (by hash) occurred: the game's, then the search's path."""
        self.iteration = 0
        """The depth of the iteration under way (check extensions stop at twice it in plies)."""
        self.threats = THREATS
        self.trapped = TRAPPED
        """The threat rule for this search (`run` turns it on for fairy armies: `FAIRY_THREATS`)."""

    # --- make / unmake with the hash ------------------------------------------------------------------
    def make(self, position: Position, move: Move, h: int) -> tuple[Any, int]:
        board = position.board
        kind = move[0]
        immortal = False
        if kind == "move":
            um = move[1]
            squares = {um.origin, um.dest, *um.captures}
            for sq in um.captures:
                victim = board[sq]
                if victim is not None and victim[1] == "Im":
                    immortal = True
        elif kind == "deploy":
            squares = {move[2]}
        else:
            squares = set()
        for s in squares:
            p = board[s]
            if p is not None:
                h ^= _zpiece(p, s)
        bar_before = barracks_hash(position.barracks) if (immortal or kind == "deploy") else 0
        token = position.make(move)
        for s in squares:
            p = board[s]
            if p is not None:
                h ^= _zpiece(p, s)
        if immortal or kind == "deploy":
            h ^= bar_before ^ barracks_hash(position.barracks)
        h ^= ZOBRIST_SIDE
        passes = self.passes
        self.passes = passes + 1 if kind == "pass" else 0
        if self.passes >= 2 and position._over is None:
            # Two forced passes in a row: a draw by the default option (and where the option is off,
            # nothing can change any more: repetition or the no-progress count draws it later).
            position._over = PASSES
        counted = None
        if not position.track_seen and position._over is None:
            # Repetition by hash (the position does not build its 64-square key for every move here).
            rep = self.rep
            seen = rep.get(h, 0) + 1
            rep[h] = seen
            counted = h
            if seen >= 3:
                position._over = REPETITION
        return (token, counted, passes), h

    def unmake(self, position: Position, token: tuple[Any, int | None, int]) -> None:
        """Take back the move `make` returned ``token`` for (the last one made)."""
        inner, counted, self.passes = token
        if counted is not None:
            left = self.rep[counted] - 1
            if left:
                self.rep[counted] = left
            else:
                del self.rep[counted]
        position.unmake(inner)

    # --- ordering ---------------------------------------------------------------------------------------
    def _order(self, position: Position, moves: list[Move], tt_move: Move | None, ply: int) -> list[Move]:
        """The table move, captures and promotions (most valuable victims by least valuable attackers, a
        Sovereign victim first), the killers, the quiet moves by history. Moves are compared by their
        shared `UnitMove` objects (a Charger's multi-capture, made afresh, by value)."""
        board = position.board
        prices = position.prices
        killers = self.killers[ply] if ply < len(self.killers) else _NO_KILLERS
        k0, k1 = killers
        history = self.history
        first: list[Move] = []
        noisy: list[tuple[float, Move]] = []
        quiet: list[tuple[int, Move]] = []
        found_k0 = found_k1 = None
        for m in moves:
            if m[0] == "move":
                um = m[1]
                promote = m[2]
                captures = um.captures
                if tt_move is not None and _same(m, tt_move):
                    first.append(m)
                elif captures or promote is not None:
                    k = 0.0
                    if captures:
                        gained = 0.0
                        for sq in captures:
                            victim = board[sq]
                            if victim is not None:
                                gained += _worth(victim[1], prices)
                        mover = board[um.origin]
                        k = 10.0 * gained - (prices.get(mover[1], 1) if mover else 0)
                    if promote is not None:
                        k += 500.0 + prices.get(promote, 1)
                    noisy.append((k, m))
                elif k0 is not None and _same(m, k0):
                    found_k0 = m
                elif k1 is not None and _same(m, k1):
                    found_k1 = m
                else:
                    quiet.append((history.get((um.origin << 6) | um.dest, 0), m))
            elif m == tt_move:
                first.append(m)
            elif m == k0:
                found_k0 = m
            elif m == k1:
                found_k1 = m
            else:
                quiet.append((history.get(m, 0), m))
        noisy.sort(key=_KEY, reverse=True)
        quiet.sort(key=_KEY, reverse=True)
        out = first
        out.extend(m for _, m in noisy)
        if found_k0 is not None:
            out.append(found_k0)
        if found_k1 is not None:
            out.append(found_k1)
        out.extend(m for _, m in quiet)
        return out

    # --- the tree ---------------------------------------------------------------------------------------
    def _terminal(self, position: Position, ply: int) -> float:
        over = position.result
        assert over is not None
        if over.winner is None:
            return 0.0
        return MATE - ply if over.winner == position.to_move else -(MATE - ply)

    def _tick(self) -> None:
        # The clock is read at every node: a node costs about 100 µs here against well under 1 µs for
        # the read, and on a loaded machine 64 nodes between reads took up to 200 ms (the budget overran).
        self.nodes += 1
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def quiesce(self, position: Position, h: int, alpha: float, beta: float, ply: int, depth: int) -> float:
        self._tick()
        if position._over is not None:
            return self._terminal(position, ply)
        if (
            (CHECKS and depth > _QS_DEPTH - _QS_EVASION_PLIES)
            or (QS_EVASIONS and depth > _QS_DEPTH - QS_EVASIONS)
        ) and last_sovereign_attacked(position):
            return self._evasions(position, h, alpha, beta, ply, depth)
        stand = evaluate(position)
        if stand >= beta or depth <= 0:
            return stand
        if stand > alpha:
            alpha = stand
        board = position.board
        noisy = []
        for m in _noisy_moves(position):
            if m[0] != "move":
                continue
            um = m[1]
            promote = m[2]
            if promote is not None and promote not in _SEARCH_PROMOTIONS:
                continue
            if not um.captures and promote is None:
                continue
            gain = _victim_value(position, m) if um.captures else 0.0
            if promote is not None:
                gain += position.prices.get(promote, 1)
            if gain < 900.0 and stand + gain + 1.0 < alpha:
                continue  # delta pruning: even the gain cannot lift it to alpha
            mover = board[um.origin]
            noisy.append((10.0 * gain - (position.prices.get(mover[1], 1) if mover else 0), m))
        noisy.sort(key=lambda e: e[0], reverse=True)
        best = stand
        for _, m in noisy:
            token, h2 = self.make(position, m, h)
            try:
                v = -self.quiesce(position, h2, -beta, -alpha, ply + 1, depth - 1)
            finally:
                self.unmake(position, token)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def _evasions(self, position: Position, h: int, alpha: float, beta: float, ply: int, depth: int) -> float:
        """Quiescence when the side to move's last Sovereign is attacked: no standing pat (it would be
        taken), every move is tried (captures first)."""
        best = -INF
        for m in self._order(position, position.legal_actions(), None, ply):
            token, h2 = self.make(position, m, h)
            try:
                v = -self.quiesce(position, h2, -beta, -alpha, ply + 1, depth - 1)
            finally:
                self.unmake(position, token)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def negamax(
        self,
        position: Position,
        h: int,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
        null_ok: bool,
        threatened: bool = False,
    ) -> float:
        if position._over is not None:
            self.nodes += 1
            return self._terminal(position, ply)
        in_check = CHECKS and last_sovereign_attacked(position)
        attacked = in_check or (SAFE_REDUCTIONS and depth >= 3 and last_sovereign_attacked(position))
        if in_check and ply <= 2 * self.iteration:
            depth += 1  # the last Sovereign attacked: look one move further (the game's check extension)
        if depth <= 0:
            if threatened and THREAT_REPLY:
                # The last move threatens a unit: no standing pat (that unit may be lost), one ply of
                # every answer before the quiescence.
                self._tick()
                return self._evasions(position, h, alpha, beta, ply, _QS_DEPTH)
            return self.quiesce(position, h, alpha, beta, ply, _QS_DEPTH)
        self._tick()
        pv_node = beta - alpha > 2 * _SCOUT
        alpha_orig = alpha
        entry = self.tt.get(h)
        tt_move = None
        if entry is not None:
            e_depth, flag, value, tt_move = entry
            if e_depth >= depth and not pv_node:
                value = _from_tt(value, ply)
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        seat = position.to_move
        static = None
        futile = False
        if (
            PRUNING
            and not pv_node
            and not in_check
            and not threatened
            and depth <= 3
            and -MATE_BOUND < beta < MATE_BOUND
            and (CHECKS or not last_sovereign_attacked(position))
        ):
            # (Never with the last Sovereign attacked: the static value does not know it may fall.)
            static = evaluate(position)
            if static - _RFP_MARGIN * depth >= beta:
                return static  # reverse futility: far above beta, a few plies will not bring it down
            futile = depth <= 2 and static + _FUTILITY_MARGIN[depth] <= alpha
        if (
            NULL_MOVE
            and null_ok
            and not in_check
            and not threatened
            and not pv_node
            and depth >= 3
            and beta < MATE_BOUND
            and _has_pieces(position, seat)
            and (evaluate(position) if static is None else static) >= beta
        ):
            r = 3 if depth >= 7 else 2
            saved = position._moves
            position.to_move = 1 - seat
            position._moves = None
            try:
                v = -self.negamax(position, h ^ ZOBRIST_SIDE, depth - 1 - r, -beta, -beta + 1, ply + 1, False)
            finally:
                position.to_move = seat
                position._moves = saved
            if v >= beta:
                return beta if v >= MATE_BOUND else v
        moves = self._order(position, position.legal_actions(), tt_move, ply)
        best = -INF
        best_move: Move | None = None
        threats, trapped = self.threats, self.trapped
        killers = self.killers[ply] if ply < len(self.killers) else None
        for i, m in enumerate(moves):
            quiet = not (m[0] == "move" and (m[1].captures or m[2] is not None))
            spared = threats and quiet and threatens(position, m, trapped)
            if futile and quiet and i and not spared:
                continue  # futility: a quiet move cannot lift a position this far below alpha
            token, h2 = self.make(position, m, h)
            try:
                if i == 0:
                    v = -self.negamax(position, h2, depth - 1, -beta, -alpha, ply + 1, True, spared)
                else:
                    r = 0
                    if (
                        REDUCTIONS
                        and depth >= 3
                        and quiet
                        and i >= 3
                        and not attacked
                        and not spared
                        and killers is not None
                        and not _same(m, killers[0])
                        and not _same(m, killers[1])
                    ):
                        r = 1 + (i >= 10) + (depth >= 6) if LMR_EXTRA else 1
                        r = min(r, depth - 2)
                    v = -self.negamax(
                        position, h2, depth - 1 - r, -alpha - _SCOUT, -alpha, ply + 1, True, spared
                    )
                    if v > alpha and (r or pv_node):
                        v = -self.negamax(position, h2, depth - 1, -beta, -alpha, ply + 1, True, spared)
            finally:
                self.unmake(position, token)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        if quiet:
                            if killers is not None and not _same(m, killers[0]):
                                killers[1] = killers[0]
                                killers[0] = m
                            k = _hkey(m)
                            self.history[k] = self.history.get(k, 0) + depth * depth
                        break
        flag = _UPPER if best <= alpha_orig else (_LOWER if best >= beta else _EXACT)
        self.tt[h] = (depth, flag, _to_tt(best, ply), best_move)
        return best

    # --- the root ---------------------------------------------------------------------------------------
    def run(self, position: Position, budget_start: float | None = None, soft: float | None = None) -> dict:
        """Iterative deepening at the root; the best move, its value, the depth completed."""
        h = zobrist(position)
        position.track_seen = False
        self.rep = {}
        for key, n in position.seen.items():
            k = key_hash(key)
            self.rep[k] = self.rep.get(k, 0) + n
        root = list(position.legal_actions())
        self.rng.shuffle(root)  # seeded: equal moves are tried, and chosen, in a seeded order
        root = self._order(position, root, None, 0)
        self.threats, self.trapped = THREATS, TRAPPED
        if not THREATS and FAIRY_THREATS and has_fairy_units(position):
            self.threats, self.trapped = True, 0
        threats = {
            id(m) for m in root if self.threats and _is_quiet(m) and threatens(position, m, self.trapped)
        }
        best_move = root[0]
        best_value = -INF
        completed = 0
        for depth in range(1, self.max_depth + 1):
            if soft is not None and completed and time.perf_counter() > soft:
                break
            self.iteration = depth
            alpha, beta = -INF, INF
            iter_best: Move | None = None
            iter_value = -INF
            try:
                for i, m in enumerate(root):
                    threat = id(m) in threats
                    token, h2 = self.make(position, m, h)
                    try:
                        if i == 0:
                            v = -self.negamax(position, h2, depth - 1, -beta, -alpha, 1, True, threat)
                        else:
                            v = -self.negamax(
                                position, h2, depth - 1, -alpha - _SCOUT, -alpha, 1, True, threat
                            )
                            if v > alpha:
                                v = -self.negamax(position, h2, depth - 1, -beta, -alpha, 1, True, threat)
                    finally:
                        self.unmake(position, token)
                    if v > iter_value:
                        iter_value, iter_best = v, m
                        if v > alpha:
                            alpha = v
            except _OutOfTime:
                if iter_best is not None and (iter_best is not root[0] or completed == 0):
                    # Searched first, the previous best is beaten only by a move proved better.
                    best_move, best_value = iter_best, iter_value
                break
            assert iter_best is not None
            best_move, best_value = iter_best, iter_value
            completed = depth
            root.remove(iter_best)
            root.insert(0, iter_best)
            if abs(best_value) >= MATE_BOUND:
                break  # a forced win or loss: deeper cannot change it
        self.depth = completed
        return {"move": best_move, "value": best_value, "depth": completed, "nodes": self.nodes}


def _noisy_moves(position: Position) -> list[Move]:
    """The moves quiescence may play: the position's list when it has one, else only the captures and
    the promotions the search weighs, in the same order as in `Position.legal_actions` (no deploys, no
    quiet marches: listing every move was a third of the search's time)."""
    if position._moves is not None:
        return position._moves
    out: list[Move] = []
    board, seat = position.board, position.to_move
    eighth = 7 if seat == 0 else 0
    for s, p in enumerate(board):
        if p is None or p[0] != seat:
            continue
        foot = p[1] in FOOT
        for um in unit_moves(board, s):
            if foot and not um.swap and um.dest >> 3 == eighth:
                if um.captures:
                    out.append(("move", um, None))
                for code in _SEARCH_PROMOTIONS:
                    out.append(("move", um, code))
            elif um.captures:
                out.append(("move", um, None))
    return out


def _is_quiet(m: Move) -> bool:
    """Neither a capture nor a promotion."""
    return not (m[0] == "move" and (m[1].captures or m[2] is not None))


def _hkey(m: Move) -> Any:
    """The history table's key of a quiet move: origin and destination of a march, a deploy itself."""
    if m[0] == "move":
        return (m[1].origin << 6) | m[1].dest
    return m


def _same(a: Move, b: Move | None) -> bool:
    """Whether two moves are the same (plain `UnitMove` objects are shared, so identity decides; a
    Charger's multi-capture is made afresh and compared by value)."""
    if a is b:
        return True
    if b is None or a[0] != b[0]:
        return False
    if a[0] != "move":
        return a == b
    ua, ub = a[1], b[1]
    if ua is not ub and (len(ua.captures) < 2 or ua != ub):
        return False
    return bool(a[2] == b[2])


_NO_KILLERS: list[Move | None] = [None, None]
_KEY = operator.itemgetter(0)


def _has_pieces(position: Position, seat: int) -> bool:
    """Whether ``seat`` has a unit on the board besides Sovereigns and Foot units (null move is unsafe
    in the zugzwang-prone endings without one)."""
    for p in position.board:
        if p is not None and p[0] == seat and p[1] not in SOVEREIGNS and p[1] not in FOOT:
            return True
    return False


def _to_tt(value: float, ply: int) -> float:
    if value >= MATE_BOUND:
        return value + ply
    if value <= -MATE_BOUND:
        return value - ply
    return value


def _from_tt(value: float, ply: int) -> float:
    if value >= MATE_BOUND:
        return value - ply
    if value <= -MATE_BOUND:
        return value + ply
    return value


def decide(
    position: Position,
    *,
    budget_ms: float | None,
    max_depth: int,
    seed: int,
    prices: Mapping[str, int] | None = None,
    started: float | None = None,
) -> dict:
    """The move the search chooses in ``position`` (a copy is searched), with its figures. The budget
    runs from ``started`` (a `time.perf_counter` reading: when the decision began, so the work before the
    search counts too), else from now."""
    start = time.perf_counter() if started is None else started
    work = prepare(position.clone())
    deadline = soft = None
    if budget_ms is not None:
        deadline = start + budget_ms / 1000.0
        soft = start + SOFT_LIMIT * budget_ms / 1000.0
    search = Search(deadline=deadline, max_depth=max_depth, seed=seed)
    found = search.run(work, soft=soft)
    found["ms"] = 1000.0 * (time.perf_counter() - start)
    return found


__all__ = ["MATE", "Search", "decide", "evaluate", "tables", "zobrist"]
