"""Completing a secret army as it is typed (`PointBuyChess.complete_action`).

A secret army is one long action, ``army Ki e1, Qu d1, Ro a1, Sp barracks``; typing it whole is error
prone. While the seat picks in secret, the completion proposes the next step of the army being typed: the
unit types the points left still buy (within the unit cap), then the free squares of the seat's first rank
and the Barracks for the unit just named, each with the points that would be left; once nothing is left,
the whole army (a legal action). Before anything is typed (or the start of "army"), the ready-made armies
come first (each can be sent as it is), then the first units. Under the Sovereign guard (D-PB-6a), while
the army has no Sovereign on the first rank, the Sovereigns come first and a step that would leave no way
to one is not proposed. Outside secret picking, and for text that is not an army, the legal actions' texts
are filtered as for every game (`warchest_bot.games.completion.matching`).
"""

from __future__ import annotations

from ..completion import Completion, matching, normalized
from ..units import UNIT_TYPES, parse_square, square_name
from .engine import FIRST_RANK, PRICES, SOVEREIGN, SOVEREIGN_CODES, UNCAPPED, PBState, secret_sovereigns
from .notation import BARRACKS, format_action, lookup_code

ARMY = "army"
NOTE_UNIT = "pointbuy.complete.unit"
"""A unit type to add: ``{unit}`` (its name), ``{price}`` and the points ``{left}`` after it."""
NOTE_PLACE = "pointbuy.complete.place"
"""Where the unit goes: the points ``{left}`` after it."""
NOTE_DONE = "pointbuy.complete.done"
"""The whole army: every point spent."""


def _legal_texts(state: PBState, typed: str) -> list[Completion]:
    texts = [format_action(a) for a in state.legal_actions()]
    return [Completion(texts[n]) for n in matching(texts, typed)]


def complete_action(state: PBState, typed: str) -> list[Completion]:
    """Proposals for ``typed`` in ``state`` (the seat to act's point of view), best first."""
    seat = state.to_move
    if state.phase != "secret" or seat is None:
        return _legal_texts(state, typed)
    budget = state.budgets[seat]
    needle = normalized(typed)
    if not needle.startswith(ARMY + " ") and needle != ARMY:
        found = _legal_texts(state, typed)  # the ready-made armies
        if ARMY.startswith(needle):
            found.extend(_Army(state, seat, budget, []).units(""))
        return found
    return _next_entries(state, seat, budget, needle[len(ARMY) :])


def _next_entries(state: PBState, seat: int, budget: int, rest: str) -> list[Completion]:
    """The proposals after ``army``: ``rest`` is the typed entries (normalized), the last one unfinished."""
    parts = rest.split(",")
    done: list[tuple[str, int | None]] = []
    for part in parts[:-1]:
        entry = _entry(part.split(), seat)
        if entry is None:
            return []  # an earlier entry is wrong: nothing to propose (sending it says why)
        done.append(entry)
    army = _Army(state, seat, budget, done)
    current = parts[-1].split()
    if not current:
        return army.units("")
    code = lookup_code(current[0])
    if len(current) == 1:
        return army.places(code, "") if code is not None and army.can_add(code) else army.units(current[0])
    if code is None or len(current) > 2 or not army.can_add(code):
        return []
    finished = _entry(current, seat)
    if finished is None or finished[1] in army.taken or not army.spot_ok(*finished):
        return army.places(code, current[1])
    text = army.head + _entry_text(finished)
    army.add(finished)
    if army.left == 0:
        return [Completion(text, NOTE_DONE)]
    return [Completion(text, NOTE_PLACE, {"left": army.left}), *army.units("")]


class _Army:
    """An army being typed: its finished entries, the points left, the squares taken."""

    def __init__(self, state: PBState, seat: int, budget: int, done: list[tuple[str, int | None]]) -> None:
        self.seat = seat
        self.each = state.options.unit_cap // 2 if state.options.unit_cap else None
        self.left = budget
        self.taken: set[int | None] = set()
        self.counts: dict[str, int] = {}
        self.head = ARMY + " "
        self.guard = bool(state.options.sovereign_guard) and bool(
            secret_sovereigns(budget, state.options.unit_cap)
        )
        """Whether the army must hold a Sovereign on the first rank (D-PB-6a)."""
        self.crowned = False
        for entry in done:
            self.add(entry)

    def add(self, entry: tuple[str, int | None]) -> None:
        code, square = entry
        self.left -= PRICES[code]
        if square is not None:
            self.taken.add(square)
            self.crowned = self.crowned or code in SOVEREIGN
        self.counts[code] = self.counts.get(code, 0) + 1
        self.head += _entry_text(entry) + ", "

    def _allowed(self, code: str, left: int, extra: str | None = None) -> bool:
        """Whether one more ``code`` fits ``left`` points and the cap (``extra``: one more of it taken)."""
        if PRICES[code] > left:
            return False
        taken = self.counts.get(code, 0) + (code == extra)
        return self.each is None or code == UNCAPPED or taken < self.each

    def _crown_in_reach(self, left: int, free: int, extra: str | None) -> bool:
        """Whether a Sovereign still fits ``left`` points, the cap and one of ``free`` squares."""
        return free > 0 and any(self._allowed(c, left, extra) for c in SOVEREIGN_CODES)

    @property
    def needs_sovereign(self) -> bool:
        """Whether the guard holds the next steps: no Sovereign on the first rank yet."""
        return self.guard and not self.crowned

    def can_add(self, code: str) -> bool:
        if not self._allowed(code, self.left):
            return False
        if not self.needs_sovereign or code in SOVEREIGN:
            return True
        return self._crown_in_reach(self.left - PRICES[code], 8 - len(self.taken), code)

    def spot_ok(self, code: str, square: int | None) -> bool:
        """Whether ``code`` may go to ``square`` (None: the Barracks) under the guard."""
        if not self.needs_sovereign or (code in SOVEREIGN and square is not None):
            return True
        free = 8 - len(self.taken) - (square is not None)
        return self._crown_in_reach(self.left - PRICES[code], free, code)

    def units(self, prefix: str) -> list[Completion]:
        """The unit types whose code or name starts with ``prefix`` that may come next (the Sovereigns
        first while the guard holds)."""
        out = []
        ordered = (
            sorted(UNIT_TYPES, key=lambda u: u.code not in SOVEREIGN) if self.needs_sovereign else UNIT_TYPES
        )
        for unit in ordered:
            if not self.can_add(unit.code):
                continue
            if prefix and not (unit.code.lower().startswith(prefix) or unit.name.lower().startswith(prefix)):
                continue
            params = {"unit": unit.name, "price": unit.price, "left": self.left - unit.price}
            out.append(Completion(self.head + unit.code, NOTE_UNIT, params))
        return out

    def places(self, code: str, prefix: str) -> list[Completion]:
        """Where a unit of ``code`` may go (free squares of the first rank, the Barracks)."""
        after = self.left - PRICES[code]
        free: list[int | None] = [sq for sq in FIRST_RANK[self.seat] if sq not in self.taken]
        spots = [
            BARRACKS if sq is None else square_name(sq) for sq in [*free, None] if self.spot_ok(code, sq)
        ]
        return [
            Completion(f"{self.head}{code} {spot}", NOTE_DONE)
            if after == 0
            else Completion(f"{self.head}{code} {spot}", NOTE_PLACE, {"left": after})
            for spot in spots
            if spot.startswith(prefix)
        ]


def _entry(words: list[str], seat: int) -> tuple[str, int | None] | None:
    """A finished entry ``code square`` (or ``code barracks``) of the seat's army, else None."""
    if len(words) != 2:
        return None
    code = lookup_code(words[0])
    if code is None:
        return None
    if words[1] == BARRACKS:
        return (code, None)
    square = parse_square(words[1])
    if square is None or square not in FIRST_RANK[seat]:
        return None
    return (code, square)


def _entry_text(entry: tuple[str, int | None]) -> str:
    code, square = entry
    return f"{code} {BARRACKS if square is None else square_name(square)}"


__all__ = ["NOTE_DONE", "NOTE_PLACE", "NOTE_UNIT", "complete_action"]
