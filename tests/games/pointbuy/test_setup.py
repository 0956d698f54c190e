"""Setup: fixed Pawns, open picking (D-PB-2/3/4), secret picking (D-PB-5), the Sovereign test (D-PB-6),
prices as data (D-PB-7) and White's first turn (D-PB-8)."""

from __future__ import annotations

import json
import random

import pytest

from warchest_bot.games.base import BadOptionsError, IllegalActionTextError, UnparseableActionError
from warchest_bot.games.pointbuy.engine import (
    CODES,
    PRICES,
    IllegalActionError,
    PBAction,
    PBState,
    army_problem,
    preset_armies,
)
from warchest_bot.games.pointbuy.notation import parse_action
from warchest_bot.games.units import square_name

from .helpers import GAME, play, sq, texts

ORTHODOX_WHITE = "army Ro a1, Kn b1, Bi c1, Qu d1, Ki e1, Bi f1, Kn g1, Ro h1"
ORTHODOX_BLACK = "army Ro a8, Kn b8, Bi c8, Qu d8, Ki e8, Bi f8, Kn g8, Ro h8"


def new(**options: object) -> PBState:
    return GAME.new_state(options, 0)


def test_each_side_starts_with_eight_pawns_on_its_second_rank_and_its_budget() -> None:
    s = new()
    assert [s.board[sq(f + "2")] for f in "abcdefgh"] == [(0, "Pa")] * 8
    assert [s.board[sq(f + "7")] for f in "abcdefgh"] == [(1, "Pa")] * 8
    assert sum(p is not None for p in s.board) == 16
    assert s.phase == "pick" and s.current_player == 0 and s.budgets == [38, 38]
    assert s.barracks == [[], []]


def test_prices_are_the_rulebook_table_as_data() -> None:
    table = {
        1: "Pa",
        2: "St",
        3: "Ac Bi Kn Mo Or",
        4: "Sp",
        5: "Ni Ro Sn",
        6: "An Cr Sx",
        7: "Dr He Ki",
        8: "Gr Im Ph",
        9: "Ba Ch Qu",
        10: "Wa",
    }
    assert {code: price for price, codes in table.items() for code in codes.split()} == PRICES
    assert new().view_for(None)["prices"] == PRICES


def test_a_pick_is_any_affordable_type_to_an_empty_first_rank_square_or_the_barracks() -> None:
    s = new(budget=5)
    legal = s.legal_actions()
    affordable = [c for c in CODES if PRICES[c] <= 5]
    assert list(legal) == [
        PBAction("pick", code, square) for code in affordable for square in [*range(8), None]
    ]
    play(s, "pick Ro d1")
    assert s.board[sq("d1")] == (1 - 1, "Ro") and s.budgets == [0, 5] and s.current_player == 1
    play(s, "pick Sp barracks")
    assert s.barracks[1] == ["Sp"] and s.budgets == [0, 1]
    assert s.current_player == 1  # white is spent: black goes on alone
    assert texts(s) == [f"pick Pa {square_name(q)}" for q in range(56, 64)] + ["pick Pa barracks"]


def test_picks_alternate_white_first_and_a_spent_side_stops() -> None:
    s = new(budget=3, budget_black=10)
    seen = []
    for text in ["pick Pa a1", "pick Pa a8", "pick St b1", "pick Kn b8", "pick Bi c8", "pick Kn g8"]:
        seen.append(s.current_player)
        play(s, text)
    assert seen == [0, 1, 0, 1, 1, 1]
    assert s.budgets == [0, 0] and s.phase == "over"  # white has no Sovereign


def test_white_spent_first_then_black_alone_and_the_reverse() -> None:
    s = new(budget=1, budget_black=3)
    play(s, "pick Pa barracks")
    assert s.current_player == 1
    play(s, "pick Pa barracks")
    assert s.current_player == 1 and s.budgets == [0, 2]
    play(s, "pick St barracks")
    assert s.phase == "over"  # no Sovereigns: a draw at once
    s = new(budget=3, budget_black=1)
    play(s, "pick Pa barracks")
    play(s, "pick Pa barracks")
    assert s.current_player == 0 and s.budgets == [2, 0]


def test_the_whole_budget_must_be_spent() -> None:
    s = new(budget=2)
    assert all(a.kind == "pick" for a in s.legal_actions())
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "pass")
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "pick Kn d1")  # 3 > 2
    play(s, "pick Pa a1")
    play(s, "pick Pa a8")
    assert s.phase == "pick" and s.budgets == [1, 1]


def test_a_pick_may_not_go_to_an_occupied_square_or_off_the_first_rank() -> None:
    s = new()
    play(s, "pick Ki e1")
    play(s, "pick Ki e8")
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "pick Qu e1")
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "pick Qu e3")
    with pytest.raises(IllegalActionError):
        s.apply(PBAction("pick", "Qu", sq("e1")))
    with pytest.raises(IllegalActionError):
        s.apply(PBAction("pick", "Qu", sq("d8")))  # black's rank


def test_handicap_budgets() -> None:
    s = new(budget=40, budget_black=30)
    assert s.budgets == [40, 30]
    assert GAME.new_state({"budget": 40, "budget_black": 0}, 0).budgets == [40, 40]


def test_open_picking_cap_is_shared_by_both_sides_and_never_limits_pawns() -> None:
    s = new(unit_cap=2, budget=60)
    play(s, "pick Qu d1")
    play(s, "pick Qu d8")
    assert not any(a.code == "Qu" for a in s.legal_actions())
    with pytest.raises(IllegalActionTextError, match="unit cap"):
        parse_action(s, "pick Qu barracks")
    assert s.cap_left("Qu") == 0 and s.cap_left("Ro") == 2 and s.cap_left("Pa") is None
    assert s.view_for(None)["unit_cap"] == 2 and new().view_for(1)["unit_cap"] == 0
    for _ in range(3):
        play(s, "pick Pa barracks")
    assert any(a.code == "Pa" for a in s.legal_actions())


def finish_open(s: PBState, first: dict[int, str]) -> None:
    """Play the open picking to its end: each side's first pick as given, then Pawns to the Barracks."""
    while s.phase == "pick":
        seat = s.current_player
        assert seat is not None
        if seat in first:
            play(s, first.pop(seat))
        else:
            play(s, "pick Pa barracks")


def test_sovereign_on_the_first_rank_after_setup_or_lose_at_once() -> None:
    s = new(budget=10)
    finish_open(s, {0: "pick Ki e1", 1: "pick Ki barracks"})  # black's King waits in the Barracks
    assert s.result is not None and (s.result.winner, s.result.reason) == (0, "setup")
    assert s.turn == 0 and s.current_player is None and list(s.legal_actions()) == []


def test_anointed_counts_as_a_sovereign_and_both_missing_is_a_draw() -> None:
    s = new(budget=10)
    finish_open(s, {0: "pick An d1", 1: "pick Ki h8"})
    assert s.result is None and s.phase == "play" and s.current_player == 0  # White starts (D-PB-8)
    s = new(budget=10)
    finish_open(s, {0: "pick Qu d1", 1: "pick Ki barracks"})
    assert s.result is not None and (s.result.winner, s.result.reason) == (None, "setup")
    s = new(budget=10)
    finish_open(s, {0: "pick Qu d1", 1: "pick An a8"})
    assert s.result is not None and (s.result.winner, s.result.reason) == (1, "setup")


def test_secret_picking_lists_ready_made_armies_and_accepts_any_valid_army() -> None:
    s = new(picking="secret")
    assert s.phase == "secret" and s.current_player == 0
    legal = s.legal_actions()
    assert len(legal) >= 4 and all(a.kind == "army" for a in legal)
    for action in legal:
        assert army_problem(action.army, 0, 38, 0) is None
    custom = parse_action(s, "army Ki e1, Wa d1, Ch c1, Sn f1, Sp barracks, St g1, Pa h1")
    assert custom not in list(legal)  # not listed, yet legal
    assert custom in s.legal_actions() and s.is_legal(custom)
    s.apply(custom)
    assert s.current_player == 1 and s.phase == "secret"
    play(s, ORTHODOX_BLACK)
    assert s.phase == "play" and s.current_player == 0 and s.budgets == [0, 0]
    assert s.board[sq("d1")] == (0, "Wa") and s.barracks[0] == ["Sp"] and s.board[sq("e8")] == (1, "Ki")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1", "costs 35"),
        ("army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn e1", "two units on e1"),
        ("army Ki e2, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1", "first rank"),
        ("army Ki e8, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1", "first rank"),
    ],
)
def test_an_invalid_army_is_refused(text: str, error: str) -> None:
    s = new(picking="secret")
    with pytest.raises(IllegalActionTextError, match=error):
        parse_action(s, text)
    action = PBAction("army", army=tuple((w.split()[0], sq(w.split()[1])) for w in text[5:].split(", ")))
    assert action not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(action)
    assert s == new(picking="secret")


def test_army_text_shape_errors_are_unparseable() -> None:
    s = new(picking="secret")
    for text in ("army", "army Ki", "army Zz e1", "army Ki e9", "army Ki e1 Qu d1"):
        with pytest.raises(UnparseableActionError):
            parse_action(s, text)


def test_secret_cap_gives_each_side_half() -> None:
    s = new(picking="secret", unit_cap=3, budget=27)
    with pytest.raises(IllegalActionTextError, match="at most 1"):
        parse_action(s, "army Ki e1, Kn b1, Kn g1, Ro a1, Ro h1, Bi c1, Pa barracks")
    play(s, "army Ki e1, Kn b1, Ro a1, Bi c1, Qu d1")
    for army in preset_armies(1, 27, 3):
        assert army_problem(army, 1, 27, 3) is None
    assert all(army_problem(a.army, 1, 27, 3) is None for a in s.legal_actions())


def test_secret_army_is_hidden_until_both_are_in() -> None:
    a, b = new(picking="secret"), new(picking="secret")
    play(a, ORTHODOX_WHITE)
    play(b, "army Ki e1, Wa d1, Ch c1, Sn f1, Sp barracks, Ac g1")
    assert a != b
    for seat in (None, 1):
        assert a.view_for(seat) == b.view_for(seat)  # nothing of the army shows
    view = a.view_for(1)
    assert view["army_submitted"] == [True, False] and view["my_army"] is None
    for seat in (None, 1):
        shown = json.dumps({k: v for k, v in a.view_for(seat).items() if k != "prices"})
        assert all(code not in shown for code in ("Qu", "Ro", "Kn", "Bi", "Ki"))
    assert a.view_for(0)["my_army"] == [
        ["Ro", 0],
        ["Kn", 1],
        ["Bi", 2],
        ["Qu", 3],
        ["Ki", 4],
        ["Bi", 5],
        ["Kn", 6],
        ["Ro", 7],
    ]
    assert GAME.format_action(a, parse_action(new(picking="secret"), ORTHODOX_WHITE), public=True) == (
        "army (secret)"
    )
    assert GAME.public_text(ORTHODOX_WHITE) == "army (secret)"
    assert GAME.private_signatures(a) != GAME.private_signatures(b)
    assert GAME.private_signatures(a)[1] == GAME.private_signatures(b)[1]
    play(a, ORTHODOX_BLACK)
    assert a.view_for(1)["board"][3] == [0, "Qu"] and a.view_for(0)["my_army"] is None
    assert GAME.drew(new(picking="secret"), b) is False
    before = b.clone()
    play(b, ORTHODOX_BLACK)
    assert GAME.drew(before, b) is True  # the reveal: taking it back would hide it again


def test_a_setup_loss_in_secret_picking() -> None:
    s = new(picking="secret", budget=8)
    play(s, "army Ki e1, Pa barracks")
    play(s, "army Pa a8, Pa b8, Pa c8, Pa d8, Pa e8, Pa f8, Pa g8, Pa h8")
    assert s.result is not None and (s.result.winner, s.result.reason) == (0, "setup")


def test_small_budgets_still_list_valid_armies() -> None:
    for budget in (1, 5, 6, 7, 12, 38, 90):
        for seat in (0, 1):
            armies = preset_armies(seat, budget)
            assert armies and all(army_problem(a, seat, budget, 0) is None for a in armies)
            if budget >= 6:
                assert all(any(code in ("Ki", "An") and sq_ is not None for code, sq_ in a) for a in armies)


# --- the Sovereign guard (D-PB-6a) ---------------------------------------------------------------------------
def test_under_the_sovereign_guard_a_pick_that_leaves_no_way_to_a_sovereign_is_refused() -> None:
    s = new(budget=12, sovereign_guard=1)  # the tester's game: a Warlord (10) would leave 2 points
    picks = list(s.legal_actions())
    assert {a.code for a in picks[:17]} == {"An", "Ki"}  # the Sovereigns are offered first
    assert PBAction("pick", "Wa", sq("d1")) not in picks and PBAction("pick", "Qu", sq("d1")) not in picks
    assert PBAction("pick", "Ki", None) not in picks  # 5 left, in the Barracks: no Sovereign on the rank
    assert PBAction("pick", "An", None) in picks  # 6 left buy an Anointed for the first rank
    assert PBAction("pick", "Kn", sq("b1")) in picks  # 9 left: a King still fits
    with pytest.raises(IllegalActionTextError, match="no way to buy a Sovereign"):
        parse_action(s, "pick Wa d1")
    with pytest.raises(IllegalActionError):
        s.apply(PBAction("pick", "Wa", sq("d1")))
    assert s.view_for(0)["crown"] == "needed" and s.view_for(None)["crown"] is None
    play(s, "pick Ki e1")
    assert s.view_for(0)["crown"] is None and s.view_for(1)["crown"] == "needed"
    assert PBAction("pick", "Wa", sq("d8")) not in s.legal_actions()


def test_under_the_sovereign_guard_picking_always_ends_with_both_sovereigns_in_place() -> None:
    # (with a unit cap, the other side may still buy up every Sovereign: the view then says "lost")
    rng = random.Random(5)
    for budget in (6, 7, 12, 13, 38):
        for _ in range(20):
            s = new(budget=budget, budget_black=rng.choice((0, 8)), sovereign_guard=1)
            while s.phase == "pick":
                s.apply(rng.choice(list(s.legal_actions())))
            assert s.phase == "play" and s.result is None, (budget, s.result)


def test_the_last_free_square_of_the_first_rank_is_kept_for_a_sovereign() -> None:
    s = new(budget=20, sovereign_guard=1)
    for f in "abcdefg":
        s.apply(PBAction("pick", "Pa", sq(f + "1")))
        s.apply(PBAction("pick", "Pa", sq(f + "8")))
    legal = s.legal_actions()
    assert PBAction("pick", "Pa", sq("h1")) not in legal and PBAction("pick", "Pa", None) in legal
    assert PBAction("pick", "Ki", sq("h1")) in legal


def test_without_the_guard_picking_is_free_and_a_side_without_a_sovereign_loses_at_once() -> None:
    s = new(budget=12)  # the engine's default, and every game stored before the guard: the rulebook
    assert s.options.sovereign_guard == 0
    play(s, "pick Wa d1")
    assert s.view_for(0)["crown"] == "lost"
    for text in (
        "pick Ki e8",
        "pick St c1",
        "pick Pa a8",
        "pick Pa b8",
        "pick Pa c8",
        "pick Pa d8",
        "pick Pa f8",
    ):
        play(s, text)
    assert s.result is not None and s.result.winner == 1 and s.result.reason == "setup"


def test_under_the_sovereign_guard_a_secret_army_needs_a_sovereign_on_the_first_rank() -> None:
    s = new(budget=16, picking="secret", sovereign_guard=1)
    assert army_problem([("Qu", sq("d1")), ("Ki", None)], 0, 16, 0, guard=True) is not None
    with pytest.raises(IllegalActionTextError, match="needs a Sovereign"):
        parse_action(s, "army Qu d1, Ki barracks")
    assert all(army_problem(a.army, 0, 16, 0, guard=True) is None for a in s.legal_actions())
    assert s.view_for(0)["crown"] == "needed"
    play(s, "army Qu d1, Ki e1")
    assert s.view_for(0)["crown"] is None
    # no Sovereign fits a budget of 5: the guard asks nothing, and the view says the army is lost
    small = new(budget=5, picking="secret", sovereign_guard=1)
    assert army_problem([("Sn", sq("d1"))], 0, 5, 0, guard=True) is None
    assert small.view_for(0)["crown"] == "lost"


def test_the_sovereign_guard_is_an_option_and_the_bots_default_for_new_games() -> None:
    assert GAME.default_options()["sovereign_guard"] == 1
    assert new(sovereign_guard=1).options.sovereign_guard == 1
    with pytest.raises(BadOptionsError):
        new(sovereign_guard=2)
