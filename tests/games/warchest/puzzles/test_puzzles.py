"""The shipped War Chest puzzles: at least 30, each sound (a valid view of the seat to act, a legal solution,
the one legal action with its theme's property over the sampled determinizations), and built from one
seat's view only (no hidden information in the data or in the pictures)."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.warchest.ai import Determinizer
from warchest_bot.games.warchest.engine import GameState
from warchest_bot.games.warchest.puzzles import (
    THEMES,
    Puzzle,
    captures,
    check_puzzle,
    load_puzzles,
    solving_actions,
    threat_after,
    wins_at_once,
)
from warchest_bot.games.warchest.render import board_png, hand_png

PUZZLES = load_puzzles()


def test_at_least_30_puzzles_ship_with_unique_ids_and_known_themes():
    assert len(PUZZLES) >= 30
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert {p.theme for p in PUZZLES} <= set(THEMES)
    assert len({p.theme for p in PUZZLES}) >= 2


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_each_puzzle_is_sound(puzzle: Puzzle):
    assert check_puzzle(puzzle) == []
    # The concrete property, spelled out once more per theme.
    worlds = puzzle.worlds()
    solution = worlds[0].parse_action(puzzle.solution)
    others = [a for a in worlds[0].legal_actions() if a != solution]
    assert others, "a puzzle offers a choice"
    if puzzle.theme == "win":
        assert all(wins_at_once(w, solution) for w in worlds)
        assert not any(wins_at_once(worlds[0], a) for a in others)
    elif puzzle.theme == "capture":
        assert all(captures(w, solution) for w in worlds)
        assert not any(all(captures(w, a) for w in worlds) for a in others)
    else:
        assert not any(threat_after(w, solution) for w in worlds)
        assert all(any(threat_after(w, a) for w in worlds) for a in others)
    # The search confirmed it with a clear margin when it was generated.
    assert puzzle.search["best"]["value"] - puzzle.search["second"]["value"] >= 0.1
    assert puzzle.search["best"]["visits"] >= 2 * puzzle.search["second"]["visits"]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_each_puzzle_is_exactly_its_seats_view(puzzle: Puzzle):
    view = puzzle.view
    seat = puzzle.seat
    assert "rng" not in view and "seed" not in view["options"]
    for s, sd in enumerate(view["seats"]):
        if s != seat:  # another seat's hidden zones are counts only
            assert all(isinstance(sd[z], int) for z in ("hand", "bag", "discard_down"))
    world = Determinizer(view).sample(random.Random(5))
    assert world.view_for(seat) == view  # what the seat sees of any consistent world, and nothing more


def _other_hands_differ(a: GameState, b: GameState, seat: int) -> bool:
    return any(a.seats[s].hand != b.seats[s].hand for s in range(a.num_players) if s != seat)


def test_the_pictures_of_a_puzzle_do_not_depend_on_what_the_solver_cannot_see():
    """Two worlds consistent with the view, with different opponent hands, draw the same pictures."""
    checked = 0
    for puzzle in PUZZLES[:6]:
        det = Determinizer(puzzle.view)
        worlds = [det.sample(random.Random(k)) for k in range(12)]
        pair = next(((a, b) for a in worlds for b in worlds if _other_hands_differ(a, b, puzzle.seat)), None)
        if pair is None:
            continue
        a, b = pair
        assert (
            board_png(a.view_for(puzzle.seat)) == board_png(b.view_for(puzzle.seat)) == board_png(puzzle.view)
        )
        assert hand_png(a.view_for(puzzle.seat)) == hand_png(b.view_for(puzzle.seat)) == hand_png(puzzle.view)
        checked += 1
    assert checked >= 2


def test_a_wrong_theme_or_solution_is_reported():
    p = next(p for p in PUZZLES if p.theme == "win")
    other = next(t for t in p.legal_texts() if t != p.solution)
    bad = Puzzle(p.id, p.theme, p.view, other)
    assert check_puzzle(bad) != []
    illegal = Puzzle(p.id, p.theme, p.view, "Zz deploy a1")
    assert check_puzzle(illegal) != []
    assert solving_actions("win", p.worlds(2)) == [p.solution_action()]


def test_the_generators_filter_finds_each_puzzle_again_from_any_consistent_world():
    from warchest_bot.games.warchest.puzzles.generate import detect

    for puzzle in PUZZLES:
        world = Determinizer(puzzle.view).sample(random.Random(11))
        assert detect(world) == (puzzle.theme, puzzle.solution), puzzle.id
