"""Iterative-deepening alpha-beta (negamax) for two-player games with no hidden information and no chance.

The search works over any state that offers ``current_player``, ``legal_actions()``, ``apply(action)``,
``clone()``, ``is_terminal()`` and ``result`` (with ``result.winner``: a seat or None for a draw), i.e. the
games/base.py `GameState` protocol. A state that also offers ``make(action) -> token`` and
``unmake(token)`` is searched in place (no clone per node) when ``make_unmake`` is true.

What the caller gives:

- ``evaluate(state, seat) -> float``: how good a non-terminal position is for ``seat`` (positive: good),
  comparable with other positions of the same game and well inside ``±WIN``;
- ``order_key(state, action) -> float`` (optional): how promising an action looks; actions are searched
  from the highest key down (the best action of the previous iteration, and of the transposition table,
  first of all);
- ``noisy(state, action) -> bool`` (optional): actions a quiescence search keeps playing at the horizon
  (captures, promotions), so a leaf is never valued in the middle of an exchange; the side to move may
  always "stand pat" on the static evaluation (``quiescence_depth`` plies at most, and only the
  ``quiescence_width`` most promising noisy actions by ``order_key`` when set);
- ``key(state) -> Hashable`` (optional): a position key for the transposition table (the table is off
  without it).

Terminal states are valued ``WIN - ply`` for the winner (a faster win is better, a slower loss is better),
``-(WIN - ply)`` for the loser and ``draw_value`` for a draw. A seat that acts twice in a row (a follow-up
decision) is handled: the value is only negated when the side to move changes.

`search` deepens one ply at a time until ``max_depth`` or the time budget (``budget_ms``, wall clock) runs
out; an interrupted iteration keeps what it proved (the previous best action is searched first, so any
action that beat it in the interrupted iteration is really better). Without a time budget the result is a
pure function of the position and the arguments.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

WIN = 1_000_000.0
"""The value of a won terminal position (minus the plies it takes to get there)."""

_WIN_THRESHOLD = WIN / 2
_CHECK_EVERY = 16
"""Nodes between two looks at the clock."""

_EXACT, _LOWER, _UPPER = 0, 1, 2

Evaluate = Callable[[Any, int], float]
OrderKey = Callable[[Any, Any], float]
Noisy = Callable[[Any, Any], bool]
PositionKey = Callable[[Any], Hashable]


class _OutOfTime(Exception):
    """Raised inside the tree when the budget is spent; the iteration in progress is abandoned."""


@dataclass
class SearchResult:
    """What one search found: the chosen action, its value for the side to move at the root, the deepest
    iteration completed, and figures."""

    action: Any
    value: float
    depth: int
    """The deepest iteration that finished (0: not even depth 1 finished)."""
    nodes: int
    seconds: float
    pv: list[Any] = field(default_factory=list)
    """The expected line (principal variation) from the transposition table, when it has one."""
    complete: bool = False
    """Whether the search proved the game's value (every line ended) or reached ``max_depth``."""

    @property
    def is_win(self) -> bool:
        return self.value > _WIN_THRESHOLD

    @property
    def is_loss(self) -> bool:
        return self.value < -_WIN_THRESHOLD


def terminal_value(state: Any, seat: int, ply: int, draw_value: float = 0.0) -> float:
    """The value of a finished game for ``seat``, ``ply`` plies below the root."""
    winner = state.result.winner
    if winner is None:
        return draw_value
    return WIN - ply if winner == seat else -(WIN - ply)


class AlphaBeta:
    """One searcher with its settings and (optionally) a transposition table kept between searches.

    >>> searcher = AlphaBeta(evaluate, order_key=key, noisy=is_capture, key=position_key)
    >>> found = searcher.search(state, budget_ms=1000, max_depth=64)      # doctest: +SKIP
    >>> found.action, found.depth                                         # doctest: +SKIP
    """

    def __init__(
        self,
        evaluate: Evaluate,
        *,
        order_key: OrderKey | None = None,
        noisy: Noisy | None = None,
        key: PositionKey | None = None,
        draw_value: float = 0.0,
        quiescence_depth: int = 6,
        quiescence_width: int | None = None,
        make_unmake: bool = False,
        table_size: int = 200_000,
    ) -> None:
        self.evaluate = evaluate
        self.order_key = order_key
        self.noisy = noisy
        self.key = key
        self.draw_value = draw_value
        self.quiescence_depth = quiescence_depth
        self.quiescence_width = quiescence_width
        self.make_unmake = make_unmake
        self.table_size = table_size
        self.table: dict[Hashable, tuple[int, float, int, Any]] = {}
        """Position key -> (depth, value, bound kind, best action)."""
        self._nodes = 0
        self._deadline: float | None = None

    # --- the public entry ------------------------------------------------------------------------------
    def search(
        self,
        state: Any,
        *,
        budget_ms: float | None = None,
        max_depth: int = 64,
        min_depth: int = 1,
        grace: float = 3.0,
    ) -> SearchResult:
        """The best action for ``state.current_player`` by iterative deepening (``state`` is not changed).

        Iterations deeper than ``min_depth`` stop at ``budget_ms``; the first ``min_depth`` ones may run
        on to ``grace`` times the budget (so a tiny budget still looks one ply ahead), then stop as well.
        An iteration stopped half-way keeps the best of the actions it finished (the previous iteration's
        best first); if none finished at all, the action first in order comes back (``depth`` 0).
        """
        start = time.perf_counter()
        self._nodes = 0
        if len(self.table) > self.table_size:
            self.table.clear()
        root = state.clone()
        seat = root.current_player
        actions = list(root.legal_actions())
        if not actions:
            raise ValueError("no legal action to search")
        actions = self._ordered(root, actions, None)
        best_action, best_value, depth_done = actions[0], -WIN * 2, 0
        complete = False
        for depth in range(1, max(1, max_depth) + 1):
            if budget_ms is None:
                self._deadline = None
            else:
                self._deadline = start + (budget_ms if depth > min_depth else grace * budget_ms) / 1000.0
            try:
                value, action, ordered, proven = self._root(root, seat, depth, actions, best_action)
            except _OutOfTime as partial:
                found = partial.args[0] if partial.args else None
                if found is not None:
                    best_value, best_action = found
                break
            best_action, best_value, depth_done, actions = action, value, depth, ordered
            if proven or abs(value) > _WIN_THRESHOLD:
                complete = True
                break
            if len(actions) == 1 and depth >= min_depth:
                break
            if budget_ms is not None and time.perf_counter() - start > budget_ms / 1000.0:
                break
        else:
            complete = True
        self._deadline = None
        return SearchResult(
            action=best_action,
            value=best_value,
            depth=depth_done,
            nodes=self._nodes,
            seconds=time.perf_counter() - start,
            pv=self._principal_variation(root, best_action, depth_done),
            complete=complete,
        )

    # --- the tree --------------------------------------------------------------------------------------
    def _root(
        self, root: Any, seat: int, depth: int, actions: list[Any], previous_best: Any
    ) -> tuple[float, Any, list[Any], bool]:
        """One iteration at the root: the best value and action, the actions re-ordered by their values
        (best first, for the next iteration) and whether every line was searched to its end."""
        if previous_best in actions:
            actions = [previous_best] + [a for a in actions if a != previous_best]
        alpha, beta = -WIN * 2, WIN * 2
        best_value, best_action = -WIN * 2, actions[0]
        scored: list[tuple[float, int, Any]] = []
        all_proven = True
        for index, action in enumerate(actions):
            try:
                value, proven = self._child_value(root, seat, action, depth, 1, alpha, beta)
            except _OutOfTime:
                # Actions searched fully in this iteration are compared with each other; the first (the
                # previous best) was among them, so a better one found here is really better.
                raise _OutOfTime((best_value, best_action) if index > 0 else None) from None
            all_proven = all_proven and proven
            scored.append((value, index, action))
            if value > best_value:
                best_value, best_action = value, action
            if value > alpha:
                alpha = value
        # Stable: equal values keep the order they were searched in.
        scored.sort(key=lambda t: (-t[0], t[1]))
        if self.key is not None:
            self._store(self.key(root), depth, best_value, _EXACT, best_action)
        return best_value, best_action, [a for _, _, a in scored], all_proven

    def _child_value(
        self, state: Any, seat: int, action: Any, depth: int, ply: int, alpha: float, beta: float
    ) -> tuple[float, bool]:
        """The value for ``seat`` of playing ``action`` in ``state`` (``ply`` counts from the root), and
        whether it is proven (the line ended in a terminal state within the depth)."""
        if self.make_unmake:
            token = state.make(action)
            try:
                return self._value_after(state, seat, depth, ply, alpha, beta)
            finally:
                state.unmake(token)
        child = state.clone()
        child.apply(action)
        return self._value_after(child, seat, depth, ply, alpha, beta)

    def _value_after(
        self, child: Any, seat: int, depth: int, ply: int, alpha: float, beta: float
    ) -> tuple[float, bool]:
        if child.is_terminal():
            return terminal_value(child, seat, ply, self.draw_value), True
        if child.current_player == seat:
            return self._negamax(child, depth - 1, ply, alpha, beta)
        value, proven = self._negamax(child, depth - 1, ply, -beta, -alpha)
        return -value, proven

    def _negamax(self, state: Any, depth: int, ply: int, alpha: float, beta: float) -> tuple[float, bool]:
        """The value of ``state`` for its side to move, searched ``depth`` plies deep (then quiescence)."""
        self._tick()
        if depth <= 0:
            return self._quiescence(state, ply, alpha, beta, self.quiescence_depth), False
        seat = state.current_player
        alpha0 = alpha
        position = self.key(state) if self.key is not None else None
        hint = None
        if position is not None:
            entry = self.table.get(position)
            if entry is not None:
                e_depth, e_value, e_kind, hint = entry
                if e_depth >= depth:
                    value = _from_table(e_value, ply)
                    if e_kind == _EXACT:
                        return value, False
                    if e_kind == _LOWER and value >= beta:
                        return value, False
                    if e_kind == _UPPER and value <= alpha:
                        return value, False
        actions = self._ordered(state, list(state.legal_actions()), hint)
        best_value, best_action = -WIN * 2, actions[0]
        all_proven = True
        for action in actions:
            value, proven = self._child_value(state, seat, action, depth, ply + 1, alpha, beta)
            all_proven = all_proven and proven
            if value > best_value:
                best_value, best_action = value, action
            if value > alpha:
                alpha = value
            if alpha >= beta:
                all_proven = False
                break
        if position is not None:
            kind = _UPPER if best_value <= alpha0 else _LOWER if best_value >= beta else _EXACT
            self._store(position, depth, _to_table(best_value, ply), kind, best_action)
        return best_value, all_proven

    def _quiescence(self, state: Any, ply: int, alpha: float, beta: float, left: int) -> float:
        """Stand pat on the static value, or play on with noisy actions (captures) while they help."""
        seat = state.current_player
        stand = self.evaluate(state, seat)
        if self.noisy is None or left <= 0 or stand >= beta:
            return stand
        alpha = max(alpha, stand)
        best = stand
        noisy = self._ordered(state, [a for a in state.legal_actions() if self.noisy(state, a)], None)
        if self.quiescence_width is not None:
            noisy = noisy[: self.quiescence_width]
        for action in noisy:
            self._tick()
            if self.make_unmake:
                token = state.make(action)
                try:
                    value = self._quiescence_child(state, seat, ply + 1, alpha, beta, left)
                finally:
                    state.unmake(token)
            else:
                child = state.clone()
                child.apply(action)
                value = self._quiescence_child(child, seat, ply + 1, alpha, beta, left)
            if value > best:
                best = value
            if value > alpha:
                alpha = value
            if alpha >= beta:
                break
        return best

    def _quiescence_child(
        self, child: Any, seat: int, ply: int, alpha: float, beta: float, left: int
    ) -> float:
        if child.is_terminal():
            return terminal_value(child, seat, ply, self.draw_value)
        if child.current_player == seat:
            return self._quiescence(child, ply, alpha, beta, left - 1)
        return -self._quiescence(child, ply, -beta, -alpha, left - 1)

    # --- helpers ---------------------------------------------------------------------------------------
    def _ordered(self, state: Any, actions: list[Any], hint: Any) -> list[Any]:
        if self.order_key is not None and len(actions) > 1:
            key = self.order_key
            actions = sorted(actions, key=lambda a: -key(state, a))
        if hint is not None and hint in actions:
            actions.remove(hint)
            actions.insert(0, hint)
        return actions

    def _tick(self) -> None:
        self._nodes += 1
        if (
            self._deadline is not None
            and self._nodes % _CHECK_EVERY == 0
            and time.perf_counter() > self._deadline
        ):
            raise _OutOfTime()

    def _store(self, position: Hashable, depth: int, value: float, kind: int, action: Any) -> None:
        old = self.table.get(position)
        if old is None or old[0] <= depth:
            self.table[position] = (depth, value, kind, action)

    def _principal_variation(self, root: Any, first: Any, depth: int) -> list[Any]:
        """The expected line: the chosen action, then the table's best actions while they stay legal."""
        line = [first]
        if self.key is None:
            return line
        state = root.clone()
        state.apply(first)
        seen = {self.key(root)}
        while len(line) < max(depth, 1) and not state.is_terminal():
            position = self.key(state)
            entry = self.table.get(position)
            if position in seen or entry is None or entry[3] not in state.legal_actions():
                break
            seen.add(position)
            line.append(entry[3])
            state.apply(entry[3])
        return line


def _to_table(value: float, ply: int) -> float:
    """Win and loss values are stored relative to the node (as plies from it), not from the root."""
    if value > _WIN_THRESHOLD:
        return value + ply
    if value < -_WIN_THRESHOLD:
        return value - ply
    return value


def _from_table(value: float, ply: int) -> float:
    if value > _WIN_THRESHOLD:
        return value - ply
    if value < -_WIN_THRESHOLD:
        return value + ply
    return value


def search(
    state: Any,
    evaluate: Evaluate,
    *,
    order_key: OrderKey | None = None,
    noisy: Noisy | None = None,
    key: PositionKey | None = None,
    budget_ms: float | None = None,
    max_depth: int = 64,
    draw_value: float = 0.0,
) -> SearchResult:
    """One search with a fresh `AlphaBeta` (see its arguments)."""
    return AlphaBeta(evaluate, order_key=order_key, noisy=noisy, key=key, draw_value=draw_value).search(
        state, budget_ms=budget_ms, max_depth=max_depth
    )
