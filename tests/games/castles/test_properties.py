"""Property tests of Castles: random games (hypothesis picks the seed and the choices) keep every invariant at
every decision — pieces conserved between bags, reserves, the pieces in front of the players and the
board; coins between the treasury and the players, never more than 10 each; tokens from the 12; one unit
per square; a face-down card hidden from the other seat until both are in; views without the seed — and
end within the rounds the rules allow, replaying to the same state."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warchest_bot.games.castles.engine import TOTAL_PIECES, piece_total
from warchest_bot.games.castles.kind import CastlesState
from warchest_bot.games.castles.rules import (
    CAPTURE_TOKENS,
    MAX_COINS,
    SUDDEN_DEATH_ROUNDS,
    TOKENS_TO_WIN,
    TREASURY_COINS,
)

from .helpers import GAME

MAX_ROUNDS = 16 + SUDDEN_DEATH_ROUNDS


def check(state: CastlesState) -> None:
    """Every invariant of one position."""
    pos = state.position
    assert piece_total(pos) == TOTAL_PIECES
    assert pos.treasury() + sum(s.coins for s in pos.sides) == TREASURY_COINS
    assert all(0 <= s.coins <= MAX_COINS for s in pos.sides) and pos.treasury() >= 0
    assert sum(s.tokens for s in pos.sides) <= CAPTURE_TOKENS and all(
        s.tokens <= TOKENS_TO_WIN for s in pos.sides
    )
    squares = [sq for sq, _ in pos.board.units]
    assert len(squares) == len(set(squares))
    for s in pos.sides:
        assert len(set(s.drawn)) == len(s.drawn)  # drawn pieces are of different types
        assert set(s.used) <= set(s.drawn) and set(s.deployed) <= set(s.used)
    assert pos.round <= MAX_ROUNDS
    for seat in (None, 0, 1):
        view = state.view_for(seat)
        text = json.dumps(view)
        assert "seed" not in text and str(state.seed) not in text
        for n in (0, 1):
            hidden = pos.side(n).facedown
            if n != seat and hidden is not None and pos.revealed[n] is None:
                assert view["sides"][n]["facedown"] is True
            if n != seat:
                assert view["sides"][n]["hand"] is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=2**20, max_value=2**40), choices=st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_every_invariant_and_replay(seed: int, choices: int) -> None:
    state = GAME.new_state({}, seed)
    rnd = random.Random(choices)
    log: list[str] = []
    check(state)
    while not state.is_terminal():
        action = rnd.choice(state.legal_actions())
        log.append(GAME.format_action(state, action))
        state.apply(action)
        check(state)
    assert state.result is not None and state.legal_actions() == []
    assert GAME.replay({}, seed, log) == state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), first=st.integers(0, 3), second=st.integers(0, 3))
def test_the_first_face_down_card_is_hidden_until_the_second_is_in(
    seed: int, first: int, second: int
) -> None:
    state = GAME.new_state({}, seed)
    card = state.position.side(0).hand[first]
    state.apply(GAME.parse_action(state, f"pick {card}"))
    for seat in (None, 1):
        view = state.view_for(seat)
        assert view["sides"][0]["facedown"] is True and view["revealed"] == [None, None]
        assert all(entry[3] == "pick" for entry in view["log"] if entry[2] == "pick")
    other = state.position.side(1).hand[second]
    state.apply(GAME.parse_action(state, f"pick {other}"))
    assert state.view_for(None)["revealed"] == [card, other]
