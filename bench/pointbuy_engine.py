"""Speed of the Point-Buy Chess engine (prints; never asserts).

    python -m bench.pointbuy_engine [--games 60] [--picking secret] [--seed 0]

Plays seeded random games (secret picking by default, so every game gets to play; the listed armies are
the ready-made ones) and prints: plies per second of whole playouts (legal actions + choice + apply),
then the time per call of ``legal_actions()`` (fresh, uncached), ``apply()`` (checked),
``apply_unchecked()`` and ``clone()`` over positions sampled from those games, and the length of the
games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.common import parse_args
from warchest_bot.games.pointbuy.engine import PBState


def playout(options: dict[str, object], seed: int, sample: list[PBState]) -> PBState:
    rnd = random.Random(seed)
    state = PBState(options)
    while not state.is_terminal():
        if state.phase == "play" and rnd.random() < 0.05:
            sample.append(state.clone())
        state.apply(rnd.choice(state.legal_actions()))
    return state


def per_call(label: str, fn, states: list[PBState], repeat: int = 3) -> None:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for s in states:
            fn(s)
        best = min(best, time.perf_counter() - start)
    print(f"  {label:<34} {best / len(states) * 1e6:8.1f} µs/call   ({len(states)} positions)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--picking", default="secret", choices=("secret", "open"))
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, {"games": 3}, argv)
    options = {"picking": args.picking}

    sample: list[PBState] = []
    plies = turns = 0
    reasons: dict[str, int] = {}
    start = time.perf_counter()
    for n in range(args.games):
        end = playout(options, args.seed + n, sample)
        plies += end.ply
        turns += end.turn
        assert end.result is not None
        reasons[end.result.reason] = reasons.get(end.result.reason, 0) + 1
    elapsed = time.perf_counter() - start
    print(f"Point-Buy Chess, {args.games} random games ({args.picking} picking)")
    print(f"  playouts: {plies} plies in {elapsed:.2f} s = {plies / elapsed:,.0f} plies/s")
    print(f"  turns per game: mean {turns / args.games:.0f}; results: {reasons}")

    def fresh_legal(s: PBState) -> None:
        s._legal = None
        s.legal_actions()

    chosen = [(s, random.Random(i).choice(s.legal_actions())) for i, s in enumerate(sample)]
    sizes = [len(s.legal_actions()) for s in sample]
    print(f"  legal actions per position: mean {statistics.mean(sizes):.1f}, max {max(sizes)}")
    per_call("legal_actions() (uncached)", fresh_legal, sample)
    per_call("clone()", lambda s: s.clone(), sample)
    pairs = {id(s): a for s, a in chosen}
    per_call("clone() + apply(a)", lambda s: s.clone().apply(pairs[id(s)]), sample)
    per_call("clone() + apply_unchecked(a)", lambda s: s.clone().apply_unchecked(pairs[id(s)]), sample)
    per_call("view_for(None)", lambda s: s.view_for(None), sample)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
