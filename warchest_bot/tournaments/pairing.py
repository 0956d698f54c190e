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

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from caissify_pairings import MissingFloatHistoryWarning, generate_pairings


class PairingImpossible(Exception):
    """No pairing satisfies the absolute rules (no rematch, colour limits, one pairing bye per entrant)."""


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


class CaissifyEngine:
    """`PairingEngine` by caissify-pairings: FIDE Dutch and Berger."""

    def swiss(self, entrants: Sequence[Standing], round_number: int, total_rounds: int) -> list[Board]:
        """See `PairingEngine.swiss`."""
        if len(entrants) < 2:
            raise PairingImpossible(f"{len(entrants)} entrant(s) to pair")
        previous = {(a.number, b) for a in entrants for b in a.opponents if a.number < b}
        with warnings.catch_warnings():
            # Round 2 on with every float "none" (all pairings inside score groups) is legitimate here.
            warnings.simplefilter("ignore", MissingFloatHistoryWarning)
            try:
                rows = generate_pairings(
                    system="dutch",
                    players=[_player(s) for s in entrants],
                    previous_pairings=previous,
                    round_number=round_number,
                    total_rounds=max(total_rounds, round_number),
                    bye_value=1.0,
                    max_byes_per_player=1,
                )
            except (ValueError, RuntimeError) as exc:
                raise PairingImpossible(str(exc)) from exc
        boards = _boards(rows)
        _check_swiss(entrants, boards)
        return boards

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


def round_robin_rounds(entrants: int, cycles: int = 1) -> int:
    """How many rounds a round robin of ``entrants`` takes (an odd field adds a bye seat)."""
    return (entrants - 1 + entrants % 2) * cycles


DEFAULT_ENGINE: PairingEngine = CaissifyEngine()

__all__ = [
    "DEFAULT_ENGINE",
    "Board",
    "CaissifyEngine",
    "PairingEngine",
    "PairingImpossible",
    "Standing",
    "round_robin_rounds",
]
