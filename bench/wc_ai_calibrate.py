"""War Chest: the logistic scale of the evaluation's win chance, fitted to game outcomes (prints a figure).

    python -m bench.wc_ai_calibrate [--player new:easy] [--games 300] [--out scale.json]

The search turns an evaluation score s (team 0 minus team 1, coin units) into team 0's win chance
``1 / (1 + exp(-s / scale))`` (:func:`~warchest_bot.games.warchest.ai.evaluate.win_probability`); the
hand-written scale is 4.0. This bench plays seeded games (2 and 4 players, random units) between players
given as in bench/wc_ai_match.py (``new:easy`` is the greedy player, ``new:40it`` a short search), each of
which plays a random legal action with chance ``--epsilon`` so that the positions vary, keeps one position
every ``--every`` plies (out of the draft, game not over) labelled with the game's result for team 0 (1, 0,
0.5 for a draw), and finds the scale that minimises the log-loss of the evaluation's win chance on them
(golden-section search on log(scale)). It prints, for 2 players, 4 players and both, the number of
positions, the log-loss at 4.0 and at the fitted scale, and a calibration table (predicted against observed
win rate by bins of predicted chance). ``--out`` writes the figures as JSON. The search takes a scale as
a setting (``new:300it,scale=2.5`` in bench/wc_ai_match.py): a fitted scale is measured there before a
level uses it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

from bench.common import parse_args
from bench.wc_ai_match import make_side
from warchest_bot.games.warchest.ai.evaluate import DEFAULT_WEIGHTS, evaluate
from warchest_bot.games.warchest.engine import GameState, Options

Sample = tuple[float, float]
"""An evaluation score (team 0 minus team 1) and the game's result for team 0."""


def play(spec: str, games: int, seed: int, epsilon: float, every: int) -> dict[int, list[Sample]]:
    """Per number of players, the positions kept from ``games`` seeded games (a third of them 4 players)."""
    out: dict[int, list[Sample]] = {2: [], 4: []}
    for i in range(games):
        rnd = random.Random(f"calibrate:{seed}:{i}")
        players = 4 if i % 3 == 2 else 2
        g = GameState.new(Options(players=players, units="random", seed=rnd.getrandbits(64)))
        bots = [make_side(spec, rnd.getrandbits(64)) for _ in range(players)]
        kept: list[float] = []
        while (seat := g.current_player) is not None:
            if g.phase != "draft" and not g.pending and g.ply % every == i % every:
                kept.append(evaluate(g, DEFAULT_WEIGHTS))
            action = rnd.choice(g.legal_actions()) if rnd.random() < epsilon else bots[seat].choose(g)
            g.apply(action)
        assert g.result is not None
        y = 0.5 if g.result.winner is None else (1.0 if g.result.winner == 0 else 0.0)
        out[players].extend((s, y) for s in kept if abs(s) < 1000.0)
    return out


def log_loss(samples: list[Sample], scale: float) -> float:
    total = 0.0
    for s, y in samples:
        p = 1.0 / (1.0 + math.exp(-s / scale))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def fit_scale(samples: list[Sample], lo: float = 0.25, hi: float = 64.0) -> float:
    """The scale in [lo, hi] of least log-loss (golden-section search on log(scale); the loss is unimodal
    in the scale for a logistic model with no intercept)."""
    a, b = math.log(lo), math.log(hi)
    r = (math.sqrt(5) - 1) / 2
    c, d = b - r * (b - a), a + r * (b - a)
    fc, fd = log_loss(samples, math.exp(c)), log_loss(samples, math.exp(d))
    for _ in range(60):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - r * (b - a)
            fc = log_loss(samples, math.exp(c))
        else:
            a, c, fc = c, d, fd
            d = a + r * (b - a)
            fd = log_loss(samples, math.exp(d))
    return math.exp((a + b) / 2)


def calibration(samples: list[Sample], scale: float, bins: int = 5) -> list[tuple[float, float, int]]:
    """Per bin of predicted chance (equal widths over 0-1): mean predicted, observed win rate, count."""
    acc = [[0.0, 0.0, 0] for _ in range(bins)]
    for s, y in samples:
        p = 1.0 / (1.0 + math.exp(-s / scale))
        row = acc[min(int(p * bins), bins - 1)]
        row[0] += p
        row[1] += y
        row[2] += 1
    return [(p / n, y / n, int(n)) for p, y, n in acc if n]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--player", default="new:easy", help="every seat's player, as in bench/wc_ai_match.py"
    )
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--epsilon", type=float, default=0.05, help="chance of a random action")
    parser.add_argument("--every", type=int, default=3, help="keep one position every N plies")
    parser.add_argument("--out", type=Path, default=None, help="write the figures there (JSON)")
    args = parse_args(parser, {"games": 3}, argv)
    t0 = time.process_time()
    by_players = play(args.player, args.games, args.seed, args.epsilon, args.every)
    current = DEFAULT_WEIGHTS.scale
    figures: dict[str, dict] = {}
    print(
        f"{args.games} games of {args.player} (epsilon {args.epsilon}), one position every {args.every} plies"
    )
    for name, samples in (
        ("2p", by_players[2]),
        ("4p", by_players[4]),
        ("all", by_players[2] + by_players[4]),
    ):
        if not samples:
            continue
        scale = fit_scale(samples)
        row = {
            "positions": len(samples),
            "scale": round(scale, 3),
            "log_loss_at_current": round(log_loss(samples, current), 5),
            "log_loss_at_fitted": round(log_loss(samples, scale), 5),
        }
        figures[name] = row
        table = ", ".join(f"{p:.2f}->{y:.2f} ({n})" for p, y, n in calibration(samples, current))
        print(
            f"  {name}: {row['positions']} positions, fitted scale {scale:.2f} (log-loss "
            f"{row['log_loss_at_fitted']:.5f}; at {current:g}: {row['log_loss_at_current']:.5f})"
        )
        print(f"     at {current:g}, predicted -> observed (positions): {table}")
    if args.out is not None:
        data = {
            "about": "War Chest win-chance scale fitted by bench/wc_ai_calibrate.py",
            "args": {k: v for k, v in vars(args).items() if k not in ("out", "smoke")},
            "current_scale": current,
            "fits": figures,
        }
        args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    print(f"{time.process_time() - t0:.0f} s CPU")


if __name__ == "__main__":
    main()
