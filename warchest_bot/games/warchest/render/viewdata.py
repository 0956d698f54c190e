"""Reading the engine's view dicts (``GameState.view_for``): counts, owners, unit codes and seat names.

The renderer only ever reads a view, never a game state, so it cannot draw what the view left out. Zones
of other seats are counts in a view and the viewer's own zones are lists or dicts; the board and the side
panels always reduce them to counts, so a public image does not depend on who asked for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from warchest_bot.games.warchest.engine import UNITS, lookup_unit

from .words import DEFAULT_LOCALE, pic, unit_text


@cache
def code_of(name: str) -> str:
    """The two-letter code (``Sw``; ``RC`` for the Royal Coin) of a unit or coin named in a view."""
    u = lookup_unit(name)
    if u is None:
        raise ValueError(f"unknown unit {name!r} in view")
    return UNITS[u].code


def unit_label(name_or_code: str, locale: str = DEFAULT_LOCALE) -> str:
    """The catalogue's name for a unit in ``locale``."""
    return unit_text(code_of(name_or_code), "name", locale)


def count(zone: int | Mapping[str, int] | Sequence[str] | None) -> int:
    """How many coins a zone holds, whichever form the view gives it in."""
    if zone is None:
        return 0
    if isinstance(zone, int):
        return zone
    if isinstance(zone, Mapping):
        return sum(zone.values())
    return len(zone)


def per_unit(zone: Mapping[str, int] | None) -> dict[str, int]:
    """A public per-unit zone (supply, face-up discard, eliminated) keyed by unit code."""
    out: dict[str, int] = {}
    for name, n in (zone or {}).items():
        c = code_of(name)
        out[c] = out.get(c, 0) + n
    return out


def owners(view: Mapping) -> dict[str, int]:
    """Unit code → seat that commands it."""
    return {code_of(u): s for s, sd in enumerate(view["seats"]) for u in sd.get("units", ())}


def num_players(view: Mapping) -> int:
    return int(view.get("options", {}).get("players") or len(view["seats"]))


def seat_name(seat: int, names: Sequence[str] | None = None, locale: str = DEFAULT_LOCALE) -> str:
    """The display name of a seat: ``names[seat]`` if given, else "Player n" (1-based) in ``locale``."""
    if names is not None and seat < len(names) and names[seat]:
        return str(names[seat])
    return pic("player", locale, n=seat + 1)
