"""The game state and its rules: setup, turn order, the nine actions, attributes and follow-up decisions.

Everything a game needs lives in :class:`GameState`. Zones are count lists indexed by coin type (see
:mod:`units`), the board is a list of stacks indexed by hex (see :mod:`geometry`), and every decision a
player makes — including follow-ups such as the Swordsman's free move or a Royal Guard soak — is an
:class:`Action` returned by :meth:`GameState.legal_actions` for :attr:`GameState.current_player`.

Randomness (initiative flip, unit deal, draft pool, every bag draw) comes from a splitmix64 generator whose
whole state is one integer kept in the game state, so a game replays exactly from its options and action
list, and a saved position keeps drawing the same coins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from . import decrees, tactics
from .actions import (
    ATTACK,
    BOLSTER,
    CLAIM,
    CONTROL,
    DECLINE,
    DEPLOY,
    FORTIFY,
    MOVE,
    NO_COIN,
    PASS,
    PICK,
    PROCLAIM,
    RECRUIT,
    SOAK,
    TACTIC,
    Action,
)
from .geometry import BOARDS, Board
from .tables import (
    BOLSTER_ACTIONS,
    CLAIM_ACTIONS,
    CONTROL_ACTIONS,
    DEPLOY_ACTIONS,
    NEIGHBOR_ATTACKS,
    NEIGHBOR_MOVES,
    NEIGHBOR_STEPS,
    PASS_ACTIONS,
    RECRUIT_ACTIONS,
)
from .units import (
    BASE_UNITS,
    EXPANSION_UNITS,
    FIRST_GAME_SETS_2P,
    FIRST_GAME_SETS_4P,
    FOOTMAN,
    NUM_COIN_TYPES,
    ROYAL,
    ROYAL_GUARD,
    SAPPER,
    UNITS,
)

HAND_SIZE = 3
UNIT_SELECTIONS = ("first-game", "random", "draft")
ROYAL_GUARD_VERSIONS = ("revised", "original")
EXPANSIONS = ("nobility", "siege")
"""Expansions a game may add (``Options.expansions``, comma-separated); docs/war-chest-expansions.md."""
_MASK = (1 << 64) - 1

# Per-unit flags as tuples for the hot paths.
_NORMAL_ATTACK = tuple(u.normal_attack for u in UNITS)
_NEEDS_BOLSTERED = tuple(u.attackable_only_by_bolstered for u in UNITS)
_REFLEX = tuple(u.reflex for u in UNITS)
_SOAK = tuple(u.supply_soak for u in UNITS)
_MAX_UNITS = tuple(u.max_units for u in UNITS)
_NEAR_FRIENDS = tuple(u.deploys_near_friends for u in UNITS)
_MOVE_AFTER_ATTACK = tuple(u.move_after_attack for u in UNITS)
_DRAW_AFTER = tuple(u.draw_after_attack_or_control for u in UNITS)
_CHAIN = tuple(u.chain_after_maneuver for u in UNITS)
_ON_RECRUIT = tuple(u.maneuver_on_recruit for u in UNITS)
_NEEDS_UNBOLSTERED = tuple(u.attackable_only_by_unbolstered for u in UNITS)
_PUSH = tuple(u.push_after_maneuver for u in UNITS)
_MOVE_AFTER_DEPLOY = tuple(u.move_after_deploy for u in UNITS)
_HERALD = next(u.id for u in UNITS if u.maneuver_after_proclaim)
_SIEGE_TACTIC = tuple(u.siege_tactic for u in UNITS)
_BUILDS = tuple(u.builds_forts for u in UNITS)
_BOLSTER_ON_DEPLOY = tuple(u.bolster_on_deploy for u in UNITS)
_WAGON = next(u.id for u in UNITS if u.takes_hits)
_AFTER_MOVE = tuple(a or b or c for a, b, c in zip(_CHAIN, _PUSH, _BUILDS, strict=True))
"""Whether a unit's move may be followed by a decision (Berserker chain, Bannerman push, Sapper fort)."""
_GENERATORS = tuple(tactics.GENERATORS.get(u) for u in range(NUM_COIN_TYPES))
_AFTER = {n: tuple(tuple((turn + k) % n for k in range(1, n + 1)) for turn in range(n)) for n in (2, 4)}
"""_AFTER[players][turn]: the seats in turn order after ``turn``, ending with ``turn`` itself."""
FORT_COINS = 7
"""Siege: the fort coins in the box (docs/war-chest-expansions.md); those not on the board are the pool."""


def _refill(bag: list[int], up: list[int], down: list[int], kinds: tuple[int, ...]) -> int:
    """The empty ``bag`` becomes the whole discard (both faces), which is emptied (lists kept in place);
    ``kinds``: the only coin types these zones hold. Returns the bag's new total."""
    total = 0
    for u in kinds:
        if c := up[u] + down[u]:
            bag[u] = c
            total += c
            up[u] = down[u] = 0
    return total


class GameError(Exception):
    """Base class of the engine's errors."""


class IllegalActionError(GameError):
    """An action that is not legal in this state; the state is unchanged."""


class OptionsError(GameError, ValueError):
    """Invalid game options."""


@dataclass(frozen=True)
class Options:
    """How a game is set up. Together with the action list, this reproduces a game exactly."""

    players: int = 2
    units: str = "random"
    royal_guard: str = "revised"
    max_rounds: int = 200
    seed: int = 0
    expansions: str = ""
    """Comma-separated expansions in play ("" or "none" for the base game, "nobility", "siege"): their units join
    the random deal and the draft, Nobility deals Royal Decrees and Siege places forts."""
    forts: int = 4
    """Siege: fort coins placed at setup (a map: pairs of locations facing each other), 0, 2, 4 or 6."""
    sapper_bolstered: bool = False
    """Siege: whether the Sapper's tactic, like the siege tactics, needs the Sapper bolstered."""

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise OptionsError(f"players must be 2 or 4, not {self.players!r}")
        if self.units not in UNIT_SELECTIONS:
            raise OptionsError(f"units must be one of {', '.join(UNIT_SELECTIONS)}, not {self.units!r}")
        if self.royal_guard not in ROYAL_GUARD_VERSIONS:
            raise OptionsError(f"royal_guard must be 'revised' or 'original', not {self.royal_guard!r}")
        if not isinstance(self.max_rounds, int) or self.max_rounds < 1:
            raise OptionsError(f"max_rounds must be a positive integer, not {self.max_rounds!r}")
        if not isinstance(self.seed, int) or not 0 <= self.seed <= _MASK:
            raise OptionsError("seed must be an integer between 0 and 2**64-1")
        if not isinstance(self.expansions, str):
            raise OptionsError("expansions must be a comma-separated string")
        # "none" is the game option's word for no expansion (stored games' options say it)
        names = [
            e.strip().lower() for e in self.expansions.split(",") if e.strip().lower() not in ("", "none")
        ]
        for e in names:
            if e not in EXPANSIONS:
                raise OptionsError(f"expansions may name {', '.join(EXPANSIONS)}, not {e!r}")
        object.__setattr__(self, "expansions", ",".join(e for e in EXPANSIONS if e in names))
        if self.forts not in (0, 2, 4, 6):
            raise OptionsError(f"forts must be 0, 2, 4 or 6, not {self.forts!r}")
        if not isinstance(self.sapper_bolstered, bool):
            raise OptionsError("sapper_bolstered must be true or false")

    @property
    def nobility(self) -> bool:
        return "nobility" in self.expansions.split(",")

    @property
    def siege(self) -> bool:
        return "siege" in self.expansions.split(",")

    @property
    def unit_pool(self) -> tuple[int, ...]:
        """The units the random deal and the draft choose from."""
        extra = tuple(u for e in self.expansions.split(",") if e for u in EXPANSION_UNITS[e])
        return BASE_UNITS + extra

    def to_json(self) -> dict:
        data: dict = {
            "players": self.players,
            "units": self.units,
            "royal_guard": self.royal_guard,
            "max_rounds": self.max_rounds,
            "seed": self.seed,
        }
        if self.expansions:  # left out for the base game, so its positions read as before
            data["expansions"] = self.expansions
        if self.forts != 4:
            data["forts"] = self.forts
        if self.sapper_bolstered:
            data["sapper_bolstered"] = True
        return data


def fort_map_pairs(board: Board) -> list[tuple[int, int]]:
    """Siege maps [D]: the board's locations in pairs that face each other (turned half way round the
    centre); a map with ``forts`` forts is ``forts // 2`` of these pairs, drawn at setup."""
    from .geometry import ALL_COORDS, COORD_INDEX

    pairs = []
    for h in board.locations:
        q, r = ALL_COORDS[h]
        other = COORD_INDEX[(-q, -r)]
        if h < other:
            pairs.append((h, other))
    return pairs


class Pending(NamedTuple):
    """A follow-up decision owed by ``seat`` before play goes on (top of ``GameState.pending`` first).

    kinds: ``draft`` (pick a card), ``soak`` (Royal Guard at ``hex`` was attacked), ``sword`` (Swordsman at
    ``hex`` may move), ``berserk`` (Berserker at ``hex`` may pay for another maneuver), ``priest`` (play the
    drawn ``coin`` now), ``merc`` (Mercenary at ``hex`` may maneuver), ``footman`` (Footmen at ``hexes``
    each may maneuver; ``done`` once one has, after which the rest may be declined). Nobility: ``earl``
    (Earl at ``hex`` may move after its deployment), ``banner`` (Bannerman at ``hex`` may move an adjacent
    enemy), ``bishop`` (Bishop at ``hex`` may move or attack after its tactic), ``herald`` (Herald at
    ``hex`` may maneuver after a proclamation), ``decree`` (carry out the proclaimed ``decree``) and
    ``earldecree`` (the Earl's tactic: proclaim a decree without a seal, or decline). Siege: ``sapper``
    (the Sapper at ``hex`` may build a fort there), ``towerdeploy`` (the Siege Tower deployed at ``hex``
    may be bolstered from supply), ``tower`` (the Siege Tower at ``hex`` may make its second attack); a
    ``soak`` frame's ``hexes`` are the War Wagons that may take the hit instead.
    """

    kind: str
    seat: int
    hex: int = -1
    coin: int = -1
    hexes: tuple[int, ...] = ()
    done: bool = False
    decree: int = -1


@dataclass(frozen=True)
class Result:
    """How a finished game ended. ``winner`` is the winning team (0 = side A, 1 = side B) or None for a draw."""

    winner: int | None
    reason: str  # "markers" | "max_rounds"


@dataclass(slots=True)
class Seat:
    """One player's zones. Count lists are indexed by coin type (0 = Royal Coin)."""

    units: list[int]
    hand: list[int] = field(default_factory=list)
    bag: list[int] = field(default_factory=lambda: [0] * NUM_COIN_TYPES)
    discard_up: list[int] = field(default_factory=lambda: [0] * NUM_COIN_TYPES)
    discard_down: list[int] = field(default_factory=lambda: [0] * NUM_COIN_TYPES)
    supply: list[int] = field(default_factory=lambda: [0] * NUM_COIN_TYPES)
    eliminated: list[int] = field(default_factory=lambda: [0] * NUM_COIN_TYPES)

    def copy(self) -> Seat:
        """A copy for :meth:`GameState.own_seat`. The lists that change on most turns (hand, bag, both
        discards) are copied; ``units``, ``supply`` and ``eliminated``, which change seldom, are shared
        with the original: the engine never changes them in place but gives the seat a new list
        (copy on write), so code outside the engine must not change them in place either."""
        c = _new_seat(Seat)  # without the dataclass's __init__ (its default factories' checks)
        c.units = self.units
        c.hand = self.hand[:]
        c.bag = self.bag[:]
        c.discard_up = self.discard_up[:]
        c.discard_down = self.discard_down[:]
        c.supply = self.supply
        c.eliminated = self.eliminated
        return c

    def add_supply(self, u: int, n: int) -> None:
        """``n`` more coins of type ``u`` in the supply (``n`` < 0: fewer), in a new list (the old one
        may be shared with a copy)."""
        supply = self.supply = self.supply[:]
        supply[u] += n

    def add_eliminated(self, u: int, n: int) -> None:
        """``n`` more coins of type ``u`` in the box (``n`` < 0: fewer), in a new list (see
        :meth:`add_supply`)."""
        eliminated = self.eliminated = self.eliminated[:]
        eliminated[u] += n


_new_seat = object.__new__

Stack = tuple[int, int, int]
"""A stack on the board: (seat, unit, height)."""


class GameState:
    """A War Chest game in progress (or finished). Create one with :meth:`new` or :meth:`from_json`."""

    # ----------------------------------------------------------------------------------------- set-up
    def __init__(self, options: Options) -> None:
        self.options = options
        self.board: Board = BOARDS[options.players]
        n = options.players
        self.num_players = n
        self.team_of: tuple[int, ...] = tuple(s % 2 for s in range(n))
        self.seats: list[Seat] = [Seat(units=[]) for _ in range(n)]
        """The seats' zones, shared with clones until changed: read them here, but change a seat only
        through :meth:`own_seat`."""
        self._own_seats = (1 << n) - 1
        """Bit s: ``seats[s]`` belongs to this state alone (not shared with a clone), so it may be changed."""
        self.owner: list[int] = [-1] * NUM_COIN_TYPES
        self.stacks: list[Stack | None] = [None] * len(self.board.on_board)
        """stacks[hex] = (seat, unit, height) or None. A stack is a tuple: a change of height puts a new
        one on the hex, so that :meth:`clone` copies the list of stacks and not each stack."""
        self.positions: list[tuple[int, ...]] = [()] * NUM_COIN_TYPES
        """positions[unit]: hexes of that unit's stacks (two at most, for the Footman), in hex order; a
        tuple, replaced when the unit moves, arrives or leaves (shared by clones, like the stacks)."""
        self.control: list[int] = [-1] * len(self.board.locations)
        """control[slot]: team controlling board.locations[slot], or -1."""
        self.placed: list[int] = [0, 0]
        self.initiative = 0
        self.initiative_claimed = False
        self.round = 0
        self.turn = 0
        self.phase = "setup"
        self.pending: list[Pending] = []
        self.draft_pool: list[int] = []
        self.draft_order: list[int] = []
        """The draft's pool and order, replaced by each pick, not changed in place (shared by clones)."""
        self.decrees: list[int] = []
        """Nobility: the Royal Decrees dealt face up (decree ids, see :mod:`decrees`)."""
        self.seals: list[list[int]] = [[], []]
        """seals[team]: the decrees that team has sealed (proclaimed with its Royal Coin), in order (a
        team's list is replaced by a new seal, not changed in place: clones share it)."""
        self.forts: list[int] = []
        """Siege: the location hexes holding a fort, in hex order (the rest of FORT_COINS is the pool);
        replaced when a fort is built or destroyed, not changed in place (clones share it)."""
        self.rng = options.seed
        self.draws = 0
        """How many times a bag draw happened (round draws and Warrior Priest draws); lets callers tell
        whether two plies are separated by hidden random information."""
        self.result: Result | None = None
        self.ply = 0
        """Decisions made since the game began (draft picks and follow-ups included)."""
        self.history: list[Action] = []
        """The actions applied to this object (all of them for a game made with :meth:`new`)."""
        self._legal: list[Action] | None = None
        self._kinds: tuple[tuple[int, ...], ...] | None = None
        """Cache of :meth:`_bag_kinds` (the seats' units do not change once play begins)."""

    @classmethod
    def new(cls, options: Options | None = None, **kwargs) -> GameState:
        """A new game from ``options`` (or keyword arguments for :class:`Options`)."""
        g = cls(options if options is not None else Options(**kwargs))
        n = g.num_players
        g.initiative = g._rand() % n
        if g.options.nobility:
            known = [d.id for d in decrees.DECREES]
            g.decrees = sorted(g._sample(known, min(decrees.DEALT, len(known))))
        if g.options.siege and g.options.forts:
            pairs = fort_map_pairs(g.board)
            g.forts = sorted(
                h for k in g._sample(list(range(len(pairs))), g.options.forts // 2) for h in pairs[k]
            )
        pool = list(g.options.unit_pool)
        mode = g.options.units
        if mode == "draft":
            pool_size = 8 if n == 2 else 12
            g.draft_pool = sorted(g._sample(pool, pool_size))
            first = g.initiative
            if n == 2:
                other = 1 - first
                g.draft_order = [first, other, other, first, first, other, other, first]
            else:
                ring = [(first + k) % n for k in range(n)]
                g.draft_order = ring + ring[::-1] + ring
            g.phase = "draft"
            g.pending = [Pending("draft", g.draft_order[0])]
            return g
        if mode == "first-game":
            sets = FIRST_GAME_SETS_2P if n == 2 else FIRST_GAME_SETS_4P
            for k in range(n):
                g.seats[(g.initiative + k) % n].units = list(sets[k])
        else:
            deal = g._sample(pool, 4 * n if n == 2 else 3 * n)
            per = len(deal) // n
            for s in range(n):
                g.seats[s].units = sorted(deal[s * per : (s + 1) * per])
        g._setup_coins()
        g._start_round()
        return g

    def _setup_coins(self) -> None:
        # owner, units and supply are shared with clones (made during a draft): new lists, not in place
        self._kinds = None
        owner = self.owner = self.owner[:]
        for s in range(self.num_players):
            seat = self.own_seat(s)
            seat.units = sorted(seat.units)
            supply = seat.supply = seat.supply[:]
            for u in seat.units:
                owner[u] = s
                seat.bag[u] = 2
                supply[u] = UNITS[u].coins - 2
            seat.bag[ROYAL] = 1
        for team in (0, 1):
            for h in self.board.starts[team]:
                self.control[self.board.location_slot[h]] = team
            self.placed[team] = len(self.board.starts[team])
        self.phase = "play"

    # ------------------------------------------------------------------------------------- randomness
    def _rand(self) -> int:
        self.rng = z = (self.rng + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _sample(self, items: list[int], k: int) -> list[int]:
        items = list(items)
        for i in range(k):
            j = i + self._rand() % (len(items) - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]

    def _bag_kinds(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, the coin types its bag and discard can hold (the Royal Coin and its units), in index
        order: every other count of those zones is 0, so a draw scans these instead of all NUM_COIN_TYPES."""
        kinds = self._kinds
        if kinds is None:
            kinds = self._kinds = tuple(tuple(sorted({ROYAL, *s.units})) for s in self.seats)
        return kinds

    def _draw_one(self, seat_no: int) -> int:
        """Draw one coin from the bag (refilling it from the whole discard if empty); -1 if none is left."""
        seat = self.own_seat(seat_no)
        kinds = (self._kinds or self._bag_kinds())[seat_no]
        bag = seat.bag
        total = sum(bag)
        if total == 0:
            total = _refill(bag, seat.discard_up, seat.discard_down, kinds)
            if total == 0:
                return -1
        # self._rand(), inlined (one call per coin drawn)
        self.rng = z = (self.rng + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        r = (z ^ (z >> 31)) % total
        for u in kinds:
            r -= bag[u]
            if r < 0:
                bag[u] -= 1
                return u
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------------------------ round flow
    def _start_round(self) -> None:
        """A new round: every seat draws up to HAND_SIZE coins into its hand (``_draw_one`` until none is left,
        with the bag's total counted once; the seats' loops in one call), sorted."""
        self.round += 1
        self.initiative_claimed = False
        rng = self.rng
        seats, own = self.seats, self._own_seats
        for s, kinds in enumerate(self._kinds or self._bag_kinds()):
            seat = seats[s] if own >> s & 1 else self.own_seat(s)  # own_seat, its test inlined
            bag, hand = seat.bag, seat.hand
            total = sum(bag)
            for _ in range(HAND_SIZE):
                if total == 0:
                    total = _refill(bag, seat.discard_up, seat.discard_down, kinds)
                    if total == 0:
                        break
                rng = z = (rng + 0x9E3779B97F4A7C15) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                r = (z ^ (z >> 31)) % total
                for u in kinds:
                    r -= bag[u]
                    if r < 0:
                        bag[u] -= 1
                        hand.append(u)
                        break
                total -= 1
            hand.sort()
        self.rng = rng
        self.draws += 1
        self.turn = self.initiative

    def _end_turn(self) -> None:
        seats = self.seats
        for s in _AFTER[self.num_players][self.turn]:
            if seats[s].hand:
                self.turn = s
                return
        if self.round >= self.options.max_rounds:
            self._finish(None, "max_rounds")
            return
        self._start_round()

    def _finish(self, winner: int | None, reason: str) -> None:
        self.result = Result(winner, reason)
        self.phase = "over"
        self.pending.clear()

    # --------------------------------------------------------------------------------- public queries
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (the owner of a pending follow-up, else the seat whose turn it
        is); None once the game is over."""
        if self.result is not None:
            return None
        if self.pending:
            return self.pending[-1].seat
        return self.turn

    def is_terminal(self) -> bool:
        return self.result is not None

    @property
    def winner(self) -> int | None:
        """The winning team (0 = side A, 1 = side B), or None (game running or drawn)."""
        return self.result.winner if self.result is not None else None

    def team_seats(self, team: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.num_players) if self.team_of[s] == team)

    def markers_left(self, team: int) -> int:
        """Control markers that team still holds (not on the board)."""
        return self.board.markers_per_team - self.placed[team]

    def coin_zones(self, seat: int) -> dict[str, list[int]]:
        """Where ``seat``'s coins are: a count list per zone (indexed by coin type), including its units'
        coins on the board and a Warrior Priest's drawn coin waiting to be played."""
        zones = self.seats[seat]
        drawn = [0] * NUM_COIN_TYPES
        for p in self.pending:
            if p.kind == "priest" and p.seat == seat:
                drawn[p.coin] += 1
        board = [0] * NUM_COIN_TYPES
        for st in self.stacks:
            if st is not None and st[0] == seat:
                board[st[1]] += st[2]
        return {
            "hand": [zones.hand.count(u) for u in range(NUM_COIN_TYPES)],
            "bag": zones.bag,
            "discard_up": zones.discard_up,
            "discard_down": zones.discard_down,
            "drawn": drawn,
            "supply": zones.supply,
            "board": board,
            "eliminated": zones.eliminated,
        }

    def controller(self, hex_index: int) -> int:
        """The team controlling a location hex, -1 if neutral or not a location."""
        slot = self.board.location_slot[hex_index]
        return self.control[slot] if slot >= 0 else -1

    # ----------------------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal decision for :attr:`current_player`, in a stable order. Empty when the game is over."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[Action]:
        if self.result is not None:
            return []
        out: list[Action] = []
        if not self.pending:
            hand = self.seats[self.turn].hand
            if len(hand) == 2:  # the hand's distinct coins in order (hands are kept sorted: checked)
                a, b = hand
                coins: Sequence[int] = hand if a < b else (a,) if a == b else (b, a)
            elif len(hand) == 3 and hand[0] < hand[1] < hand[2]:
                coins = hand
            else:
                coins = sorted(set(hand)) if len(hand) > 1 else hand
            self._paid_actions(self.turn, coins, out)
            return out
        p = self.pending[-1]
        kind = p.kind
        if kind == "priest":
            self._paid_actions(p.seat, (p.coin,), out)
        elif kind == "soak":
            if _SOAK[p.coin] and self.seats[p.seat].supply[p.coin] > 0:
                out.append(Action(SOAK))
            out.extend(Action(SOAK, NO_COIN, (w,)) for w in p.hexes)
            out.append(Action(DECLINE))
        elif kind == "sword" or kind == "earl":
            closed = self.closed_to(self.team_of[p.seat])
            out.extend(
                Action(MOVE, NO_COIN, (p.hex, t))
                for t in self.board.neighbors[p.hex]
                if self.stacks[t] is None and t not in closed
            )
            out.append(Action(DECLINE))
        elif kind == "berserk":
            self._maneuvers(p.seat, p.hex, NO_COIN, out, self.stack_at(p.hex)[2] - 1)
            out.append(Action(DECLINE))
        elif kind == "merc":
            self._maneuvers(p.seat, p.hex, NO_COIN, out)
            out.append(Action(DECLINE))
        elif kind == "footman":
            for h in p.hexes:
                self._maneuvers(p.seat, h, NO_COIN, out)
            if p.done:
                out.append(Action(DECLINE))
        elif kind == "draft":
            out.extend(Action(PICK, unit=u) for u in self.draft_pool)
        if kind == "herald":
            self._maneuvers(p.seat, p.hex, NO_COIN, out)
            out.append(Action(DECLINE))
        elif kind == "banner":
            self._push_targets(p.seat, p.hex, out)
            out.append(Action(DECLINE))
        elif kind == "bishop":
            probe: list[Action] = []
            self._maneuvers(p.seat, p.hex, NO_COIN, probe)
            out.extend(a for a in probe if a.kind != CONTROL)
            out.append(Action(DECLINE))
        elif kind == "decree":
            decrees.decree_actions(self, p.seat, p.decree, out)
        elif kind == "earldecree":
            for d in self.decrees:
                if decrees.has_effect(self, p.seat, d):
                    out.append(Action(PROCLAIM, NO_COIN, (), d))
            out.append(Action(DECLINE))
        elif kind == "sapper":
            out.append(Action(FORTIFY, NO_COIN, (p.hex,)))
            out.append(Action(DECLINE))
        elif kind == "towerdeploy":
            if self.seats[p.seat].supply[self.stack_at(p.hex)[1]]:
                out.append(Action(BOLSTER, NO_COIN, (p.hex,)))
            out.append(Action(DECLINE))
        elif kind == "tower":
            team, height = self.team_of[p.seat], self.stack_at(p.hex)[2]
            out.extend(
                Action(ATTACK, NO_COIN, (p.hex, t))
                for t in self.board.neighbors[p.hex]
                if self.can_attack(team, height, t)
            )
            out.append(Action(DECLINE))
        return out

    def _push_targets(self, seat: int, h: int, out: list[Action]) -> None:
        """Bannerman at ``h``: every one-hex move of an adjacent enemy unit to an empty hex."""
        stacks, team, neighbors = self.stacks, self.team_of[seat], self.board.neighbors
        closed = self.closed_to(1 - team)
        for e in neighbors[h]:
            st = stacks[e]
            if st is not None and self.team_of[st[0]] != team:
                out.extend(
                    Action(MOVE, NO_COIN, (e, t))
                    for t in neighbors[e]
                    if stacks[t] is None and t not in closed
                )

    def _coin_actions(self, seat: int, coin: int, out: list[Action]) -> None:
        """Every action that ``seat`` can pay for with ``coin``."""
        self._paid_actions(seat, (coin,), out)

    def _paid_actions(self, seat: int, coins: Sequence[int], out: list[Action]) -> None:
        """Every action that ``seat`` can pay for with each of ``coins`` in turn (what does not depend on the
        coin, such as the units it may recruit, is found once)."""
        zones, team = self.seats[seat], self.team_of[seat]
        holder = self.initiative  # self._may_claim(seat), inlined
        may_claim = not self.initiative_claimed and holder != seat and self.team_of[holder] != team
        supply = zones.supply
        recruitable = list(filter(supply.__getitem__, zones.units))  # a listcomp is a call of its own
        free: list[int] | None = None
        """Own locations without a unit (deploy targets), found when first needed."""
        positions_of = self.positions
        append = out.append
        for coin in coins:
            if coin != ROYAL:
                positions = positions_of[coin]
                if len(positions) < _MAX_UNITS[coin]:
                    deploy = DEPLOY_ACTIONS[coin]
                    if _NEAR_FRIENDS[coin]:
                        out.extend(map(deploy.__getitem__, self._deploy_targets(seat, coin)))
                    else:
                        if free is None:
                            stacks = self.stacks
                            free = [
                                h
                                for c, h in zip(self.control, self.board.locations, strict=True)
                                if c == team and stacks[h] is None
                            ]
                        out.extend(map(deploy.__getitem__, free))
                if positions:
                    if len(positions) == 1:
                        append(BOLSTER_ACTIONS[coin][positions[0]])
                        self._maneuvers(seat, positions[0], coin, out)
                    else:  # two Footmen: both bolsters first
                        out.extend(map(BOLSTER_ACTIONS[coin].__getitem__, positions))
                        for h in positions:
                            self._maneuvers(seat, h, coin, out)
                    gen = _GENERATORS[coin]
                    if gen is not None and self._tactic_ready(coin, positions[0]):
                        gen(self, seat, out)
            else:
                if self.owner[ROYAL_GUARD] == seat and positions_of[ROYAL_GUARD]:
                    tactics.royal_guard_moves(self, seat, out)
                if self.decrees:
                    sealed = self.seals[team]
                    for d in self.decrees:
                        if d not in sealed and decrees.has_effect(self, seat, d):
                            append(Action(PROCLAIM, coin, (), d))
            if may_claim:
                append(CLAIM_ACTIONS[coin])
            if recruitable:
                out.extend(map(RECRUIT_ACTIONS[coin].__getitem__, recruitable))
            append(PASS_ACTIONS[coin])

    def _tactic_ready(self, coin: int, h: int) -> bool:
        """Siege tactics (and the Sapper's, with ``sapper_bolstered``) need the unit bolstered."""
        if _SIEGE_TACTIC[coin] or (coin == SAPPER and self.options.sapper_bolstered):
            return self.stack_at(h)[2] >= 2
        return True

    def _may_claim(self, seat: int) -> bool:
        holder = self.initiative
        return not self.initiative_claimed and holder != seat and self.team_of[holder] != self.team_of[seat]

    def _deploy_targets(self, seat: int, unit: int) -> list[int]:
        board, stacks, team = self.board, self.stacks, self.team_of[seat]
        targets = [
            h for c, h in zip(self.control, board.locations, strict=True) if c == team and stacks[h] is None
        ]
        if _NEAR_FRIENDS[unit]:
            seen = set(targets)
            seen.update(self.closed_to(team))
            team_of = self.team_of
            for h in board.hexes:
                st = stacks[h]
                if st is not None and team_of[st[0]] == team:
                    for t in board.neighbors[h]:
                        if stacks[t] is None and t not in seen:
                            seen.add(t)
                            targets.append(t)
            targets.sort()
        return targets

    def _maneuvers(self, seat: int, h: int, coin: int, out: list[Action], height: int | None = None) -> None:
        """Move, control and attack with the stack at ``h`` (``height`` overrides its height for the Knight
        check, used by the Berserker whose chain cost is paid first): the moves, the control, the attacks."""
        stacks, append = self.stacks, out.append
        team = self.team_of[seat]
        stack = stacks[h]
        if stack is None:
            raise LookupError(f"no stack on hex {h}")
        slot = self.board.location_slot[h]
        control = CONTROL_ACTIONS[coin][h] if slot >= 0 and self.control[slot] != team else None
        if self.forts:
            closed = self.closed_to(team)
            for t, move in NEIGHBOR_MOVES[self.num_players][coin][h]:
                if stacks[t] is None and t not in closed:
                    append(move)
            if control is not None:
                append(control)
            if _NORMAL_ATTACK[stack[1]]:
                hgt = stack[2] if height is None else height
                for t, attack in NEIGHBOR_ATTACKS[self.num_players][coin][h]:
                    if self.can_attack(team, hgt, t):
                        append(attack)
        elif _NORMAL_ATTACK[stack[1]]:  # moves and attacks (can_attack without forts, inlined) in one loop
            immune = _NEEDS_UNBOLSTERED if (stack[2] if height is None else height) >= 2 else _NEEDS_BOLSTERED
            team_of = self.team_of
            attacks: list[Action] | None = None
            for t, move, attack in NEIGHBOR_STEPS[self.num_players][coin][h]:
                st = stacks[t]
                if st is None:
                    append(move)
                elif team_of[st[0]] != team and not immune[st[1]]:
                    if attacks is None:
                        attacks = [attack]
                    else:
                        attacks.append(attack)
            if control is not None:
                append(control)
            if attacks is not None:
                out.extend(attacks)
        else:
            for t, move in NEIGHBOR_MOVES[self.num_players][coin][h]:
                if stacks[t] is None:
                    append(move)
            if control is not None:
                append(control)

    def stack_at(self, h: int) -> Stack:
        """The stack ``(seat, unit, height)`` on hex ``h``, for callers that know the hex holds one (a unit
        that acts, is attacked or follows up). An empty hex there is a bug in the engine: LookupError."""
        st = self.stacks[h]
        if st is None:
            raise LookupError(f"no stack on hex {h}")
        return st

    @property
    def fort_pool(self) -> int:
        """Siege: fort coins not on the board (a Sapper builds from them; a destroyed fort returns to them)."""
        return FORT_COINS - len(self.forts)

    def closed_to(self, team: int) -> tuple[int, ...]:
        """Siege: the empty-or-not hexes ``team`` may not enter: the forts on locations the other team
        controls (``()`` without forts, so the base game's move checks cost one tuple test)."""
        if not self.forts:
            return ()
        slot, control, other = self.board.location_slot, self.control, 1 - team
        return tuple(h for h in self.forts if control[slot[h]] == other)

    def can_attack(self, team: int, height: int, target: int) -> bool:
        """Whether a unit of ``team`` with ``height`` coins may attack the hex ``target`` (an enemy is there
        and, for a Knight, the attacker is bolstered; or a fort shields an enemy there or an enemy location).
        Range and line rules are the caller's."""
        st = self.stacks[target]
        if self.forts and target in self.forts:
            if st is None:
                return self.controller(target) == 1 - team
            return self.team_of[st[0]] != team
        if st is None or self.team_of[st[0]] == team:
            return False
        if height >= 2:
            return not _NEEDS_UNBOLSTERED[st[1]]
        return not _NEEDS_BOLSTERED[st[1]]

    # ------------------------------------------------------------------------------------------ apply
    def apply(self, action: Action) -> None:
        """Play ``action`` for :attr:`current_player`. Raises :class:`IllegalActionError` (state unchanged)
        if it is not one of :meth:`legal_actions`."""
        legal = self._legal
        if legal is None:
            legal = self._generate()
        if action not in legal:
            self._legal = legal
            raise IllegalActionError(f"{action} is not a legal action now")
        self._legal = None
        self.ply += 1
        self.history.append(action)
        if self.pending:
            frame = self.pending.pop()
            self._apply_followup(frame, action)
            if frame.kind == "draft":
                return self._settle(end_turn=False)
        else:
            self._apply_coin_action(self.turn, action, from_hand=True)
        if self.pending:
            self._settle(end_turn=True)
        elif self.result is None:  # self._settle(end_turn=True) without follow-ups
            self._end_turn()

    def _apply_followup(self, frame: Pending, a: Action) -> None:
        kind = frame.kind
        if kind == "priest":
            self._apply_coin_action(frame.seat, a, from_hand=False)
        elif kind == "draft":
            self._apply_pick(frame.seat, a.unit)
        elif kind == "soak":
            if a.kind == SOAK and a.hexes:  # a War Wagon takes the hit
                self._remove_coin(a.hexes[0])
            elif a.kind == SOAK:
                seat = self.own_seat(frame.seat)
                seat.add_supply(frame.coin, -1)
                seat.add_eliminated(frame.coin, 1)
            else:
                self._remove_coin(frame.hex)
        elif a.kind == DECLINE:
            return
        elif kind == "sword" or kind == "earl" or kind == "banner":
            self._move(a.hexes[0], a.hexes[1])
        elif kind == "decree":
            decrees.resolve(self, frame.seat, frame.decree, a)
        elif kind == "earldecree":
            self._proclaim(frame.seat, a.unit)
        elif kind == "sapper":
            self.forts = sorted((*self.forts, frame.hex))
        elif kind == "towerdeploy":
            seat_no, u, height = self.stack_at(frame.hex)
            self.own_seat(frame.seat).add_supply(u, -1)
            self.stacks[frame.hex] = (seat_no, u, height + 1)
        elif kind == "tower":
            self.attack(a.hexes[0], a.hexes[1], adjacent=True)
        elif kind == "berserk":
            seat_no, u, height = self.stack_at(frame.hex)
            self.stacks[frame.hex] = (seat_no, u, height - 1)
            self.own_seat(frame.seat).discard_up[u] += 1
            self._maneuver(frame.seat, a)
        elif kind in ("merc", "herald", "bishop"):
            self._maneuver(frame.seat, a)
        elif kind == "footman":
            rest = tuple(h for h in frame.hexes if h != a.hexes[0])
            if rest:
                self.pending.append(Pending("footman", frame.seat, hexes=rest, done=True))
            self._maneuver(frame.seat, a)

    def _apply_coin_action(self, seat_no: int, a: Action, from_hand: bool) -> None:
        seat = self.seats[seat_no] if self._own_seats >> seat_no & 1 else self.own_seat(seat_no)
        kind, coin, hexes, _ = a
        if from_hand:
            seat.hand.remove(coin)
        if kind == PASS:  # the commonest first
            seat.discard_down[coin] += 1
        elif kind == MOVE:
            seat.discard_up[coin] += 1
            self.move_with_triggers(hexes[0], hexes[1])
        elif kind == DEPLOY:
            h = a.hexes[0]
            self.stacks[h] = (seat_no, coin, 1)
            pos = self.positions[coin]
            self.positions[coin] = (h,) if not pos else tuple(sorted((*pos, h)))
            if _MOVE_AFTER_DEPLOY[coin]:
                self.pending.append(Pending("earl", seat_no, h))
            if _BOLSTER_ON_DEPLOY[coin]:
                self.pending.append(Pending("towerdeploy", seat_no, h))
        elif kind == BOLSTER:  # the stack is there: bolster actions are listed for the unit's own hexes
            stacks, h = self.stacks, hexes[0]
            st = stacks[h]
            stacks[h] = (st[0], st[1], st[2] + 1)  # type: ignore[index]
        elif kind in (CLAIM, RECRUIT, PASS):
            seat.discard_down[coin] += 1
            if kind == CLAIM:
                self.initiative = seat_no
                self.initiative_claimed = True
            elif kind == RECRUIT:
                u = a.unit
                supply = seat.supply = seat.supply[:]  # seat.add_supply(u, -1), inlined
                supply[u] -= 1
                seat.discard_up[u] += 1
                if _ON_RECRUIT[u] and self.positions[u]:
                    self.pending.append(Pending("merc", seat_no, self.positions[u][0]))
        elif kind == PROCLAIM:
            seat.discard_up[coin] += 1
            team = self.team_of[seat_no]
            self.seals[team] = [*self.seals[team], a.unit]
            self._proclaim(seat_no, a.unit)
        else:
            seat.discard_up[coin] += 1
            if kind == TACTIC:
                tactics.RESOLVERS[coin](self, seat_no, a)
            else:
                self._maneuver(seat_no, a)

    def _maneuver(self, seat: int, a: Action) -> None:
        """Resolve a plain move, control or attack by the stack at ``a.hexes[0]``."""
        kind, h = a.kind, a.hexes[0]
        if kind == MOVE:
            self.move_with_triggers(h, a.hexes[1])
        elif kind == CONTROL:
            self._control(seat, h)
        else:
            self.attack(h, a.hexes[1], adjacent=True)

    def _proclaim(self, seat: int, decree: int) -> None:
        """Proclaim ``decree`` for ``seat`` (the seal, if any, is the caller's): its effect is decided
        next, then the seat's Herald may maneuver."""
        if self.owner[_HERALD] == seat and self.positions[_HERALD]:
            self.pending.append(Pending("herald", seat, self.positions[_HERALD][0]))
        self.pending.append(Pending("decree", seat, decree=decree))

    def _apply_pick(self, seat: int, unit: int) -> None:
        # the pool, the order and the seats' units are shared with clones: new lists, not in place
        pool = self.draft_pool = [u for u in self.draft_pool if u != unit]
        chooser = self.own_seat(seat)
        chooser.units = [*chooser.units, unit]
        self.draft_order = self.draft_order[1:]
        if len(self.draft_order) == 1:
            last = self.own_seat(self.draft_order[0])
            last.units = [*last.units, pool[-1]]
            self.draft_pool = pool[:-1]
            self.draft_order = []
        if self.draft_order:
            self.pending.append(Pending("draft", self.draft_order[0]))
            return
        self._setup_coins()
        self._start_round()

    def _settle(self, end_turn: bool) -> None:
        """After an action: end the game, skip follow-ups that offer nothing, or pass the turn."""
        if self.result is not None:
            return
        while self.pending:
            frame = self.pending[-1]
            if not self._frame_alive(frame):
                self.pending.pop()
                continue
            legal = self._generate()
            if legal and not (len(legal) == 1 and legal[0].kind == DECLINE):
                self._legal = legal
                return
            self.pending.pop()
        if end_turn:
            self._end_turn()

    def _frame_alive(self, frame: Pending) -> bool:
        kind = frame.kind
        if kind == "herald":  # follows the Herald (a Muster decree, resolved first, may have moved it)
            pos = self.positions[_HERALD]
            if self.owner[_HERALD] != frame.seat or not pos:
                return False
            if pos[0] != frame.hex:
                self.pending[-1] = frame._replace(hex=pos[0])
            return True
        if kind == "sapper":
            st = self.stacks[frame.hex]
            return (
                st is not None and st[0] == frame.seat and frame.hex not in self.forts and self.fort_pool > 0
            )
        if kind in ("sword", "merc", "soak", "earl", "banner", "bishop", "tower", "towerdeploy"):
            return (st := self.stacks[frame.hex]) is not None and st[0] == frame.seat
        if kind == "berserk":
            st = self.stacks[frame.hex]
            return st is not None and st[0] == frame.seat and st[2] >= 2
        if kind == "footman":
            live = tuple(
                h for h in frame.hexes if (foot := self.stacks[h]) is not None and foot[1] == FOOTMAN
            )
            if live != frame.hexes:
                self.pending[-1] = frame._replace(hexes=live)
            return bool(live)
        return True

    # ------------------------------------------------------------------------------ rule primitives
    def _move(self, frm: int, to: int) -> Stack:
        """Move the stack at ``frm`` to ``to`` (no trigger fires); returns the stack."""
        stacks = self.stacks
        st = stacks[frm]
        if st is None:
            raise LookupError(f"no stack on hex {frm}")
        stacks[to] = st
        stacks[frm] = None
        positions, u = self.positions, st[1]
        pos = positions[u]
        if len(pos) == 1:
            positions[u] = (to,)
        else:  # two Footmen: positions are kept in hex order so that equal states list actions alike
            other = pos[1] if pos[0] == frm else pos[0]
            positions[u] = (to, other) if to < other else (other, to)
        return st

    def move_with_triggers(self, frm: int, to: int) -> None:
        """Move a stack one or more hexes and fire its after-maneuver attribute (Berserker chain)."""
        st = self._move(frm, to)
        if not _AFTER_MOVE[st[1]]:
            return
        if _CHAIN[st[1]]:
            self.pending.append(Pending("berserk", st[0], to))
        if _PUSH[st[1]]:
            self.pending.append(Pending("banner", st[0], to))
        if _BUILDS[st[1]] and self.board.location_slot[to] >= 0 and to not in self.forts and self.fort_pool:
            self.pending.append(Pending("sapper", st[0], to))

    def _control(self, seat: int, h: int) -> None:
        team = self.team_of[seat]
        slot = self.board.location_slot[h]
        previous = self.control[slot]
        self.control[slot] = team
        self.placed[team] += 1
        if previous >= 0:
            self.placed[previous] -= 1
        if self.placed[team] == self.board.markers_per_team:
            self._finish(team, "markers")
            return
        self._after_attack_or_control(self.stack_at(h), h, attacked=False)

    def _remove_coin(self, h: int) -> None:
        """Eliminate one coin of the stack at ``h`` (to the box); the unit leaves the board at height 0."""
        seat, u, height = self.stack_at(h)
        zones = self.seats[seat] if self._own_seats >> seat & 1 else self.own_seat(seat)
        eliminated = zones.eliminated = zones.eliminated[:]  # zones.add_eliminated(u, 1), inlined
        eliminated[u] += 1
        if height > 1:
            self.stacks[h] = (seat, u, height - 1)
        else:
            self.stacks[h] = None
            pos = self.positions[u]
            self.positions[u] = () if len(pos) == 1 else (pos[1],) if pos[0] == h else (pos[0],)

    def attack(self, frm: int, target: int, adjacent: bool) -> None:
        """Resolve an attack from the stack at ``frm`` on ``target`` (legality checked by the caller):
        Pikeman reflex, the attacker's after-attack attribute, then the hit (or the Royal Guard's soak
        decision, which resolves before the attacker's follow-ups)."""
        attacker = self.stack_at(frm)
        if self.forts and target in self.forts:  # Siege: the fort is hit (no defender's attribute applies)
            self.forts = [h for h in self.forts if h != target]
            self._after_attack_or_control(attacker, frm, attacked=True)
            return
        defender = self.stack_at(target)
        if adjacent and _REFLEX[defender[1]]:
            self._remove_coin(frm)
        if self.stacks[frm] is not None:  # the attacker survived the reflex (nothing else comes to frm)
            self._after_attack_or_control(attacker, frm, attacked=True)
        wagons: tuple[int, ...] = ()
        if self.positions[_WAGON] and self.owner[_WAGON] == defender[0]:
            wagons = tuple(w for w in self.positions[_WAGON] if w in self.board.neighbors[target])
        if wagons or (_SOAK[defender[1]] and self.seats[defender[0]].supply[defender[1]] > 0):
            self.pending.append(Pending("soak", defender[0], target, defender[1], wagons))
        else:
            self._remove_coin(target)

    def _after_attack_or_control(self, stack: Stack, h: int, attacked: bool) -> None:
        seat, unit = stack[0], stack[1]
        if attacked and _MOVE_AFTER_ATTACK[unit]:
            self.pending.append(Pending("sword", seat, h))
        if _CHAIN[unit]:
            self.pending.append(Pending("berserk", seat, h))
        if _PUSH[unit]:
            self.pending.append(Pending("banner", seat, h))
        if _DRAW_AFTER[unit]:
            coin = self._draw_one(seat)
            self.draws += 1
            if coin >= 0:
                self.pending.append(Pending("priest", seat, coin=coin))

    # ------------------------------------------------------------------------------------ copying
    def own_seat(self, s: int) -> Seat:
        """Seat ``s``'s zones, to change: a copy of them the first time after :meth:`clone`, which shares
        the seats of the original with the copy (both copy a seat before changing it)."""
        if self._own_seats >> s & 1:
            return self.seats[s]
        seat = self.seats[s] = self.seats[s].copy()
        self._own_seats |= 1 << s
        return seat

    def clone(self) -> GameState:
        """An independent copy (same RNG state, so it draws the same coins unless re-seeded). It shares the
        list of legal actions already found (never changed in place), so the copy's first `apply` does not
        search for them again: code that edits a copy's fields directly must reset ``_legal`` to None.

        Most of what does not change on a turn is shared, not copied: the seats until one is changed
        (change a seat's zones only through :meth:`own_seat`), and what the engine replaces instead of
        changing in place (owner, draft_pool, draft_order, decrees, forts, each team's seals, the stacks
        and positions' tuples, each seat's units, supply and eliminated)."""
        g = GameState.__new__(GameState)
        g.__dict__.update(self.__dict__)
        g.seats = self.seats[:]
        g._own_seats = self._own_seats = 0
        g.stacks = self.stacks[:]
        g.positions = self.positions[:]
        g.control = self.control[:]
        g.placed = self.placed[:]
        g.pending = self.pending[:]
        g.seals = self.seals[:]
        g.history = self.history[:]
        return g

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        from .position import to_json

        return to_json(self) == to_json(other)

    __hash__ = None  # type: ignore[assignment]

    # Convenience wrappers around the other modules, so callers need only the state.
    def to_json(self) -> dict:
        from .position import to_json

        return to_json(self)

    @classmethod
    def from_json(cls, data: dict | str) -> GameState:
        from .position import from_json

        return from_json(data)

    def view_for(self, seat: int | None) -> dict:
        from .position import view_for

        return view_for(self, seat)

    def format_action(self, action: Action) -> str:
        from .notation import format_action

        return format_action(self, action)

    def parse_action(self, text: str) -> Action:
        from .notation import parse_action

        return parse_action(self, text)

    def __repr__(self) -> str:
        status = f"result={self.result}" if self.result else f"to_act={self.current_player}"
        return f"<GameState {self.num_players}p round={self.round} ply={self.ply} {status}>"
