"""The guided path for phones: legal actions grouped as coin → action kind → target.

Pure functions over the service's `Legal` tuples, so they are easy to test; `components.py` turns them into
buttons and select menus.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..games import DEFAULT_KIND, get_game
from ..games.completion import matching
from ..service import Legal

NO_COIN = "-"
KIND_ORDER = ("deploy", "bolster", "move", "attack", "control", "tactic", "claim", "recruit", "pass")
_HEX = re.compile(r"[a-k][1-7]")


def coin_of(legal: Legal) -> str:
    """The coin code an action is paid with ("Sw", "RC"), or NO_COIN for follow-ups and draft picks."""
    words = legal.text.split()
    if len(words) >= 2 and words[0].lower() != legal.kind and words[1].lower() == legal.kind:
        return words[0]
    return NO_COIN


def coin_label(code: str, kind: str = DEFAULT_KIND) -> str:
    if code == "RC":
        return "Royal Coin"
    unit = get_game(kind).lookup_unit(code)
    return unit.name if unit is not None else code


def coins(legal: Sequence[Legal]) -> list[str]:
    """The distinct coins the actions are paid with, in the order they first appear."""
    return list(dict.fromkeys(coin_of(a) for a in legal))


def kinds(legal: Sequence[Legal], coin: str) -> list[str]:
    found = {a.kind for a in legal if coin_of(a) == coin}
    return [k for k in KIND_ORDER if k in found] + sorted(found - set(KIND_ORDER))


def actions(legal: Sequence[Legal], coin: str | None = None, kind: str | None = None) -> list[Legal]:
    return [a for a in legal if (coin is None or coin_of(a) == coin) and (kind is None or a.kind == kind)]


@dataclass(frozen=True)
class Step:
    """What to ask next: "coin" (choose among ``coins``), "kind" (the kinds of ``coin``) or "target"
    (choose among ``choices``)."""

    level: str
    coin: str | None = None
    coins: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    choices: tuple[Legal, ...] = ()


def first_step(legal: Sequence[Legal]) -> Step:
    """Where the guided path starts: a coin choice, unless nothing is paid with a coin (follow-ups,
    draft picks) or there is only one coin."""
    cs = coins(legal)
    if cs == [NO_COIN]:
        return Step("target", coin=NO_COIN, choices=tuple(legal))
    if len(cs) == 1:
        return after_coin(legal, cs[0])
    return Step("coin", coins=tuple(cs))


def after_coin(legal: Sequence[Legal], coin: str) -> Step:
    ks = kinds(legal, coin)
    if len(ks) == 1:
        return Step("target", coin=coin, choices=tuple(actions(legal, coin, ks[0])))
    return Step("kind", coin=coin, kinds=tuple(ks))


def filter_actions(legal: Sequence[Legal], typed: str, limit: int | None = 25) -> list[Legal]:
    """Autocomplete: the actions matching every word typed (case, spacing and full-width letters
    ignored; see `warchest_bot.games.completion.matching`), those starting with the typed text first.
    ``limit`` None: all of them."""
    hits = [legal[n] for n in matching([a.text for a in legal], typed)]
    return hits if limit is None else hits[:limit]


def last_action_json(text: str, seat: int | None, game_kind: str = DEFAULT_KIND) -> dict:
    """A public action text as the renderer's ``last_action`` (the shape of ``engine.action_to_json``)."""
    lookup = get_game(game_kind).lookup_unit
    words = text.split()
    coin = None
    kind = words[0].lower() if words else ""
    paid = lookup(words[0]) if len(words) >= 2 else None
    if paid is not None and words[0].lower() not in KIND_ORDER:
        coin = "Royal" if words[0].upper() == "RC" else paid.name
        kind = words[1].lower()
    unit = None
    recruited = lookup(words[-1]) if kind in ("recruit", "pick") else None
    if recruited is not None:
        unit = recruited.name
    return {
        "seat": seat,
        "kind": kind,
        "coin": coin,
        "unit": unit,
        "hexes": _HEX.findall(" ".join(words[1:]) if coin else text),
        "text": text,
    }
