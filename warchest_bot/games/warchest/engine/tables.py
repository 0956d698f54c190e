"""Every action that legal-move generation hands out most, built once at import (python-chess style).

An :class:`Action` is an immutable value, so the engine hands out the same object each time instead of
building a new tuple for every move of every search node. Tables indexed by coin have
``NUM_COIN_TYPES + 1`` rows: rows ``0..NUM_COIN_TYPES-1`` are paid with that coin and the last row is the
follow-up decisions' (``coin == NO_COIN == -1``, so ``table[NO_COIN]`` is that row by Python's indexing).

- ``PASS_ACTIONS[coin]``, ``CLAIM_ACTIONS[coin]``
- ``RECRUIT_ACTIONS[coin][unit]``
- ``DEPLOY_ACTIONS[coin][hex]``, ``BOLSTER_ACTIONS[coin][hex]``, ``CONTROL_ACTIONS[coin][hex]``
- ``NEIGHBOR_MOVES[players][coin][hex]`` and ``NEIGHBOR_ATTACKS[players][coin][hex]``: ``(target, action)``
  pairs in the order of ``BOARDS[players].neighbors[hex]`` (the one-hex move or attack from ``hex``);
  ``NEIGHBOR_STEPS[players][coin][hex]``: ``(target, move, attack)``, both in one.

The tables hold the same values as building the actions anew would: only their identity is shared.
"""

from __future__ import annotations

from .actions import ATTACK, BOLSTER, CLAIM, CONTROL, DEPLOY, MOVE, NO_COIN, PASS, RECRUIT, TACTIC, Action
from .geometry import ALL_COORDS, BOARDS
from .units import CAVALRY, ENSIGN, LIGHT_CAVALRY, MARSHALL, NUM_COIN_TYPES, ROYAL

_COINS: tuple[int, ...] = (*range(NUM_COIN_TYPES), NO_COIN)
"""The coin of each table row: the coin types, then NO_COIN last (row -1)."""
assert _COINS[NO_COIN] == NO_COIN

_HEXES = range(len(ALL_COORDS))
_SINGLE: tuple[tuple[int], ...] = tuple((h,) for h in _HEXES)

PASS_ACTIONS: tuple[Action, ...] = tuple(Action(PASS, c) for c in _COINS)
CLAIM_ACTIONS: tuple[Action, ...] = tuple(Action(CLAIM, c) for c in _COINS)
RECRUIT_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(RECRUIT, c, (), u) for u in range(NUM_COIN_TYPES)) for c in _COINS
)
DEPLOY_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(DEPLOY, c, _SINGLE[h]) for h in _HEXES) for c in _COINS
)
BOLSTER_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(BOLSTER, c, _SINGLE[h]) for h in _HEXES) for c in _COINS
)
CONTROL_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(CONTROL, c, _SINGLE[h]) for h in _HEXES) for c in _COINS
)

Pairs = tuple[tuple[int, Action], ...]


def _neighbor_tables(kind: str) -> dict[int, tuple[tuple[Pairs, ...], ...]]:
    """``(target, Action(kind, coin, (h, target)))`` per board, coin and hex. The 2-player board's rows are
    the 4-player board's filtered to its hexes (same objects, same direction order as its ``neighbors``)."""
    big, small = BOARDS[4], BOARDS[2]
    hexes_of = [tuple((h, t) for t in big.neighbors[h]) for h in _HEXES]
    new = tuple.__new__
    rows4 = tuple(
        tuple(tuple((p[1], new(Action, (kind, c, p, -1))) for p in hexes_of[h]) for h in _HEXES)
        for c in _COINS
    )
    on2 = small.on_board
    rows2 = tuple(
        tuple(tuple(x for x in cell if on2[x[0]]) if on2[h] else () for h, cell in enumerate(row))
        for row in rows4
    )
    for h in _HEXES:
        assert tuple(t for t, _ in rows2[0][h]) == small.neighbors[h]
        assert tuple(t for t, _ in rows4[0][h]) == big.neighbors[h]
    return {4: rows4, 2: rows2}


NEIGHBOR_MOVES = _neighbor_tables(MOVE)
NEIGHBOR_ATTACKS = _neighbor_tables(ATTACK)
NEIGHBOR_STEPS: dict[int, tuple[tuple[tuple[tuple[int, Action, Action], ...], ...], ...]] = {
    n: tuple(
        tuple(
            tuple((t, move, attack) for (t, move), (_, attack) in zip(moves, attacks, strict=True))
            for moves, attacks in zip(move_rows, attack_rows, strict=True)
        )
        for move_rows, attack_rows in zip(NEIGHBOR_MOVES[n], NEIGHBOR_ATTACKS[n], strict=True)
    )
    for n in (2, 4)
}
"""``NEIGHBOR_STEPS[players][coin][hex]``: ``(target, move, attack)`` per neighbour, the same objects as in
``NEIGHBOR_MOVES`` and ``NEIGHBOR_ATTACKS`` (one loop finds both kinds of maneuver)."""


Vias = tuple[int, ...]


def _two_steps(players: int) -> tuple[tuple[tuple[int, Vias], ...], ...]:
    """Per hex ``h``: ``(far, vias)`` for every hex ``far`` exactly 2 away, in hex order, ``vias`` being
    the neighbours of ``h`` next to ``far`` (a two-hex move passes through one of them)."""
    board = BOARDS[players]
    rows = []
    for h in _HEXES:
        near = board.neighbors[h]
        rows.append(
            tuple((far, tuple(t for t in near if far in board.neighbors[t])) for far in board.ring2[h])
        )
    return tuple(rows)


TWO_STEPS = {players: _two_steps(players) for players in BOARDS}
"""``TWO_STEPS[players][h]``: ``(far, vias)`` pairs, see ``_two_steps``."""


def _royal_guard_reach(players: int) -> tuple[tuple[tuple[int, Vias | None, Action], ...], ...]:
    """Per hex ``h``: ``(location, vias, action)`` for every location 1 or 2 hexes from ``h``, in hex order;
    ``vias`` is None for a neighbour and the hexes a two-hex move passes through otherwise; ``action`` is
    the revised Royal Guard's move there (paid with the Royal Coin)."""
    board = BOARDS[players]
    rows = []
    for h in _HEXES:
        two = dict(TWO_STEPS[players][h])
        cells = []
        for t in board.within2[h]:
            if board.location_slot[t] >= 0:
                cells.append((t, two.get(t), Action(TACTIC, ROYAL, (h, t))))
        rows.append(tuple(cells))
    return tuple(rows)


ROYAL_GUARD_REACH = {players: _royal_guard_reach(players) for players in BOARDS}
"""``ROYAL_GUARD_REACH[players][h]``: see ``_royal_guard_reach``."""


NEIGHBOR_TACTICS: dict[int, dict[int, tuple[Pairs, ...]]] = {
    coin: {
        n: tuple(tuple((t, Action(TACTIC, coin, (h, t))) for t, _ in row) for h, row in enumerate(rows[coin]))
        for n, rows in NEIGHBOR_MOVES.items()
    }
    for coin in (ENSIGN, MARSHALL)
}
"""``NEIGHBOR_TACTICS[coin][players][hex]``, for the Ensign and the Marshall (whose tactics order a friendly
unit at ``hex`` one hex on): ``(target, Action(TACTIC, coin, (hex, target)))`` in ``NEIGHBOR_MOVES`` order."""

LIGHT_CAVALRY_REACH: dict[int, tuple[tuple[tuple[int, Vias, Action], ...], ...]] = {
    n: tuple(
        tuple((far, vias, Action(TACTIC, LIGHT_CAVALRY, (h, far))) for far, vias in row)
        for h, row in enumerate(TWO_STEPS[n])
    )
    for n in BOARDS
}
"""``LIGHT_CAVALRY_REACH[players][h]``: ``TWO_STEPS``'s ``(far, vias)`` with the Light Cavalry's tactic to
``far``."""

CAVALRY_STRIKES: dict[int, tuple[tuple[tuple[int, Pairs], ...], ...]] = {
    n: tuple(
        tuple(
            (t, tuple((target, Action(TACTIC, CAVALRY, (h, t, target))) for target in BOARDS[n].neighbors[t]))
            for t in BOARDS[n].neighbors[h]
        )
        for h in _HEXES
    )
    for n in BOARDS
}
"""``CAVALRY_STRIKES[players][h]``: per neighbour ``t`` of ``h`` (in ``neighbors`` order), the Cavalry's
move there and attack on each neighbour of ``t``: ``(target, Action(TACTIC, CAVALRY, (h, t, target)))``."""
