"""Positions for the For the Crown tests: a game's JSON position with the zones a test names replaced."""

from __future__ import annotations

from typing import Any

from warchest_bot.games.forthecrown.engine import FtcAction, FtcState, new_game


def position(**zones: Any) -> FtcState:
    """Seat 0's turn, order phase, first-game Supply, only the two Kings on the board, empty hands, decks,
    discards and Barracks, unless ``zones`` say otherwise (keys of `FtcState.to_json`; ``board`` as
    ``{"e1": [0, "Ki"]}``)."""
    data = new_game().to_json()
    data.update(
        board={"e1": [0, "Ki"], "e8": [1, "Ki"]},
        hands=[[], []],
        decks=[[], []],
        discards=[[], []],
        barracks=[[], []],
    )
    pools = zones.pop("pools", {})
    data.update(zones)
    data["pools"] = {**data["pools"], **pools}
    return FtcState.from_json(data)


def texts(state: FtcState) -> list[str]:
    """The legal actions' texts."""
    return [a.text for a in state.legal_actions()]


def play(state: FtcState, *texts_: str) -> FtcState:
    """Apply the actions written as ``texts_`` (each must be legal) and return the state."""
    for text in texts_:
        state.apply(FtcAction(tuple(text.split())))
    return state


def starting_with(state: FtcState, prefix: str) -> list[str]:
    """The legal actions' texts that begin with ``prefix``."""
    return [t for t in texts(state) if t.startswith(prefix)]


def end_turn(state: FtcState) -> FtcState:
    """Play ``end`` until the turn passes to the other seat (or the game ends)."""
    seat = state.to_move
    while state.result is None and state.to_move == seat:
        play(state, "end")
    return state
