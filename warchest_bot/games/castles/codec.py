"""The JSON position format of Castles and the views cut from it.

`position_to_json` writes a whole `Position` (hidden parts included: hands, decks, face-down cards) as
JSON data and `position_from_json` reads it back, refusing malformed data with `PositionFormatError`
(the CLI reads and writes positions in this format; a snapshot is it plus the seed). `view_of` is what one
seat (or a spectator) may see: its own hand and face-down card, the other seat's only as counts until
the reveal, every deck as a count, never the seed (the position does not hold it). `position_from_view`
turns a seat's view back into a playable position with the hidden parts filled in at random from what
the seat cannot see (what a computer player searches on).

The format (version 1), keys in this order::

    {"format": "castles/1", "round": 3, "phase": "play", "step": "pieces", "to_move": 0,
     "order": [0, 1], "turn": 0, "revealed": ["Kn", "Tx"], "acted": ["c3"], "charge": false,
     "ply": 12, "turn_from": 10, "chance": 40, "sudden_death": 0, "result": null,
     "board": [["c3", 0, "So"], ...], "castles": [["b1", 0, false], ...],
     "sides": [{"bag": {"So": 3}, "reserve": {...}, "hand": [...], "deck": [...], "coins": 4,
                "drawn": [...], "used": [...], "deployed": [...], "discard": [...],
                "facedown": null, "tokens": 1}, {...}],
     "last_roll": [0, "So", "c3", "c4", 2, 5] | null,
     "log": [[ply, seat, kind, text], ...]}
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .rules import CAPTURE_TOKENS, CARD_CODES, UNIT_CODES
from .state import (
    PHASES,
    RESULT_REASONS,
    STEPS,
    Board,
    Castle,
    LogEntry,
    PieceCounts,
    Position,
    Result,
    Roll,
    Side,
    Unit,
    is_square,
)

FORMAT = "castles/1"
GAME = "castles"


class PositionFormatError(ValueError):
    """JSON data that is not a Castles position of this format (``reason`` says what is wrong)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"not a Castles position: {reason}")


# --- writing ------------------------------------------------------------------------------------------------
def _side_json(side: Side) -> dict[str, Any]:
    return {
        "bag": side.bag.as_dict(),
        "reserve": side.reserve.as_dict(),
        "hand": list(side.hand),
        "deck": list(side.deck),
        "coins": side.coins,
        "drawn": list(side.drawn),
        "used": list(side.used),
        "deployed": list(side.deployed),
        "discard": list(side.discard),
        "facedown": side.facedown,
        "tokens": side.tokens,
    }


def _roll_json(roll: Roll | None) -> list[Any] | None:
    if roll is None:
        return None
    return [roll.seat, roll.unit, roll.source, roll.target, roll.needed, roll.value]


def position_to_json(pos: Position) -> dict[str, Any]:
    """The whole position as JSON data (hidden parts included: never shown to a player)."""
    return {
        "format": FORMAT,
        "round": pos.round,
        "phase": pos.phase,
        "step": pos.step,
        "to_move": pos.to_move,
        "order": list(pos.order),
        "turn": pos.turn,
        "revealed": list(pos.revealed),
        "acted": list(pos.acted),
        "charge": pos.charge,
        "ply": pos.ply,
        "turn_from": pos.turn_from,
        "chance": pos.chance,
        "sudden_death": pos.sudden_death,
        "result": None if pos.result is None else [pos.result.winner, pos.result.reason],
        "board": [[sq, u.owner, u.kind] for sq, u in pos.board.units],
        "castles": [[c.square, c.owner, c.taken] for c in pos.castles],
        "sides": [_side_json(s) for s in pos.sides],
        "last_roll": _roll_json(pos.last_roll),
        "log": [[e.ply, e.seat, e.kind, e.text] for e in pos.log],
    }


# --- reading -------------------------------------------------------------------------------------------------
def _need(cond: bool, reason: str) -> None:
    if not cond:
        raise PositionFormatError(reason)


def _seat(value: Any, what: str) -> int:
    _need(value in (0, 1) and not isinstance(value, bool), f"{what} must be 0 or 1")
    return int(value)


def _int(value: Any, what: str, low: int = 0, high: int = 10**6) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high, f"bad {what}")
    return int(value)


def _cards(value: Any, what: str) -> tuple[str, ...]:
    _need(isinstance(value, list) and all(c in CARD_CODES for c in value), f"bad {what}")
    return tuple(value)


def _units(value: Any, what: str) -> tuple[str, ...]:
    _need(isinstance(value, list) and all(c in UNIT_CODES for c in value), f"bad {what}")
    return tuple(value)


def _counts(value: Any, what: str) -> PieceCounts:
    _need(isinstance(value, dict), f"bad {what}")
    try:
        counts = PieceCounts.from_dict(value)
    except (ValueError, TypeError) as exc:
        raise PositionFormatError(f"bad {what}: {exc}") from exc
    _need(all(n >= 0 for n in counts.counts), f"negative {what}")
    return counts


def _side(data: Any, n: int) -> Side:
    _need(isinstance(data, dict), f"side {n} must be an object")
    facedown = data.get("facedown")
    _need(facedown is None or facedown in CARD_CODES, f"bad facedown of side {n}")
    return Side(
        bag=_counts(data.get("bag"), f"bag of side {n}"),
        reserve=_counts(data.get("reserve"), f"reserve of side {n}"),
        hand=_cards(data.get("hand"), f"hand of side {n}"),
        deck=_cards(data.get("deck"), f"deck of side {n}"),
        coins=_int(data.get("coins"), f"coins of side {n}", 0, 10),
        drawn=_units(data.get("drawn", []), f"drawn pieces of side {n}"),
        used=_units(data.get("used", []), f"used pieces of side {n}"),
        deployed=_units(data.get("deployed", []), f"deployed pieces of side {n}"),
        discard=_cards(data.get("discard", []), f"discard of side {n}"),
        facedown=facedown,
        tokens=_int(data.get("tokens", 0), f"tokens of side {n}", 0, 12),
    )


def _square(value: Any, what: str) -> str:
    _need(isinstance(value, str) and is_square(value), f"bad square in {what}")
    return str(value)


def position_from_json(data: Any) -> Position:
    """The position ``position_to_json`` wrote; `PositionFormatError` for anything else."""
    _need(isinstance(data, Mapping), "a position is a JSON object")
    _need(data.get("format") == FORMAT, f"format must be {FORMAT!r}")
    board = Board()
    board_rows = data.get("board")
    _need(isinstance(board_rows, list), "board must be a list")
    for row in board_rows:
        _need(isinstance(row, list) and len(row) == 3, "a board entry is [square, seat, unit]")
        square = _square(row[0], "board")
        _need(row[2] in UNIT_CODES, f"bad unit on {square}")
        _need(board.at(square) is None, f"two units on {square}")
        board = board.place(square, Unit(_seat(row[1], "a unit's owner"), row[2]))
    castle_rows = data.get("castles")
    _need(isinstance(castle_rows, list) and len(castle_rows) == 4, "castles must list four castles")
    castles = []
    for row in castle_rows:
        _need(
            isinstance(row, list) and len(row) == 3 and isinstance(row[2], bool),
            "a castle is [sq, seat, taken]",
        )
        castles.append(Castle(_square(row[0], "castles"), _seat(row[1], "a castle's owner"), row[2]))
    sides = data.get("sides")
    _need(isinstance(sides, list) and len(sides) == 2, "sides must list two sides")
    phase, step = data.get("phase"), data.get("step")
    _need(phase in PHASES and step in STEPS, "bad phase or step")
    result = data.get("result")
    if result is not None:
        _need(isinstance(result, list) and len(result) == 2 and result[1] in RESULT_REASONS, "bad result")
        _need(result[0] is None or result[0] in (0, 1), "bad winner")
    roll = data.get("last_roll")
    if roll is not None:
        _need(isinstance(roll, list) and len(roll) == 6 and roll[1] in UNIT_CODES, "bad last_roll")
    order = data.get("order")
    _need(isinstance(order, list) and sorted(order) == [0, 1], "order must be [0, 1] or [1, 0]")
    revealed = data.get("revealed")
    _need(isinstance(revealed, list) and len(revealed) == 2, "revealed must have two entries")
    _need(all(c is None or c in CARD_CODES for c in revealed), "bad revealed card")
    log_rows = data.get("log", [])
    _need(isinstance(log_rows, list), "log must be a list")
    log = []
    for row in log_rows:
        _need(isinstance(row, list) and len(row) == 4, "a log entry is [ply, seat, kind, text]")
        log.append(LogEntry(_int(row[0], "log ply"), row[1], str(row[2]), str(row[3])))
    acted = data.get("acted", [])
    _need(isinstance(acted, list), "acted must be a list")
    return Position(
        board=board,
        castles=tuple(castles),
        sides=(_side(sides[0], 0), _side(sides[1], 1)),
        round=_int(data.get("round"), "round", 1),
        phase=str(phase),
        step=str(step),
        to_move=_seat(data.get("to_move"), "to_move"),
        order=(int(order[0]), int(order[1])),
        turn=_int(data.get("turn"), "turn", 0, 1),
        revealed=(revealed[0], revealed[1]),
        acted=tuple(_square(sq, "acted") for sq in acted),
        charge=bool(data.get("charge", False)),
        last_roll=None if roll is None else Roll(*roll),
        log=tuple(log),
        ply=_int(data.get("ply"), "ply"),
        turn_from=_int(data.get("turn_from"), "turn_from"),
        chance=_int(data.get("chance"), "chance"),
        sudden_death=_int(data.get("sudden_death", 0), "sudden_death", 0, 10),
        result=None if result is None else Result(result[0], result[1]),
    )


# --- views ---------------------------------------------------------------------------------------------------
def view_of(pos: Position, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see of ``pos``: the position's JSON with the hidden parts cut
    out. Every deck is a count; another seat's hand is a count; a face-down card is ``true`` for the other
    seat (and spectators) until both are revealed; the seat's own hand and card are shown. ``game`` and
    ``seat`` say whose view it is; ``treasury`` and ``tokens_left`` are the shared supplies."""
    data = position_to_json(pos)
    for n, side in enumerate(data["sides"]):
        side["deck"] = len(pos.side(n).deck)
        side["hand_count"] = len(pos.side(n).hand)
        if n != seat:
            side["hand"] = None
            if side["facedown"] is not None and pos.revealed[n] is None:
                side["facedown"] = True  # face down: only its seat knows it until both are revealed
    data.pop("format")
    return {
        "game": GAME,
        "seat": seat,
        **data,
        "treasury": pos.treasury(),
        "tokens_left": CAPTURE_TOKENS - sum(s.tokens for s in pos.sides),
    }


def position_from_view(view: Mapping[str, Any], rng: random.Random) -> Position:
    """A playable position consistent with ``view`` (a seat's own view): what the seat cannot see (the
    other seat's hand and face-down card, both decks' order) filled in at random from the cards nobody has
    shown. The seat's own deck holds its unseen cards too (their order is unknown to it)."""
    seat = view["seat"]
    data = {k: v for k, v in view.items() if k not in ("game", "seat", "treasury", "tokens_left")}
    sides = []
    for n, side in enumerate(view["sides"]):
        side = dict(side)
        hand_count, deck_count = side.pop("hand_count"), side["deck"]
        known = list(side["discard"])
        if n == seat:
            known += list(side["hand"] or [])
            if isinstance(side["facedown"], str):
                known.append(side["facedown"])
        unseen = [c for c in CARD_CODES if c not in known]
        rng.shuffle(unseen)
        if n != seat:
            facedown = side["facedown"]
            if facedown is True:
                side["facedown"] = unseen.pop()
            side["hand"] = sorted(unseen[:hand_count], key=CARD_CODES.index)
            unseen = unseen[hand_count:]
        side["deck"] = unseen[:deck_count]
        sides.append(side)
    data["sides"] = sides
    data["format"] = FORMAT
    return position_from_json(data)


__all__ = [
    "FORMAT",
    "PositionFormatError",
    "position_from_json",
    "position_from_view",
    "position_to_json",
    "view_of",
]
