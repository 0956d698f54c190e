"""The marches and attacks of the 24 unit types on an 8×8 board (rules: ``for-the-crown.md`` §0.2, §2).

`unit_moves(board, origin)` lists every march and attack of the unit on ``origin``. A board is any
64-entry sequence of ``None`` or ``(owner, code)``; player 0 moves "forward" up the board (towards rank
8), player 1 down it (§0.2: a relative vector ``(dx, dy)`` is ``(dx, -dy)`` on the board for player 1).

Unit abilities are data plus small named hooks, one place per unit: every square's leaps, rays and
multi-leg paths are built into tables at import (python-chess style), and each unit's hook (`_HOOKS`)
walks its tables against the board. Moves are shared, immutable `UnitMove` objects where the move is
a plain one (march, single capture, Oracle shot, Spy swap), so a call allocates little more than its
result list. The order of the result is deterministic (the tables' order) and has no duplicates.

No promotion, turn or immunity here: games add those on top.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

Piece = tuple[int, str]
"""``(owner 0|1, unit code)``."""
TableT = TypeVar("TableT")
Board = Sequence[Piece | None]
"""64 squares, ``square = rank * 8 + file`` (a1 = 0)."""


@dataclass(frozen=True, slots=True)
class UnitMove:
    """One march or attack.

    ``dest`` is where the mover ends (an Oracle shot: ``dest == origin``; a Spy swap: the partner's
    square). ``captures`` are the squares whose enemy units are captured, nearest first (a Charger may
    capture several); a move with captures is an attack. ``swap``: a Spy march, exchanging places with
    the friendly unit on ``dest``."""

    origin: int
    dest: int
    captures: tuple[int, ...] = ()
    swap: bool = False

    @property
    def is_attack(self) -> bool:
        return bool(self.captures)


# ---------------------------------------------------------------------------------------------------
# Geometry tables (built once at import)

_SQUARES = range(64)
ORTH = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""Forward, right, backward, left (relative vectors, §0.2)."""
DIAG = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL8 = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
KN = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def _at(square: int, dx: int, dy: int, owner: int = 0) -> int | None:
    """The square at relative vector ``(dx, dy)`` from ``square`` for ``owner``, or None off the board."""
    if owner:
        dy = -dy
    x, y = square % 8 + dx, square // 8 + dy
    return y * 8 + x if 0 <= x < 8 and 0 <= y < 8 else None


def _leap_table(vectors: Sequence[tuple[int, int]], owner: int = 0) -> tuple[tuple[int, ...], ...]:
    """Per square: the on-board squares at each vector, in the vectors' order."""
    return tuple(tuple(t for v in vectors if (t := _at(o, v[0], v[1], owner)) is not None) for o in _SQUARES)


def _ray(o: int, d: tuple[int, int], limit: int = 8, owner: int = 0) -> tuple[int, ...]:
    out: list[int] = []
    t: int | None = o
    while len(out) < limit and t is not None and (t := _at(t, d[0], d[1], owner)) is not None:
        out.append(t)
    return tuple(out)


def _ray_table(
    dirs: Sequence[tuple[int, int]], limit: int = 8, owner: int = 0
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per square: the non-empty rays along each direction (at most ``limit`` squares), nearest first."""
    return tuple(tuple(r for d in dirs if (r := _ray(o, d, limit, owner))) for o in _SQUARES)


def _both(build: Callable[[int], TableT]) -> tuple[TableT, TableT]:
    """A table per owner (for the units that have a forward: Pawn, Striker)."""
    return (build(0), build(1))


# Shared move objects: the plain moves of every (origin, dest) pair.
_MARCH = tuple(tuple(UnitMove(o, t) for t in _SQUARES) for o in _SQUARES)
_ATTACK = tuple(tuple(UnitMove(o, t, (t,)) for t in _SQUARES) for o in _SQUARES)
_SHOT = tuple(tuple(UnitMove(o, o, (t,)) for t in _SQUARES) for o in _SQUARES)
_SWAP = tuple(tuple(UnitMove(o, t, (), True) for t in _SQUARES) for o in _SQUARES)

_STEPS = _leap_table(ALL8)
_DIAG_STEPS = _leap_table(DIAG)
_KNIGHT = _leap_table(KN)
_ORTH_RAYS = _ray_table(ORTH)
_DIAG_RAYS = _ray_table(DIAG)
_ALL8_RAYS = _ray_table(ALL8)
_NIGHT_RAYS = _ray_table(KN)
_ACOLYTE = _leap_table(
    ((1, 1), (1, -1), (-1, -1), (-1, 1), (2, 2), (2, -2), (-2, -2), (-2, 2), (2, 0), (-2, 0))
)
_ANOINTED = _ray_table(DIAG, 2)
_CHARGER = _ray_table(ORTH, 3)
_DRAGOON = tuple(a + b for a, b in zip(_STEPS, _KNIGHT, strict=True))
_HERO = _leap_table(
    [(sx * a, sy * b) for a, b in ((1, 3), (3, 1), (2, 3), (3, 2)) for sx in (1, -1) for sy in (1, -1)]
)
_MONK_LAME = tuple(
    tuple(
        (m, t)
        for dx, dy in ORTH
        if (m := _at(o, dx, dy)) is not None and (t := _at(o, 2 * dx, 2 * dy)) is not None
    )
    for o in _SQUARES
)
"""Per square: the Monk's straight 2-square moves as (middle, destination)."""
_ORACLE_SHOTS = tuple(
    tuple(
        (m, t)
        for dx, dy in ALL8
        if (m := _at(o, dx, dy)) is not None and (t := _at(o, 2 * dx, 2 * dy)) is not None
    )
    for o in _SQUARES
)
"""Per square: the Oracle's shots as (square that must be empty, target)."""


def _pawn_table(owner: int) -> tuple[tuple[int | None, int | None, tuple[int, ...]], ...]:
    """Per square: (one step forward, two steps forward if on relative rank 1 or 2, attack squares)."""
    out = []
    for o in _SQUARES:
        rel_rank = o // 8 + 1 if owner == 0 else 8 - o // 8
        one = _at(o, 0, 1, owner)
        two = _at(o, 0, 2, owner) if rel_rank <= 2 else None
        out.append((one, two, tuple(t for dx in (-1, 1) if (t := _at(o, dx, 1, owner)) is not None)))
    return tuple(out)


_PAWN = _both(_pawn_table)
_STRIKER_FORWARD = _both(lambda owner: _leap_table(((-1, 1), (0, 1), (1, 1)), owner))
_STRIKER_BACK = _both(lambda owner: tuple(_ray(o, (0, -1), 8, owner) for o in _SQUARES))


def _two_leg_table(
    firsts: Sequence[tuple[int, int]], seconds: Callable[[int, int], Sequence[tuple[int, int]]]
) -> tuple[tuple[tuple[int, tuple[tuple[int, ...], ...]], ...], ...]:
    """Per square: for each on-board first step ``s``, (``o+s``, the rays of leg 2 from it)."""
    return tuple(
        tuple(
            (m, tuple(r for d in seconds(sx, sy) if (r := _ray(m, d))))
            for sx, sy in firsts
            if (m := _at(o, sx, sy)) is not None
        )
        for o in _SQUARES
    )


# D-MV-7: only the two outward directions at 45° to the first step.
_GRYPHON = _two_leg_table(DIAG, lambda sx, sy: ((sx, 0), (0, sy)))
_SPHINX = _two_leg_table(ORTH, lambda sx, sy: ((-1, sy), (1, sy)) if sx == 0 else ((sx, 1), (sx, -1)))


def _paths_table(
    vectors: Sequence[tuple[int, int]],
) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """Per square: every destination of two ``vectors`` legs other than the origin (D-MV-2), ascending,
    with the on-board middle squares it can be reached through (one of them must be empty)."""
    table = []
    for o in _SQUARES:
        via: dict[int, list[int]] = {}
        for v1 in vectors:
            m = _at(o, *v1)
            if m is None:
                continue
            for v2 in vectors:
                t = _at(m, *v2)
                if t is not None and t != o and m not in via.setdefault(t, []):
                    via[t].append(m)
        table.append(tuple((t, tuple(sorted(ms))) for t, ms in sorted(via.items())))
    return tuple(table)


_PHANTOM = _paths_table(KN)
_WARLORD_FAR = tuple(
    tuple((t, ms) for t, ms in row if t not in _STEPS[o]) for o, row in enumerate(_paths_table(ALL8))
)
"""Per square: the Warlord's destinations at distance 2, with the middles (the adjacent ones are steps)."""


# ---------------------------------------------------------------------------------------------------
# Shared walkers


def _leaps(board: Board, o: int, owner: int, squares: tuple[int, ...], out: list[UnitMove]) -> None:
    march, attack = _MARCH[o], _ATTACK[o]
    for t in squares:
        p = board[t]
        if p is None:
            out.append(march[t])
        elif p[0] != owner:
            out.append(attack[t])


def _rides(board: Board, o: int, owner: int, rays: tuple[tuple[int, ...], ...], out: list[UnitMove]) -> None:
    march, attack = _MARCH[o], _ATTACK[o]
    for ray in rays:
        for t in ray:
            p = board[t]
            if p is None:
                out.append(march[t])
            else:
                if p[0] != owner:
                    out.append(attack[t])
                break


def _paths(
    board: Board, o: int, owner: int, paths: tuple[tuple[int, tuple[int, ...]], ...], out: list[UnitMove]
) -> None:
    """Two-leg destinations reachable through at least one empty middle square."""
    march, attack = _MARCH[o], _ATTACK[o]
    for t, middles in paths:
        p = board[t]
        if p is not None and p[0] == owner:
            continue
        for m in middles:
            if board[m] is None:
                out.append(march[t] if p is None else attack[t])
                break


def _two_legs(
    board: Board,
    o: int,
    owner: int,
    legs: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...],
    out: list[UnitMove],
) -> None:
    """Gryphon/Sphinx: a first step (march, attack and stop, or go on) then a ride from it."""
    march, attack = _MARCH[o], _ATTACK[o]
    for m, rays in legs:
        p = board[m]
        if p is None:
            out.append(march[m])
            _rides(board, o, owner, rays, out)
        elif p[0] != owner:
            out.append(attack[m])


# ---------------------------------------------------------------------------------------------------
# One hook per unit (alphabetical, as §2.3)


def _acolyte(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Acolyte: leaps one or two squares diagonally, or exactly two sideways (never forward/backward)."""
    out: list[UnitMove] = []
    _leaps(board, o, owner, _ACOLYTE[o], out)
    return out


def _anointed(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Anointed: a diagonal ride of at most 2 squares, blockable (D-MV-3)."""
    out: list[UnitMove] = []
    _rides(board, o, owner, _ANOINTED[o], out)
    return out


def _banshee(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Banshee: a Bishop ride or a Nightrider ride."""
    out: list[UnitMove] = []
    _rides(board, o, owner, _DIAG_RAYS[o], out)
    _rides(board, o, owner, _NIGHT_RAYS[o], out)
    return out


def _bishop(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Bishop: the orthodox diagonal ride."""
    out: list[UnitMove] = []
    _rides(board, o, owner, _DIAG_RAYS[o], out)
    return out


def _chancellor(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Chancellor: a Rook ride (blockable) or a Knight leap."""
    out: list[UnitMove] = []
    _rides(board, o, owner, _ORTH_RAYS[o], out)
    _leaps(board, o, owner, _KNIGHT[o], out)
    return out


def _charger(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Charger: 1-3 squares along a straight line free of friendly units; every enemy on the way is
    captured (D-MV-4: it cannot pass one without capturing it); one move per end square, an attack
    when it captures, else a march."""
    out: list[UnitMove] = []
    march, attack = _MARCH[o], _ATTACK[o]
    for ray in _CHARGER[o]:
        captures: tuple[int, ...] = ()
        for t in ray:
            p = board[t]
            if p is not None:
                if p[0] == owner:
                    break
                captures += (t,)
            if not captures:
                out.append(march[t])
            elif len(captures) == 1 and captures[0] == t:
                out.append(attack[t])
            else:
                out.append(UnitMove(o, t, captures))
    return out


def _dragoon(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Dragoon: a King step or a Knight leap (the centaur)."""
    out: list[UnitMove] = []
    _leaps(board, o, owner, _DRAGOON[o], out)
    return out


def _gryphon(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Gryphon: a diagonal step (an enemy there may be attacked, ending the move), then optionally a
    ride along one of its two outward straight directions (D-MV-7)."""
    out: list[UnitMove] = []
    _two_legs(board, o, owner, _GRYPHON[o], out)
    return out


def _hero(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Hero: leaps (1,3) or (2,3) in any orientation (the bison)."""
    out: list[UnitMove] = []
    _leaps(board, o, owner, _HERO[o], out)
    return out


def _king_step(board: Board, o: int, owner: int) -> list[UnitMove]:
    """King and Immortal: one step in any of the 8 directions (the Immortal's return to its Barracks
    when captured is the game's business)."""
    out: list[UnitMove] = []
    _leaps(board, o, owner, _STEPS[o], out)
    return out


def _knight(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Knight: the orthodox knight leap."""
    out: list[UnitMove] = []
    _leaps(board, o, owner, _KNIGHT[o], out)
    return out


def _monk(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Monk: a diagonal step, or exactly two squares straight through an empty middle (lame)."""
    out: list[UnitMove] = []
    _leaps(board, o, owner, _DIAG_STEPS[o], out)
    march, attack = _MARCH[o], _ATTACK[o]
    for m, t in _MONK_LAME[o]:
        if board[m] is None:
            p = board[t]
            if p is None:
                out.append(march[t])
            elif p[0] != owner:
                out.append(attack[t])
    return out


def _nightrider(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Nightrider: repeated knight leaps in one fixed direction, every landing before the last empty."""
    out: list[UnitMove] = []
    _rides(board, o, owner, _NIGHT_RAYS[o], out)
    return out


def _oracle(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Oracle: marches one step diagonally; shoots (stays on its square) an enemy exactly two squares
    away along any of the 8 lines over an empty square."""
    out: list[UnitMove] = []
    march = _MARCH[o]
    for t in _DIAG_STEPS[o]:
        if board[t] is None:
            out.append(march[t])
    shot = _SHOT[o]
    for m, t in _ORACLE_SHOTS[o]:
        if board[m] is None:
            p = board[t]
            if p is not None and p[0] != owner:
                out.append(shot[t])
    return out


def _pawn(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Pawn: one step forward onto an empty square, or two from relative rank 1 or 2 (both squares
    empty); attacks one step diagonally forward. No en passant (D-MV-1), no promotion here."""
    out: list[UnitMove] = []
    one, two, attacks = _PAWN[owner][o]
    if one is not None and board[one] is None:
        out.append(_MARCH[o][one])
        if two is not None and board[two] is None:
            out.append(_MARCH[o][two])
    attack = _ATTACK[o]
    for t in attacks:
        p = board[t]
        if p is not None and p[0] != owner:
            out.append(attack[t])
    return out


def _phantom(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Phantom: exactly two knight leaps through an empty middle square, never back to its origin
    (D-MV-2); each destination once."""
    out: list[UnitMove] = []
    _paths(board, o, owner, _PHANTOM[o], out)
    return out


def _queen(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Queen: the orthodox ride along the 8 lines."""
    out: list[UnitMove] = []
    _rides(board, o, owner, _ALL8_RAYS[o], out)
    return out


def _rook(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Rook: the orthodox straight ride."""
    out: list[UnitMove] = []
    _rides(board, o, owner, _ORTH_RAYS[o], out)
    return out


def _sniper(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Sniper: along the 8 lines, marches 1 or 2 squares; attacks only at distance 2 or more over empty
    squares (no upper limit), moving onto the target. A unit next to it blocks that line."""
    out: list[UnitMove] = []
    march, attack = _MARCH[o], _ATTACK[o]
    for ray in _ALL8_RAYS[o]:
        if board[ray[0]] is not None:
            continue
        out.append(march[ray[0]])
        for i in range(1, len(ray)):
            t = ray[i]
            p = board[t]
            if p is None:
                if i == 1:
                    out.append(march[t])
            else:
                if p[0] != owner:
                    out.append(attack[t])
                break
    return out


def _sphinx(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Sphinx: a straight step (an enemy there may be attacked, ending the move), then optionally a
    diagonal ride along one of its two outward diagonals (D-MV-7)."""
    out: list[UnitMove] = []
    _two_legs(board, o, owner, _SPHINX[o], out)
    return out


def _spy(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Spy: attacks an adjacent enemy; marches only by swapping places with another friendly unit
    anywhere on the board (never onto an empty square)."""
    out: list[UnitMove] = []
    attack = _ATTACK[o]
    for t in _STEPS[o]:
        p = board[t]
        if p is not None and p[0] != owner:
            out.append(attack[t])
    swap = _SWAP[o]
    for t in _SQUARES:
        p = board[t]
        if p is not None and p[0] == owner and t != o:
            out.append(swap[t])
    return out


def _striker(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Striker: one step forward or diagonally forward (march or attack); marches only by riding
    straight backward through empty squares (D-MV-5)."""
    out: list[UnitMove] = []
    _leaps(board, o, owner, _STRIKER_FORWARD[owner][o], out)
    march = _MARCH[o]
    for t in _STRIKER_BACK[owner][o]:
        if board[t] is not None:
            break
        out.append(march[t])
    return out


def _warlord(board: Board, o: int, owner: int) -> list[UnitMove]:
    """Warlord: one or two King steps; the first square must be empty to go on (D-MV-6), the path may
    not return to its origin (D-MV-2); each destination once."""
    out: list[UnitMove] = []
    _leaps(board, o, owner, _STEPS[o], out)
    _paths(board, o, owner, _WARLORD_FAR[o], out)
    return out


_HOOKS: dict[str, Callable[[Board, int, int], list[UnitMove]]] = {
    "Ac": _acolyte,
    "An": _anointed,
    "Ba": _banshee,
    "Bi": _bishop,
    "Ch": _chancellor,
    "Cr": _charger,
    "Dr": _dragoon,
    "Gr": _gryphon,
    "He": _hero,
    "Im": _king_step,
    "Ki": _king_step,
    "Kn": _knight,
    "Mo": _monk,
    "Ni": _nightrider,
    "Or": _oracle,
    "Pa": _pawn,
    "Ph": _phantom,
    "Qu": _queen,
    "Ro": _rook,
    "Sn": _sniper,
    "Sx": _sphinx,
    "Sp": _spy,
    "St": _striker,
    "Wa": _warlord,
}
"""The movement hook of every unit code."""


def unit_moves(board: Board, origin: int) -> list[UnitMove]:
    """Every march and attack of the unit on ``origin`` (its owner and orientation from
    ``board[origin]``), in a deterministic order, without duplicates. An empty origin has none. No
    promotion here (the game adds it)."""
    piece = board[origin]
    if piece is None:
        return []
    owner, code = piece
    return _HOOKS[code](board, origin, owner)
