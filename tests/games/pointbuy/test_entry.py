"""The GameKind entry of Point-Buy Chess: options and their errors, series budgets (§1.7, D-PB-12),
the service's hooks (last action, signatures, phases, snapshots, frames) and the catalogue texts."""

from __future__ import annotations

import json

import pytest

from warchest_bot.games import BadOptionsError, GameKind, Outcome, get_game
from warchest_bot.games.pointbuy import POINT_BUY_CHESS, Frame, PointBuyChess
from warchest_bot.games.pointbuy.engine import PBAction, PBState
from warchest_bot.games.pointbuy.notation import parse_action
from warchest_bot.i18n import has_message, t

from .helpers import GAME, play, position, random_game, sq

ORTHODOX_WHITE = "army Ro a1, Kn b1, Bi c1, Qu d1, Ki e1, Bi f1, Kn g1, Ro h1"
ORTHODOX_BLACK = "army Ro a8, Kn b8, Bi c8, Qu d8, Ki e8, Bi f8, Kn g8, Ro h8"
REASONS = (
    "sovereign",
    "setup",
    "repetition",
    "no_progress",
    "turn_cap",
    "passes",
    "dead_material",
    "agreement",
)


def test_the_entry_is_registered_and_is_a_game_kind() -> None:
    assert get_game("pointbuy") is POINT_BUY_CHESS
    assert isinstance(POINT_BUY_CHESS, GameKind)
    assert POINT_BUY_CHESS.title == "Point-Buy Chess" and POINT_BUY_CHESS.player_counts == (2,)
    assert POINT_BUY_CHESS.teams(2) == (0, 1) and POINT_BUY_CHESS.players_of({}) == 2
    assert POINT_BUY_CHESS.action_type is PBAction
    assert GAME.default_options() == {
        "budget": 38,
        "budget_black": 0,
        "picking": "open",
        "repetition": 3,
        "no_progress": 100,
        "turn_cap": 600,
        "dead_material": 0,
        "series": "loss+1",
        "unit_cap": 0,
        "agreement": 1,
        "passes": 2,
        "sovereign_guard": 1,
    }


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"budget": 0}, "error.bad_budget"),
        ({"budget": 201}, "error.bad_budget"),
        ({"budget": "38"}, "error.bad_budget"),
        ({"budget": True}, "error.bad_budget"),
        ({"budget_black": -1}, "error.bad_budget_black"),
        ({"picking": "draft"}, "error.bad_picking"),
        ({"series": "loss+2"}, "error.bad_series"),
        ({"repetition": 1}, "error.bad_repetition"),
        ({"no_progress": -5}, "error.bad_no_progress"),
        ({"turn_cap": 0}, "error.bad_turn_cap"),
        ({"dead_material": 2}, "error.bad_dead_material"),
        ({"unit_cap": 65}, "error.bad_unit_cap"),
        ({"agreement": 3}, "error.bad_agreement"),
        ({"passes": 21}, "error.bad_passes"),
    ],
)
def test_bad_options_name_a_catalogue_message(options: dict[str, object], key: str) -> None:
    with pytest.raises(BadOptionsError) as err:
        GAME.check_options(options)
    assert err.value.message_key == key and has_message(key)
    text = t(key, "en", **err.value.params)
    assert "{" not in text and text.endswith(".")
    with pytest.raises(BadOptionsError):
        GAME.new_state(options, 0)


def test_good_options_and_the_handicap() -> None:
    for options in (
        {},
        {"budget": 1},
        {"budget": 200, "budget_black": 150},
        {"repetition": 0, "no_progress": 0},
    ):
        GAME.check_options(options)
    assert GAME.engine_options({"budget": 40, "budget_black": 35}).budgets == (40, 35)


@pytest.mark.parametrize(
    ("options", "winner", "budgets"),
    [
        ({}, 0, (39, 38)),  # black lost: +1, and black's player is white next game
        ({}, 1, (38, 39)),
        ({}, None, (38, 38)),
        ({"budget": 40, "budget_black": 36}, 0, (37, 40)),
        ({"series": "win-1"}, 0, (38, 37)),
        ({"series": "win-1"}, 1, (37, 38)),
        ({"series": "win-1", "budget": 1, "budget_black": 5}, 0, (5, 1)),  # never below 1
        ({"series": "win-1", "budget": 1, "budget_black": 5}, None, (5, 1)),
    ],
)
def test_rematch_budgets_follow_the_series_rule_and_the_players(
    options: dict[str, object], winner: int | None, budgets: tuple[int, int]
) -> None:
    for outcome in (winner, Outcome(winner, "sovereign")):
        new = GAME.rematch_options(options, outcome)
        GAME.check_options(new)
        assert GAME.engine_options(new).budgets == budgets
        assert set(new) == set(GAME.default_options())
        assert new["budget_black"] == (0 if budgets[0] == budgets[1] else budgets[1])
    assert GAME.rematch_seating(2) == (1, 0)


def test_a_series_accumulates_losses() -> None:
    options: dict[str, object] = GAME.default_options()
    player_budget = {"ann": 38, "bob": 38}
    seats = ["ann", "bob"]
    for winner_name in ("ann", "ann", "bob", None):
        winner = None if winner_name is None else seats.index(winner_name)
        options = GAME.rematch_options(options, winner)
        seats = [seats[i] for i in GAME.rematch_seating(2)]
        if winner_name is not None:
            loser = "bob" if winner_name == "ann" else "ann"
            player_budget[loser] += 1
        budgets = GAME.engine_options(options).budgets
        assert {seats[0]: budgets[0], seats[1]: budgets[1]} == player_budget
    assert player_budget == {"ann": 39, "bob": 40}


def test_describe_last_action() -> None:
    s = position("w Ki a1", "w Or d4", "w Cr h1", "w Sp f4", "b Ki h8", "b Im d6", "b Pa h2", "b Pa h3")
    cases = {
        "Or d4xd6": {
            "from": sq("d4"),
            "to": sq("d4"),
            "captures": [sq("d6")],
            "code": "Or",
            "victims": ["Im"],
        },
        "Cr h1xh3": {
            "from": sq("h1"),
            "to": sq("h3"),
            "captures": [sq("h2"), sq("h3")],
            "code": "Cr",
            "victims": ["Pa", "Pa"],
        },
        "Sp f4<>a1": {
            "from": sq("f4"),
            "to": sq("a1"),
            "captures": [],
            "code": "Sp",
            "victims": [],
            "partner": "Ki",
        },
        "Ki a1-b2": {"from": sq("a1"), "to": sq("b2"), "captures": [], "code": "Ki", "victims": []},
    }
    for text, expected in cases.items():
        after = s.clone()
        action = play(after, text)
        data = GAME.describe_last_action(s, after, action, 0)
        assert data == {"seat": 0, "kind": "move", **expected}
        json.dumps(data)
    b = position("w Ki a1", "b Ki h8", to_move=1, barracks=((), ("Ro",)))
    after = b.clone()
    action = play(after, "deploy Ro c8")
    assert GAME.describe_last_action(b, after, action, 1) == {
        "seat": 1,
        "kind": "deploy",
        "from": None,
        "to": sq("c8"),
        "captures": [],
        "code": "Ro",
    }
    p = GAME.new_state({}, 0)
    after = p.clone()
    action = play(after, "pick Sp barracks")
    assert GAME.describe_last_action(p, after, action, 0)["kind"] == "pick"
    assert GAME.describe_last_action(p, after, action, 0)["to"] is None
    secret = GAME.new_state({"picking": "secret"}, 0)
    after = secret.clone()
    action = play(after, ORTHODOX_WHITE)
    assert GAME.describe_last_action(secret, after, action, 0) == {
        "seat": 0,
        "kind": "army",
        "from": None,
        "to": None,
        "captures": [],
        "code": None,
    }


def test_service_hooks_over_a_game() -> None:
    s = GAME.new_state({"picking": "secret"}, 0)
    assert GAME.phase_of(s) == "secret" and not GAME.under_way(s) and GAME.round_of(s) == 0
    assert GAME.private_signatures(s) == [(None,), (None,)]
    play(s, ORTHODOX_WHITE)
    assert GAME.private_signatures(s)[0] != (None,) and GAME.private_signatures(s)[1] == (None,)
    play(s, ORTHODOX_BLACK)
    assert GAME.private_signatures(s) == [(None,), (None,)]
    assert GAME.phase_of(s) == "play" and GAME.setup_plies(s) == 2 and not GAME.under_way(s)
    assert not GAME.is_followup(s)
    play(s, "Pa e2-e4")
    assert GAME.under_way(s) and GAME.round_of(s) == 0 and GAME.setup_plies(s) == 2
    choices = GAME.action_choices(s)
    assert [c.action for c in choices] == list(s.legal_actions())
    assert {c.kind for c in choices} == {"move"} and not any(c.followup for c in choices)
    play(s, "Pa e7-e5 draw?")
    assert GAME.action_choices(s)[-1].kind == "draw" and GAME.action_choices(s)[-1].text == "accept draw"
    play(s, "accept draw")
    assert GAME.outcome(s) == Outcome(None, "agreement")
    assert GAME.result_data(s) == {"ply": 5, "turn": 2, "budgets": [38, 38], "units_on_board": [16, 16]}


def test_every_result_reason_has_a_sentence() -> None:
    for reason in REASONS:
        key = f"result.{reason}"
        assert has_message(key)
        params = GAME.result_params(GAME.default_options(), {"reason": reason})
        text = t(key, "en", game_id=7, winners="Ann", player="", **params)
        assert "{" not in text and "#7" in text and text.endswith(".")
    assert GAME.result_params({}, {"reason": "turn_cap"})["turns"] == 600
    assert GAME.result_params({"repetition": 4}, {"reason": "repetition"})["times"] == 4


def test_frames_show_no_secret_army() -> None:
    state, log = random_game({"picking": "secret"}, 5, max_plies=12)
    frames = GAME.replay_frames({"picking": "secret"}, 0, log)
    assert len(frames) == len(log) + 1 and frames[0].last_action is None
    assert isinstance(frames[1], Frame) and frames[1].view["board"] == frames[0].view["board"]
    assert frames[1].view["my_army"] is None and frames[1].last_action["kind"] == "army"
    assert frames[-1].view == state.view_for(None)
    view, last = frames[3]
    assert view["phase"] == "play" and last is not None and last["kind"] == "move"


def test_snapshots() -> None:
    s = GAME.new_state({"picking": "secret", "budget": 41}, 0)
    play(s, ORTHODOX_WHITE.replace("Ro h1", "Ro h1, Pa barracks, Pa barracks, Pa barracks"))
    text = GAME.snapshot(s)
    restored = GAME.restore(text)
    assert restored == s and restored.view_for(0) == s.view_for(0)
    assert GAME.snapshot_fits(restored, {"picking": "secret", "budget": 41}, 12345)
    assert not GAME.snapshot_fits(restored, {"picking": "secret"}, 0)
    assert not GAME.snapshot_fits(restored, {"picking": "nope"}, 0)


def test_units_rules_and_lookup() -> None:
    units = GAME.units()
    assert len(units) == 24 and units[0].code == "Ac" and units[-1].code == "Wa"
    for text, code in (("kn", "Kn"), ("KNIGHT", "Kn"), ("griffon", "Gr"), ("Sphinx", "Sx"), ("sp", "Sp")):
        found = GAME.lookup_unit(text)
        assert found is not None and found.code == code
    assert GAME.lookup_unit("swordsman") is None
    text = GAME.rules_text("en")
    assert "Point-Buy Chess" in text and "Warlord 10" in text and "{" not in text
    assert isinstance(GAME, PointBuyChess)


def test_ai_levels_are_the_contracts_until_the_players_land() -> None:
    assert set(GAME.ai_levels) >= {"easy", "normal", "hard"}
    assert set(GAME.ai_budgets) == set(GAME.ai_levels)


def test_the_seed_plays_no_part() -> None:
    assert GAME.new_state({}, 1) == GAME.new_state({}, 2)
    state, log = random_game({}, 9)
    assert GAME.replay({}, 123, log) == state
    assert parse_action(PBState({}), "pick Ki e1") == PBAction("pick", "Ki", sq("e1"))
