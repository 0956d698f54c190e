"""A computer player for For the Crown: ``easy``, a one-ply greedy player.

It decides from the acting seat's view alone (`FtcState.view_for`): the hidden cards (the order of its own
deck, the opponent's hand and deck) are *determinized*, dealt at random from what the view lets anyone
count (`determinize`), and each legal action is tried on that made-up position and scored (`score`): units
on the board and in the Barracks at their Point-Buy prices, units under attack at a discount, the cards a
seat owns at a fraction of their cost, and a won or lost game above everything. Ties are broken by the
player's own seeded RNG.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..units import BY_CODE, UnitMove, unit_moves
from .card_table import Card, standard_table
from .engine import END, FIRST_RANK, SECOND_RANK, FtcAction, FtcState, Piece

WIN = 10_000.0
CARD_WEIGHT = 0.8
"""A card owned is worth this much of its cost (what buying gains, and what training a unit gives up)."""
BARRACKS_WEIGHT = 0.7
"""A unit in the Barracks is worth this much of its price (it still has to be deployed)."""
THREAT_WEIGHT = 0.5
"""A unit an enemy unit attacks loses this much of its price."""
SOVEREIGN_PRICE = 30.0
"""What a Sovereign counts for (losing the last one loses the game)."""


def card_worth(card: Card) -> float:
    """What owning ``card`` is worth before weighting: its cost, or twice the gold its treasure gives when
    that is more (a Peon is worth keeping for its gold)."""
    hit = _WORTH.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    gold = max((int(e.param("gold")) for e in card.effects if e.name == "gold"), default=0)
    worth = float(max(card.cost, 2 * gold))
    _WORTH[id(card)] = (card, worth)  # the card is kept, so its id is not reused
    return worth


_WORTH: dict[int, tuple[Card, float]] = {}


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        if any(isinstance(v, list | set | dict) for v in value):
            return [_copied(v) for v in value]
        return list(value)
    if isinstance(value, set):
        return set(value)
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, random.Random):
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    return value  # numbers, text, tuples, the options and the card table never change in place


def fast_clone(state: FtcState) -> FtcState:
    """An independent copy of ``state`` equal to `FtcState.clone`'s, made field by field (a deep copy
    spends most of its time on the RNG's state, which a search clones thousands of times)."""
    out = FtcState.__new__(FtcState)
    for name, value in vars(state).items():
        setattr(out, name, _copied(value))
    return out


def _price(code: str) -> float:
    return SOVEREIGN_PRICE if BY_CODE[code].is_sovereign else float(BY_CODE[code].price)


def determinize(view: Mapping[str, Any], rng: random.Random) -> FtcState:
    """A whole position consistent with ``view`` (a seat's view): the seat's deck in a random order below
    the cards it knows on top, the opponent's hand and deck dealt at random from the cards they hold
    together (the hand it saw by Astrology, and a revealed top card, where the view shows them)."""
    seat = int(view["seat"])
    other = 1 - seat
    unseen = [Counter(view["unseen"][0]), Counter(view["unseen"][1])]
    hands: list[list[str]] = [[], []]
    decks: list[list[str]] = [[], []]
    hands[seat] = list(view["hand"])
    known = list(view["known_top"])
    rest = list((unseen[seat] - Counter(hands[seat]) - Counter(known)).elements())
    rng.shuffle(rest)
    decks[seat] = known + rest
    pool = unseen[other]
    seen = view["seen_hand"]
    if seen is not None and len(seen) == view["hand_counts"][other] and not Counter(seen) - pool:
        hands[other] = list(seen)
    else:
        cards = list(pool.elements())
        rng.shuffle(cards)
        hands[other] = cards[: view["hand_counts"][other]]
    rest = list((pool - Counter(hands[other])).elements())
    rng.shuffle(rest)
    top = view["revealed_top"][other]
    if top is not None and top in rest:
        rest.remove(top)
        rest.insert(0, top)
    decks[other] = rest
    board = {}
    for sq, p in enumerate(view["board"]):
        if p is not None:
            board["abcdefgh"[sq % 8] + str(sq // 8 + 1)] = p

    def names(squares: list[int]) -> list[str]:
        return ["abcdefgh"[s % 8] + str(s // 8 + 1) for s in squares]

    pools = view["pools"]
    data = {
        "options": view["options"],
        **({} if view["cards"] == standard_table().data else {"table": view["cards"]}),
        "ply": view["ply"],
        "turn": view["turn"],
        "to_move": view["turn_of"],
        "phase": view["phase"],
        "board": board,
        "barracks": view["barracks"],
        "supply": list(view["supply"].items()),
        "decks": decks,
        "hands": hands,
        "discards": view["discards"],
        "play": view["play"],
        "trash": view["trash"],
        "pools": {**pools, "discount": view["discount"], "bought": view["bought"]},
        "ordered": names(view["ordered"]),
        "barred": [names(b) for b in view["barred"]],
        "immune": [names(i) for i in view["immune"]],
        "no_order_cards": view["no_order_cards"],
        "no_order_cards_next": view["no_order_cards_next"],
        "known_top": [len(known) if n == seat else 0 for n in (0, 1)],
        "revealed_top": view["revealed_top"],
        "seen_hand": [view["seen_hand"] if n == seat else None for n in (0, 1)],
        "pending": view["pending"],
        "stand_gold": view["stand_gold"],
        "attacker_turns": view["attacker_turns"],
        "rng": [3, list(rng.getstate()[1]), None],
    }
    return FtcState.from_json(data)


def score(state: FtcState, seat: int) -> float:
    """How good ``state`` is for ``seat``: the result when over, else material (threatened units
    discounted), Barracks and owned cards."""
    if state.result is not None:
        if state.result.winner is None:
            return 0.0
        return WIN if state.result.winner == seat else -WIN
    board = state.board
    attacked: set[int] = set()
    for sq, p in enumerate(board):
        if p is not None:
            for m in unit_moves(board, sq):
                attacked.update(m.captures)
    total = 0.0
    for sq, p in enumerate(board):
        if p is None:
            continue
        value = _price(p[1])
        if sq in attacked and sq not in state.immune[p[0]]:
            value *= 1 - THREAT_WEIGHT
        total += value if p[0] == seat else -value
    for n in (0, 1):
        sign = 1 if n == seat else -1
        total += sign * BARRACKS_WEIGHT * sum(_price(c) for c in state.barracks[n])
        cards = state.decks[n] + state.hands[n] + state.discards[n]
        if n == state.to_move:
            cards = cards + state.play
        total += sign * CARD_WEIGHT * sum(card_worth(state.table[c]) for c in cards)
    return total


class EasyPlayer:
    """One-ply greedy: the legal action whose result (on a determinized copy of the seat's view) scores
    best for the seat; ``end`` only when nothing scores better."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: FtcState) -> FtcAction:
        """The chosen action for ``state.current_player`` (from its view only)."""
        seat = state.current_player
        assert seat is not None
        return self.choose_from_view(state.view_for(seat))

    def choose_from_view(self, view: Mapping[str, Any]) -> FtcAction:
        """The chosen action from the acting seat's view alone."""
        state = determinize(view, self.rng)
        seat = int(view["seat"])
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best: list[FtcAction] = []
        best_score = -float("inf")
        for action in legal:
            after = fast_clone(state)
            after.apply(action)
            value = score(after, seat)
            if action == END:
                value -= 0.01  # end a phase only when nothing is better
            if value > best_score + 1e-9:
                best, best_score = [action], value
            elif abs(value - best_score) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)


# --- normal and hard -------------------------------------------------------------------------------------
ATTACK_SHARE = 0.9
"""What the side to move next on the board is counted to gain from its best capture (`board_value`)."""
NEXT_SHARE = 0.15
"""And what the other side's best capture counts for (it may still be answered)."""
DECISIVE = WIN / 2
"""A Sovereign the side to move next can take when it is its owner's last (the game ends with the turn)."""
ADVANCE = 0.15
"""A Foot unit's worth per rank it has advanced (promotion is on the eighth)."""
GUARD = 0.3
"""A friendly unit next to a seat's Sovereign (shelter)."""
DANGER = 1.5
"""A square of a lone Sovereign's or next to it that enemy units reach."""
MOPUP_MARGIN = 4.0
"""From this lead in units (board and Barracks, Sovereigns left out, at the measure's prices) on, the side
ahead is also paid for closing on the other side's last Sovereign (`_mopup`)."""
MOPUP_NEAR = 0.3
"""Per king step each of the side ahead's units on the board stands nearer the other side's last
Sovereign (counted from 8 steps)."""
MOPUP_EDGE = 0.5
"""Per king step the other side's last Sovereign stands away from the centre."""
MOPUP_BOX = 1.0
"""Per square the other side's last Sovereign could step to that is taken away (occupied, or reached by
the side ahead)."""


def _needs_sovereign(state: FtcState, seat: int) -> bool:
    return not (state.options.last_stand and seat == 1)


def _shielded(board: list[Piece | None], protected: set[int], owner: int) -> list[Piece | None]:
    """The board ``owner``'s units see: ``protected`` (immune) enemy units block like friendly ones."""
    if not protected:
        return board
    shield = list(board)
    for sq in protected:
        shield[sq] = (owner, "Ki")
    return shield


def _attacks(board: list[Piece | None], side: int, barred: set[int], protected: set[int]) -> list[UnitMove]:
    """Every attack ``side``'s units may make on ``board`` (not the ``barred`` ones, not on ``protected``
    squares)."""
    seen = _shielded(board, protected, side)
    out = []
    for sq, p in enumerate(board):
        if p is not None and p[0] == side and sq not in barred:
            out += [m for m in unit_moves(seen, sq) if m.captures]
    return out


def _covers(board: list[Piece | None], side: int, square: int) -> bool:
    """Whether a unit of ``side`` could capture an enemy unit standing on ``square``."""
    for sq, p in enumerate(board):
        if p is not None and p[0] == side and any(square in m.captures for m in unit_moves(board, sq)):
            return True
    return False


def _after(board: list[Piece | None], m: UnitMove) -> list[Piece | None]:
    """``board`` after the march or attack ``m`` (no promotion)."""
    out = list(board)
    for sq in m.captures:
        out[sq] = None
    if m.swap:
        out[m.origin], out[m.dest] = out[m.dest], out[m.origin]
    elif m.dest != m.origin:
        out[m.dest], out[m.origin] = out[m.origin], None
    return out


class _Board:
    """The board half of a position for `board_value`: units, immunity, bars and who needs a Sovereign."""

    __slots__ = ("board", "barracks", "immune", "barred", "needs")

    def __init__(self, board: list[Piece | None], barracks: list[list[str]], immune: list[set[int]],
                 barred: list[set[int]], needs: tuple[bool, bool]) -> None:  # fmt: skip
        self.board = board
        self.barracks = barracks
        self.immune = immune
        self.barred = barred
        self.needs = needs


def _best_capture(b: _Board, side: int) -> tuple[float, bool]:
    """The most ``side`` gains by one attack now (victims less the attacker when the square is covered,
    a rough exchange), and whether that attack takes the other side's last Sovereign."""
    other = 1 - side
    board = b.board
    sovereigns = [
        sq for sq, p in enumerate(board) if p is not None and p[0] == other and BY_CODE[p[1]].is_sovereign
    ]
    moves = _attacks(board, side, b.barred[side], b.immune[other])
    if not moves:
        return 0.0, False
    if b.needs[other] and len(sovereigns) == 1 and any(sovereigns[0] in m.captures for m in moves):
        return DECISIVE, True
    ranked = []
    for m in moves:
        victims = sum(_price(p[1]) for sq in m.captures if (p := board[sq]) is not None)
        ranked.append((victims, m))
    ranked.sort(key=lambda item: -item[0])
    best = 0.0
    for victims, m in ranked[:3]:
        if victims <= best:
            break
        mover = board[m.origin]
        assert mover is not None
        gain = victims
        if m.dest != m.origin and _covers(_after(board, m), other, m.dest):
            gain -= _price(mover[1])
        best = max(best, gain)
    return best, False


def _reach(board: list[Piece | None], side: int) -> set[int]:
    """The squares ``side``'s units could march to or attack."""
    out: set[int] = set()
    for sq, p in enumerate(board):
        if p is not None and p[0] == side:
            for m in unit_moves(board, sq):
                out.add(m.dest)
                out.update(m.captures)
    return out


def _rescued(b: _Board, n: int, mover: int) -> bool:
    """Whether side ``n`` has a Sovereign on the board, or one in its Barracks it may deploy next."""
    if any(p is not None and p[0] == n and BY_CODE[p[1]].is_sovereign for p in b.board):
        return True
    return n == mover and any(BY_CODE[c].is_sovereign for c in b.barracks[n])


def board_value(b: _Board, seat: int, mover: int) -> float:
    """The board for ``seat`` with ``mover`` to give the next order: material at Point-Buy prices (the
    Barracks for less), Foot units' advance, shelter next to Sovereigns, the mover's best capture nearly
    whole and the other side's a little; a Sovereign without which its side loses is lost or won."""
    board = b.board
    total = 0.0
    for sq, p in enumerate(board):
        if p is None:
            continue
        unit = BY_CODE[p[1]]
        value = _price(p[1])
        if unit.is_foot:
            rank = sq // 8 if p[0] == 0 else 7 - sq // 8
            value += ADVANCE * max(0, rank - 1)
        if unit.is_sovereign:
            value += GUARD * sum(
                1 for n in _neighbour_squares(sq) if (q := board[n]) is not None and q[0] == p[0]
            )
        total += value if p[0] == seat else -value
    for n in (0, 1):
        if b.needs[n] and not _rescued(b, n, mover):
            return -DECISIVE * 1.8 if n == seat else DECISIVE * 1.8
        sign = 1 if n == seat else -1
        total += sign * BARRACKS_WEIGHT * sum(_price(c) for c in b.barracks[n])
    reaches: list[set[int] | None] = [None, None]
    material, kings = _census(board)
    for n in (0, 1):
        if b.needs[n] and len(kings[n]) == 1:
            reach = reaches[1 - n] = _reach(board, 1 - n)
            zone = [kings[n][0], *_neighbour_squares(kings[n][0])]
            danger = DANGER * sum(1 for sq in zone if sq in reach)
            total += -danger if n == seat else danger
    total += _mopup(b, seat, material, kings, reaches)
    gain, decisive = _best_capture(b, mover)
    sign = 1 if mover == seat else -1
    if decisive:
        return total + sign * DECISIVE
    total += sign * ATTACK_SHARE * gain
    rest, decisive = _best_capture(b, 1 - mover)
    total -= sign * NEXT_SHARE * (min(rest, 3 * SOVEREIGN_PRICE) if not decisive else SOVEREIGN_PRICE)
    return total


def _census(board: list[Piece | None]) -> tuple[list[float], list[list[int]]]:
    """Per side, in one pass over the board: its units but its Sovereigns at their prices, and the squares
    of its Sovereigns."""
    material = [0.0, 0.0]
    kings: list[list[int]] = [[], []]
    for sq, p in enumerate(board):
        if p is not None:
            if BY_CODE[p[1]].is_sovereign:
                kings[p[0]].append(sq)
            else:
                material[p[0]] += _price(p[1])
    return material, kings


def _mopup(
    b: _Board,
    seat: int,
    material: list[float],
    kings: list[list[int]],
    reaches: list[set[int] | None],
) -> float:
    """For ``seat`` (less when the other side is ahead): once one side leads by `MOPUP_MARGIN` in units
    (``material``, the board's part of `_census`, plus the Barracks but Sovereigns for less) and the other
    has one Sovereign, which it needs, on the board (``kings``) and none in its Barracks, the side ahead
    is paid for bringing its units near that Sovereign, for that Sovereign's distance from the centre and
    for every square it could step to that is taken away. Without it a side well ahead has no reason to
    close in: its units harass the lone Sovereign from afar, which steps away each turn."""
    held = [
        material[n] + BARRACKS_WEIGHT * sum(_price(c) for c in b.barracks[n] if not BY_CODE[c].is_sovereign)
        for n in (0, 1)
    ]
    lead = held[0] - held[1]
    if abs(lead) < MOPUP_MARGIN:
        return 0.0
    strong = 0 if lead > 0 else 1
    weak = 1 - strong
    if not b.needs[weak] or any(BY_CODE[c].is_sovereign for c in b.barracks[weak]):
        return 0.0
    board = b.board
    if len(kings[weak]) != 1:
        return 0.0
    king = kings[weak][0]
    kx, ky = king % 8, king // 8
    bonus = MOPUP_EDGE * (max(3 - kx, kx - 4) + max(3 - ky, ky - 4))
    for sq, p in enumerate(board):
        if p is not None and p[0] == strong and not BY_CODE[p[1]].is_sovereign:
            bonus += MOPUP_NEAR * (8 - max(abs(sq % 8 - kx), abs(sq // 8 - ky)))
    reach = reaches[strong]
    if reach is None:
        reach = _reach(board, strong)
    taken = 0
    for n in _neighbour_squares(king):
        q = board[n]
        if (q is not None and q[0] == weak) or n in reach:
            taken += 1
    bonus += MOPUP_BOX * (taken + 8 - len(_neighbour_squares(king)))
    return bonus if strong == seat else -bonus


_NEIGHBOURS: list[list[int]] = [
    [
        (y + dy) * 8 + x + dx
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < 8 and 0 <= y + dy < 8
    ]
    for y in range(8)
    for x in range(8)
]


def _neighbour_squares(sq: int) -> list[int]:
    return _NEIGHBOURS[sq]


def next_mover(state: FtcState) -> int:
    """The seat whose order the board waits for: the seat to act while it has orders in its order phase,
    else the other one (its next turn)."""
    seat = state.to_move
    if state.phase == "order" and state.orders > 0:
        return seat
    return 1 - seat


def _board_of(state: FtcState) -> _Board:
    """The board half of ``state``; the units the seat to act has ordered this turn count as barred while
    it still has orders (they cannot be ordered again this turn)."""
    barred = [set(b) for b in state.barred]
    if next_mover(state) == state.to_move:
        barred[state.to_move] |= state.ordered
    return _Board(
        list(state.board),
        [list(b) for b in state.barracks],
        [set(i) for i in state.immune],
        barred,
        (_needs_sovereign(state, 0), _needs_sovereign(state, 1)),
    )


def cards_value(state: FtcState, seat: int) -> float:
    """The cards each seat owns at `CARD_WEIGHT` of `card_worth`, ``seat``'s less the other's."""
    total = 0.0
    for n in (0, 1):
        cards = state.decks[n] + state.hands[n] + state.discards[n]
        if n == state.to_move:
            cards = cards + state.play
        value = CARD_WEIGHT * sum(card_worth(state.table[c]) for c in cards)
        total += value if n == seat else -value
    return total


def evaluate(state: FtcState, seat: int) -> float:
    """How good ``state`` is for ``seat`` (the normal player's measure): the result when over, else
    `board_value` with the seat whose order comes next and `cards_value`."""
    if state.result is not None:
        if state.result.winner is None:
            return 0.0
        return WIN if state.result.winner == seat else -WIN
    if state.phase in ("supply", "stand", "crown"):
        return score(state, seat)
    return board_value(_board_of(state), seat, next_mover(state)) + cards_value(state, seat)


def _ranked(
    state: FtcState, seat: int, legal: list[FtcAction], deadline: float | None = None
) -> list[tuple[float, FtcAction]]:
    """Each legal action with `evaluate` of its result, best first (``end`` a little below an equal
    action; ties in the legal order). Past ``deadline`` (`time.perf_counter`) the actions not yet
    scored are left out; ``end`` is scored first and one action at least always is, so a decision out
    of time can still close the phase."""
    out = []
    order = list(enumerate(legal))
    ends = [item for item in order if item[1] == END]
    if ends:
        order = ends + [item for item in order if item[1] != END]
    for n, (i, action) in enumerate(order):
        if deadline is not None and n and time.perf_counter() > deadline:
            break
        after = fast_clone(state)
        after.apply(action)
        value = evaluate(after, seat)
        if action == END:
            value -= 0.01
        out.append((value, i, action))
    out.sort(key=lambda item: (-item[0], item[1]))
    return [(v, a) for v, _, a in out]


TURN_BUDGETS: dict[str, float | None] = {"easy": None, "normal": 2000.0, "hard": 3000.0}  # = kind's
"""Think time of a whole turn (ms, wall clock) per level: the turn's decisions share it, each also
within its own budget (`NormalPlayer.deadline`). A person waits for the whole turn (one board post per
turn), so this, not one decision's budget, is what they feel."""

SLACK = 0.8
"""The share of a budget spent thinking; the rest is for the work after the last look at the clock."""


class NormalPlayer:
    """One ply with a measure that sees the next order coming (`evaluate`): the best capture of the seat
    that orders next, an exchange's recapture, a Sovereign left to be taken. Ties by the seeded RNG.

    Time: each decision stops scoring actions at its `deadline`: its own ``budget_ms`` from when it
    began, or the end of the turn's ``turn_budget_ms`` counted from the turn's first decision this
    player took (a turn is the acting seat and the view's turn number), whichever comes first."""

    level = "normal"

    def __init__(
        self, seed: int = 0, *, budget_ms: float | None = 300.0, turn_budget_ms: float | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.turn_budget_ms = TURN_BUDGETS.get(self.level) if turn_budget_ms is None else turn_budget_ms
        self._turn: tuple[int, int] | None = None
        self._turn_began = 0.0

    def deadline(self, view: Mapping[str, Any]) -> float | None:
        """When the decision on ``view`` must stop thinking (`time.perf_counter`; None: no limit), and
        the turn's clock started if this is the turn's first decision."""
        now = time.perf_counter()
        turn = (int(view["seat"]), int(view["turn"]))
        if turn != self._turn:
            self._turn, self._turn_began = turn, now
        limits = []  # SLACK of each budget: what is left covers the work after the last look at the clock
        if self.budget_ms is not None:
            limits.append(now + SLACK * self.budget_ms / 1000.0)
        if self.turn_budget_ms is not None:
            limits.append(self._turn_began + SLACK * self.turn_budget_ms / 1000.0)
        return min(limits) if limits else None

    def choose(self, state: FtcState) -> FtcAction:
        """The chosen action for ``state.current_player`` (from its view only)."""
        seat = state.current_player
        assert seat is not None
        return self.choose_from_view(state.view_for(seat))

    def choose_from_view(self, view: Mapping[str, Any]) -> FtcAction:
        """The chosen action from the acting seat's view alone."""
        deadline = self.deadline(view)
        state = determinize(view, self.rng)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ranked = _ranked(state, int(view["seat"]), legal, deadline)
        best = [a for v, a in ranked if v >= ranked[0][0] - 1e-9]
        return self.rng.choice(best)


def _replies(state: FtcState, b: _Board, side: int) -> list[_Board]:
    """The boards after each plain order ``side`` could give on its next turn (marches and attacks of its
    units not barred, the other side's immune units spared; a deploy of each Barracks type to each square),
    and the board with none."""
    other = 1 - side
    seen = _shielded(b.board, b.immune[other], side)
    out = [b]
    for sq, p in enumerate(b.board):
        if p is None or p[0] != side or sq in b.barred[side]:
            continue
        for m in unit_moves(seen, sq):
            if m.swap and m.dest in b.immune[other]:
                continue
            out.append(_Board(_after(b.board, m), b.barracks, b.immune, b.barred, b.needs))
    for code in sorted(set(b.barracks[side])):
        left = list(b.barracks[side])
        left.remove(code)
        barracks = [left, b.barracks[other]] if side == 0 else [b.barracks[other], left]
        ranks = FIRST_RANK[side] + (SECOND_RANK[side] if BY_CODE[code].is_foot else ())
        for sq in ranks:
            if b.board[sq] is None:
                board = list(b.board)
                board[sq] = (side, code)
                out.append(_Board(board, barracks, b.immune, b.barred, b.needs))
    return out


class HardPlayer(NormalPlayer):
    """The normal player's measure with a look ahead on the board: in the order and action phases, each of
    the ``width`` best decisions (by `evaluate`) after which the opponent gives the next order is answered
    by every plain order it could give (public: its units and Barracks, never its hand), and scored by the
    worst of them with the seat to order after it. Buys and the decisions a card leaves as the normal
    player. Out of time, the decisions scored so far stand."""

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        *,
        budget_ms: float | None = 1000.0,
        turn_budget_ms: float | None = None,
        width: int = 6,
    ) -> None:
        super().__init__(seed, budget_ms=budget_ms, turn_budget_ms=turn_budget_ms)
        self.width = width

    def choose_from_view(self, view: Mapping[str, Any]) -> FtcAction:
        deadline = self.deadline(view)
        state = determinize(view, self.rng)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = int(view["seat"])
        ranked = _ranked(state, seat, legal, deadline)
        if state.phase not in ("order", "action") or state.pending is not None or ranked[0][0] >= WIN:
            best = [a for v, a in ranked if v >= ranked[0][0] - 1e-9]
            return self.rng.choice(best)
        scored: list[tuple[float, int, FtcAction]] = []
        for i, (value, action) in enumerate(ranked[: self.width]):
            if deadline is not None and scored and time.perf_counter() > deadline:
                break
            after = fast_clone(state)
            after.apply(action)
            if after.result is not None or next_mover(after) == seat:
                scored.append((value, i, action))
                continue
            cards = cards_value(after, seat)
            b = _board_of(after)
            b.immune[1 - seat] = set()  # the opponent's immunity ends as its turn begins
            b.barred[seat] = set()
            worst = float("inf")
            for n, reply in enumerate(_replies(after, b, 1 - seat)):
                if deadline is not None and scored and n % 8 == 7 and time.perf_counter() > deadline:
                    break  # out of time: this order is left unscored, the ones before it stand
                worst = min(worst, board_value(reply, seat, seat))
            else:
                scored.append((worst + cards, i, action))
                continue
            break
        scored.sort(key=lambda item: (-item[0], item[1]))
        return scored[0][2]


LEVELS: dict[str, tuple[str, float | None]] = {
    "easy": ("easy", None),
    "normal": ("normal", 300.0),
    "hard": ("hard", 1000.0),
}
"""Difficulty levels: player name and think time per decision (ms), as the other games' ``ai.LEVELS``."""
PLAYER_NAMES = ("easy", "normal", "hard")

FtcPlayer = EasyPlayer | NormalPlayer | HardPlayer


def make_player(
    level: str, seed: int = 0, *, budget_ms: float | None = None, turn_budget_ms: float | None = None
) -> FtcPlayer:
    """A player by level (``easy``, ``normal``, ``hard``); ``budget_ms`` overrides the level's think time
    per decision and ``turn_budget_ms`` its think time per turn (`TURN_BUDGETS`; upper bounds: the
    search is of fixed size, the time only cuts it short)."""
    key = level.strip().lower()
    if key in LEVELS:
        key, level_budget = LEVELS[key]
        if budget_ms is None:
            budget_ms = level_budget
    if key == "easy":
        return EasyPlayer(seed)
    if key == "normal":
        return NormalPlayer(seed, budget_ms=budget_ms, turn_budget_ms=turn_budget_ms)
    if key == "hard":
        return HardPlayer(seed, budget_ms=budget_ms, turn_budget_ms=turn_budget_ms)
    raise ValueError(f"unknown player {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = [
    "LEVELS",
    "TURN_BUDGETS",
    "EasyPlayer",
    "HardPlayer",
    "NormalPlayer",
    "determinize",
    "evaluate",
    "fast_clone",
    "make_player",
    "score",
]
