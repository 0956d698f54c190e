"""Castles computer players (from their own view only) and the command line."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from warchest_bot.games.castles.ai import LEVELS, PLAYER_NAMES, evaluate, make_player, quick_score
from warchest_bot.games.castles.cli import main, text_board
from warchest_bot.games.castles.codec import view_of
from warchest_bot.games.castles.engine import CastlesAction, new_position
from warchest_bot.games.castles.state import Result

from .helpers import GAME, other, side, state_of, turn


def midgame(seed: int = 4, plies: int = 14):
    state = GAME.new_state({}, seed)
    bots = [make_player("easy", 1), make_player("easy", 2)]
    while state.ply < plies and not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state


@pytest.mark.parametrize("name", [*LEVELS, *PLAYER_NAMES])
def test_every_player_picks_a_legal_action_from_the_view(name: str) -> None:
    state = midgame()
    player = make_player(name, seed=3, budget_ms=50)
    assert player.choose(state.clone()) in state.legal_actions()
    assert player.choose_from_view(state.view_for(state.current_player)) in state.legal_actions()


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_decision_does_not_depend_on_what_the_seat_cannot_see(level: str) -> None:
    state = midgame()
    seat = state.current_player
    assert seat is not None
    pos = state.position
    theirs = pos.side(1 - seat)
    # swap the other seat's hand with its deck's top cards, and reorder the own deck: the view is the same
    cards = list(theirs.hand + theirs.deck)
    hidden = replace(
        theirs,
        hand=tuple(sorted(cards[-len(theirs.hand) :])) if theirs.hand else (),
        deck=tuple(cards[: len(theirs.deck)]),
    )
    mine = replace(pos.side(seat), deck=tuple(reversed(pos.side(seat).deck)))
    changed = replace(pos.with_side(1 - seat, hidden).with_side(seat, mine))
    assert view_of(changed, seat) == view_of(pos, seat)
    other_state = state_of(changed, seed=state.seed + 1)  # another secret seed, too
    assert make_player(level, 9).choose(other_state) == make_player(level, 9).choose(state)


def test_levels_have_the_budgets_of_the_other_games() -> None:
    assert LEVELS["normal"][1] == 300.0 and LEVELS["hard"][1] == 1000.0
    with pytest.raises(ValueError):
        make_player("grandmaster")


def test_the_quick_score_prefers_taking_a_castle_and_a_won_game_evaluates_high() -> None:
    pos = turn({"b6": (0, "So"), "d3": (0, "So")}, sides=(side(drawn=("So",)), other()))
    take = CastlesAction("move", "", "So", "b6", "b7")
    assert quick_score(pos, take) > quick_score(pos, CastlesAction("move", "", "So", "d3", "d4"))
    won = replace(pos, result=Result(0, "six_tokens"))
    assert evaluate(won, 0) == -evaluate(won, 1) > 100


def test_the_command_line_plays_a_game_file_by_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "--seed", "3"]) == 0
    start = tmp_path / "start.json"
    start.write_text(capsys.readouterr().out)
    assert main(["legal", str(start)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("pick ")
    assert main(["apply", str(start), first, "--seed", "3"]) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["to_move"] == 1 and after["ply"] == 1
    (tmp_path / "after.json").write_text(json.dumps(after))
    assert main(["render", str(tmp_path / "after.json"), "--seat", "1"]) == 0
    board = capsys.readouterr().out
    assert "[ ]" in board and "player 1:" in board and "4 cards" not in board.split("player 2:")[1]
    assert main(["apply", str(start), "So b2-b3"]) == 2
    assert "not a legal action" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{}")
    assert main(["legal", str(tmp_path / "bad.json")]) == 2


def test_selfplay_and_arena_print_their_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "3", "--seed", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and "violation" not in report
    assert main(["arena", "--a", "greedy", "--b", "random", "--games", "2", "--json"]) == 0
    match = json.loads(capsys.readouterr().out)
    assert match["wins_a"] + match["wins_b"] + match["draws"] == 2 and match["median_turns"] > 0
    assert main(["arena", "--a", "nobody"]) == 2


def test_the_text_board_shows_only_the_view() -> None:
    pos = new_position(2)
    lines = text_board(view_of(pos, None))
    assert len(lines) == 11 and lines[1].startswith("7 ") and lines[7].startswith("1 ")
    assert "4 cards" in lines[-2] and "4 cards" in lines[-1]  # a spectator sees no hand


def test_the_game_offers_its_players_by_level() -> None:
    players = GAME.facets.players
    assert players is not None and set(players.ai_levels) == {"easy", "normal", "hard"}
    assert set(players.ai_budgets) == set(players.ai_levels)
    state = midgame()
    for level in players.ai_levels:
        assert players.make_player(level, seed=1).choose(state.clone()) in state.legal_actions()
