"""Play: orders (march/attack by the units' movement, deploy), captures and the Immortal, promotion,
victory, passes (D-PB-9) and states as values (equality, clone, views)."""

from __future__ import annotations

import pytest

from warchest_bot.games.base import IllegalActionTextError
from warchest_bot.games.pointbuy.engine import (
    CODES,
    PASS,
    IllegalActionError,
    PBAction,
    PBState,
)
from warchest_bot.games.pointbuy.notation import format_action, parse_action
from warchest_bot.games.units import unit_moves

from .helpers import play, position, sq, texts

VIEW_KEYS = {
    "game",
    "seat",
    "crown",
    "phase",
    "to_move",
    "ply",
    "turn",
    "board",
    "barracks",
    "budgets",
    "prices",
    "army_submitted",
    "my_army",
    "draw_offer",
    "no_progress",
    "unit_cap",
    "result",
}


def test_legal_orders_are_every_move_of_every_unit_then_every_deploy() -> None:
    s = position("w Ki e1", "w Kn b1", "w Sp h4", "b Ki e8", "b Pa c3", barracks=(("Ro", "Pa", "Pa"), ()))
    expected = [
        PBAction("move", code, None, m)
        for origin, code in ((sq("b1"), "Kn"), (sq("e1"), "Ki"), (sq("h4"), "Sp"))
        for m in unit_moves(s.board, origin)
    ]
    first = [sq(f + "1") for f in "acdfgh"]
    second = [sq(f + "2") for f in "abcdefgh"]
    expected += [PBAction("deploy", "Pa", q) for q in first + second]
    expected += [PBAction("deploy", "Ro", q) for q in first]
    assert list(s.legal_actions()) == expected
    assert "Kn b1xc3" in texts(s) and "Sp h4<>e1" in texts(s)


def test_foot_units_deploy_to_the_first_or_second_rank_others_to_the_first_only() -> None:
    s = position("w Ki e1", "b Ki e8", "b Pa a7", to_move=1, barracks=((), ("Im", "Mo", "St", "Pa", "Kn")))
    deploys = {(a.code, a.square) for a in s.legal_actions() if a.kind == "deploy"}
    first = {sq(f + "8") for f in "abcdfgh"}
    second = {sq(f + "7") for f in "bcdefgh"}
    for code in ("Im", "Mo", "St", "Pa"):
        assert {q for c, q in deploys if c == code} == first | second
    assert {q for c, q in deploys if c == "Kn"} == first
    play(s, "deploy Kn b8")
    assert s.board[sq("b8")] == (1, "Kn") and s.barracks[1] == ["Im", "Mo", "Pa", "St"]
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "deploy Kn c8")  # no second Knight
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "deploy Ro d1")  # nobody deploys to the enemy's rank


def test_a_captured_unit_leaves_the_game() -> None:
    s = position("w Ki e1", "w Ro a1", "b Ki e8", "b Kn a5")
    play(s, "Ro a1xa5")
    assert s.board[sq("a5")] == (0, "Ro") and s.board[sq("a1")] is None
    assert s.barracks == [[], []] and s.no_progress == 0


def test_a_captured_immortal_returns_to_its_owners_barracks_and_deploys_again() -> None:
    s = position("w Ki e1", "w Ro a1", "b Ki e8", "b Im a5")
    play(s, "Ro a1xa5")
    assert s.barracks == [[], ["Im"]] and s.board[sq("a5")] == (0, "Ro")
    assert "deploy Im d7" in texts(s)  # a Foot unit: the second rank too
    play(s, "deploy Im d7")
    assert s.board[sq("d7")] == (1, "Im") and s.barracks[1] == []


def test_an_immortal_caught_in_a_charger_line_goes_home_the_rest_leave() -> None:
    s = position("w Ki e1", "w Cr a1", "b Ki e8", "b Im a2", "b Pa a3", "b Im a4")
    assert {format_action(a) for a in s.legal_actions() if a.code == "Cr" and a.move.origin == 0} >= {
        "Cr a1xa2",
        "Cr a1xa3",
        "Cr a1xa4",
    }
    play(s, "Cr a1xa4")
    assert s.board[sq("a4")] == (0, "Cr") and all(s.board[sq(q)] is None for q in ("a1", "a2", "a3"))
    assert s.barracks[1] == ["Im", "Im"]


def test_an_immortal_shot_by_an_oracle_goes_home_and_the_oracle_stays() -> None:
    s = position("w Ki e1", "w Or d4", "b Ki e8", "b Im d6", to_move=0)
    play(s, "Or d4xd6")
    assert s.board[sq("d4")] == (0, "Or") and s.board[sq("d6")] is None
    assert s.barracks[1] == ["Im"]


def test_a_foot_unit_reaching_its_eighth_rank_may_become_any_of_the_24_types_or_stay() -> None:
    s = position("w Ki a1", "w Pa e7", "b Ki h1", "b Ro d8")
    promotions = [a for a in s.legal_actions() if a.code == "Pa"]
    to_e8 = [a for a in promotions if a.move.dest == sq("e8")]
    to_d8 = [a for a in promotions if a.move.dest == sq("d8")]
    others = [c for c in CODES if c != "Pa"]  # becoming a Pawn is staying: not listed twice
    assert [a.promote for a in to_e8] == [None, *others] == [a.promote for a in to_d8]
    assert parse_action(s, "Pa e7-e8=Pa") == to_e8[0]  # written so (as in older logs): it stays
    assert [format_action(a) for a in to_e8[:3]] == ["Pa e7-e8", "Pa e7-e8=Ac", "Pa e7-e8=An"]
    assert format_action(to_d8[-1]) == "Pa e7xd8=Wa"
    for action in to_e8 + to_d8:
        after = s.clone()
        after.apply(action)
        assert after.board[action.move.dest] == (0, action.promote or "Pa")
        assert after.board[sq("e7")] is None


def test_black_promotes_on_rank_one_and_every_foot_type_promotes() -> None:
    s = position("w Ki h8", "b Ki a8", "b St d2", "b Mo f3", "b Im b1", "b Pa g2", to_move=1)
    counts: dict[tuple[str, str], int] = {}
    for a in s.legal_actions():
        key = (format_action(a).split("=")[0], "")
        counts[key] = counts.get(key, 0) + 1
    assert counts[("St d2-d1", "")] == 24 and counts[("Mo f3-f1", "")] == 24  # stay, or 23 other types
    assert counts[("Pa g2-g1", "")] == 24
    assert counts[("Im b1-a1", "")] == 24 and counts[("Im b1-c1", "")] == 24  # along the eighth rank
    assert counts[("Im b1-b2", "")] == 1 and counts[("St d2-d3", "")] == 1  # not on the eighth rank
    play(s, "St d2-d1=Ki")
    assert s.board[sq("d1")] == (1, "Ki")


def test_a_spy_swap_onto_the_eighth_rank_does_not_promote() -> None:
    s = position("w Ki a1", "w Sp e8", "w Pa c3", "b Ki h1")
    swaps = [a for a in s.legal_actions() if a.code == "Sp" and a.move.swap and a.move.dest == sq("c3")]
    assert len(swaps) == 1 and swaps[0].promote is None
    play(s, "Sp e8<>c3")
    assert s.board[sq("e8")] == (0, "Pa") and s.board[sq("c3")] == (0, "Sp")
    with pytest.raises(IllegalActionTextError):
        parse_action(s, "Sp c3<>e8=Qu")


def test_non_foot_units_never_promote() -> None:
    s = position("w Ki a1", "w Qu d1", "b Ki h1")
    assert all(a.promote is None for a in s.legal_actions())
    with pytest.raises(IllegalActionTextError, match="promote"):
        parse_action(s, "Qu d1-d8=Wa")


def test_victory_when_the_opponent_has_no_sovereign_on_the_board() -> None:
    s = position("w Ki e1", "w Qu d1", "b Ki d8", barracks=((), ("Ki",)))
    play(s, "Qu d1xd8")  # the King in the Barracks does not count
    assert s.result is not None and (s.result.winner, s.result.reason) == (0, "sovereign")
    assert s.current_player is None and list(s.legal_actions()) == [] and s.phase == "over"


def test_no_victory_while_another_sovereign_stands_and_black_wins_too() -> None:
    s = position("w Ki e1", "w Qu d1", "b Ki d8", "b An a8")
    play(s, "Qu d1xd8")
    assert s.result is None and s.current_player == 1
    play(s, "An a8-b7")
    assert s.result is None and s.current_player == 0
    s = position("w Ki e1", "b Ki h8", "b Ro e5", to_move=1)
    play(s, "Ro e5xe1")
    assert s.result is not None and (s.result.winner, s.result.reason) == (1, "sovereign")


def boxed_white(*extra: str, **options: object) -> PBState:
    """White's King in the a1 corner behind its own blocked Pawns (no order), black free or boxed."""
    white = [f"w Pa {f}{r}" for f in "ab" for r in range(2, 9)] + ["w Pa b1", "w Ki a1"]
    return position(*white, *extra, **options)


BOXED_BLACK = [f"b Pa {f}{r}" for f in "gh" for r in range(1, 8)] + ["b Pa g8", "b Ki h8"]


def test_pass_only_when_no_order_exists() -> None:
    s = boxed_white("b Ki e5")
    assert list(s.legal_actions()) == [PASS]
    play(s, "pass")
    assert s.current_player == 1 and s.passes == 1 and s.result is None
    play(s, "Ki e5-e4")
    assert s.passes == 0
    free = position("w Ki e1", "b Ki e8")
    assert PASS not in free.legal_actions()
    with pytest.raises(IllegalActionTextError, match="pass"):
        parse_action(free, "pass")
    with pytest.raises(IllegalActionError):
        free.apply(PASS)


def test_a_deploy_is_an_order_so_no_pass() -> None:
    s = boxed_white("b Ki e5", barracks=(("Ro",), ()))
    assert texts(s) == [f"deploy Ro {f}1" for f in "cdefgh"]


def test_views_have_the_contract_keys_and_public_data() -> None:
    s = position("w Ki e1", "w Kn b1", "b Ki e8", barracks=(("Pa",), ("Im", "Sp")))
    play(s, "Kn b1-c3")
    for seat in (None, 0, 1):
        view = s.view_for(seat)
        assert set(view) == VIEW_KEYS and view["seat"] == seat
        assert view["board"][sq("c3")] == [0, "Kn"] and view["board"][sq("b1")] is None
        assert view["barracks"] == [["Pa"], ["Im", "Sp"]] and view["turn"] == 1 and view["ply"] == 1
        assert view["phase"] == "play" and view["to_move"] == 1 and view["my_army"] is None
        assert view["result"] is None and view["no_progress"] == 1


def test_apply_refuses_what_is_not_legal_and_changes_nothing() -> None:
    s = position("w Ki e1", "w Kn b1", "b Ki e8")
    before = s.clone()
    bad = [
        PBAction("move", "Kn", None, unit_moves(s.board, sq("e8"))[0]),  # black's King
        PBAction("deploy", "Ro", sq("d1")),
        PBAction("pick", "Qu", sq("d1")),
        PBAction("accept_draw"),
        PBAction("army", army=(("Ki", 4),)),
        "Kn b1-c3",
    ]
    for action in bad:
        with pytest.raises(IllegalActionError):
            s.apply(action)  # type: ignore[arg-type]
    assert s == before


def test_clones_are_independent_and_equal_states_compare_equal() -> None:
    s = position("w Ki e1", "w Kn b1", "b Ki e8")
    c = s.clone()
    assert c == s and c is not s
    play(c, "Kn b1-c3")
    assert c != s and s.board[sq("b1")] == (0, "Kn")
    d = s.clone()
    play(d, "Kn b1-c3")
    assert d == c
    play(s, "Kn b1-a3")
    assert s != c
