"""caissify-pairings' FIDE Dutch engine with its bracket procedure computed faster, the same pairings.

caissify-pairings (Apache-2.0, version 0.5.0 pinned in constraints.txt) follows bbpPairings: each bracket is
settled by a series of maximum-weight matchings over every entrant, each matching after a few edge weights
changed. It keeps the weights in a dict that it turns into a new networkx graph for every matching (106
matchings of up to 19,900 edges for round 2 of 200 entrants, measured), and computes the weight of every pair of
entrants in Python, several times per round. `FastDutchEngine` overrides one method of its engine,
``DutchEngine._pair_iterative_mwm``, with a copy of caissify-pairings 0.5.0's own in which only these
changed (each marked ``# CHANGED`` below):

- the weights live in one py4swiss compiled matching (`_Weights`: bbpPairings' incremental weighted
  blossom in C++), which is told only the weights that changed and updates its previous matching (of
  each changed edge it is told first the endpoint with more changed edges, and when it costs less a new
  computer leaves out the pairs already finalized, and when its last answer is provably still optimal,
  as after a player's preferred opponent was raised and it is that player's partner already, or can be
  at no cost, it is not asked at all: `_Weights._still_optimal`); the preliminary matching of an odd
  field has one of its own;
- each weight is caissify's own ``_compute_bracket_edge_weight``, computed once per kind of pair and reused
  (`_WeightCache`: it depends on the pair only through whether they met and through what each entrant's
  key holds);
- "is this entrant's partner a resident of the bracket" is a set lookup instead of a scan of the bracket.
- three type annotations.

Everything else, the procedure and every weight, is caissify-pairings'. The tests check that the pairings
are the library's own on random events, and (``check_weights``) that every cached weight is the one the
library computes for that pair.

Copyright of the copied method: the caissify-pairings authors, Apache License 2.0 (its LICENSE and NOTICE
are in ``licenses/`` beside this module, and in the wheel); modified as listed above.
"""

# The method below is the library's code, kept as it is but for the changes marked: its style is not this project's.
# ruff: noqa: B007, B023, E741, F841, SIM102, SIM108, SIM113, UP006, UP035, UP045

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from caissify_pairings.engines.dutch import DutchEngine, DutchPlayer, FloatDir
from py4swiss.dynamicuint import DynamicUint
from py4swiss.matching_computer import ComputerDutchOptimality


class _Weights:
    """The edge weights of one pairing's graph and the compiled matching that answers for them, as
    ``networkx.max_weight_matching(G, maxcardinality=True)`` of the graph of the positive weights would.

    A cardinality bonus above any sum of weights makes the computer's maximum-weight matching a
    maximum-cardinality one. The computer's weights have one width, fixed when it is made (at the first
    matching, from the widest weight then); a wider weight later makes a new computer with every edge.

    Of each changed edge the computer is told one endpoint first, and it re-solves around the endpoints it
    was told (either one keeps the matching optimal: bbpPairings names the player whose edges it changed).
    Naming the endpoint with more changed edges makes a step that changed one or two entrants' edges
    re-solve around those alone; naming the lower index, as before, re-solved around every entrant above
    a finalized pair's lower player (the same matchings; round 2 of 400 entrants 3.4 s of CPU instead of
    13.8 s).

    The pairs the procedure finalized (`match`) stay in the computer, as isolated edges, until a new
    computer without them costs less than the next re-solve; then the rest is solved among fewer
    vertices (round 2 of 1,000 entrants 54.7 s of CPU instead of 65.0 s, the same pairings)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.rows: list[list[int]] = [[0] * size for _ in range(size)]
        self.degree = [0] * size  # each vertex's number of edges (of positive weight)
        self.dirty: dict[tuple[int, int], int] = {}
        self.computer: Any = None
        self.bits = 0
        self.bonus = 0
        self.parts = 1
        self.zero: Any = None
        self.uints: dict[int, Any] = {}
        self.local: list[int] = list(range(size))  # vertex -> its index in the computer, -1 if left out
        self.vertices: list[int] = list(range(size))  # the computer's vertices
        self.locked: dict[int, int] = {}  # vertex -> partner: locked pairs, in the computer or not
        self.ones: list[tuple[int, int]] = []  # edges of weight 1 set since the last matching
        self.reopened = False  # an edge of a vertex left out of the computer changed
        self.partners: Optional[List[int]] = None  # the last matching's answer
        self.since: dict[tuple[int, int], int] = {}  # edge -> its weight at the last answer, if changed
        self.skip = True  # answer without the computer when the last answer is provably still optimal
        self.skipped = 0
        self.computed = 0

    def set(self, i: int, j: int, w: int) -> None:
        """Set the weight of edge ``i``-``j`` (0 or less: no edge; ``i == j`` is ignored, as a graph
        without self-loops would)."""
        if i == j:
            return
        w = max(w, 0)
        old = self.rows[i][j]
        if old != w:
            self.rows[i][j] = self.rows[j][i] = w
            if not old or not w:
                step = 1 if w else -1
                self.degree[i] += step
                self.degree[j] += step
            key = (i, j) if i < j else (j, i)
            self.dirty[key] = i
            self.since.setdefault(key, old)
            if w == 1:
                self.ones.append((i, j))
            if i in self.locked or j in self.locked:
                self.reopened = True

    def _alone(self, i: int, j: int) -> bool:
        """Whether ``i``'s only edge is the one to ``j``, of weight 1."""
        return self.rows[i][j] == 1 and self.degree[i] == 1

    def _new_computer(self, bits: int) -> None:
        size = self.size
        self.vertices = [v for v in range(size) if v not in self.locked]
        self.local = [-1] * size
        for k, v in enumerate(self.vertices):
            self.local[v] = k
        self.bits = bits
        self.bonus = 1 << (bits + max(1, size.bit_length()))
        # weight + bonus, plus room for sums over size / 2 edges and the computer's 2-bit margin.
        total = bits + 2 * max(1, size.bit_length()) + 4
        self.parts = (total + 31) // 32 + 1
        top = DynamicUint(1)
        top.shift_grow(32 * self.parts - 3)
        self.zero = top & 0
        self.uints = {}
        self.computer = ComputerDutchOptimality(
            len(self.vertices), self._uint_of((1 << (32 * self.parts - 3)) - 1)
        )
        for _ in self.vertices:
            self.computer.add_vertex()
        rows, vertices = self.rows, self.vertices
        self.dirty = {(i, j): i for a, i in enumerate(vertices) for j in vertices[a + 1 :] if rows[i][j]}

    def _uint_of(self, value: int) -> Any:
        out = DynamicUint(self.zero)
        for k in reversed(range(self.parts)):
            out <<= 32
            out |= (value >> (32 * k)) & 0xFFFFFFFF
        return out

    def _uint(self, w: int) -> Any:
        if not w:
            return self.zero
        out = self.uints.get(w)
        if out is None:
            out = self.uints[w] = self._uint_of(w + self.bonus)
        return out

    def match(self) -> List[int]:
        """Each vertex's partner in a maximum-weight maximum-cardinality matching (itself if unmatched).

        A locked pair (an edge of weight 1, its two ends' only edge: the procedure's finalized pairs) is
        matched in every such matching, whatever the rest is, and the rest's optimum is the same without
        it (the matching of a graph is the union of its components' matchings, and the bonus is per
        edge). So a new computer leaves the locked pairs out; one is made when that costs less than
        re-solving around the vertices told first in a computer of every vertex (about ``m ** 3``
        against ``k * N ** 2`` steps, ``m`` the vertices kept, ``k`` those told first, ``N`` the current
        computer's size).

        Without the computer, the last answer is given again when it is provably still optimal
        (`_still_optimal`)."""
        answer = self._still_optimal() if self.skip and self.partners is not None else None
        if answer is not None:
            self.partners = answer
            self.since = {}
            self.skipped += 1
            return list(answer)
        partners = self._compute()
        self.partners = list(partners)
        self.since = {}
        self.computed += 1
        return partners

    def _still_optimal(self) -> Optional[List[int]]:
        """A maximum-weight maximum-cardinality matching of the current weights found from the last
        answer ``M`` alone, in which the one vertex whose edges changed (if any) has the same partner as in
        every such matching; None when the changes since ``M`` are not of the kinds below.

        Every edge changed since ``M`` must either (a) touch a pair ``p``-``q`` of ``M`` now locked (its
        edge positive, every other edge of ``p`` and ``q`` 0: `_finalize_pair`), or (b) touch one
        vertex ``v``, and of those the edge ``v``-``u`` gained strictly the most, and more than nothing.
        The answer is ``M`` if ``u`` is ``M[v]``; else ``M`` with ``v``-``u`` swapped in, if that costs
        nothing: ``M[v]``-``M[u]`` in place of ``v``-``M[v]`` and ``u``-``M[u]`` (or, ``u`` unmatched,
        ``v``-``u`` in place of ``v``-``M[v]``) with the same total of the weights before (b).

        Proof. Let ``W`` be an edge's weight plus the cardinality bonus (0: no edge), so the optimum is
        the matching of largest total ``W``. Apply the changes in two steps. (a): every maximal matching
        ``N`` of the new graph contains ``p``-``q`` (they have no other edge); ``N`` less it is a
        matching of the graph without ``p`` and ``q``, whose weights did not change in this step, so its
        total is at most that of ``M`` less ``p``-``q`` (else, with ``p``-``q`` added back, it would
        beat ``M`` before the step): ``M`` is still optimal. The swap, of edges that (a) does not touch
        (``v``, ``u``, ``M[v]``, ``M[u]`` are in no locked pair, or their edges would not be in (b)),
        gives a matching ``M'`` of the same total, optimal too, with ``M'[v] = u``. (b): write ``d(e)``
        for the change of an edge ``e`` of ``v`` (0 if unchanged). Any matching ``N`` gains ``d`` of its
        edge at ``v`` (or nothing), at most ``d(v-u)``, and its total before was at most ``M'``'s:
        ``M'`` is still optimal, and a matching as good must have gained as much, so it matches ``v`` to
        ``u``. Every edge of ``M'`` is still there ((a) keeps ``p``-``q``, (b) raised ``v``-``u``; the
        answer is checked for that all the same).

        These are the procedure's steps that give a player its most-preferred opponent (Phases 2 and 8:
        the player's edges raised by a larger addend the higher the opponent) after the last step's pair
        was finalized: it reads that player's partner, the same in every optimum, and goes on from an
        optimum of the same weights, as it does from the computer's. The computer is told the changes
        at the next matching it computes."""
        since = self.since
        partners = self.partners
        assert partners is not None
        if not since:
            return partners
        rows = self.rows
        locked: dict[int, bool] = {}

        def is_locked(v: int) -> bool:
            known = locked.get(v)
            if known is None:
                q = partners[v]
                known = q != v and self._only(v, q) and self._only(q, v)
                locked[v] = known
            return known

        rest: List[Tuple[int, int, int]] = []
        ends: Tuple[int, ...] = ()
        for (i, j), old in since.items():
            if is_locked(i) or is_locked(j):
                continue
            ends = (i, j) if not rest else tuple(v for v in ends if v in (i, j))
            if not ends:
                return None  # the changes touch two vertices or more: the computer decides
            rest.append((i, j, old))
        answer: Optional[List[int]] = partners
        if rest:
            for v in ends:
                answer = self._raised(v, rest)
                if answer is not None:
                    break
            if answer is None:
                return None
        if answer is None or any(q != u and not rows[u][q] for u, q in enumerate(answer)):
            return None
        return answer

    def _only(self, v: int, u: int) -> bool:
        """Whether ``v``'s only edge is the one to ``u``."""
        return self.degree[v] == 1 and self.rows[v][u] > 0

    def _raised(self, v: int, changed: List[Tuple[int, int, int]]) -> Optional[List[int]]:
        """(b) of `_still_optimal` for ``v``, whose edges are the ``changed`` ones (each with its old
        weight): the answer, or None."""
        partners, rows = self.partners, self.rows
        assert partners is not None
        gains: List[Tuple[Tuple[int, int], int]] = []
        old_of: dict[int, int] = {}
        for i, j, old in changed:
            other = j if i == v else i
            new = rows[i][j]
            gains.append((((new > 0) - (old > 0), new - old), other))  # (edges, weight) of W's change
            old_of[other] = old
        gains.sort(reverse=True)
        (best, u) = gains[0]
        if best <= (0, 0) or (len(gains) > 1 and gains[1][0] == best):
            return None
        o = partners[v]
        if o == u:
            return partners
        if o == v:
            return None  # v unmatched: v-u would add an edge, a change the computer must weigh

        def before(x: int) -> int:  # v's edge to x before (b)
            return old_of.get(x, rows[v][x])

        if not before(u) or not before(o):
            return None
        m = partners[u]
        answer = list(partners)
        if m == u:  # u unmatched: v-u in place of v-o
            if before(u) != before(o):
                return None
            answer[o], answer[v], answer[u] = o, u, v
            return answer
        if m == v or not rows[o][m] or before(u) + rows[o][m] != before(o) + rows[u][m]:
            return None
        answer[v], answer[u], answer[o], answer[m] = u, v, m, o
        return answer

    def _compute(self) -> List[int]:
        """The computer's matching of the current weights (see `match`)."""
        rows = self.rows
        if self.reopened:  # an edge of a locked vertex changed: its pair is not locked any more
            for v, u in [(v, u) for v, u in self.locked.items() if not self._alone(v, u)]:
                self.locked.pop(v, None)
                self.locked.pop(u, None)
            self.reopened = False
        for i, j in self.ones:
            if self._alone(i, j) and self._alone(j, i):
                self.locked[i], self.locked[j] = j, i
        self.ones = []
        widest = max((rows[i][j].bit_length() for i, j in self.dirty), default=1)
        fresh = self.computer is None or widest > self.bits
        fresh = fresh or any(self.local[v] < 0 and v not in self.locked for v in range(self.size))
        dirty = self.dirty
        # The computer re-solves around the vertex it is told first of each changed edge: tell it the
        # endpoint with more changed edges, so that a vertex whose edges all changed is the only one.
        degree = [0] * self.size
        for i, j in dirty:
            degree[i] += 1
            degree[j] += 1
        firsts = {}
        for (i, j), first in dirty.items():
            firsts[(i, j)] = i if degree[i] > degree[j] or (degree[i] == degree[j] and first == i) else j
        if not fresh:
            kept = len(self.vertices) - sum(1 for v in self.vertices if v in self.locked)
            if kept < len(self.vertices):
                told = len(set(firsts.values()))
                fresh = kept**3 < told * len(self.vertices) ** 2
        if fresh:
            self._new_computer(max(widest, self.bits, 64))
            dirty = self.dirty
            firsts = {(i, j): i for i, j in dirty}
        computer, local, uint = self.computer, self.local, self._uint
        for (i, j), first in firsts.items():
            li, lj = local[i], local[j]
            if li < 0 or lj < 0:
                continue  # an edge of a locked pair's vertex left out: it stays 0
            if first == i:
                computer.set_edge_weight(li, lj, uint(rows[i][j]))
            else:
                computer.set_edge_weight(lj, li, uint(rows[i][j]))
        self.dirty = {}
        computer.compute_matching()
        partners = list(range(self.size))
        for v, u in self.locked.items():
            if local[v] < 0:
                partners[v] = u
        vertices = self.vertices
        for k, m in enumerate(computer.get_matching()):
            partners[vertices[k]] = vertices[m]
        for u, v in enumerate(partners):
            if v != u and not rows[u][v]:  # never along a missing edge
                partners[u] = u
        return partners

    def matching(self) -> Set[Tuple[int, int]]:
        """The matching as networkx gives it: a set of vertex pairs."""
        return {(u, v) for u, v in enumerate(self.match()) if u < v}


class _WeightCache:
    """caissify-pairings' ``_compute_bracket_edge_weight`` for one pairing, computed once per kind of pair.

    The weight of a pair that may meet depends on the two entrants only through their scores, their colour
    histories' last two colours, colour difference and emptiness (colour preference, its strength, the
    absolute colour rules, repeated colours), their last two floats, whether each is a bye candidate, how
    many games each played, and their bye and forfeit-win counts; the rest of its input is fixed per
    pairing. A pair that met before weighs 0, the library's first check. With ``check`` every weight is
    also computed by the library and compared."""

    def __init__(self, engine: DutchEngine, check: bool = False, **fixed: Any) -> None:
        self.engine = engine
        self.check = check
        self.fixed = fixed
        self.byes = fixed["bye_candidates"]
        self.keys: dict[int, tuple[Any, ...]] = {}
        self.known: dict[tuple[Any, ...], int] = {}

    def _key(self, p: DutchPlayer) -> tuple[Any, ...]:
        key = self.keys.get(p.id)
        if key is None:
            ch, fh = p.color_hist, p.float_hist
            key = self.keys[p.id] = (
                p.score,
                tuple(ch[-2:]),
                len(ch) == 0,
                p.color_diff,
                fh[-1] if len(fh) >= 1 else FloatDir.NONE,
                fh[-2] if len(fh) >= 2 else FloatDir.NONE,
                self.byes is not None and p.id in self.byes,
                len(p.opponents),
                p.bye_count,
                p.forfeit_win_count,
            )
        return key

    def _library(
        self, p1: DutchPlayer, p2: DutchPlayer, bracket_score: float, current: bool, nxt: bool, single: bool
    ) -> int:
        return int(
            self.engine._compute_bracket_edge_weight(
                p1,
                p2,
                bracket_score=bracket_score,
                s1_ids=set(),
                s2_ids=set(),
                s1_pos={},
                s2_pos={},
                s_len=0,
                in_current_bracket=current,
                in_next_bracket=nxt,
                is_single_downfloater_bye_assignee=single,
                **self.fixed,
            )
        )

    def __call__(
        self, p1: DutchPlayer, p2: DutchPlayer, bracket_score: float, current: bool, nxt: bool, single: bool
    ) -> int:
        if p1.id == p2.id or p2.id in p1.opponents:
            w = 0
        else:
            key = (self._key(p1), self._key(p2), bracket_score, current, nxt, single)
            known = self.known.get(key)
            if known is None:
                known = self.known[key] = self._library(p1, p2, bracket_score, current, nxt, single)
            w = known
        if self.check:
            assert w == self._library(p1, p2, bracket_score, current, nxt, single), (p1.id, p2.id)
        return w


class FastDutchEngine(DutchEngine):
    """caissify-pairings' FIDE Dutch engine (``system="dutch"``) with the faster bracket procedure; takes
    the same arguments as ``caissify_pairings.generate_pairings`` less ``system``. ``check_weights`` (for
    tests) computes every weight the library's way too and fails on a difference. ``skip_matchings``
    (the default) lets the matching answer without the computer when its last answer is provably still
    optimal (`_Weights._still_optimal`); after a pairing, ``weights`` holds the main matching (its
    ``computed`` and ``skipped`` counts)."""

    check_weights = False
    skip_matchings = True
    weights: Optional[_Weights] = None

    def _pair_iterative_mwm(
        self,
        all_players: List[DutchPlayer],
        bye_candidates: Optional[Set[int]] = None,
    ) -> Tuple[List[Tuple[DutchPlayer, DutchPlayer]], List[DutchPlayer]]:
        """
        Pair using iterative bracket-by-bracket MWM with exchange mechanism.

        Closely follows bbpPairings' computeMatching() algorithm:
        - Global graph with all players as vertices
        - Bracket-by-bracket processing from top to bottom
        - Iterative MWM with weight adjustments for MDP selection,
          exchange selection, and opponent prioritization
        - finalizePair() locks in pairings by zeroing alternative edges
        """
        # Sort all players by descending score, ascending pairing number
        sorted_players = sorted(all_players, key=lambda p: (-p.score, p.pairing_number))
        n = len(sorted_players)
        if n < 2:
            return [], list(sorted_players)

        id_to_player = {p.id: p for p in sorted_players}
        # Map player id → index in sorted_players (= vertex index)
        idx_of = {p.id: i for i, p in enumerate(sorted_players)}

        # ---------------------------------------------------------------
        # Edge weight storage: {(i, j): weight} where i < j
        # These are indices into sorted_players
        # ---------------------------------------------------------------
        # CHANGED: the weights live in one incremental compiled matching (_Weights) instead of a dict
        # rebuilt into a networkx graph at every matching.
        edges = self.weights = _Weights(n)
        edges.skip = self.skip_matchings
        _set_w = edges.set
        _run_mwm = edges.match

        def _finalize_pair(idx1: int, idx2: int) -> None:  # CHANGED: annotated
            """Lock in a pairing by zeroing all alternative edges."""
            for k in range(n):
                if k != idx2:
                    _set_w(idx1, k, 0)
                if k != idx1:
                    _set_w(idx2, k, 0)
            _set_w(idx1, idx2, 1)

        # ---------------------------------------------------------------
        # Build score group boundaries (indices into sorted_players)
        # ---------------------------------------------------------------
        sg_bounds: List[Tuple[int, int]] = []
        i = 0
        while i < n:
            j = i + 1
            while j < n and sorted_players[j].score == sorted_players[i].score:
                j += 1
            sg_bounds.append((i, j))
            i = j

        # ---------------------------------------------------------------
        # Compute scoreGroupShifts matching bbpPairings exactly.
        # Iterate score groups from HIGHEST to LOWEST (matching bbpPairings).
        # The highest score group gets shift=0 (least significant bits).
        # Each group gets bitsToRepresent(groupSize) bits (minimum 1).
        # ---------------------------------------------------------------
        score_group_shifts: Dict[float, int] = {}
        score_groups_shift = 0
        max_score_group_size = 0
        for sg_start, sg_end in reversed(sg_bounds):  # sg_bounds[-1] is lowest score
            group_size = sg_end - sg_start
            score = sorted_players[sg_start].score
            new_bits = max(1, group_size.bit_length())
            score_group_shifts[score] = score_groups_shift
            max_score_group_size = max(max_score_group_size, group_size)
            score_groups_shift += new_bits
        score_group_size_bits = max(1, max_score_group_size.bit_length())

        # ---------------------------------------------------------------
        # Preliminary MWM for odd player count: determine byeAssigneeScore
        # Matches bbpPairings' two-phase approach: lightweight MWM first
        # to find who naturally gets the bye, then narrow bye_candidates.
        # Also computes C9 state (isSingleDownfloaterTheByeAssignee +
        # unplayedGameRanks) used by `_compute_bracket_edge_weight`.
        # ---------------------------------------------------------------
        bye_assignee_score: Optional[float] = None
        is_single_downfloater_bye_assignee: bool = False
        unplayed_game_ranks: Optional[Dict[int, int]] = None
        if bye_candidates is not None and n % 2 == 1:
            top_score = sorted_players[0].score
            prelim_G = _Weights(n)  # CHANGED: compiled matching, not networkx
            for vi in range(n):
                for vj in range(vi + 1, n):
                    pi, pj = sorted_players[vi], sorted_players[vj]
                    if not self._can_pair(pi, pj):
                        continue
                    # Lightweight weight: bye-eligibility + scoreGroup + top-bracket
                    pw = 0
                    pw |= 1 + (pi.id not in bye_candidates) + (pj.id not in bye_candidates)
                    pw <<= score_groups_shift
                    pw |= score_group_shifts.get(pi.score, 0) + score_group_shifts.get(pj.score, 0)
                    pw <<= score_group_size_bits
                    # bbpPairings sets this bit on the LOWER-scored player
                    # of the pair (so it's only 1 when BOTH are in the top
                    # bracket). pj is the lower-scored one in our ordering.
                    pw |= int(pj.score >= top_score)
                    prelim_G.set(vi, vj, pw)
            prelim_m = prelim_G.matching()
            prelim_matched = set()
            for u, v in prelim_m:
                prelim_matched.add(u)
                prelim_matched.add(v)
            # Find unmatched player (bye assignee)
            bye_assignee_score = sorted_players[0].score  # fallback
            for vi in range(n):
                if vi not in prelim_matched:
                    bye_assignee_score = sorted_players[vi].score
                    break
            # Narrow bye_candidates to those with score <= byeAssigneeScore
            bye_candidates = {
                p.id for p in sorted_players if p.id in bye_candidates and p.score <= bye_assignee_score
            }

            # --- C9: isSingleDownfloaterTheByeAssignee ---
            # True iff the bye assignee score is at the top bracket AND no
            # top-bracket player is matched to a non-top-bracket player in
            # the preliminary MWM. (Mirrors bbpPairings' computeMatching.)
            if bye_assignee_score >= top_score:
                is_single_downfloater_bye_assignee = True
                # Build prelim partner map
                prelim_partner: Dict[int, int] = {}
                for u, v in prelim_m:
                    prelim_partner[u] = v
                    prelim_partner[v] = u
                for vi in range(n):
                    if sorted_players[vi].score < top_score:
                        break
                    partner = prelim_partner.get(vi)
                    # Top-bracket player matched to a non-top-bracket player
                    # disqualifies the C9 trigger.
                    if partner is None:
                        # vi is unmatched (the bye assignee at top score)
                        continue
                    if sorted_players[partner].score < top_score:
                        is_single_downfloater_bye_assignee = False
                        break
            else:
                is_single_downfloater_bye_assignee = False

            # --- C9: unplayedGameRanks ---
            # Among players whose score == bye_assignee_score, sort by
            # playedGames DESC and assign ranks 0..k-1. With duplicates,
            # later assignment overwrites (matches bbpPairings semantics).
            played_game_counts = sorted(
                (len(p.opponents) for p in sorted_players if p.score == bye_assignee_score),
                reverse=True,
            )
            unplayed_game_ranks = {}
            for rank, played_games in enumerate(played_game_counts):
                unplayed_game_ranks[played_games] = rank

        # ---------------------------------------------------------------
        # Set initial edge weights (no bracket context)
        # Only for compatible pairs — provides baseline for far-bracket
        # pairs and ensures completability.
        # ---------------------------------------------------------------
        # CHANGED: each weight is caissify's own _compute_bracket_edge_weight, computed once per kind of
        # pair (see _WeightCache) instead of once per pair.
        weight = _WeightCache(
            self,
            check=self.check_weights,
            n=n,
            score_group_shifts=score_group_shifts,
            score_groups_shift=score_groups_shift,
            score_group_size_bits=score_group_size_bits,
            bye_candidates=bye_candidates,
            bye_assignee_score=bye_assignee_score,
            unplayed_game_ranks=unplayed_game_ranks,
        )
        for i in range(n):
            for j in range(i + 1, n):
                pi, pj = sorted_players[i], sorted_players[j]
                w = weight(
                    pi,
                    pj,
                    min(pi.score, pj.score),
                    False,
                    False,
                    is_single_downfloater_bye_assignee,
                )
                edges.set(i, j, w)

        # ---------------------------------------------------------------
        # Bracket loop state
        # ---------------------------------------------------------------
        # players_by_idx: local indices into bracket, values = global indices
        players_by_idx: List[int] = []
        matched = [False] * n
        all_pairs: List[Tuple[DutchPlayer, DutchPlayer]] = []

        # Initialize with first score group
        sg_iter = 0
        first_start, first_end = sg_bounds[0]
        for k in range(first_start, first_end):
            players_by_idx.append(k)
        sg_iter = 1

        score_group_begin = 0  # Local index where current SG starts (MDPs < this)
        prev_players: List[int] = []  # For termination guard

        # ---------------------------------------------------------------
        # Main bracket loop
        # ---------------------------------------------------------------
        while len(players_by_idx) > 1 or sg_iter < len(sg_bounds):
            next_sg_begin = len(players_by_idx)  # End of current bracket

            # Load next score group into candidates
            loaded_new_sg_this_iter = False
            if sg_iter < len(sg_bounds):
                ns_start, ns_end = sg_bounds[sg_iter]
                bracket_score = sorted_players[ns_start].score
                for k in range(ns_start, ns_end):
                    players_by_idx.append(k)
                sg_iter += 1
                loaded_new_sg_this_iter = True
            else:
                bracket_score = sorted_players[players_by_idx[-1]].score

            # -------------------------------------------------------
            # Compute base edge weights for bracket + next SG
            # -------------------------------------------------------
            # base_ew[li][lj] for li > lj (li = larger local index)
            num_local = len(players_by_idx)
            base_ew: List[List[int]] = [[] for _ in range(num_local)]

            for li in range(score_group_begin, num_local):
                for lj in range(li):
                    gi = players_by_idx[li]
                    gj = players_by_idx[lj]
                    pi = sorted_players[gi]
                    pj = sorted_players[gj]

                    # In bbpPairings: larger local index = lower-ranked
                    in_current = li < next_sg_begin
                    in_next = li >= next_sg_begin

                    w = weight(
                        pj,
                        pi,
                        bracket_score,
                        in_current,
                        in_next,
                        is_single_downfloater_bye_assignee,
                    )
                    base_ew[li].append(w)

            # Set edge weights in global graph
            for li in range(score_group_begin, num_local):
                for lj in range(li):
                    gi = players_by_idx[li]
                    gj = players_by_idx[lj]
                    w = base_ew[li][lj] if lj < len(base_ew[li]) else 0
                    _set_w(gi, gj, w)

            residents = set(players_by_idx[score_group_begin:next_sg_begin])  # CHANGED: for the scans below

            # Compute B for reserved bits manipulation
            B = max(8, n.bit_length() + 3)

            # -------------------------------------------------------
            # edgeWeightComputer: adds exchange preference bits
            # -------------------------------------------------------
            def _exchange_weight(
                smaller_li: int,
                larger_li: int,
                smaller_remainder_idx: int,
                remainder_pairs: int,
            ) -> int:
                w = base_ew[larger_li][smaller_li] if smaller_li < len(base_ew[larger_li]) else 0
                if w:
                    addend = 0
                    # Minimize exchanges: is this player in the upper group?
                    addend |= int(smaller_remainder_idx < remainder_pairs)
                    # Minimize BSN difference
                    addend <<= 2 * B
                    addend -= smaller_remainder_idx
                    # Reserve 1 bit for exchange selection nudge
                    addend <<= 1
                    w += addend
                return w

            # -------------------------------------------------------
            # Initial MWM for this bracket
            # -------------------------------------------------------
            stable = _run_mwm()

            import os as _os

            _trace = _os.environ.get("CAISSIFY_TRACE_BRACKET") == "1"
            if _trace:
                _ids = [sorted_players[gi].id for gi in players_by_idx]
                _scores = [sorted_players[gi].score for gi in players_by_idx]
                print(
                    f"\n=== BRACKET (n={num_local}) score_group_begin={score_group_begin} ids={_ids} scores={_scores}"
                )
                _show = []
                for gi in players_by_idx:
                    p = sorted_players[gi].id
                    pp = stable[gi]
                    if pp == gi:
                        _show.append(f"P{p}=BYE")
                    else:
                        _show.append(f"P{p}-P{sorted_players[pp].id}")
                print(f"  initial MWM: {_show}")

            # -------------------------------------------------------
            # Phase 1: MDP Selection
            # Choose which MDPs will pair in current bracket
            # -------------------------------------------------------
            moved_down_score = None
            remaining_md_players = 0
            remaining_matched_md = 0

            for li in range(score_group_begin):
                gi = players_by_idx[li]
                pi = sorted_players[gi]

                # Track MDP score groups
                if li == 0 or pi.score < moved_down_score:
                    moved_down_score = pi.score
                    remaining_md_players = 0
                    remaining_matched_md = 0
                    for mli in range(li, score_group_begin):
                        mgi = players_by_idx[mli]
                        mp = sorted_players[mgi]
                        if mp.score < moved_down_score:
                            break
                        remaining_md_players += 1
                        # Check if matched to a current-bracket resident
                        partner = stable[mgi]
                        if partner != mgi:
                            # Find partner's local index
                            partner_in_residents = False
                            if partner in residents:  # CHANGED: a set, not a scan
                                partner_in_residents = True
                            if partner_in_residents:
                                remaining_matched_md += 1

                if remaining_matched_md == 0:
                    continue

                if remaining_md_players <= remaining_matched_md:
                    matched[gi] = True
                    remaining_md_players -= 1
                    continue

                remaining_md_players -= 1

                # Check if this MDP is currently matched to a resident
                partner = stable[gi]
                partner_in_residents = False
                if partner != gi:
                    if partner in residents:  # CHANGED: a set, not a scan
                        partner_in_residents = True

                if not partner_in_residents:
                    # Boost edge weights to encourage matching
                    for rli in range(score_group_begin, next_sg_begin):
                        rgi = players_by_idx[rli]
                        bw = base_ew[rli][li] if li < len(base_ew[rli]) else 0
                        if bw:
                            bw |= 1  # Set lowest reserved bit
                            _set_w(gi, rgi, bw)
                    stable = _run_mwm()

                # Check again
                partner = stable[gi]
                partner_in_residents = False
                if partner != gi:
                    if partner in residents:  # CHANGED: a set, not a scan
                        partner_in_residents = True

                if partner_in_residents:
                    matched[gi] = True
                    remaining_matched_md -= 1
                    # Lock with high weight
                    bracket_size = next_sg_begin - score_group_begin
                    for rli in range(score_group_begin, next_sg_begin):
                        rgi = players_by_idx[rli]
                        bw = base_ew[rli][li] if li < len(base_ew[rli]) else 0
                        if bw:
                            bw |= bracket_size
                            bw += 1
                            _set_w(gi, rgi, bw)

            # -------------------------------------------------------
            # Phase 2: MDP Opponent Selection
            # For each matched MDP, add tiebreaker weights and run MWM
            # to choose their opponent. Matches bbpPairings' sequential
            # processing: ALL MDPs' edges remain active in the graph
            # (no zeroing of other MDPs' edges). The global MWM jointly
            # optimizes across all remaining MDPs.
            # -------------------------------------------------------
            finalized_mdp_gis: set[int] = set()  # CHANGED: annotated
            finalized_all_gis: set[int] = set()  # MDPs + their finalized partners (CHANGED: annotated)

            for li in range(score_group_begin):
                gi = players_by_idx[li]
                if not matched[gi]:
                    continue
                if gi in finalized_all_gis:
                    continue

                # Add tiebreaker weights preferring higher-ranked residents
                # (matching bbpPairings' addend = playersByIndex.size())
                addend = num_local
                for rli in range(next_sg_begin - 1, score_group_begin - 1, -1):
                    rgi = players_by_idx[rli]
                    if matched[rgi]:
                        continue
                    bw = base_ew[rli][li] if li < len(base_ew[rli]) else 0
                    if bw:
                        bw += addend
                        _set_w(gi, rgi, bw)
                        addend += 1

                stable = _run_mwm()

                # Finalize the pairing (only if actually matched)
                match_gi = stable[gi]
                if match_gi != gi:
                    matched[match_gi] = True
                    _finalize_pair(gi, match_gi)
                    finalized_mdp_gis.add(gi)
                    finalized_all_gis.add(gi)
                    finalized_all_gis.add(match_gi)
                else:
                    # MDP couldn't be matched — unmark and push to next bracket
                    matched[gi] = False

            # -------------------------------------------------------
            # Phase 3: Remainder collection
            # -------------------------------------------------------
            remainder_local: List[int] = []  # Local indices
            remainder_pairs = 0

            for li in range(score_group_begin, next_sg_begin):
                gi = players_by_idx[li]
                # Skip players already finalized with MDPs
                partner = stable[gi]
                if partner != gi:
                    # Check if partner is from before score_group_begin (MDP)
                    is_mdp_partner = False
                    for mli in range(score_group_begin):
                        if players_by_idx[mli] == partner:
                            is_mdp_partner = True
                            break
                    if is_mdp_partner:
                        continue
                remainder_local.append(li)
                # Count pairs in the upper group
                if partner != gi and partner < gi:
                    remainder_pairs += 1

            if remainder_pairs > len(remainder_local):
                remainder_pairs = len(remainder_local) // 2

            # first_group_end = index into remainder_local separating
            # upper (paired) from lower (unpaired)
            first_group_end = remainder_pairs

            # -------------------------------------------------------
            # Phase 4: Exchange weight update
            # -------------------------------------------------------
            if len(remainder_local) >= 2:
                for oi, opp_li in enumerate(remainder_local):
                    opp_gi = players_by_idx[opp_li]
                    pri = 0
                    for pi_idx, player_li in enumerate(remainder_local):
                        if opp_li <= player_li:
                            break
                        player_gi = players_by_idx[player_li]
                        w = _exchange_weight(
                            player_li,
                            opp_li,
                            pri,
                            remainder_pairs,
                        )
                        _set_w(player_gi, opp_gi, w)
                        pri += 1

                stable = _run_mwm()

                if _trace:
                    _show = []
                    for li_ in remainder_local:
                        gi_ = players_by_idx[li_]
                        p_ = sorted_players[gi_].id
                        pp = stable[gi_]
                        if pp == gi_:
                            _show.append(f"P{p_}=BYE")
                        else:
                            _show.append(f"P{p_}-P{sorted_players[pp].id}")
                    print(
                        f"  after Phase 4 (exchange weights set): remainder_local={remainder_local} remainder_pairs={remainder_pairs} first_group_end={first_group_end}"
                    )
                    print(f"  after Phase 4 MWM: {_show}")

                # Count exchanges needed
                exchange_count = 0
                for ri in range(first_group_end):
                    li = remainder_local[ri]
                    gi = players_by_idx[li]
                    partner = stable[gi]
                    # Is this upper-group player NOT paired internally?
                    paired_in_bracket = False
                    if partner != gi:
                        if partner in residents and partner > gi:  # CHANGED: a set, not a scan
                            paired_in_bracket = True
                    if not paired_in_bracket:
                        exchange_count += 1

                # -------------------------------------------------------
                # Phase 5: Select lower players from upper group to exchange
                # -------------------------------------------------------
                exchanges_remaining = exchange_count
                pri = remainder_pairs

                for scan in range(first_group_end - 1, -1, -1):
                    if exchanges_remaining == 0:
                        break
                    pri -= 1
                    li = remainder_local[scan]
                    gi = players_by_idx[li]

                    # Is this player currently paired in bracket?
                    partner = stable[gi]
                    currently_paired = False
                    if partner != gi:
                        if partner in residents and partner > gi:  # CHANGED: a set, not a scan
                            currently_paired = True

                    if currently_paired:
                        # Reduce weights to try to unpair
                        for oi in range(scan + 1, len(remainder_local)):
                            opp_li = remainder_local[oi]
                            opp_gi = players_by_idx[opp_li]
                            w = _exchange_weight(li, opp_li, pri, remainder_pairs)
                            if w:
                                w -= 1
                                _set_w(gi, opp_gi, w)

                        stable = _run_mwm()

                    # Check if now unpaired (exchanged)
                    partner = stable[gi]
                    is_exchange = True
                    if partner != gi:
                        if partner in residents and partner > gi:  # CHANGED: a set, not a scan
                            is_exchange = False

                    if is_exchange:
                        exchanges_remaining -= 1

                    # Restore or finalize weights
                    for oi in range(scan + 1, len(remainder_local)):
                        opp_li = remainder_local[oi]
                        opp_gi = players_by_idx[opp_li]
                        if is_exchange:
                            # Zero base weights for this player's cross-group edges
                            if opp_li < len(base_ew) and li < len(base_ew[opp_li]):
                                base_ew[opp_li][li] = 0
                        w = _exchange_weight(li, opp_li, pri, remainder_pairs)
                        _set_w(gi, opp_gi, w)

                # -------------------------------------------------------
                # Phase 6: Select higher players from lower group to exchange
                # -------------------------------------------------------
                exchanges_remaining = exchange_count
                ri = remainder_pairs

                for scan in range(first_group_end, len(remainder_local)):
                    if exchanges_remaining <= 1:
                        break
                    li = remainder_local[scan]
                    gi = players_by_idx[li]

                    partner = stable[gi]
                    already_exchanged = False
                    if partner != gi:
                        if partner in residents and partner > gi:  # CHANGED: a set, not a scan
                            already_exchanged = True

                    if not already_exchanged:
                        # Boost weights to try to pair internally
                        for oi in range(scan + 1, len(remainder_local)):
                            opp_li = remainder_local[oi]
                            opp_gi = players_by_idx[opp_li]
                            w = _exchange_weight(li, opp_li, ri, remainder_pairs)
                            if w:
                                w += 1
                                _set_w(gi, opp_gi, w)

                        stable = _run_mwm()

                    # Check if now paired internally (exchanged up)
                    partner = stable[gi]
                    is_exchange = False
                    if partner != gi:
                        if partner in residents and partner > gi:  # CHANGED: a set, not a scan
                            is_exchange = True

                    if is_exchange:
                        exchanges_remaining -= 1
                        # Finalize: zero cross-group edges
                        for oi in range(len(remainder_local)):
                            opp_li = remainder_local[oi]
                            if opp_li == li:
                                continue
                            opp_gi = players_by_idx[opp_li]
                            if oi < scan:  # Before this player → same-group-only
                                if li < len(base_ew) and opp_li < len(base_ew[li]):
                                    base_ew[li][opp_li] = 0
                                elif opp_li < len(base_ew) and li < len(base_ew[opp_li]):
                                    base_ew[opp_li][li] = 0
                                _set_w(gi, opp_gi, 0)

                        # Zero next-bracket edges
                        for nli in range(next_sg_begin, num_local):
                            ngi = players_by_idx[nli]
                            if li < len(base_ew[nli]):
                                base_ew[nli][li] = 0
                            _set_w(gi, ngi, 0)

                    if not already_exchanged:
                        # Restore original weights
                        for oi in range(scan + 1, len(remainder_local)):
                            opp_li = remainder_local[oi]
                            opp_gi = players_by_idx[opp_li]
                            w = _exchange_weight(li, opp_li, ri, remainder_pairs)
                            _set_w(gi, opp_gi, w)

                    ri += 1

                # -------------------------------------------------------
                # Phase 7: Finalize exchange decisions
                # -------------------------------------------------------
                for pi_idx, player_li in enumerate(remainder_local):
                    player_gi = players_by_idx[player_li]
                    for oi in range(pi_idx + 1, len(remainder_local)):
                        opp_li = remainder_local[oi]
                        opp_gi = players_by_idx[opp_li]

                        p_partner = stable[player_gi]
                        o_partner = stable[opp_gi]

                        # Check if player is exchanged (not paired internally)
                        p_internal = False
                        if p_partner != player_gi and p_partner > player_gi:
                            if p_partner in residents:  # CHANGED: a set, not a scan
                                p_internal = True

                        # Check if opponent is paired internally
                        o_internal = False
                        if o_partner != opp_gi and o_partner > opp_gi:
                            if o_partner in residents:  # CHANGED: a set, not a scan
                                o_internal = True

                        if not p_internal or o_internal:
                            # One of them is exchanged → zero their mutual base weight
                            if opp_li < len(base_ew) and player_li < len(base_ew[opp_li]):
                                base_ew[opp_li][player_li] = 0

                        bw = base_ew[opp_li][player_li] if player_li < len(base_ew[opp_li]) else 0
                        _set_w(player_gi, opp_gi, bw)

            # -------------------------------------------------------
            # Phase 8: Pair upper-group players with opponents
            # -------------------------------------------------------
            for ri, player_li in enumerate(remainder_local):
                player_gi = players_by_idx[player_li]

                # Check if this player is in the upper group (paired internally)
                partner = stable[player_gi]
                in_upper = False
                if partner != player_gi and partner > player_gi:
                    if partner in residents:  # CHANGED: a set, not a scan
                        in_upper = True

                if not in_upper:
                    continue

                # Set tiebreaker weights preferring higher-ranked opponents
                addend = 0
                for scan in reversed(range(len(remainder_local))):
                    opp_li = remainder_local[scan]
                    opp_gi = players_by_idx[opp_li]
                    if opp_li <= player_li or matched[opp_gi]:
                        continue
                    bw = base_ew[opp_li][player_li] if player_li < len(base_ew[opp_li]) else 0
                    if bw:
                        bw += addend
                        _set_w(player_gi, opp_gi, bw)
                    addend += 1

                stable = _run_mwm()

                # Finalize the pairing (only if actually matched)
                match_gi = stable[player_gi]
                if _trace:
                    p_ = sorted_players[player_gi].id
                    pp_ = sorted_players[match_gi].id if match_gi != player_gi else "BYE"
                    print(f"  Phase 8: P{p_} -> P{pp_}")
                if match_gi != player_gi:
                    matched[player_gi] = True
                    matched[match_gi] = True
                    _finalize_pair(player_gi, match_gi)

            if _trace:
                _show = []
                for gi in players_by_idx:
                    p = sorted_players[gi].id
                    if matched[gi]:
                        pp = stable[gi]
                        if pp != gi:
                            _show.append(f"P{p}-P{sorted_players[pp].id}")
                        else:
                            _show.append(f"P{p}=SELF")
                    else:
                        _show.append(f"P{p}=UNMATCHED")
                print(f"  end-of-bracket matched state: {_show}")

            # -------------------------------------------------------
            # Phase 9: Advance to next bracket
            # -------------------------------------------------------
            # --- Recompute is_single_downfloater_bye_assignee for NEXT iter.
            # Mirrors bbpPairings dutch.cpp:1606-1611 (preliminary) and the
            # secondary disable inside the loop at 1636-1643. This MUST be
            # done at the END of the iteration: the flag set here is then
            # consumed by the NEXT iteration's edge weights, using the SG
            # loaded in THIS iteration (so for iter N it is the iter-N SG's
            # score, not iter-N+1's). This is a 1-iteration offset relative
            # to simply "is byeScore >= current bracket's SG score".
            if (
                n % 2 == 1
                and loaded_new_sg_this_iter
                and bye_assignee_score is not None
                and bye_assignee_score >= bracket_score
            ):
                is_single_downfloater_bye_assignee = True
            else:
                is_single_downfloater_bye_assignee = False

            new_players_by_idx: List[int] = []
            new_score_group_begin = 0

            for li in range(num_local):
                gi = players_by_idx[li]
                if li < next_sg_begin and matched[gi]:
                    # Save the pair (guard against self-reference)
                    partner_gi = stable[gi]
                    if partner_gi == gi:
                        # Self-reference — not actually matched
                        new_players_by_idx.append(gi)
                        if li < next_sg_begin:
                            new_score_group_begin += 1
                        continue
                    p1 = sorted_players[gi]
                    p2 = sorted_players[partner_gi]
                    if p1.pairing_number < p2.pairing_number:
                        all_pairs.append((p1, p2))
                    else:
                        all_pairs.append((p2, p1))
                else:
                    # Add to next bracket
                    new_players_by_idx.append(gi)
                    if li < next_sg_begin:
                        new_score_group_begin += 1
                    # Secondary disable (bbpPairings dutch.cpp:1636-1643):
                    # if this player's stable-matching partner has score
                    # below the SG just loaded, the bye assignee is NOT a
                    # single downfloater to this bracket -> disable flag.
                    if is_single_downfloater_bye_assignee:
                        partner_gi = stable[gi]
                        if partner_gi != gi and sorted_players[partner_gi].score < bracket_score:
                            is_single_downfloater_bye_assignee = False

            # Record floats for ALL pairs from this bracket
            if sg_iter > 0 and sg_iter <= len(sg_bounds):
                last_bracket_score = bracket_score
            else:
                last_bracket_score = bracket_score

            # Deduplicate pairs (each pair recorded once via gi < partner check)
            # Pairs were added when li < next_sg_begin and matched[gi]
            # But stable[gi] might point to a partner with gi' > gi that also
            # satisfies matched[gi']. Filter to only pairs where gi < partner_gi.
            seen = set()
            deduped: List[Tuple[DutchPlayer, DutchPlayer]] = []
            for p1, p2 in all_pairs:
                key = (min(p1.id, p2.id), max(p1.id, p2.id))
                if key not in seen:
                    seen.add(key)
                    deduped.append((p1, p2))
            all_pairs = deduped

            players_by_idx = new_players_by_idx
            score_group_begin = new_score_group_begin

            # Guard: if no score groups left and the player set is
            # identical (no pairs were made), break to prevent infinite loop
            if sg_iter >= len(sg_bounds) and new_players_by_idx == prev_players:
                break
            prev_players = list(players_by_idx)

        # ---------------------------------------------------------------
        # Record float directions for all pairs
        # ---------------------------------------------------------------
        for p1, p2 in all_pairs:
            if p1.score != p2.score:
                bracket_score = min(p1.score, p2.score)
                if p1.score > bracket_score:
                    p1.float_hist.append(FloatDir.DOWN)
                if p2.score > bracket_score:
                    p2.float_hist.append(FloatDir.DOWN)
                if p1.score < p2.score:
                    p1.float_hist.append(FloatDir.UP)
                elif p2.score < p1.score:
                    p2.float_hist.append(FloatDir.UP)

        # ---------------------------------------------------------------
        # Final remainder
        # ---------------------------------------------------------------
        paired_ids = {p.id for p1, p2 in all_pairs for p in (p1, p2)}
        final_remainder = [p for p in sorted_players if p.id not in paired_ids]

        if len(final_remainder) >= 2:
            bt_pairs = self._backtrack_match(final_remainder)
            if bt_pairs:
                all_pairs.extend(bt_pairs)
                paired_ids = {p.id for p1, p2 in all_pairs for p in (p1, p2)}
                final_remainder = [p for p in sorted_players if p.id not in paired_ids]

        all_pairs.sort(key=lambda pair: pair[0].pairing_number)
        return all_pairs, final_remainder

    # ------------------------------------------------------------------
    # Core pairing logic for one scoregroup
    # ------------------------------------------------------------------
