"""The game review's algorithm (`warchest_bot.ai.review`) on War Chest: each decision seen only from its
seat's view, a blunder marked with the move the AI preferred and why, the picture drawn."""

from __future__ import annotations

import random

from warchest_bot.ai.review import Decision, Review, appraise, assemble, decisions
from warchest_bot.games import get_game
from warchest_bot.games.warchest.ai import Determinizer, make_player
from warchest_bot.games.warchest.engine import GameState
from warchest_bot.i18n import has_message
from warchest_bot.render.review import marked_sentences, render_review, review_alt_text

BUDGET = 8
"""Search iterations per decision: tiny, the tests are about what the review sees and says."""
OPTIONS = {"units": "first-game", "max_rounds": 3}


def _played_game(seed: int, plies: int = 40) -> list[str]:
    """A game of greedy players: its log (canonical texts)."""
    game = get_game("warchest")
    state = game.new_state(OPTIONS, seed)
    players = [make_player("greedy", 1), make_player("greedy", 2)]
    log = []
    while not state.is_terminal() and state.ply < plies:
        action = players[state.current_player].choose(state)
        log.append(game.format_action(state, action))
        state.apply(action)
    return log


def test_each_decision_carries_only_its_seats_own_view():
    game = get_game("warchest")
    log = _played_game(5, 30)
    found = decisions(game, OPTIONS, 5, log)
    state = game.new_state(OPTIONS, 5)
    by_ply = {}
    for text in log:
        by_ply[state.ply] = state.clone()
        state.apply(game.parse_action(state, text))
    assert found and {d.seat for d in found} == {0, 1}
    for d in found:
        before = by_ply[d.ply]
        assert d.view == before.view_for(d.seat) and d.view["viewer"] == d.seat
        other = d.view["seats"][1 - d.seat]
        assert all(isinstance(other[zone], int) for zone in ("hand", "bag", "discard_down"))
        assert "rng" not in d.view and "seed" not in d.view["options"]
        assert len(before.legal_actions()) > 1  # forced moves are not reviewed


def test_a_seats_review_is_the_same_whatever_the_others_hidden_coins_were():
    """For every decision of seat 0: a game state with the same public history and seat 0's own coins but
    another deal of seat 1's hidden coins (hand, bag, face-down discard) and another bag order gets the
    very same appraisal."""
    game = get_game("warchest")
    log = _played_game(9, 24)
    state = game.new_state(OPTIONS, 9)
    compared = 0
    for text in log:
        seat = state.current_player
        if seat == 0 and len(state.legal_actions()) > 1:
            view = state.view_for(0)
            other = Determinizer(view).sample(random.Random(compared + 100))
            assert other.view_for(0) == view
            if other.view_for(1) != state.view_for(1):  # seat 1's secrets really differ
                compared += 1
                real = Decision(state.ply, 0, 0, state.view_for(0), text)
                swapped = Decision(other.ply, 0, 0, other.view_for(0), text)
                assert appraise("warchest", real, BUDGET, 7) == appraise("warchest", swapped, BUDGET, 7)
        state.apply(game.parse_action(state, text))
    assert compared >= 3


BLUNDER = {
    "options": {"players": 2, "units": "first-game"},
    "phase": "play",
    "round": 5,
    "turn": 0,
    "ply": 40,
    "initiative": {"seat": 0, "claimed": False},
    "seats": [
        {
            "units": ["Archer", "Cavalry", "Lancer", "Scout"],
            "hand": ["Scout", "Royal", "Archer"],
            "bag": {"Cavalry": 2, "Lancer": 2},
            "supply": {"Archer": 2, "Cavalry": 2, "Lancer": 2, "Scout": 2},
        },
        {
            "units": ["Crossbowman", "Light Cavalry", "Pikeman", "Swordsman"],
            "hand": ["Pikeman", "Royal", "Swordsman"],
            "bag": {"Crossbowman": 2, "Light Cavalry": 2},
            "supply": {"Crossbowman": 1, "Light Cavalry": 2, "Pikeman": 2, "Swordsman": 2},
        },
    ],
    "board": {"d4": "Sc", "d5": "Cr"},
}
"""Side A's Scout on d4 can attack the lone Crossbowman on d5 and remove it from the board."""


def test_a_blunder_is_marked_with_the_preferred_move_and_why():
    game = get_game("warchest")
    state = GameState.from_json(BLUNDER)
    view = state.view_for(0)
    good = Decision(40, 0, 0, view, "Sc attack d4xd5")
    blunder = Decision(40, 0, 0, view, game.format_action(state, game.parse_action(state, "RC pass")))
    review = assemble(
        "warchest",
        41,
        BUDGET,
        [(good, appraise("warchest", good, BUDGET, 1)), (blunder, appraise("warchest", blunder, BUDGET, 2))],
    )
    agreed, blundered = review.moves
    assert agreed.played == agreed.best == "Sc attack d4xd5" and agreed.loss == 0 and not agreed.marked
    assert blundered.played == "pass"  # public notation: the coin paid face down is not named
    assert blundered.best == "Sc attack d4xd5" and blundered.marked and blundered.loss >= 0.1
    assert blundered.reason == "review.why.eliminate" and dict(blundered.params) == {"hex": "d5"}
    assert review.marked == [blundered]
    (line,) = marked_sentences(review, ["Ann", "Bob"], "en")
    assert "Ann played pass" in line and "Sc attack d4xd5" in line
    assert "removes the enemy unit on d5" in line
    assert Review.from_json(review.to_json()) == review


def test_the_picture_and_its_alt_text_in_english_and_persian():
    game = get_game("warchest")
    log = _played_game(3, 20)
    found = decisions(game, OPTIONS, 3, log)
    review = assemble("warchest", len(log), 4, [(d, appraise("warchest", d, 4, d.ply)) for d in found])
    assert [m.ply for m in review.moves] == [d.ply for d in found]
    curve = review.curve(0)
    assert curve[0] == (0, 0.5) and all(0 <= c <= 1 for _, c in curve)
    for locale in ("en", "fa"):
        img = render_review(review, 12, ["Ann", "Bob"], [0, 1], locale)
        assert img.size[0] == 1000 and img.size[1] > 400
        alt = review_alt_text(review, 12, ["Ann", "Bob"], [0, 1], locale)
        assert "Ann" in alt and len(alt) <= 1024
    for move in review.moves:
        assert move.reason is None or has_message(move.reason)


def test_point_buy_chess_reviews_its_play_phase_from_each_seats_view():
    game = get_game("pointbuy")
    state = game.new_state({}, 1)
    players = [game.make_player("easy", 1), game.make_player("random", 2)]
    log = []
    while not state.is_terminal() and state.ply < 30:
        action = players[state.current_player].choose(state)
        log.append(game.format_action(state, action))
        state.apply(action)
    found = decisions(game, {}, 1, log)
    judged = [(d, appraise("pointbuy", d, 1, 0)) for d in found]
    picks = [a for d, a in judged if d.view["phase"] != "play"]
    assert picks and all(a is None for a in picks)  # the picks are not reviewed
    review = assemble("pointbuy", len(log), 1, judged)
    assert review.moves and all(0 <= m.chance <= 1 for m in review.moves)
    for move in review.moves:
        assert move.reason is None or has_message(move.reason)
        assert move.played in log


def test_every_reason_a_game_gives_is_a_sentence_in_english_and_persian():
    import re
    from pathlib import Path

    import warchest_bot
    from warchest_bot.i18n import messages

    EN, FA = messages("en"), messages("fa")

    root = Path(warchest_bot.__file__).parent
    used = set()
    for path in (root / "games/warchest/ai/review.py", root / "games/pointbuy/review.py"):
        used |= set(re.findall(r'"(review\.why\.[a-z_]+)"', path.read_text()))
    assert len(used) >= 10
    assert used <= set(EN) and used <= set(FA)
