"""Pairing a round, behind one small interface.

The pairing systems are not written here: `caissify-pairings` (Apache-2.0) implements the FIDE Dutch system
(C.04.3, checked against bbpPairings) and the FIDE Berger tables (C.05). This module turns what the
tournament model knows about each entrant (`Standing`) into that library's input and its answer into
`Board`s, so that the rest of the bot never sees the library and another engine can stand in for it.

"Colour" is the first player: the entrant named ``first`` on a board makes its game's first decision (War
Chest's starting initiative and first draft pick, Point-Buy Chess's White, For the Crown's first turn). No
game has an option for it: the service seats the first entrant where the new game's first decision falls
(War Chest draws its starting initiative from the seed). A board with ``second`` None is the pairing bye.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import traceback
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from caissify_pairings import MissingFloatHistoryWarning, generate_pairings
from py4swiss.dynamicuint import DynamicUint
from py4swiss.matching_computer import ComputerDutchOptimality

from warchest_bot.processes import die_with_parent
from warchest_bot.tournaments.dutch import FastDutchEngine


class PairingImpossible(Exception):
    """No pairing satisfies the absolute rules (no rematch, colour limits, one pairing bye per entrant)."""


class PairingProcessError(RuntimeError):
    """The child process pairing a round failed or ended without an answer (killed, out of memory):
    nothing was paired, and the round is paired again at the service's next step."""


CHILD_FROM = 120
"""A Swiss of this many entrants or more is paired in a child process (`CaissifyEngine`): py4swiss's
compiled matching holds the interpreter's lock while it computes, so in a thread of the bot's process it
stops the event loop (measured 3 December, idle machine, a loop ticking every 10 ms while round 2 was
paired in ``asyncio.to_thread``: its longest gap 118 ms at 200 entrants, 863 ms at 400, 18.1 s at 1,000)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """What pairing needs to know of one entrant before a round: ``number`` is the starting rank (1 = the
    highest rated), ``colours`` one letter per past round (``w`` first player, ``b`` second, ``-`` no game),
    ``floats`` one entry per past round (``up``, ``down`` or ``none``), ``opponents`` every entrant already
    met, ``pairing_byes`` how many pairing byes it had."""

    number: int
    score: float
    rating: int = 0
    colours: tuple[str, ...] = ()
    floats: tuple[str, ...] = ()
    opponents: frozenset[int] = field(default_factory=frozenset)
    pairing_byes: int = 0


@dataclass(frozen=True, slots=True)
class Board:
    """One pairing of a round: ``first`` moves first; ``second`` None is the pairing bye of ``first``."""

    table: int
    first: int
    second: int | None

    @property
    def is_bye(self) -> bool:
        """Whether this is the pairing bye."""
        return self.second is None


class PairingEngine(Protocol):
    """The pairing systems a tournament may use."""

    def swiss(self, entrants: Sequence[Standing], round_number: int, total_rounds: int) -> list[Board]:
        """The FIDE Dutch pairing of round ``round_number`` among ``entrants`` (those to be paired now:
        withdrawn players and requested byes left out)."""

    def round_robin(self, numbers: Sequence[int], round_number: int, cycles: int) -> list[Board]:
        """Round ``round_number`` of the Berger tables for ``numbers`` (every entrant of the group, by
        starting rank), single (``cycles`` 1) or double (2: the second cycle with colours reversed)."""


_COLOURS = {"w": "white", "b": "black", "-": "none"}


def _player(s: Standing) -> dict[str, object]:
    return {
        "id": s.number,
        "name": str(s.number),
        "score": float(s.score),
        "rating": s.rating,
        "starting_number": s.number,
        "color_hist": [_COLOURS[c] for c in s.colours],
        "float_history": list(s.floats),
        "bye_count": s.pairing_byes,
    }


def dutch_arguments(entrants: Sequence[Standing], round_number: int, total_rounds: int) -> dict[str, Any]:
    """What caissify-pairings' Dutch engine is given to pair round ``round_number`` among ``entrants``
    (``generate_pairings(system="dutch", **these)``, or `FastDutchEngine(**these)`)."""
    return {
        "players": [_player(s) for s in entrants],
        "previous_pairings": {(a.number, b) for a in entrants for b in a.opponents if a.number < b},
        "round_number": round_number,
        "total_rounds": max(total_rounds, round_number),
        "bye_value": 1.0,
        "max_byes_per_player": 1,
    }


def _boards(rows: list[dict[str, object]]) -> list[Board]:
    boards = []
    for row in rows:
        second = row.get("black_id")
        boards.append(
            Board(
                int(str(row["table"])),
                int(str(row["white_id"])),
                None if second is None else int(str(second)),
            )
        )
    return sorted(boards, key=lambda b: b.table)


class CompiledMatching:
    """``networkx.max_weight_matching(G, maxcardinality=True)`` answered by py4swiss's compiled matching
    (bbpPairings' weighted blossom algorithm in C++, with weights of any width, that updates its previous
    matching after a few weights changed instead of starting again).

    caissify-pairings follows bbpPairings' procedure, a maximum-weight matching over every entrant at each
    step of each bracket, but solves each from scratch with networkx's pure-Python algorithm: that is where
    its time goes (56 matchings, 36 of 38 s, for round 2 of 100 entrants). One instance serves one pairing:
    it keeps the computer and the weights it was given, and passes on only the edges that changed. A
    cardinality bonus above any sum of weights makes a maximum-weight matching a maximum-cardinality one,
    as ``maxcardinality=True`` asks."""

    def __init__(self) -> None:
        self._size = -1
        self._bits = 0
        self._weights: dict[tuple[int, int], int] = {}
        self._computer: ComputerDutchOptimality | None = None
        self._zero = DynamicUint(0)
        self._parts = 1

    def _reset(self, size: int, bits: int) -> None:
        self._size, self._bits, self._weights = size, bits, {}
        # weight + bonus, plus room for sums over size / 2 edges and the computer's 2-bit margin.
        total = bits + 2 * max(1, size.bit_length()) + 4
        self._parts = (total + 31) // 32 + 1
        top = DynamicUint(1)
        top.shift_grow(32 * self._parts - 3)
        self._zero = top & 0
        self._computer = ComputerDutchOptimality(size, self._uint((1 << (32 * self._parts - 3)) - 1))
        for _ in range(size):
            self._computer.add_vertex()

    def _uint(self, value: int) -> DynamicUint:
        out = DynamicUint(self._zero)
        for k in reversed(range(self._parts)):
            out <<= 32
            out |= (value >> (32 * k)) & 0xFFFFFFFF
        return out

    def __call__(
        self, graph: Any, maxcardinality: bool = False, weight: str = "weight"
    ) -> set[tuple[int, int]]:
        size = graph.number_of_nodes()
        if not maxcardinality or set(graph.nodes) != set(range(size)):
            return set(_plain_matching(graph, maxcardinality=maxcardinality, weight=weight))
        edges: dict[tuple[int, int], int] = {}
        for u, v, data in graph.edges(data=True):
            w = int(data.get(weight, 1))
            if w <= 0 or u == v:
                return set(_plain_matching(graph, maxcardinality=maxcardinality, weight=weight))
            edges[(u, v) if u < v else (v, u)] = w
        bits = max((w.bit_length() for w in edges.values()), default=1)
        if size != self._size or bits > self._bits:
            self._reset(size, max(bits, 64))
        computer = self._computer
        assert computer is not None
        bonus = 1 << (self._bits + max(1, size.bit_length()))
        old = self._weights
        for key in old.keys() - edges.keys():
            computer.set_edge_weight(key[0], key[1], DynamicUint(self._zero))
        for key, w in edges.items():
            if old.get(key) != w:
                computer.set_edge_weight(key[0], key[1], self._uint(w + bonus))
        self._weights = edges
        computer.compute_matching()
        return {(u, v) for u, v in enumerate(computer.get_matching()) if u < v}


_NETWORKX: list[Any] = []


def _networkx() -> tuple[Any, Any]:
    """networkx and its own ``max_weight_matching``, imported on the first pairing (as caissify-pairings
    does: it takes most of a second)."""
    if not _NETWORKX:
        import networkx

        _NETWORKX.extend((networkx, networkx.max_weight_matching))
    return _NETWORKX[0], _NETWORKX[1]


def _plain_matching(graph: Any, maxcardinality: bool = False, weight: str = "weight") -> Any:
    """networkx's own maximum-weight matching (even while the hook is in place)."""
    return _networkx()[1](graph, maxcardinality=maxcardinality, weight=weight)


_MATCHING_LOCK = threading.Lock()
"""caissify-pairings looks ``networkx.max_weight_matching`` up at each call: one pairing at a time swaps it."""


class CaissifyEngine:
    """`PairingEngine` by caissify-pairings: FIDE Dutch and Berger. With ``fast`` (the default) a Swiss
    round is paired by `FastDutchEngine` (warchest_bot/tournaments/dutch.py: the library's engine with its
    bracket procedure computed faster, the same pairings); without it by the library's own procedure,
    whose matchings ``compiled`` (the default) has `CompiledMatching` compute instead of networkx.
    ``check_weights`` (for tests) has `FastDutchEngine` compute every weight the library's way too and fail
    on a difference.

    A Swiss of ``child_from`` entrants or more (`CHILD_FROM`; None: never) is paired in a new child
    process ("spawn": the bot's process has threads), so that a thread waiting for it leaves the event loop
    free; it is given plain tuples and answers plain tuples (or its refusal), and the same engine pairs
    there, so the pairings are the same. A child that dies without an answer raises `PairingProcessError`
    and nothing is paired. A daemonic process (which may not have children) pairs in itself. The pids of
    the children pairing now are in ``children``."""

    def __init__(
        self,
        compiled: bool = True,
        fast: bool = True,
        check_weights: bool = False,
        child_from: int | None = CHILD_FROM,
    ) -> None:
        self.compiled = compiled
        self.fast = fast
        self.check_weights = check_weights
        self.child_from = child_from
        self.children: set[int] = set()
        self._children_lock = threading.Lock()

    def swiss(self, entrants: Sequence[Standing], round_number: int, total_rounds: int) -> list[Board]:
        """See `PairingEngine.swiss`."""
        if len(entrants) < 2:
            raise PairingImpossible(f"{len(entrants)} entrant(s) to pair")
        if (
            self.child_from is not None
            and len(entrants) >= self.child_from
            and not multiprocessing.current_process().daemon
        ):
            boards = self._swiss_in_child(entrants, round_number, total_rounds)
            _check_swiss(entrants, boards)
            return boards
        arguments = dutch_arguments(entrants, round_number, total_rounds)
        try:
            if self.fast:
                engine = FastDutchEngine(**arguments)
                engine.check_weights = self.check_weights
                rows = engine.generate_pairings()
            else:
                rows = self._library(arguments)
        except (ValueError, RuntimeError) as exc:
            raise PairingImpossible(str(exc)) from exc
        boards = _boards(rows)
        _check_swiss(entrants, boards)
        return boards

    def _swiss_in_child(
        self, entrants: Sequence[Standing], round_number: int, total_rounds: int
    ) -> list[Board]:
        """`swiss` by this engine in a new child process (see the class)."""
        context = multiprocessing.get_context("spawn")
        receiver, sender = context.Pipe(duplex=False)
        options = (self.compiled, self.fast, self.check_weights)
        rows = [_standing_row(s) for s in entrants]
        child = context.Process(
            target=_pair_in_child,
            args=(sender, os.getpid(), options, rows, round_number, total_rounds),
            name="warchest-pairing",
            daemon=True,
        )
        child.start()
        sender.close()  # the child holds the only writing end: its death is the reader's end of file
        pid = child.pid
        assert pid is not None
        with self._children_lock:
            self.children.add(pid)
        try:
            try:
                kind, answer = receiver.recv()
            except EOFError:
                child.join()
                raise PairingProcessError(
                    f"the pairing process ended without an answer (exit code {child.exitcode})"
                ) from None
            child.join()
        finally:
            receiver.close()
            with self._children_lock:
                self.children.discard(pid)
        if kind == "impossible":
            raise PairingImpossible(answer)
        if kind != "boards":
            raise PairingProcessError(f"the pairing process failed: {answer}")
        return [Board(table, first, second) for table, first, second in answer]

    def _library(self, arguments: dict[str, Any]) -> list[dict[str, object]]:
        """caissify-pairings' own Dutch procedure, its matchings by `CompiledMatching` if ``compiled``."""
        with warnings.catch_warnings():
            # Round 2 on with every float "none" (all pairings inside score groups) is legitimate here.
            warnings.simplefilter("ignore", MissingFloatHistoryWarning)
            networkx, plain = _networkx()
            with _MATCHING_LOCK:
                if self.compiled:
                    networkx.max_weight_matching = CompiledMatching()
                try:
                    rows: list[dict[str, object]] = generate_pairings(system="dutch", **arguments)
                finally:
                    networkx.max_weight_matching = plain
        return rows

    def round_robin(self, numbers: Sequence[int], round_number: int, cycles: int) -> list[Board]:
        """See `PairingEngine.round_robin`."""
        if len(numbers) < 2:
            raise PairingImpossible(f"{len(numbers)} entrant(s) to pair")
        rounds = round_robin_rounds(len(numbers), cycles)
        if not 1 <= round_number <= rounds:
            raise PairingImpossible(f"round {round_number} of {rounds}")
        players = [_player(Standing(number=n, score=0.0)) for n in sorted(numbers)]
        rows = generate_pairings(
            system="round_robin",
            players=players,
            previous_pairings=set(),
            round_number=round_number,
            total_rounds=rounds,
            cycles=cycles,
        )
        return _boards(rows)


def _check_swiss(entrants: Sequence[Standing], boards: list[Board]) -> None:
    """Refuse an answer that breaks an absolute rule (the engine may return several byes, with a warning,
    when no pairing exists)."""
    met = {s.number: s.opponents for s in entrants}
    byes = {s.number: s.pairing_byes for s in entrants}
    seen = [n for b in boards for n in (b.first, b.second) if n is not None]
    if sorted(seen) != sorted(met):
        raise PairingImpossible("the engine did not pair every entrant exactly once")
    bye_boards = [b for b in boards if b.second is None]
    if len(bye_boards) > len(entrants) % 2 or any(byes[b.first] for b in bye_boards):
        raise PairingImpossible("no pairing without a second pairing bye")
    if any(b.second is not None and b.second in met[b.first] for b in boards):
        raise PairingImpossible("no pairing without a rematch")


_StandingRow = tuple[int, float, int, tuple[str, ...], tuple[str, ...], tuple[int, ...], int]


def _standing_row(s: Standing) -> _StandingRow:
    return (s.number, s.score, s.rating, s.colours, s.floats, tuple(sorted(s.opponents)), s.pairing_byes)


def _pair_in_child(
    connection: Any,
    parent: int,
    options: tuple[bool, bool, bool],
    rows: list[_StandingRow],
    round_number: int,
    total_rounds: int,
) -> None:
    """The child process of `CaissifyEngine._swiss_in_child`: pair in itself, send the boards (or the
    refusal, or the failure) as plain tuples and strings. It dies with the bot's process (``parent``): a
    bot killed in the middle of a pairing leaves no child computing a round nobody will read (the restarted
    bot pairs it again)."""
    die_with_parent(parent)
    try:
        compiled, fast, check_weights = options
        engine = CaissifyEngine(compiled, fast, check_weights, child_from=None)
        entrants = [
            Standing(number, score, rating, colours, floats, frozenset(opponents), byes)
            for number, score, rating, colours, floats, opponents, byes in rows
        ]
        boards = engine.swiss(entrants, round_number, total_rounds)
        connection.send(("boards", [(b.table, b.first, b.second) for b in boards]))
    except PairingImpossible as exc:
        connection.send(("impossible", str(exc)))
    except Exception:
        connection.send(("failed", traceback.format_exc()))
    finally:
        connection.close()


def round_robin_rounds(entrants: int, cycles: int = 1) -> int:
    """How many rounds a round robin of ``entrants`` takes (an odd field adds a bye seat)."""
    return (entrants - 1 + entrants % 2) * cycles


DEFAULT_ENGINE: PairingEngine = CaissifyEngine()

__all__ = [
    "DEFAULT_ENGINE",
    "Board",
    "CHILD_FROM",
    "CaissifyEngine",
    "CompiledMatching",
    "FastDutchEngine",
    "PairingEngine",
    "PairingImpossible",
    "PairingProcessError",
    "Standing",
    "dutch_arguments",
    "round_robin_rounds",
]
