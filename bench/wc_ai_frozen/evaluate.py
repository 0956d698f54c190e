"""(Frozen copy, see __init__.) A hand-written evaluation of War Chest positions, shared by the greedy and the search players.

:func:`evaluate` scores a position for team 0 minus team 1 in rough "coin" units, from features that are
public (or, inside a determinization, sampled): control markers placed, units and coins on the board,
units standing on locations they can take or guard, distance to the nearest location still to take,
stacks that enemy units can hit next turn, the quality of each seat's coins in circulation (hand, bag and
discards: coins of deployed units can act, the others can only deploy), the supply, and the initiative.
It never looks at which coins are in a hand or a bag, only at the total a seat has in circulation, which
is public, so it gives the same score to every determinization of a view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .engine import GameState
from .engine.geometry import ALL_COORDS, COORD_INDEX
from .engine.units import (
    ARCHER,
    CAVALRY,
    CROSSBOWMAN,
    LANCER,
    NUM_COIN_TYPES,
    ROYAL,
    TREBUCHET,
    UNITS,
)


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, in coin units."""

    marker: float = 4.0
    """Each control marker on the board."""
    marker_last: float = 3.0
    """Extra for a unit on a location it can take when its team has one marker left (a winning threat)."""
    unit: float = 1.6
    """Each unit on the board (on top of its coins)."""
    coin: float = 1.6
    """The first coin of a stack; further coins are worth ``coin * bolster ** k`` (k = 1, 2, ...)."""
    bolster: float = 0.6
    on_target: float = 1.3
    """A unit standing on a location its team does not control (it can take it next)."""
    guard: float = 0.075
    """A unit standing on a location its team controls."""
    distance: float = 0.4
    """Per hex between a unit and the nearest location its team does not control (capped at 4)."""
    threat: float = 0.7
    """A stack that an enemy unit can attack next turn (doubled plus the unit's worth at height 1)."""
    threat_to_move: float = 0.35
    """Fraction of the threat penalty when the threatened team moves next (it can react)."""
    cycle_active: float = 0.4
    """Each coin in circulation (hand, bag, discards) whose unit is on the board."""
    cycle_idle: float = 0.25
    """Each coin in circulation whose unit is not on the board."""
    royal: float = 0.2
    supply: float = 0.08
    initiative: float = 0.3
    decree: float = 0.5
    """Nobility: each dealt Royal Decree the team has not sealed yet (a proclamation still in hand)."""
    fort: float = 0.8
    """Siege: each fort shielding a team's unit or a location it controls (one more hit to take it)."""
    scale: float = 4.0
    """Score difference that maps to a 73% win chance in :func:`win_probability`."""

    stack_values: tuple[float, ...] = field(init=False, repr=False, compare=False)
    """Worth of the coins of a stack of height 0..9 (derived)."""

    def __post_init__(self) -> None:
        total, out = 0.0, [0.0]
        for k in range(9):
            total += self.coin * self.bolster**k
            out.append(total)
        object.__setattr__(self, "stack_values", tuple(out))


DEFAULT_WEIGHTS = Weights()

_NORMAL_ATTACK = tuple(u.normal_attack for u in UNITS)
_NEEDS_BOLSTERED = tuple(u.attackable_only_by_bolstered for u in UNITS)
_NEEDS_UNBOLSTERED = tuple(u.attackable_only_by_unbolstered for u in UNITS)
_N = len(ALL_COORDS)


def _distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = ALL_COORDS[a], ALL_COORDS[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


DIST: tuple[tuple[int, ...], ...] = tuple(tuple(_distance(a, b) for b in range(_N)) for a in range(_N))
"""DIST[a][b]: hex distance between two hex indices."""


def _straight(a: int, b: int) -> bool:
    (q1, r1), (q2, r2) = ALL_COORDS[a], ALL_COORDS[b]
    return q1 == q2 or r1 == r2 or q1 + r1 == q2 + r2


STRAIGHT: tuple[tuple[bool, ...], ...] = tuple(tuple(_straight(a, b) for b in range(_N)) for a in range(_N))


def _between(a: int, b: int) -> tuple[int, ...]:
    """Hexes strictly between two hexes on a straight line."""
    if not STRAIGHT[a][b] or a == b:
        return ()
    (q1, r1), (q2, r2) = ALL_COORDS[a], ALL_COORDS[b]
    d = DIST[a][b]
    sq, sr = (q2 - q1) // d, (r2 - r1) // d
    return tuple(COORD_INDEX[(q1 + k * sq, r1 + k * sr)] for k in range(1, d))


BETWEEN: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_between(a, b) if DIST[a][b] <= 3 else () for b in range(_N)) for a in range(_N)
)


def can_hit(g: GameState, attacker_hex: int, target_hex: int) -> bool:
    """Whether the stack at ``attacker_hex`` could attack the enemy stack at ``target_hex`` with one coin of
    its type (normal attack or its attacking tactic), ignoring whether that coin is at hand."""
    att, tgt = g.stacks[attacker_hex], g.stacks[target_hex]
    if att is None or tgt is None:
        return False
    if g.forts and target_hex in g.forts:  # Siege: a hit takes the fort, not a coin (counted in evaluate)
        return False
    if _NEEDS_BOLSTERED[tgt[1]] and att[2] < 2:
        return False
    if _NEEDS_UNBOLSTERED[tgt[1]] and att[2] >= 2:  # the Bishop
        return False
    d = DIST[attacker_hex][target_hex]
    u = att[1]
    if d == 1:
        return _NORMAL_ATTACK[u]
    stacks = g.stacks
    if u == TREBUCHET:  # Siege: bolstered, 2-3 hexes in a straight line over anything
        return att[2] >= 2 and d in (2, 3) and STRAIGHT[attacker_hex][target_hex]
    if u == ARCHER:
        return d == 2
    if u == CROSSBOWMAN:
        return (
            d == 2
            and STRAIGHT[attacker_hex][target_hex]
            and stacks[BETWEEN[attacker_hex][target_hex][0]] is None
        )
    if u == CAVALRY:
        if d != 2:
            return False
        nb = g.board.neighbors
        return any(stacks[t] is None and target_hex in nb[t] for t in nb[attacker_hex])
    if u == LANCER:
        return (
            d in (2, 3)
            and STRAIGHT[attacker_hex][target_hex]
            and all(stacks[h] is None for h in BETWEEN[attacker_hex][target_hex])
        )
    return False


_TARGET_DIST_CACHE: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _target_distances(g: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per team, the distance (capped at 4) from every hex to the nearest location it does not control."""
    key = (g.num_players, tuple(g.control))
    found = _TARGET_DIST_CACHE.get(key)
    if found is None:
        if len(_TARGET_DIST_CACHE) > 50_000:
            _TARGET_DIST_CACHE.clear()
        per_team = []
        for team in (0, 1):
            targets = [h for k, h in enumerate(g.board.locations) if g.control[k] != team]
            per_team.append(tuple(min([DIST[h][x] for x in targets] + [4]) for h in range(_N)))
        found = _TARGET_DIST_CACHE[key] = (per_team[0], per_team[1])
    return found


def evaluate(g: GameState, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Score of the position for team 0 minus team 1 (coin units; terminal positions score ±1000)."""
    if g.result is not None:
        return 0.0 if g.result.winner is None else (1000.0 if g.result.winner == 0 else -1000.0)
    stack_value = w.stack_values
    stacks = g.stacks
    team_of = g.team_of
    control = g.control
    slot_of = g.board.location_slot
    markers = g.board.markers_per_team
    score = [w.marker * g.placed[0], w.marker * g.placed[1]]
    last = (markers - g.placed[0] == 1, markers - g.placed[1] == 1)
    to_move = g.current_player
    moving_team = team_of[to_move] if to_move is not None else -1
    target_dist = _target_distances(g)
    occupied = [(h, st) for h in g.board.hexes if (st := stacks[h]) is not None]
    on_board = [False] * NUM_COIN_TYPES
    threat_one = w.threat * (2.0 + w.unit)
    for h, (owner, unit, height) in occupied:
        t = team_of[owner]
        on_board[unit] = True
        value = w.unit + stack_value[height if height < 9 else 9]
        slot = slot_of[h]
        if slot >= 0 and control[slot] != t:
            value += w.on_target + (w.marker_last if last[t] else 0.0)
        else:
            if slot >= 0:
                value += w.guard
            value -= w.distance * target_dist[t][h]
        # Enemy units that can hit this stack next turn.
        row = DIST[h]
        for e, enemy in occupied:
            if row[e] <= 3 and team_of[enemy[0]] != t and can_hit(g, e, h):
                loss = threat_one if height == 1 else w.threat
                if t == moving_team:
                    loss *= w.threat_to_move
                value -= loss
                break
        score[t] += value
    drawn = [(p.seat, p.coin) for p in g.pending if p.kind == "priest" and p.coin >= 0]
    for s, seat in enumerate(g.seats):
        t = team_of[s]
        bag, up, down, hand = seat.bag, seat.discard_up, seat.discard_down, seat.hand
        total = w.supply * sum(seat.supply)
        total += w.royal * (bag[ROYAL] + up[ROYAL] + down[ROYAL] + hand.count(ROYAL))
        for u in seat.units:
            circ = bag[u] + up[u] + down[u] + hand.count(u)
            total += (w.cycle_active if on_board[u] else w.cycle_idle) * circ
        for ds, coin in drawn:
            if ds == s:
                total += w.royal if coin == ROYAL else (w.cycle_active if on_board[coin] else w.cycle_idle)
        score[t] += total
    score[team_of[g.initiative]] += w.initiative
    if g.decrees:  # Nobility: unsealed decrees are proclamations still to come
        for t in (0, 1):
            score[t] += w.decree * (len(g.decrees) - len(g.seals[t]))
    for f in g.forts:  # Siege: a fort is worth a hit to whoever it shields
        st = stacks[f]
        holder = team_of[st[0]] if st is not None else control[slot_of[f]]
        if holder >= 0:
            score[holder] += w.fort
    return score[0] - score[1]


def win_probability(score: float, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Map an :func:`evaluate` score (team 0 minus team 1) to team 0's chance of winning."""
    if score >= 1000.0:
        return 1.0
    if score <= -1000.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / w.scale))
