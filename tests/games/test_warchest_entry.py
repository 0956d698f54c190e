"""War Chest's registry entry: the engine's notation errors come out as the interface's typed errors, the
option checks answer with catalogue keys, and the entry is what `get_game("warchest")` returns."""

from __future__ import annotations

import pytest

from tests.engine.conftest import pos
from warchest_bot.games import (
    AmbiguousActionError,
    BadOptionsError,
    IllegalActionTextError,
    UnparseableActionError,
    get_game,
)
from warchest_bot.games.warchest import MAX_ROUNDS_LIMIT, WAR_CHEST


def sample():
    return pos(hand0=["Sw", "Pi", "RC"], board0={"f4": "Sw"}, board1={"g4": ["Ar", 2]}, hand1=["Ar"])


def test_the_registered_war_chest_is_the_entry() -> None:
    assert get_game("warchest") is WAR_CHEST
    assert WAR_CHEST.teams(4) == (0, 1, 0, 1)


@pytest.mark.parametrize("text", ["hello world", "Sw move z9", "Sw"])
def test_unparseable_text(text: str) -> None:
    g = sample()
    before = g.to_json()
    with pytest.raises(UnparseableActionError) as err:
        WAR_CHEST.parse_action(g, text)
    assert err.value.text == text
    assert g.to_json() == before


def test_illegal_text_keeps_the_engine_reason() -> None:
    with pytest.raises(IllegalActionTextError, match="occupied") as err:
        WAR_CHEST.parse_action(sample(), "Sw move f4-g4")
    assert "occupied" in err.value.reason


def test_ambiguous_text_lists_the_candidates() -> None:
    g = sample()
    with pytest.raises(AmbiguousActionError) as err:
        WAR_CHEST.parse_action(g, "pass")
    assert len(err.value.candidates) == 3
    assert set(err.value.candidates) <= set(g.legal_actions())


@pytest.mark.parametrize(
    ("change", "key", "params"),
    [
        ({"players": 3}, "error.bad_players", {}),
        ({"units": "all"}, "error.bad_units", {"choices": "first-game, random, draft"}),
        ({"royal_guard": "new"}, "error.bad_royal_guard", {"choices": "revised, original"}),
        ({"max_rounds": 0}, "error.bad_max_rounds", {"limit": MAX_ROUNDS_LIMIT}),
        ({"max_rounds": True}, "error.bad_max_rounds", {"limit": MAX_ROUNDS_LIMIT}),
        ({"max_rounds": MAX_ROUNDS_LIMIT + 1}, "error.bad_max_rounds", {"limit": MAX_ROUNDS_LIMIT}),
    ],
)
def test_bad_options_name_their_catalogue_message(change: dict, key: str, params: dict) -> None:
    with pytest.raises(BadOptionsError) as err:
        WAR_CHEST.check_options(change)
    assert (err.value.message_key, err.value.params) == (key, params)


def test_new_state_refuses_what_the_engine_cannot_play_but_not_the_lobby_limit() -> None:
    with pytest.raises(BadOptionsError):
        WAR_CHEST.new_state({"players": 3}, seed=1)
    # a round limit above today's lobby limit still loads (games stored under other limits)
    assert WAR_CHEST.new_state({"max_rounds": MAX_ROUNDS_LIMIT + 1}, seed=1).options.max_rounds == 1001
