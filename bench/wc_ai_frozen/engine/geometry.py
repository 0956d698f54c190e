"""Board geometry: the 2-player and 4-player War Chest boards as precomputed integer tables.

Hexes use axial coordinates ``(q, r)`` exactly as in the rules reference §2 (centre ``(0, 0)``, neighbour
offsets ``(+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1)``). Every hex of the 4-player board has one index
``0..46`` (ordered by r, then q, as in the reference's full hex list) and one short name: file ``a..k`` =
``q + 5``, rank ``1..7`` = ``r + 4`` (the reference's "jmthompson id"). The 2-player board is a subset of
the same indices and names, so ``f4`` is the centre on both boards.

All tables are built once at import; the engine only ever handles hex indices (ints).
"""

from __future__ import annotations

from dataclasses import dataclass

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Side A = team 0, side B = team 1 (rules reference §2.2).
_NEUTRAL_2P = ((-3, 2), (-2, 0), (-1, 1), (1, -1), (2, 0), (3, -2))
_STARTS_2P = (((-1, -2), (2, -3)), ((-2, 3), (1, 2)))
_NEUTRAL_4P_EXTRA = ((-5, 3), (5, -3))
_STARTS_4P_EXTRA = ((-4, 1), (4, -1))


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance between two axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _all_hexes() -> list[tuple[int, int]]:
    cells = [(q, r) for r in range(-3, 4) for q in range(-5, 6) if abs(q) <= 5 and abs(-q - r) <= 3]
    return cells


ALL_COORDS: tuple[tuple[int, int], ...] = tuple(_all_hexes())
"""Axial coordinates of every hex of the 4-player board, indexed by hex index."""
assert len(ALL_COORDS) == 47

COORD_INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(ALL_COORDS)}
HEX_NAMES: tuple[str, ...] = tuple(f"{'abcdefghijk'[q + 5]}{r + 4}" for q, r in ALL_COORDS)
NAME_INDEX: dict[str, int] = {n: i for i, n in enumerate(HEX_NAMES)}


def hex_name(index: int) -> str:
    """The short name of a hex index, e.g. ``f4`` for the centre."""
    return HEX_NAMES[index]


@dataclass(frozen=True, slots=True)
class Board:
    """Precomputed tables for one board (2 or 4 players). Hex arguments are global hex indices."""

    players: int
    hexes: tuple[int, ...]
    """Indices of the hexes on this board."""
    on_board: tuple[bool, ...]
    neighbors: tuple[tuple[int, ...], ...]
    """neighbors[h]: on-board hexes at distance 1 (empty for off-board h)."""
    step: tuple[tuple[int, ...], ...]
    """step[h][d]: the neighbour of h in direction d, or -1 off the board."""
    within2: tuple[tuple[int, ...], ...]
    """within2[h]: on-board hexes at distance 1 or 2 (never h itself)."""
    ring2: tuple[tuple[int, ...], ...]
    """ring2[h]: on-board hexes at distance exactly 2."""
    lines2: tuple[tuple[tuple[int, int], ...], ...]
    """lines2[h]: (middle, far) pairs for the straight lines of length 2 starting at h."""
    locations: tuple[int, ...]
    location_slot: tuple[int, ...]
    """location_slot[h]: position of h in ``locations``, or -1 if h is not a location."""
    starts: tuple[tuple[int, ...], tuple[int, ...]]
    """starts[team]: the starting locations of team 0 (side A) and team 1 (side B)."""
    markers_per_team: int

    def distance(self, a: int, b: int) -> int:
        return distance(ALL_COORDS[a], ALL_COORDS[b])

    def is_location(self, h: int) -> bool:
        return self.location_slot[h] >= 0


def _build(players: int) -> Board:
    neutral: tuple[tuple[int, int], ...]
    starts: tuple[tuple[tuple[int, int], ...], ...]
    if players == 2:
        cells = {c for c in ALL_COORDS if max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])) <= 3}
        neutral = _NEUTRAL_2P
        starts = _STARTS_2P
        markers = 6
    else:
        cells = set(ALL_COORDS)
        neutral = _NEUTRAL_2P + _NEUTRAL_4P_EXTRA
        starts = (_STARTS_2P[0] + (_STARTS_4P_EXTRA[0],), _STARTS_2P[1] + (_STARTS_4P_EXTRA[1],))
        markers = 8
    n = len(ALL_COORDS)
    on_board = tuple(ALL_COORDS[i] in cells for i in range(n))
    step: list[tuple[int, ...]] = []
    neighbors: list[tuple[int, ...]] = []
    within2: list[tuple[int, ...]] = []
    ring2: list[tuple[int, ...]] = []
    lines2: list[tuple[tuple[int, int], ...]] = []
    for i, (q, r) in enumerate(ALL_COORDS):
        if not on_board[i]:
            step.append((-1,) * 6)
            neighbors.append(())
            within2.append(())
            ring2.append(())
            lines2.append(())
            continue
        st = tuple(
            COORD_INDEX[(q + dq, r + dr)] if (q + dq, r + dr) in cells else -1 for dq, dr in DIRECTIONS
        )
        step.append(st)
        neighbors.append(tuple(h for h in st if h >= 0))
        near = sorted(j for j, c in enumerate(ALL_COORDS) if c in cells and 1 <= distance((q, r), c) <= 2)
        within2.append(tuple(near))
        ring2.append(tuple(j for j in near if distance((q, r), ALL_COORDS[j]) == 2))
        lines = []
        for dq, dr in DIRECTIONS:
            mid, far = (q + dq, r + dr), (q + 2 * dq, r + 2 * dr)
            if mid in cells and far in cells:
                lines.append((COORD_INDEX[mid], COORD_INDEX[far]))
        lines2.append(tuple(lines))
    locations = tuple(sorted(COORD_INDEX[c] for c in neutral + starts[0] + starts[1]))
    slot = [-1] * n
    for k, h in enumerate(locations):
        slot[h] = k
    return Board(
        players=players,
        hexes=tuple(i for i in range(n) if on_board[i]),
        on_board=on_board,
        neighbors=tuple(neighbors),
        step=tuple(step),
        within2=tuple(within2),
        ring2=tuple(ring2),
        lines2=tuple(lines2),
        locations=locations,
        location_slot=tuple(slot),
        starts=(tuple(COORD_INDEX[c] for c in starts[0]), tuple(COORD_INDEX[c] for c in starts[1])),
        markers_per_team=markers,
    )


BOARDS: dict[int, Board] = {2: _build(2), 4: _build(4)}
"""The board for each player count."""
