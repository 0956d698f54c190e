"""Castles notation (docs/castles.md#notation): the canonical text of each decision and its reading back.

``pick Kn`` (public: ``pick``), ``deploy So b2``, ``So b2-b3`` (a move), ``Ar c3xc5`` (an attack), ``skip``,
``end``, the events ``Tx``, ``Sb``, ``Mu``, ``Cg``, ``Rc Ar Kn``, ``Ma Sc a2-a4``, ``Cm Kn d3xe5`` and
``Rf Ch b1``. Codes are read in any case, squares too; `parse_action` raises
`UnparseableActionError` for text that is no action of the game and `IllegalActionTextError` for an
action that is not legal now.
"""

from __future__ import annotations

from ..base import IllegalActionTextError, UnparseableActionError
from .engine import CastlesAction, legal_actions
from .rules import CARD_CODES, EVENT_BY_CODE, EVENT_CODES, UNIT_CODES
from .state import Position, is_square

HINT = "write e.g. 'pick Kn', 'deploy So b2', 'So b2-b3', 'Ar c3xc5', 'Tx', 'Rc Ar Kn', 'skip' or 'end'"
_CODE = {code.lower(): code for code in CARD_CODES}


def format_action(action: CastlesAction, *, public: bool = False) -> str:
    """The canonical text of ``action``; with ``public``, what the other seat may see (a pick hides its
    card)."""
    verb = action.verb
    if verb == "pick":
        return "pick" if public else f"pick {action.card}"
    if verb in ("skip", "end"):
        return verb
    if verb == "event":
        return " ".join((action.card, *action.extra))
    prefix = f"{action.card} " if action.card else ""
    if verb == "deploy":
        return f"{prefix or 'deploy '}{action.unit} {action.target}"
    sign = "-" if verb == "move" else "x"
    return f"{prefix}{action.unit} {action.source}{sign}{action.target}"


def public_text(notation: str) -> str:
    """What the other seat may see of a stored action text (a pick without its card)."""
    return "pick" if notation.split()[:1] == ["pick"] else notation


def read_action(text: str) -> CastlesAction:
    """The action ``text`` spells, without looking at a position (`UnparseableActionError` if none)."""
    words = text.split()
    if not words:
        raise UnparseableActionError(text, HINT)
    head = words[0].lower()
    rest = words[1:]
    if head in ("skip", "end") and not rest:
        return CastlesAction(head)
    if head == "pick" and len(rest) == 1 and rest[0].lower() in _CODE:
        return CastlesAction("pick", _CODE[rest[0].lower()])
    if head == "deploy" and len(rest) == 2:
        return _deploy("", rest, text)
    code = _CODE.get(head)
    if code in UNIT_CODES and len(rest) == 1:
        return _unit_action("", code, rest[0], text)
    if code in EVENT_CODES:
        assert code is not None
        target = EVENT_BY_CODE[code].target
        if target == "" and not rest:
            return CastlesAction("event", code)
        if (
            target == "recruit"
            and 1 <= len(rest) <= 2
            and all(_CODE.get(w.lower()) in UNIT_CODES for w in rest)
        ):
            extra = tuple(sorted((_CODE[w.lower()] for w in rest), key=UNIT_CODES.index))
            return CastlesAction("event", code, extra=extra)
        if target == "deploy" and len(rest) == 2:
            return _deploy(code, rest, text)
        if target in ("move", "attack") and len(rest) == 2 and _CODE.get(rest[0].lower()) in UNIT_CODES:
            action = _unit_action(code, _CODE[rest[0].lower()], rest[1], text)
            if action.verb == target:
                return action
    raise UnparseableActionError(text, HINT)


def _deploy(card: str, words: list[str], text: str) -> CastlesAction:
    unit, square = _CODE.get(words[0].lower()), words[1].lower()
    if unit not in UNIT_CODES or not is_square(square):
        raise UnparseableActionError(text, HINT)
    assert unit is not None
    return CastlesAction("deploy", card, unit, "", square)


def _unit_action(card: str, unit: str, squares: str, text: str) -> CastlesAction:
    squares = squares.lower()
    for sign, verb in (("-", "move"), ("x", "attack")):
        source, found, target = squares.partition(sign)
        if found and is_square(source) and is_square(target):
            return CastlesAction(verb, card, unit, source, target)
    raise UnparseableActionError(text, HINT)


def parse_action(pos: Position, text: str) -> CastlesAction:
    """The one legal action of ``pos`` that ``text`` names."""
    action = read_action(text)
    if action not in legal_actions(pos):
        raise IllegalActionTextError(text, "that is not a legal action now")
    return action


__all__ = ["format_action", "parse_action", "public_text", "read_action"]
