"""The card effects of For the Crown (``shared/rules/for-the-crown.md`` §4.3): per effect,
``_options_<effect>`` lists the argument words a play of the effect may take now (an empty list: the
effect cannot be played; ``[()]``: it is played with no choices; an effect of `NO_CHOICES` has none), and
``_resolve_<effect>`` carries it out.
An effect whose choices come after cards were drawn or revealed sets `FtcState.pending`; `pending_options`
and `resolve_pending` serve those decisions.

Arguments are notation words: a unit's march or attack as `engine.move_words` writes it (``Ro a1-a4``), a
deploy or placement as a unit code and a square (``Ro d1``; ``Qu d1-h5`` for a card that moves a unit
without its movement rules), a unit of the player's as `engine.unit_ref` (``Ro@a1``, ``Pa@barracks``), a
card by its id. D-FTC-9: a step that needs a unit chooses one for which it is possible; when none exists
the effect is still played (its "+N" grants happen) without that step, except where the card says it
cannot be used (Heir's order; Quartermaster's order with fewer than two empty first-rank squares).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..units import BY_CODE, parse_square, square_name
from .card_table import Effect
from .engine import (
    BARRACKS,
    FIRST_RANK,
    SECOND_RANK,
    IllegalActionError,
    has_class,
    move_words,
    neighbours,
    parse_ref,
    unit_ref,
)

if TYPE_CHECKING:
    from .engine import FtcState

Args = tuple[str, ...]
NO_CHOICE: list[Args] = [()]
NO_CHOICES = frozenset(
    {
        "gold", "legend", "train", "astrology", "destiny", "exec_draw", "false_orders_reveal", "onslaught",
        "refiner_gain", "refiner_morph", "sanctuary_draw", "scribes", "stables_draw", "vigilance",
    }
)  # fmt: skip
"""The effects played without a choice (those that draw first leave their choices pending)."""
SACRIFICE_GAIN = 6
"""Sacrifice gains a card costing at most this."""


def _sq(name: str) -> int:
    sq = parse_square(name)
    if sq is None:
        raise IllegalActionError(f"not a square: {name}")
    return sq


def _or_none(found: list[Args]) -> list[Args]:
    """The choices, or one play without a choice when there are none (D-FTC-9)."""
    return found or NO_CHOICE


def _own(state: FtcState, cls: str | None = None, *, orderable: bool = True) -> list[int]:
    """The squares of the acting seat's board units (of class ``cls``), those an order may use when
    ``orderable``."""
    seat = state.to_move
    out = []
    for sq in state.units_of(seat):
        p = state.board[sq]
        assert p is not None
        if (cls is None or has_class(p[1], cls)) and (not orderable or state.can_order(sq)):
            out.append(sq)
    return out


def _placements(state: FtcState, squares: Sequence[int], targets: Callable[[int], list[int]]) -> list[Args]:
    """``(code, "a1-b2")`` for each unit on ``squares`` and each square ``targets`` gives for it."""
    out: list[Args] = []
    for sq in squares:
        p = state.board[sq]
        assert p is not None
        out += [(p[1], f"{square_name(sq)}-{square_name(t)}") for t in targets(sq)]
    return out


def _placement(args: Args) -> tuple[int, int]:
    src, _, dst = args[1].partition("-")
    return _sq(src), _sq(dst)


def _deploys(state: FtcState, codes: Sequence[str], squares: Callable[[str], list[int]]) -> list[Args]:
    return [(c, square_name(sq)) for c in sorted(set(codes)) for sq in squares(c)]


def _do_deploy(state: FtcState, args: Args, *, ordered: bool) -> None:
    if args:
        sq = _sq(args[1])
        state.deploy(state.to_move, args[0], sq)
        if ordered:
            state.ordered.add(sq)


def _ordered_move(state: FtcState, args: Args, **kind: bool) -> int | None:
    """Carry out a card's march/attack named by ``args`` (nothing when empty); the unit becomes ordered.
    Its destination."""
    if not args:
        return None
    m, promo = state.find_move(args[0], args[1], **kind)
    state.do_move(m, promo)
    state.ordered.add(m.dest)
    return m.dest


def _moves_of(state: FtcState, squares: Sequence[int], **kind: bool) -> list[Args]:
    out: list[Args] = []
    for sq in squares:
        out += state.move_actions(sq, **kind)
    return out


def _hand(state: FtcState) -> list[str]:
    return state.hands[state.to_move]


def _grant(state: FtcState, *, cards: int = 0, orders: int = 0, actions: int = 0, buys: int = 0,
           gold: int = 0) -> None:  # fmt: skip
    """An effect's "+N" grants: the cards drawn first, then the pools."""
    state.draw(state.to_move, cards)
    state.orders += orders
    state.actions += actions
    state.buys += buys
    state.gold += gold


def _then_topdeck(state: FtcState, *, optional: bool) -> None:
    """Then a hand card goes face down on the deck (the player may keep them all when ``optional``)."""
    if _hand(state):
        state.pending = {"kind": "topdeck", "optional": optional}


def _training_cards(state: FtcState) -> list[str]:
    return sorted({c for c in _hand(state) if state.card(c).trains is not None})


# --- treasure ------------------------------------------------------------------------------------------
def _resolve_gold(state: FtcState, effect: Effect, args: Args) -> None:
    """+gold, +buys, and every card cheaper by ``discount`` this turn (Quartermaster)."""
    state.gold += int(effect.param("gold"))
    state.buys += int(effect.param("buys"))
    state.discount += int(effect.param("discount"))
    state.treasures += 1


def _resolve_legend(state: FtcState, effect: Effect, args: Args) -> None:
    """+1 gold per treasure effect played before it this turn."""
    state.gold += state.treasures
    state.treasures += 1


# --- training ------------------------------------------------------------------------------------------
def _resolve_train(state: FtcState, effect: Effect, args: Args) -> None:
    """Trash the card; the unit (×count) into the Barracks (§3.5; D-FTC-4: the Stock is untracked)."""
    cid = state.play.pop()
    state.trash_card(cid)
    unit, count = effect.params["unit"], int(effect.param("count", 1))
    for _ in range(count):
        state.to_barracks(state.to_move, unit)


# --- orders --------------------------------------------------------------------------------------------
def _options_guard_deploy(state: FtcState) -> list[Args]:
    """A Barracks unit onto an empty square next to a friendly Sovereign, or a plain deploy square
    (D-CARD-2)."""
    seat = state.to_move
    near = {n for sq in _own(state, "Sovereign", orderable=False) for n in neighbours(sq)}

    def squares(code: str) -> list[int]:
        free = {n for n in near if state.board[n] is None}
        return sorted(free | set(state.deploy_squares(seat, code)))

    return _or_none(_deploys(state, state.barracks[seat], squares))


def _resolve_guard_deploy(state: FtcState, effect: Effect, args: Args) -> None:
    _do_deploy(state, args, ordered=True)


def _options_squire_deploy(state: FtcState) -> list[Args]:
    """A Barracks unit of any class onto an empty square of the second rank."""
    seat = state.to_move
    free = [sq for sq in SECOND_RANK[seat] if state.board[sq] is None]
    return _or_none(_deploys(state, state.barracks[seat], lambda code: free))


_resolve_squire_deploy = _resolve_guard_deploy


def _options_academy(state: FtcState) -> list[Args]:
    """A Foot unit from the Barracks to the first or second rank; then +1 order."""
    seat = state.to_move
    foot = [c for c in state.barracks[seat] if BY_CODE[c].is_foot]
    return _or_none(_deploys(state, foot, lambda code: state.deploy_squares(seat, code)))


def _resolve_academy(state: FtcState, effect: Effect, args: Args) -> None:
    _do_deploy(state, args, ordered=True)
    state.orders += 1


def _options_armor(state: FtcState) -> list[Args]:
    """A Heavy unit marches (no attack)."""
    return _or_none(_moves_of(state, _own(state, "Heavy"), attacks=False))


def _resolve_armor(state: FtcState, effect: Effect, args: Args) -> None:
    """The march, then the unit is immune until the start of its owner's next turn."""
    dest = _ordered_move(state, args, attacks=False)
    if dest is not None:
        state.immune[state.to_move].add(dest)


def _resolve_astrology(state: FtcState, effect: Effect, args: Args) -> None:
    """+1 order, +1 buy, +1 gold; the opponent's hand is shown to the player (this turn, only to them)."""
    _grant(state, orders=1, buys=1, gold=1)
    state.seen_hand[state.to_move] = list(state.hands[1 - state.to_move])


def _options_aviary(state: FtcState) -> list[Args]:
    """A Regal unit onto any empty square no enemy unit attacks (§2.5)."""
    seat = state.to_move

    def targets(sq: int) -> list[int]:
        return [t for t in range(64) if state.board[t] is None and not state.threatened(t, seat, sq)]

    return _or_none(_placements(state, _own(state, "Regal"), targets))


def _resolve_aviary(state: FtcState, effect: Effect, args: Args) -> None:
    if args:
        src, dst = _placement(args)
        state.place(src, dst)
        state.ordered.add(dst)


def _options_bureaucracy(state: FtcState) -> list[Args]:
    """A Foot unit marches or attacks (it may promote); then +1 order."""
    return _or_none(_moves_of(state, _own(state, "Foot")))


def _resolve_bureaucracy(state: FtcState, effect: Effect, args: Args) -> None:
    _ordered_move(state, args)
    state.orders += 1


def _resolve_exec_draw(state: FtcState, effect: Effect, args: Args) -> None:
    """+2 cards, +1 action."""
    _grant(state, cards=2, actions=1)


def _options_false_orders(state: FtcState) -> list[Args]:
    """An enemy non-Sovereign unit marches or attacks as its owner could (it may capture the player's
    units, never its owner's)."""
    enemy = 1 - state.to_move
    squares = [
        sq
        for sq in state.units_of(enemy)
        if (p := state.board[sq]) is not None and not BY_CODE[p[1]].is_sovereign and sq not in state.ordered
    ]
    out: list[Args] = []
    for sq in squares:
        p = state.board[sq]
        assert p is not None
        out += [move_words(p[1], m) for m in state.moves(sq)]
    return _or_none(out)


def _resolve_false_orders(state: FtcState, effect: Effect, args: Args) -> None:
    """The move; the unit may not take orders on its owner's next turn; a Foot unit that reaches its
    owner's eighth rank may promote, the owner choosing (D-CARD-6)."""
    if not args:
        return
    enemy = 1 - state.to_move
    m, _ = state.find_move(args[0], args[1])
    state.do_move(m)
    state.ordered.add(m.dest)
    state.barred[enemy].add(m.dest)
    if len(state.promotions(args[0], m.dest, enemy)) > 1:
        state.pending = {"kind": "promote", "seat": enemy, "square": m.dest}


def _options_heir(state: FtcState) -> list[Args]:
    """A Sovereign marches (no attack) to a square no enemy attacks; cannot be used without one."""
    seat = state.to_move
    out: list[Args] = []
    for sq in _own(state, "Sovereign"):
        p = state.board[sq]
        assert p is not None
        out += [
            move_words(p[1], m)
            for m in state.moves(sq, attacks=False)
            if not m.swap and not state.threatened(m.dest, seat, sq)
        ]
    return out


def _resolve_heir(state: FtcState, effect: Effect, args: Args) -> None:
    _ordered_move(state, args, attacks=False)
    state.orders += 1


def _options_mourning(state: FtcState) -> list[Args]:
    """A Regal unit attacks."""
    return _or_none(_moves_of(state, _own(state, "Regal"), marches=False))


def _resolve_mourning(state: FtcState, effect: Effect, args: Args) -> None:
    """The attack; every enemy unit next to a captured unit's square may not take orders on its owner's
    next turn."""
    if not args:
        return
    enemy = 1 - state.to_move
    m, promo = state.find_move(args[0], args[1], marches=False)
    captured = state.do_move(m, promo)
    state.ordered.add(m.dest)
    for sq in captured:
        for n in neighbours(sq):
            p = state.board[n]
            if p is not None and p[0] == enemy:
                state.barred[enemy].add(n)


def _resolve_onslaught(state: FtcState, effect: Effect, args: Args) -> None:
    """Up to 4 Foot units, one at a time: board units march, Barracks units deploy (the pending steps)."""
    state.pending = {"kind": "onslaught", "left": 4}
    if not _onslaught_steps(state):
        state.pending = None


def _onslaught_steps(state: FtcState) -> list[Args]:
    seat = state.to_move
    out = _moves_of(state, _own(state, "Foot"), attacks=False)
    foot = [c for c in state.barracks[seat] if BY_CODE[c].is_foot]
    out += [("deploy", *d) for d in _deploys(state, foot, lambda code: state.deploy_squares(seat, code))]
    return out


def _options_quartermaster_deploy(state: FtcState) -> list[Args]:
    """Two Barracks units onto two empty first-rank squares (never the second); one if only one is in the
    Barracks (D-CARD-4); cannot be used with fewer than two empty first-rank squares."""
    seat = state.to_move
    free = [sq for sq in FIRST_RANK[seat] if state.board[sq] is None]
    if len(free) < 2:
        return []
    units = sorted(state.barracks[seat])
    if len(units) <= 1:
        return _or_none([(units[0], square_name(sq)) for sq in free] if units else [])
    pairs = sorted({(a, b) for a, b in combinations(units, 2)} | {(b, a) for a, b in combinations(units, 2)})
    out: list[Args] = []
    for s1, s2 in combinations(free, 2):
        for a, b in pairs:
            out.append((a, square_name(s1), b, square_name(s2)))
    return out


def _resolve_quartermaster_deploy(state: FtcState, effect: Effect, args: Args) -> None:
    for n in range(0, len(args), 2):
        _do_deploy(state, args[n : n + 2], ordered=True)


def _options_sanctuary(state: FtcState) -> list[Args]:
    """A Heavy unit marches to a square next to another friendly unit; then one friendly unit next to it
    (free to take an order) moves to an empty square next to the Heavy unit's new square."""
    seat = state.to_move
    out: list[Args] = []
    for sq in _own(state, "Heavy"):
        p = state.board[sq]
        assert p is not None
        for m in state.moves(sq, attacks=False):
            if m.swap:
                continue
            board = list(state.board)
            board[m.dest], board[sq] = board[sq], None
            friends = [n for n in neighbours(m.dest) if (q := board[n]) is not None and q[0] == seat]
            if not friends:
                continue
            first = move_words(p[1], m)
            seconds: list[Args] = []
            empty = [n for n in neighbours(m.dest) if board[n] is None]
            for f in friends:
                q = board[f]
                assert q is not None
                if f in state.ordered or f in state.barred[seat]:
                    continue
                seconds += [(q[1], f"{square_name(f)}-{square_name(t)}") for t in empty if t != f]
            out += [first + s for s in seconds] if seconds else [first]
    return _or_none(out)


def _resolve_sanctuary(state: FtcState, effect: Effect, args: Args) -> None:
    if not args:
        return
    _ordered_move(state, args[:2], attacks=False)
    if len(args) == 4:
        src, dst = _placement(args[2:])
        state.place(src, dst)
        state.ordered.add(dst)


def _resolve_sanctuary_draw(state: FtcState, effect: Effect, args: Args) -> None:
    """+2 cards, +1 order, +1 gold; then discard 2 cards (all, with fewer in hand)."""
    _grant(state, cards=2, orders=1, gold=1)
    left = min(2, len(_hand(state)))
    if left:
        state.pending = {"kind": "discard", "left": left}


def _options_stables_march(state: FtcState) -> list[Args]:
    """A Mounted unit marches, then the same unit marches again (required when it can, D-CARD-7)."""
    out: list[Args] = []
    for sq in _own(state, "Mounted"):
        p = state.board[sq]
        assert p is not None
        for m in state.moves(sq, attacks=False):
            saved = state.board[:]
            state.board[m.dest], state.board[sq] = state.board[sq], None
            seconds = state.moves(m.dest, attacks=False)
            state.board = saved
            first = f"{square_name(sq)}-{square_name(m.dest)}"
            out += [(p[1], f"{first}-{square_name(m2.dest)}") for m2 in seconds] or [(p[1], first)]
    return _or_none(out)


def _resolve_stables_march(state: FtcState, effect: Effect, args: Args) -> None:
    if not args:
        return
    squares = [_sq(s) for s in args[1].split("-")]
    for a, b in zip(squares, squares[1:], strict=False):
        state.place(a, b)
    state.ordered.add(squares[-1])


def _options_temple(state: FtcState) -> list[Args]:
    """A Pious unit marches (a Monk may promote); then +1 order."""
    return _or_none(_moves_of(state, _own(state, "Pious"), attacks=False))


def _resolve_temple(state: FtcState, effect: Effect, args: Args) -> None:
    _ordered_move(state, args, attacks=False)
    state.orders += 1


def _options_versatility(state: FtcState) -> list[Args]:
    """+1 order; discard 0 to 4 hand cards and draw as many (the choice: the cards, sorted)."""
    hand = sorted(_hand(state))
    out: set[Args] = set()
    for n in range(0, min(4, len(hand)) + 1):
        out.update(combinations(hand, n))
    return sorted(out, key=lambda a: (len(a), a))


def _resolve_versatility(state: FtcState, effect: Effect, args: Args) -> None:
    seat = state.to_move
    state.orders += 1
    for c in args:
        state.discard_from_hand(seat, c)
    state.draw(seat, len(args))


def _options_wish(state: FtcState) -> list[Args]:
    """+1 order; name any card of the table and dig the deck for it."""
    return [(c,) for c in state.table.cards]


def _resolve_wish(state: FtcState, effect: Effect, args: Args) -> None:
    """Cards are turned over from the deck until the named one (reshuffling the discard pile when the deck
    runs out; the revealed cards wait aside, D-CARD-8): it goes to the hand, the others to the discard
    pile; if it is not found, all go to the discard pile."""
    seat = state.to_move
    state.orders += 1
    revealed: list[str] = []
    found = None
    while (card := state.take_top(seat)) is not None:
        if card == args[0]:
            found = card
            break
        revealed.append(card)
    state.discards[seat].extend(revealed)
    if found is not None:
        state.hands[seat].append(found)
        state.hands[seat].sort()


def _options_wish_immunity(state: FtcState) -> list[Args]:
    """+1 order; any number of the player's Sovereigns on the board not yet ordered become ordered and
    immune until the start of their next turn (D-CARD-9); no card for an Order effect next turn."""
    squares = [square_name(sq) for sq in _own(state, "Sovereign")]
    out: list[Args] = []
    for n in range(len(squares) + 1):
        out += list(combinations(squares, n))
    return out


def _resolve_wish_immunity(state: FtcState, effect: Effect, args: Args) -> None:
    seat = state.to_move
    state.orders += 1
    for name in args:
        sq = _sq(name)
        state.ordered.add(sq)
        state.immune[seat].add(sq)
    state.no_order_cards_next[seat] = True


# --- actions -------------------------------------------------------------------------------------------
def _options_consort(state: FtcState) -> list[Args]:
    """A non-Sovereign unit (ordered or not) onto an empty square next to another friendly Regal unit."""
    regal = _own(state, "Regal", orderable=False)
    movers = [sq for sq in _own(state, orderable=False) if not _is(state, sq, "Sovereign")]

    def targets(sq: int) -> list[int]:
        out = {n for r in regal if r != sq for n in neighbours(r) if state.board[n] is None}
        return sorted(out)

    return _or_none(_placements(state, movers, targets))


def _is(state: FtcState, sq: int, cls: str) -> bool:
    p = state.board[sq]
    return p is not None and has_class(p[1], cls)


def _resolve_consort(state: FtcState, effect: Effect, args: Args) -> None:
    if args:
        src, dst = _placement(args)
        state.place(src, dst)


def _resolve_destiny(state: FtcState, effect: Effect, args: Args) -> None:
    """+1 card, +1 action; then trash a training card from the hand (required, D-CARD-3) and morph one of
    the player's units (board or Barracks) into its type."""
    _grant(state, cards=1, actions=1)
    if _training_cards(state):
        state.pending = {"kind": "morph", "barracks_only": False}


def _options_evangelism(state: FtcState) -> list[Args]:
    """A Pious unit from the Barracks onto an empty square next to a friendly Pious unit."""
    seat = state.to_move
    pious = [c for c in state.barracks[seat] if has_class(c, "Pious")]
    near = sorted(
        {n for sq in _own(state, "Pious", orderable=False) for n in neighbours(sq) if state.board[n] is None}
    )
    return _or_none(_deploys(state, pious, lambda code: near))


def _resolve_evangelism(state: FtcState, effect: Effect, args: Args) -> None:
    _do_deploy(state, args, ordered=False)


def _options_exec_deploy(state: FtcState) -> list[Args]:
    """A plain deploy paid for with an action (units trained this turn too, D-FTC-5)."""
    seat = state.to_move
    return _or_none(_deploys(state, state.barracks[seat], lambda code: state.deploy_squares(seat, code)))


_resolve_exec_deploy = _resolve_evangelism


def _resolve_false_orders_reveal(state: FtcState, effect: Effect, args: Args) -> None:
    """The opponent reveals their top card (a reshuffle first when their deck is empty); the player trashes
    it or puts it back."""
    enemy = 1 - state.to_move
    card = state.top_card(enemy)
    if card is not None:
        state.pending = {"kind": "reveal", "card": card}


def _options_fog(state: FtcState) -> list[Args]:
    """A Mounted unit marches (an action: ordered or barred units too)."""
    return _or_none(_moves_of(state, _own(state, "Mounted", orderable=False), attacks=False))


def _resolve_fog(state: FtcState, effect: Effect, args: Args) -> None:
    if args:
        m, _ = state.find_move(args[0], args[1], attacks=False)
        state.do_move(m)


def _resolve_refiner_morph(state: FtcState, effect: Effect, args: Args) -> None:
    """+1 card, +1 action; then trash a training card (required, D-CARD-3) and morph a Barracks unit."""
    _grant(state, cards=1, actions=1)
    if _training_cards(state):
        state.pending = {"kind": "morph", "barracks_only": True}


def _resolve_refiner_gain(state: FtcState, effect: Effect, args: Args) -> None:
    """+1 card, +1 action; then trash a hand card (required, D-CARD-5) and gain a card costing up to 2
    more."""
    _grant(state, cards=1, actions=1)
    if _hand(state):
        state.pending = {"kind": "refine"}


def _options_sacrifice(state: FtcState) -> list[Args]:
    """Discard a hand card, then gain a card costing at most 6."""
    gains = state.gainable(SACRIFICE_GAIN)
    out: list[Args] = []
    for c in sorted(set(_hand(state))):
        out += [(c, g) for g in gains] or [(c,)]
    return _or_none(out)


def _resolve_sacrifice(state: FtcState, effect: Effect, args: Args) -> None:
    seat = state.to_move
    if args:
        state.discard_from_hand(seat, args[0])
    if len(args) > 1:
        state.gain(seat, args[1])


def _resolve_scribes(state: FtcState, effect: Effect, args: Args) -> None:
    """+3 cards, +1 buy; then the player may put a hand card on top of the deck."""
    _grant(state, cards=3, buys=1)
    _then_topdeck(state, optional=True)


def _resolve_stables_draw(state: FtcState, effect: Effect, args: Args) -> None:
    """+2 cards, +1 action, +1 buy; then a hand card goes on top of the deck."""
    _grant(state, cards=2, actions=1, buys=1)
    _then_topdeck(state, optional=False)


def _options_subterfuge(state: FtcState) -> list[Args]:
    """Two of the player's units sharing a class exchange places (either may be in the Barracks)."""
    seat = state.to_move
    refs = state.unit_refs(seat)
    out: list[Args] = []
    for a, b in combinations(refs, 2):
        (ca, sa), (cb, sb) = parse_ref(a), parse_ref(b)
        if sa is None and sb is None:
            continue
        if BY_CODE[ca].classes & BY_CODE[cb].classes:
            out.append((a, b))
    return _or_none(out)


def _resolve_subterfuge(state: FtcState, effect: Effect, args: Args) -> None:
    if not args:
        return
    seat = state.to_move
    (ca, sa), (cb, sb) = parse_ref(args[0]), parse_ref(args[1])
    if sa is not None and sb is not None:
        state.swap(sa, sb)
        return
    board_sq, board_code, barracks_code = (sa, ca, cb) if sa is not None else (sb, cb, ca)
    assert board_sq is not None
    state.board[board_sq] = None
    state.clear_flags(board_sq)
    state.deploy(seat, barracks_code, board_sq)
    state.to_barracks(seat, board_code)


def _resolve_vigilance(state: FtcState, effect: Effect, args: Args) -> None:
    """+1 card, +1 action, +1 buy, +2 gold; then a hand card goes on top of the deck."""
    _grant(state, cards=1, actions=1, buys=1, gold=2)
    _then_topdeck(state, optional=False)


# --- dispatch ------------------------------------------------------------------------------------------
def options(state: FtcState, card_id: str, name: str) -> list[Args]:
    """The argument words a play of effect ``name`` (of card ``card_id``) may take now."""
    if name in NO_CHOICES:
        return NO_CHOICE
    fn: Callable[[FtcState], list[Args]] = globals()[f"_options_{name}"]
    return fn(state)


def resolve(state: FtcState, card_id: str, effect: Effect, args: Args) -> None:
    """Carry out ``effect`` of the just played ``card_id`` with the argument words ``args``."""
    fn: Callable[[FtcState, Effect, Args], None] = globals()[f"_resolve_{effect.name}"]
    fn(state, effect, args)


def pending_options(state: FtcState) -> list[Args]:
    """The decisions a pending effect leaves to take."""
    p = state.pending
    assert p is not None
    kind = p["kind"]
    hand = sorted(set(_hand(state)))
    if kind == "topdeck":
        out: list[Args] = [("topdeck", c) for c in hand]
        return out + [("keep",)] if p.get("optional") else out
    if kind == "discard":
        return [("discard", c) for c in hand]
    if kind == "reveal":
        return [("trash",), ("keep",)]
    if kind == "promote":
        sq = int(p["square"])
        piece = state.board[sq]
        assert piece is not None
        return [("promote", c or "none") for c in state.promotions(piece[1], sq, piece[0])]
    if kind == "onslaught":
        return _onslaught_steps(state) + [("done",)]
    if kind == "morph":
        refs = state.unit_refs(state.to_move, board=not p["barracks_only"])
        out = []
        for c in _training_cards(state):
            out += [("trash", c, "morph", r) for r in refs] or [("trash", c)]
        return out
    if kind == "refine":
        out = []
        for c in hand:
            out += [("trash", c, "gain", g) for g in state.gainable(state.cost(c) + 2)] or [("trash", c)]
        return out
    raise ValueError(f"unknown pending decision {kind!r}")


def resolve_pending(state: FtcState, words: Args) -> None:
    """Carry out one decision of the pending effect."""
    p = state.pending
    assert p is not None
    kind = p["kind"]
    seat = state.to_move
    state.pending = None
    if kind == "topdeck":
        if words[0] == "topdeck":
            state.put_on_deck(seat, words[1])
    elif kind == "discard":
        state.discard_from_hand(seat, words[1])
        if p["left"] > 1 and _hand(state):
            state.pending = {"kind": "discard", "left": p["left"] - 1}
    elif kind == "reveal":
        enemy = 1 - seat
        if words[0] == "trash":
            state.take_top(enemy)
            state.trash.append(p["card"])
        else:
            state.revealed_top[enemy] = p["card"]
    elif kind == "promote":
        if words[1] != "none":
            sq = int(p["square"])
            piece = state.board[sq]
            assert piece is not None
            state.board[sq] = (piece[0], words[1])
    elif kind == "onslaught":
        if words[0] == "done":
            return
        if words[0] == "deploy":
            sq = _sq(words[2])
            state.deploy(seat, words[1], sq)
            state.ordered.add(sq)
        else:
            _ordered_move(state, words, attacks=False)
        left = int(p["left"]) - 1
        state.pending = {"kind": "onslaught", "left": left}
        if left == 0 or not _onslaught_steps(state):
            state.pending = None
    elif kind in ("morph", "refine"):
        card = words[1]
        state.hands[seat].remove(card)
        state.trash_card(card)
        if len(words) == 4 and words[2] == "morph":
            trains = state.card(card).trains
            assert trains is not None
            state.morph(seat, words[3], trains[0])
        elif len(words) == 4:
            state.gain(seat, words[3])


def describe_pending(pending: dict[str, Any] | None) -> str | None:
    """A short English word for a pending decision (for logs and tests)."""
    return None if pending is None else str(pending["kind"])


__all__ = [
    "BARRACKS",
    "describe_pending",
    "options",
    "pending_options",
    "resolve",
    "resolve_pending",
    "unit_ref",
]
