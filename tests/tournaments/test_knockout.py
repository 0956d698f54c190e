"""The knockout after a Swiss (pure model): seeding from the standings, the bracket, drawn games under both
rules, forfeits, and properties over random results (one champion, who won every match it played; the
plain-dict form rebuilds the same knockout at every step)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warchest_bot.tournaments import Outcome, Tournament, TournamentError
from warchest_bot.tournaments.knockout import DrawRule, Knockout, bracket_order

from .events import finish_round, new_event

ALL_RESULTS = [o for o in Outcome if o is not Outcome.PAIRING_BYE]


def swiss(players: int = 10, rounds: int = 3, seed: int = 7) -> Tournament:
    """A finished Swiss of ``players``."""
    rng = random.Random(seed)
    t = new_event(rng, players, rounds)
    for _ in range(rounds):
        finish_round(t, t.pair_next_round(), rng)
    return t


def test_bracket_keeps_the_top_seeds_apart_until_the_final() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    for size in (4, 8):
        order = bracket_order(size)
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
        half = size // 2
        assert 1 in order[:half] and 2 in order[half:]
    with pytest.raises(TournamentError):
        bracket_order(6)


def test_seeds_follow_the_swiss_standings_passing_over_withdrawn_entrants() -> None:
    t = swiss()
    order = [row.entrant.number for row in t.standings()]
    ko = Knockout.from_standings(t.standings(), 4)
    assert ko.seeds == order[:4]
    assert [(m.high, m.low) for m in ko.rounds[0]] == [(1, 4), (2, 3)]
    assert ko.pending() == [(1, 1, order[0], order[3]), (1, 2, order[1], order[2])]
    t.withdraw(order[0])
    assert Knockout.from_standings(t.standings(), 4).seeds == order[1:5]
    with pytest.raises(TournamentError):
        Knockout.from_standings(swiss(players=6).standings(), 8)
    with pytest.raises(TournamentError):
        Knockout.from_standings(t.standings(), 4, max_games=0)


def test_a_drawn_game_is_replayed_with_the_other_entrant_first_then_the_higher_seed_advances() -> None:
    ko = Knockout.from_standings(swiss().standings(), 2, DrawRule.REMATCH, max_games=3)
    top, second = ko.seeds
    assert ko.pending() == [(1, 1, top, second)]
    ko.record(1, 1, Outcome.DRAW)
    assert ko.pending() == [(1, 1, second, top)]
    ko.record(1, 1, Outcome.DRAW)
    assert ko.pending() == [(1, 1, top, second)]
    ko.record(1, 1, Outcome.DRAW)
    assert ko.finished and ko.champion == top and ko.pending() == []
    with pytest.raises(TournamentError):
        ko.record(1, 1, Outcome.FIRST_WINS)


def test_the_rematch_decides_when_someone_wins_it() -> None:
    ko = Knockout.from_standings(swiss().standings(), 2)
    top, second = ko.seeds
    ko.record(1, 1, Outcome.DRAW)
    ko.record(1, 1, Outcome.FIRST_WINS)  # the second seed moved first in the rematch
    assert ko.champion == second


def test_higher_seed_rule_advances_on_a_draw_and_forfeits_decide() -> None:
    ko = Knockout.from_standings(swiss().standings(), 4, DrawRule.HIGHER_SEED)
    s = ko.seeds
    ko.record(1, 1, Outcome.DRAW)  # 1 v 4: seed 1 advances
    assert ko.rounds[0][0].winner == 1 and len(ko.rounds) == 1
    ko.record(1, 2, Outcome.SECOND_BY_FORFEIT)  # 2 v 3: seed 3 wins by forfeit
    assert [(m.high, m.low) for m in ko.rounds[1]] == [(1, 3)]
    assert ko.pending() == [(2, 1, s[0], s[2])]
    ko.record(2, 1, Outcome.DOUBLE_FORFEIT)
    assert ko.champion == s[0]


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from([2, 4, 8]),
    rule=st.sampled_from(list(DrawRule)),
    max_games=st.integers(1, 4),
    results=st.lists(st.sampled_from(ALL_RESULTS), min_size=40, max_size=40),
)
def test_random_knockouts_end_with_one_champion_who_won_every_match(
    size: int, rule: DrawRule, max_games: int, results: list[Outcome]
) -> None:
    ko = Knockout.seeded(list(range(101, 101 + size)), rule, max_games)
    played = 0
    while not ko.finished:
        pending = ko.pending()
        assert pending
        number, match, first, second = pending[0]
        m = ko.rounds[number - 1][match - 1]
        assert {first, second} == {ko.entrant(m.high), ko.entrant(m.low)}
        # Game 1 has the higher seed first, each rematch swaps.
        assert first == ko.entrant(m.high if len(m.games) % 2 == 0 else m.low)
        ko.record(number, match, results[played % len(results)])
        played += 1
        rebuilt = Knockout.from_dict(json.loads(json.dumps(ko.to_dict())))
        assert rebuilt == ko
    assert [len(r) for r in ko.rounds] == [size // 2**k for k in range(1, ko.total_rounds + 1)]
    champion_seed = ko.rounds[-1][0].winner
    assert ko.champion == ko.entrant(champion_seed)  # type: ignore[arg-type]
    for r, matches in enumerate(ko.rounds):
        for m in matches:
            assert m.winner in (m.high, m.low) and m.high < m.low
            assert 1 <= len(m.games) <= (1 if rule is DrawRule.HIGHER_SEED else max_games)
            if m.winner == m.low:  # the lower seed advances only by winning a game
                last = m.games[-1]
                won_first = last in (Outcome.FIRST_WINS, Outcome.FIRST_BY_FORFEIT)
                assert (m.first_of(len(m.games) - 1) == m.low) == won_first
            if r + 1 < len(ko.rounds):
                assert m.winner in {x for n in ko.rounds[r + 1] for x in (n.high, n.low)}
    reached_final = {x for m in ko.rounds[-1] for x in (m.high, m.low)}
    assert champion_seed in reached_final


def test_higher_seeds_winning_every_game_gives_a_final_of_seeds_one_and_two() -> None:
    ko = Knockout.from_standings(swiss(players=12).standings(), 8)
    while not ko.finished:
        number, match, _, _ = ko.pending()[0]
        ko.record(number, match, Outcome.FIRST_WINS)
    assert [(m.high, m.low) for m in ko.rounds[1]] == [(1, 4), (2, 3)]
    assert (ko.rounds[2][0].high, ko.rounds[2][0].low) == (1, 2)
    assert ko.champion == ko.seeds[0]
