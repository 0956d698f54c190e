"""Invariants every reachable game state must satisfy; used by self-play, property tests and tools."""

from __future__ import annotations

import json
import re

from .position import PositionError, from_json, to_json, view_for
from .state import FORT_COINS, GameState
from .units import NUM_COIN_TYPES, ROYAL, UNITS, unit_name


def check_invariants(g: GameState, *, round_trip: bool = True) -> list[str]:
    """Every violated invariant as one line (an empty list means the state is sound)."""
    problems: list[str] = []
    for h, st in enumerate(g.stacks):
        if st is None:
            continue
        if not g.board.on_board[h]:
            problems.append(f"stack off the board at hex {h}")
        if st[1] == ROYAL:
            problems.append("a Royal Coin is on the board")
        if st[2] < 1:
            problems.append(f"empty stack at hex {h}")
        if g.positions[st[1]].count(h) != 1:
            problems.append(f"unit index does not list the {unit_name(st[1])} stack at hex {h}")
    for u in range(NUM_COIN_TYPES):
        for h in g.positions[u]:
            if (st := g.stacks[h]) is None or st[1] != u:
                problems.append(f"unit index lists {unit_name(u)} at hex {h} but it is not there")
        if len(g.positions[u]) > (UNITS[u].max_units if u != ROYAL else 0):
            problems.append(f"too many {unit_name(u)} units on the board")
    for s, seat in enumerate(g.seats):
        if g.phase == "draft":
            if seat.hand or sum(seat.bag) or sum(seat.supply):
                problems.append(f"seat {s} has coins during the draft")
            continue
        zones = g.coin_zones(s)
        for u in range(NUM_COIN_TYPES):
            zone = {name: counts[u] for name, counts in zones.items()}
            total = sum(zone.values())
            if min(zone.values()) < 0:
                problems.append(f"seat {s} negative {unit_name(u)} count: {zone}")
            if u == ROYAL:
                if total != 1 or zone["supply"] or zone["board"] or zone["eliminated"]:
                    problems.append(
                        f"seat {s} Royal Coins {zone}; exactly one, never in supply, board or box"
                    )
            elif total != (UNITS[u].coins if g.owner[u] == s else 0):
                problems.append(f"seat {s} {unit_name(u)} coins add up to {total}: {zone}")
        if len(seat.hand) > 3:
            problems.append(f"seat {s} holds {len(seat.hand)} coins")
    for team in (0, 1):
        if g.placed[team] != g.control.count(team):
            problems.append(
                f"team {team} markers placed {g.placed[team]} but controls {g.control.count(team)}"
            )
        if g.placed[team] > g.board.markers_per_team:
            problems.append(f"team {team} placed more markers than it has")
    if g.forts:  # Siege: forts stand on distinct locations, never more than the box's fort coins
        if not g.options.siege:
            problems.append("forts on the board without the Siege expansion")
        if len(g.forts) > FORT_COINS:
            problems.append(f"{len(g.forts)} forts on the board but the box has {FORT_COINS}")
        if g.forts != sorted(set(g.forts)):
            problems.append(f"fort list {g.forts} is not distinct hexes in hex order")
        for h in g.forts:
            if not g.board.is_location(h):
                problems.append(f"a fort on hex {h}, which is not a location")
    if g.result is None and g.current_player is not None and not g._generate():  # leaves the cache cold
        problems.append("the game is not over but the player to act has no legal action")
    if round_trip:
        data = to_json(g)
        try:
            again = from_json(data)
        except PositionError as exc:
            problems.append(f"from_json rejects to_json(g): {exc}")
        else:
            if to_json(again) != data:
                problems.append("from_json(to_json(g)) differs from g")
        problems.extend(_view_leaks(g))
    return problems


_SECRET_KEYS = ("rng", "seed")
SECRET_MIN = 10**6
"""Secret values at least this large are also looked for as numbers in a view's text (smaller ones occur
by chance as counts or plies, so for those only the keys are checked)."""


def secret_leaks(text: str, g: GameState) -> list[str]:
    """Where a serialised view (or anything shown outside the service) carries ``g``'s seed or RNG state:
    a ``"seed"`` or ``"rng"`` key, or either value as a number."""
    problems = []
    for key in _SECRET_KEYS:
        if f'"{key}"' in text:
            problems.append(f"contains the key {key!r}")
    for what, value in (("seed", g.options.seed), ("RNG state", g.rng)):
        if value >= SECRET_MIN and re.search(rf"(?<![0-9]){value}(?![0-9])", text):
            problems.append(f"contains the {what} {value}")
    return problems


def _view_leaks(g: GameState) -> list[str]:
    problems = []
    for viewer in [None, *range(g.num_players)]:
        view = view_for(g, viewer)
        if "rng" in view:
            problems.append(f"view for {viewer} contains the RNG state")
        if "seed" in view.get("options", {}):
            problems.append(f"view for {viewer} contains the seed")
        problems.extend(f"view for {viewer} {p}" for p in secret_leaks(json.dumps(view), g))
        for s, sd in enumerate(view["seats"]):
            if s == viewer:
                continue
            for zone in ("hand", "bag", "discard_down"):
                if not isinstance(sd[zone], int):
                    problems.append(f"view for {viewer} shows seat {s}'s {zone}")
        for p in view["pending"]:
            if p["kind"] == "priest" and p["seat"] != viewer and p.get("coin") is not None:
                problems.append(f"view for {viewer} shows seat {p['seat']}'s drawn coin")
    return problems
