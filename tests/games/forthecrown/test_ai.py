"""The For the Crown players (easy, normal, hard): each decides from its seat's view alone (hidden cards
determinized from what the view lets anyone count), plays only legal actions, ends its turns and takes
what is plainly good; normal and hard also keep their Sovereign out of reach."""

from __future__ import annotations

import math
import random
import time

import pytest

from warchest_bot.games.forthecrown.ai import (
    LEVELS,
    SLACK,
    TURN_BUDGETS,
    EasyPlayer,
    HardPlayer,
    NormalPlayer,
    determinize,
    fast_clone,
    make_player,
)
from warchest_bot.games.forthecrown.engine import FtcState, new_game
from warchest_bot.games.units import square_name

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


# --- normal and hard ---------------------------------------------------------------------------------------
LEVEL_NAMES = ("easy", "normal", "hard")


def hidden_twin(s: FtcState) -> FtcState:
    """``s`` with everything the seat to act cannot see changed: the other seat's hand and deck dealt
    anew from the same cards, and the seat's own deck in another order (below the cards it knows on
    top)."""
    seat = s.current_player
    assert seat is not None
    other = s.clone()
    o = 1 - seat
    known = other.known_top[seat]
    if other.seen_hand[seat] is None and other.revealed_top[o] is None:
        pool = sorted(other.hands[o] + other.decks[o], reverse=True)
        size = len(other.hands[o])
        other.hands[o], other.decks[o] = sorted(pool[:size]), pool[size:]
    other.decks[seat] = other.decks[seat][:known] + list(reversed(other.decks[seat][known:]))
    return other


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_normal_and_hard_decide_from_the_seats_view_alone(level: str) -> None:
    checked = 0
    for s in playout(6, 400, check=False)[5::23]:
        if s.current_player is None:
            continue
        other = hidden_twin(s)
        assert other.view_for(s.current_player) == s.view_for(s.current_player)
        if other.to_json() == s.to_json():
            continue  # nothing hidden to change here
        checked += 1
        for n in range(2):  # no time limit: the same search on both, however loaded the machine is
            untimed = {"budget_ms": math.inf, "turn_budget_ms": math.inf}
            assert make_player(level, n, **untimed).choose(s) == make_player(level, n, **untimed).choose(
                other
            )
    assert checked >= 5


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_takes_the_enemy_king_and_shelters_its_own(level: str) -> None:
    take = position(board={"e1": [0, "Ki"], "e8": [1, "Ki"], "e6": [0, "Ro"]})
    assert make_player(level).choose(take).text == "Ro e6xe8"
    # the enemy Rook on a1 attacks e1 along the rank: the King must leave the first rank (or be lost)
    flee = position(board={"e1": [0, "Ki"], "e8": [1, "Ki"], "a1": [1, "Ro"], "h8": [1, "Ro"]})
    if level == "easy":
        return  # the easy player only discounts an attacked unit
    choice = make_player(level).choose(flee)
    after = flee.clone()
    after.apply(choice)
    while after.to_move == 0 and after.result is None:
        after.apply(make_player(level).choose(after))
    replies = [a for a in after.legal_actions() if a.kind == "Ro" and "x" in a.words[1]]
    assert not any(a.words[1].endswith(square_name(after.units_of(0)[0])) for a in replies), choice


def test_normal_and_hard_take_a_free_unit_but_not_a_defended_one_with_a_dearer_unit() -> None:
    # the Queen may take the Rook on d8, which the King on e8 defends, or the loose Knight on a5
    s = position(board={"e1": [0, "Ki"], "e8": [1, "Ki"], "d1": [0, "Qu"], "d8": [1, "Ro"], "a4": [1, "Kn"]})
    for level in ("normal", "hard"):
        assert make_player(level).choose(s).text == "Qu d1xa4"


def test_the_levels_are_one_mapping_and_make_their_players() -> None:
    assert set(LEVELS) == set(LEVEL_NAMES)
    assert LEVELS["normal"][1] == 300.0 and LEVELS["hard"][1] == 1000.0
    assert isinstance(make_player("easy"), EasyPlayer)
    assert isinstance(make_player(" Normal "), NormalPlayer)
    assert isinstance(make_player("hard"), HardPlayer)
    assert make_player("hard").budget_ms == 1000.0
    assert make_player("hard", budget_ms=5).budget_ms == 5
    with pytest.raises(ValueError, match="unknown player"):
        make_player("grandmaster")


def test_a_search_cut_short_by_its_budget_is_still_legal() -> None:
    for s in playout(8, 300, check=False)[10::40]:
        if s.current_player is None:
            continue
        assert make_player("hard", 1, budget_ms=0.001).choose(s) in s.legal_actions()


@pytest.mark.parametrize("pair", (("normal", "easy"), ("hard", "normal")))
def test_a_game_between_levels_is_legal_and_every_turn_ends(pair: tuple[str, str]) -> None:
    s = new_game({"supply": "random", "turn_cap": 30}, seed=12)
    players = (make_player(pair[0], 1), make_player(pair[1], 2))
    decisions = 0
    while s.result is None:
        seat = s.current_player
        assert seat is not None
        turn = s.turn
        for _ in range(200):  # a turn is a bounded number of decisions
            action = players[seat].choose(s)
            assert action in s.legal_actions()
            s.apply(action)
            decisions += 1
            if s.turn != turn or s.result is not None or s.current_player != seat:
                break
        else:
            raise AssertionError(f"seat {seat} did not end turn {turn}")
    assert s.result is not None and decisions > 30


def test_the_search_copy_is_the_engine_copy_and_independent() -> None:
    for s in playout(5, 300, check=False)[::17]:
        copy = fast_clone(s)
        assert copy.to_json() == s.clone().to_json()
        before = s.to_json()
        for action in copy.legal_actions()[:3]:
            fast_clone(copy).apply(action)
        if copy.legal_actions():
            copy.apply(copy.legal_actions()[0])
        assert s.to_json() == before


def test_the_game_kind_plays_each_level_with_its_player() -> None:
    from warchest_bot.games.forthecrown.kind import ForTheCrownGame

    game = ForTheCrownGame()
    assert set(game.ai_levels) == set(LEVELS)
    assert type(game.make_player("easy")) is EasyPlayer
    assert type(game.make_player("normal")) is NormalPlayer
    hard = game.make_player("hard")
    assert type(hard) is HardPlayer and hard.budget_ms == LEVELS["hard"][1]


# --- the budget of a whole turn ----------------------------------------------------------------------------
def test_the_turns_decisions_share_one_budget_and_a_new_turn_has_its_own() -> None:
    assert TURN_BUDGETS["normal"] and TURN_BUDGETS["hard"] and TURN_BUDGETS["easy"] is None
    assert make_player("hard").turn_budget_ms == TURN_BUDGETS["hard"]
    # the Rook may take the King (the best order by far), or the turn's order phase may end
    s = position(board={"e1": [0, "Ki"], "e8": [1, "Ki"], "e6": [0, "Ro"]})
    for level in ("normal", "hard"):
        assert make_player(level, turn_budget_ms=TURN_BUDGETS[level]).choose(s).text == "Ro e6xe8"
        spent = make_player(level, turn_budget_ms=0.0)  # the turn's time is all spent: close the phase
        assert spent.choose(s).text == "end"
        player = make_player(level, turn_budget_ms=50.0)
        player.choose(s)
        time.sleep(0.06)  # the same turn, its budget now spent by the decisions before
        assert player.choose(s).text == "end"
        later = s.clone()
        later.turn += 2  # the seat's next turn: a budget of its own again, counted from its first decision
        began = time.perf_counter()
        deadline = player.deadline(later.view_for(0))
        assert deadline is not None and deadline >= began + SLACK * 0.050
        # (read off the clock, not from a search racing 40 ms on a loaded machine)
        assert make_player(level, turn_budget_ms=TURN_BUDGETS[level]).choose(later).text == "Ro e6xe8"


def test_a_decision_out_of_turn_time_is_legal_and_cheap() -> None:
    for s in playout(8, 300, check=False)[7::31]:
        if s.current_player is None:
            continue
        began = time.process_time()
        action = make_player("hard", 1, turn_budget_ms=0.0).choose(s)
        assert action in s.legal_actions()
        assert time.process_time() - began < 0.5  # at most a couple of actions scored, not all of them


def test_on_discord_the_ai_seat_gives_each_decision_what_its_turn_has_left() -> None:
    from warchest_bot.discord.ai import TURN_FLOOR_MS, AiRunner
    from warchest_bot.games.forthecrown.kind import AI_TURN_BUDGETS

    streak: dict = {}
    first = AiRunner._turn_left("forthecrown", "hard", 0, streak)
    assert first is not None and AI_TURN_BUDGETS["hard"] - 50 < first <= AI_TURN_BUDGETS["hard"]
    streak["began"] -= 10.0  # ten seconds of this seat's decisions in a row
    assert AiRunner._turn_left("forthecrown", "hard", 0, streak) == TURN_FLOOR_MS
    assert AiRunner._turn_left("forthecrown", "hard", 1, streak) > 2000  # the other seat: a new wait
    assert AiRunner._turn_left("forthecrown", "easy", 0, {}) is None
    assert AiRunner._turn_left("warchest", "hard", 0, {}) is None  # a game with no turn budget


def test_units_ordered_this_turn_are_not_counted_as_able_to_capture_again() -> None:
    from warchest_bot.games.forthecrown.ai import evaluate

    board = {"e1": [0, "Ki"], "e8": [1, "Ki"], "a1": [0, "Ro"], "a6": [1, "Qu"]}
    free = position(board=board, pools={"orders": 1})
    spent = position(board=board, pools={"orders": 1}, ordered=["a1"])
    # the Rook already ordered cannot take the loose Queen with the order left; a fresh one can
    assert evaluate(spent, 0) < evaluate(free, 0) - 5
    # once the order phase is over the other seat moves next, and the flag no longer matters
    assert evaluate(position(board=board, ordered=["a1"], phase="action"), 0) == evaluate(
        position(board=board, phase="action"), 0
    )


def test_the_side_well_ahead_is_paid_for_closing_on_the_lone_sovereign() -> None:
    from warchest_bot.games.forthecrown.ai import MOPUP_MARGIN, _board_of, _census, _mopup

    def mopup(board: dict[str, list[object]], seat: int) -> float:
        b = _board_of(position(board=board, phase="action"))
        return _mopup(b, seat, *_census(b.board), [None, None])

    far = {"e1": [0, "Ki"], "e5": [1, "Ki"], "a1": [0, "Ro"], "b1": [0, "Qu"]}
    near = {"e1": [0, "Ki"], "e5": [1, "Ki"], "a4": [0, "Ro"], "c6": [0, "Qu"]}
    edge = {"e1": [0, "Ki"], "h8": [1, "Ki"], "a1": [0, "Ro"], "b1": [0, "Qu"]}
    assert mopup(far, 0) > 0 and mopup(far, 1) == -mopup(far, 0)
    assert mopup(near, 0) > mopup(far, 0)  # nearer, and taking squares the King could step to
    assert mopup(edge, 0) > mopup(far, 0)  # the lone King in a corner
    even = {"e1": [0, "Ki"], "e5": [1, "Ki"], "a1": [0, "Ro"], "h8": [1, "Ro"]}
    assert MOPUP_MARGIN > 0 and mopup(even, 0) == 0.0
