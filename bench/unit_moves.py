"""Speed of the unit movement generator (prints figures; never asserts).

    python -m bench.unit_moves [--seconds 1.0]

For a few typical positions it prints `unit_moves` calls per second (one call = one unit's moves) and
whole-side generations per second (every unit of the side to move), with the moves per call. Seconds
are CPU seconds of this process (the figures hold on a shared, busy machine).
"""

from __future__ import annotations

import argparse
import time

from bench.common import parse_args
from warchest_bot.games.units import parse_square, unit_moves


def position(white: str, black: str) -> list[tuple[int, str] | None]:
    """``"Ki e1, Qu d1"`` for each side."""
    board: list[tuple[int, str] | None] = [None] * 64
    for owner, text in ((0, white), (1, black)):
        for item in text.split(","):
            code, square = item.split()
            s = parse_square(square)
            assert s is not None and board[s] is None, item
            board[s] = (owner, code)
    return board


ORTHODOX = position(
    "Ro a1, Kn b1, Bi c1, Qu d1, Ki e1, Bi f1, Kn g1, Ro h1, " + ", ".join(f"Pa {f}2" for f in "abcdefgh"),
    "Ro a8, Kn b8, Bi c8, Qu d8, Ki e8, Bi f8, Kn g8, Ro h8, " + ", ".join(f"Pa {f}7" for f in "abcdefgh"),
)
MIDGAME = position(
    "Ki g1, Cr a1, Wa d3, Ph c3, Sn f3, Gr e4, Ba b2, Mo e2, Pa a3, Pa g2, Pa h2, St c4, Sp f1, Or d5",
    "An g8, Sx e6, Ni c6, Dr f6, Ch d8, Ro a8, He b7, Im g7, Ac f7, Pa a6, Pa h7, Pa e5, St b5, Qu h5",
)
FAIRY_OPEN = position(
    "Ki e1, Qu d4, Ba c3, Ph f3, Wa e3, Ni b1, Gr g2, Sn a2",
    "An e8, Ch d6, Sx f6, Dr c6, He g6, Cr h8, Pa b5, Pa e5",
)


def bench(name: str, board: list[tuple[int, str] | None], seconds: float) -> None:
    origins = [s for s in range(64) if board[s] is not None and board[s][0] == 0]  # type: ignore[index]
    moves_per_side = sum(len(unit_moves(board, o)) for o in origins)
    calls = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(200):
            for o in origins:
                unit_moves(board, o)
        calls += 200 * len(origins)
    per_sec = calls / elapsed
    print(
        f"{name:<22} units {len(origins):>2}  moves/side {moves_per_side:>3}  "
        f"calls/s {per_sec:>10,.0f}  sides/s {per_sec / len(origins):>9,.0f}  "
        f"moves/s {per_sec * moves_per_side / len(origins):>11,.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parse_args(parser, {"seconds": 0.05})
    bench("orthodox start", ORTHODOX, args.seconds)
    bench("crowded fairy midgame", MIDGAME, args.seconds)
    bench("open fairy position", FAIRY_OPEN, args.seconds)


if __name__ == "__main__":
    main()
