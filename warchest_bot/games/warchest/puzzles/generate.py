"""Find War Chest puzzles in self-play games (and in finished games of a bot database) with the search AI.

    python -m warchest_bot.games.warchest.puzzles.generate --games 40 --seed 1 --iterations 3000 \
        [--db warchest.db] [--out warchest_bot/games/warchest/puzzles/data/puzzles.json] [--want 40]

For every position of every game, from the seat to act's view only (``view_for``):
1. cheap filters find a theme (see the package docstring): exactly one legal action wins on the spot,
   exactly one captures an enemy unit, or the other team threatens to win and exactly one action stops it in
   every sampled determinization;
2. the search AI (SO-ISMCTS, ``--iterations`` iterations, the whole budget spent) thinks from the same view;
   the position is kept only if the search's choice is the theme's solution and beats the second best move
   by ``--margin`` in win chance and by twice its visits;
3. the puzzle is checked again by :func:`~warchest_bot.games.warchest.puzzles.check_puzzle`.

Self-play games are played by the greedy player with a share of random moves (``--random``), for variety;
``--db`` adds the finished War Chest games of a bot database (replayed from their setup and action log).
The figures (positions searched, puzzles found, time) are printed at the end.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from ...registry import get_game
from ..ai import GreedyPlayer, SearchPlayer
from ..engine import GameState, Options
from ..engine.actions import DEPLOY
from . import Puzzle, captures, check_puzzle, solving_actions, wins_at_once

THEME_RATING = {"win": 1100.0, "capture": 1300.0, "defend": 1500.0}
DEFAULT_OUT = Path(__file__).parent / "data" / "puzzles.json"
DETECT_SAMPLES = 8


def self_play(games: int, seed: int, random_share: float, first: int = 0) -> Iterator[tuple[str, GameState]]:
    """Every position of ``games`` greedy self-play games (2 players, random units), numbered from
    ``first``."""
    for n in range(first, first + games):
        game_seed = seed * 1000 + n
        g = GameState.new(Options(players=2, units="random", seed=game_seed))
        players = [GreedyPlayer(game_seed * 2 + s) for s in range(2)]
        rnd = random.Random(game_seed)
        while g.result is None:
            yield f"self-play seed {game_seed} ply {g.ply}", g
            seat = g.current_player
            assert seat is not None
            legal = g.legal_actions()
            a = rnd.choice(legal) if rnd.random() < random_share else players[seat].choose(g)
            g.apply(a)


def database_games(path: str) -> Iterator[tuple[str, GameState]]:
    """Every position of the finished War Chest games stored in a bot database (read only)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT id, options, seed FROM games WHERE kind = 'warchest' AND status = 'finished' ORDER BY id"
        ).fetchall()
        for game_id, options, seed in rows:
            log = [
                r[0]
                for r in con.execute(
                    "SELECT notation FROM actions WHERE game_id = ? ORDER BY ply", (game_id,)
                )
            ]
            kind = get_game("warchest")
            g: GameState = kind.new_state(json.loads(options), int(seed))  # type: ignore[assignment]
            for text in log:
                if g.result is not None:
                    break
                yield f"game #{game_id} ply {g.ply}", g
                g.apply(kind.parse_action(g, text))
    finally:
        con.close()


def detect(g: GameState) -> tuple[str, str] | None:
    """A theme and its solution if the position (from the acting seat's view) has one (step 1)."""
    if g.phase != "play" or g.pending or g.num_players != 2:
        return None
    seat = g.current_player
    assert seat is not None
    legal = g.legal_actions()
    if len(legal) < 4:
        return None
    win = [a for a in legal if wins_at_once(g, a)]
    if len(win) == 1:
        return "win", g.format_action(win[0])
    if win:
        return None
    team = g.team_of[seat]
    other = 1 - team
    if g.markers_left(other) == 1 and any(
        st is not None and g.team_of[st[0]] == other and g.board.is_location(h) and g.controller(h) != other
        for h, st in enumerate(g.stacks)
    ):
        view = g.view_for(seat)
        p = Puzzle("probe", "defend", view, "")
        found = solving_actions("defend", p.worlds(DETECT_SAMPLES))
        if len(found) == 1:
            return "defend", g.format_action(found[0])
        return None
    cap = [a for a in legal if captures(g, a)]
    if len(cap) == 1 and cap[0].kind != DEPLOY:
        return "capture", g.format_action(cap[0])
    return None


def confirm(view: dict, solution: str, iterations: int, seed: int, margin: float) -> dict | None:
    """The search's figures if it agrees, clearly (step 2); None otherwise."""
    player = SearchPlayer(seed, iterations=iterations, early_stop=False)
    chosen = player.choose_from_view(view)
    root = player.stats.get("root", [])
    g = Puzzle("probe", "win", view, solution).state()
    if g.format_action(chosen) != solution or len(root) < 2:
        print(f"  search prefers {g.format_action(chosen)} to {solution}", file=sys.stderr)
        return None
    (v1, w1, _), (v2, w2, a2) = root[0], root[1]
    if w1 - w2 < margin or v1 < 2 * v2:
        print(f"  margin too small for {solution}: {root[:2]}", file=sys.stderr)
        return None
    return {
        "iterations": iterations,
        "best": {"visits": v1, "value": w1},
        "second": {"move": g.format_action(a2), "visits": v2, "value": w2},
    }


def rating_of(theme: str, view: dict, solution: str) -> float:
    """A starting rating: by theme, harder when the greedy player (one-ply) misses the solution, and a
    little harder with more legal actions. Players' results move it from there."""
    p = Puzzle("probe", theme, view, solution)
    g = p.state()
    greedy = GreedyPlayer(0).choose_from_view(view)
    rating = THEME_RATING[theme] + 25 * math.log2(len(g.legal_actions()))
    if g.format_action(greedy) != solution:
        rating += 200
    return round(rating)


def _puzzle_id(where: str) -> str:
    """A stable id from where the position comes from: ``wc3000-110`` (self-play game seed 3000, ply
    110), ``wcg12-40`` (stored game #12, ply 40)."""
    words = where.split()
    game = words[2] if words[0] == "self-play" else "g" + words[1].lstrip("#")
    return f"wc{game}-{words[-1]}"


def _write(out: Path, found: list[Puzzle]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([p.to_json() for p in found], indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40, help="self-play games (default 40)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first-game", type=int, default=0, help="number the self-play games from here")
    ap.add_argument("--random", type=float, default=0.15, help="share of random moves in self-play")
    ap.add_argument("--db", help="also read the finished War Chest games of this bot database")
    ap.add_argument("--iterations", type=int, default=3000, help="search iterations per candidate")
    ap.add_argument("--margin", type=float, default=0.1, help="win-chance margin over the second best")
    ap.add_argument("--want", type=int, default=0, help="stop after this many puzzles (0: no limit)")
    ap.add_argument("--per-game", type=int, default=2, help="at most this many puzzles per game and theme")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)

    start = time.perf_counter()
    sources: list[Iterator[tuple[str, GameState]]] = []
    if args.db:
        sources.append(database_games(args.db))
    sources.append(self_play(args.games, args.seed, args.random, args.first_game))
    positions = candidates = 0
    found: list[Puzzle] = []
    per_game: dict[tuple[str, str], int] = {}
    seen: set[str] = set()
    for source in sources:
        for where, g in source:
            positions += 1
            hit = detect(g)
            if hit is None:
                continue
            theme, solution = hit
            game = where.rsplit(" ply ", 1)[0]
            if per_game.get((game, theme), 0) >= args.per_game:
                continue
            seat = g.current_player
            assert seat is not None
            view = g.view_for(seat)
            key = json.dumps([view["board"], view["seats"][seat]["hand"], theme], sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            candidates += 1
            figures = confirm(view, solution, args.iterations, args.seed + positions, args.margin)
            if figures is None:
                continue
            puzzle = Puzzle(
                id=_puzzle_id(where),
                theme=theme,
                view=view,
                solution=solution,
                rating=rating_of(theme, view, solution),
                source=where,
                search=figures,
            )
            problems = check_puzzle(puzzle)
            if problems:
                print("rejected:", *problems, file=sys.stderr)
                continue
            per_game[(game, theme)] = per_game.get((game, theme), 0) + 1
            found.append(puzzle)
            _write(args.out, found)  # as it goes: a long run stopped early keeps what it found
            print(f"{puzzle.id} {theme:8} {solution:28} {where}  {figures['best']} vs {figures['second']}")
            if args.want and len(found) >= args.want:
                break
        if args.want and len(found) >= args.want:
            break
    elapsed = time.perf_counter() - start
    _write(args.out, found)
    themes = {t: sum(p.theme == t for p in found) for t in THEME_RATING}
    print(
        f"positions searched {positions}, candidates {candidates}, puzzles found {len(found)} {themes}, "
        f"time {elapsed:.0f} s -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
