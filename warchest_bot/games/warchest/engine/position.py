"""The JSON position format (a War Chest "FEN"), its validation, and per-seat views.

A position is a plain JSON object; every key but ``options`` may be left out of a hand-written one:

```json
{
  "format": "warchest-position/1",
  "options": {"players": 2, "units": "first-game", "royal_guard": "revised", "max_rounds": 200, "seed": 7},
  "phase": "play", "round": 3, "turn": 0, "ply": 12,
  "initiative": {"seat": 0, "claimed": false},
  "seats": [
    {"units": ["Swordsman", "Pikeman", "Crossbowman", "Light Cavalry"],
     "hand": ["Royal", "Sw"], "bag": {"Pikeman": 2}, "discard_up": {"Sw": 1}, "discard_down": {},
     "supply": {"Sw": 2, "Pi": 2, "Cr": 3, "LC": 3}, "eliminated": {}},
    {"units": ["Ar", "Ca", "La", "Sc"], "hand": ["Ar"]}
  ],
  "board": {"e2": ["Sw", 2], "f4": "Ar"},
  "control": {"e2": 0, "h1": 0, "d7": 1, "g6": 1},
  "pending": [{"kind": "sword", "seat": 0, "hex": "e2"}],
  "rng": 123456789, "draws": 4, "result": null
}
```

- Units and coins are named by code (``Sw``) or name (``Swordsman``); ``Royal`` / ``RC`` is the Royal Coin.
- Zones are lists of coins or ``{coin: count}`` objects. A zone left out is empty; ``eliminated`` left out
  is whatever coins of the seat's units are not anywhere else (the box).
- ``board`` maps hex names to ``[unit, height]`` (or just ``unit`` for height 1); the owner is the seat
  that has that unit. ``control`` maps location names to teams (0 = side A, 1 = side B); left out, it is
  the starting control.
- ``turn`` is the seat whose turn it is; ``pending`` lists follow-up decisions, oldest first (see
  :class:`~warchest_bot.games.warchest.engine.state.Pending`).
- ``rng`` is the random generator's state (left out: the seed). Views made by :func:`view_for` leave out
  both the RNG state and ``options.seed`` (the seed and the public log would rebuild every hand and the bag
  order), and show other seats' ``hand``, ``bag`` and ``discard_down`` as counts only.
"""

from __future__ import annotations

import json

from .decrees import decree_key, lookup_decree
from .geometry import HEX_NAMES, NAME_INDEX
from .state import (
    FORT_COINS,
    HAND_SIZE,
    GameError,
    GameState,
    Options,
    OptionsError,
    Pending,
    Result,
)
from .units import NUM_COIN_TYPES, ROYAL, UNITS, lookup_unit, unit_name

FORMAT = "warchest-position/1"
_ZONES = ("bag", "discard_up", "discard_down", "supply", "eliminated")
_PENDING_KINDS = (
    "draft",
    "soak",
    "sword",
    "berserk",
    "priest",
    "merc",
    "footman",
    "earl",
    "banner",
    "bishop",
    "herald",
    "decree",
    "earldecree",
    "sapper",
    "towerdeploy",
    "tower",
)


class PositionError(GameError, ValueError):
    """A position that cannot be read or is inconsistent; the message says precisely what is wrong."""


# ------------------------------------------------------------------------------------------ writing
def _counts(counts: list[int]) -> dict[str, int]:
    return {unit_name(u): c for u, c in enumerate(counts) if c}


def _pending_json(p: Pending) -> dict:
    d: dict = {"kind": p.kind, "seat": p.seat}
    if p.hex >= 0:
        d["hex"] = HEX_NAMES[p.hex]
    if p.coin >= 0:
        d["coin"] = unit_name(p.coin)
    if p.hexes:
        d["hexes"] = [HEX_NAMES[h] for h in p.hexes]
    if p.done:
        d["done"] = True
    if p.decree >= 0:
        d["decree"] = decree_key(p.decree)
    return d


def to_json(g: GameState) -> dict:
    """The full position (including hidden information and the RNG state)."""
    seats = []
    for s in g.seats:
        seats.append(
            {
                "units": [unit_name(u) for u in s.units],
                "hand": [unit_name(c) for c in s.hand],
                **{z: _counts(getattr(s, z)) for z in _ZONES},
            }
        )
    board = {HEX_NAMES[h]: [unit_name(st[1]), st[2]] for h, st in enumerate(g.stacks) if st is not None}
    data = {
        "format": FORMAT,
        "options": g.options.to_json(),
        "phase": g.phase,
        "round": g.round,
        "turn": g.turn,
        "ply": g.ply,
        "to_act": g.current_player,
        "initiative": {"seat": g.initiative, "claimed": g.initiative_claimed},
        "seats": seats,
        "board": board,
        "control": {HEX_NAMES[h]: g.control[k] for k, h in enumerate(g.board.locations) if g.control[k] >= 0},
        "markers_left": [g.markers_left(0), g.markers_left(1)],
        "pending": [_pending_json(p) for p in g.pending],
        "rng": g.rng,
        "draws": g.draws,
        "result": None if g.result is None else {"winner": g.result.winner, "reason": g.result.reason},
    }
    if g.phase == "draft":
        data["draft"] = {"pool": [unit_name(u) for u in g.draft_pool], "order": list(g.draft_order)}
    if g.options.nobility:
        data["decrees"] = {
            "dealt": [decree_key(d) for d in g.decrees],
            "sealed": [[decree_key(d) for d in team] for team in g.seals],
        }
    if g.options.siege:
        data["forts"] = [HEX_NAMES[h] for h in g.forts]
    return data


def view_for(g: GameState, seat: int | None) -> dict:
    """What ``seat`` may see (``None``: a spectator). Other seats' hands, bags and face-down discards are
    reduced to counts; the RNG state, the seed (``options.seed``) and another seat's Warrior Priest draw
    are removed. The seat's own bag is shown as its contents (a player can always work them out), never its
    order. Read back with :func:`from_json`, a view gets seed 0, never the game's."""
    data = to_json(g)
    del data["rng"]
    del data["options"]["seed"]
    data["viewer"] = seat
    for s, sd in enumerate(data["seats"]):
        if s == seat:
            continue
        sd["hand"] = len(g.seats[s].hand)
        sd["bag"] = sum(g.seats[s].bag)
        sd["discard_down"] = sum(g.seats[s].discard_down)
    for pd in data["pending"]:
        if pd["kind"] == "priest" and pd["seat"] != seat:
            pd["coin"] = None
    return data


# ------------------------------------------------------------------------------------------ reading
def _unit(text: object, where: str) -> int:
    if not isinstance(text, str) or (u := lookup_unit(text)) is None:
        raise PositionError(f"{where}: unknown unit or coin {text!r}")
    return u


def _hex(text: object, g: GameState, where: str) -> int:
    if not isinstance(text, str) or text.strip().lower() not in NAME_INDEX:
        raise PositionError(f"{where}: no hex named {text!r}")
    h = NAME_INDEX[text.strip().lower()]
    if not g.board.on_board[h]:
        raise PositionError(f"{where}: hex {text} is not on the {g.num_players}-player board")
    return h


def _zone(value: object, where: str) -> list[int]:
    counts = [0] * NUM_COIN_TYPES
    if value is None:
        return counts
    if isinstance(value, list):
        for item in value:
            counts[_unit(item, where)] += 1
    elif isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(v, int) or v < 0:
                raise PositionError(f"{where}: count of {k} must be a non-negative integer, not {v!r}")
            counts[_unit(k, where)] += v
    else:
        raise PositionError(f"{where}: expected a list of coins or an object of counts")
    return counts


def _int(data: dict, key: str, default: int, lo: int, hi: int) -> int:
    v = data.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise PositionError(f"{key} must be an integer from {lo} to {hi}, not {v!r}")
    return v


def from_json(data: dict | str) -> GameState:
    """Read a position (a dict or a JSON string), fill in what a hand-written one leaves out, and check it.
    Raises :class:`PositionError` naming the first inconsistency found."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise PositionError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise PositionError(f"unknown format {data.get('format')!r}; expected {FORMAT!r}")
    try:
        options = Options(**data.get("options", {}))
    except (OptionsError, TypeError) as exc:
        raise PositionError(f"options: {exc}") from None
    g = GameState(options)
    n = g.num_players
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        raise PositionError(f"seats: expected a list of {n} seats")
    for s, sd in enumerate(seats):
        where = f"seat {s}"
        if not isinstance(sd, dict):
            raise PositionError(f"{where}: expected an object")
        seat = g.seats[s]
        seat.units = [_unit(u, f"{where} units") for u in sd.get("units", [])]
        for u in seat.units:
            if u == ROYAL:
                raise PositionError(f"{where} units: the Royal Coin is not a unit")
            if g.owner[u] >= 0:
                raise PositionError(f"{where} units: {unit_name(u)} already belongs to seat {g.owner[u]}")
            g.owner[u] = s
        hand = _zone(sd.get("hand"), f"{where} hand")
        seat.hand = sorted(u for u in range(NUM_COIN_TYPES) for _ in range(hand[u]))
        for z in _ZONES:
            setattr(seat, z, _zone(sd.get(z), f"{where} {z}"))
    phase = data.get("phase", "play")
    if phase not in ("draft", "play", "over"):
        raise PositionError(f"phase must be draft, play or over, not {phase!r}")
    g.phase = phase
    if phase != "draft":
        for s, seat in enumerate(g.seats):
            expected = 4 if n == 2 else 3
            if len(seat.units) != expected:
                raise PositionError(f"seat {s} units: expected {expected} units, found {len(seat.units)}")
    board = data.get("board", {})
    if not isinstance(board, dict):
        raise PositionError("board: expected an object of hex: [unit, height]")
    for name, spec in board.items():
        h = _hex(name, g, "board")
        unit_text, height = (
            (spec, 1) if isinstance(spec, str) else (spec if isinstance(spec, list) else (None, 0))
        )
        if isinstance(spec, list) and len(spec) != 2:
            raise PositionError(f"board {name}: expected [unit, height]")
        u = _unit(unit_text, f"board {name}")
        if u == ROYAL:
            raise PositionError(f"board {name}: the Royal Coin is never on the board")
        if not isinstance(height, int) or isinstance(height, bool) or height < 1:
            raise PositionError(f"board {name}: height must be a positive integer, not {height!r}")
        if g.owner[u] < 0:
            raise PositionError(f"board {name}: no seat has {unit_name(u)} among its units")
        if len(g.positions[u]) >= UNITS[u].max_units:
            raise PositionError(f"board {name}: too many {unit_name(u)} units on the board")
        if g.stacks[h] is not None:
            raise PositionError(f"board {name}: two stacks on one hex")
        g.stacks[h] = (g.owner[u], u, height)
        g.positions[u] = (*g.positions[u], h)
    _read_control(g, data)
    _read_pending(g, data.get("pending", []))
    if phase != "draft":
        _check_coins(g)
    init = data.get("initiative", {})
    if not isinstance(init, dict):
        raise PositionError('initiative: expected {"seat": N, "claimed": bool}')
    g.initiative = _int(init, "seat", 0, 0, n - 1)
    claimed = init.get("claimed", False)
    if not isinstance(claimed, bool):
        raise PositionError("initiative claimed must be true or false")
    g.initiative_claimed = claimed
    g.round = _int(data, "round", 0 if phase == "draft" else 1, 0, 10**6)
    g.turn = _int(data, "turn", g.initiative, 0, n - 1)
    g.ply = _int(data, "ply", 0, 0, 10**9)
    g.draws = _int(data, "draws", 0, 0, 10**9)
    g.rng = _int(data, "rng", options.seed, 0, (1 << 64) - 1)
    if phase == "draft":
        draft = data.get("draft", {})
        g.draft_pool = sorted(_unit(u, "draft pool") for u in draft.get("pool", []))
        g.draft_order = list(draft.get("order", []))
    _read_decrees(g, data.get("decrees"))
    _read_forts(g, data.get("forts"))
    _read_result(g, data.get("result"))
    _check_turn(g)
    return g


def _decree(text: object, where: str) -> int:
    if not isinstance(text, str) or (d := lookup_decree(text)) is None:
        raise PositionError(f"{where}: unknown decree {text!r}")
    return d


def _read_decrees(g: GameState, data: object) -> None:
    if data is None:
        return
    if not g.options.nobility:
        raise PositionError("decrees: only with expansions=nobility")
    if not isinstance(data, dict):
        raise PositionError('decrees: expected {"dealt": [...], "sealed": [[...], [...]]}')
    g.decrees = [_decree(d, "decrees dealt") for d in data.get("dealt", [])]
    if len(set(g.decrees)) != len(g.decrees):
        raise PositionError("decrees dealt: a decree is dealt twice")
    sealed = data.get("sealed", [[], []])
    if not isinstance(sealed, list) or len(sealed) != 2:
        raise PositionError("decrees sealed: expected one list per team")
    for team, names in enumerate(sealed):
        seals = [_decree(d, f"decrees sealed by team {team}") for d in names]
        for d in seals:
            if d not in g.decrees or seals.count(d) > 1:
                raise PositionError(
                    f"decrees sealed by team {team}: {decree_key(d)} is not dealt or twice sealed"
                )
        g.seals[team] = seals


def _read_forts(g: GameState, data: object) -> None:
    if data is None:
        return
    if not g.options.siege:
        raise PositionError("forts: only with expansions=siege")
    if not isinstance(data, list):
        raise PositionError('forts: expected a list of location hexes, e.g. ["c6", "i2"]')
    forts = sorted(_hex(x, g, "forts") for x in data)
    if len(set(forts)) != len(forts):
        raise PositionError("forts: a hex holds two forts")
    for h in forts:
        if not g.board.is_location(h):
            raise PositionError(f"forts: {HEX_NAMES[h]} is not a location")
    if len(forts) > FORT_COINS:
        raise PositionError(f"forts: {len(forts)} forts; there are only {FORT_COINS} fort coins")
    g.forts = forts


def _read_control(g: GameState, data: dict) -> None:
    control = data.get("control")
    if control is None:
        for team in (0, 1):
            for h in g.board.starts[team]:
                g.control[g.board.location_slot[h]] = team
    else:
        if not isinstance(control, dict):
            raise PositionError("control: expected an object of location: team")
        for name, team in control.items():
            h = _hex(name, g, "control")
            if not g.board.is_location(h):
                raise PositionError(f"control {name}: not a location")
            if team not in (0, 1) or isinstance(team, bool):
                raise PositionError(f"control {name}: team must be 0 or 1, not {team!r}")
            g.control[g.board.location_slot[h]] = team
    for team in (0, 1):
        g.placed[team] = g.control.count(team)
        if g.placed[team] > g.board.markers_per_team:
            raise PositionError(
                f"control: team {team} has {g.placed[team]} markers placed; it only has "
                f"{g.board.markers_per_team}"
            )


def _check_coins(g: GameState) -> None:
    for s, seat in enumerate(g.seats):
        zones = g.coin_zones(s)
        del zones["eliminated"]  # derived below when the position leaves it out
        for u in range(NUM_COIN_TYPES):
            where = {z: c[u] for z, c in zones.items() if c[u]}
            if u != ROYAL and g.owner[u] != s:
                if where or seat.eliminated[u]:
                    raise PositionError(
                        f"seat {s} has {unit_name(u)} coins ({_describe(where)}) but "
                        f"{unit_name(u)} is not one of its units"
                    )
                continue
            if u == ROYAL:
                continue
            held = sum(where.values())
            if held > UNITS[u].coins:
                raise PositionError(
                    f"seat {s} has {held} {unit_name(u)} coins ({_describe(where)}); there are only "
                    f"{UNITS[u].coins}"
                )
            if seat.eliminated[u] == 0:
                seat.eliminated[u] = UNITS[u].coins - held
            elif seat.eliminated[u] + held != UNITS[u].coins:
                raise PositionError(
                    f"seat {s}: {unit_name(u)} coins add up to {seat.eliminated[u] + held}, "
                    f"not {UNITS[u].coins}"
                )
        if seat.supply[ROYAL] or seat.eliminated[ROYAL]:
            raise PositionError(f"seat {s}: the Royal Coin is never in the supply or eliminated")


def _describe(where: dict[str, int]) -> str:
    return ", ".join(f"{z} {c}" for z, c in where.items()) or "none"


def _read_pending(g: GameState, pending: object) -> None:
    if not isinstance(pending, list):
        raise PositionError("pending: expected a list")
    for i, pd in enumerate(pending):
        where = f"pending[{i}]"
        if not isinstance(pd, dict) or pd.get("kind") not in _PENDING_KINDS:
            raise PositionError(f"{where}: kind must be one of {', '.join(_PENDING_KINDS)}")
        kind = pd["kind"]
        seat = _int(pd, "seat", -1, 0, g.num_players - 1)
        h = _hex(pd["hex"], g, where) if "hex" in pd else -1
        coin = _unit(pd["coin"], where) if pd.get("coin") is not None else -1
        hexes = tuple(_hex(x, g, where) for x in pd.get("hexes", []))
        if kind in (
            "soak",
            "sword",
            "berserk",
            "merc",
            "earl",
            "banner",
            "bishop",
            "herald",
            "sapper",
            "tower",
            "towerdeploy",
        ):
            st = g.stacks[h] if h >= 0 else None
            if st is None or st[0] != seat:
                raise PositionError(f"{where}: {kind} needs the hex of one of seat {seat}'s units")
            if kind == "soak":
                coin = st[1]
                for w in hexes:
                    if (ww := g.stacks[w]) is None or ww[0] != seat or not UNITS[ww[1]].takes_hits:
                        raise PositionError(f"{where}: soak hexes must be seat {seat}'s War Wagon")
        if kind == "priest" and coin < 0:
            raise PositionError(f"{where}: priest needs the drawn coin")
        if kind == "footman" and not hexes:
            hexes = tuple(g.positions[6])
        decree = _decree(pd["decree"], where) if "decree" in pd else -1
        if kind == "decree" and decree < 0:
            raise PositionError(f"{where}: decree needs the decree proclaimed")
        g.pending.append(Pending(kind, seat, h, coin, hexes, bool(pd.get("done", False)), decree))


def _read_result(g: GameState, result: object) -> None:
    if result is None:
        if g.phase == "over":
            raise PositionError("phase is over but there is no result")
        return
    if not isinstance(result, dict) or result.get("reason") not in ("markers", "max_rounds"):
        raise PositionError('result: expected {"winner": 0|1|null, "reason": "markers"|"max_rounds"}')
    winner = result.get("winner")
    if winner not in (0, 1, None):
        raise PositionError("result winner must be 0, 1 or null")
    g.result = Result(winner, result["reason"])
    g.phase = "over"


def _check_turn(g: GameState) -> None:
    if g.phase == "draft":
        if g.round or any(s.hand or sum(s.bag) for s in g.seats):
            raise PositionError("during the draft no coins are dealt and no round has started")
        if not g.draft_pool or not g.draft_order or not g.pending or g.pending[-1].kind != "draft":
            raise PositionError("a draft position needs draft.pool, draft.order and a pending draft pick")
        return
    royal = [sum(c[ROYAL] for c in g.coin_zones(s).values()) for s in range(g.num_players)]
    for s, count in enumerate(royal):
        if count != 1:
            raise PositionError(
                f"seat {s} has {count} Royal Coins in bag, hand and discard; exactly 1 expected"
            )
    for s, seat in enumerate(g.seats):
        if len(seat.hand) > HAND_SIZE:
            raise PositionError(f"seat {s} has {len(seat.hand)} coins in hand; at most {HAND_SIZE}")
    if g.result is not None:
        return
    if not g.pending and not g.seats[g.turn].hand:
        raise PositionError(f"seat {g.turn} is to play but has no coins in hand")
    if not g.pending and g.legal_actions() == []:
        raise PositionError("the seat to act has no legal action")
    g._legal = None
    for team in (0, 1):
        if g.placed[team] == g.board.markers_per_team:
            raise PositionError(f"team {team} has all its markers placed but the game has no result")
