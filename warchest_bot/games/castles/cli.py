"""The Castles command line: ``python -m warchest_bot.games.castles COMMAND``.

    new [--seed S]                                   a new game's position (JSON position format)
    legal POSITION.json [--json]                     the legal actions, one per line
    apply POSITION.json ACTION [--seed S]            the position after ACTION (its die and draws from S)
    render POSITION.json [--seat N]                  the text board (what seat N, default a spectator, sees)
    render POSITION.json --png OUT [--seat N [--hand]] [--locale fa]   its picture (the board, or the hand)
    selfplay [--games N] [--seed S] [--json]         random games, every invariant checked at every ply
    arena [--a LEVEL] [--b LEVEL] [--games N] [--seed S] [--json]   two computer players, seats swapped

A position file is the JSON position format (`codec`); ``apply`` prints the next one, so a game can be
played by hand file by file. Errors (a file that is not a position, an action that is not legal) print one
line and exit 2; an invariant broken in ``selfplay`` prints the seed and ply and exits 1.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..base import ActionTextError
from .ai import make_player
from .codec import PositionFormatError, position_from_json, position_to_json, view_of
from .engine import TOTAL_PIECES, new_position, piece_total
from .kind import CastlesGame, CastlesState
from .rules import MAX_COINS, TREASURY_COINS
from .state import ALL_SQUARES, Position

GAME = CastlesGame()


class CliError(Exception):
    """A problem the user caused (one line, exit code 2)."""


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def load_position(path: Path) -> Position:
    """The position in a JSON file (`CliError` if it is missing or not a position)."""
    try:
        return position_from_json(json.loads(path.read_text()))
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}") from exc
    except (json.JSONDecodeError, PositionFormatError) as exc:
        raise CliError(f"{path}: {exc}") from exc


# --- text board ------------------------------------------------------------------------------------------
def text_board(view: dict[str, Any]) -> list[str]:
    """The board as text from a view: rank 7 at the top, a unit as its code with the owner's number (1 or
    2), castles as ``[ ]`` (``[x]`` taken), key areas as ``*``; then each side's coins, tokens, bag and hand."""
    units = {sq: (owner, kind) for sq, owner, kind in view["board"]}
    castles = {sq: taken for sq, _owner, taken in view["castles"]}
    keys = {"b4", "d4", "f4"}
    lines = [
        f"round {view['round']}  phase {view['phase']}  step {view['step']}  to move: player {view['to_move'] + 1}"
    ]
    for rank in range(7, 0, -1):
        cells = []
        for file in "abcdefg":
            sq = f"{file}{rank}"
            if sq in units:
                owner, kind = units[sq]
                cell = f"{kind}{owner + 1}"
            elif sq in castles:
                cell = "[x]" if castles[sq] else "[ ]"
            elif sq in keys:
                cell = " * "
            else:
                cell = " . "
            cells.append(cell)
        lines.append(f"{rank} " + " ".join(cells))
    lines.append("   " + "   ".join("abcdefg"))
    for n, side in enumerate(view["sides"]):
        hand = side["hand"] if side["hand"] is not None else f"{side['hand_count']} cards"
        lines.append(
            f"player {n + 1}: coins {side['coins']}  tokens {side['tokens']}  bag {side['bag']}  drawn "
            f"{side['drawn']}  hand {hand}  deck {side['deck']}"
        )
    roll = view["last_roll"]
    if roll is not None:
        lines.append(f"last roll: {roll[5]} against {roll[4]} ({roll[1]} {roll[2]}x{roll[3]})")
    return lines


# --- self-play and arena -----------------------------------------------------------------------------------
def check_invariants(state: CastlesState) -> str | None:
    """The first broken invariant of ``state`` (None: all hold)."""
    pos = state.position
    if piece_total(pos) != TOTAL_PIECES:
        return f"pieces: {piece_total(pos)} != {TOTAL_PIECES}"
    if pos.treasury() + sum(s.coins for s in pos.sides) != TREASURY_COINS or pos.treasury() < 0:
        return "coins not conserved"
    if any(not 0 <= s.coins <= MAX_COINS for s in pos.sides):
        return "a player holds more than 10 coins"
    if position_from_json(position_to_json(pos)) != pos:
        return "the JSON position does not round-trip"
    for seat in (0, 1):
        if view_of(pos, seat)["sides"][1 - seat]["hand"] is not None:
            return "a view shows the other seat's hand"
    if any(sq not in ALL_SQUARES for sq, _ in pos.board.units):
        return "a unit off the board"
    return None


def selfplay(games: int, seed: int) -> dict[str, Any]:
    """Random games (game k from seed ``seed + k``), invariants checked after every ply and the log
    replayed at the end."""
    plies = 0
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    started = time.perf_counter()
    for k in range(games):
        game_seed = seed + k
        state = GAME.new_state({}, game_seed)
        rnd = random.Random(game_seed)
        log: list[str] = []
        while not state.is_terminal():
            action = rnd.choice(state.legal_actions())
            log.append(GAME.format_action(state, action))
            state.apply(action)
            problem = check_invariants(state)
            if problem is not None:
                return {"violation": problem, "seed": game_seed, "ply": state.ply}
        if GAME.replay({}, game_seed, log) != state:
            return {"violation": "the replay differs", "seed": game_seed, "ply": state.ply}
        plies += state.ply
        assert state.result is not None
        wins[str(state.result.winner)] += 1
        reasons[state.result.reason] += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "plies": plies,
        "plies_per_s": round(plies / seconds),
        "wins": dict(wins),
        "reasons": dict(reasons),
    }


def turns_of(state: CastlesState) -> int:
    """The seats' turns a game took: each ended turn, and the turn in which a castle or the sixth token
    ended the game."""
    ends = sum(1 for entry in state.position.log if entry.kind == "end")
    result = state.position.result
    return ends + (
        1 if result is not None and result.reason in ("both_castles", "six_tokens", "first_castle") else 0
    )


def play_match(a: str, b: str, games: int, seed: int, budget_ms: float | None = None) -> dict[str, Any]:
    """``games`` games of level (or player) ``a`` against ``b``, ``a`` taking seat 0 in even games; wins of
    each side and of each seat, draws, how games ended, their turns and the think time per decision."""
    wins: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    turns: list[int] = []
    think: dict[str, list[float]] = {"a": [], "b": []}
    deployed: Counter[str] = Counter()
    for k in range(games):
        a_seat = k % 2
        game_seed = seed + k // 2
        players = {
            a_seat: ("a", make_player(a, seed * 7919 + k, budget_ms=budget_ms)),
            1 - a_seat: ("b", make_player(b, seed * 7919 + k + 1, budget_ms=budget_ms)),
        }
        state = GAME.new_state({}, game_seed)
        while not state.is_terminal():
            side, player = players[state.current_player]  # type: ignore[index]
            start = time.perf_counter()
            action = player.choose(state)
            think[side].append(time.perf_counter() - start)
            if action.verb == "deploy":
                deployed[action.unit] += 1
            state.apply(action)
        result = state.result
        assert result is not None
        reasons[result.reason] += 1
        if result.winner is None:
            wins["draw"] += 1
        else:
            wins[players[result.winner][0]] += 1
            seat_wins[result.winner] += 1
        turns.append(turns_of(state))
    return {
        "a": a,
        "b": b,
        "games": games,
        "wins_a": wins["a"],
        "wins_b": wins["b"],
        "draws": wins["draw"],
        "seat_wins": [seat_wins[0], seat_wins[1]],
        "reasons": dict(reasons),
        "median_turns": statistics.median(turns) if turns else 0,
        "turns_range": [min(turns), max(turns)] if turns else [0, 0],
        "deployed": dict(deployed),
        "think_ms": {
            side: {"mean": round(1000 * statistics.mean(v), 1), "max": round(1000 * max(v), 1)}
            for side, v in think.items()
            if v
        },
    }


# --- commands ------------------------------------------------------------------------------------------------
def _cmd_new(args: argparse.Namespace) -> int:
    print(json.dumps(position_to_json(new_position(args.seed))))
    return 0


def _cmd_legal(args: argparse.Namespace) -> int:
    state = CastlesState(0, load_position(args.position))
    texts = [GAME.format_action(state, a) for a in state.legal_actions()]
    print(json.dumps(texts) if args.json else "\n".join(texts))
    return 0


def _cmd_apply(args: argparse.Namespace) -> int:
    state = CastlesState(args.seed, load_position(args.position))
    try:
        state.apply(GAME.parse_action(state, args.action))
    except ActionTextError as exc:
        raise CliError(f"apply: {exc}") from exc
    print(json.dumps(position_to_json(state.position)))
    return 0


def _cmd_render(args: argparse.Namespace) -> int:
    pos = load_position(args.position)
    view = view_of(pos, args.seat)
    if args.png is None:
        print("\n".join(text_board(view)))
        return 0
    from . import render  # the pictures (Pillow) only when a picture is asked for

    if args.hand and args.seat is None:
        raise CliError("render: --hand draws a seat's hand: give --seat")
    png = (
        render.private_png(view, locale=args.locale)
        if args.hand
        else render.board_png(view, locale=args.locale)
    )
    try:
        args.png.write_bytes(png)
    except OSError as exc:
        raise CliError(f"cannot write {args.png}: {exc.strerror}") from exc
    return 0


def _cmd_selfplay(args: argparse.Namespace) -> int:
    report = selfplay(args.games, args.seed)
    print(json.dumps(report) if args.json else "\n".join(f"{k}: {v}" for k, v in report.items()))
    return 1 if "violation" in report else 0


def _cmd_arena(args: argparse.Namespace) -> int:
    try:
        make_player(args.a)
        make_player(args.b)
    except ValueError as exc:
        raise CliError(f"arena: {exc}") from exc
    report = play_match(args.a, args.b, args.games, args.seed, args.budget_ms)
    print(json.dumps(report) if args.json else "\n".join(f"{k}: {v}" for k, v in report.items()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser."""
    parser = argparse.ArgumentParser(prog="python -m warchest_bot.games.castles", description="Castles tools")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("new", help="a new game's position (JSON)")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=_cmd_new)
    p = sub.add_parser("legal", help="the legal actions of a position")
    p.add_argument("position", type=Path)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_legal)
    p = sub.add_parser("apply", help="the position after an action")
    p.add_argument("position", type=Path)
    p.add_argument("action")
    p.add_argument("--seed", type=int, default=0, help="the seed the action's die and draws come from")
    p.set_defaults(func=_cmd_apply)
    p = sub.add_parser("render", help="the text board of a position, or its picture (--png)")
    p.add_argument("position", type=Path)
    p.add_argument(
        "--seat", type=int, choices=(0, 1), default=None, help="whose view (default: a spectator's)"
    )
    p.add_argument("--png", type=Path, default=None, help="write the board picture (PNG) here instead")
    p.add_argument("--hand", action="store_true", help="with --png and --seat: that seat's hand picture")
    p.add_argument("--locale", default="en", help="the picture's language: en (default) or fa")
    p.set_defaults(func=_cmd_render)
    p = sub.add_parser("selfplay", help="random games with every invariant checked")
    p.add_argument("--games", type=_positive, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_selfplay)
    p = sub.add_parser("arena", help="two computer players against each other")
    p.add_argument("--a", default="normal")
    p.add_argument("--b", default="easy")
    p.add_argument("--games", type=_positive, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--budget-ms", type=float, default=None)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_arena)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; one line and exit code 2 for a problem the user caused."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except CliError as exc:
        print(exc, file=sys.stderr)
        return 2


__all__ = ["build_parser", "check_invariants", "main", "play_match", "selfplay", "text_board", "turns_of"]
