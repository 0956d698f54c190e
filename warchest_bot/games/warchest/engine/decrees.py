"""Royal Decrees (the Nobility expansion): the cards, what each lets its proclaimer do, and who may.

With ``expansions=nobility`` three decrees are dealt face up at setup (fewer if fewer are known). A seat
proclaims one by paying its Royal Coin (face up to the discard): its team places a seal on that decree,
which the team may not proclaim again with the Royal Coin. The Earl's tactic proclaims any dealt decree
without a seal. A proclamation is a follow-up decision (``Pending("decree")``) whose legal actions are the
decree's effect, listed by one generator per decree below; a decree is offered only when it has one.

Only three of the expansion's seven decrees are described by the public sources found (a published review
of the expansion); their effects and the project's readings are in docs/war-chest-expansions.md. Their
names here are the project's own.

==========  =====================================  ===============================================
decree      follow-up actions                      effect
==========  =====================================  ===============================================
muster      ``move FROM-TO``                       one of your units moves to an empty location
                                                   your team controls, from anywhere on the board
sally       ``attack FROM×TARGET``                 one of your units on a location your team
                                                   controls makes a normal attack
levy        ``recruit UNIT``                       an eliminated coin of one of your units returns
                                                   from the box to your supply
==========  =====================================  ===============================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions import ATTACK, MOVE, NO_COIN, RECRUIT, Action
from .units import UNITS

if TYPE_CHECKING:
    from .state import GameState

MUSTER = 0
SALLY = 1
LEVY = 2


class Decree(NamedTuple):
    id: int
    key: str
    """The name notation uses (``RC proclaim muster``)."""
    name: str
    text: str


DECREES: tuple[Decree, ...] = (
    Decree(MUSTER, "muster", "Muster", "One of your units moves to an empty location your team controls."),
    Decree(SALLY, "sally", "Sally", "One of your units on a location your team controls attacks."),
    Decree(LEVY, "levy", "Levy", "An eliminated coin of one of your units returns to your supply."),
)
DECREE_BY_KEY: dict[str, int] = {d.key: d.id for d in DECREES}
DEALT = 3
"""How many decrees are dealt face up at setup (the publisher's design diary)."""

_NORMAL_ATTACK = tuple(u.normal_attack for u in UNITS)


def lookup_decree(text: str) -> int | None:
    key = text.strip().lower()
    if key in DECREE_BY_KEY:
        return DECREE_BY_KEY[key]
    for d in DECREES:
        if d.name.lower() == key:
            return d.id
    return None


def decree_key(d: int) -> str:
    return DECREES[d].key


def decree_actions(g: GameState, seat: int, decree: int, out: list[Action]) -> None:
    """Append every follow-up action the proclaimed ``decree`` offers ``seat``."""
    stacks, team = g.stacks, g.team_of[seat]
    if decree == MUSTER:
        empty = [h for k, h in enumerate(g.board.locations) if g.control[k] == team and stacks[h] is None]
        for h in g.board.hexes:
            st = stacks[h]
            if st is not None and st[0] == seat:
                out.extend(Action(MOVE, NO_COIN, (h, t)) for t in empty)
    elif decree == SALLY:
        for k, h in enumerate(g.board.locations):
            st = stacks[h]
            if g.control[k] != team or st is None or st[0] != seat or not _NORMAL_ATTACK[st[1]]:
                continue
            for t in g.board.neighbors[h]:
                if g.can_attack(team, st[2], t):
                    out.append(Action(ATTACK, NO_COIN, (h, t)))
    elif decree == LEVY:
        eliminated = g.seats[seat].eliminated
        out.extend(Action(RECRUIT, NO_COIN, (), u) for u in g.seats[seat].units if eliminated[u])


def has_effect(g: GameState, seat: int, decree: int) -> bool:
    probe: list[Action] = []
    decree_actions(g, seat, decree, probe)
    return bool(probe)


def resolve(g: GameState, seat: int, decree: int, a: Action) -> None:
    if decree == MUSTER:
        g._move(a.hexes[0], a.hexes[1])
    elif decree == SALLY:
        g.attack(a.hexes[0], a.hexes[1], adjacent=True)
    else:
        s = g.own_seat(seat)
        s.add_eliminated(a.unit, -1)
        s.add_supply(a.unit, 1)
