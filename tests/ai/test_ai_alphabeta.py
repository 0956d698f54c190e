"""The generic alpha-beta search (warchest_bot/ai/alphabeta.py) on tic-tac-toe and a small Nim: exact
values checked against a plain minimax, forced wins found, perfect play draws. No timing asserts."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

import pytest

from warchest_bot.ai.alphabeta import WIN, AlphaBeta, search

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True)
class Result:
    winner: int | None
    reason: str


class TicTacToe:
    """Seat 0 (X) moves first; an action is a cell 0..8. Offers clone/apply and make/unmake."""

    def __init__(self, cells: str = ".........") -> None:
        self.cells = [None if c == "." else (0 if c == "X" else 1) for c in cells]
        self.to_move = 0 if self.cells.count(0) == self.cells.count(1) else 1

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.to_move

    def winner(self) -> int | None:
        for a, b, c in LINES:
            if self.cells[a] is not None and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    def is_terminal(self) -> bool:
        return self.winner() is not None or None not in self.cells

    @property
    def result(self) -> Result | None:
        if not self.is_terminal():
            return None
        return Result(self.winner(), "line")

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [i for i, c in enumerate(self.cells) if c is None]

    def apply(self, action: int) -> None:
        assert self.cells[action] is None and not self.is_terminal()
        self.cells[action] = self.to_move
        self.to_move = 1 - self.to_move

    def make(self, action: int) -> int:
        self.apply(action)
        return action

    def unmake(self, token: int) -> None:
        self.cells[token] = None
        self.to_move = 1 - self.to_move

    def clone(self) -> TicTacToe:
        other = TicTacToe.__new__(TicTacToe)
        other.cells = list(self.cells)
        other.to_move = self.to_move
        return other

    def key(self) -> tuple:
        return (tuple(self.cells), self.to_move)


def open_lines(state: TicTacToe, seat: int) -> float:
    """Lines still open for ``seat`` minus those open for the other (a weak static evaluation)."""
    score = 0
    for line in LINES:
        marks = {state.cells[i] for i in line} - {None}
        if marks == {seat} or not marks:
            score += 1
        if marks == {1 - seat} or not marks:
            score -= 1
    return float(score)


def centre_first(state: TicTacToe, action: int) -> float:
    return {4: 2.0, 0: 1.0, 2: 1.0, 6: 1.0, 8: 1.0}.get(action, 0.0)


@functools.cache
def minimax(cells: tuple, to_move: int) -> int:
    """The exact value for the side to move: +1 win, 0 draw, -1 loss (an independent reference)."""
    state = TicTacToe("".join("." if c is None else "XO"[c] for c in cells))
    state.to_move = to_move
    if state.is_terminal():
        w = state.winner()
        return 0 if w is None else (1 if w == to_move else -1)
    best = -2
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        best = max(best, -minimax(tuple(child.cells), child.to_move))
    return best


def sign(value: float) -> int:
    return 1 if value > WIN / 2 else -1 if value < -WIN / 2 else 0


def reachable_positions(count: int, seed: int, least: int = 0) -> list[TicTacToe]:
    """Positions after ``least`` to 6 random marks (not finished)."""
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        g = TicTacToe()
        for _ in range(rnd.randrange(least, 7)):
            if g.is_terminal():
                break
            g.apply(rnd.choice(g.legal_actions()))
        if not g.is_terminal():
            out.append(g)
    return out


def test_perfect_play_draws_from_the_empty_board() -> None:
    found = search(TicTacToe(), open_lines, order_key=centre_first, max_depth=9)
    assert sign(found.value) == 0 and found.depth == 9
    g = TicTacToe()
    searcher = AlphaBeta(open_lines, order_key=centre_first, key=TicTacToe.key)
    while not g.is_terminal():
        g.apply(searcher.search(g, max_depth=9).action)
    assert g.result.winner is None


def test_finds_the_win_in_one_and_the_fork() -> None:
    # X X . / O O . / . . .  X to move: c1 (cell 2) wins at once.
    found = search(TicTacToe("XX.OO...."), open_lines, max_depth=9)
    assert found.action == 2 and found.value == WIN - 1 and found.depth == 1 and found.complete
    # X O . / . . . / . . .  (X to move): O's edge reply loses to a fork; X wins on its third move.
    g = TicTacToe("XO.......")
    found = search(g, open_lines, max_depth=9)
    assert found.is_win and found.value == WIN - 5  # X, O, X, O blocks one, X completes the other
    child = g.clone()
    child.apply(found.action)
    assert minimax(tuple(child.cells), child.to_move) == -1  # the other side is lost after the move


def test_blocks_the_only_defence() -> None:
    # X X . / . O . / . . .  O to move must take c1 (cell 2); every other move loses.
    found = search(TicTacToe("XX..O...."), open_lines, max_depth=9)
    assert found.action == 2 and not found.is_loss


@pytest.mark.parametrize("mode", ["clone", "make_unmake", "table"])
def test_values_equal_an_exhaustive_minimax(mode: str) -> None:
    searcher = AlphaBeta(
        open_lines,
        order_key=centre_first,
        make_unmake=mode == "make_unmake",
        key=TicTacToe.key if mode == "table" else None,
    )
    # Without a table the deepening repeats a lot of work: fewer and later positions keep the test short.
    positions = reachable_positions(60, seed=3) if mode == "table" else reachable_positions(25, 3, least=2)
    for g in positions:
        before = g.key()
        found = searcher.search(g, max_depth=9)
        assert g.key() == before  # the searched state is left as it was
        exact = minimax(tuple(g.cells), g.to_move)
        assert sign(found.value) == exact, g.cells
        child = g.clone()
        child.apply(found.action)
        assert -minimax(tuple(child.cells), child.to_move) == exact  # the chosen action keeps the value


def test_shallow_depths_and_a_tiny_budget_return_legal_actions() -> None:
    for g in reachable_positions(20, seed=5):
        for depth in (1, 2, 3):
            found = search(g, open_lines, max_depth=depth)
            assert found.action in g.legal_actions() and 1 <= found.depth <= depth
        found = search(g, open_lines, budget_ms=0.001, max_depth=9)
        assert found.action in g.legal_actions() and found.depth <= 9


class Nim:
    """Take 1 or 2 stones; whoever takes the last stone wins. Taking exactly 2 when an even number of
    stones remain gives the same seat another move (a follow-up decision by the same seat)."""

    def __init__(self, stones: int, to_move: int = 0) -> None:
        self.stones, self.to_move, self.last = stones, to_move, None

    @property
    def current_player(self) -> int | None:
        return None if self.stones == 0 else self.to_move

    def is_terminal(self) -> bool:
        return self.stones == 0

    @property
    def result(self) -> Result | None:
        return Result(self.last, "last stone") if self.stones == 0 else None

    def legal_actions(self) -> list[int]:
        return [n for n in (1, 2) if n <= self.stones]

    def apply(self, n: int) -> None:
        again = n == 2 and self.stones % 2 == 0
        self.stones -= n
        self.last = self.to_move
        if not again:
            self.to_move = 1 - self.to_move

    def clone(self) -> Nim:
        other = Nim(self.stones, self.to_move)
        other.last = self.last
        return other


@functools.cache
def nim_value(stones: int) -> int:
    """+1 when the side to move wins with perfect play."""
    if stones == 0:
        return -1
    best = -1
    for n in (1, 2):
        if n <= stones:
            if n == stones:
                return 1
            again = n == 2 and stones % 2 == 0
            best = max(best, nim_value(stones - n) if again else -nim_value(stones - n))
    return best


@pytest.mark.parametrize("stones", range(1, 13))
def test_a_seat_moving_twice_keeps_its_sign(stones: int) -> None:
    found = search(Nim(stones), lambda s, seat: 0.0, max_depth=20)
    assert sign(found.value) == nim_value(stones)
