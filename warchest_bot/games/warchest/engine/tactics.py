"""Unit tactics: one generator and one resolver per unit that has a tactic.

A generator ``gen(game, seat, out)`` appends every legal ``Action(TACTIC, coin, hexes)`` of that unit for
``seat``; a resolver ``resolve(game, seat, action)`` carries one out (the paying coin is already in the
discard). ``hexes`` per unit:

=============  ==========================  ===============================================
unit           hexes                       meaning
=============  ==========================  ===============================================
Archer         (archer, target)            attack a unit exactly 2 away
Crossbowman    (crossbowman, target)       attack 2 away in a straight line, middle empty
Cavalry        (from, to, target)          move one hex, then attack from there
Lancer         (from, to, target)          move 1-2 hexes straight, attack the next hex on
Light Cavalry  (from, to)                  two one-hex moves, ending 2 hexes away
Ensign         (from, to)                  the ordered friendly unit's move
Marshall       (attacker, target)          the ordered friendly unit's attack
Footman        ()                          each Footman then maneuvers (follow-up decisions)
Royal Guard    (from, to)                  paid with the Royal Coin (coin == ROYAL)
Bishop         (bishop,) + unit            recruit ``unit``, then the Bishop may move or attack
Earl           (earl,)                     control its location, then may proclaim (no seal)
Herald         (herald, target)            bolster the adjacent height-1 unit from supply
Sapper         (from, to, fort)            move one hex, then attack an adjacent fort
Siege Tower    (tower, target)             first attack; the second is a follow-up
Trebuchet      (trebuchet, target)         attack 2-3 hexes away in a straight line
War Wagon      (wagon, friend, to)         push the friend one hex on, move into its hex
=============  ==========================  ===============================================

Multi-step moves only pass through empty hexes (rules reference §9). Destinations reached by several paths
appear once, and a Light Cavalry tactic that ends next to its start is left out (it is the plain move).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import TACTIC, Action
from .tables import CAVALRY_STRIKES, LIGHT_CAVALRY_REACH, NEIGHBOR_TACTICS, ROYAL_GUARD_REACH
from .units import (
    ARCHER,
    BISHOP,
    CAVALRY,
    CROSSBOWMAN,
    EARL,
    ENSIGN,
    FOOTMAN,
    HERALD,
    LANCER,
    LIGHT_CAVALRY,
    MARSHALL,
    ROYAL,
    ROYAL_GUARD,
    SAPPER,
    SIEGE_TOWER,
    TREBUCHET,
    UNITS,
    WAR_WAGON,
)

if TYPE_CHECKING:
    from .state import GameState

Generator = Callable[["GameState", int, list[Action]], None]
Resolver = Callable[["GameState", int, Action], None]

_NORMAL_ATTACK = tuple(u.normal_attack for u in UNITS)


def _friendly_within2(g: GameState, seat: int, center: int) -> list[int]:
    team, team_of, stacks = g.team_of[seat], g.team_of, g.stacks
    return [h for h in g.board.within2[center] if (st := stacks[h]) is not None and team_of[st[0]] == team]


# --- Archer -------------------------------------------------------------------------------------------
def archer(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[ARCHER][0]
    team, height = g.team_of[seat], g.stack_at(h)[2]
    for t in g.board.ring2[h]:
        if g.can_attack(team, height, t):
            out.append(Action(TACTIC, ARCHER, (h, t)))


def ranged_attack(g: GameState, seat: int, a: Action) -> None:
    g.attack(a.hexes[0], a.hexes[1], adjacent=False)


# --- Crossbowman --------------------------------------------------------------------------------------
def crossbowman(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[CROSSBOWMAN][0]
    team, height, stacks = g.team_of[seat], g.stack_at(h)[2], g.stacks
    for mid, far in g.board.lines2[h]:
        if stacks[mid] is None and g.can_attack(team, height, far):
            out.append(Action(TACTIC, CROSSBOWMAN, (h, far)))


# --- Cavalry ------------------------------------------------------------------------------------------
def cavalry(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[CAVALRY][0]
    team, height, stacks = g.team_of[seat], g.stack_at(h)[2], g.stacks
    closed = g.closed_to(team)
    for t, strikes in CAVALRY_STRIKES[g.num_players][h]:
        if stacks[t] is None and t not in closed:
            for target, action in strikes:
                if g.can_attack(team, height, target):
                    out.append(action)


def move_then_attack(g: GameState, seat: int, a: Action) -> None:
    frm, to, target = a.hexes
    g.move_with_triggers(frm, to)
    g.attack(to, target, adjacent=True)


# --- Lancer -------------------------------------------------------------------------------------------
def lancer(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[LANCER][0]
    team, height, stacks, step = g.team_of[seat], g.stack_at(h)[2], g.stacks, g.board.step
    closed = g.closed_to(team)
    for d in range(6):
        here = h
        for _ in range(2):
            nxt = step[here][d]
            if nxt < 0 or stacks[nxt] is not None or nxt in closed:
                break
            here = nxt
            target = step[here][d]
            if target >= 0 and g.can_attack(team, height, target):
                out.append(Action(TACTIC, LANCER, (h, here, target)))


# --- Light Cavalry ------------------------------------------------------------------------------------
def light_cavalry(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[LIGHT_CAVALRY][0]
    stacks, closed = g.stacks, g.closed_to(g.team_of[seat])
    # empty hexes exactly 2 away reachable through an empty neighbour (neither closed), in hex order
    for far, vias, action in LIGHT_CAVALRY_REACH[g.num_players][h]:
        if stacks[far] is None and far not in closed:
            for t in vias:
                if stacks[t] is None and t not in closed:
                    out.append(action)
                    break


def move_stack(g: GameState, seat: int, a: Action) -> None:
    g.move_with_triggers(a.hexes[0], a.hexes[1])


# --- Ensign -------------------------------------------------------------------------------------------
def ensign(g: GameState, seat: int, out: list[Action]) -> None:
    e = g.positions[ENSIGN][0]
    stacks, near = g.stacks, set(g.board.within2[e])
    near.difference_update(g.closed_to(g.team_of[seat]))
    steps = NEIGHBOR_TACTICS[ENSIGN][g.num_players]
    for u in _friendly_within2(g, seat, e):
        for t, action in steps[u]:
            if stacks[t] is None and t in near:
                out.append(action)


# --- Marshall -----------------------------------------------------------------------------------------
def marshall(g: GameState, seat: int, out: list[Action]) -> None:
    m = g.positions[MARSHALL][0]
    team, steps = g.team_of[seat], NEIGHBOR_TACTICS[MARSHALL][g.num_players]
    for u in _friendly_within2(g, seat, m):
        st = g.stack_at(u)
        if not _NORMAL_ATTACK[st[1]]:
            continue
        for t, action in steps[u]:
            if g.can_attack(team, st[2], t):
                out.append(action)


def ordered_attack(g: GameState, seat: int, a: Action) -> None:
    g.attack(a.hexes[0], a.hexes[1], adjacent=True)


# --- Footman ------------------------------------------------------------------------------------------
def footman(g: GameState, seat: int, out: list[Action]) -> None:
    probe: list[Action] = []
    for h in g.positions[FOOTMAN]:
        g._maneuvers(seat, h, -1, probe)
        if probe:
            out.append(Action(TACTIC, FOOTMAN, ()))
            return


def footman_orders(g: GameState, seat: int, a: Action) -> None:
    from .state import Pending

    g.pending.append(Pending("footman", seat, hexes=tuple(g.positions[FOOTMAN])))


# --- Royal Guard (paid with the Royal Coin) -----------------------------------------------------------
def royal_guard_moves(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[ROYAL_GUARD][0]
    stacks = g.stacks
    team = g.team_of[seat]
    closed = g.closed_to(team)
    if g.options.royal_guard == "original":
        for t in g.board.neighbors[h]:
            if stacks[t] is None and t not in closed:
                out.append(Action(TACTIC, ROYAL, (h, t)))
        return
    slot, control = g.board.location_slot, g.control
    # the empty neighbours and two-step destinations (as the Light Cavalry's) that are own locations
    for t, vias, action in ROYAL_GUARD_REACH[g.num_players][h]:  # in hex order
        if stacks[t] is not None or control[slot[t]] != team:
            continue
        if vias is None:
            out.append(action)
        elif t not in closed:
            for v in vias:
                if stacks[v] is None and v not in closed:
                    out.append(action)
                    break


# --- Bishop (Nobility) --------------------------------------------------------------------------------
def bishop(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[BISHOP][0]
    supply = g.seats[seat].supply
    for u in g.seats[seat].units:
        if supply[u]:
            out.append(Action(TACTIC, BISHOP, (h,), u))


def bishop_recruits(g: GameState, seat: int, a: Action) -> None:
    from .state import Pending

    s, u = g.own_seat(seat), a.unit
    s.add_supply(u, -1)
    s.discard_up[u] += 1
    g.pending.append(Pending("bishop", seat, a.hexes[0]))
    if UNITS[u].maneuver_on_recruit and g.positions[u]:
        g.pending.append(Pending("merc", seat, g.positions[u][0]))


# --- Earl (Nobility) ----------------------------------------------------------------------------------
def earl(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[EARL][0]
    slot = g.board.location_slot[h]
    if slot >= 0 and g.control[slot] != g.team_of[seat]:
        out.append(Action(TACTIC, EARL, (h,)))


def earl_controls(g: GameState, seat: int, a: Action) -> None:
    from .state import Pending

    g._control(seat, a.hexes[0])
    if g.result is None:
        g.pending.append(Pending("earldecree", seat, a.hexes[0]))


# --- Herald (Nobility) --------------------------------------------------------------------------------
def herald(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[HERALD][0]
    stacks, supply = g.stacks, g.seats[seat].supply
    for t in g.board.neighbors[h]:
        st = stacks[t]
        if st is not None and st[0] == seat and st[2] == 1 and supply[st[1]]:
            out.append(Action(TACTIC, HERALD, (h, t)))


def herald_bolsters(g: GameState, seat: int, a: Action) -> None:
    h = a.hexes[1]
    owner, u, height = g.stack_at(h)
    g.own_seat(seat).add_supply(u, -1)
    g.stacks[h] = (owner, u, height + 1)


# --- Sapper (Siege) ------------------------------------------------------------------------------------
def sapper(g: GameState, seat: int, out: list[Action]) -> None:
    if not g.forts:
        return
    h = g.positions[SAPPER][0]
    team, height, stacks, neighbors, forts = (
        g.team_of[seat],
        g.stack_at(h)[2],
        g.stacks,
        g.board.neighbors,
        g.forts,
    )
    closed = g.closed_to(team)
    for t in neighbors[h]:
        if stacks[t] is None and t not in closed:
            for f in neighbors[t]:
                if f in forts and g.can_attack(team, height, f):
                    out.append(Action(TACTIC, SAPPER, (h, t, f)))


# --- Siege Tower (Siege) -------------------------------------------------------------------------------
def siege_tower(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[SIEGE_TOWER][0]
    team, height = g.team_of[seat], g.stack_at(h)[2]
    for t in g.board.neighbors[h]:
        if g.can_attack(team, height, t):
            out.append(Action(TACTIC, SIEGE_TOWER, (h, t)))


def siege_tower_attacks(g: GameState, seat: int, a: Action) -> None:
    from .state import Pending

    g.pending.append(Pending("tower", seat, a.hexes[0]))  # the second attack, after the first's follow-ups
    g.attack(a.hexes[0], a.hexes[1], adjacent=True)


# --- Trebuchet (Siege) ---------------------------------------------------------------------------------
def trebuchet(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[TREBUCHET][0]
    team, height, step = g.team_of[seat], g.stack_at(h)[2], g.board.step
    targets = []
    for d in range(6):
        here = h
        for dist in range(1, 4):
            here = step[here][d]
            if here < 0:
                break
            if dist >= 2 and g.can_attack(team, height, here):
                targets.append(here)
    for t in sorted(targets):
        out.append(Action(TACTIC, TREBUCHET, (h, t)))


# --- War Wagon (Siege) ---------------------------------------------------------------------------------
def war_wagon(g: GameState, seat: int, out: list[Action]) -> None:
    h = g.positions[WAR_WAGON][0]
    team, team_of, stacks, step = g.team_of[seat], g.team_of, g.stacks, g.board.step
    closed = g.closed_to(team)
    for d in range(6):
        f = step[h][d]
        if f < 0 or (st := stacks[f]) is None or team_of[st[0]] != team:
            continue
        to = step[f][d]
        if to >= 0 and stacks[to] is None and to not in closed:
            out.append(Action(TACTIC, WAR_WAGON, (h, f, to)))


def war_wagon_pushes(g: GameState, seat: int, a: Action) -> None:
    w, f, to = a.hexes
    g._move(f, to)
    g.move_with_triggers(w, f)


GENERATORS: dict[int, Generator] = {
    ARCHER: archer,
    CROSSBOWMAN: crossbowman,
    CAVALRY: cavalry,
    LANCER: lancer,
    LIGHT_CAVALRY: light_cavalry,
    ENSIGN: ensign,
    MARSHALL: marshall,
    FOOTMAN: footman,
    BISHOP: bishop,
    EARL: earl,
    HERALD: herald,
    SAPPER: sapper,
    SIEGE_TOWER: siege_tower,
    TREBUCHET: trebuchet,
    WAR_WAGON: war_wagon,
}
"""Tactic generators by the unit whose coin pays for them (the Royal Guard's is paid by the Royal Coin)."""

RESOLVERS: dict[int, Resolver] = {
    ARCHER: ranged_attack,
    CROSSBOWMAN: ranged_attack,
    CAVALRY: move_then_attack,
    LANCER: move_then_attack,
    LIGHT_CAVALRY: move_stack,
    ENSIGN: move_stack,
    MARSHALL: ordered_attack,
    FOOTMAN: footman_orders,
    ROYAL: move_stack,
    BISHOP: bishop_recruits,
    EARL: earl_controls,
    HERALD: herald_bolsters,
    SAPPER: move_then_attack,
    SIEGE_TOWER: siege_tower_attacks,
    TREBUCHET: ranged_attack,
    WAR_WAGON: war_wagon_pushes,
}
