"""The card table as a game option (`kind.table_of`, `kind.resolve_table`): a table written out in the
options is the game's (setup, positions, replays), checked by the loader with its message key; ``server``
unresolved and ``standard`` play the shipped table; a record of a game on another table replays on it."""

from __future__ import annotations

import copy
import random

import pytest

from warchest_bot.games import BadOptionsError, get_game
from warchest_bot.games.forthecrown.card_table import standard_table
from warchest_bot.games.forthecrown.kind import resolve_table, table_of
from warchest_bot.games.records import PlayedGame, RecordPly

GAME = get_game("forthecrown")


def other_table(cost: int = 9) -> dict:
    data = copy.deepcopy(dict(standard_table().data))
    data["table"] = "other"
    for card in data["cards"]:
        if card["id"] == "tower":
            card["cost"] = cost
    return data


def test_a_table_in_the_options_is_the_games_and_the_others_play_the_shipped_one() -> None:
    for value in ("server", "standard"):
        options = {**GAME.default_options(), "table": value}
        GAME.check_options(options)
        assert GAME.new_state(options, 1).table is standard_table()
    options = {**GAME.default_options(), "table": other_table()}
    GAME.check_options(options)
    state = GAME.new_state(options, 1)
    assert state.table.name == "other" and state.table["tower"].cost == 9
    assert GAME.restore(GAME.snapshot(state)).table["tower"].cost == 9
    assert GAME.new_state(GAME.default_options(), 1).table is standard_table()


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda c: c["effects"][0].update(effect="teleport"), "forthecrown.table.unknown_effect"),
        (lambda c: c.update(cost=-1), "forthecrown.table.negative_cost"),
    ],
)
def test_a_table_that_does_not_load_is_refused_with_the_loaders_message(change, key) -> None:
    data = other_table()
    change(next(c for c in data["cards"] if c["id"] == "tower"))
    with pytest.raises(BadOptionsError) as err:
        GAME.check_options({**GAME.default_options(), "table": data})
    assert err.value.message_key == key and err.value.params["card"] == "tower"
    with pytest.raises(BadOptionsError):
        GAME.check_options({**GAME.default_options(), "table": "mine"})


def test_resolving_puts_the_servers_table_in_place_of_server_only() -> None:
    data = other_table()
    assert resolve_table({}, data)["table"] == data
    assert resolve_table({"table": "server"}, data)["table"] == data
    assert resolve_table({"table": "standard"}, data)["table"] == "standard"
    assert resolve_table({"table": "server"}, None)["table"] == "server"
    assert table_of(resolve_table({}, data)).name == "other"


def test_a_rematch_gives_the_table_back_to_the_server_unless_the_players_chose_the_shipped_one() -> None:
    """`rematch_options`: a recorded table (or an unresolved ``server``) goes back to ``server`` for the
    place creating the rematch to resolve with the server's table then; ``standard`` stays; the other
    options stay as they were."""
    data = other_table()
    played = {"supply": "random", "squire": 1, "table": data}
    assert GAME.rematch_options(played, None) == {"supply": "random", "squire": 1, "table": "server"}
    assert played["table"] == data  # the finished game's options are not changed
    assert GAME.rematch_options({"supply": "random"}, None) == {"supply": "random", "table": "server"}
    assert GAME.rematch_options({"table": "standard", "squire": 1}, None) == {
        "table": "standard",
        "squire": 1,
    }
    again = resolve_table(GAME.rematch_options(played, None), other_table(4))
    assert table_of(again)["tower"].cost == 4


def test_a_record_of_a_game_on_another_table_replays_on_it() -> None:
    options = {**GAME.default_options(), "turn_cap": 8, "table": other_table(3)}
    state = GAME.new_state(options, 5)
    rng = random.Random(2)
    plies = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        plies.append(
            RecordPly(state.current_player, GAME.format_action(state, action), GAME.turn_start(state))
        )
        state.apply(action)
    outcome = GAME.outcome(state)
    played = PlayedGame(
        kind="forthecrown",
        options=options,
        players=("A", "B"),
        plies=tuple(plies),
        ended=True,
        seed=5,
        winner_team=outcome.winner,
        reason=outcome.reason,
    )
    back = GAME.facets.records.from_record(GAME.facets.records.to_record(played))
    assert back.options["table"]["table"] == "other"
    replayed = GAME.replay(back.options, back.seed, back.texts)
    assert replayed.table["tower"].cost == 3 and replayed.to_json() == state.to_json()
