"""Pairing through the interface, checked against an independent FIDE Dutch implementation (py4swiss) on
random events: both satisfy the absolute rules (no rematch, one pairing bye per entrant, colour limits),
withdrawn entrants and requested byes are left out, and the two engines mostly agree."""

from __future__ import annotations

import random
from pathlib import Path

import networkx
import pytest
from py4swiss.engines import DutchEngine
from py4swiss.trf import TrfParser

from warchest_bot.tournaments import DEFAULT_ENGINE, Board, PairingImpossible, Round, Standing, Tournament
from warchest_bot.tournaments.dutch import FastDutchEngine, _Weights
from warchest_bot.tournaments.pairing import (
    CaissifyEngine,
    CompiledMatching,
    dutch_arguments,
    round_robin_rounds,
)

from .events import active, finish_round, new_event


def independent_pairing(t: Tournament, tmp_path: Path) -> set[tuple[int, int]]:
    """py4swiss's pairing of the next round, read from the event's TRF16 export (0: the bye)."""
    trf = tmp_path / f"round{len(t.rounds) + 1}.trf"
    trf.write_text(t.to_trf16("cross-check", next_round=True), encoding="utf-8")
    return {(p.white, p.black) for p in DutchEngine.generate_pairings(TrfParser.parse(trf))}


def check_absolute_rules(t: Tournament, boards: set[tuple[int, int]], number: int) -> None:
    """No rematch, every pairable entrant once, at most one pairing bye each, colour limits (but for the
    final round, where FIDE lets topscorers break them)."""
    pairable = {e.number for e in t.pairable(number)}
    seen = [n for pair in boards for n in pair if n]
    assert sorted(seen) == sorted(pairable)
    standings = {s.number: s for s in t.pairing_standings(number)}
    for first, second in boards:
        if second == 0 or first == 0:
            assert standings[first or second].pairing_byes == 0
            continue
        assert second not in standings[first].opponents
        if number < t.total_rounds:
            for n, colour in ((first, "w"), (second, "b")):
                played = [c for c in standings[n].colours if c != "-"] + [colour]
                assert abs(played.count("w") - played.count("b")) <= 2
                assert played[-3:] != [colour] * 3


def test_pairings_agree_with_an_independent_dutch_engine(tmp_path: Path) -> None:
    rounds_checked = same_pairs = 0
    for seed in range(24):
        rng = random.Random(seed)
        t = new_event(rng, rng.randint(5, 14), rng.randint(3, 5))
        for number in range(1, t.total_rounds + 1):
            if number == 3 and seed % 3 == 0:
                t.withdraw(rng.choice(sorted(active(t))))
            if number == 2 and seed % 4 == 1:
                t.request_bye(rng.choice(sorted(active(t))))
            theirs = independent_pairing(t, tmp_path)
            rnd = t.pair_next_round()
            ours = {(g.first, g.second or 0) for g in rnd.games}
            check_absolute_rules(t, ours, number)
            check_absolute_rules(t, {(a, b) if a else (b, 0) for a, b in theirs}, number)
            rounds_checked += 1
            same_pairs += {frozenset(p) for p in ours} == {frozenset(p) for p in theirs}
            finish_round(t, rnd, rng)
    # Measured: 88 of 94 rounds pair the same entrants (the engines follow two editions of the Dutch rules
    # and break some ties differently); a fault in what the model tells the engine shows as far fewer.
    assert rounds_checked == 94
    print(f"{same_pairs} of {rounds_checked} rounds paired alike")
    assert same_pairs >= 0.8 * rounds_checked


def test_first_round_pairs_top_half_against_bottom_half() -> None:
    boards = DEFAULT_ENGINE.swiss([Standing(n, 0.0, 2000 - n) for n in range(1, 9)], 1, 5)
    assert {frozenset((b.first, b.second)) for b in boards} == {
        frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]
    }
    assert [b.first for b in boards] == [1, 6, 3, 8]


def test_odd_field_gives_the_bye_to_the_lowest_without_one() -> None:
    entrants = [Standing(n, 0.0, 2000 - n) for n in range(1, 6)]
    bye = [b for b in DEFAULT_ENGINE.swiss(entrants, 1, 3) if b.is_bye]
    assert bye == [Board(3, 5, None)]
    entrants[4] = Standing(5, 1.0, 1995, colours=("-",), pairing_byes=1)
    entrants[3] = Standing(4, 0.0, 1996, colours=("-",))
    byes = [b.first for b in DEFAULT_ENGINE.swiss(entrants, 2, 3) if b.is_bye]
    assert byes and byes != [5]


def test_no_pairing_without_a_rematch_or_second_bye_is_refused() -> None:
    met = [
        Standing(1, 1.0, colours=("w",), opponents=frozenset({2})),
        Standing(2, 0.0, colours=("b",), opponents=frozenset({1})),
    ]
    with pytest.raises(PairingImpossible):
        DEFAULT_ENGINE.swiss(met, 2, 3)
    with pytest.raises(PairingImpossible):
        DEFAULT_ENGINE.swiss(met[:1], 2, 3)


@pytest.mark.parametrize(("players", "cycles"), [(4, 1), (5, 1), (6, 2), (7, 2)])
def test_berger_tables_meet_everyone_once_per_cycle(players: int, cycles: int) -> None:
    rounds = round_robin_rounds(players, cycles)
    meetings: dict[frozenset[int], list[int]] = {}
    byes: dict[int, int] = {}
    for number in range(1, rounds + 1):
        boards = DEFAULT_ENGINE.round_robin(range(1, players + 1), number, cycles)
        seen = [n for b in boards for n in (b.first, b.second) if n is not None]
        assert sorted(seen) == list(range(1, players + 1))
        for b in boards:
            if b.second is None:
                byes[b.first] = byes.get(b.first, 0) + 1
            else:
                meetings.setdefault(frozenset((b.first, b.second)), []).append(b.first)
    assert len(meetings) == players * (players - 1) // 2
    for firsts in meetings.values():
        assert len(firsts) == cycles
        if cycles == 2:
            assert firsts[0] != firsts[1]  # the second cycle reverses who moves first
    assert sorted(byes.values()) == ([cycles] * players if players % 2 else [])


def test_compiled_matching_finds_the_networkx_optimum_as_weights_change() -> None:
    rng = random.Random(11)
    for _ in range(150):
        n = rng.randint(2, 12)
        graph = networkx.Graph()
        graph.add_nodes_from(range(n))
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.6:
                    graph.add_edge(
                        i, j, weight=rng.choice([1, 2, 3, rng.getrandbits(rng.choice([8, 70, 200])) + 1])
                    )
        matching = CompiledMatching()  # one instance across the changes, as in one pairing
        for _ in range(4):
            ours = matching(graph, maxcardinality=True)
            theirs = networkx.max_weight_matching(graph, maxcardinality=True)
            assert len(ours) == len(theirs)
            assert sum(graph[u][v]["weight"] for u, v in ours) == sum(
                graph[u][v]["weight"] for u, v in theirs
            )
            if graph.number_of_edges():
                u, v = rng.choice(list(graph.edges))
                if rng.random() < 0.3:
                    graph.remove_edge(u, v)
                else:
                    graph[u][v]["weight"] = rng.getrandbits(100) + 1


def test_the_compiled_matching_pairs_exactly_as_networkx_does() -> None:
    # Measured on the 94 rounds of the cross-check above: the same boards and colours in all of them.
    compiled, plain = CaissifyEngine(fast=False), CaissifyEngine(compiled=False, fast=False)
    for seed in range(6):
        rng = random.Random(100 + seed)
        t = new_event(rng, rng.randint(7, 15), 4)
        for number in range(1, 5):
            standings = t.pairing_standings(number)
            expected = plain.swiss(standings, number, 4)
            rnd = t.pair_next_round(compiled)
            assert [(g.table, g.first, g.second) for g in rnd.games] == [
                (b.table, b.first, b.second) for b in expected
            ]
            finish_round(t, rnd, rng)


def test_a_200_entrant_round_agrees_with_the_independent_engine(tmp_path: Path) -> None:
    rng = random.Random(200)
    t = new_event(rng, 200, 5)
    finish_round(t, t.pair_next_round(), rng)
    theirs = independent_pairing(t, tmp_path)
    rnd = t.pair_next_round()
    ours = {(g.first, g.second or 0) for g in rnd.games}
    check_absolute_rules(t, ours, 2)
    check_absolute_rules(t, {(a, b) if a else (b, 0) for a, b in theirs}, 2)
    common = {frozenset(p) for p in ours} & {frozenset(p) for p in theirs}
    print(f"{len(common)} of {len(ours)} boards alike")
    assert len(common) >= 0.8 * len(ours)


def pair_alike(t: Tournament, number: int, reference: CaissifyEngine) -> Round:
    """Pair round ``number`` with the fast engine, checking every weight, and check that the library's
    own procedure (``reference``) gives the same boards and colours or refuses alike."""
    standings = t.pairing_standings(number)
    try:
        expected: list[Board] | None = reference.swiss(standings, number, t.total_rounds)
    except PairingImpossible:
        expected = None
    checked = CaissifyEngine(check_weights=True)
    if expected is None:
        with pytest.raises(PairingImpossible):
            checked.swiss(standings, number, t.total_rounds)
        return t.pair_next_round(reference)
    rnd = t.pair_next_round(checked)
    assert [(g.table, g.first, g.second) for g in rnd.games] == [
        (b.table, b.first, b.second) for b in expected
    ]
    return rnd


@pytest.mark.parametrize("seed", range(12))
def test_the_fast_engine_pairs_exactly_as_the_library(seed: int) -> None:
    # Measured: identical boards and colours in every round of 30 such events (134 rounds, sizes 5-40).
    rng = random.Random(300 + seed)
    small = seed % 3 == 0
    reference = CaissifyEngine(compiled=not small, fast=False)  # networkx itself on the small ones
    t = new_event(rng, rng.randint(5, 12) if small else rng.randint(13, 36), rng.randint(3, 6))
    for number in range(1, t.total_rounds + 1):
        if number == 3 and seed % 2 == 0:
            t.withdraw(rng.choice(sorted(active(t))))
        if number == 2 and seed % 4 == 1:
            t.request_bye(rng.choice(sorted(active(t))))
        try:
            rnd = pair_alike(t, number, reference)
        except PairingImpossible:
            break  # both refused: nothing left to pair alike
        finish_round(t, rnd, rng)


def test_a_60_entrant_event_pairs_exactly_as_the_library() -> None:
    rng = random.Random(60)
    t = new_event(rng, 60, 4)
    reference = CaissifyEngine(fast=False)
    for number in range(1, 5):
        finish_round(t, pair_alike(t, number, reference), rng)


def test_the_fast_engines_matching_finds_the_networkx_optimum_with_locked_pairs() -> None:
    # FastDutchEngine's matching (_Weights) leaves a locked pair (an edge of weight 1, its two ends' only
    # one, as the procedure's finalized pairs are) out of a new computer, and takes it back when one of
    # its edges changes again; the optimum is networkx's all the same, and a locked pair stays matched.
    rng = random.Random(12)
    left_out = 0
    for _ in range(120):
        n = rng.randint(4, 14)
        weights = _Weights(n)
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.7:
                    weights.set(i, j, rng.getrandbits(rng.choice([8, 90])) + 2)
        for _ in range(6):
            partners = weights.match()
            left_out += sum(1 for v in range(n) if weights.local[v] < 0)
            size, total, _ = networkx_optimum(weights)
            ours = {(u, v) for u, v in enumerate(partners) if u < v}
            assert all(partners[v] == u for u, v in ours)
            assert len(ours) == size
            assert sum(weights.rows[u][v] for u, v in ours) == total
            for v, u in weights.locked.items():
                assert partners[v] == u
            step = rng.random()
            if step < 0.5:  # lock a pair, as _finalize_pair does
                lock_pair(weights, *rng.sample(range(n), 2))
            elif step < 0.7 and weights.locked:  # an edge of a locked vertex changes again
                v = rng.choice(sorted(weights.locked))
                weights.set(v, rng.choice([k for k in range(n) if k != v]), rng.getrandbits(60) + 2)
            else:
                for _ in range(rng.randint(1, 4)):
                    u, v = rng.sample(range(n), 2)
                    weights.set(u, v, rng.choice([0, rng.getrandbits(90) + 2]))
    assert left_out > 100  # the case this is about happened


def lock_pair(weights: _Weights, u: int, v: int) -> None:
    """Lock ``u``-``v`` as the procedure's ``_finalize_pair`` does: every other edge of both ends to 0, theirs
    to 1."""
    for k in range(weights.size):
        if k != v:
            weights.set(u, k, 0)
        if k != u:
            weights.set(v, k, 0)
    weights.set(u, v, 1)


def networkx_optimum(weights: _Weights) -> tuple[int, int, set[tuple[int, int]]]:
    """networkx's maximum-weight maximum-cardinality matching of ``weights``: its size, weight and edges."""
    n = weights.size
    graph = networkx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(
        (i, j, weights.rows[i][j]) for i in range(n) for j in range(i + 1, n) if weights.rows[i][j]
    )
    theirs = networkx.max_weight_matching(graph, maxcardinality=True)
    return len(theirs), sum(graph[u][v]["weight"] for u, v in theirs), theirs


def test_a_matching_still_optimal_is_given_again_without_the_computer() -> None:
    # _Weights skips the computer when its last answer provably stays optimal: a vertex's edges raised
    # the most on the one to its partner, or to a vertex it can swap to at no cost (as Phases 2 and 8
    # give a player's preferred opponent the largest addend), after pairs of the last answer were
    # finalized. Skipped or not, the answer is networkx's optimum; when it skips, the raised vertex is
    # matched to the one raised most, as in every optimum. Half the graphs have tied weights (swaps).
    rng = random.Random(77)
    skipped = computed = swapped = 0
    for case in range(200):
        n = rng.randint(4, 16)
        tied = case % 2 == 1
        weights = _Weights(n)
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.8:
                    weights.set(
                        i, j, rng.choice([40, 41]) if tied else rng.getrandbits(rng.choice([6, 40])) + 2
                    )
        partners = weights.match()
        for _ in range(5):
            matched = [v for v in range(n) if partners[v] != v and not weights._only(v, partners[v])]
            if rng.random() < 0.5 and matched:  # finalize a pair of the last answer
                u = rng.choice(matched)
                v = partners[u]
                lock_pair(weights, u, v)
                matched = [k for k in matched if k not in (u, v)]
            raised = None
            if matched and rng.random() < 0.8:
                v = rng.choice(matched)
                others = [k for k in range(n) if k not in (v, partners[v]) and weights.rows[v][k]]
                rng.shuffle(others)
                order = others + [partners[v]] if rng.random() < 0.5 else [partners[v]] + others
                for addend, k in enumerate(order, start=1):
                    weights.set(v, k, weights.rows[v][k] + addend)
                raised = (v, order[-1])
            before, last = weights.skipped, partners
            partners = weights.match()
            size, total, _ = networkx_optimum(weights)
            ours = {(u, v) for u, v in enumerate(partners) if u < v}
            assert all(partners[v] == u for u, v in ours)
            assert all(weights.rows[u][v] for u, v in ours)
            assert (len(ours), sum(weights.rows[u][v] for u, v in ours)) == (size, total)
            if weights.skipped > before:
                skipped += 1
                swapped += partners != last
                if raised is not None:
                    assert partners[raised[0]] == raised[1]
            else:
                computed += 1
    assert skipped > 100 and computed > 100 and swapped > 10  # each case happened (680, 320, 16)


def test_the_matchings_skipped_leave_the_pairings_unchanged() -> None:
    # The same boards and colours with and without the skip, on the bench's kind of event (rounds 1 to 3
    # of 151 entrants: odd, so the bye's weights are in play too).
    rng = random.Random(151)
    t = new_event(rng, 151, 5)
    for number in (1, 2, 3):
        standings = t.pairing_standings(number)
        answers, skipped = [], []
        for skip in (True, False):
            engine = FastDutchEngine(**dutch_arguments(standings, number, 5))
            engine.skip_matchings = skip
            answers.append([(r["white_id"], r["black_id"]) for r in engine.generate_pairings()])
            skipped.append(engine.weights.skipped if engine.weights is not None else 0)
        assert answers[0] == answers[1]
        if number > 1:
            assert skipped[0] > 0 and skipped[1] == 0
        finish_round(t, t.pair_next_round(), rng)
