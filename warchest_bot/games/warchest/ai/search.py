"""The search player: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

The search sees the game only through the acting seat's view. Every iteration samples a determinization
from that view (other seats' unknown coins dealt at random into their hands, bags and face-down discards;
a fresh random generator for every bag draw), then walks one tree whose nodes are action sequences from
the root, as in Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (2012):

- only the children legal in this determinization compete, and each child counts how often it was
  available (its *availability*), which replaces the parent's visit count in the UCB exploration term;
- a child is created with the one-ply value of its action (the greedy player's evaluation, follow-ups
  resolved) as a prior worth ``prior_visits`` visits;
- a node reached for the first time is valued by the best one-ply value among its own actions for the seat
  that acts there (a one-ply greedy reply), instead of a random rollout, which is too slow and too noisy
  in pure Python to tell good moves apart;
- three switches, all off by default and measured in docs/benchmarks.md: ``minimax`` mixes an implicit
  minimax value into the selection (see :data:`DEFAULT_MINIMAX`); ``static_leaves`` values a node reached
  for the first time by its own prior instead (no expansion until its second visit: cheaper iterations,
  shallower leaf values); ``widen`` (progressive widening) lets only the ``1 + widen * sqrt(visits)``
  actions of best prior compete at a node, so the tree goes deeper instead of wider;
- two more settings, at their neutral values by default: ``leaf_mix`` (below 1, a new node's value mixes
  the best one-ply value of the seat acting there with the node's own static value, so that a leaf is not
  valued by an optimistic max for whoever acts there, a bias that alternates with the leaf's depth) and
  ``scale`` (the logistic scale of the evaluation's win chance, :attr:`Weights.scale`, for this search);
- values are win chances of the team that made the move (teammates share rewards in 4 players), so the
  same backup serves 2 and 4 players and decisions owed by another seat (a Royal Guard soak).

The budget is a number of iterations (deterministic for a given seed) and/or a time limit. The search stops
early once the most visited root action cannot be overtaken in the iterations left (counted exactly under an
iteration budget, estimated from the rate so far under a time budget), since more iterations could not
change the choice; ``early_stop=False`` spends the whole budget.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Mapping
from typing import Any

from warchest_bot.games.warchest.engine import Action, GameState

from .base import Player, draft_pick
from .determinize import Determinizer
from .evaluate import DEFAULT_WEIGHTS, Weights, win_probability
from .greedy import action_scores

DEFAULT_ITERATIONS = 400

DEFAULT_EXPLORATION = 0.25
"""The UCB exploration constant. 0.15 until issue 25; 0.25 chose a long search's action more often and with
less regret on fixed positions (bench/wc_ai_quality.py, docs/benchmarks.md)."""


DEFAULT_MINIMAX = 0.0
"""Weight of the implicit minimax value in the selection (Lanctot, Winands, Pepels & Sturtevant, "Monte Carlo
Tree Search with Heuristic Evaluations using Implicit Minimax Backups", 2014): a child's value in the UCB
formula is ``(1 - minimax) * mean + minimax * minimax value``, the minimax value being backed up from the
one-ply values at the tree's frontier. 0 is plain SO-ISMCTS."""


_CHECK_EVERY = 16
"""How often (in iterations) the search checks whether its choice is already decided."""


def _iterations_left(done: int, limit: int | None, start: float, deadline: float | None) -> float:
    """Iterations the budget still allows: exact under an iteration budget, estimated from the rate so far
    under a time budget (the smaller of the two when both are set)."""
    left = math.inf
    if limit is not None:
        left = limit - done
    if deadline is not None:
        now = time.perf_counter()
        left = min(left, done * max(0.0, deadline - now) / max(now - start, 1e-9))
    return left


def _decided(root: _Node, left: float) -> bool:
    """Whether the most visited root child keeps its place however the ``left`` iterations go (each adds
    one visit to one child)."""
    first = second = 0
    for ch in (root.children or {}).values():
        v = ch.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


class _Node:
    __slots__ = ("children", "n", "w", "avail", "visits", "mm", "p")

    def __init__(self, prior: float = 0.5, prior_visits: float = 0.0) -> None:
        self.children: dict[Action, _Node] | None = None
        self.n = prior_visits
        """Visits plus the prior's virtual visits."""
        self.w = prior * prior_visits
        """Sum of rewards for the team that moved into this node."""
        self.avail = 0
        self.visits = 0
        """Real visits."""
        self.mm = prior
        self.p = prior
        """The prior (the one-ply value of the move into this node)."""
        """Implicit minimax value for the team that moved into this node: its prior until it is expanded,
        then the best of its children's for the team to act there (in the last determinization that
        passed through it)."""


class SearchPlayer(Player):
    """SO-ISMCTS over determinizations of the acting seat's view (see the module docstring)."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        budget_ms: float | None = None,
        iterations: int | None = None,
        *,
        exploration: float = DEFAULT_EXPLORATION,
        prior_visits: float = 2.0,
        weights: Weights = DEFAULT_WEIGHTS,
        early_stop: bool = True,
        minimax: float = DEFAULT_MINIMAX,
        static_leaves: bool = False,
        widen: float = 0.0,
        leaf_mix: float = 1.0,
        scale: float | None = None,
    ) -> None:
        super().__init__(seed)
        if prior_visits <= 0:
            raise ValueError("prior_visits must be positive")
        if budget_ms is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.exploration = exploration
        self.prior_visits = prior_visits
        if scale is not None:
            if scale <= 0:
                raise ValueError("scale must be positive")
            weights = dataclasses.replace(weights, scale=scale)
        self.weights = weights
        self.early_stop = early_stop
        if not 0.0 <= minimax <= 1.0:
            raise ValueError("minimax must be between 0 and 1")
        self.minimax = minimax
        self.static_leaves = bool(static_leaves)
        if widen < 0:
            raise ValueError("widen must be positive (or 0: no progressive widening)")
        self.widen = widen
        if not 0.0 <= leaf_mix <= 1.0:
            raise ValueError("leaf_mix must be between 0 and 1")
        self.leaf_mix = leaf_mix

    # The only entry point: works from the view alone (Player.choose passes g.view_for(current_player)).
    def choose_from_view(self, view: Mapping[str, Any]) -> Action:
        start = time.perf_counter()
        rnd = self.decision_rng(view)
        det = Determinizer(view)
        first = det.sample(rnd)
        legal = first.legal_actions()
        if len(legal) == 1:
            self.stats = {"iterations": 0, "ms": 0.0}
            return legal[0]
        if first.phase == "draft":
            self.stats = {"iterations": 0, "ms": 0.0}
            return draft_pick(legal)
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000.0
        limit = self.iterations
        root = _Node()
        done = 0
        stopped_early = False
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if self.early_stop and done >= _CHECK_EVERY and done % _CHECK_EVERY == 0:
                left = _iterations_left(done, limit, start, deadline)
                if _decided(root, left):
                    stopped_early = True
                    break
            self._iterate(root, det.sample(rnd))
            done += 1
        children = root.children or {}
        best = max(
            legal,
            key=lambda a: (children[a].visits, children[a].w / children[a].n) if a in children else (-1, 0.0),
        )
        self.stats = {
            "iterations": done,
            "ms": (time.perf_counter() - start) * 1000.0,
            "stopped_early": stopped_early,
            "root": sorted(((c.visits, round(c.w / c.n, 3), a) for a, c in children.items()), reverse=True)[
                :5
            ],
        }
        return best

    def analyse(
        self, view: Mapping[str, Any], only: frozenset[Action] | None = None
    ) -> dict[Action, tuple[int, float]]:
        """The root statistics of one search from ``view`` (the whole budget, no early stop): for each root
        action searched, its real visits and its value, the mean win chance of the mover's team over the
        iterations through it (the prior included). ``only`` restricts the root to those actions (e.g. one
        action, to value it with every iteration). Used by the game review; a pure function of (seed, view)
        under an iteration budget."""
        start = time.perf_counter()
        rnd = self.decision_rng(view)
        det = Determinizer(view)
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000.0
        root = _Node()
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, det.sample(rnd), only)
            done += 1
        return {
            a: (c.visits, c.w / c.n) for a, c in (root.children or {}).items() if only is None or a in only
        }

    def _add_children(self, node: _Node, g: GameState, legal: list[Action]) -> dict[Action, _Node]:
        """The children of ``node``, after creating those of ``legal`` (legal in ``g``) that it lacks."""
        children = node.children
        if children is None:
            children = node.children = {}
        new = [a for a in legal if a not in children]
        if new:
            scores = action_scores(g, new, self.weights)
            pv = self.prior_visits
            w = self.weights
            for a, s in zip(new, scores, strict=True):
                # Scores are already for the team of the seat to act, which is the team that moves into a.
                children[a] = _Node(win_probability(s, w), pv)
        return children

    def _iterate(self, root: _Node, g: GameState, only: frozenset[Action] | None = None) -> None:
        c = self.exploration
        alpha = self.minimax
        keep = 1.0 - alpha
        lazy = self.static_leaves
        widen = self.widen
        mix = self.leaf_mix
        log = math.log
        sqrt = math.sqrt
        node = root
        path: list[tuple[_Node, int]] = []
        legals: list[list[Action]] = []
        team_of = g.team_of
        while True:
            if g.result is not None:
                winner = g.result.winner
                value0 = 0.5 if winner is None else (1.0 if winner == 0 else 0.0)
                break
            if lazy and node.visits == 0 and node is not root:
                # A node reached for the first time is valued by its own prior (no expansion yet).
                v = node.w / node.n
                value0 = v if path[-1][1] == 0 else 1.0 - v
                break
            team = team_of[g.current_player]  # type: ignore[index]
            legal = g.legal_actions()
            children = self._add_children(node, g, legal)
            if node.visits == 0 and node is not root:
                # A node reached for the first time: its value is the best prior of its actions.
                v = max(children[a].w / children[a].n for a in legal)
                value0 = v if team == 0 else 1.0 - v
                if mix < 1.0:
                    # Mixed with the node's own static value (its prior, for the team that moved into it).
                    p = node.p if path[-1][1] == 0 else 1.0 - node.p
                    value0 = mix * value0 + (1.0 - mix) * p
                break
            if only is not None and node is root:
                legal = [a for a in legal if a in only] or legal
            elif widen:
                # Progressive widening: only the 1 + widen * sqrt(visits) actions of best prior compete.
                k = 1 + int(widen * sqrt(node.visits))
                if len(legal) > k:
                    legal = sorted(legal, key=lambda a: children[a].p, reverse=True)[:k]  # noqa: B023
            best_a = legal[0]
            best_ch = children[best_a]
            best_u = -1.0  # every UCB value is >= 0, so the first action starts as the best
            if alpha:
                for a in legal:
                    ch = children[a]
                    ch.avail += 1
                    u = keep * ch.w / ch.n + alpha * ch.mm + c * sqrt(log(ch.avail) / ch.n)
                    if u > best_u:
                        best_u, best_a, best_ch = u, a, ch
                legals.append(legal)
            else:
                for a in legal:
                    ch = children[a]
                    ch.avail += 1
                    u = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
                    if u > best_u:
                        best_u, best_a, best_ch = u, a, ch
            g.apply(best_a)
            path.append((best_ch, team))
            node = best_ch
        root.visits += 1
        for ch, team in path:
            ch.visits += 1
            ch.n += 1
            ch.w += value0 if team == 0 else 1.0 - value0
        if alpha and path:
            # The minimax values, bottom up: the frontier node's is its reward; each node above takes the
            # best of its children legal in this determinization, for the team that acts there.
            leaf, team = path[-1]
            leaf.mm = value0 if team == 0 else 1.0 - value0
            for i in range(len(path) - 1, 0, -1):
                parent, parent_team = path[i - 1]
                kids = parent.children or {}
                acting = path[i][1]
                best = max(kids[a].mm for a in legals[i])
                parent.mm = best if acting == parent_team else 1.0 - best
