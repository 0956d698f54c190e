"""The pure tournament model: scoring, tie-breaks, byes, late joins, withdrawals, removals, TRF16."""

from __future__ import annotations

import json
import random

import pytest
from caissify_pairings.trf import TRFParser
from hypothesis import given, settings
from hypothesis import strategies as st

from warchest_bot.tournaments import (
    Format,
    Outcome,
    PairingImpossible,
    Settings,
    Status,
    Tournament,
    TournamentError,
)
from warchest_bot.tournaments.records import from_data, to_data

from .events import RESULTS, active, finish_round, new_event

W, L, D = Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW


def entered(n: int, **kw: object) -> Tournament:
    t = Tournament(Settings(**kw))  # type: ignore[arg-type]
    for i in range(n):
        t.join(f"user:{i}", f"Player {i}", [i], rating=2000 - i)
    t.start()
    return t


def play(t: Tournament, results: dict[frozenset[int], Outcome]) -> None:
    """Pair the next round and give each board the result named for its pair, as seen from the lower
    starting number (W: the lower number wins)."""
    rnd = t.pair_next_round()
    for g in rnd.games:
        if g.outcome is None:
            assert g.second is not None
            wanted = results[frozenset((g.first, g.second))]
            low_first = g.first < g.second
            flip = {W: L, L: W, D: D}
            t.record(rnd.number, g.table, wanted if low_first else flip[wanted])
    t.close_round()


def test_scores_are_one_half_zero_and_rank_by_tie_breaks() -> None:
    t = entered(4, rounds=3)
    # Round 1 pairs 1-3 and 2-4.
    play(t, {frozenset((1, 3)): W, frozenset((2, 4)): D})
    assert [t.points(n) for n in (1, 2, 3, 4)] == [1.0, 0.5, 0.0, 0.5]
    rows = t.standings()
    assert [(r.rank, r.entrant.number) for r in rows] == [(1, 1), (2, 2), (2, 4), (4, 3)]
    # 2 and 4 drew each other: the same Buchholz, Sonneborn-Berger and direct encounter: a shared rank.
    assert rows[1].buchholz_cut1 == rows[2].buchholz_cut1 == 0.0
    assert rows[1].direct_encounter == rows[2].direct_encounter == 0.5


def test_buchholz_cut1_and_sonneborn_berger_by_hand() -> None:
    t = entered(4, rounds=3, format=Format.SWISS)
    for _ in range(3):
        rnd = t.pair_next_round()
        for g in rnd.games:
            # The lower starting number always wins: 1 scores 3, 2 scores 2, 3 scores 1, 4 scores 0.
            t.record(rnd.number, g.table, W if g.first < (g.second or 0) else L)
        t.close_round()
    assert [t.points(n) for n in (1, 2, 3, 4)] == [3.0, 2.0, 1.0, 0.0]
    by = {r.entrant.number: r for r in t.standings()}
    # Everyone met everyone: Buchholz = the others' scores less the lowest of them.
    assert by[1].buchholz_cut1 == 2 + 1
    assert by[4].buchholz_cut1 == 3 + 2
    # Sonneborn-Berger: the scores of the opponents beaten (in full) and drawn (half).
    assert by[1].sonneborn_berger == 2 + 1 + 0
    assert by[2].sonneborn_berger == 1 + 0
    assert by[4].sonneborn_berger == 0


def test_direct_encounter_only_counts_when_all_tied_entrants_met() -> None:
    t = entered(6, rounds=1)
    play(t, {frozenset((1, 4)): W, frozenset((2, 5)): W, frozenset((3, 6)): W})
    # Three on 1 point who never met each other: no direct encounter.
    assert {r.entrant.number: r.direct_encounter for r in t.standings()}[1] == 0.0
    t2 = entered(2, rounds=1)
    play(t2, {frozenset((1, 2)): D})
    assert [r.direct_encounter for r in t2.standings()] == [0.5, 0.5]


def test_round_robin_ranks_by_points_then_direct_encounter() -> None:
    t = entered(3, format=Format.ROUND_ROBIN)
    assert t.total_rounds == 3
    outcome = {frozenset((1, 2)): L, frozenset((1, 3)): W, frozenset((2, 3)): L}
    for _ in range(3):
        play(t, outcome)
    assert t.finished
    # 1 beat 3, 2 beat 1, 3 beat 2, and each had the bye once: all on 2 points, the same direct encounter.
    assert [t.points(n) for n in (1, 2, 3)] == [2.0, 2.0, 2.0]
    assert {r.rank for r in t.standings()} == {1}
    with pytest.raises(TournamentError):
        t.pair_next_round()


def test_double_round_robin_with_a_withdrawal_forfeits_its_later_games() -> None:
    t = entered(4, format=Format.ROUND_ROBIN, cycles=2)
    assert t.total_rounds == 6
    rnd = t.pair_next_round()
    gone = rnd.games[0].first
    forfeited = t.withdraw(gone)
    assert forfeited == [rnd.games[0]] and rnd.games[0].outcome is Outcome.SECOND_BY_FORFEIT
    finish_round(t, rnd, random.Random(1))
    later = t.pair_next_round()
    game = later.game_of(gone)
    assert game is not None and game.outcome in (Outcome.FIRST_BY_FORFEIT, Outcome.SECOND_BY_FORFEIT)
    assert game.outcome.points(game.first == gone) == 0.0
    codes = [r.code for r in t.entries(gone, 2)]
    assert codes == ["-", "-"]


def test_swiss_withdrawal_is_never_paired_again() -> None:
    rng = random.Random(3)
    t = new_event(rng, 8, 4)
    finish_round(t, t.pair_next_round(), rng)
    t.withdraw(5)
    for _ in range(3):
        rnd = t.pair_next_round()
        assert rnd.game_of(5) is None
        finish_round(t, rnd, rng)
    assert [r.code for r in t.entries(5)][1:] == ["Z", "Z", "Z"]
    with pytest.raises(TournamentError):
        t.withdraw(5)


def test_pairing_bye_is_a_win_and_once_per_entrant() -> None:
    rng = random.Random(5)
    t = new_event(rng, 5, 5)
    byes = []
    for _ in range(5):
        rnd = t.pair_next_round()
        (bye,) = [g for g in rnd.games if g.second is None]
        assert bye.outcome is Outcome.PAIRING_BYE
        byes.append(bye.first)
        finish_round(t, rnd, rng)
    assert sorted(byes) == [1, 2, 3, 4, 5]
    assert all(t.entries(n)[byes.index(n)].points == 1.0 for n in byes)


def test_half_point_bye_is_requested_before_pairing_and_limited() -> None:
    rng = random.Random(2)
    t = new_event(rng, 6, 4, half_byes=1)
    assert t.request_bye(3) == 1
    with pytest.raises(TournamentError) as bye_again:
        t.request_bye(3)
    assert bye_again.value.code == "tournament.bye_already"
    rnd = t.pair_next_round()
    assert rnd.game_of(3) is None
    finish_round(t, rnd, rng)
    assert t.entries(3)[0].code == "H" and t.points(3) == 0.5
    with pytest.raises(TournamentError) as none_left:
        t.request_bye(3)
    assert none_left.value.code == "tournament.no_byes_left"


def test_late_join_up_to_half_the_rounds_scores_zero_for_what_it_missed() -> None:
    rng = random.Random(4)
    t = new_event(rng, 6, 5)
    finish_round(t, t.pair_next_round(), rng)
    finish_round(t, t.pair_next_round(), rng)
    late = t.join("user:late", "Late", [99], rating=2500)
    assert late.number == 7 and late.joined == 3
    rnd = t.pair_next_round()
    assert rnd.game_of(7) is not None
    assert [r.code for r in t.entries(7)][:2] == ["Z", "Z"]
    finish_round(t, rnd, rng)
    with pytest.raises(TournamentError) as too_late:
        t.join("user:later", "Later", [100])
    assert too_late.value.code == "tournament.too_late"


def test_missed_deadlines_remove_an_entrant() -> None:
    rng = random.Random(6)
    t = new_event(rng, 4, 3, missed_deadlines=2)
    rnd = t.pair_next_round()
    assert t.missed_deadline(2) is False
    assert t.missed_deadline(2) is True
    assert t.entrant(2).status is Status.REMOVED
    game = rnd.game_of(2)
    assert game is not None and game.outcome is not None and game.outcome.points(game.first == 2) == 0.0


def test_entry_rules() -> None:
    t = Tournament(Settings(rounds=3))
    t.join("team:1+2", "One and Two", [1, 2], rating=1500)
    with pytest.raises(TournamentError):
        t.join("team:2+3", "Two and Three", [2, 3])
    with pytest.raises(TournamentError):
        t.start()
    t.join("user:9", "Nine", [9], rating=1900)
    t.start()
    assert t.entrant(1).key == "user:9"  # starting ranks by rating
    with pytest.raises(TournamentError):
        t.leave(1)
    with pytest.raises(TournamentError):
        Settings(rounds=0)


def test_trf16_export_reads_back_with_another_parser() -> None:
    rng = random.Random(8)
    t = new_event(rng, 7, 3)
    t.request_bye(7)
    for _ in range(3):
        finish_round(t, t.pair_next_round(), rng)
    t.withdraw(2)
    text = t.to_trf16("Winter Swiss")
    parsed = TRFParser(text).parse()
    assert parsed["tournament"]["name"] == "Winter Swiss"
    players = {p["starting_number"]: p for p in parsed["players"]}
    assert sorted(players) == list(range(1, 8))
    for n, p in players.items():
        assert p["score"] == t.points(n)
        for number, entry in enumerate(t.entries(n), start=1):
            got = p["results"][number]
            assert (got["opponent"] or 0) == entry.opponent
    assert players[7]["results"][1]["result"] == "H"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 12),
    rounds=st.integers(1, 6),
    withdrawals=st.integers(0, 2),
)
def test_random_events_keep_the_invariants(seed: int, players: int, rounds: int, withdrawals: int) -> None:
    rng = random.Random(seed)
    t = new_event(rng, players, rounds)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in range(1, rounds + 1):
        if len(active(t)) < 2:
            break
        if withdrawals and rng.random() < 0.3:
            t.withdraw(rng.choice(sorted(active(t))))
            withdrawals -= 1
        if rng.random() < 0.3:
            try:
                t.request_bye(rng.choice(sorted(active(t))))
            except TournamentError as exc:
                assert exc.code in ("tournament.no_byes_left", "tournament.bye_already")
        try:
            rnd = t.pair_next_round()
        except Exception as exc:  # a small field can run out of legal pairings
            assert type(exc).__name__ == "PairingImpossible"
            break
        paired = [n for g in rnd.games for n in (g.first, g.second) if n is not None]
        assert sorted(paired) == sorted(e.number for e in t.pairable(number))
        for g in rnd.games:
            if g.second is None:
                byes.append(g.first)
            else:
                pair = frozenset((g.first, g.second))
                assert pair not in met
                met.add(pair)
        for g in rnd.games:
            if g.outcome is None:
                t.record(number, g.table, rng.choice(RESULTS))
        t.close_round()
        assert len(byes) == len(set(byes))
        total = sum(t.points(n) for n in t.entrants)
        games = sum(1 for r in t.rounds for g in r.games if g.second is not None)
        half = sum(1 for n in t.entrants for r in t.entries(n) if r.code == "H")
        assert total == games + len(byes) + 0.5 * half
        rows = t.standings()
        assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
        assert [r.rank for r in rows] == sorted(r.rank for r in rows)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 10), played=st.integers(0, 4))
def test_state_round_trips_through_json(seed: int, players: int, played: int) -> None:
    rng = random.Random(seed)
    t = new_event(rng, players, 4)
    t.request_bye(1)
    for _ in range(played):
        if t.current is None and len(t.rounds) < t.total_rounds:
            try:
                rnd = t.pair_next_round()
            except PairingImpossible:  # a small field can run out of legal pairings
                break
            if rng.random() < 0.5:
                finish_round(t, rnd, rng)
    data = to_data(t)
    back = from_data(json.loads(json.dumps(data)))
    assert to_data(back) == data
    assert back.to_trf16("x") == t.to_trf16("x")
    assert [(r.entrant.number, r.points) for r in back.standings()] == [
        (r.entrant.number, r.points) for r in t.standings()
    ]
