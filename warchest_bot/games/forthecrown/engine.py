"""For the Crown: the rules of the deck-building game (``shared/rules/for-the-crown.md`` §3, cards §4.3),
pure and without I/O.

A turn is many decisions of one seat, in four phases (§3.3): ``order`` (plain orders: march, attack,
deploy; or a card for its Order effect; each costs one order, a unit takes one order per turn), ``action``
(cards for their Action effects, training included), ``buy`` (treasures, then purchases from the Supply)
and housekeeping (discard everything, draw 5), which ``end`` in the buy phase does before the win check
and the next turn. ``end`` also closes the order and action phases; a phase with nothing left to do but
``end`` (no orders left; no action a card could be played for) closes by itself. A card effect that needs
a choice made after cards were drawn or revealed leaves a *pending* decision (`FtcState.pending`) that
comes before anything else, e.g. which card Stables puts back on the deck.

Shuffles happen inside ``apply`` from the state's own seeded RNG (`warchest_bot.games.turns`); a test
position can fix their outcomes in advance (``forced_shuffles``, see `FtcState.from_json`).

Actions are `FtcAction` values: the words of their canonical notation (`notation`). The effects of the
cards are in `effects`, one pair of functions per effect.

Decisions followed (§3.14, §4.3): D-FTC-1 Kings on e1/e8; D-FTC-2 seat 0 moves first (the service seats
the players at random); D-FTC-3 resources carry forward; D-FTC-4 the Stock is untracked (training and
morphs always succeed); D-FTC-5 units trained this turn may be deployed by actions; D-FTC-6 treasures before
the first purchase; D-FTC-7 a draw with deck and discard empty does nothing; D-FTC-8 promotion to the types
the Supply's cards train; D-FTC-9 impossible parts are skipped; D-FTC-10 the owner knows cards they put on
their deck; D-FTC-11 unlimited Barracks; D-FTC-12 a morph keeps the unit's flags; D-FTC-13 both without a
Sovereign is a draw; D-FTC-14 a turn cap (default 400 turns) draws.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import BadOptionsError, GameStateDefaults
from ..units import BY_CODE, UnitMove, parse_square, square_name, unit_moves
from .card_table import ACTION, ORDER, TREASURE, Card, CardTable, load_table, standard_table

Piece = tuple[int, str]
FIRST_RANK: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(range(0, 8)), tuple(range(56, 64)))
SECOND_RANK: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(range(8, 16)), tuple(range(48, 56)))
LAST_ROW: tuple[int, int] = (7, 0)
"""The board row (square // 8) of each seat's relative eighth rank."""
KING_SQUARES = (4, 60)
"""e1 and e8 (D-FTC-1)."""
HAND_SIZE = 5
FIRST_GAME = (
    "armor",
    "bureaucracy",
    "evangelism",
    "heir",
    "legend",
    "patronage",
    "quartermaster",
    "refiner",
    "stables",
    "versatility",
)
"""The rulebook's suggested variable stacks for a first game (§3.2)."""
SUPPLIES = ("first-game", "random", "chosen")
EXTRA_TURNS_LIMIT = 5
TURN_CAP_LIMIT = 5000
PHASES = ("supply", "stand", "crown", "order", "action", "buy", "over")
DEFENDER, ATTACKER = 0, 1
"""The Last Stand's seats (§11.5): the Defender moves first, so it sits on rank 1."""
STAND_GOLD = 40
STAND_PAWNS = 10
BARRACKS = "barracks"


def neighbours(square: int) -> list[int]:
    """The up to 8 squares adjacent to ``square``."""
    x, y = square % 8, square // 8
    return [
        (y + dy) * 8 + x + dx
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < 8 and 0 <= y + dy < 8
    ]


def has_class(code: str, cls: str) -> bool:
    """Whether unit type ``code`` belongs to class ``cls`` (§2.1)."""
    return cls in BY_CODE[code].classes


# --- options, actions, results -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FtcOptions:
    """How a game is set up. ``supply``: "first-game" (the rulebook's suggested set), "random", or
    "chosen" (the players choose the variable stacks one at a time in turn, seat 0 first, §3.2 "by
    agreement"); ``variable``: how many variable stacks (10, more with §11.3); ``squire``: 1 = each deck has
    a Squire for a Guard (§11.1); ``anointed``: 1 = each player starts with an Anointed instead of a King
    (§11.2); ``turn_cap``: total turns after which the game is a draw (D-FTC-14). A handicap (§11.4) for
    the seat ``handicap``: ``extra_turns`` turns of its own before the usual alternation (seat 0 first), and
    ``extra_units``, units it starts with: comma-separated codes, each in its Barracks or ``@`` a square
    (``"Qu,Ro@a1"``). ``last_stand``: 1 = the scenario of §11.5 (see `FtcState`)."""

    supply: str = "first-game"
    variable: int = 10
    squire: int = 0
    anointed: int = 0
    turn_cap: int = 400
    handicap: int = 1
    extra_turns: int = 0
    extra_units: str = ""
    last_stand: int = 0

    def units(self) -> list[tuple[str, int | None]]:
        """The handicap's ``extra_units`` as (code, square or None for the Barracks)."""
        out: list[tuple[str, int | None]] = []
        for part in filter(None, (p.strip() for p in self.extra_units.split(","))):
            code, _, where = part.partition("@")
            square = parse_square(where) if where else None
            if code not in BY_CODE or (where and square is None):
                raise BadOptionsError("error.bad_options", f"extra_units: {part!r} is not a unit[@square]")
            out.append((code, square))
        return out

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        return {f: getattr(self, f) for f in self.__slots__}

    @classmethod
    def from_mapping(cls, options: Mapping[str, Any]) -> FtcOptions:
        """Options from their stored form (missing: defaults); `BadOptionsError` for a value the rules
        cannot play."""
        full = {**cls().to_dict(), **{k: v for k, v in options.items() if k in cls.__slots__}}
        if full["supply"] not in SUPPLIES:
            raise BadOptionsError("error.bad_options", f"supply: one of {SUPPLIES}")

        def number(name: str, low: int, high: int) -> int:
            value = full[name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise BadOptionsError("error.bad_options", f"{name} must be an integer from {low} to {high}")
            return value

        return cls(
            supply=full["supply"],
            variable=number("variable", 10, 26),
            squire=number("squire", 0, 1),
            anointed=number("anointed", 0, 1),
            turn_cap=number("turn_cap", 2, TURN_CAP_LIMIT),
            handicap=number("handicap", 0, 1),
            extra_turns=number("extra_turns", 0, EXTRA_TURNS_LIMIT),
            extra_units=_extra_units(full["extra_units"]),
            last_stand=number("last_stand", 0, 1),
        )


def _extra_units(value: Any) -> str:
    if not isinstance(value, str):
        raise BadOptionsError("error.bad_options", "extra_units is text")
    units = FtcOptions(extra_units=value).units()
    squares = [sq for _, sq in units if sq is not None]
    if len(set(squares)) != len(squares) or set(squares) & set(KING_SQUARES):
        raise BadOptionsError("error.bad_options", "extra_units: one unit per square, not on e1 or e8")
    return value


@dataclass(frozen=True, slots=True, order=True)
class FtcAction:
    """One decision: the words of its canonical notation, e.g. ``("Pa", "e2-e4")``, ``("deploy", "Ro",
    "d1")``, ``("play", "tower", "gold")``, ``("buy", "heir")``, ``("end",)``."""

    words: tuple[str, ...]

    @property
    def kind(self) -> str:
        """The first word (a unit code for a plain march or attack)."""
        return self.words[0]

    @property
    def text(self) -> str:
        """The canonical notation."""
        return " ".join(self.words)

    def __str__(self) -> str:
        return self.text


def act(*words: str) -> FtcAction:
    """The action of ``words``."""
    return FtcAction(tuple(words))


END = act("end")


@dataclass(frozen=True, slots=True)
class FtcResult:
    """How a game ended: the winning seat (None: a draw) and the reason word."""

    winner: int | None
    reason: str


class IllegalActionError(ValueError):
    """`FtcState.apply` was given an action that is not legal now (nothing changed)."""


def move_words(code: str, m: UnitMove, promote: str | None = None) -> tuple[str, str]:
    """The notation of a unit's march or attack: ``("Pa", "e2-e4")``, ``("Kn", "b1xc3")``, a Spy swap
    ``("Sp", "e4<>e1")``, an Oracle's shot at the square it hits, a promotion ``"e7-e8=Qu"``."""
    sep = "<>" if m.swap else "x" if m.captures else "-"
    target = m.captures[0] if m.dest == m.origin and m.captures else m.dest
    promo = f"={promote}" if promote else ""
    return code, f"{square_name(m.origin)}{sep}{square_name(target)}{promo}"


def unit_ref(square: int | None, code: str) -> str:
    """How notation names one of a player's units: ``Ro@a1`` on the board, ``Ro@barracks`` in it."""
    return f"{code}@{BARRACKS if square is None else square_name(square)}"


def parse_ref(ref: str) -> tuple[str, int | None]:
    """(code, square or None for the Barracks) of a `unit_ref`."""
    code, _, where = ref.partition("@")
    return code, None if where == BARRACKS else parse_square(where)


# --- the state -----------------------------------------------------------------------------------------
class FtcState(GameStateDefaults):
    """One position of For the Crown, mid-turn included. Zones: ``decks`` (top first), ``hands`` (sorted),
    ``discards`` (top last), ``play`` (cards the seat to act played this turn), ``trash``, ``supply``
    (cards left per stack, in the Supply's order), ``board`` and ``barracks``. Per-turn pools: ``orders``,
    ``actions``, ``buys``, ``gold`` and ``discount``. Unit flags are sets of squares and move with their
    units: ``ordered`` (this turn), ``barred[seat]`` (that seat may not order them on its turn),
    ``immune[seat]`` (that seat's units, until its next turn).

    The Last Stand (§11.5, option ``last_stand``): the Defender (seat 0) starts with 10 Pawns in its
    Barracks, no cards and 40 gold to recruit units before play (phase ``stand``: ``recruit <card>`` buys
    the units a card trains for the card's cost, any card of the table but the Immortal's, D-FTC-15;
    ``done`` once it has a Sovereign; then phase ``crown``: ``crown Ki e1`` puts one Sovereign on its first
    rank, the rest stays in the Barracks). The Attacker (seat 1) has the usual deck and no units, cannot
    lose and needs no Sovereign; cards it trashes go back to their Supply stacks (a card without a stack is
    trashed). The Defender moves first and has an order phase only, with one more order, ``evacuate Ro@d4``
    (a board unit back to its Barracks); its units never enter its eighth rank, and the Attacker's units on
    the Attacker's first rank cannot be captured. The game ends when the Defender has no Sovereign on the
    board at the end of a turn; the score is the Attacker's turns (``attacker_turns``)."""

    def __init__(self, options: FtcOptions | Mapping[str, Any] | None = None, seed: int = 0,
                 table: CardTable | None = None) -> None:  # fmt: skip
        self.options = options if isinstance(options, FtcOptions) else FtcOptions.from_mapping(options or {})
        self.table = table or standard_table()
        self.rng = random.Random(seed)
        self.forced_shuffles: list[list[str]] = []
        self._ply = 0
        self.turn = 0
        self.turn_ply = 0
        """The ply at which the turn under way began (a turn: one seat's decisions, mid-turn decisions of the
        other seat included, e.g. False Orders' promotion; each choice of a chosen Supply is a turn)."""
        self.to_move = 0
        self.result: FtcResult | None = None
        self.board: list[Piece | None] = [None] * 64
        self.barracks: list[list[str]] = [[], []]
        sovereign = "An" if self.options.anointed else "Ki"
        stand = bool(self.options.last_stand)
        for seat, sq in enumerate(KING_SQUARES):
            if not stand:
                self.board[sq] = (seat, sovereign)
        self.stand_gold = STAND_GOLD if stand else 0
        self.attacker_turns = 0
        if stand:
            self.barracks[DEFENDER] = ["Pa"] * STAND_PAWNS
        for code, square in self.options.units():
            if square is None:
                self.to_barracks(self.options.handicap, code)
            else:
                self.board[square] = (self.options.handicap, code)
        variable = list(self.table.of_role("variable"))
        if self.options.variable > len(variable):
            raise BadOptionsError("error.bad_options", "the card table has too few variable cards")
        if self.options.supply == "chosen":
            chosen = []
        elif self.options.supply == "first-game" and self.options.variable == len(FIRST_GAME):
            chosen = [c for c in FIRST_GAME if c in self.table.cards]
            extra = [c for c in variable if c not in chosen]
            chosen += self.rng.sample(extra, len(FIRST_GAME) - len(chosen))
        else:
            chosen = self.rng.sample(variable, self.options.variable)
        order = list(self.table.of_role("core")) + sorted(chosen, key=list(self.table.cards).index)
        self.supply: dict[str, int] = {c: self.table[c].pile for c in order}
        self.trash: list[str] = []
        self.play: list[str] = []
        self.discards: list[list[str]] = [[], []]
        self.hands: list[list[str]] = [[], []]
        self.decks: list[list[str]] = []
        for _ in range(2):
            deck = ["peon"] * 6 + ["guard"] * 4
            if self.options.squire and "squire" in self.table.cards:
                deck[-1] = "squire"
            self.rng.shuffle(deck)
            self.decks.append(deck)
        self.known_top = [0, 0]
        """How many cards on top of each deck their owner knows (D-FTC-10)."""
        self.revealed_top: list[str | None] = [None, None]
        """A card on top of a deck that both players saw (False Orders' action, put back)."""
        self.seen_hand: list[list[str] | None] = [None, None]
        """The opponent's hand a seat saw this turn (Astrology)."""
        self.barred: list[set[int]] = [set(), set()]
        self.immune: list[set[int]] = [set(), set()]
        self.ordered: set[int] = set()
        self.no_order_cards = False
        self.no_order_cards_next = [False, False]
        self.pending: dict[str, Any] | None = None
        self.phase = "order"
        self.orders = self.actions = self.buys = self.gold = self.discount = self.treasures = 0
        self.bought = False
        if stand:
            self.decks[DEFENDER] = []
        for seat in (0, 1):
            self.draw(seat, HAND_SIZE)
        self.opening = [self.options.handicap] * self.options.extra_turns + [0]
        """The seats of the turns still to come before the usual alternation (§11.4 extra turns)."""
        if self.options.supply == "chosen":
            self.phase = "supply"
        else:
            self._begin_play()

    # --- small queries -------------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        """Decisions applied since the start."""
        return self._ply

    @property
    def current_player(self) -> int | None:
        """The seat to decide: a pending decision's seat (False Orders' promotion: the unit's owner), else
        the seat whose turn it is; None once over."""
        if self.result is not None:
            return None
        if self.pending is not None:
            return int(self.pending.get("seat", self.to_move))
        return self.to_move

    def card(self, card_id: str) -> Card:
        """The card ``card_id`` of this game's table."""
        return self.table[card_id]

    def cost(self, card_id: str) -> int:
        """What ``card_id`` costs now (Quartermaster's discount applied, never below 0)."""
        return max(0, self.table[card_id].cost - self.discount)

    def has_sovereign(self, seat: int) -> bool:
        """Whether ``seat`` has a Sovereign on the board."""
        return any(p is not None and p[0] == seat and BY_CODE[p[1]].is_sovereign for p in self.board)

    def units_of(self, seat: int) -> list[int]:
        """The squares of ``seat``'s units on the board, ascending."""
        return [sq for sq, p in enumerate(self.board) if p is not None and p[0] == seat]

    def can_order(self, square: int) -> bool:
        """Whether the unit on ``square`` may be the subject of an order now (§3.4): not ordered this turn,
        not barred for its owner."""
        p = self.board[square]
        return p is not None and square not in self.ordered and square not in self.barred[p[0]]

    def trainable(self) -> list[str]:
        """The unit types some Supply card trains (promotion's choices, D-FTC-8), in the rules' order."""
        codes = {t[0] for c in self.supply if (t := self.table[c].trains) is not None}
        return [code for code in BY_CODE if code in codes]

    def promotions(self, code: str, dest: int, owner: int) -> list[str | None]:
        """The promotion choices of a ``code`` unit of ``owner`` that marched or attacked onto ``dest``:
        [None] (no promotion) unless it is a Foot unit on its eighth rank, then None and every trainable
        type but its own (D-MV-9: optional)."""
        if not BY_CODE[code].is_foot or dest // 8 != LAST_ROW[owner]:
            return [None]
        return [None, *(c for c in self.trainable() if c != code)]

    def moves(self, square: int, *, marches: bool = True, attacks: bool = True) -> list[UnitMove]:
        """The marches and attacks of the unit on ``square`` by its owner's rules. Immune units cannot be
        captured and block like friendly units (§3.10, D-MV-4)."""
        p = self.board[square]
        if p is None:
            return []
        owner = p[0]
        protected = self.immune[1 - owner]
        if self.options.last_stand and owner == DEFENDER:
            first = FIRST_RANK[ATTACKER]
            protected = protected | {
                sq for sq in first if (q := self.board[sq]) is not None and q[0] == ATTACKER
            }
        board: Sequence[Piece | None] = self.board
        if protected:
            shield = list(board)
            for sq in protected:
                shield[sq] = (owner, "Ki")
            board = shield
        out = []
        barred_row = LAST_ROW[DEFENDER] if self.options.last_stand and owner == DEFENDER else None
        for m in unit_moves(board, square):
            if m.swap and m.dest in protected:
                continue
            if m.dest // 8 == barred_row:
                continue
            if attacks if m.captures else marches:
                out.append(m)
        return out

    def move_actions(self, square: int, **kind: bool) -> list[tuple[str, ...]]:
        """The notation words of every march/attack of the unit on ``square`` (``kind``: as `moves`), a
        promotion once per choice."""
        p = self.board[square]
        assert p is not None
        out: list[tuple[str, ...]] = []
        for m in self.moves(square, **kind):
            promos = [None] if m.swap else self.promotions(p[1], m.dest, p[0])
            out.extend(move_words(p[1], m, promo) for promo in promos)
        return out

    def find_move(self, code: str, text: str, **kind: bool) -> tuple[UnitMove, str | None]:
        """The move and promotion that ``(code, text)`` (`move_words`) names."""
        body, _, promo = text.partition("=")
        origin = parse_square(body[:2])
        assert origin is not None
        for m in self.moves(origin, **kind):
            if move_words(code, m)[1] == body:
                return m, promo or None
        raise IllegalActionError(f"no such move: {code} {text}")

    def threatened(self, square: int, mover: int, origin: int | None) -> bool:
        """Whether an enemy of the unit from ``origin`` (None: not on the board) would attack ``square``
        once it stands there (§2.5, D-MV-10: geometry only, restrictions and immunity ignored)."""
        board = list(self.board)
        piece = board[origin] if origin is not None else (mover, "Ki")
        if origin is not None:
            board[origin] = None
        board[square] = piece
        for sq, p in enumerate(board):
            if p is not None and p[0] != mover and any(square in m.captures for m in unit_moves(board, sq)):
                return True
        return False

    def deploy_squares(self, seat: int, code: str) -> list[int]:
        """The empty squares a plain deploy of ``code`` may use: the first rank, the second too for Foot."""
        ranks = FIRST_RANK[seat] + (SECOND_RANK[seat] if BY_CODE[code].is_foot else ())
        return sorted(sq for sq in ranks if self.board[sq] is None)

    # --- zones -----------------------------------------------------------------------------------------
    def shuffle_discard(self, seat: int) -> None:
        """The discard pile shuffled into a new deck (below any cards still in the deck). Uses the next of
        ``forced_shuffles`` when a test position fixed it (it must hold exactly the discard's cards)."""
        pile = sorted(self.discards[seat])
        self.discards[seat] = []
        if self.forced_shuffles:
            forced = self.forced_shuffles.pop(0)
            if sorted(forced) != pile:
                raise IllegalActionError(f"the fixed shuffle {forced} is not the discard pile {pile}")
            pile = list(forced)
        else:
            self.rng.shuffle(pile)
        self.decks[seat].extend(pile)

    def top_card(self, seat: int) -> str | None:
        """The top card of ``seat``'s deck, shuffling the discard pile in when the deck is empty (None: both
        empty, D-FTC-7)."""
        if not self.decks[seat]:
            if not self.discards[seat]:
                return None
            self.shuffle_discard(seat)
        return self.decks[seat][0]

    def take_top(self, seat: int) -> str | None:
        """Remove and return ``seat``'s top card (`top_card`)."""
        card = self.top_card(seat)
        if card is not None:
            self.decks[seat].pop(0)
            self.known_top[seat] = max(0, self.known_top[seat] - 1)
            self.revealed_top[seat] = None
        return card

    def draw(self, seat: int, n: int) -> None:
        """``seat`` draws ``n`` cards (§3.7: a reshuffle when the deck runs out; nothing when both are
        empty)."""
        hand = self.hands[seat]
        for _ in range(n):
            card = self.take_top(seat)
            if card is None:
                break
            hand.append(card)
        hand.sort()

    def put_on_deck(self, seat: int, card: str) -> None:
        """A card from ``seat``'s hand onto its deck, face down; the owner knows it (D-FTC-10)."""
        self.hands[seat].remove(card)
        self.decks[seat].insert(0, card)
        self.known_top[seat] += 1
        self.revealed_top[seat] = None

    def discard_from_hand(self, seat: int, card: str) -> None:
        """A card from ``seat``'s hand onto its discard pile."""
        self.hands[seat].remove(card)
        self.discards[seat].append(card)

    def trash_card(self, card: str) -> None:
        """A card the seat to act trashes goes to the Trash (in the Last Stand, the Attacker's back to its
        Supply stack when it has one)."""
        if self.options.last_stand and self.to_move == ATTACKER and card in self.supply:
            self.supply[card] += 1
        else:
            self.trash.append(card)

    def gain(self, seat: int, card: str) -> None:
        """A card from its Supply stack onto ``seat``'s discard pile."""
        self.supply[card] -= 1
        self.discards[seat].append(card)

    def gainable(self, most: int) -> list[str]:
        """The Supply cards left that cost at most ``most`` now, in the Supply's order."""
        return [c for c, n in self.supply.items() if n > 0 and self.cost(c) <= most]

    # --- units -----------------------------------------------------------------------------------------
    def _relocate(self, src: int, dst: int) -> None:
        for flags in (self.ordered, *self.barred, *self.immune):
            if src in flags:
                flags.discard(src)
                flags.add(dst)

    def clear_flags(self, square: int) -> None:
        """A unit left ``square`` for the Barracks or the Stock: its flags go with it."""
        for flags in (self.ordered, *self.barred, *self.immune):
            flags.discard(square)

    def place(self, src: int, dst: int) -> None:
        """Move the unit on ``src`` to the empty ``dst``, flags and all (a march, or a card's move)."""
        self.board[dst] = self.board[src]
        self.board[src] = None
        self._relocate(src, dst)

    def swap(self, a: int, b: int) -> None:
        """Exchange the units on ``a`` and ``b`` with their flags."""
        self.board[a], self.board[b] = self.board[b], self.board[a]
        flags_a = [a in f for f in (self.ordered, *self.barred, *self.immune)]
        flags_b = [b in f for f in (self.ordered, *self.barred, *self.immune)]
        for f, fa, fb in zip((self.ordered, *self.barred, *self.immune), flags_a, flags_b, strict=True):
            f.discard(a)
            f.discard(b)
            if fa:
                f.add(b)
            if fb:
                f.add(a)

    def to_barracks(self, seat: int, code: str) -> None:
        """A unit of ``code`` into ``seat``'s Barracks."""
        self.barracks[seat].append(code)
        self.barracks[seat].sort()

    def deploy(self, seat: int, code: str, square: int) -> None:
        """A unit from ``seat``'s Barracks onto the empty ``square``."""
        self.barracks[seat].remove(code)
        self.board[square] = (seat, code)

    def do_move(self, m: UnitMove, promote: str | None = None) -> list[int]:
        """Carry out a march or attack (captures first: an Immortal to its owner's Barracks, any other to
        the Stock), then a promotion; the squares captured on."""
        for sq in m.captures:
            victim = self.board[sq]
            assert victim is not None
            self.board[sq] = None
            self.clear_flags(sq)
            if victim[1] == "Im":
                self.to_barracks(victim[0], "Im")
        mover = self.board[m.origin]
        assert mover is not None
        if m.swap:
            self.swap(m.origin, m.dest)
        elif m.dest != m.origin:
            self.place(m.origin, m.dest)
        if promote is not None:
            self.board[m.dest] = (mover[0], promote)
        return list(m.captures)

    def morph(self, seat: int, ref: str, code: str) -> None:
        """The unit ``ref`` (`unit_ref`) of ``seat`` becomes a ``code`` (flags kept, D-FTC-12)."""
        old, square = parse_ref(ref)
        if square is None:
            self.barracks[seat].remove(old)
            self.to_barracks(seat, code)
        else:
            self.board[square] = (seat, code)

    def unit_refs(self, seat: int, *, board: bool = True, barracks: bool = True) -> list[str]:
        """Every unit of ``seat`` as a `unit_ref` (Barracks entries once per type)."""
        out = []
        if board:
            out += [unit_ref(sq, p[1]) for sq in self.units_of(seat) if (p := self.board[sq]) is not None]
        if barracks:
            out += [unit_ref(None, c) for c in sorted(set(self.barracks[seat]))]
        return out

    # --- turns -----------------------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.to_move = seat
        self.turn_ply = self._ply
        self.phase = "order"
        self.orders = self.actions = self.buys = 1
        self.gold = self.discount = self.treasures = 0
        self.bought = False
        self.ordered = set()
        self.immune[seat] = set()
        self.no_order_cards = self.no_order_cards_next[seat]
        self.no_order_cards_next[seat] = False
        self.seen_hand = [None, None]

    def _end_turn(self) -> None:
        """Housekeeping (§3.7), the win check (§3.12), the turn cap, the next turn."""
        seat = self.to_move
        self.discards[seat].extend(sorted(self.hands[seat]))
        self.discards[seat].extend(self.play)
        self.hands[seat] = []
        self.play = []
        self.draw(seat, HAND_SIZE)
        self.barred[seat] = set()
        self.turn += 1
        mine, theirs = self.has_sovereign(seat), self.has_sovereign(1 - seat)
        if self.options.last_stand:
            self.attacker_turns += seat == ATTACKER
            if not self.has_sovereign(DEFENDER):
                self.result = FtcResult(ATTACKER, "last_stand")
            elif self.turn >= self.options.turn_cap:
                self.result = FtcResult(None, "turn_cap")
        elif not mine and not theirs:
            self.result = FtcResult(None, "sovereigns")
        elif not theirs or not mine:
            self.result = FtcResult(seat if mine else 1 - seat, "sovereign")
        elif self.turn >= self.options.turn_cap:
            self.result = FtcResult(None, "turn_cap")
        if self.result is not None:
            self.phase = "over"
            return
        self._start_turn(self.opening.pop(0) if self.opening else 1 - seat)

    def _choose_stack(self, card: str) -> None:
        """A variable stack chosen for the Supply; the seats take turns until it is complete, then play
        begins (the Supply in the table's order)."""
        self.supply[card] = self.table[card].pile
        if len(self.supply) - len(self.table.of_role("core")) < self.options.variable:
            self.to_move = 1 - self.to_move
            self.turn_ply = self._ply
            return
        cards = list(self.table.cards)
        self.supply = dict(sorted(self.supply.items(), key=lambda item: cards.index(item[0])))
        self._begin_play()

    def _begin_play(self) -> None:
        """The Supply is complete: the Last Stand's recruiting, or the first turn."""
        if self.options.last_stand:
            self.phase = "stand"
            self.to_move = DEFENDER
        else:
            self._start_turn(self.opening.pop(0))

    def _advance(self) -> None:
        """Close a phase with nothing left to do but ``end`` (order: no orders; action: no card to play
        for an action)."""
        while self.pending is None and self.result is None and self.phase in ("order", "action"):
            if self.phase == "order" and self.orders > 0:
                return
            if self.options.last_stand and self.to_move == DEFENDER:
                self._end_turn()  # the Defender has an order phase only
                return
            if self.phase == "action" and self.actions > 0 and self._card_plays(ACTION):
                return
            self.phase = "action" if self.phase == "order" else "buy"

    # --- legal actions ---------------------------------------------------------------------------------
    def legal_actions(self) -> list[FtcAction]:
        """Every decision the seat to act may take now, in a stable order (empty once over)."""
        if self.result is not None:
            return []
        from . import effects

        if self.pending is not None:
            return [FtcAction(w) for w in effects.pending_options(self)]
        seat = self.to_move
        out: list[tuple[str, ...]] = []
        if self.phase == "supply":
            return [act("choose", c) for c in self.table.of_role("variable") if c not in self.supply]
        if self.phase == "stand":
            return [act(*w) for w in self._stand_actions()]
        if self.phase == "crown":
            sovereigns = sorted({c for c in self.barracks[DEFENDER] if BY_CODE[c].is_sovereign})
            return [act("crown", c, square_name(sq)) for c in sovereigns for sq in FIRST_RANK[DEFENDER]]
        if self.phase == "order":
            if self.orders > 0:
                for sq in self.units_of(seat):
                    if self.can_order(sq):
                        out += self.move_actions(sq)
                for code in sorted(set(self.barracks[seat])):
                    out += [("deploy", code, square_name(sq)) for sq in self.deploy_squares(seat, code)]
                if self.options.last_stand and seat == DEFENDER:
                    out += [("evacuate", unit_ref(sq, p[1])) for sq in self.units_of(seat)
                            if self.can_order(sq) and (p := self.board[sq]) is not None]  # fmt: skip
                if not self.no_order_cards:
                    out += self._card_plays(ORDER)
        elif self.phase == "action":
            if self.actions > 0:
                out += self._card_plays(ACTION)
        elif self.phase == "buy":
            if not self.bought:
                out += self._card_plays(TREASURE)
            if self.buys > 0:
                out += [("buy", c) for c in self.gainable(self.gold)]
        out.append(END.words)
        return [FtcAction(w) for w in out]

    def _stand_actions(self) -> list[tuple[str, ...]]:
        """The Defender's recruiting (§11.5): any card that trains a unit but the Immortal, for its cost
        (not a card that costs nothing: the house Peon would give endless Pawns), never spending the gold a
        Sovereign still needs; ``done`` once a Sovereign is recruited (gold left over is lost)."""
        recruits = [
            c
            for c in self.table.cards.values()
            if (t := c.trains) is not None and t[0] != "Im" and c.cost > 0
        ]
        crowned = any(BY_CODE[c].is_sovereign for c in self.barracks[DEFENDER])
        crowns = [c.cost for c in recruits if BY_CODE[c.trains[0]].is_sovereign]  # type: ignore[index]
        out: list[tuple[str, ...]] = []
        for card in recruits:
            assert card.trains is not None
            if card.cost > self.stand_gold:
                continue
            # the Defender must recruit a Sovereign: never spend the gold it needs for one
            left = self.stand_gold - card.cost
            if crowned or BY_CODE[card.trains[0]].is_sovereign or not crowns or left >= min(crowns):
                out.append(("recruit", card.id))
        if crowned or not crowns:
            out.append(("done",))
        return out

    def _card_plays(self, phase: str) -> list[tuple[str, ...]]:
        from . import effects

        out: list[tuple[str, ...]] = []
        hand = self.hands[self.to_move]
        for cid in sorted(set(hand)):
            hand.remove(cid)  # the choices are made with the card played: out of the hand
            try:
                for e in self.table[cid].effects:
                    if e.phase == phase:
                        out += [("play", cid, e.name, *args) for args in effects.options(self, cid, e.name)]
            finally:
                hand.append(cid)
                hand.sort()
        return out

    # --- applying --------------------------------------------------------------------------------------
    def apply(self, action: FtcAction) -> None:
        """Play one legal action; `IllegalActionError` (a ValueError, nothing changed) for any other."""
        if action not in self.legal_actions():
            raise IllegalActionError(f"not a legal action now: {action}")
        from . import effects

        self._ply += 1
        words = action.words
        seat = self.to_move
        if self.pending is not None:
            effects.resolve_pending(self, words)
        elif words[0] == "choose":
            self._choose_stack(words[1])
            return
        elif self.phase == "stand":
            if words[0] == "done":
                self.phase = "crown"
            else:
                card = self.table[words[1]]
                trains = card.trains
                assert trains is not None
                self.stand_gold -= card.cost
                for _ in range(trains[1]):
                    self.to_barracks(DEFENDER, trains[0])
            return
        elif self.phase == "crown":
            self.stand_gold = 0
            sq = parse_square(words[2])
            assert sq is not None
            self.deploy(DEFENDER, words[1], sq)
            self._start_turn(self.opening.pop(0))
            return
        elif words[0] == "evacuate":
            code, sq = parse_ref(words[1])
            assert sq is not None
            self.orders -= 1
            self.board[sq] = None
            self.clear_flags(sq)
            self.to_barracks(seat, code)
        elif words == END.words:
            if self.phase == "buy":
                self._end_turn()
                return
            self.phase = "action" if self.phase == "order" else "buy"
        elif words[0] == "deploy":
            sq = parse_square(words[2])
            assert sq is not None
            self.orders -= 1
            self.deploy(seat, words[1], sq)
            self.ordered.add(sq)
        elif words[0] == "buy":
            self.buys -= 1
            self.gold -= self.cost(words[1])
            self.bought = True
            self.gain(seat, words[1])
        elif words[0] == "play":
            cid, name = words[1], words[2]
            effect = self.table[cid].effect(name)
            assert effect is not None
            if effect.phase == ORDER:
                self.orders -= 1
            elif effect.phase == ACTION:
                self.actions -= 1
            self.hands[seat].remove(cid)
            self.play.append(cid)
            effects.resolve(self, cid, effect, words[3:])
        else:
            m, promo = self.find_move(words[0], words[1])
            self.orders -= 1
            self.do_move(m, promo)
            self.ordered.add(m.dest)
        self._advance()

    # --- what a seat may see ---------------------------------------------------------------------------
    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see (§3.11): the board, the Barracks, the Supply, every
        discard pile, the Trash and the cards played this turn; its own hand and the cards it knows on top
        of its own deck; of the other hand and of the decks only counts, and per seat the cards in hand and
        deck together (``unseen``, sorted: what anyone who watched every gain, trash and discard can
        count). Never a deck's order, the seed or the RNG. A pending decision's data is public (False
        Orders' revealed card is shown to both)."""
        return {
            "game": "forthecrown",
            "seat": seat,
            "options": self.options.to_dict(),
            "table": self.table.name,
            "cards": copy.deepcopy(dict(self.table.data)),
            "phase": self.phase,
            "to_move": self.current_player,
            "turn_of": self.to_move,
            "ply": self._ply,
            "turn": self.turn,
            "board": [None if p is None else [p[0], p[1]] for p in self.board],
            "barracks": [list(b) for b in self.barracks],
            "supply": dict(self.supply),
            "costs": {c: self.cost(c) for c in self.supply},
            "discards": [list(d) for d in self.discards],
            "trash": list(self.trash),
            "play": list(self.play),
            "deck_counts": [len(d) for d in self.decks],
            "hand_counts": [len(h) for h in self.hands],
            "unseen": [sorted(self.hands[n] + self.decks[n]) for n in (0, 1)],
            "hand": None if seat is None else list(self.hands[seat]),
            "known_top": None if seat is None else self.decks[seat][: self.known_top[seat]],
            "revealed_top": list(self.revealed_top),
            "seen_hand": None if seat is None else self.seen_hand[seat],
            "pools": {
                "orders": self.orders,
                "actions": self.actions,
                "buys": self.buys,
                "gold": self.gold,
                "treasures": self.treasures,
            },
            "discount": self.discount,
            "bought": self.bought,
            "ordered": sorted(self.ordered),
            "barred": [sorted(b) for b in self.barred],
            "immune": [sorted(i) for i in self.immune],
            "no_order_cards": self.no_order_cards,
            "no_order_cards_next": list(self.no_order_cards_next),
            "stand_gold": self.stand_gold,
            "attacker_turns": self.attacker_turns,
            "pending": copy.deepcopy(self.pending),
            "result": None
            if self.result is None
            else {"winner": self.result.winner, "reason": self.result.reason},
        }

    # --- positions -------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole position as JSON data, hidden zones and the RNG included (never show it to a player).
        `from_json` reads it back; a hand-written position may leave out ``rng`` (then a seed of 0) and
        give ``forced_shuffles``: the outcomes of the next shuffles, in order."""
        version, internal, gauss = self.rng.getstate()
        return {
            "game": "forthecrown",
            "options": self.options.to_dict(),
            "table": copy.deepcopy(dict(self.table.data)),
            "ply": self._ply,
            "turn": self.turn,
            "turn_ply": self.turn_ply,
            "to_move": self.to_move,
            "phase": self.phase,
            "result": None if self.result is None else [self.result.winner, self.result.reason],
            "board": {square_name(sq): [p[0], p[1]] for sq, p in enumerate(self.board) if p is not None},
            "barracks": [list(b) for b in self.barracks],
            "supply": [[c, n] for c, n in self.supply.items()],
            "decks": [list(d) for d in self.decks],
            "hands": [list(h) for h in self.hands],
            "discards": [list(d) for d in self.discards],
            "play": list(self.play),
            "trash": list(self.trash),
            "pools": {
                "orders": self.orders,
                "actions": self.actions,
                "buys": self.buys,
                "gold": self.gold,
                "discount": self.discount,
                "treasures": self.treasures,
                "bought": self.bought,
            },
            "ordered": [square_name(s) for s in sorted(self.ordered)],
            "barred": [[square_name(s) for s in sorted(b)] for b in self.barred],
            "immune": [[square_name(s) for s in sorted(i)] for i in self.immune],
            "no_order_cards": self.no_order_cards,
            "no_order_cards_next": list(self.no_order_cards_next),
            "known_top": list(self.known_top),
            "revealed_top": list(self.revealed_top),
            "seen_hand": [None if h is None else list(h) for h in self.seen_hand],
            "pending": copy.deepcopy(self.pending),
            "forced_shuffles": [list(f) for f in self.forced_shuffles],
            "opening": list(self.opening),
            "stand_gold": self.stand_gold,
            "attacker_turns": self.attacker_turns,
            "rng": [version, list(internal), gauss],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FtcState:
        """The position `to_json` wrote (or one written by hand in its format)."""
        s = cls.__new__(cls)
        s.options = FtcOptions.from_mapping(data.get("options", {}))
        s.table = load_table(data["table"]) if "table" in data else standard_table()
        s.rng = random.Random(0)
        if data.get("rng") is not None:
            version, internal, gauss = data["rng"]
            s.rng.setstate((version, tuple(internal), gauss))
        s.forced_shuffles = [list(f) for f in data.get("forced_shuffles", [])]
        s.opening = [int(x) for x in data.get("opening", [])]
        s.stand_gold = int(data.get("stand_gold", 0))
        s.attacker_turns = int(data.get("attacker_turns", 0))
        s._ply = int(data.get("ply", 0))
        s.turn = int(data.get("turn", 0))
        s.turn_ply = int(data.get("turn_ply", s._ply))
        s.to_move = int(data.get("to_move", 0))
        s.phase = str(data.get("phase", "order"))
        r = data.get("result")
        s.result = None if r is None else FtcResult(r[0], r[1])
        s.board = [None] * 64
        for name, (owner, code) in data.get("board", {}).items():
            sq = parse_square(name)
            if sq is None or code not in BY_CODE:
                raise ValueError(f"bad board entry {name}: {code}")
            s.board[sq] = (int(owner), str(code))
        s.barracks = [sorted(b) for b in data.get("barracks", [[], []])]
        s.supply = {str(c): int(n) for c, n in data.get("supply", [])}
        s.decks = [list(d) for d in data.get("decks", [[], []])]
        s.hands = [sorted(h) for h in data.get("hands", [[], []])]
        s.discards = [list(d) for d in data.get("discards", [[], []])]
        s.play = list(data.get("play", []))
        s.trash = list(data.get("trash", []))
        for zone in (*s.decks, *s.hands, *s.discards, s.play, s.trash, s.supply):
            for c in zone:
                if c not in s.table.cards:
                    raise ValueError(f"no card {c!r} in the table")
        pools = data.get("pools", {})
        s.orders = int(pools.get("orders", 1))
        s.actions = int(pools.get("actions", 1))
        s.buys = int(pools.get("buys", 1))
        s.gold = int(pools.get("gold", 0))
        s.discount = int(pools.get("discount", 0))
        s.treasures = int(pools.get("treasures", 0))
        s.bought = bool(pools.get("bought", False))

        def squares(names: Iterable[str]) -> set[int]:
            return {sq for n in names if (sq := parse_square(n)) is not None}

        s.ordered = squares(data.get("ordered", []))
        s.barred = [squares(b) for b in data.get("barred", [[], []])]
        s.immune = [squares(i) for i in data.get("immune", [[], []])]
        s.no_order_cards = bool(data.get("no_order_cards", False))
        s.no_order_cards_next = [bool(x) for x in data.get("no_order_cards_next", [False, False])]
        s.known_top = [int(x) for x in data.get("known_top", [0, 0])]
        s.revealed_top = list(data.get("revealed_top", [None, None]))
        s.seen_hand = [None if h is None else list(h) for h in data.get("seen_hand", [None, None])]
        s.pending = copy.deepcopy(data.get("pending"))
        return s

    def clone(self) -> FtcState:
        """An independent copy, RNG included (the card table, which never changes, is shared)."""
        return copy.deepcopy(self, {id(self.table): self.table})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FtcState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def new_game(options: FtcOptions | Mapping[str, Any] | None = None, seed: int = 0,
             table: CardTable | None = None) -> FtcState:  # fmt: skip
    """A new game of ``options`` with every random step drawn from ``seed``, on ``table`` (default: the
    shipped one)."""
    return FtcState(options, seed, table)


__all__ = [
    "END",
    "FIRST_GAME",
    "FIRST_RANK",
    "LAST_ROW",
    "SECOND_RANK",
    "FtcAction",
    "FtcOptions",
    "FtcResult",
    "FtcState",
    "IllegalActionError",
    "act",
    "move_words",
    "neighbours",
    "new_game",
    "parse_ref",
    "unit_ref",
]
