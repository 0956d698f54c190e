"""Determinizations: full game states sampled from what one seat can see.

A computer player must not read hidden information. Everything it knows is in ``g.view_for(seat)``: the
board, every public zone, its own hand, bag and face-down discard, and *counts* of the other seats' hands,
bags and face-down discards. A :class:`Determinizer` turns such a view into complete :class:`GameState`
objects by dealing each other seat's unknown coins at random into those zones with the right counts, and
by giving every sample a fresh random generator, so that a search cannot foresee real bag draws.

A seat's unknown coins are the coins it owns (every coin of its unit types, plus its Royal Coin) minus the
public ones: supply, eliminated (the box), face-up discard and its stacks on the board.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from typing import Any

from warchest_bot.games.warchest.engine import GameState
from warchest_bot.games.warchest.engine.units import NUM_COIN_TYPES, ROYAL, UNITS, lookup_unit

_PUBLIC_ZONES = ("supply", "eliminated", "discard_up")


class ViewError(ValueError):
    """A view whose counts cannot be reconciled (it was not made by ``view_for``)."""


def _unit(name: str) -> int:
    u = lookup_unit(name)
    if u is None:
        raise ViewError(f"unknown coin {name!r} in view")
    return u


def _zone_counts(zone: object) -> list[int]:
    counts = [0] * NUM_COIN_TYPES
    if isinstance(zone, dict):
        for name, c in zone.items():
            counts[_unit(name)] += c
    elif isinstance(zone, list):
        for name in zone:
            counts[_unit(name)] += 1
    return counts


def hidden_coins(view: Mapping[str, Any], seat: int) -> list[int]:
    """The coins of ``seat`` whose zone (hand, bag, face-down discard or a Warrior Priest draw) the view
    does not reveal, as a sorted list of coin types. Computed from public zones only."""
    if view.get("phase") == "draft":
        return []
    sd = view["seats"][seat]
    owned = [0] * NUM_COIN_TYPES
    owned[ROYAL] = 1
    units = [_unit(name) for name in sd["units"]]
    for u in units:
        owned[u] = UNITS[u].coins
    for zone in _PUBLIC_ZONES:
        for u, c in enumerate(_zone_counts(sd.get(zone))):
            owned[u] -= c
    for spec in view.get("board", {}).values():
        name, height = (spec, 1) if isinstance(spec, str) else spec
        u = _unit(name)
        if u in units:
            owned[u] -= height
    if any(c < 0 for c in owned):
        raise ViewError(f"seat {seat}: public zones hold more coins than the seat owns")
    return [u for u in range(NUM_COIN_TYPES) for _ in range(owned[u])]


def _count(value: object) -> int:
    if isinstance(value, int):
        return value
    return sum(_zone_counts(value))


class Determinizer:
    """Samples complete game states consistent with one seat's view.

    >>> d = Determinizer(g.view_for(0))          # doctest: +SKIP
    >>> world = d.sample(random.Random(1))       # a GameState; the real state is never consulted
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        viewer = view.get("viewer")
        if viewer is None:
            raise ViewError("a determinization needs a seat's view (viewer is missing)")
        self.viewer: int = viewer
        self.view = view
        # Per other seat: (seat, pool of unknown coins, hand count, bag count, face-down count, priest frames).
        self._deals: list[tuple[int, list[int], int, int, int, list[int]]] = []
        pending = view.get("pending", [])
        for s, sd in enumerate(view["seats"]):
            if s == viewer:
                continue
            pool = hidden_coins(view, s)
            hand, bag, down = _count(sd.get("hand")), _count(sd.get("bag")), _count(sd.get("discard_down"))
            priests = [i for i, p in enumerate(pending) if p["kind"] == "priest" and p["seat"] == s]
            if len(pool) != hand + bag + down + len(priests):
                raise ViewError(
                    f"seat {s}: {len(pool)} unknown coins but hand {hand} + bag {bag} + "
                    f"face-down {down} + drawn {len(priests)}"
                )
            self._deals.append((s, pool, hand, bag, down, priests))
        self._template = GameState.from_json(self._fill(random.Random(0)))

    def _fill(self, rnd: random.Random) -> dict:
        """A full position (JSON) from the view with one random deal."""
        data = copy.deepcopy(dict(self.view))
        data.pop("viewer", None)
        names = [u.name for u in UNITS]
        for s, pool, hand, bag, down, priests in self._deals:
            coins = list(pool)
            rnd.shuffle(coins)
            sd = data["seats"][s]
            sd["hand"] = [names[c] for c in coins[:hand]]
            sd["bag"] = [names[c] for c in coins[hand : hand + bag]]
            sd["discard_down"] = [names[c] for c in coins[hand + bag : hand + bag + down]]
            for k, i in enumerate(priests):
                data["pending"][i]["coin"] = names[coins[hand + bag + down + k]]
        data["rng"] = rnd.getrandbits(64)
        return data

    def sample(self, rnd: random.Random) -> GameState:
        """A new complete state: other seats' unknown coins dealt at random, and a fresh RNG state."""
        g = self._template.clone()
        shuffle = _shuffle if type(rnd) is random.Random else None
        for s, pool, hand, bag, down, priests in self._deals:
            coins = list(pool)
            if shuffle is not None:
                shuffle(coins, rnd.getrandbits)
            else:
                rnd.shuffle(coins)
            seat = g.own_seat(s)
            seat.hand = sorted(coins[:hand])
            seat.bag = _counts(coins[hand : hand + bag])
            seat.discard_down = _counts(coins[hand + bag : hand + bag + down])
            for k, i in enumerate(priests):
                g.pending[i] = g.pending[i]._replace(coin=coins[hand + bag + down + k])
        g.rng = rnd.getrandbits(64)
        g._legal = None
        return g


def _shuffle(x: list[int], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle`` of ``x`` with the generator whose ``getrandbits`` is given, inlined (the same
    order from the same generator state, which it leaves as ``shuffle`` does: the draws of
    ``_randbelow_with_getrandbits``, without two calls per coin)."""
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _counts(coins: list[int]) -> list[int]:
    counts = [0] * NUM_COIN_TYPES
    for c in coins:
        counts[c] += 1
    return counts


def determinize(view: Mapping[str, Any], rnd: random.Random) -> GameState:
    """One complete state consistent with ``view`` (see :class:`Determinizer`)."""
    return Determinizer(view).sample(rnd)
