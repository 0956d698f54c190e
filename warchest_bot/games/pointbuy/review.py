"""Point-Buy Chess's part of the game review (`warchest_bot.ai.review`): one decision of the play phase
valued by the alpha-beta search (`warchest_bot.ai.alphabeta`, as the search player uses it) from the
deciding seat's view (play has no hidden information; the picks are not reviewed).

The budget is a search depth in plies (no time limit, so a review is a pure function of the view). The
preferred move is the search's; when another was played, both are valued alike by searching the position
after each one ply less deep. A value ``v`` (in Pawns, for the mover) becomes a win chance ``1 / (1 + exp(-v / 3))`` — a minor
piece (3) ahead is 73%, the same shape as War Chest's 4 coins — and a proven win or loss 1 or 0.

Why the preferred move is better is read from the two positions the moves lead to: the game won, a unit
captured, a unit kept from being captured, a unit deployed from the Barracks; otherwise the material and
placement by the evaluation.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from warchest_bot.ai.alphabeta import WIN, AlphaBeta, terminal_value
from warchest_bot.ai.review import Appraisal
from warchest_bot.games.units import square_name

from .ai import Move, Position, evaluate, is_noisy, order_key, to_engine
from .notation import format_action

REVIEW_DEPTH = 3
"""The default budget: the search's depth in plies."""
PAWN_SCALE = 3.0
"""The value (in Pawns) that is a 73% win chance."""


def win_chance(value: float) -> float:
    """A search value for the mover (Pawns; ±WIN for a proven result) as the mover's win chance."""
    if value > WIN / 8:
        return 1.0
    if value < -WIN / 8:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / PAWN_SCALE))


def _searcher() -> AlphaBeta:
    return AlphaBeta(
        evaluate,
        order_key=order_key,
        noisy=is_noisy,
        key=Position.key,
        make_unmake=True,
        quiescence_depth=4,
        quiescence_width=6,
    )


def _value_after(position: Position, move: Move, depth: int) -> float:
    """The value for the mover of ``move`` in ``position``, searched ``depth`` plies in all."""
    seat = position.current_player
    assert seat is not None
    child = position.clone()
    child.apply(move)
    if child.is_terminal():
        return terminal_value(child, seat, 1)
    found = _searcher().search(child, max_depth=max(1, depth - 1))
    return found.value if child.current_player == seat else -found.value


def review_decision(
    view: Mapping[str, Any], played_text: str, budget: int | None, seed: int
) -> Appraisal | None:
    """The appraisal of a play-phase decision (see the module docstring); None for picks, draw offers
    and answers, and forced moves."""
    if view.get("phase") != "play" or view.get("to_move") is None:
        return None
    depth = max(1, int(budget or REVIEW_DEPTH))
    position = Position.from_view(view)
    moves = position.legal_actions()
    if len(moves) < 2:
        return None
    texts = {format_action(to_engine(position, m)): m for m in moves}
    played = texts.get(played_text)
    if played is None:  # a draw offer or its answer: not a move the search weighs
        return None
    found = _searcher().search(position, max_depth=depth)
    best: Move = found.action
    best_chance = win_chance(found.value)
    chance = best_chance
    if played != best:  # both moves valued alike: the position after each, one ply less deep
        chance = win_chance(_value_after(position, played, depth))
        best_chance = win_chance(_value_after(position, best, depth))
    reason, params = (None, {}) if played == best else why(position, played, best)
    return Appraisal(
        played_chance=chance,
        best_chance=best_chance,
        played=played_text,
        best=format_action(to_engine(position, best)),
        reason=reason,
        params=params,
    )


def why(position: Position, played: Move, best: Move) -> tuple[str, dict[str, Any]]:
    """The catalogue key (``review.why.*``) and values of the sentence saying what ``best`` wins or
    prevents that ``played`` does not."""
    seat = position.current_player
    assert seat is not None
    a, b = position.clone(), position.clone()
    a.apply(played)
    b.apply(best)
    if b.result is not None and b.result.winner == seat and (a.result is None or a.result.winner != seat):
        return "review.why.win", {}
    if best[0] == "move" and best[1].captures:
        return "review.why.capture", {"square": square_name(best[1].captures[0])}
    threatened_a = _capturable(a, seat)
    threatened_b = _capturable(b, seat)
    saved = sorted(threatened_a - threatened_b)
    if saved:
        return "review.why.save", {"square": square_name(saved[0])}
    if best[0] == "deploy":
        return "review.why.deploy_square", {"square": square_name(best[2])}
    return "review.why.material", {}


def _capturable(position: Position, seat: int) -> set[int]:
    """Squares of ``seat``'s units the side to move (the other side) could capture now."""
    if position.is_terminal() or position.current_player == seat:
        return set()
    out: set[int] = set()
    for m in position.legal_actions():
        if m[0] == "move":
            for c in m[1].captures:
                unit = position.board[c]
                if unit is not None and unit[0] == seat:
                    out.add(c)
    return out


__all__ = ["PAWN_SCALE", "REVIEW_DEPTH", "review_decision", "why", "win_chance"]
