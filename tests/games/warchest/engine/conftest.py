"""Fixture builders for the engine's rules tests.

``pos(...)`` builds a hand-written position through ``GameState.from_json`` and fills in whatever a test
does not care about, so that each test position reads like a diagram:

    g = pos(hand0=["Sw"], board0={"e3": "Sw"}, board1={"f3": "Ar"})

- Per-seat zones are keyword arguments named ``<zone><seat>``: ``units0``, ``hand0``, ``bag0``,
  ``up0`` (face-up discard), ``down0`` (face-down discard), ``supply0``, and ``board0`` (that seat's
  stacks, ``{hex: "Sw"}`` or ``{hex: ["Sw", height]}``). Zones take a list of coins or a
  ``{coin: count}`` dict. Coins are unit codes (``"Sw"``) or names; ``"RC"`` is the Royal Coin.
- A seat's units are ``units<seat>`` plus every unit whose coins appear in that seat's zones or stacks; the rest of
  its 4 (3 in 4-player) units are filled with units nobody uses. A unit on the board must belong to a seat
  through one of these. Coins of a unit not listed anywhere are in the box (eliminated).
- Each seat's Royal Coin goes to its bag unless the test puts it somewhere (or a pending Warrior Priest
  draw holds it).
- ``expansions="nobility"`` plays with the Nobility expansion; ``decrees`` lists the decrees dealt and
  ``sealed`` the decrees each team has sealed. ``expansions="siege"`` with ``forts`` (location hexes) plays
  with Siege's fortifications.
- ``board`` (any seat's stacks, owner found from the units) maps hexes like ``board0``; ``control``
  maps locations to teams (default: starting locations). ``turn`` defaults to the initiative holder.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

from warchest_bot.games.warchest.engine import GameState, lookup_unit, unit_code
from warchest_bot.games.warchest.engine.state import IllegalActionError

_SEAT_KW = re.compile(r"^(units|hand|bag|up|down|supply|board)([0-3])$")
_ZONE_KEYS = {"hand": "hand", "bag": "bag", "up": "discard_up", "down": "discard_down", "supply": "supply"}
_FILLERS = ("Kn", "Fo", "Me", "En", "Ma", "Be", "WP", "RG", "Sc", "Sw", "Pi", "Cr", "LC", "Ar", "Ca", "La")


def _code(coin: str) -> str:
    u = lookup_unit(coin)
    if u is None:
        raise ValueError(f"unknown coin {coin!r}")
    return unit_code(u)


def _coins(zone) -> list[str]:
    if zone is None:
        return []
    if isinstance(zone, dict):
        return [c for c, n in zone.items() for _ in range(n)]
    return list(zone)


def pos(
    players: int = 2,
    *,
    board: dict | None = None,
    control: dict | None = None,
    turn: int | None = None,
    initiative: int = 0,
    claimed: bool = False,
    pending: list | None = None,
    royal_guard: str = "revised",
    max_rounds: int = 200,
    seed: int = 0,
    round: int = 1,
    expansions: str = "",
    decrees: list[str] | None = None,
    sealed: list[list[str]] | None = None,
    forts: list[str] | None = None,
    **seat_kw,
) -> GameState:
    """A position with only what the test lists (see the module docstring)."""
    seats: list[dict] = [{} for _ in range(players)]
    explicit_units: list[list[str]] = [[] for _ in range(players)]
    board = dict(board or {})
    for key, value in seat_kw.items():
        m = _SEAT_KW.match(key)
        if m is None or int(m.group(2)) >= players:
            raise TypeError(f"pos() got an unexpected keyword argument {key!r}")
        zone, s = m.group(1), int(m.group(2))
        if zone == "units":
            explicit_units[s] += [code for u in value if (code := _code(u)) not in explicit_units[s]]
        elif zone == "board":
            for h, spec in value.items():
                if h in board:
                    raise ValueError(f"two stacks on {h}")
                board[h] = spec
                code = _code(spec if isinstance(spec, str) else spec[0])
                if code not in explicit_units[s]:
                    explicit_units[s].append(code)
        else:
            seats[s][_ZONE_KEYS[zone]] = value
    per_seat = 4 if players == 2 else 3
    owned: list[list[str]] = []
    for s in range(players):
        units = list(explicit_units[s])
        for zone in seats[s].values():
            for c in _coins(zone):
                code = _code(c)
                if code != "RC" and code not in units:
                    units.append(code)
        owned.append(units)
    used = {u for units in owned for u in units}
    fillers = [u for u in _FILLERS if u not in used]
    for s in range(players):
        while len(owned[s]) < per_seat:
            owned[s].append(fillers.pop(0))
        if len(owned[s]) > per_seat:
            raise ValueError(f"seat {s} has too many units: {owned[s]}")
        seats[s]["units"] = owned[s]
    drawn_royal = {p["seat"] for p in pending or [] if p.get("kind") == "priest" and _code(p["coin"]) == "RC"}
    for s in range(players):
        has_royal = any(
            _code(c) == "RC"
            for z in ("hand", "bag", "discard_up", "discard_down")
            for c in _coins(seats[s].get(z))
        )
        if not has_royal and s not in drawn_royal:
            bag = seats[s].get("bag")
            if isinstance(bag, dict):
                seats[s]["bag"] = {**bag, "RC": bag.get("RC", 0) + 1}
            else:
                seats[s]["bag"] = [*_coins(bag), "RC"]
    data: dict = {
        "options": {
            "players": players,
            "units": "random",
            "royal_guard": royal_guard,
            "max_rounds": max_rounds,
            "seed": seed,
        },
        "round": round,
        "initiative": {"seat": initiative, "claimed": claimed},
        "seats": seats,
        "board": board,
        "pending": pending or [],
    }
    if expansions:
        data["options"]["expansions"] = expansions
    if decrees is not None or sealed is not None:
        data["decrees"] = {"dealt": decrees or [], "sealed": sealed or [[], []]}
    if forts is not None:
        data["forts"] = forts
    if control is not None:
        data["control"] = control
    if turn is not None:
        data["turn"] = turn
    return GameState.from_json(data)


def texts(g: GameState) -> set[str]:
    """The legal actions of the seat to act, as notation (checking that none is listed twice, in either
    form)."""
    actions = g.legal_actions()
    names = [g.format_action(a) for a in actions]
    assert len(set(actions)) == len(actions) and len(set(names)) == len(names), f"duplicates in {names}"
    return set(names)


def coin_texts(g: GameState, coin: str) -> set[str]:
    """The legal actions paid with ``coin`` (e.g. ``"Sw"``)."""
    code = _code(coin)
    return {t for t in texts(g) if t.split()[0] == code}


def kind_texts(g: GameState, kind: str) -> set[str]:
    """The legal actions of one kind (``"move"``, ``"tactic"`` ...), whatever pays for them."""
    texts(g)  # the duplicate check
    return {g.format_action(a) for a in g.legal_actions() if a.kind == kind}


def play(g: GameState, *actions: str) -> GameState:
    """Parse and apply each action text in turn (for the seat to act); returns ``g``."""
    for text in actions:
        g.apply(g.parse_action(text))
    return g


def stacks(g: GameState) -> dict[str, tuple[str, int, int]]:
    """The board as ``{hex: (unit code, height, seat)}``."""
    from warchest_bot.games.warchest.engine import HEX_NAMES

    return {HEX_NAMES[h]: (unit_code(st[1]), st[2], st[0]) for h, st in enumerate(g.stacks) if st is not None}


def zone(g: GameState, seat: int, name: str) -> dict[str, int]:
    """A seat's zone (``hand``, ``bag``, ``discard_up``, ``discard_down``, ``supply``, ``eliminated``) as
    ``{code: count}`` without zeros."""
    s = g.seats[seat]
    if name == "hand":
        counts: dict[str, int] = {}
        for c in s.hand:
            counts[unit_code(c)] = counts.get(unit_code(c), 0) + 1
        return counts
    return {unit_code(u): n for u, n in enumerate(getattr(s, name)) if n}


def control(g: GameState) -> dict[str, int]:
    """Control markers as ``{location: team}``."""
    from warchest_bot.games.warchest.engine import HEX_NAMES

    return {HEX_NAMES[h]: g.control[k] for k, h in enumerate(g.board.locations) if g.control[k] >= 0}


def pending_kinds(g: GameState) -> list[tuple[str, int]]:
    return [(p.kind, p.seat) for p in g.pending]


def assert_illegal(g: GameState, *candidates: Iterable[str] | str) -> None:
    """Each text is not among the legal actions."""
    legal = texts(g)
    for c in candidates:
        assert c not in legal, f"{c!r} should be illegal"


def assert_rejected(g: GameState, text: str) -> None:
    """Parsing ``text`` fails (and so does applying nothing): the state is unchanged."""
    from warchest_bot.games.warchest.engine import NotationError

    before = g.to_json()
    with pytest.raises(NotationError):
        g.apply(g.parse_action(text))
    assert g.to_json() == before


__all__ = [
    "IllegalActionError",
    "assert_illegal",
    "assert_rejected",
    "coin_texts",
    "control",
    "kind_texts",
    "pending_kinds",
    "play",
    "pos",
    "stacks",
    "texts",
    "zone",
]
