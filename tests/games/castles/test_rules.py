"""Every stated rule and every decision (D-CA-n) of Castles, on fixed positions (docs/castles.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from warchest_bot.games.castles.engine import (
    IllegalActionError,
    attack_number,
    deploy_squares,
    legal_actions,
    new_position,
)
from warchest_bot.games.castles.entry import CASTLES
from warchest_bot.games.castles.rules import CARD_CODES, MAX_COINS
from warchest_bot.games.castles.state import Castle

from .helpers import GAME, other, play, seed_rolling, side, state_of, texts, turn


# --- setup and the round ------------------------------------------------------------------------------------
def test_setup_four_soldiers_in_the_bag_three_coins_and_the_first_draws() -> None:
    pos = new_position(7)
    for seat in (0, 1):
        s = pos.side(seat)
        assert s.coins == 3 and s.tokens == 0
        # 4 soldiers were in the bag: one drawn (pieces drawn are of different types), 3 left
        assert s.drawn == ("So",) and s.bag.as_dict() == {"So": 3}
        assert s.reserve.total() == 28 and s.reserve["So"] == 0 and s.reserve["Kn"] == 4
        assert len(s.hand) == 4 and len(s.deck) == 12  # 3 cards dealt, filled up to 4 at the round's start
        assert sorted(s.hand + s.deck) == sorted(CARD_CODES)
    assert pos.phase == "pick" and pos.to_move == 0 and pos.treasury() == 18
    assert [c.square for c in pos.castles] == ["b1", "f1", "b7", "f7"]


def test_draws_are_of_different_types_up_to_four() -> None:
    pos = turn(
        {}, sides=(side(bag={"So": 3, "Ar": 2, "Kn": 1, "Ch": 1, "Bn": 1}, deck=("Tx",)), side(deck=("Tx",)))
    )
    from warchest_bot.games.castles.engine import draw_pieces

    drawn = draw_pieces(pos, 0, 4, seed=3).side(0)
    assert len(drawn.drawn) == 4 and len(set(drawn.drawn)) == 4
    assert drawn.bag.total() == 4  # 8 pieces, 4 drawn
    few = draw_pieces(replace(pos, sides=(side(bag={"So": 4}), pos.sides[1])), 0, 4, seed=3).side(0)
    assert few.drawn == ("So",) and few.bag["So"] == 3  # no other type: one piece


def test_the_face_down_picks_are_one_turn_that_shows_neither_card_before_both_are_in() -> None:
    state = state_of(new_position(11), 11)
    first = state.position.side(0).hand[0]
    before = state.clone()
    play(state, f"pick {first}")
    view1, spectator = state.view_for(1), state.view_for(None)
    for view in (view1, spectator):
        assert view["sides"][0]["facedown"] is True and view["sides"][0]["hand"] is None
        assert view["revealed"] == [None, None]
        assert all(first not in entry[3] for entry in view["log"] if entry[2] == "pick")
    assert state.view_for(0)["sides"][0]["facedown"] == first
    announcement = CASTLES.announce(before, GAME.parse_action(before, f"pick {first}"), state, 0)
    assert announcement.public.key == "castles.phrase.down" and announcement.public.params == {}
    assert announcement.for_seat(0).params == {"card": first}
    assert GAME.turn_start(state) == 0  # the picks are one turn of two decisions
    assert GAME.public_text(f"pick {first}") == "pick"
    second = state.position.side(1).hand[0]
    mid = state.clone()
    play(state, f"pick {second}")
    assert state.position.revealed == (first, second)
    shown = CASTLES.announce(mid, GAME.parse_action(mid, f"pick {second}"), state, 1)
    assert first in str(shown.public.params) and second in str(shown.public.params)


@pytest.mark.parametrize(
    ("cards", "round_", "last_order", "first"),
    [
        (("Kn", "So"), 2, (0, 1), 0),  # the higher cost acts first
        (("So", "Ch"), 2, (0, 1), 1),
        (("Ar", "Pk"), 3, (0, 1), 1),  # equal costs: who acted second last round (D-CA-11)
        (("Ar", "Pk"), 3, (1, 0), 0),
    ],
)
def test_the_higher_cost_acts_first_and_ties_alternate(
    cards: tuple[str, str], round_: int, last_order: tuple[int, int], first: int
) -> None:
    sides = (side(hand=(cards[0],), deck=("Tx",)), side(hand=(cards[1],), deck=("Tx",)))
    pos = turn(
        {}, sides=sides, phase="pick", step="pick", round=round_, order=last_order, revealed=(None, None)
    )
    state = play(state_of(pos), f"pick {cards[0]}", f"pick {cards[1]}")
    assert state.position.order[0] == first


@pytest.mark.parametrize(("roll", "first"), [(1, 0), (3, 0), (4, 1), (6, 1)])
def test_equal_costs_in_round_one_are_decided_by_a_recorded_die(roll: int, first: int) -> None:
    sides = (side(hand=("Ar",), deck=("Tx",)), side(hand=("Pk",), deck=("Tx",)))
    pos = turn({}, sides=sides, phase="pick", step="pick", round=1, revealed=(None, None))
    state = play(state_of(pos, seed_rolling(roll)), "pick Ar", "pick Pk")
    assert state.position.order[0] == first
    assert any(entry.kind == "tie" and entry.text == f"tie roll {roll}" for entry in state.position.log)


def test_a_card_is_paid_to_the_treasury_and_gives_one_action_of_its_type() -> None:
    pos = turn(
        {"c3": (0, "Kn")},
        card="Kn",
        sides=(side(coins=5, reserve={"Kn": 1}, deck=("Tx",)), side(deck=("Tx",))),
    )
    assert "Kn c3-d5" in texts(pos) and "deploy Kn b1" in texts(pos) and "skip" in texts(pos)
    treasury = pos.treasury()
    state = play(state_of(pos), "Kn c3-d5")
    assert state.position.board.at("d5") is not None
    # 5 - 3 for the card + 1 income at the end of the turn; seat 1's empty turn then earned it 1 coin
    assert state.position.side(0).coins == 3 and state.position.side(1).coins == 4
    assert state.position.treasury() == treasury + 3 - 1 - 1


def test_a_card_that_cannot_be_paid_for_is_discarded_unpaid() -> None:
    pos = turn(
        {"c3": (0, "Kn")}, card="Kn", sides=(side(coins=2, drawn=("So",), deck=("Tx",)), side(deck=("Tx",)))
    )
    from warchest_bot.games.castles.engine import settle

    settled = settle(pos, 0)
    assert settled.step == "pieces" and settled.side(0).coins == 2
    assert "Kn c3-d5" not in texts(settled)


def test_skip_declines_the_card_and_keeps_the_coins() -> None:
    pos = turn(
        {"c3": (0, "Kn")}, card="Kn", sides=(side(coins=5, drawn=("So",), deck=("Tx",)), side(deck=("Tx",)))
    )
    state = play(state_of(pos), "skip")
    assert state.position.side(0).coins == 5 and state.position.step == "pieces"


# --- deploying ----------------------------------------------------------------------------------------------
def test_deploy_squares_are_untaken_castles_and_their_neighbours() -> None:
    pos = turn({"a1": (1, "So")})
    assert deploy_squares(pos, 0) == ["b1", "b2", "c1", "e1", "f1", "f2", "g1"]
    taken = replace(pos, castles=(Castle("b1", 0, True), *pos.castles[1:]))
    assert deploy_squares(taken, 0) == ["e1", "f1", "f2", "g1"]  # a taken castle is no longer used (D-CA-9)
    assert deploy_squares(pos, 1) == ["a7", "b6", "b7", "c7", "e7", "f6", "f7", "g7"]


def test_a_drawn_piece_deploys_itself_and_leaves_the_bag() -> None:
    pos = turn({}, sides=(side(bag={"So": 2}, drawn=("So",), deck=("Tx",)), other()))
    state = play(state_of(pos), "deploy So b2")
    s = state.position.side(0)
    assert state.position.board.at("b2") is not None and s.bag["So"] == 2 and s.drawn == ()


def test_unused_drawn_pieces_go_back_into_the_bag() -> None:
    pos = turn({}, sides=(side(bag={"So": 2}, drawn=("So", "Ar"), deck=("Tx",)), other()))
    state = play(state_of(pos), "end")
    assert state.position.side(0).bag.as_dict() == {"So": 3, "Ar": 1}


# --- movement (D-CA-5) --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("code", "seat", "square", "moves"),
    [
        ("So", 0, "d3", ["So d3-c3", "So d3-d4", "So d3-e3"]),  # forward or sideways, never back
        ("So", 1, "d5", ["So d5-c5", "So d5-d4", "So d5-e5"]),  # seat 1's forward is down the board
        ("Ar", 0, "d3", ["Ar d3-c3", "Ar d3-d2", "Ar d3-d4", "Ar d3-e3"]),
        ("Pk", 0, "a1", ["Pk a1-a2", "Pk a1-b1"]),
        ("Kn", 0, "b1", ["Kn b1-a3", "Kn b1-c3", "Kn b1-d2"]),
        (
            "Sc",
            0,
            "d3",
            ["Sc d3-b3", "Sc d3-c3", "Sc d3-d1", "Sc d3-d2", "Sc d3-d4", "Sc d3-d5", "Sc d3-e3", "Sc d3-f3"],
        ),
        ("Ch", 0, "a1", ["Ch a1-a2", "Ch a1-b1", "Ch a1-b2"]),
    ],
)
def test_each_unit_moves_as_its_card_says(code: str, seat: int, square: str, moves: list[str]) -> None:
    pos = turn(
        {square: (seat, code)},
        seat=seat,
        sides=(side(drawn=(code,) if seat == 0 else ()), side(drawn=(code,) if seat == 1 else ())),
    )
    assert sorted(t for t in texts(pos) if "-" in t) == moves


def test_a_scout_does_not_pass_through_a_unit_and_units_never_share_a_square() -> None:
    pos = turn({"d3": (0, "Sc"), "d4": (0, "So")}, sides=(side(drawn=("Sc",)), side()))
    assert "Sc d3-d5" not in texts(pos) and "Sc d3-d4" not in texts(pos)


def test_each_unit_acts_at_most_once_per_turn() -> None:
    pos = turn(
        {"c3": (0, "Kn")}, card="Kn", sides=(side(coins=5, drawn=("Kn",), deck=("Tx",)), side(deck=("Tx",)))
    )
    state = play(state_of(pos), "Kn c3-d5")
    # the Knight that moved with its card may not move again with the drawn Knight piece, which may
    # still deploy a new Knight
    after = state.position
    assert after.to_move == 0 and after.step == "pieces"
    assert not [t for t in texts(after) if t.startswith("Kn d5")]
    assert "deploy Kn b1" in texts(after)


# --- attacks ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("code", "source", "target", "needed"),
    [
        ("So", "d3", "d4", 2),
        ("Ar", "d3", "d5", 3),
        ("Kn", "d3", "e5", 4),
        ("Ch", "d3", "e4", 5),
        ("Ax", "d3", "d4", 4),
    ],
)
@pytest.mark.parametrize("hit", [True, False])
def test_a_die_at_or_under_the_attack_number_succeeds(
    code: str, source: str, target: str, needed: int, hit: bool
) -> None:
    roll = needed if hit else needed + 1
    pos = turn({source: (0, code), target: (1, "Sc")}, sides=(side(drawn=(code,)), other()))
    pos = replace(pos, sides=(replace(pos.sides[0], deck=("Tx",)), pos.sides[1]))
    assert attack_number(pos, source, target) == needed
    state = play(state_of(pos, seed_rolling(roll)), f"{code} {source}x{target}")
    after = state.position
    assert after.last_roll is not None and after.last_roll.value == roll and after.last_roll.success is hit
    if hit:
        # the enemy piece is removed and goes into the victor's bag as loot (D-CA-8)
        assert after.side(0).bag["Sc"] == 1
        if code == "Ar":  # the Archer shoots and stays
            assert after.board.at(target) is None and after.board.at(source) is not None
        else:  # a melee attacker takes the square
            assert after.board.at(source) is None and after.board.at(target).owner == 0  # type: ignore[union-attr]
    else:
        assert after.board.at(target).owner == 1  # type: ignore[union-attr]
        if code == "Ax":  # reckless: the Axeman falls and is the defender's loot
            assert after.board.at(source) is None and after.side(1).bag["Ax"] == 1
        else:
            assert after.board.at(source).kind == code  # type: ignore[union-attr]


def test_attack_ranges() -> None:
    archer = turn(
        {"d3": (0, "Ar"), "d4": (1, "So"), "f5": (1, "So"), "d6": (1, "So")},
        sides=(side(drawn=("Ar",)), side()),
    )
    assert sorted(t for t in texts(archer) if "x" in t) == ["Ar d3xf5"]  # only from exactly two squares
    soldier = turn({"d3": (0, "So"), "d2": (1, "So"), "e4": (1, "So")}, sides=(side(drawn=("So",)), side()))
    assert [t for t in texts(soldier) if "x" in t] == ["So d3xd2"]  # orthogonally adjacent
    knight = turn({"d3": (0, "Kn"), "d4": (1, "So"), "e5": (1, "So")}, sides=(side(drawn=("Kn",)), side()))
    assert [t for t in texts(knight) if "x" in t] == ["Kn d3xe5"]
    champion = turn({"d3": (0, "Ch"), "e4": (1, "So"), "d5": (1, "So")}, sides=(side(drawn=("Ch",)), side()))
    assert [t for t in texts(champion) if "x" in t] == ["Ch d3xe4"]


def test_brace_banner_and_charge_change_the_number_needed() -> None:
    pos = turn({"d3": (0, "So"), "d4": (1, "Pk")})
    assert attack_number(pos, "d3", "d4") == 1  # brace: one less against a Pikeman
    banner = turn({"d3": (0, "So"), "d4": (1, "So"), "c3": (0, "Bn")})
    assert attack_number(banner, "d3", "d4") == 3  # next to a friendly Standard-bearer
    assert attack_number(replace(banner, charge=True), "d3", "d4") == 4
    diagonal = turn({"d3": (0, "So"), "d4": (1, "So"), "c2": (0, "Bn")})
    assert attack_number(diagonal, "d3", "d4") == 2  # the banner works orthogonally only
    strong = turn({"d3": (0, "Ch"), "d4": (1, "So"), "c3": (0, "Bn")}, charge=True)
    assert attack_number(strong, "d3", "d4") == 6  # never above 6


# --- castles, tokens and the end ---------------------------------------------------------------------------
def test_entering_an_enemy_castle_takes_it_for_a_token() -> None:
    pos = turn({"b6": (0, "So")}, sides=(side(drawn=("So",), deck=("Tx",)), other()))
    state = play(state_of(pos), "So b6-b7")
    castle = state.position.castle_at("b7")
    assert castle is not None and castle.taken and state.position.side(0).tokens == 1
    assert state.position.result is None


def test_winning_an_attack_on_a_castle_takes_it() -> None:
    pos = turn(
        {"b6": (0, "So"), "b7": (1, "So")}, sides=(side(drawn=("So",), deck=("Tx",)), side(deck=("Tx",)))
    )
    state = play(state_of(pos, seed_rolling(1)), "So b6xb7")
    assert state.position.castle_at("b7").taken  # type: ignore[union-attr]


def test_both_enemy_castles_win_at_once() -> None:
    pos = turn({"f6": (0, "So")}, sides=(side(drawn=("So",), deck=("Tx",)), other()))
    pos = replace(pos, castles=(*pos.castles[:2], Castle("b7", 1, True), Castle("f7", 1)))
    state = play(state_of(pos), "So f6-f7")
    assert state.position.result is not None
    assert (state.position.result.winner, state.position.result.reason) == (0, "both_castles")
    assert state.current_player is None and state.legal_actions() == []


def test_key_areas_give_a_token_at_the_end_of_the_turn_and_six_win() -> None:
    pos = turn(
        {"b4": (0, "So"), "d4": (0, "So"), "f4": (1, "So")},
        sides=(side(tokens=3, deck=("Tx",)), side(deck=("Tx",))),
    )
    state = play(state_of(pos), "end")
    assert state.position.side(0).tokens == 5
    assert state.position.side(1).tokens == 1  # seat 1's turn came next and it holds f4
    six = turn({"b4": (0, "So"), "d4": (0, "So")}, sides=(side(tokens=4, deck=("Tx",)), other()))
    state = play(state_of(six), "end")
    assert state.position.result is not None and state.position.result.reason == "six_tokens"
    assert state.position.side(0).tokens == 6


def test_income_is_one_coin_per_turn_never_above_ten() -> None:
    pos = turn({}, sides=(side(coins=MAX_COINS, drawn=("So",), deck=("Tx",)), side(coins=4, deck=("Tx",))))
    state = play(state_of(pos), "end")
    assert state.position.side(0).coins == MAX_COINS and state.position.side(1).coins == 5


def test_when_the_cards_are_out_more_tokens_win() -> None:
    pos = turn({}, sides=(side(tokens=2, drawn=("So",)), side(tokens=1)))
    pos = replace(pos, order=(0, 1), turn=1)
    state = play(state_of(pos), "end")
    assert state.position.result is not None
    assert (state.position.result.winner, state.position.result.reason) == (0, "most_tokens")


def test_a_tie_goes_to_sudden_death_and_the_first_castle_wins() -> None:
    pos = turn({"b6": (1, "So")}, sides=(side(tokens=1, drawn=("So",)), side(tokens=1, bag={"So": 1})))
    pos = replace(pos, turn=1)
    state = play(state_of(pos), "end")
    after = state.position
    assert after.result is None and after.sudden_death == 1 and after.phase == "play"
    # no cards: the seat that acted second last round (seat 1) acts first, with its drawn pieces
    assert after.to_move == 1 and after.step == "pieces"
    # seat 1's soldier walks down into seat 0's castle b1? it is far; take a castle with a unit placed near
    near = replace(after, board=after.board.remove("b6").place("b2", after.board.at("b6")))  # type: ignore[arg-type]
    state = play(state_of(near), "So b2-b1")
    assert state.position.result is not None
    assert (state.position.result.winner, state.position.result.reason) == (1, "first_castle")


def test_sudden_death_without_a_castle_is_a_draw_after_four_rounds() -> None:
    pos = turn({}, sides=(side(tokens=1), side(tokens=1)))
    state = play(state_of(replace(pos, turn=1)), "end")
    # nobody has anything to do: the four rounds of sudden death pass by themselves
    assert state.position.result is not None
    assert (state.position.result.winner, state.position.result.reason) == (None, "no_castle")
    assert state.position.sudden_death == 4


# --- events (D-CA-6) ------------------------------------------------------------------------------------------
def _event(card: str, units: dict[str, tuple[int, str]] | None = None, **mine: object) -> object:
    own = side(coins=5, deck=("Tx",), drawn=("Bn",), **mine)  # type: ignore[arg-type]
    return turn(units or {}, card=card, sides=(own, side(coins=5, deck=("Tx",))))


def test_tax_takes_two_coins_sabotage_takes_two_from_the_other() -> None:
    state = play(state_of(_event("Tx")), "Tx")  # type: ignore[arg-type]
    assert state.position.side(0).coins == 7
    state = play(state_of(_event("Sb")), "Sb")  # type: ignore[arg-type]
    assert state.position.side(0).coins == 3 and state.position.side(1).coins == 3


def test_recruit_moves_reserve_pieces_into_the_bag() -> None:
    pos = _event("Rc", reserve={"Kn": 1, "Ar": 2})
    assert sorted(t for t in texts(pos) if t.startswith("Rc")) == ["Rc Ar Ar", "Rc Ar Kn"]  # type: ignore[arg-type]
    state = play(state_of(pos), "Rc Ar Kn")  # type: ignore[arg-type]
    assert state.position.side(0).bag.as_dict() == {"Ar": 1, "Kn": 1}
    assert state.position.side(0).reserve.as_dict() == {"Ar": 1}


def test_muster_draws_two_more_pieces_of_new_types() -> None:
    pos = _event("Mu", bag={"So": 3, "Kn": 1, "Bn": 2})
    state = play(state_of(pos), "Mu")  # type: ignore[arg-type]
    drawn = state.position.side(0).drawn
    assert drawn[0] == "Bn" and sorted(drawn[1:]) == ["Kn", "So"]
    assert any(entry.kind == "draw" for entry in state.position.log)


def test_march_moves_and_command_attacks_with_any_unit() -> None:
    pos = _event("Ma", {"d3": (0, "Ch"), "d4": (1, "So")})
    assert "Ma Ch d3-d2" in texts(pos) and not any("x" in t for t in texts(pos) if t.startswith("Ma"))  # type: ignore[arg-type]
    pos = _event("Cm", {"d3": (0, "Ch"), "d4": (1, "So")})
    assert [t for t in texts(pos) if t.startswith("Cm")] == ["Cm Ch d3xd4"]  # type: ignore[arg-type]


def test_charge_helps_the_attacks_of_the_turn_and_reinforce_deploys_any_reserve_type() -> None:
    pos = _event("Cg", {"b3": (0, "Bn"), "b4": (1, "So")})
    state = play(state_of(pos), "Cg")  # type: ignore[arg-type]
    assert state.position.charge and attack_number(state.position, "b3", "b4") == 2
    pos = _event("Rf", reserve={"Ch": 1})
    assert "Rf Ch b1" in texts(pos)  # type: ignore[arg-type]
    state = play(state_of(pos), "Rf Ch b1")  # type: ignore[arg-type]
    assert state.position.board.at("b1").kind == "Ch" and state.position.side(0).coins == 2  # type: ignore[union-attr]


# --- refusals ------------------------------------------------------------------------------------------------
def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = state_of(new_position(3), 3)
    before = state.clone()
    from warchest_bot.games.castles.engine import CastlesAction

    with pytest.raises(IllegalActionError):
        state.apply(CastlesAction("end"))
    assert state == before
    assert all(a.verb == "pick" for a in legal_actions(state.position))
