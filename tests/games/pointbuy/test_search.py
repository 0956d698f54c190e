"""The search of the normal and hard levels (warchest_bot/games/pointbuy/search.py): its Zobrist hash
follows make/unmake through the game's own rules (Immortals back to the Barracks, Charger multi-captures,
Oracle shots, deploys, promotions), its piece-square tables come from the units' moves, and it finds
what a deeper search must find (a forced Sovereign capture two moves ahead, promotion, not hanging its
last Sovereign) deterministically without a clock and within its budget with one."""

from __future__ import annotations

import random
import time

from warchest_bot.games.pointbuy.ai import Position, SearchPlayer
from warchest_bot.games.pointbuy.engine import CODES, PRICES, PBState
from warchest_bot.games.pointbuy.search import Search, decide, evaluate, prepare, tables, zobrist
from warchest_bot.games.units import parse_square


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
            pos.unmake(token)
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
