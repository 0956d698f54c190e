"""War Chest's registry entry: the engine's notation errors come out as the interface's typed errors, the
option checks answer with catalogue keys, and the entry is what `get_game("warchest")` returns."""

from __future__ import annotations

import pytest

from tests.games.warchest.engine.conftest import pos
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


def test_the_units_people_look_up_are_the_sixteen_with_a_card() -> None:
    from warchest_bot.games.warchest.engine import UNITS

    units = WAR_CHEST.units()
    assert [(u.code, u.name) for u in units] == [(u.code, u.name) for u in UNITS[1:]]
    assert "RC" not in {u.code for u in units}
    assert WAR_CHEST.lookup_unit("light-cavalry") == WAR_CHEST.lookup_unit("LC")
    assert WAR_CHEST.lookup_unit("LC") == next(u for u in units if u.name == "Light Cavalry")
    assert WAR_CHEST.lookup_unit(" royal coin ") is not None and WAR_CHEST.lookup_unit("RC").name == "Royal"
    assert WAR_CHEST.lookup_unit("Dragon") is None


def test_the_entry_encodes_the_pictures_and_levels_as_the_bot_did() -> None:
    from warchest_bot.games.warchest.ai import LEVELS
    from warchest_bot.games.warchest.engine import GameState, Options
    from warchest_bot.games.warchest.render import board_png, hand_png, unit_card_png

    g = GameState.new(Options(players=2, units="first-game", seed=3))
    assert WAR_CHEST.board_png(g.view_for(None), names=["A", "B"]) == board_png(
        g.view_for(None), names=["A", "B"]
    )
    assert WAR_CHEST.private_png(g.view_for(0)) == hand_png(g.view_for(0))
    assert WAR_CHEST.unit_card_png("Ar") == unit_card_png(WAR_CHEST.lookup_unit("archer").code)
    assert {k: (WAR_CHEST.ai_levels[k], WAR_CHEST.ai_budgets[k]) for k in LEVELS} == LEVELS
    player = WAR_CHEST.make_player("normal", 5, budget_ms=10.0)
    assert player.choose_from_view(g.view_for(g.current_player)) in g.legal_actions()
