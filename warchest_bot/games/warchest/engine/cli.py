"""Engine sub-commands: ``selfplay``, ``legal`` and ``replay``."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from warchest_bot.command_line import positive_int

from .invariants import check_invariants
from .notation import NotationError, action_to_json, format_action, parse_action
from .position import PositionError, from_json
from .state import GameState, Options, OptionsError


def register(subparsers) -> None:
    p = subparsers.add_parser("selfplay", help="play random legal games and check invariants after every ply")
    p.add_argument("--games", type=positive_int, default=10, help="how many games (default 10)")
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--units", choices=("first-game", "random", "draft"), default="random")
    p.add_argument("--max-rounds", type=positive_int, default=200)
    p.add_argument("--expansions", default="", help="comma-separated expansions in play: nobility, siege")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--save",
        type=Path,
        metavar="DIR",
        help="write each game to DIR/game-SEED.json ({options, actions}, as `replay` reads)",
    )
    p.set_defaults(func=cmd_selfplay)

    p = subparsers.add_parser("legal", help="print the legal actions of a position (JSON file)")
    p.add_argument("position", type=Path)
    p.add_argument("--json", action="store_true", help="a JSON list with each action's parts")
    p.set_defaults(func=cmd_legal)

    p = subparsers.add_parser("replay", help="replay a saved game ({options, actions}) and print it")
    p.add_argument("game", type=Path)
    p.set_defaults(func=cmd_replay)


def game_file(g: GameState, actions: list[str]) -> dict:
    """A game as `replay` reads it: its options (seed included: this is a local tool's file, never shown
    to players) and its actions in notation, plus the result for the reader."""
    data: dict = {"options": g.options.to_json(), "actions": actions}
    if g.result is not None:
        data["result"] = {"winner": g.result.winner, "reason": g.result.reason}
    return data


def selfplay(
    games: int,
    players: int,
    seed: int,
    units: str = "random",
    max_rounds: int = 200,
    save: Path | None = None,
    expansions: str = "",
) -> dict:
    """Play ``games`` random games (game k uses seed ``seed + k``), checking invariants after every ply.
    With ``save``, write each game to ``save/game-SEED.json``."""
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    plies = 0
    wins = {"0": 0, "1": 0}
    draws = 0
    violations: list[dict] = []
    elapsed = 0.0
    for k in range(games):
        game_seed = seed + k
        rnd = random.Random(game_seed)
        g = GameState.new(
            Options(
                players=players, units=units, max_rounds=max_rounds, seed=game_seed, expansions=expansions
            )
        )
        texts: list[str] = []
        while not g.is_terminal():
            start = time.perf_counter()
            action = rnd.choice(g.legal_actions())
            elapsed += time.perf_counter() - start
            if save is not None:
                texts.append(format_action(g, action))
            start = time.perf_counter()
            g.apply(action)
            elapsed += time.perf_counter() - start
            plies += 1
            problems = check_invariants(g)
            if problems:
                violations.append({"seed": game_seed, "ply": g.ply, "problems": problems})
                break
        else:
            replayed = GameState.new(g.options)
            for a in g.history:
                replayed.apply(a)
            if replayed != g:
                violations.append(
                    {"seed": game_seed, "ply": g.ply, "problems": ["replaying the log differs"]}
                )
        if save is not None:
            (save / f"game-{game_seed}.json").write_text(json.dumps(game_file(g, texts)) + "\n")
        if violations:
            break
        if g.winner is None:
            draws += 1
        else:
            wins[str(g.winner)] += 1
    played = draws + wins["0"] + wins["1"] + (1 if violations else 0)
    return {
        "games": played,
        "plies": plies,
        "games_per_s": round(played / elapsed, 2) if elapsed else 0.0,
        "plies_per_s": round(plies / elapsed) if elapsed else 0,
        "wins": wins,
        "draws": draws,
        "invariant_violations": len(violations),
        "violations": violations,
    }


def cmd_selfplay(args: argparse.Namespace) -> int:
    try:
        report = selfplay(
            args.games, args.players, args.seed, args.units, args.max_rounds, args.save, args.expansions
        )
    except OSError as exc:
        print(f"selfplay: cannot write to {args.save}: {exc.strerror}", file=sys.stderr)
        return 2
    except OptionsError as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"games {report['games']}  plies {report['plies']}  games/s {report['games_per_s']}  "
            f"plies/s {report['plies_per_s']} (engine time, invariant checks excluded)"
        )
        print(f"wins: side A {report['wins']['0']}, side B {report['wins']['1']}  draws {report['draws']}")
        for v in report["violations"]:
            print(f"INVARIANT VIOLATION seed {v['seed']} ply {v['ply']}: " + "; ".join(v["problems"]))
    return 1 if report["invariant_violations"] else 0


def _load_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except OSError as exc:
        raise PositionError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise PositionError(f"{path} is not valid JSON: {exc}") from None


def cmd_legal(args: argparse.Namespace) -> int:
    try:
        g = from_json(_load_json(args.position))
    except PositionError as exc:
        print(f"legal: {exc}", file=sys.stderr)
        return 2
    actions = g.legal_actions()
    if args.json:
        print(json.dumps([action_to_json(a, g.current_player) for a in actions]))
    else:
        for a in actions:
            print(format_action(g, a))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        data = _load_json(args.game)
        g = GameState.new(Options(**data.get("options", {})))
    except (PositionError, OptionsError, TypeError) as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    for number, text in enumerate(data.get("actions", []), start=1):
        seat = g.current_player
        try:
            action = parse_action(g, text)
        except NotationError as exc:
            print(f"replay: action {number} ({text!r}): {exc}", file=sys.stderr)
            return 1
        g.apply(action)
        print(f"{number:4d}. seat {seat}: {format_action(g, action)}")
    if g.result is None:
        print(f"not finished: round {g.round}, seat {g.current_player} to act")
    elif g.result.winner is None:
        print(f"result: draw ({g.result.reason})")
    else:
        print(
            f"result: team {g.result.winner} ({'side A' if g.result.winner == 0 else 'side B'}) wins "
            f"({g.result.reason})"
        )
    return 0
