"""The easy For the Crown player: it decides from its seat's view alone (hidden cards determinized from
what the view lets anyone count), plays only legal actions and takes what is plainly good."""

from __future__ import annotations

import random

from warchest_bot.games.forthecrown.ai import EasyPlayer, determinize
from warchest_bot.games.forthecrown.engine import new_game

from .helpers import position
from .test_positions import playout


def test_a_determinized_position_shows_the_seat_the_same_view_and_choices() -> None:
    for s in playout(4, 300, check=False)[::9]:
        seat = s.current_player
        if seat is None:
            continue
        view = s.view_for(seat)
        made = determinize(view, random.Random(1))
        assert made.view_for(seat) == view
        assert made.legal_actions() == s.legal_actions()


def test_the_choice_does_not_depend_on_hidden_cards() -> None:
    s = new_game(seed=9)
    other = s.clone()
    other.hands[1], other.decks[1] = sorted(other.decks[1]), other.hands[1]  # the opponent's secret swapped
    other.decks[0] = list(reversed(other.decks[0]))  # and the seat's own deck order
    assert other.view_for(0) == s.view_for(0)
    for n in range(5):
        assert EasyPlayer(n).choose(s) == EasyPlayer(n).choose(other)


def test_it_captures_the_enemy_king_when_it_can() -> None:
    s = position(board={"e1": [0, "Ki"], "e8": [1, "Ki"], "e6": [0, "Ro"]})
    assert EasyPlayer().choose(s).text == "Ro e6xe8"


def test_it_plays_a_whole_game_of_legal_actions() -> None:
    s = new_game({"supply": "random"}, seed=3)
    players = (EasyPlayer(1), EasyPlayer(2))
    for _ in range(3000):
        if s.result is not None:
            break
        seat = s.current_player
        assert seat is not None
        action = players[seat].choose(s)
        assert action in s.legal_actions()
        s.apply(action)
    assert s.result is not None
