"""The last action in words a player reads ("Ann's Knight attacked f5: Bob's Archer lost a coin").

The sentence is built from the ``last_action`` dict the board is drawn with (``engine.action_to_json``,
public) and the view after the action: the acting unit of a follow-up without a coin is read off the
board. What the action cost units on the board comes from the optional ``losses`` list that the service
adds (`warchest_bot.games.warchest.losses`, as :func:`board_losses` reads two views); without it the sentence names the action only.
Every word comes from the catalogue in the picture's locale (``picture.last.*`` and the units' names, see
``warchest_bot/games/warchest/messages/en/pictures.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from warchest_bot.i18n import t

from ..losses import coin_losses
from .viewdata import code_of, seat_name, unit_label
from .words import DEFAULT_LOCALE
from .words import last as msg


def _stacks(view: Mapping | None) -> dict[str, tuple[str, int]]:
    """Hex → (unit code, height) on the board of a view."""
    out = {}
    for name, stack in ((view or {}).get("board") or {}).items():
        unit, height = stack if isinstance(stack, (list, tuple)) else (stack, 1)
        out[name] = (code_of(unit), int(height))
    return out


def _owners(view: Mapping) -> dict[str, int]:
    return {code_of(u): s for s, sd in enumerate(view.get("seats") or ()) for u in sd.get("units", ())}


def board_losses(before: Mapping, after: Mapping) -> list[dict]:
    """Which units lost coins from the board between two views of the same game (public information):
    ``[{"unit": name, "seat": owner, "coins": n, "eliminated": left the board}]``, in board order."""

    def coins(view: Mapping) -> dict[str, int]:
        out: dict[str, int] = {}
        for code, height in _stacks(view).values():
            out[code] = out.get(code, 0) + height
        return out

    return coin_losses(coins(before), coins(after), _owners(before))


def _unit(code: str | None, locale: str) -> str:
    return unit_label(code, locale) if code else "?"


def _coin_code(last: Mapping) -> str | None:
    coin = last.get("coin")
    if not coin:
        return None
    try:
        return code_of(coin)
    except ValueError:
        return None


def _action_sentence(last: Mapping, view: Mapping | None, player: str, locale: str) -> str | None:
    kind = last.get("kind")
    hexes = list(last.get("hexes") or ())
    coin = _coin_code(last)
    stacks = _stacks(view)

    def on(h: str | None) -> str | None:
        return stacks[h][0] if h in stacks else None

    if kind in ("deploy", "bolster", "control") and hexes:
        return msg(kind, locale, player=player, unit=_unit(coin or on(hexes[0]), locale), hex=hexes[0])
    if kind == "move" and len(hexes) >= 2:
        unit = _unit(coin or on(hexes[-1]), locale)
        return msg("move", locale, player=player, unit=unit, from_hex=hexes[0], to_hex=hexes[-1])
    if kind == "attack" and len(hexes) >= 2:
        return msg("attack", locale, player=player, unit=_unit(coin or on(hexes[0]), locale), hex=hexes[-1])
    if kind == "tactic":
        # The Royal Coin pays for the Royal Guard's move.
        code = "RG" if coin == "RC" else coin
        unit = _unit(code or (on(hexes[-1]) if hexes else None), locale)
        if len(hexes) == 3 and code == "WW":  # the War Wagon moves into its friend's hex
            return msg("tactic_move", locale, player=player, unit=unit, from_hex=hexes[0], to_hex=hexes[1])
        if len(hexes) == 3:
            return msg("tactic_move_attack", locale, player=player, unit=unit, to_hex=hexes[1], hex=hexes[2])
        if code == "He":  # the Herald bolsters: no move, no attack
            return msg("tactic", locale, player=player, unit=unit)
        if len(hexes) == 2 and code in ("Ar", "Cr", "Ma", "ST", "Tr"):
            return msg("tactic_attack", locale, player=player, unit=unit, hex=hexes[1])
        if len(hexes) == 2:
            return msg("tactic_move", locale, player=player, unit=unit, from_hex=hexes[0], to_hex=hexes[1])
        return msg("tactic", locale, player=player, unit=unit)
    if kind in ("recruit", "pick") and last.get("unit"):
        return msg(kind, locale, player=player, unit=_unit(code_of(last["unit"]), locale))
    if kind == "proclaim" and last.get("decree"):
        return msg("proclaim", locale, player=player, decree=t(f"decree.wc.{last['decree']}.name", locale))
    if kind == "fortify" and hexes:
        return t("picture.last.fortify", locale, player=player, hex=hexes[0])
    if kind in ("claim", "pass", "soak", "decline"):
        return msg(kind, locale, player=player)
    return None


def _result(loss: Mapping, names: Sequence[str] | None, locale: str) -> str:
    seat = loss.get("seat")
    owner = seat_name(seat, names, locale) if isinstance(seat, int) else "?"
    unit = unit_label(code_of(loss["unit"]), locale)
    if loss.get("eliminated"):
        return msg("eliminated", locale, owner=owner, unit=unit)
    n = int(loss.get("coins") or 1)
    if n == 1:
        return msg("lost_coin", locale, owner=owner, unit=unit)
    return msg("lost_coins", locale, owner=owner, unit=unit, n=n)


def describe(
    last: Mapping | None,
    view: Mapping | None = None,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> str | None:
    """The sentence for the header (without "Last:"), or None when there was no action yet."""
    if not last:
        return None
    seat = last.get("seat")
    player = seat_name(seat, names, locale) if isinstance(seat, int) else "?"
    sentence = _action_sentence(last, view, player, locale)
    if sentence is None:  # an action this module does not know: its notation
        text = last.get("text", "")
        return msg("notation", locale, player=player, action=text) if isinstance(seat, int) else text
    results = [_result(loss, names, locale) for loss in last.get("losses") or ()]
    if results:
        result = results[0]
        for more in results[1:]:
            result = msg("results", locale, first=result, second=more)
        sentence = msg("with_result", locale, action=sentence, result=result)
    return sentence


def last_line(
    last: Mapping | None,
    view: Mapping | None = None,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> str | None:
    """The header's second line: "Last: …", or None."""
    sentence = describe(last, view, names, locale)
    return None if sentence is None else msg("line", locale, action=sentence)
