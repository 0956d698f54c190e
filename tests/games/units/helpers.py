"""Small position builders for the unit-movement tests."""

from __future__ import annotations

from warchest_bot.games.units import parse_square, square_name, unit_moves


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def board(*pieces: tuple[int, str, str]) -> list[tuple[int, str] | None]:
    """``board((0, "Kn", "b1"), (1, "Pa", "e5"))``: owner, code, square."""
    b: list[tuple[int, str] | None] = [None] * 64
    for owner, code, square in pieces:
        b[sq(square)] = (owner, code)
    return b


def marches(b: list[tuple[int, str] | None], origin: str) -> set[str]:
    """The destinations of the non-capturing moves (Spy swaps included)."""
    return {square_name(m.dest) for m in unit_moves(b, sq(origin)) if not m.captures}


def attacks(b: list[tuple[int, str] | None], origin: str) -> set[tuple[str, tuple[str, ...]]]:
    """(destination, captured squares) of every attack."""
    return {
        (square_name(m.dest), tuple(square_name(c) for c in m.captures))
        for m in unit_moves(b, sq(origin))
        if m.captures
    }


def dests(b: list[tuple[int, str] | None], origin: str) -> set[str]:
    return {square_name(m.dest) for m in unit_moves(b, sq(origin))}


def names(text: str) -> set[str]:
    return set(text.split())
