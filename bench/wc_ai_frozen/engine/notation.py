"""The text notation of actions: short, typable, and the same in Discord, history and tests.

Coin-paying actions start with the coin paid (unit code or name, ``RC`` for the Royal Coin)::

    Sw deploy e2        Sw bolster e2       Sw move e2-e3       Sw control e3      Sw attack e3xf3
    Sw claim            Sw recruit Pi       Sw pass             RC pass
    Ar tactic e3xg3     Cr tactic e3xe5     Ca tactic e3-e4xf4  La tactic e3-e5xe6  LC tactic e3-e5
    En tactic f3-f4     Ma tactic f3xf4     Fo tactic           RC tactic e2-h1   (Royal Guard move)

Follow-up decisions have no coin: ``move e3-e4``, ``control e3``, ``attack e3xf3`` (Swordsman move,
Berserker chain, Mercenary maneuver, Footman orders), ``soak`` (Royal Guard takes the hit from supply),
``decline`` (skip an optional follow-up) and ``pick Ar`` (draft).

Nobility: ``RC proclaim muster`` (the Royal Coin proclaims a decree; its effect follows as a follow-up such
as ``move e5-e2``, ``attack e2xe3`` or ``recruit Sw``), ``Bi tactic e3 Sw`` (the Bishop recruits a
Swordsman, then may ``move``/``attack``), ``Ea tactic e3`` (then ``proclaim levy`` without a seal, or
``decline``) and ``He tactic e3xe4`` (the Herald at e3 bolsters e4 from supply).

Siege: ``Sp tactic e3-e4xf4`` (the Sapper moves, then attacks the fort on f4), ``ST tactic e3xe4`` (the
Siege Tower's first attack; the second is the follow-up ``attack e3xf3``), ``Tr tactic e3xe6`` (the
Trebuchet hits 2-3 hexes away), ``WW tactic e3-e4-e5`` (the War Wagon on e3 pushes its friend on e4 to e5
and takes e4). Follow-ups: ``fortify e4`` (the Sapper builds a fort where it stands), ``bolster e2`` (a
Siege Tower just deployed, from supply) and ``soak e5`` (the War Wagon on e5 takes the hit).

Parsing is forgiving: case and spaces do not matter, unit names may be written out (``light cavalry``),
``x`` or ``-`` may separate hexes, and a move or attack may name only its last hex when that is unique
(``Sw move e3``). Errors are typed: :class:`UnparseableActionError` (cannot be read),
:class:`IllegalNotationError` (readable, but not legal now — with the reason when cheap to tell) and
:class:`AmbiguousActionError` (several legal actions match; they are listed).
"""

from __future__ import annotations

import re
from functools import lru_cache

from warchest_bot.games.text import quoted

from .actions import (
    ATTACK,
    BOLSTER,
    CLAIM,
    CONTROL,
    DECLINE,
    DEPLOY,
    FACE_DOWN_KINDS,
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
from .decrees import DECREES, decree_key, lookup_decree
from .geometry import ALL_COORDS, HEX_NAMES, NAME_INDEX
from .state import GameError, GameState
from .units import (
    ARCHER,
    CROSSBOWMAN,
    HERALD,
    LANCER,
    MARSHALL,
    ROYAL,
    ROYAL_GUARD,
    SIEGE_TOWER,
    TREBUCHET,
    WAR_WAGON,
    lookup_unit,
    unit_code,
    unit_name,
)


class NotationError(GameError, ValueError):
    """Text that does not denote a legal action now."""


class UnparseableActionError(NotationError):
    """Text that cannot be read as an action (unknown word, unit or hex)."""


class IllegalNotationError(NotationError):
    """A well-formed action that is not legal in this position."""


class AmbiguousActionError(NotationError):
    """Several legal actions match the text."""

    def __init__(self, message: str, candidates: list[Action]):
        super().__init__(message)
        self.candidates = candidates


_VERBS = {
    "deploy": DEPLOY,
    "d": DEPLOY,
    "bolster": BOLSTER,
    "b": BOLSTER,
    "move": MOVE,
    "m": MOVE,
    "control": CONTROL,
    "c": CONTROL,
    "attack": ATTACK,
    "a": ATTACK,
    "tactic": TACTIC,
    "t": TACTIC,
    "claim": CLAIM,
    "initiative": CLAIM,
    "recruit": RECRUIT,
    "r": RECRUIT,
    "pass": PASS,
    "p": PASS,
    "decline": DECLINE,
    "skip": DECLINE,
    "no": DECLINE,
    "soak": SOAK,
    "pick": PICK,
    "proclaim": PROCLAIM,
    "fortify": FORTIFY,
    "fort": FORTIFY,
}
_SEPARATED_TACTIC = {
    ARCHER: "x",
    CROSSBOWMAN: "x",
    MARSHALL: "x",
    HERALD: "x",
    SIEGE_TOWER: "x",
    TREBUCHET: "x",
}
_HEX_RE = re.compile(r"^[a-k][1-7]$")


def _hexes_text(kind: str, coin: int, hexes: tuple[int, ...]) -> str:
    names = [HEX_NAMES[h] for h in hexes]
    if kind == ATTACK or (kind == TACTIC and coin in _SEPARATED_TACTIC):
        return "x".join(names)
    if kind == TACTIC and len(names) == 3 and coin != WAR_WAGON:  # Cavalry / Lancer / Sapper: move, attack
        return f"{names[0]}-{names[1]}x{names[2]}"
    return "-".join(names)


def format_action(g: GameState | None, a: Action, public: bool = False) -> str:
    """The canonical text of an action (``g`` is accepted for symmetry with :func:`parse_action`).

    With ``public=True`` the coin paid face down (claim, recruit, pass) is left out, as the other players
    cannot see it: use this form for anything shown to more than the acting seat."""
    return _text(a, public)


@lru_cache(maxsize=8192)
def _text(a: Action, public: bool) -> str:
    """`format_action`, remembered: a move is written four or five times on its way (its stored and
    public texts, its announcement, its picture's data), and actions are immutable."""
    parts: list[str] = []
    if a.coin != NO_COIN and not (public and a.kind in FACE_DOWN_KINDS):
        parts.append(unit_code(a.coin))
    parts.append(a.kind)
    if a.hexes:
        parts.append(_hexes_text(a.kind, a.coin, a.hexes))
    if a.unit >= 0:
        parts.append(decree_key(a.unit) if a.kind == PROCLAIM else unit_code(a.unit))
    return " ".join(parts)


def action_to_json(a: Action, seat: int | None = None, public: bool = False) -> dict:
    """An action as data for tools and renderers: kind, coin paid (None if none or, with ``public``, hidden
    face down), unit recruited/picked, hexes by name and as axial ``[q, r]``, and its text."""
    hidden = public and a.kind in FACE_DOWN_KINDS
    return {
        "seat": seat,
        "kind": a.kind,
        "coin": None if a.coin == NO_COIN or hidden else unit_name(a.coin),
        "unit": unit_name(a.unit) if a.unit >= 0 and a.kind != PROCLAIM else None,
        **({"decree": decree_key(a.unit)} if a.kind == PROCLAIM else {}),
        "hexes": [HEX_NAMES[h] for h in a.hexes],
        "axial": [list(ALL_COORDS[h]) for h in a.hexes],
        "text": format_action(None, a, public=public),
    }


def describe_action(a: Action) -> str:
    """A longer English description, e.g. for logs (user-facing text lives in the message catalogue)."""
    coin = f"{unit_name(a.coin)} coin: " if a.coin != NO_COIN else ""
    return coin + format_action(None, a)


def _take_unit(tokens: list[str]) -> tuple[int | None, list[str]]:
    """A unit at the front of ``tokens`` (one or two words), and the tokens after it."""
    if len(tokens) >= 2 and (u := lookup_unit(tokens[0] + " " + tokens[1])) is not None:
        return u, tokens[2:]
    if tokens and (u := lookup_unit(tokens[0])) is not None:
        return u, tokens[1:]
    return None, tokens


def _parse_hexes(tokens: list[str], g: GameState) -> tuple[list[int], list[str]]:
    text = " ".join(tokens)
    chunks = [c for c in re.split(r"[\s,>\-x]+", text) if c]
    hexes: list[int] = []
    rest: list[str] = []
    for c in chunks:
        if _HEX_RE.match(c):
            h = NAME_INDEX.get(c, -1)
            if h < 0:
                raise UnparseableActionError(f"there is no hex {c}")
            if not g.board.on_board[h]:
                raise UnparseableActionError(f"hex {c} is not on the {g.num_players}-player board")
            hexes.append(h)
        else:
            rest.append(c)
    return hexes, rest


def parse_action(g: GameState, text: str) -> Action:
    """The legal action of :attr:`GameState.current_player` that ``text`` denotes."""
    if not isinstance(text, str) or not text.strip():
        raise UnparseableActionError("empty action: type something like 'Sw deploy e2' or 'decline'")
    if g.is_terminal():
        raise IllegalNotationError("the game is over")
    tokens = text.strip().lower().replace("*", " ").split()
    if not tokens:  # only asterisks
        raise UnparseableActionError("empty action: type something like 'Sw deploy e2' or 'decline'")
    coin, tokens = _take_unit(tokens)
    if not tokens and coin is not None:  # only a unit was typed
        raise UnparseableActionError(
            f"what should the {unit_name(coin)} coin do? e.g. 'deploy', 'move', 'pass'"
        )
    verb = tokens[0]
    if verb not in _VERBS:
        if coin is None and lookup_unit(verb) is None and not _HEX_RE.match(verb):
            raise UnparseableActionError(f"unknown unit or action {quoted(tokens[0])}")
        raise UnparseableActionError(
            f"unknown action {quoted(verb)}; expected one of deploy, bolster, move, "
            "control, attack, tactic, claim, recruit, pass, decline, soak, pick"
        )
    kind = _VERBS[verb]
    tokens = tokens[1:]
    unit = None
    if kind in (RECRUIT, PICK):
        unit, tokens = _take_unit(tokens)
        if unit is None:
            raise UnparseableActionError(f"{kind} needs a unit, e.g. '{kind} Archer'")
    elif kind == PROCLAIM:
        unit = lookup_decree(tokens[0]) if tokens else None
        if unit is None:
            names = ", ".join(d.key for d in DECREES)
            raise UnparseableActionError(f"proclaim needs a decree: one of {names}")
        tokens = tokens[1:]
    elif kind == TACTIC and tokens:
        unit, rest = _take_unit(tokens[-1:])  # the Bishop's recruit: 'Bi tactic e3 Sw'
        if unit is not None and not _HEX_RE.match(tokens[-1]):
            tokens = tokens[:-1]
        else:
            unit = None
    hexes, leftover = _parse_hexes(tokens, g)
    if leftover:
        raise UnparseableActionError(
            f"cannot read {quoted(' '.join(leftover))}: hexes are named like e2 (a-k, 1-7)"
        )
    return _match(g, kind, coin, unit, hexes, text.strip())


def _match(
    g: GameState, kind: str, coin: int | None, unit: int | None, hexes: list[int], text: str
) -> Action:
    legal = g.legal_actions()
    cands = [
        a
        for a in legal
        if a.kind == kind and (coin is None or a.coin == coin) and (unit is None or a.unit == unit)
    ]
    if hexes:
        exact = [a for a in cands if list(a.hexes) == hexes]
        cands = exact or [
            a for a in cands if len(a.hexes) > len(hexes) and list(a.hexes[-len(hexes) :]) == hexes
        ]
    if kind == SOAK and not hexes and len(cands) > 1:  # 'soak' (Royal Guard) beside 'soak e4' (War Wagon)
        cands = [a for a in cands if not a.hexes] or cands
    if coin is None and cands and any(a.coin != NO_COIN for a in cands):
        coins = sorted({a.coin for a in cands})
        if len(coins) > 1 and kind in (CLAIM, PASS, RECRUIT):
            raise AmbiguousActionError(
                f"which coin pays for {kind}? start with it, e.g. '{unit_code(coins[0])} {kind}'", cands
            )
    if len(cands) == 1:
        return cands[0]
    if len(cands) > 1:
        listed = ", ".join(format_action(g, a) for a in cands[:6])
        more = "…" if len(cands) > 6 else ""
        raise AmbiguousActionError(f"{quoted(text)} could mean: {listed}{more}", cands)
    raise IllegalNotationError(f"{quoted(text)} is not legal now: {_why_illegal(g, kind, coin, unit, hexes)}")


def _why_illegal(g: GameState, kind: str, coin: int | None, unit: int | None, hexes: list[int]) -> str:
    seat = g.current_player
    if seat is None:
        return "the game is over"
    if g.pending:
        p = g.pending[-1]
        if p.kind != "priest":
            options = ", ".join(format_action(g, a) for a in g.legal_actions()[:5])
            return f"seat {seat} must first settle a follow-up ({_PENDING_WORDS[p.kind]}): {options}"
        if coin is not None and coin != p.coin:
            return f"the coin drawn by the Warrior Priest is {unit_name(p.coin)}; it must be used now"
    elif coin is not None and coin not in g.seats[seat].hand:
        if coin != ROYAL and g.owner[coin] != seat:
            return f"{unit_name(coin)} is not one of seat {seat}'s units"
        return f"there is no {unit_name(coin)} coin in seat {seat}'s hand"
    if kind in (DECLINE, SOAK, PICK, FORTIFY) and not g.pending:
        return "there is no follow-up decision to make"
    if coin == ROYAL and kind in (DEPLOY, BOLSTER, MOVE, CONTROL, ATTACK):
        also = ", proclaim a decree" if g.options.nobility else ""
        return f"the Royal Coin can only claim, recruit, pass{also} or pay for the Royal Guard's tactic"
    if kind == PROCLAIM and not g.options.nobility:
        return "there are no Royal Decrees in this game (they come with expansions=nobility)"
    if kind == PROCLAIM and unit is not None and g.decrees and unit not in g.decrees:
        return f"the {decree_key(unit)} decree was not dealt in this game"
    if kind == PROCLAIM and coin == ROYAL and unit is not None and unit in g.seals[g.team_of[seat]]:
        return f"your team has sealed the {decree_key(unit)} decree; the Earl's tactic may still proclaim it"
    if coin == ROYAL and kind == TACTIC and g.owner[ROYAL_GUARD] != seat:
        return "the Royal Coin pays only for your Royal Guard's tactic"
    if kind == CLAIM:
        return "the initiative cannot be claimed now (you or your team hold it, or it was claimed this round)"
    if kind == RECRUIT and unit is not None:
        return f"no {unit_name(unit)} coin in your supply"
    if kind == ATTACK and coin is not None and coin in (ARCHER, LANCER):
        return f"the {unit_name(coin)} cannot make normal attacks; use its tactic"
    if hexes and kind in (DEPLOY, MOVE) and g.stacks[hexes[-1]] is not None:
        return f"{HEX_NAMES[hexes[-1]]} is occupied"
    return "no legal action matches it"


_PENDING_WORDS = {
    "draft": "draft pick",
    "soak": "Royal Guard: soak from supply or decline",
    "sword": "Swordsman free move",
    "berserk": "Berserker extra maneuver",
    "merc": "Mercenary free maneuver",
    "footman": "Footman orders",
    "priest": "Warrior Priest coin",
    "earl": "Earl free move",
    "banner": "Bannerman: move an adjacent enemy unit or decline",
    "bishop": "Bishop move or attack",
    "herald": "Herald free maneuver",
    "decree": "carry out the decree proclaimed",
    "earldecree": "Earl: proclaim a decree without a seal or decline",
    "sapper": "Sapper: build a fort here or decline",
    "towerdeploy": "Siege Tower: bolster it from supply or decline",
    "tower": "Siege Tower second attack or decline",
}
