"""The rules of Castles (docs/castles.md), pure: legal decisions and ``apply`` on immutable `Position` values,
with every random step (a round's bag draws, a Muster's draws, each attack's die) drawn inside ``apply``
from a generator keyed by the game's secret seed and the position's ``chance`` counter, and recorded in
the public log.

A round: the draws (hands filled to 4, 4 pieces of different types from each bag), the face-down picks
(seat 0 then seat 1: one simultaneous step that shows neither card before both are in), the reveal, the
first seat's turn and the second seat's turn. A turn is the card step (the revealed card's action, or
``skip``) then the pieces step (one action per drawn piece, in any order, until ``end``). Steps with
nothing to decide pass by themselves: a card that cannot be paid for, a turn without a legal action.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement

from .rules import (
    CAPTURE_TOKENS,
    CARD_CODES,
    CASTLES,
    EVENT_BY_CODE,
    HAND_SIZE,
    INCOME,
    KEY_AREAS,
    MAX_COINS,
    MUSTER_DRAWS,
    PIECES_DRAWN,
    PIECES_PER_TYPE,
    RECRUITS,
    ROUND_CAP,
    SABOTAGE_COINS,
    SIZE,
    START_BAG_SOLDIERS,
    START_COINS,
    START_HAND,
    SUDDEN_DEATH_ROUNDS,
    TAX_COINS,
    TOKENS_TO_WIN,
    UNIT_BY_CODE,
    UNIT_CODES,
    card_cost,
    is_unit_card,
)
from .state import (
    ALL_SQUARES,
    Board,
    Castle,
    LogEntry,
    PieceCounts,
    Position,
    Result,
    Roll,
    Side,
    Unit,
    evolve,
    square_coords,
    square_name,
)


class IllegalActionError(ValueError):
    """An action the rules do not allow in this position (the position is left as it was)."""


@dataclass(frozen=True, slots=True, order=True)
class CastlesAction:
    """One decision.

    ``verb``: "pick" (``card`` put face down), "deploy" (``unit`` onto ``target``), "move" (``unit`` from
    ``source`` to ``target``), "attack" (``unit`` on ``source`` at ``target``), "event" (``card``, an event
    without a square: Tax, Sabotage, Muster, Charge, or Recruit with the two reserve types in ``extra``),
    "skip" (decline the revealed card) or "end" (end the turn). A deploy, move or attack made with an event
    card (Reinforce, March, Command) names it in ``card``; one made with a unit card or a drawn piece has
    ``card`` "" (the step says which: the card step, then the pieces step).
    """

    verb: str
    card: str = ""
    unit: str = ""
    source: str = ""
    target: str = ""
    extra: tuple[str, ...] = ()


SKIP = CastlesAction("skip")
END = CastlesAction("end")


# --- the generator ----------------------------------------------------------------------------------------
def chance_rng(seed: int, chance: int) -> random.Random:
    """The generator of random step number ``chance`` of the game with ``seed`` (a player cannot tell it
    from anything shown: the seed never leaves the state)."""
    return random.Random(f"castles:{seed}:{chance}")


# --- geometry ---------------------------------------------------------------------------------------------
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
ARCHER_RANGE = tuple((2 * df, 2 * dr) for df, dr in ORTHOGONAL + DIAGONAL)


def _offset(square: str, df: int, dr: int) -> str | None:
    f, r = square_coords(square)
    f, r = f + df, r + dr
    return square_name(f, r) if 0 <= f < SIZE and 0 <= r < SIZE else None


_OFFSETS: dict[tuple[str, int, int], str | None] = {
    (sq, df, dr): _offset(sq, df, dr) for sq in ALL_SQUARES for df in range(-4, 5) for dr in range(-4, 5)
}


def offset(square: str, df: int, dr: int) -> str | None:
    """The square ``df`` files and ``dr`` ranks from ``square``, or None off the board."""
    key = (square, df, dr)
    return _OFFSETS[key] if key in _OFFSETS else _offset(square, df, dr)


def forward(seat: int) -> int:
    """The rank direction towards the other side: +1 for seat 0 (rank 1), −1 for seat 1 (rank 7)."""
    return 1 if seat == 0 else -1


def move_targets(board: Board, square: str, unit: Unit) -> list[str]:
    """The empty squares the unit on ``square`` may move to (D-CA-5)."""
    kind = unit.kind
    out: list[str] = []
    if kind == "So":
        steps: Iterable[tuple[int, int]] = ((0, forward(unit.owner)), (1, 0), (-1, 0))
    elif kind == "Kn":
        steps = KNIGHT
    elif kind == "Ch":
        steps = ORTHOGONAL + DIAGONAL
    else:
        steps = ORTHOGONAL
    for df, dr in steps:
        target = offset(square, df, dr)
        if target is not None and board.at(target) is None:
            out.append(target)
            if kind == "Sc":  # swift: a second square straight on, through an empty first one
                further = offset(square, 2 * df, 2 * dr)
                if further is not None and board.at(further) is None:
                    out.append(further)
    return sorted(out)


def attack_targets(board: Board, square: str, unit: Unit) -> list[str]:
    """The squares of the enemies the unit on ``square`` may attack (D-CA-5, D-CA-7)."""
    kind = unit.kind
    if kind == "Ar":
        steps: Iterable[tuple[int, int]] = ARCHER_RANGE
    elif kind == "Kn":
        steps = KNIGHT
    elif kind == "Ch":
        steps = ORTHOGONAL + DIAGONAL
    else:
        steps = ORTHOGONAL
    out = []
    for df, dr in steps:
        target = offset(square, df, dr)
        if target is None:
            continue
        enemy = board.at(target)
        if enemy is not None and enemy.owner != unit.owner:
            out.append(target)
    return sorted(out)


def attack_number(pos: Position, source: str, target: str) -> int:
    """The number a d6 must not exceed for the unit on ``source`` to beat the one on ``target``: its
    attack, +1 next to a friendly Standard-bearer, +1 under Charge, −1 against a Pikeman, within 0..6."""
    attacker = pos.board.at(source)
    defender = pos.board.at(target)
    assert attacker is not None and defender is not None
    number = UNIT_BY_CODE[attacker.kind].attack
    for df, dr in ORTHOGONAL:
        near = offset(source, df, dr)
        friend = pos.board.at(near) if near is not None else None
        if friend is not None and friend.owner == attacker.owner and friend.kind == "Bn":
            number += 1
            break
    if pos.charge:
        number += 1
    if defender.kind == "Pk":
        number -= 1
    return max(0, min(6, number))


def deploy_squares(pos: Position, seat: int) -> list[str]:
    """The empty squares ``seat`` may deploy onto: its castles not yet taken and the squares orthogonally
    next to them (a taken castle is no longer used, D-CA-9)."""
    squares: set[str] = set()
    for castle in pos.castles:
        if castle.owner != seat or castle.taken:
            continue
        squares.add(castle.square)
        for df, dr in ORTHOGONAL:
            near = offset(castle.square, df, dr)
            if near is not None:
                squares.add(near)
    return sorted(sq for sq in squares if pos.board.at(sq) is None)


# --- setting up -------------------------------------------------------------------------------------------
def new_position(seed: int) -> Position:
    """The start of a game: 4 soldiers in each bag, the other 28 pieces in reserve, 3 coins and 3 cards of
    a deck shuffled from the seed, and round 1's draws made (seat 0 to pick)."""
    rng = random.Random(f"castles:{seed}:decks")
    sides = []
    for _seat in (0, 1):
        deck = list(CARD_CODES)
        rng.shuffle(deck)
        reserve = PieceCounts.of(code for code in UNIT_CODES for _ in range(PIECES_PER_TYPE)).add(
            "So", -START_BAG_SOLDIERS
        )
        sides.append(
            Side(
                bag=PieceCounts.of(["So"] * START_BAG_SOLDIERS),
                reserve=reserve,
                hand=sort_cards(deck[:START_HAND]),
                deck=tuple(deck[START_HAND:]),
                coins=START_COINS,
            )
        )
    castles = tuple(Castle(sq, seat) for seat in (0, 1) for sq in CASTLES[seat])
    pos = Position(board=Board(), castles=castles, sides=(sides[0], sides[1]))
    return start_round(pos, seed)


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in the rules' order (unit cards first): how a hand is kept."""
    return tuple(sorted(cards, key=CARD_CODES.index))


def _log(pos: Position, seat: int | None, kind: str, text: str) -> Position:
    return evolve(pos, log=(*pos.log, LogEntry(pos.ply, seat, kind, text)))


def draw_pieces(pos: Position, seat: int, count: int, seed: int) -> Position:
    """``seat`` draws up to ``count`` more pieces from its bag, each of a type not drawn yet this round (a
    piece of a drawn type goes back and another is drawn: the same as drawing among the other types),
    each draw a recorded random step."""
    side = pos.side(seat)
    bag, drawn = side.bag, list(side.drawn)
    chance = pos.chance
    new: list[str] = []
    for _ in range(count):
        pool = [code for code in bag.pieces() if code not in drawn]
        if not pool:
            break
        code = chance_rng(seed, chance).choice(pool)
        chance += 1
        bag = bag.add(code, -1)
        drawn.append(code)
        new.append(code)
    pos = evolve(pos.with_side(seat, evolve(side, bag=bag, drawn=tuple(drawn))), chance=chance)
    return _log(pos, seat, "draw", "draw " + (" ".join(new) if new else "-"))


def _fill_hand(pos: Position, seat: int) -> Position:
    side = pos.side(seat)
    take = max(0, min(HAND_SIZE - len(side.hand), len(side.deck)))
    if not take:
        return pos
    side = evolve(side, hand=sort_cards((*side.hand, *side.deck[:take])), deck=side.deck[take:])
    pos = evolve(pos.with_side(seat, side), chance=pos.chance + 1)
    return _log(pos, seat, "deal", f"deal {take}")


def start_round(pos: Position, seed: int) -> Position:
    """A round begins: hands filled, pieces drawn, then the face-down picks (or, once the cards are out, in
    sudden death, the first turn: the seat that acted second last round acts first)."""
    pos = _log(pos, None, "round", f"round {pos.round}")
    for seat in (0, 1):
        pos = _fill_hand(pos, seat)
        pos = draw_pieces(pos, seat, PIECES_DRAWN, seed)
    if any(pos.side(seat).hand for seat in (0, 1)):
        first = 0 if pos.side(0).hand else 1
        return evolve(pos, phase="pick", step="pick", to_move=first, turn_from=pos.ply)
    order = (pos.order[1], pos.order[0])
    return start_turn(evolve(pos, order=order, turn=0, revealed=(None, None)), order[0], seed)


# --- the turn ----------------------------------------------------------------------------------------------
def start_turn(pos: Position, seat: int, seed: int) -> Position:
    """``seat``'s turn begins with its revealed card (or its drawn pieces when it has no card), passing
    over steps with nothing to decide."""
    card = pos.revealed[seat]
    pos = evolve(
        pos,
        phase="play",
        step="card" if card else "pieces",
        to_move=seat,
        acted=(),
        charge=False,
        turn_from=pos.ply,
    )
    return settle(pos, seed)


def settle(pos: Position, seed: int) -> Position:
    """Pass over what needs no decision: a card with no legal use (or that cannot be paid for) is discarded
    unpaid; a pieces step with only ``end`` left ends the turn."""
    while pos.result is None and pos.phase == "play":
        if pos.step == "card" and card_actions(pos) == [SKIP]:
            pos = _log(pos, pos.to_move, "card", f"unused {pos.revealed[pos.to_move]}")
            pos = evolve(pos, step="pieces")
            continue
        if pos.step == "pieces" and pieces_actions(pos) == [END]:
            pos = end_turn(pos, seed)
            continue
        break
    return pos


def end_turn(pos: Position, seed: int) -> Position:
    """The turn's end: unused drawn pieces back into the bag, 1 coin of income (never above 10), a token
    for each key area held; then the other seat's turn, or the round's end."""
    seat = pos.to_move
    side = pos.side(seat)
    back = [code for code in side.drawn if code not in side.deployed]
    bag = side.bag
    for code in back:
        bag = bag.add(code)
    coins = side.coins + (INCOME if side.coins < MAX_COINS and pos.treasury() >= INCOME else 0)
    pos = pos.with_side(seat, evolve(side, bag=bag, drawn=(), used=(), deployed=(), coins=coins))
    held = [sq for sq in KEY_AREAS if (u := pos.board.at(sq)) is not None and u.owner == seat]
    for square in held:
        pos = _gain_token(pos, seat, f"token {square}")
        if pos.result is not None:
            return pos
    pos = _log(pos, seat, "end", "end")
    if pos.turn == 0:
        return start_turn(evolve(pos, turn=1), pos.order[1], seed)
    return end_round(pos, seed)


def _gain_token(pos: Position, seat: int, text: str) -> Position:
    supply = CAPTURE_TOKENS - sum(s.tokens for s in pos.sides)
    if supply <= 0:  # cannot happen (D-CA-10), kept so that tokens are never made from nothing
        return pos
    side = pos.side(seat)
    pos = _log(pos.with_side(seat, evolve(side, tokens=side.tokens + 1)), seat, "token", text)
    if side.tokens + 1 >= TOKENS_TO_WIN:
        pos = _finish(pos, seat, "six_tokens")
    return pos


def _finish(pos: Position, winner: int | None, reason: str) -> Position:
    pos = _log(pos, winner, "over", reason)
    return evolve(pos, result=Result(winner, reason), phase="over", step="over")


def end_round(pos: Position, seed: int) -> Position:
    """The round's end: once both seats' cards are exhausted the game is decided on tokens, a tie going to
    sudden death (at most 4 rounds, D-CA-12); else the next round."""
    sides = [evolve(s, facedown=None) for s in pos.sides]
    pos = evolve(pos, sides=(sides[0], sides[1]), revealed=(None, None))
    if pos.sudden_death:
        if pos.sudden_death >= SUDDEN_DEATH_ROUNDS:
            return _finish(pos, None, "no_castle")
        pos = evolve(pos, sudden_death=pos.sudden_death + 1)
    elif all(s.cards_left() == 0 for s in pos.sides):
        a, b = (s.tokens for s in pos.sides)
        if a != b:
            return _finish(pos, 0 if a > b else 1, "most_tokens")
        pos = _log(evolve(pos, sudden_death=1), None, "tie", "sudden death")
    if pos.round >= ROUND_CAP:  # unreachable: 16 rounds of cards and 4 of sudden death come first
        return _finish(pos, None, "no_castle")
    return start_round(evolve(pos, round=pos.round + 1), seed)


# --- legal decisions -----------------------------------------------------------------------------------
def legal_actions(pos: Position) -> list[CastlesAction]:
    """The decisions of ``pos.to_move`` in a stable order (empty once the game is over)."""
    if pos.result is not None:
        return []
    if pos.phase == "pick":
        return [CastlesAction("pick", card) for card in dict.fromkeys(pos.side(pos.to_move).hand)]
    if pos.step == "card":
        return card_actions(pos)
    return pieces_actions(pos)


def _unit_actions(
    pos: Position, seat: int, kinds: Iterable[str] | None, *, moves: bool, attacks: bool, card: str = ""
) -> Iterator[CastlesAction]:
    wanted = None if kinds is None else set(kinds)
    for square, unit in pos.board.of(seat):
        if (wanted is not None and unit.kind not in wanted) or square in pos.acted:
            continue
        if moves:
            for target in move_targets(pos.board, square, unit):
                yield CastlesAction("move", card, unit.kind, square, target)
        if attacks:
            for target in attack_targets(pos.board, square, unit):
                yield CastlesAction("attack", card, unit.kind, square, target)


def _deploys(pos: Position, seat: int, kinds: Iterable[str], card: str = "") -> Iterator[CastlesAction]:
    squares = deploy_squares(pos, seat)
    for kind in kinds:
        for square in squares:
            yield CastlesAction("deploy", card, kind, "", square)


def card_actions(pos: Position) -> list[CastlesAction]:
    """The uses of the revealed card of the seat to act, then ``skip``; only ``skip`` when it cannot be
    paid for."""
    seat = pos.to_move
    side = pos.side(seat)
    card = pos.revealed[seat]
    assert card is not None
    out: list[CastlesAction] = []
    if side.coins >= card_cost(card):
        if is_unit_card(card):
            if side.reserve[card]:
                out += _deploys(pos, seat, [card])
            out += _unit_actions(pos, seat, [card], moves=True, attacks=True)
        else:
            out += _event_actions(pos, seat, card)
    return [*out, SKIP]


def _event_actions(pos: Position, seat: int, card: str) -> list[CastlesAction]:
    side = pos.side(seat)
    target = EVENT_BY_CODE[card].target
    if target == "recruit":
        types = side.reserve.types()
        size = min(RECRUITS, side.reserve.total())
        return (
            [
                CastlesAction("event", card, extra=combo)
                for combo in combinations_with_replacement(types, size)
                if all(side.reserve[code] >= combo.count(code) for code in combo)
            ]
            if size
            else []
        )
    if target == "move":
        return list(_unit_actions(pos, seat, None, moves=True, attacks=False, card=card))
    if target == "attack":
        return list(_unit_actions(pos, seat, None, moves=False, attacks=True, card=card))
    if target == "deploy":
        return list(_deploys(pos, seat, side.reserve.types(), card))
    if card == "Mu" and not any(code not in side.drawn for code in side.bag.types()):
        return []  # nothing left to muster
    return [CastlesAction("event", card)]


def pieces_actions(pos: Position) -> list[CastlesAction]:
    """For each drawn piece not yet used: deploy it, or move or attack with a unit of its type that has not
    acted; then ``end``."""
    seat = pos.to_move
    available = pos.side(seat).available()
    out = list(_deploys(pos, seat, available))
    out += _unit_actions(pos, seat, available, moves=True, attacks=True)
    return [*out, END]


# --- applying ----------------------------------------------------------------------------------------------
def apply(pos: Position, action: CastlesAction, seed: int, *, check: bool = True) -> Position:
    """The position after ``action`` (IllegalActionError unless it is legal); random steps come from the
    seed's generator at ``pos.chance`` onwards. ``check=False`` skips the legality test, for a caller that
    took ``action`` from `legal_actions` itself (the AI's playouts)."""
    if check and action not in legal_actions(pos):
        raise IllegalActionError(f"not a legal action now: {action!r}")
    seat = pos.to_move
    pos = evolve(pos, ply=pos.ply + 1)
    if action.verb == "pick":
        return _pick(pos, seat, action.card, seed)
    if action.verb == "end":
        return end_turn(_log(pos, seat, "action", "end"), seed)
    if pos.step == "card":
        card = pos.revealed[seat]
        assert card is not None
        if action.verb == "skip":
            pos = _log(pos, seat, "card", f"skip {card}")
        else:
            side = pos.side(seat)
            pos = pos.with_side(seat, evolve(side, coins=side.coins - card_cost(card)))
            pos = _act(pos, seat, action, seed)
        if pos.result is None:
            pos = evolve(pos, step="pieces")
    else:
        side = pos.side(seat)
        used = (*side.used, action.unit)
        deployed = (*side.deployed, action.unit) if action.verb == "deploy" else side.deployed
        pos = pos.with_side(seat, evolve(side, used=used, deployed=deployed))
        pos = _act(pos, seat, action, seed, from_bag=action.verb == "deploy")
    return settle(pos, seed)


def _pick(pos: Position, seat: int, card: str, seed: int) -> Position:
    side = pos.side(seat)
    hand = list(side.hand)
    hand.remove(card)
    pos = _log(pos.with_side(seat, evolve(side, hand=tuple(hand), facedown=card)), seat, "pick", "pick")
    other = 1 - seat
    if pos.side(other).hand and pos.side(other).facedown is None:
        return evolve(pos, to_move=other)
    return reveal(pos, seed)


def reveal(pos: Position, seed: int) -> Position:
    """Both face-down cards are turned over together; the higher cost acts first. On equal costs the seat
    that acted second last round acts first; in round 1 a die decides, 1-3 player 1, 4-6 player 2 (a
    recorded random step, D-CA-11)."""
    cards = (pos.side(0).facedown, pos.side(1).facedown)
    costs = [card_cost(c) if c else -1 for c in cards]
    if costs[0] != costs[1]:
        first = 0 if costs[0] > costs[1] else 1
    elif pos.round == 1:
        value = chance_rng(seed, pos.chance).randint(1, 6)
        first = 0 if value <= 3 else 1
        pos = _log(evolve(pos, chance=pos.chance + 1), None, "tie", f"tie roll {value}")
    else:
        first = pos.order[1]
    sides = [
        evolve(s, discard=(*s.discard, c) if c else s.discard) for s, c in zip(pos.sides, cards, strict=True)
    ]
    pos = evolve(pos, sides=(sides[0], sides[1]), revealed=cards, order=(first, 1 - first), turn=0)
    pos = _log(pos, None, "reveal", f"reveal {cards[0] or '-'} {cards[1] or '-'}")
    return start_turn(pos, first, seed)


def _act(pos: Position, seat: int, action: CastlesAction, seed: int, *, from_bag: bool = False) -> Position:
    """Carry out a deploy, move, attack or event of ``seat``."""
    verb = action.verb
    if verb == "event":
        return _event(pos, seat, action, seed)
    if verb == "deploy":
        if not from_bag:
            side = pos.side(seat)
            pos = pos.with_side(seat, evolve(side, reserve=side.reserve.add(action.unit, -1)))
        pos = evolve(pos, board=pos.board.place(action.target, Unit(seat, action.unit)))
        pos = evolve(pos, acted=(*pos.acted, action.target))
        return _log(pos, seat, "action", f"deploy {action.unit} {action.target}")
    if verb == "move":
        pos = evolve(pos, board=pos.board.move(action.source, action.target))
        pos = evolve(pos, acted=(*pos.acted, action.target))
        pos = _log(pos, seat, "action", f"{action.unit} {action.source}-{action.target}")
        return _enter(pos, seat, action.target)
    return _attack(pos, seat, action, seed)


def _enter(pos: Position, seat: int, square: str) -> Position:
    """A unit of ``seat`` has entered ``square``: an enemy castle not yet taken is taken (a token; both
    castles, or the first castle of sudden death, win)."""
    castle = pos.castle_at(square)
    if castle is None or castle.owner == seat or castle.taken:
        return pos
    castles = tuple(evolve(c, taken=True) if c.square == square else c for c in pos.castles)
    pos = _log(evolve(pos, castles=castles), seat, "castle", f"castle {square}")
    if all(c.taken for c in castles if c.owner != seat):
        return _finish(pos, seat, "both_castles")
    if pos.sudden_death:
        return _finish(pos, seat, "first_castle")
    return _gain_token(pos, seat, f"token {square}")


def _attack(pos: Position, seat: int, action: CastlesAction, seed: int) -> Position:
    source, target = action.source, action.target
    attacker, defender = pos.board.at(source), pos.board.at(target)
    assert attacker is not None and defender is not None
    needed = attack_number(pos, source, target)
    value = chance_rng(seed, pos.chance).randint(1, 6)
    roll = Roll(seat, attacker.kind, source, target, needed, value)
    pos = evolve(pos, chance=pos.chance + 1, last_roll=roll)
    word = "hits" if roll.success else "misses"
    pos = _log(pos, seat, "roll", f"{attacker.kind} {source}x{target} roll {value} needs {needed}: {word}")
    if roll.success:
        board = pos.board.remove(target)
        victor = pos.side(seat)
        pos = pos.with_side(seat, evolve(victor, bag=victor.bag.add(defender.kind)))  # loot (D-CA-8)
        if attacker.kind != "Ar":  # melee: the attacker takes the square
            board = board.move(source, target)
            pos = evolve(pos, board=board, acted=(*pos.acted, target))
            return _enter(pos, seat, target)
        return evolve(pos, board=board, acted=(*pos.acted, source))
    if attacker.kind == "Ax":  # reckless: the Axeman falls, loot of the defender
        other = pos.side(1 - seat)
        pos = pos.with_side(1 - seat, evolve(other, bag=other.bag.add("Ax")))
        return _log(evolve(pos, board=pos.board.remove(source)), seat, "fall", f"Ax {source} falls")
    return evolve(pos, acted=(*pos.acted, source))


def _event(pos: Position, seat: int, action: CastlesAction, seed: int) -> Position:
    card = action.card
    side = pos.side(seat)
    if card == "Tx":
        gain = max(0, min(TAX_COINS, MAX_COINS - side.coins, pos.treasury()))
        pos = pos.with_side(seat, evolve(side, coins=side.coins + gain))
    elif card == "Sb":
        other = pos.side(1 - seat)
        pos = pos.with_side(1 - seat, evolve(other, coins=other.coins - min(SABOTAGE_COINS, other.coins)))
    elif card == "Cg":
        pos = evolve(pos, charge=True)
    elif card == "Rc":
        reserve, bag = side.reserve, side.bag
        for code in action.extra:
            reserve, bag = reserve.add(code, -1), bag.add(code)
        pos = pos.with_side(seat, evolve(side, reserve=reserve, bag=bag))
    elif card == "Mu":
        pos = draw_pieces(pos, seat, MUSTER_DRAWS, seed)
    text = " ".join((card, *action.extra))
    return _log(pos, seat, "action", text)


# --- invariants ---------------------------------------------------------------------------------------------
TOTAL_PIECES = 2 * len(UNIT_CODES) * PIECES_PER_TYPE
"""Every piece of both colours: conserved between bags, reserves, drawn pieces and the board."""


def piece_total(pos: Position) -> int:
    """Pieces in bags, reserves, in front of the players (drawn, not deployed) and on the board."""
    total = len(pos.board.units)
    for side in pos.sides:
        total += side.bag.total() + side.reserve.total() + len(side.drawn) - len(side.deployed)
    return total


__all__ = [
    "CastlesAction",
    "END",
    "IllegalActionError",
    "SKIP",
    "TOTAL_PIECES",
    "apply",
    "attack_number",
    "attack_targets",
    "chance_rng",
    "deploy_squares",
    "legal_actions",
    "move_targets",
    "new_position",
    "piece_total",
]
