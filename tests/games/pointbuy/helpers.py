"""Position builders and players for the Point-Buy Chess tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from warchest_bot.games import register_game, unregister_game
from warchest_bot.games.pointbuy import KIND, POINT_BUY_CHESS
from warchest_bot.games.pointbuy.engine import FIRST_RANK, PBAction, PBState
from warchest_bot.games.pointbuy.notation import format_action, parse_action
from warchest_bot.games.registry import BUILT_IN
from warchest_bot.games.units import parse_square

GAME = POINT_BUY_CHESS

BUILT_IN_POINTBUY = "warchest_bot.games.pointbuy" in BUILT_IN
"""Whether Point-Buy Chess ships with the bot yet (its pictures and players land later)."""
if not BUILT_IN_POINTBUY:
    # Importing the package registered it; until it is built in, only the tests that ask for it (the
    # fixture below) see it in the registry, so no other test meets a game without pictures.
    unregister_game(KIND)


@contextmanager
def pointbuy_registered() -> Iterator[None]:
    """Point-Buy Chess in the registry for the duration (a no-op once it is built in)."""
    if BUILT_IN_POINTBUY:
        yield
        return
    register_game(POINT_BUY_CHESS)
    try:
        yield
    finally:
        unregister_game(KIND)


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def position(
    *units: str,
    to_move: int = 0,
    barracks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    **options: Any,
) -> PBState:
    """``position("w Ki e1", "b Ki e8", "b Pa d7")``: a state in play, ``to_move`` to act."""
    pieces = {}
    for text in units:
        side, code, square = text.split()
        pieces[sq(square)] = ({"w": 0, "b": 1}[side], code)
    return PBState.position(pieces, barracks, to_move, options)


def play(state: PBState, text: str) -> PBAction:
    """Parse ``text`` in ``state`` and apply it (the canonical text must read back to the same)."""
    action = parse_action(state, text)
    assert parse_action(state, format_action(action)) == action
    state.apply(action)
    return action


def texts(state: PBState) -> list[str]:
    return [format_action(a) for a in state.legal_actions()]


def royal_picker(rnd: random.Random):
    """A random player that buys a King (or an Anointed) onto its first rank first when it can, so most
    games get to play; otherwise uniform over the listed legal actions."""

    def choose(state: PBState) -> PBAction:
        legal = list(state.legal_actions())
        seat = state.current_player
        if state.phase == "pick" and seat is not None:
            has = any((p := state.board[s]) is not None and p[1] in ("Ki", "An") for s in FIRST_RANK[seat])
            if not has:
                royal = [a for a in legal if a.code in ("Ki", "An") and a.square is not None]
                if royal:
                    return rnd.choice(royal)
        return rnd.choice(legal)

    return choose


def random_game(options: Mapping[str, Any], seed: int, max_plies: int = 10_000):
    """A seeded random game with `royal_picker`: the final state and the canonical log."""
    state = GAME.new_state(options, 0)
    choose = royal_picker(random.Random(seed))
    log: list[str] = []
    while not state.is_terminal() and len(log) < max_plies:
        action = choose(state)
        log.append(format_action(action))
        state.apply(action)
    return state, log
