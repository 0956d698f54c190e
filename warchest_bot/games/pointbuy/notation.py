"""The notation of Point-Buy Chess: action text to `PBAction` and back.

Canonical forms (what `format_action` writes and the service stores):

- ``Kn b1-c3`` a march; ``Ro a1xa8`` an attack (a Charger's ``Cr a1xa4`` ends on a4 and captures every
  enemy on the way; an Oracle's shot ``Or d4xd6`` captures d6 and the Oracle stays); ``Sp e4<>e1`` a Spy
  swap; ``Pa e7-e8=Qu`` a promotion (``Pa e7-e8`` keeps the Pawn);
- ``deploy Ro d1``; ``pick Qu d1``, ``pick Sp barracks``;
- ``army Ki e1, Qu d1, Ro a1, Sp barracks`` (secret picking: the whole army; its public text is
  ``army (secret)``);
- ``pass`` (only when no order exists); a trailing `` draw?`` offers a draw with a move, deploy or pass;
  ``accept draw`` accepts the offer the opponent just made.

Reading is lenient: any case, unit names as well as codes, extra spaces, any of ``-``, ``x``, ``<>``
or ``:`` between the squares, the unit left out (``b1-c3``), a short form naming the unit and where it
goes (``Kn c3``: ambiguous when two Knights can), and ``pick``/``deploy`` without a square when only one
square fits. Errors are typed: `UnparseableActionError` (not an action of this game),
`IllegalActionTextError` (no legal action matches) and `AmbiguousActionError` (several do).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..base import AmbiguousActionError, IllegalActionTextError, UnparseableActionError
from ..text import quoted
from ..units import BY_CODE, UNIT_TYPES, parse_square, square_name
from .engine import (
    ACCEPT_DRAW,
    FOOT,
    LAST_ROW,
    PASS,
    PRICES,
    PBAction,
    PBState,
    army_problem,
    canonical_army,
)

SECRET_ARMY = "army (secret)"
"""The public text of a secret army."""
BARRACKS = "barracks"
DRAW_OFFER = " draw?"

_UNITS: dict[str, str] = {}
for _u in UNIT_TYPES:
    _UNITS[_u.code.lower()] = _u.code
    _UNITS[_u.name.lower()] = _u.code
_UNITS["griffon"] = "Gr"  # the standard fairy name (§2.3)
_UNITS["aanca"] = "Sx"

_MOVE = re.compile(
    r"^(?:(?P<code>[a-z]+)\s+)?(?P<origin>[a-h][1-8])\s*(?P<sep><>|-|x|:)?\s*(?P<target>[a-h][1-8])"
    r"(?:\s*=\s*(?P<promo>[a-z]+))?$"
)
_SHORT = re.compile(r"^(?P<code>[a-z]+)\s+(?:x\s*)?(?P<target>[a-h][1-8])(?:\s*=\s*(?P<promo>[a-z]+))?$")


def lookup_code(text: str) -> str | None:
    """The unit code ``text`` names (code or name, any case), or None."""
    return _UNITS.get(text.strip().lower())


# --- formatting ------------------------------------------------------------------------------------------
def _place(square: int | None) -> str:
    return BARRACKS if square is None else square_name(square)


def format_action(action: PBAction, *, public: bool = False) -> str:
    """The canonical text of ``action``; ``public``: what the other seats may see (a secret army hidden)."""
    kind = action.kind
    offer = DRAW_OFFER if action.offer_draw else ""
    if kind == "move":
        m = action.move
        assert m is not None and action.code is not None
        sep = "<>" if m.swap else "x" if m.captures else "-"
        target = action.target
        assert target is not None
        promo = f"={action.promote}" if action.promote is not None else ""
        return f"{action.code} {square_name(m.origin)}{sep}{square_name(target)}{promo}{offer}"
    if kind == "deploy":
        assert action.square is not None
        return f"deploy {action.code} {square_name(action.square)}{offer}"
    if kind == "pass":
        return f"pass{offer}"
    if kind == "accept_draw":
        return "accept draw"
    if kind == "pick":
        return f"pick {action.code} {_place(action.square)}"
    if kind == "army":
        if public:
            return SECRET_ARMY
        return "army " + ", ".join(f"{code} {_place(sq)}" for code, sq in action.army)
    raise ValueError(f"not a Point-Buy Chess action: {action!r}")


def public_text(notation: str) -> str:
    """What the other seats may see of a stored (canonical) action text: a secret army hidden."""
    if notation.split(" ", 1)[0].lower() == "army":
        return SECRET_ARMY
    return notation


# --- parsing ---------------------------------------------------------------------------------------------
def _unit(text: str, raw: str) -> str:
    code = lookup_code(text)
    if code is None:
        raise UnparseableActionError(raw, f"there is no unit called {quoted(text)}")
    return code


def _square(text: str, raw: str) -> int:
    sq = parse_square(text)
    if sq is None:
        raise UnparseableActionError(raw, f"{quoted(text)} is not a square")
    return sq


def _one(raw: str, found: Sequence[PBAction], why_none: str) -> PBAction:
    if not found:
        raise IllegalActionTextError(raw, why_none)
    if len(found) > 1:
        texts = ", ".join(format_action(a) for a in found[:5])
        raise AmbiguousActionError(raw, f"that could be any of: {texts}", found)
    return found[0]


def parse_action(state: PBState, text: str) -> PBAction:
    """The one legal action ``text`` names in ``state``; an `ActionTextError` subclass otherwise."""
    raw = text
    t = " ".join(str(text).split()).lower()
    if not t or "\x00" in t:
        raise UnparseableActionError(raw, "write an action, e.g. 'Kn b1-c3', 'deploy Ro d1' or 'pick Qu d1'")
    offer = False
    if t.endswith("draw?"):
        t = t[: -len("draw?")].rstrip()
        if not t:
            raise UnparseableActionError(raw, "a draw is offered together with a move: 'Kn b1-c3 draw?'")
        offer = True
    words = t.split(" ")
    head = words[0]
    if t == "accept draw":
        action = _accept(state, raw)
    elif t == "pass":
        action = _pass(state, raw)
    elif head == "pick":
        action = _pick(state, raw, words[1:])
    elif head == "deploy":
        action = _deploy(state, raw, words[1:])
    elif head == "army":
        action = _army(state, raw, t[len("army") :])
    else:
        action = _move(state, raw, t)
    if offer:
        if action.kind not in ("move", "deploy", "pass"):
            raise IllegalActionTextError(raw, "a draw can only be offered with a move, a deploy or a pass")
        if not state.options.agreement:
            raise IllegalActionTextError(raw, "draws by agreement are off in this game")
        action = PBAction(
            action.kind, action.code, action.square, action.move, action.promote, action.army, True
        )
    return action


def _in_phase(state: PBState, raw: str, phase: str, what: str) -> list[PBAction]:
    if state.is_terminal():
        raise IllegalActionTextError(raw, "the game is over")
    if state.phase != phase:
        names = {"pick": "open picking", "secret": "secret picking", "play": "play"}
        raise IllegalActionTextError(raw, f"{what} belongs to {names[phase]}; now it is {names[state.phase]}")
    return list(state.legal_actions())


def _accept(state: PBState, raw: str) -> PBAction:
    legal = _in_phase(state, raw, "play", "accepting a draw")
    if ACCEPT_DRAW not in legal:
        raise IllegalActionTextError(raw, "no draw offer from your opponent stands")
    return ACCEPT_DRAW


def _pass(state: PBState, raw: str) -> PBAction:
    legal = _in_phase(state, raw, "play", "passing")
    if PASS not in legal:
        raise IllegalActionTextError(raw, "you may pass only when you have no move and no deploy")
    return PASS


def _pick(state: PBState, raw: str, words: list[str]) -> PBAction:
    if len(words) not in (1, 2):
        raise UnparseableActionError(raw, "write a pick as 'pick Qu d1' or 'pick Sp barracks'")
    code = _unit(words[0], raw)
    anywhere = len(words) == 1
    place = None if anywhere or words[1] == BARRACKS else _square(words[1], raw)
    legal = _in_phase(state, raw, "pick", "a pick")
    found = [a for a in legal if a.kind == "pick" and a.code == code and (anywhere or a.square == place)]
    seat = state.to_move
    assert seat is not None
    name = BY_CODE[code].name
    if PRICES[code] > state.budgets[seat]:
        why = f"a {name} costs {PRICES[code]} points and you have {state.budgets[seat]} left"
    elif (
        state.needs_sovereign(seat) and state.cap_left(code) != 0 and not state.keeps_crown(seat, code, place)
    ):
        why = (
            "that would leave you no way to buy a Sovereign (a King or an Anointed) and place it on your first "
            "rank, and without one your army loses when picking is over: pick a Sovereign first"
        )
    elif not any(a.code == code for a in legal):
        why = f"no more {name} units may be picked (the unit cap is {state.options.unit_cap})"
    else:
        why = f"{_place(place)} is not an empty square of your first rank"
    return _one(raw, found, why)


def _deploy(state: PBState, raw: str, words: list[str]) -> PBAction:
    if len(words) not in (1, 2):
        raise UnparseableActionError(raw, "write a deploy as 'deploy Ro d1'")
    code = _unit(words[0], raw)
    square = _square(words[1], raw) if len(words) == 2 else None
    legal = _in_phase(state, raw, "play", "a deploy")
    found = [
        a for a in legal if a.kind == "deploy" and a.code == code and (square is None or a.square == square)
    ]
    seat = state.to_move
    assert seat is not None
    name = BY_CODE[code].name
    if code not in state.barracks[seat]:
        why = f"there is no {name} in your Barracks"
    else:
        ranks = "first or second rank" if code in FOOT else "first rank"
        why = f"a {name} deploys to an empty square of your {ranks}"
    return _one(raw, found, why)


def _army(state: PBState, raw: str, rest: str) -> PBAction:
    entries: list[tuple[str, int | None]] = []
    for part in rest.split(","):
        words = part.split()
        if len(words) != 2:
            raise UnparseableActionError(
                raw, "write an army as 'army Ki e1, Qu d1, Sp barracks': a unit and its square each"
            )
        code = _unit(words[0], raw)
        entries.append((code, None if words[1] == BARRACKS else _square(words[1], raw)))
    _in_phase(state, raw, "secret", "an army")
    seat = state.to_move
    assert seat is not None
    problem = army_problem(
        entries, seat, state.budgets[seat], state.options.unit_cap, bool(state.options.sovereign_guard)
    )
    if problem is not None:
        raise IllegalActionTextError(raw, problem)
    return PBAction("army", army=canonical_army(entries))


def _move(state: PBState, raw: str, t: str) -> PBAction:
    match = _MOVE.match(t)
    origin: int | None = None
    if match is not None:
        origin = _square(match["origin"], raw)
    else:
        match = _SHORT.match(t)
        if match is None:
            raise UnparseableActionError(raw, "it is not an action of Point-Buy Chess")
    code = _unit(match["code"], raw) if match["code"] else None
    target = _square(match["target"], raw)
    promo = _unit(match["promo"], raw) if match["promo"] else None
    legal = _in_phase(state, raw, "play", "a move")
    seat = state.to_move
    assert seat is not None
    found = [
        a
        for a in legal
        if a.kind == "move"
        and a.target == target
        and (origin is None or a.move is not None and a.move.origin == origin)
        and (code is None or a.code == code)
        and a.promote == (None if promo == a.code else promo)  # "=Pa" on a Pawn: it stays (logs of old)
    ]
    return _one(raw, found, _why_no_move(state, seat, code, origin, target, promo))


def _why_no_move(
    state: PBState, seat: int, code: str | None, origin: int | None, target: int, promo: str | None
) -> str:
    if origin is not None:
        piece = state.board[origin]
        if piece is None or piece[0] != seat:
            return f"you have no unit on {square_name(origin)}"
        name = BY_CODE[piece[1]].name
        if code is not None and piece[1] != code:
            return f"your unit on {square_name(origin)} is a {name}, not a {BY_CODE[code].name}"
        if promo is not None and (piece[1] not in FOOT or target >> 3 != LAST_ROW[seat]):
            return "only a Foot unit ending its march or attack on your eighth rank may promote"
        return f"the {name} on {square_name(origin)} cannot reach {square_name(target)}"
    if code is not None:
        return f"none of your {BY_CODE[code].name} units can reach {square_name(target)}"
    return f"nothing of yours can reach {square_name(target)}"


__all__ = ["BARRACKS", "SECRET_ARMY", "format_action", "lookup_code", "parse_action", "public_text"]
