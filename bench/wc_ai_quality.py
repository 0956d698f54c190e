"""War Chest search quality per decision: how close a search's choices come to a long search's, on fixed
positions (prints; never asserts). A screening tool: far quicker and less noisy than whole games, but the
referee is the frozen search (bench/wc_ai_frozen) run long, so it judges by that search's own evaluation.

    python -m bench.wc_ai_quality [--positions 40] [--reference 3000] [--sides old:300it new:300it ...]

Positions come from seeded games between greedy players with some random moves (as in bench/wc_ai_speed.py:
2 or 4 players, early, middle and late). For each position the referee (the frozen search, ``--reference``
iterations, no early stop) gives every root action a value (its mean win chance for the mover) and a
choice (its most visited action). Then each side (``old:`` or ``new:`` followed by an iteration or time
budget and settings, as in bench/wc_ai_match.py; time budgets count CPU time unless ``--clock wall``) decides once, and the bench prints, per side: how often it
chose the referee's action, its mean regret (the referee's value of its best action minus that of the side's
choice, in win-chance points) and its CPU milliseconds per decision. ``--cache FILE`` keeps the referee's
results between runs (the same positions and settings give the same figures).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from bench import wc_ai_frozen
from bench.common import parse_args
from bench.wc_ai_frozen.engine import format_action as old_format
from bench.wc_ai_match import make_side, use_clock
from bench.wc_ai_speed import positions
from warchest_bot.games.warchest.engine import GameState
from warchest_bot.games.warchest.engine.notation import format_action


def reference(ps: list[GameState], iterations: int, cache: str | None, key: str) -> list[dict[str, float]]:
    """Per position, the referee's value of each root action (by its notation) and ``"<best>"``."""
    data: dict[str, list[dict[str, float]]] = {}
    path = Path(cache) if cache else None
    if path is not None and path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
    if key in data:
        return data[key]
    out = []
    for i, g in enumerate(ps):
        referee = wc_ai_frozen.SearchPlayer(10_000 + i, iterations=iterations, early_stop=False)
        stats = referee.analyse(g.view_for(g.current_player))
        # The referee's actions are the frozen engine's; both engines write an action alike.
        values = {old_format(None, a): v for a, (_, v) in stats.items()}
        best = max(stats, key=lambda a: stats[a][0])
        values["<best>"] = values[old_format(None, best)]
        values["<best-action>"] = old_format(None, best)  # type: ignore[assignment]
        out.append(values)
    if path is not None:
        data[key] = out
        path.write_text(json.dumps(data), encoding="utf-8")
    return out


def judge(spec: str, ps: list[GameState], refs: list[dict[str, float]]) -> str:
    same, regrets, cpu = 0, [], []
    for i, g in enumerate(ps):
        player = make_side(spec, i)
        t0 = time.process_time()
        action = player.choose(g)
        cpu.append((time.process_time() - t0) * 1000)
        name = format_action(g, action)
        ref = refs[i]
        same += name == ref["<best-action>"]
        # An action the referee never tried: the referee's worst value (it judged it not worth a visit).
        worst = min(v for k, v in ref.items() if not k.startswith("<"))
        regrets.append(ref["<best>"] - ref.get(name, worst))
    return (
        f"  {spec:34} same as referee {same:3}/{len(ps)}, mean regret {statistics.mean(regrets) * 100:6.2f} "
        f"points (max {max(regrets) * 100:5.1f}), CPU per decision median {statistics.median(cpu):7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--expansions", default="")
    parser.add_argument("--reference", type=int, default=3000, help="the referee's iterations")
    parser.add_argument("--cache", default=None, help="a JSON file keeping the referee's results")
    parser.add_argument("--sides", nargs="+", default=["old:300it", "new:300it"])
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="cpu",
        help="what the sides' time budgets count (as in bench/wc_ai_match.py); CPU time by default",
    )
    args = parse_args(parser, {"positions": 2, "reference": 16, "sides": ["old:8it", "new:8it"]})
    use_clock(args.clock)
    ps = positions(args.players, args.positions, args.expansions)
    key = f"{args.players}p:{args.expansions}:{args.positions}:{args.reference}"
    refs = reference(ps, args.reference, args.cache, key)
    print(
        f"{args.players}p{' ' + args.expansions if args.expansions else ''}, {len(ps)} positions, "
        f"referee old:{args.reference}it"
    )
    for spec in args.sides:
        print(judge(spec, ps, refs), flush=True)


if __name__ == "__main__":
    main()
