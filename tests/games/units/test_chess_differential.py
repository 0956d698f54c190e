"""The orthodox units against python-chess: in thousands of seeded random positions holding only Kings,
Queens, Rooks, Bishops, Knights and Pawns, the (from, to) pairs of our marches and attacks for the side to
move equal python-chess's pseudo-legal moves without castling and en passant.

No Pawn stands on its own first rank (ours may double-step from there, chess Pawns never stand there) or
on its seventh (chess would list each promotion four times; promotion is the game's business)."""

from __future__ import annotations

import random

import chess

from warchest_bot.games.units import unit_moves

CHESS_CODE = {
    chess.KING: "Ki",
    chess.QUEEN: "Qu",
    chess.ROOK: "Ro",
    chess.BISHOP: "Bi",
    chess.KNIGHT: "Kn",
    chess.PAWN: "Pa",
}
POSITIONS = 3000


def random_position(rnd: random.Random) -> tuple[chess.Board, list[tuple[int, str] | None]]:
    cb = chess.Board(None)
    ours: list[tuple[int, str] | None] = [None] * 64
    free = list(range(64))
    rnd.shuffle(free)
    density = rnd.choice([4, 8, 14, 20, 28])
    for owner, color in ((0, chess.WHITE), (1, chess.BLACK)):
        pieces = [chess.KING] + [
            rnd.choice([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN, chess.PAWN])
            for _ in range(rnd.randint(0, density))
        ]
        for kind in pieces:
            for i, square in enumerate(free):
                rel_rank = square // 8 + 1 if owner == 0 else 8 - square // 8
                if kind != chess.PAWN or 2 <= rel_rank <= 6:
                    free.pop(i)
                    cb.set_piece_at(square, chess.Piece(kind, color))
                    ours[square] = (owner, CHESS_CODE[kind])
                    break
    cb.turn = rnd.choice([chess.WHITE, chess.BLACK])
    cb.castling_rights = 0
    cb.ep_square = None
    return cb, ours


def test_orthodox_units_move_like_python_chess() -> None:
    rnd = random.Random(20261201)
    for _ in range(POSITIONS):
        cb, ours = random_position(rnd)
        side = 0 if cb.turn == chess.WHITE else 1
        expected = sorted((m.from_square, m.to_square) for m in cb.pseudo_legal_moves)
        got = sorted(
            (m.origin, m.dest)
            for o, piece in enumerate(ours)
            if piece is not None and piece[0] == side
            for m in unit_moves(ours, o)
        )
        assert got == expected, cb.fen()
        # Attacks are exactly the chess captures, each capturing the square it ends on.
        captures = sorted((m.from_square, m.to_square) for m in cb.pseudo_legal_moves if cb.is_capture(m))
        got_attacks = sorted(
            (m.origin, m.dest)
            for o, piece in enumerate(ours)
            if piece is not None and piece[0] == side
            for m in unit_moves(ours, o)
            if m.captures == (m.dest,)
        )
        assert got_attacks == captures, cb.fen()
