"""The Point-Buy Chess levels measured against Fairy-Stockfish, and the new levels against the old ones
(issue 25; prints figures, never asserts).

    python -m bench.pointbuy_vs_stockfish [--player normal] [--opponents d2,d4,elo1350] [--games 40]
                                          [--fairy-games 0] [--engine /usr/games/fairy-stockfish]

Fairy-Stockfish is a benchmark-only tool, never part of the bot: ``apt-get install fairy-stockfish``
(Debian/Ubuntu; the binary is ``/usr/games/fairy-stockfish``) or build it from
https://github.com/fairy-stockfish/Fairy-Stockfish. Without it the engine part is skipped with a printed
reason (``--smoke`` also runs without it). It is driven over UCI by python-chess (a test dependency).

**Armies** (orthodox units only, positions the engine can represent): each side a King and seven of
Queen / Rook / Bishop / Knight on its first rank, costing at most the 38-point budget (the classical back
rank costs exactly 38), both sides the same army mirrored; the army and its arrangement come from the
seed, each army is played twice with the colours swapped (game 2k white = our AI, game 2k+1 black).
No Pawns: a Point-Buy Pawn is bought onto the first rank or into the Barracks, and neither a Pawn on the
first rank nor a Barracks can be written in a chess position. No castling and no en passant exist in
either game here (no castling rights, no Pawns).

**Rules of a game against the engine**: the engine sees legal chess and plays legal chess; our AI decides
by the Point-Buy rules from its own view (a Point-Buy view made from the chess board) and has no check
rule. python-chess referees:

- a move of our AI that is not legal chess leaves its King capturable (the only way a pseudo-legal move
  can be illegal without castling): the engine would take the King next, which loses in Point-Buy too,
  so it is scored as a loss for our AI ("king left en prise") -- unless that move itself draws by the
  repetition or the no-progress rule, which end a Point-Buy game before the King can be taken ("draw
  before the king falls");
- checkmate: the side to move loses (in Point-Buy its King falls next move);
- stalemate: the stalemated side loses, as in Point-Buy (no check rule: it must move, and every move
  gives up its King). The engine does not know this rule, so the summary line also gives the score with
  every stalemate counted as a draw, as chess scores it;
- threefold repetition, the 50-move rule (100 half-moves: Point-Buy's default no-progress count),
  insufficient material, or ``--max-plies`` (default 300): a draw.

The score is (wins + draws/2) / games with a 95 % Wilson interval on it; against ``eloN`` (the engine with
``UCI_LimitStrength`` and ``UCI_Elo=N``, ``--elo-ms`` per move) it also prints the rating that score
implies, N + 400·log10(s / (1 − s)).

``--fairy-games N`` also plays N whole Point-Buy games (open picking, the default options, each side
buying its own army with all 24 types) between ``--player`` and ``--fairy-opponent`` (default: the old
hard level), alternating seats. Games come in pairs on shared armies: a player's army comes from its seed
alone (both levels build it with the same code, `plan_army`, picking only on their own first rank), so
the seeds go with the seats and the second game of a pair swaps the players between the same two armies
and seats, as War Chest's match shares a deal (army and seat advantages cancel within a pair).
``--fairy-unpaired`` gives every game fresh seeds instead (how the figures of 3 and 4 December were made).

Players: ``easy``, ``normal``, ``hard`` (today's levels, `warchest_bot.games.pointbuy.ai`),
``old-easy``, ``old-normal``, ``old-hard`` (the levels before issue 25, the frozen copy
`bench.pointbuy_ai_v1`), ``searchN`` (today's search with a budget of N ms), and ``depthN`` / ``old-depthN`` (the search to N plies without a clock: for
developing, deterministic). ``--search NAME=VALUE,...`` sets switches of the new search for the run
(``THREATS``, ``FAIRY_THREATS``, ``THREAT_REPLY``, ``QS_EVASIONS``, ``SAFE_REDUCTIONS``, ``LMR_EXTRA``,
``NULL_MOVE``, ``REDUCTIONS``, ``PRUNING``, ``CHECKS``, ``SOFT_LIMIT``: see `warchest_bot.games.pointbuy.search`; the header line prints
them all as the run has them).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from bench.common import parse_args

ORTHODOX = {"Ki": "k", "Qu": "q", "Ro": "r", "Bi": "b", "Kn": "n"}
PIECE_PRICE = {"Qu": 9, "Ro": 5, "Bi": 3, "Kn": 3}
KING_PRICE = 7
BUDGET = 38
DEFAULT_ENGINE = "/usr/games/fairy-stockfish"


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson interval of a proportion ``score`` over ``n`` games."""
    if n == 0:
        return (0.0, 1.0)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def army(seed: int) -> list[str]:
    """Eight first-rank codes (files a..h): a King and seven of Q/R/B/N within the budget, in an
    arrangement where neither King stands attacked (the files and diagonals are open at the start)."""
    import chess

    rnd = random.Random(f"pb-vs-sf:{seed}")
    if seed % 4 == 0:
        return ["Ro", "Kn", "Bi", "Qu", "Ki", "Bi", "Kn", "Ro"]
    while True:
        pieces = [rnd.choice(["Qu", "Ro", "Ro", "Bi", "Bi", "Kn", "Kn"]) for _ in range(7)]
        if KING_PRICE + sum(PIECE_PRICE[p] for p in pieces) > BUDGET:
            continue
        units = ["Ki", *pieces]
        rnd.shuffle(units)
        board = chess.Board(start_fen(units))
        if board.is_valid() and not board.is_check():
            return units


def start_fen(units: list[str]) -> str:
    back = "".join(ORTHODOX[c] for c in units)
    return f"{back}/8/8/8/8/8/8/{back.upper()} w - - 0 1"


_CLOCK = time.perf_counter
"""What the bench measures think times with (`use_clock`)."""


def use_clock(clock: str) -> None:
    """Make every search here count its budget on ``clock``: ``wall`` (as in play) or ``cpu`` (this
    process's CPU time, so a loaded machine slows both sides' thinking alike instead of cutting it short;
    the engine part's Fairy-Stockfish runs in its own process on its own clock either way)."""
    import types

    from bench import pointbuy_ai_v1
    from warchest_bot.ai import alphabeta
    from warchest_bot.games.pointbuy import ai, search

    global _CLOCK
    _CLOCK = time.process_time if clock == "cpu" else time.perf_counter
    shim = types.SimpleNamespace(perf_counter=_CLOCK)
    for module in (alphabeta, ai, search, pointbuy_ai_v1):
        vars(module)["time"] = shim


def set_switches(spec: str) -> dict[str, Any]:
    """Set switches of `warchest_bot.games.pointbuy.search` (``NAME=VALUE,...``; booleans and integers as
    the module has them) for this run: the new levels' search only (the old levels do not use it)."""
    from warchest_bot.games.pointbuy import search

    done: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in spec.split(","))):
        name, _, text = item.partition("=")
        current = getattr(search, name, None)
        if not name.isupper() or not isinstance(current, (bool, int, float)):
            raise SystemExit(f"--search: {name!r} is not a switch of the search")
        if isinstance(current, bool):
            value: Any = text.strip().lower() in ("1", "true", "on", "yes")
        else:
            value = type(current)(text)
        setattr(search, name, value)
        done[name] = value
    return done


SWITCHES = (
    "THREATS",
    "FAIRY_THREATS",
    "THREAT_REPLY",
    "TRAPPED",
    "QS_EVASIONS",
    "SAFE_REDUCTIONS",
    "LMR_EXTRA",
    "NULL_MOVE",
    "REDUCTIONS",
    "PRUNING",
    "CHECKS",
    "SOFT_LIMIT",
)
"""The switches of the new search the header prints (as they stand for the run)."""


def search_switches() -> str:
    """The new search's switches as this run has them, ``NAME=VALUE`` (booleans as 0/1)."""
    from warchest_bot.games.pointbuy import search

    def shown(value: Any) -> str:
        return f"{value:g}" if isinstance(value, float) else str(int(value))

    return ",".join(f"{name}={shown(getattr(search, name))}" for name in SWITCHES)


def make_player(name: str, seed: int) -> Any:
    """One of our players by its benchmark name (see the module docstring)."""
    old = name.startswith("old-")
    level = name[4:] if old else name
    if old:
        from bench import pointbuy_ai_v1 as module
    else:
        from warchest_bot.games.pointbuy import ai as module  # type: ignore[no-redef]
    if level.startswith("depth"):
        return module.SearchPlayer(seed, budget_ms=None, max_depth=int(level[5:]))
    if level.startswith("search") and level[6:].isdigit():
        return module.SearchPlayer(seed, budget_ms=float(level[6:]))
    return module.make_player(level, seed)


def view_of(board: Any, seat: int) -> dict[str, Any]:
    """The Point-Buy view (play phase) of a python-chess board, for ``seat``."""
    import chess

    code = {v: k for k, v in ORTHODOX.items()} | {"p": "Pa"}
    squares: list[list[Any] | None] = [None] * 64
    for sq, piece in board.piece_map().items():
        squares[sq] = [0 if piece.color == chess.WHITE else 1, code[piece.symbol().lower()]]
    from warchest_bot.games.pointbuy.engine import PRICES

    return {
        "game": "pointbuy",
        "seat": seat,
        "phase": "play",
        "to_move": seat,
        "ply": board.ply(),
        "turn": board.ply(),
        "board": squares,
        "barracks": [[], []],
        "budgets": [0, 0],
        "prices": dict(PRICES),
        "army_submitted": [False, False],
        "my_army": None,
        "draw_offer": None,
        "no_progress": board.halfmove_clock,
        "unit_cap": 0,
        "crown": None,
        "result": None,
    }


def to_chess(action: Any) -> Any:
    import chess

    if action.kind != "move" or action.move is None:
        return None
    m = action.move
    if m.swap or len(m.captures) > 1 or (m.captures and m.captures[0] != m.dest):
        return None
    promo = {"Qu": chess.QUEEN, "Ro": chess.ROOK, "Bi": chess.BISHOP, "Kn": chess.KNIGHT}
    promotion = None
    if action.promote is not None:
        if action.promote not in promo:
            return None
        promotion = promo[action.promote]
    return chess.Move(m.origin, m.dest, promotion=promotion)


def play_engine_game(
    engine: Any, limit: Any, player: Any, units: list[str], our_seat: int, max_plies: int, moves: list[str]
) -> tuple[float, str, int, list[float]]:
    """One game: our score (1 / 0.5 / 0), how it ended, plies, our think times (s)."""
    import chess

    board = chess.Board(start_fen(units))
    times: list[float] = []
    while True:
        if board.is_checkmate():
            loser = 0 if board.turn == chess.WHITE else 1
            return (0.0 if loser == our_seat else 1.0), "checkmate", board.ply(), times
        if board.is_stalemate():
            # Point-Buy has no check rule: the stalemated side must move and lose its King.
            loser = 0 if board.turn == chess.WHITE else 1
            return (0.0 if loser == our_seat else 1.0), "stalemate", board.ply(), times
        if board.is_insufficient_material():
            return 0.5, "material", board.ply(), times
        if board.is_repetition(3):
            return 0.5, "repetition", board.ply(), times
        if board.halfmove_clock >= 100:
            return 0.5, "fifty", board.ply(), times
        if board.ply() >= max_plies:
            return 0.5, "max-plies", board.ply(), times
        seat = 0 if board.turn == chess.WHITE else 1
        if seat == our_seat:
            start = _CLOCK()
            action = player.choose_from_view(view_of(board, seat))
            times.append(_CLOCK() - start)
            move = to_chess(action)
            if move is None or not board.is_pseudo_legal(move):
                return 0.0, "not representable", board.ply(), times
            if not board.is_legal(move):
                # The King is left capturable: lost, unless the move itself ends the game in a draw
                # by the no-progress or the repetition rule (Point-Buy ends it before the King falls).
                board.push(move)
                if board.halfmove_clock >= 100 or board.is_repetition(3):
                    return 0.5, "draw before the king falls", board.ply(), times
                return 0.0, "king left en prise", board.ply(), times
            moves.append(move.uci())
            board.push(move)
        else:
            reply = engine.play(board, limit).move
            moves.append(reply.uci())
            board.push(reply)


def engine_setting(spec: str, elo_ms: float) -> tuple[dict[str, Any], Any, int | None]:
    """UCI options, the search limit and the nominal rating of an opponent spec (dN or eloN)."""
    import chess.engine

    if spec.startswith("d"):
        return {"UCI_LimitStrength": False}, chess.engine.Limit(depth=int(spec[1:])), None
    if spec.startswith("elo"):
        elo = int(spec[3:])
        return (
            {"UCI_LimitStrength": True, "UCI_Elo": elo},
            chess.engine.Limit(time=elo_ms / 1000.0),
            elo,
        )
    raise SystemExit(f"unknown opponent {spec!r}: dN (depth N) or eloN (UCI_Elo N)")


def engine_part(args: argparse.Namespace) -> None:
    path = args.engine or shutil.which("fairy-stockfish") or DEFAULT_ENGINE
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        print(
            f"engine part skipped: no Fairy-Stockfish at {path!r} (apt-get install fairy-stockfish, or "
            "--engine PATH); 0 games"
        )
        return
    import chess.engine

    engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        engine.configure({"Threads": 1, "Hash": 16})
        for spec in [s for s in args.opponents.split(",") if s]:
            options, limit, elo = engine_setting(spec, args.elo_ms)
            engine.configure(options)
            total = 0.0
            endings: Counter = Counter()
            times: list[float] = []
            stalemates: list[float] = []
            start = time.perf_counter()
            for g in range(args.games):
                units = army(args.seed + g // 2)
                our_seat = g % 2
                player = make_player(args.player, args.seed + g)
                engine.configure({"Clear Hash": None})
                played: list[str] = []
                score, why, plies, spent = play_engine_game(
                    engine, limit, player, units, our_seat, args.max_plies, played
                )
                if why == "stalemate":
                    stalemates.append(score)
                total += score
                endings[why] += 1
                times.extend(spent)
                if args.verbose:
                    print(
                        f"  {spec} game {g + 1}: {''.join(ORTHODOX[c] for c in units)} ours "
                        f"{'white' if our_seat == 0 else 'black'}: {score} ({why}, {plies} plies); "
                        f"running {total}/{g + 1}",
                        flush=True,
                    )
                    if score < 1.0:
                        print(f"    moves: {' '.join(played)}", flush=True)
            n = args.games
            s = total / n if n else 0.0
            low, high = wilson(s, n)
            line = (
                f"{args.player} vs fairy-stockfish {spec}: score {total:g}/{n} = {100 * s:.1f}% "
                f"(95% Wilson {100 * low:.1f}-{100 * high:.1f}%), endings {dict(endings)}, "
                f"{think_line(times)}, {time.perf_counter() - start:.0f} s"
            )
            if stalemates:
                chess_scored = (total - sum(stalemates) + 0.5 * len(stalemates)) / n
                line += f"; scored as chess (stalemate a draw): {100 * chess_scored:.1f}%"
            if elo is not None and n:
                clipped = min(max(s, 0.5 / n), 1 - 0.5 / n)
                line += f"; rating ≈ {elo + 400 * math.log10(clipped / (1 - clipped)):.0f}"
            print(line, flush=True)
    finally:
        engine.quit()


def material(state: Any, seat: int) -> int:
    """The prices of ``seat``'s units on the board and in its Barracks (a finished game's balance)."""
    from warchest_bot.games.pointbuy.engine import PRICES

    on_board = sum(PRICES[p[1]] for p in state.board if p is not None and p[0] == seat)
    return on_board + sum(PRICES[code] for code in state.barracks[seat])


def armies(state: Any) -> str:
    """Each seat's units at the start of play, board and Barracks, sorted (to see a pair's shared armies)."""
    out = []
    for seat in (0, 1):
        units = sorted(p[1] for p in state.board if p is not None and p[0] == seat)
        out.append(f"seat {seat} " + " ".join(units) + " | " + " ".join(sorted(state.barracks[seat])))
    return "; ".join(out)


def fairy_part(args: argparse.Namespace) -> None:
    from warchest_bot.games.pointbuy.engine import PBState

    total = 0.0
    endings: Counter = Counter()
    times: tuple[list[float], list[float]] = ([], [])
    """Per-decision think times of the play phase (s): ours, the opponent's."""
    start = time.perf_counter()
    for g in range(args.fairy_games):
        ours = g % 2
        if args.fairy_unpaired:
            seeds = {ours: args.seed + g, 1 - ours: args.seed + 1000 + g}
        else:  # the seeds, so the armies, go with the seats: a pair plays the same two armies
            seeds = {0: args.seed + g // 2, 1: args.seed + 1000 + g // 2}
        seats: list[Callable[[Any], Any]] = [None, None]  # type: ignore[list-item]
        seats[ours] = make_player(args.player, seeds[ours]).choose
        seats[1 - ours] = make_player(args.fairy_opponent, seeds[1 - ours]).choose
        state = PBState({"turn_cap": args.fairy_turn_cap})
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None  # the game is not over
            if args.verbose and state.phase == "play" and state.turn == 0 and seat == 0:
                print(f"  fairy game {g + 1} seeds {seeds[0]}, {seeds[1]}: {armies(state)}", flush=True)
            began = _CLOCK()
            action = seats[seat](state)
            if state.phase == "play":
                times[0 if seat == ours else 1].append(_CLOCK() - began)
            state.apply(action)
        result = state.result
        assert result is not None
        score = 0.5 if result.winner is None else (1.0 if result.winner == ours else 0.0)
        total += score
        endings[result.reason] += 1
        if args.verbose:
            print(
                f"  fairy game {g + 1}: ours seat {ours}: {score} ({result.reason}, turn {state.turn}; "
                f"material ours {material(state, ours)}, theirs {material(state, 1 - ours)})",
                flush=True,
            )
    n = args.fairy_games
    s = total / n
    low, high = wilson(s, n)
    print(
        f"{args.player} vs {args.fairy_opponent}, all 24 types: score {total:g}/{n} = {100 * s:.1f}% "
        f"(95% Wilson {100 * low:.1f}-{100 * high:.1f}%), endings {dict(endings)}, "
        f"{time.perf_counter() - start:.0f} s",
        flush=True,
    )
    for name, spent in ((args.player, times[0]), (args.fairy_opponent, times[1])):
        print(f"  {name}: {think_line(spent)}", flush=True)


def think_line(spent: list[float]) -> str:
    """Per-decision think times: how many, median, 90th percentile and max (ms), on the bench's clock."""
    if not spent:
        return "no decisions"
    ordered = sorted(spent)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{len(ordered)} decisions, think median {1000 * statistics.median(ordered):.0f} ms, "
        f"90% {1000 * p90:.0f} ms, max {1000 * ordered[-1]:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--player", default="normal")
    parser.add_argument("--opponents", default="d2,d4,elo1350", help="dN and eloN, comma-separated")
    parser.add_argument("--games", type=int, default=40, help="games per opponent (0: no engine games)")
    parser.add_argument("--elo-ms", type=float, default=100.0, help="engine think time with UCI_Elo")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--fairy-games", type=int, default=0)
    parser.add_argument("--fairy-opponent", default="old-hard")
    parser.add_argument(
        "--fairy-unpaired", action="store_true", help="fresh seeds (armies) every game instead of pairs"
    )
    parser.add_argument("--fairy-turn-cap", type=int, default=600, help="turns after which a game is drawn")
    parser.add_argument("--engine", default=None)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="what our budgets and think times count: wall time (as in play) or this process's CPU time",
    )
    parser.add_argument(
        "--search",
        default="",
        help="switches of the new search, NAME=VALUE comma-separated (e.g. QS_EVASIONS=1,SAFE_REDUCTIONS=1)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    args = parse_args(
        parser,
        {
            "player": "depth1",
            "opponents": "d1",
            "games": 1,
            "max_plies": 12,
            "fairy_games": 1,
            "fairy_opponent": "old-depth1",
            "fairy_turn_cap": 30,
        },
        argv,
    )
    use_clock(args.clock)
    switches = set_switches(args.search)
    armies = [
        *(["orthodox units against Fairy-Stockfish"] if args.games else []),
        *([f"all 24 types against {args.fairy_opponent}"] if args.fairy_games else []),
    ]
    print(
        f"{args.player}: armies of {BUDGET} points at most ({', '.join(armies) or 'no games'}), "
        f"seed {args.seed}, {args.clock} clock, search switches {search_switches()}"
        + (f" (set here: {', '.join(switches)})" if switches else "")
    )
    if args.games:
        engine_part(args)
    if args.fairy_games:
        fairy_part(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
