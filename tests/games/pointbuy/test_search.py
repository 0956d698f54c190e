"""The search of the normal and hard levels (warchest_bot/games/pointbuy/search.py): its Zobrist hash
follows make/unmake through the game's own rules (Immortals back to the Barracks, Charger multi-captures,
Oracle shots, deploys, promotions), its piece-square tables come from the units' moves, and it finds
what a deeper search must find (a forced Sovereign capture two moves ahead, promotion, not hanging its
last Sovereign) deterministically without a clock and within its budget with one."""

from __future__ import annotations

import random
import time

from warchest_bot.games.pointbuy import search as search_module
from warchest_bot.games.pointbuy.ai import Position, SearchPlayer
from warchest_bot.games.pointbuy.engine import CODES, PRICES, PBState
from warchest_bot.games.pointbuy.search import (
    Search,
    _reach,
    decide,
    evaluate,
    key_hash,
    last_sovereign_attacked,
    prepare,
    tables,
    threatens,
    zobrist,
)
from warchest_bot.games.units import parse_square, unit_moves

from .test_play import BOXED_BLACK, boxed_white


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None
    return square


def position(*units: str, to_move: int = 0, barracks=((), ())) -> PBState:
    pieces = {}
    for text in units:
        side, code, square = text.split()
        pieces[sq(square)] = ({"w": 0, "b": 1}[side], code)
    return PBState.position(pieces, barracks, to_move, {})


def test_zobrist_follows_make_and_unmake_through_random_games() -> None:
    rnd = random.Random(7)
    kinds = set()
    for game in range(12):
        units = ["w Ki e1", "b Ki e8", "w Im d2", "b Im d7", "w Cr b1", "b Cr b8", "w Or g1", "b Or g8"]
        units += ["w Pa a6", "b Pa h3", "w Ch c1", "b Ch c8"]
        state = position(*units, barracks=(("Kn",), ("Bi",)))
        pos = prepare(Position.from_view(state.view_for(0)))
        search = Search(seed=game)
        h = zobrist(pos)
        stack = []
        for _ in range(60):
            if pos.is_terminal():
                break
            move = rnd.choice(pos.legal_actions())
            if move[0] == "move":
                victims = [pos.board[c] for c in move[1].captures]
                if any(v is not None and v[1] == "Im" for v in victims):
                    kinds.add("immortal")
                if len(move[1].captures) > 1:
                    kinds.add("multi")
                if move[1].captures and move[1].dest == move[1].origin:
                    kinds.add("shot")
                if move[2] is not None:
                    kinds.add("promotion")
            else:
                kinds.add(move[0])
            token, h2 = search.make(pos, move, h)
            assert h2 == zobrist(pos)
            stack.append((token, h))
            h = h2
        while stack:
            token, h = stack.pop()
            search.unmake(pos, token)
            assert zobrist(pos) == h
    assert {"immortal", "deploy", "shot", "promotion"} <= kinds, kinds


def test_piece_square_tables_come_from_the_units_moves() -> None:
    psq, barracks = tables(tuple(sorted(PRICES.items())))
    assert len({code for _, code in psq}) == len(CODES) == 24
    # A Knight is worth more in the centre than in a corner, and Black's tables mirror White's.
    assert psq[(0, "Kn")][sq("d4")] > psq[(0, "Kn")][sq("a1")] > 0
    assert psq[(1, "Kn")][sq("d5")] == -psq[(0, "Kn")][sq("d4")]
    # A Sovereign is safer at the edge; a Pawn gains as it nears promotion.
    assert psq[(0, "Ki")][sq("e1")] > psq[(0, "Ki")][sq("e4")]
    assert psq[(0, "Pa")][sq("e7")] > psq[(0, "Pa")][sq("e3")]
    assert barracks[(0, "Qu")] == 0.85 * PRICES["Qu"]


def test_finds_a_forced_sovereign_capture_two_moves_ahead() -> None:
    # Back-rank: Ra1-a8 leaves Black's King on h8 no escape (own Pawns on g7, h7); the King falls next move.
    state = position("w Ki g1", "w Ro a1", "w Pa g2", "w Pa h2", "b Ki h8", "b Pa g7", "b Pa h7", "b Kn b4")
    player = SearchPlayer(1, budget_ms=None, max_depth=4)
    action = player.choose(state)
    assert action.move is not None and (action.move.origin, action.move.dest) == (sq("a1"), sq("a8"))
    assert player.stats["value"] > 9000  # a forced win, counted in plies


def test_promotes_a_free_pawn() -> None:
    state = position("w Ki a1", "w Pa e7", "b Ki h1", "b Pa a5")
    action = SearchPlayer(2, budget_ms=None, max_depth=3).choose(state)
    assert action.move is not None and action.move.dest == sq("e8") and action.promote in ("Wa", "Qu")


def test_without_a_clock_the_decision_depends_only_on_seed_and_position() -> None:
    state = position("w Ki e1", "w Qu d1", "w Kn b1", "w Bi c1", "b Ki e8", "b Ro a8", "b Bi f8", "b Kn g8")
    first = SearchPlayer(5, budget_ms=None, max_depth=3).choose(state)
    again = SearchPlayer(5, budget_ms=None, max_depth=3).choose(state)
    assert first == again


def test_keeps_to_its_budget() -> None:
    state = position(
        "w Ki e1", "w Qu d1", "w Ro a1", "w Ro h1", "w Kn b1", "w Bi c1", "w Bi f1", "w Kn g1",
        "b Ki e8", "b Qu d8", "b Ro a8", "b Ro h8", "b Kn b8", "b Bi c8", "b Bi f8", "b Kn g8",
    )  # fmt: skip
    pos = Position.from_view(state.view_for(0))
    start = time.perf_counter()
    found = decide(pos, budget_ms=100.0, max_depth=64, seed=1)
    elapsed = time.perf_counter() - start
    assert found["depth"] >= 1 and found["move"] in pos.legal_actions()
    assert elapsed < 0.1 + 0.15  # the budget, and a margin for a machine shared with other work


def test_a_new_iteration_starts_only_under_the_soft_limit(monkeypatch) -> None:
    # A budget far beyond what 3 plies need: how deep the search goes is up to the soft limit alone.
    state = position("w Ki e1", "w Qu d1", "w Kn b1", "w Bi c1", "b Ki e8", "b Ro a8", "b Bi f8", "b Kn g8")
    pos = Position.from_view(state.view_for(0))
    monkeypatch.setattr(search_module, "SOFT_LIMIT", 0.0)  # spent once the first iteration is done
    assert decide(pos, budget_ms=60_000.0, max_depth=3, seed=1)["depth"] == 1
    monkeypatch.setattr(search_module, "SOFT_LIMIT", 1.0)  # every iteration the budget allows
    assert decide(pos, budget_ms=60_000.0, max_depth=3, seed=1)["depth"] == 3


def test_with_a_winning_lead_it_herds_the_lone_sovereign_to_the_edge() -> None:
    # King and Rook against a lone King: the same material, the weaker King in the corner is worth more
    # to the stronger side than in the centre, and so is its own King nearer.
    def value(*units: str) -> float:
        return evaluate(prepare(Position.from_view(position(*units).view_for(0))))

    centre = value("w Ki e1", "w Ro a1", "b Ki e5")
    corner = value("w Ki e1", "w Ro a1", "b Ki h8")
    near = value("w Ki f6", "w Ro a1", "b Ki h8")
    assert corner > centre + 0.5
    assert near > corner
    # Without a lead there is no herding: the lone King's square matters little.
    even = value("w Ki e1", "b Ro a8", "w Ro a1", "b Ki e5") - value(
        "w Ki e1", "b Ro a8", "w Ro a1", "b Ki h8"
    )
    assert abs(even) < 0.5


def test_last_sovereign_attacked_agrees_with_the_other_sides_moves() -> None:
    # Random boards of all 24 types: "check" is exactly "the other side has a move capturing the side to
    # move's single Sovereign" (the engine's own moves, Oracle shots and Charger runs included).
    rnd = random.Random(11)
    seen = {True: 0, False: 0}
    codes = sorted(CODES)
    for _ in range(400):
        pieces = {}
        squares = rnd.sample(range(64), 14)
        pieces[squares[0]] = (0, rnd.choice(["Ki", "An"]))
        pieces[squares[1]] = (1, rnd.choice(["Ki", "An"]))
        for i, s in enumerate(squares[2:]):
            code = rnd.choice([c for c in codes if c not in ("Ki", "An")])
            pieces[s] = (i % 2, code)
        to_move = rnd.randrange(2)
        pos = Position([pieces.get(s) for s in range(64)], ([], []), to_move)
        mine = pos.sovereigns(to_move)
        other = [None if p is None else p for p in pos.board]
        expected = any(
            mine[0] in um.captures
            for s, p in enumerate(other)
            if p is not None and p[0] != to_move
            for um in unit_moves(other, s)
        )
        assert last_sovereign_attacked(pos) == expected
        seen[expected] += 1
    assert seen[True] > 40 and seen[False] > 40, seen
    # Two Sovereigns: not check (losing one of them does not lose the game).
    two = position("w Ki e1", "w An a1", "b Ro e8", "b Ki h8")
    assert not last_sovereign_attacked(Position.from_view(two.view_for(0)))
    one = position("w Ki e1", "b Ro e8", "b Ki h8")
    assert last_sovereign_attacked(Position.from_view(one.view_for(0)))


def test_the_attack_reach_holds_every_square_a_unit_can_capture_from() -> None:
    # For every type and side: a unit alone with its target captures it only from a square the reach
    # lists (the fast "check" test relies on that superset).
    for owner in (0, 1):
        for code in sorted(CODES):
            reach = _reach((owner, code))
            for target in range(0, 64, 3):
                board: list = [None] * 64
                board[target] = (1 - owner, "Pa")
                for s in range(64):
                    if s == target:
                        continue
                    board[s] = (owner, code)
                    if any(target in um.captures for um in unit_moves(board, s)):
                        assert s in reach[target], (owner, code, s, target)
                    board[s] = None


def test_repetition_by_hash_ends_the_game_where_the_positions_key_does() -> None:
    # The search counts positions by their Zobrist hash instead of the 64-square key: the same cycle of
    # moves ends in a draw by repetition at the same move both ways, and taking the moves back undoes it.
    state = position("w Ki a1", "w Kn b1", "b Ki h8", "b Kn g8")
    by_key = Position.from_view(state.view_for(0))
    by_key.seen = {by_key.key(): 1}
    by_hash = prepare(by_key.clone())
    by_hash.track_seen = False
    search = Search(seed=0)
    search.rep = {key_hash(by_hash.key()): 1}
    h = zobrist(by_hash)
    cycle = [("b1", "c3"), ("g8", "f6"), ("c3", "b1"), ("f6", "g8")]
    tokens = []
    ended = []
    for i in range(8):
        origin, dest = cycle[i % 4]
        move = next(
            m
            for m in by_key.legal_actions()
            if m[0] == "move" and (m[1].origin, m[1].dest) == (sq(origin), sq(dest))
        )
        by_key.make(move)
        token, h = search.make(by_hash, move, h)
        tokens.append(token)
        assert (by_key.result is None) == (by_hash.result is None)
        if by_hash.result is not None:
            assert by_hash.result.reason == by_key.result.reason == "repetition"
            ended.append(i)
            break
    assert ended == [7]  # the start position a third time
    while tokens:
        search.unmake(by_hash, tokens.pop())
    assert search.rep == {key_hash(by_hash.key()): 1} and by_hash.result is None


def test_with_qs_evasions_a_last_sovereign_with_no_escape_at_the_horizon_is_seen_lost(
    monkeypatch,
) -> None:
    # One ply and quiescence: after Ra1-a8 Black's King on h8 is attacked and cannot get away (own Pawns
    # on g7, h7). With `QS_EVASIONS` quiescence does not stand pat there: Black has to answer the attack,
    # and every answer loses the King. Without them (and without `THREATS`) the win is one ply too deep;
    # `THREATS` sees it too: Ra1-a8 threatens the King, so Black has to answer it.
    state = position("w Ki g1", "w Ro a1", "w Pa g2", "w Pa h2", "b Ki h8", "b Pa g7", "b Pa h7", "b Kn b4")
    pos = Position.from_view(state.view_for(0))
    monkeypatch.setattr(search_module, "THREATS", False)
    monkeypatch.setattr(search_module, "QS_EVASIONS", 0)
    assert decide(pos, budget_ms=None, max_depth=1, seed=3)["value"] < 100
    for threats, evasions in ((False, 1), (True, 0)):
        monkeypatch.setattr(search_module, "THREATS", threats)
        monkeypatch.setattr(search_module, "QS_EVASIONS", evasions)
        found = decide(pos, budget_ms=None, max_depth=1, seed=3)
        assert found["value"] > 9000
        assert (found["move"][1].origin, found["move"][1].dest) == (sq("a1"), sq("a8"))


def test_capturing_an_immortal_is_ordered_as_the_little_it_gains() -> None:
    # A taken Immortal goes back to its Barracks: taking it gains its price less the Barracks share, so
    # the Queen's capture of the Rook comes first, and the Pawn's capture of a Knight before the Immortal.
    state = position("w Ki a1", "w Qu d4", "w Pa c3", "b Ki h8", "b Im d6", "b Ro g4", "b Kn b4")
    pos = prepare(Position.from_view(state.view_for(0)))
    ordered = Search(seed=1)._order(pos, list(pos.legal_actions()), None, 0)
    captures = [(m[1].origin, m[1].dest) for m in ordered if m[0] == "move" and m[1].captures]
    assert captures.index((sq("d4"), sq("g4"))) < captures.index((sq("d4"), sq("d6")))
    assert captures.index((sq("c3"), sq("b4"))) < captures.index((sq("d4"), sq("d6")))


TRAP = ("w Ki a1", "w Ro d1", "w Pa e6", "w Pa h5", "b Ki b6", "b Kn h8")
"""Black's Knight on h8 has no safe square (f7 and g6 are the Pawns'); Rd1-d8 attacks it."""


def test_a_quiet_move_threatens_a_more_valuable_or_an_undefended_unit(monkeypatch) -> None:
    monkeypatch.setattr(search_module, "TRAPPED", 0)  # any attacked unit, whatever moves it has
    pos = prepare(Position.from_view(position(*TRAP).view_for(0)))
    moves = {(m[1].origin, m[1].dest): m for m in pos.legal_actions() if m[0] == "move"}
    before = list(pos.board)
    assert threatens(pos, moves[(sq("d1"), sq("d8"))])  # the undefended Knight
    assert not threatens(pos, moves[(sq("d1"), sq("d2"))])
    assert not threatens(pos, moves[(sq("e6"), sq("e7"))])  # attacks d8 and f8: empty
    assert pos.board == before  # the test leaves the board as it was
    guarded = prepare(Position.from_view(position(*TRAP, "b Bi g7").view_for(0)))
    rook = next(m for m in guarded.legal_actions() if m[0] == "move" and m[1].dest == sq("d8"))
    assert not threatens(guarded, rook)  # the Knight defended by the Bishop, and cheaper than the Rook
    queen = prepare(
        Position.from_view(position("w Ki a1", "w Kn b1", "b Ki h8", "b Qu b5", "b Ro c5").view_for(0))
    )
    knight = next(m for m in queen.legal_actions() if m[0] == "move" and m[1].dest == sq("c3"))
    assert threatens(queen, knight)  # the Knight attacks a Queen (defended by the Rook, but dearer)
    # With `TRAPPED` only a unit with at most that many moves of its own counts: the Knight on h8 (two
    # moves, f7 and g6) still, the Queen on b5 (many) no longer.
    monkeypatch.setattr(search_module, "TRAPPED", 2)
    assert threatens(pos, moves[(sq("d1"), sq("d8"))])
    assert not threatens(queen, knight)


def test_the_trap_of_a_unit_with_no_safe_square_is_seen_at_the_horizon(monkeypatch) -> None:
    # One ply and quiescence: after Rd1-d8 Black stands pat on its Knight without the threat rule, and
    # then the trap is one ply too deep; with it every answer is tried and each loses the Knight.
    pos = Position.from_view(position(*TRAP).view_for(0))
    monkeypatch.setattr(search_module, "THREATS", False)
    without = decide(pos, budget_ms=None, max_depth=1, seed=3)
    assert (without["move"][1].origin, without["move"][1].dest) == (sq("e6"), sq("e7"))  # the Pawn on
    monkeypatch.setattr(search_module, "THREATS", True)
    found = decide(pos, budget_ms=None, max_depth=1, seed=3)
    assert found["value"] > without["value"] + 1.0  # the Knight (3) seen won, more than the Pawn's step
    assert (found["move"][1].origin, found["move"][1].dest) == (sq("d1"), sq("d8"))


def test_fairy_armies_use_the_threat_rule_and_chess_armies_do_not(monkeypatch) -> None:
    # The same trap with THREATS off: where a unit of a type chess lacks waits in a Barracks (a Monk),
    # FAIRY_THREATS turns the rule on for that search (every attacked unit counting) and Rd1-d8 is found
    # at one ply; with chess units only, or with FAIRY_THREATS off, the search stands pat as before.
    monkeypatch.setattr(search_module, "THREATS", False)
    monkeypatch.setattr(search_module, "FAIRY_THREATS", True)
    chess = Position.from_view(position(*TRAP).view_for(0))
    fairy = Position.from_view(position(*TRAP, barracks=(("Mo",), ())).view_for(0))
    assert not search_module.has_fairy_units(chess) and search_module.has_fairy_units(fairy)
    assert search_module.has_fairy_units(Position.from_view(position(*TRAP, "b Mo a8").view_for(0)))
    plain = decide(chess, budget_ms=None, max_depth=1, seed=3)
    assert (plain["move"][1].origin, plain["move"][1].dest) == (sq("e6"), sq("e7"))
    found = decide(fairy, budget_ms=None, max_depth=1, seed=3)
    assert (found["move"][1].origin, found["move"][1].dest) == (sq("d1"), sq("d8"))
    monkeypatch.setattr(search_module, "FAIRY_THREATS", False)
    off = decide(fairy, budget_ms=None, max_depth=1, seed=3)
    assert (off["move"][1].origin, off["move"][1].dest) != (sq("d1"), sq("d8"))


def test_two_forced_passes_in_a_row_are_a_draw_in_the_search() -> None:
    # Neither side has an order: the search passes twice and sees the draw (D-PB-11e) at once, instead
    # of a static value two plies on; the hash and the pass count come back after unmake.
    state = boxed_white(*BOXED_BLACK)
    pos = prepare(Position.from_view(state.view_for(0)))
    assert pos.legal_actions() == [("pass",)]
    found = decide(pos, budget_ms=None, max_depth=2, seed=1)
    assert found["value"] == 0.0 and found["depth"] >= 2
    search = Search(seed=1)
    h = zobrist(pos)
    first, h1 = search.make(pos, ("pass",), h)
    assert pos.result is None and search.passes == 1
    second, _h2 = search.make(pos, ("pass",), h1)
    assert pos.result is not None and pos.result.reason == "passes" and pos.result.winner is None
    search.unmake(pos, second)
    assert pos.result is None and search.passes == 1
    search.unmake(pos, first)
    assert search.passes == 0 and zobrist(pos) == h
