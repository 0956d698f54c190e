"""The notation of For the Crown: action text to `FtcAction` and back.

An action's canonical text is its words joined by spaces (`FtcAction.text`):

- plain orders: ``Pa e2-e4`` (march), ``Kn b1xc3`` (attack; an Oracle's shot names the square it hits, a
  Charger's the square it ends on), ``Sp e4<>e1`` (a Spy swap), ``Pa e7-e8=Qu`` (a promotion),
  ``deploy Ro d1``;
- a card played for one of its effects: ``play <card> <effect> [choices]``, e.g. ``play tower gold``,
  ``play peon train``, ``play academy academy Mo c2``, ``play armor armor Ro a1-a4``, ``play aviary aviary
  Qu d1-h5`` (a card's move, not a march), ``play stables stables_march Kn b1-c3-d5``, ``play sanctuary
  sanctuary Ro h1-f1 Ki e1-g1``, ``play quartermaster quartermaster_deploy Ro a1 Kn b1``, ``play
  versatility versatility peon peon``, ``play wish wish tower``, ``play wish wish_immunity e1``, ``play
  subterfuge subterfuge Ki@e1 An@barracks``, ``play sacrifice sacrifice peon heir``;
- ``buy <card>``; ``end`` (closes the phase; in the buy phase, the turn);
- a pending decision: ``topdeck <card>`` / ``keep``, ``discard <card>``, ``trash`` / ``keep`` (False
  Orders' revealed card), ``trash <card> morph <unit>``, ``trash <card> gain <card>``, ``promote <unit>``
  / ``promote none``, and Onslaught's steps (``Pa e2-e3``, ``deploy St d2``, ``done``).

Reading is lenient about case and spaces; a text is one legal action or a typed error:
`UnparseableActionError` (not an action of this game), `IllegalActionTextError` (no legal action matches).
Public text hides the one thing an action may say that the others may not see: which card was put back
on the deck (``topdeck``).
"""

from __future__ import annotations

from ..base import IllegalActionTextError, UnparseableActionError
from ..text import quoted
from ..units import BY_CODE
from .engine import FtcAction, FtcState

VERBS = frozenset(
    {
        "choose",
        "recruit",
        "crown",
        "evacuate",
        "deploy",
        "play",
        "buy",
        "end",
        "topdeck",
        "keep",
        "discard",
        "trash",
        "promote",
        "done",
    }
)
"""The first words of every action but a plain march or attack (which starts with a unit code)."""
HIDDEN_TOPDECK = "topdeck"


def format_action(action: FtcAction, *, public: bool = False) -> str:
    """The canonical text of ``action``; ``public``: what the other seat may see of it."""
    if public and action.words[0] == "topdeck":
        return HIDDEN_TOPDECK
    return action.text


def public_text(notation: str) -> str:
    """What the other seat may see of a stored (canonical) action text."""
    return HIDDEN_TOPDECK if notation.split(" ", 1)[0] == "topdeck" else notation


def parse_action(state: FtcState, text: str) -> FtcAction:
    """The one legal action ``text`` names in ``state`` (any case, any spacing)."""
    words = text.split()
    if not words:
        raise UnparseableActionError(text, "the text is empty")
    first = words[0].lower()
    if first not in VERBS and first.capitalize() not in BY_CODE:
        raise UnparseableActionError(text, f"{quoted(words[0])} does not begin an action of For the Crown")
    wanted = " ".join(words).lower()
    for action in state.legal_actions():
        if action.text.lower() == wanted:
            return action
    raise IllegalActionTextError(text, "no legal action now is written like this")


__all__ = ["VERBS", "format_action", "parse_action", "public_text"]
