"""The Point-Buy Chess computer players (warchest_bot/games/pointbuy/ai.py): the search's position against
the engine, legal actions through whole games at every level, a Sovereign on the first rank after any
picking, tactics (take the last Sovereign, do not hang one's own), views, the arena's --game option.
(The package's conftest keeps Point-Buy Chess registered during these tests.)"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from warchest_bot.cli import main
from warchest_bot.games.pointbuy import POINT_BUY_CHESS
from warchest_bot.games.pointbuy.ai import (
    LEVELS,
    PLAYER_NAMES,
    PRICES,
    GreedyPlayer,
    Position,
    RandomPlayer,
    SearchPlayer,
    make_player,
    plan_army,
    to_engine,
)
from warchest_bot.games.pointbuy.engine import FIRST_RANK, SOVEREIGN, PBState
from warchest_bot.games.units import parse_square, unit_moves

GAME = POINT_BUY_CHESS


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None
    return square


def position(*units: str, to_move: int = 0, barracks=((), ()), **options) -> PBState:
    """``position("w Ki e1", "b Ki e8")``: a state in play."""
    pieces = {}
    for text in units:
        side, code, square = text.split()
        pieces[sq(square)] = ({"w": 0, "b": 1}[side], code)
    return PBState.position(pieces, barracks, to_move, options)


def sovereign_on_first_rank(state: PBState, seat: int) -> bool:
    return any(
        (p := state.board[s]) is not None and p[0] == seat and p[1] in SOVEREIGN for s in FIRST_RANK[seat]
    )


def can_take_last_sovereign(state: PBState, by: int) -> bool:
    """Whether one move of ``by`` captures every Sovereign of the other side."""
    targets = {s for s, p in enumerate(state.board) if p is not None and p[0] != by and p[1] in SOVEREIGN}
    return any(
        targets <= set(m.captures)
        for s, p in enumerate(state.board)
        if p is not None and p[0] == by
        for m in unit_moves(state.board, s)
    )


# --- the search's position follows the rules ----------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_position_moves_and_results_equal_the_engines(seed: int) -> None:
    """Every move the engine lists is one of the position's (with all 24 promotion choices), and playing
    the same move on both gives the same board, Barracks, side to move and victory."""
    rnd = random.Random(seed)
    picking = "secret" if seed % 2 else "open"
    state = GAME.new_state({"picking": picking, "budget": 20 + 7 * seed}, 0)
    players = [RandomPlayer(seed), RandomPlayer(seed + 100)]
    while state.phase in ("pick", "secret"):
        state.apply(players[state.current_player].choose(state))
    checked = 0
    while not state.is_terminal() and checked < 150:
        pos = Position.from_view(state.view_for(state.current_player), seen=state.history)
        engine = {a for a in state.legal_actions() if a.kind != "accept_draw"}
        ours = RandomPlayer._all_moves(pos)
        assert {to_engine(pos, m) for m in ours} == engine
        move = rnd.choice(ours)
        action = to_engine(pos, move)
        pos.make(move)
        state.apply(action)
        assert pos.board == state.board
        assert pos.barracks == state.barracks
        if state.is_terminal():
            if state.result.reason == "sovereign":
                assert pos.result is not None and pos.result.winner == state.result.winner
        else:
            assert pos.to_move == state.current_player and not pos.is_terminal()
            assert pos.score == pytest.approx(Position.from_view(state.view_for(state.current_player)).score)
        checked += 1
    assert checked > 10


def test_make_and_unmake_restore_everything() -> None:
    state = position("w Ki e1", "w Cr a1", "w Im e2", "w Pa b7", "b Ki e8", "b Im a3", "b Pa a5", "b Ro h2")
    pos = Position.from_view(state.view_for(0))
    before = (
        list(pos.board),
        [list(b) for b in pos.barracks],
        pos.score,
        list(pos.sovereign_count),
        pos.to_move,
    )
    for move in pos.legal_actions():
        token = pos.make(move)
        if not pos.is_terminal():
            for reply in list(pos.legal_actions()):
                pos.unmake(pos.make(reply))
        pos.unmake(token)
        assert (
            list(pos.board),
            [list(b) for b in pos.barracks],
            pos.score,
            list(pos.sovereign_count),
            pos.to_move,
        ) == before
        assert not pos.seen


# --- every level plays whole games -------------------------------------------------------------------
@pytest.mark.parametrize("picking", ["open", "secret"])
@pytest.mark.parametrize(("a", "b"), [("easy", "normal"), ("hard", "random"), ("random", "greedy")])
def test_every_level_plays_legal_actions_through_a_whole_game(picking: str, a: str, b: str) -> None:
    state = GAME.new_state({"picking": picking, "turn_cap": 120}, 0)
    seats = [make_player(a, 3, budget_ms=5), make_player(b, 4, budget_ms=5)]
    while not state.is_terminal():
        seat = state.current_player
        # Alternate the two entry points: the state, and the seat's view alone (a worker's way).
        if state.ply % 2:
            action = seats[seat].choose(state)
        else:
            action = seats[seat].choose_from_view(state.view_for(seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.result is not None and state.result.reason != "setup"


@pytest.mark.parametrize("name", PLAYER_NAMES)
@pytest.mark.parametrize("picking", ["open", "secret"])
def test_picking_always_puts_a_sovereign_on_the_first_rank(name: str, picking: str) -> None:
    for seed, (budget, black) in enumerate(
        [(6, 0), (7, 0), (8, 6), (13, 0), (38, 0), (38, 30), (61, 0), (120, 90)]
    ):
        state = GAME.new_state({"picking": picking, "budget": budget, "budget_black": black}, 0)
        seats = [make_player(name, seed, budget_ms=5), make_player(name, seed + 50, budget_ms=5)]
        while state.phase in ("pick", "secret"):
            action = seats[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.phase == "play", (name, picking, budget, black, state.result)
        assert sovereign_on_first_rank(state, 0) and sovereign_on_first_rank(state, 1)


def test_picking_respects_a_unit_cap() -> None:
    for picking in ("open", "secret"):
        state = GAME.new_state({"picking": picking, "budget": 60, "unit_cap": 2}, 0)
        seats = [make_player("greedy", 1), make_player("hard", 2)]
        while state.phase in ("pick", "secret"):
            action = seats[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.phase == "play"


def test_armies_spend_the_budget_exactly_and_vary_with_the_seed() -> None:
    armies = set()
    for budget in (6, 7, 9, 20, 38, 50, 100):
        for seed in range(6):
            plan = plan_army(budget, range(8), need_sovereign=True, seed=seed)
            assert sum(PRICES[code] for code, _ in plan) == budget
            assert plan[0][0] in SOVEREIGN and plan[0][1] is not None
            files = [f for _, f in plan if f is not None]
            assert len(files) == len(set(files))
            if budget == 38:
                armies.add(tuple(sorted(code for code, _ in plan)))
    assert len(armies) >= 3


# --- tactics ------------------------------------------------------------------------------------------
def test_search_takes_the_last_sovereign_rather_than_a_queen() -> None:
    # White's Rook may take Black's only King on a8; the Knight could take the Queen on h4 instead.
    state = position("w Ki e1", "w Ro a1", "w Kn f3", "b Ki a8", "b Qu h4", "b Ro h7", "b Pa b7")
    for player in (
        SearchPlayer(1, budget_ms=None, max_depth=2),
        GreedyPlayer(1),
        make_player("hard", 1, budget_ms=50),
    ):
        action = player.choose(state)
        assert action.kind == "move" and action.move.captures == (sq("a8"),), player
        state.clone().apply(action)


def test_search_and_greedy_do_not_leave_their_last_sovereign_en_prise() -> None:
    # Black's Rook on e8 attacks White's only King on e1 down the open e-file; White's Knight could take
    # Black's Queen on d5. Any move that leaves e1 attacked loses at once.
    state = position("w Ki e1", "w Kn c3", "w Pa a2", "b Ki h8", "b Ro e8", "b Qu d5", "b Pa h7")
    for player in (
        SearchPlayer(2, budget_ms=None, max_depth=2),
        GreedyPlayer(2),
        make_player("normal", 2, budget_ms=50),
    ):
        after = state.clone()
        after.apply(player.choose(state))
        assert not after.is_terminal()
        assert not can_take_last_sovereign(after, 1), player


def test_a_spare_sovereign_may_be_left_en_prise() -> None:
    # With a King and an Anointed, losing one is not losing the game: the Knight takes the Queen.
    state = position("w Ki e1", "w An a1", "w Kn c3", "b Ki h8", "b Ro e8", "b Qu d5")
    action = SearchPlayer(3, budget_ms=None, max_depth=2).choose(state)
    assert action.move is not None and action.move.captures == (sq("d5"),)


def test_search_sees_a_defended_piece_that_greedy_grabs() -> None:
    # The Queen on d4 may take a Pawn on d6 that the Pawn on e7 defends: greedy grabs it, search does not.
    state = position("w Ki a1", "w Qu d4", "w Pa a2", "b Ki a8", "b Pa d6", "b Pa e7", "b Pa h7")
    grab = next(a for a in state.legal_actions() if a.kind == "move" and a.move.captures == (sq("d6"),))
    assert GreedyPlayer(4).choose(state) == grab
    assert SearchPlayer(4, budget_ms=None, max_depth=2).choose(state) != grab


# --- views, levels ------------------------------------------------------------------------------------
def test_choose_from_view_is_a_legal_action_and_equals_choose() -> None:
    state = GAME.new_state({}, 0)
    white, black = GreedyPlayer(5), GreedyPlayer(6)
    twins = [GreedyPlayer(5), GreedyPlayer(6)]
    for _ in range(40):
        if state.is_terminal():
            break
        seat = state.current_player
        view = state.view_for(seat)
        from_view = twins[seat].choose_from_view(view)
        action = (white, black)[seat].choose(state)
        assert from_view == action and from_view in state.legal_actions()
        state.apply(action)


def test_accepts_an_offered_draw_only_when_behind() -> None:
    behind = position("w Ki e1", "w Pa a2", "b Ki e8", "b Qu d8", to_move=1)
    offer = next(a for a in behind.legal_actions() if a.kind == "move")
    behind.apply(dataclasses.replace(offer, offer_draw=True))
    assert GreedyPlayer(1).choose(behind).kind == "accept_draw"
    ahead = position("w Ki e1", "w Qu d1", "b Ki e8", "b Pa a7", to_move=1)
    offer = next(a for a in ahead.legal_actions() if a.kind == "move")
    ahead.apply(dataclasses.replace(offer, offer_draw=True))
    assert GreedyPlayer(1).choose(ahead).kind != "accept_draw"


def test_levels_and_names() -> None:
    assert set(LEVELS) == {"easy", "normal", "hard"}
    assert LEVELS["hard"] == ("search", 1000.0)
    assert isinstance(make_player("easy"), GreedyPlayer)
    assert (
        isinstance(make_player("normal"), SearchPlayer)
        and make_player("normal").budget_ms == LEVELS["normal"][1]
    )
    assert make_player("hard", budget_ms=20).budget_ms == 20
    assert isinstance(make_player("random"), RandomPlayer)
    with pytest.raises(ValueError):
        make_player("grandmaster")
    assert dict(GAME.ai_levels) == {level: player for level, (player, _) in LEVELS.items()}
    assert GAME.make_player("hard", 1).choose(GAME.new_state({}, 0)).kind == "pick"


# --- the arena -----------------------------------------------------------------------------------------
def test_arena_command_plays_pointbuy(capsys) -> None:
    code = main(
        [
            "arena",
            "--game",
            "pointbuy",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "2",
            "--seed",
            "3",
            "--option",
            "picking=secret",
            "--option",
            "budget=20",
            "--json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "pointbuy" and data["games"] == 2
    assert data["options"]["picking"] == "secret" and data["options"]["budget"] == 20
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 2
    assert sum(data["endings"].values()) == 2


def test_arena_command_refuses_bad_game_options(capsys) -> None:
    assert main(["arena", "--game", "pointbuy", "--option", "picking=sideways", "--games", "1"]) == 2
    assert "bad options" in capsys.readouterr().err
    assert main(["arena", "--game", "pointbuy", "--iterations", "5", "--games", "1"]) == 2
    assert main(["arena", "--game", "nosuchgame", "--games", "1"]) == 2
    assert main(["arena", "--option", "budget=3", "--games", "1"]) == 2  # War Chest takes no --option
