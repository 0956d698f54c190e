"""What an action cost units on the board (public information: who was hit, who left the board), for the
board picture's last-action sentence: from two game states (the service, after each accepted action) or
from two public views (`render.lastaction.board_losses`). Light on purpose: the service reads it per move
without importing the pictures."""

from __future__ import annotations

from collections.abc import Mapping

from .engine import GameState
from .engine.units import UNITS, lookup_unit


def coin_losses(was: Mapping[str, int], now: Mapping[str, int], owner: Mapping[str, int]) -> list[dict]:
    """``[{"unit": name, "seat": owner, "coins": n, "eliminated": left the board}]`` for each unit whose
    coins on the board (per unit code: ``was`` before, in board order, and ``now`` after) went down;
    ``owner`` is each unit's seat."""
    losses = []
    for code, n in was.items():
        left = now.get(code, 0)
        if left < n:
            name = "Royal" if code == "RC" else _name(code)
            losses.append({"unit": name, "seat": owner.get(code), "coins": n - left, "eliminated": left == 0})
    return losses


def state_losses(before: GameState, after: GameState) -> list[dict]:
    """`coin_losses` between two states of the same game, read off their boards (no views built)."""
    owner: dict[str, int] = {}
    was = _board_coins(before, owner)
    return coin_losses(was, _board_coins(after, {}), owner)


def _name(code: str) -> str:
    unit = lookup_unit(code)
    if unit is None:
        raise ValueError(f"unknown unit code {code!r}")
    return UNITS[unit].name


def _board_coins(state: GameState, owner: dict[str, int]) -> dict[str, int]:
    """The coins on the board per unit code, in board order; notes each unit's owner in ``owner``."""
    coins: dict[str, int] = {}
    for stack in state.stacks:
        if stack is not None:
            seat, unit, height = stack
            code = UNITS[unit].code
            coins[code] = coins.get(code, 0) + height
            owner[code] = seat
    return coins
