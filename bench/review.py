"""How long the review of a War Chest game takes (prints; never asserts).

    python -m bench.review [--plies 100] [--budget N] [--workers 2] [--kind warchest] [--png FILE]

Plays a game of greedy players to at least ``--plies`` plies (seeds tried in order) and reviews its first
``--plies`` plies as `/wc review` does: the decisions with each seat's own view, then every decision
appraised in ``--workers`` worker processes (as the bot's review workers: spawned, started by the same
initializer, at the same lower priority, warmed up before timing),
then the assembly. Prints the decisions reviewed, the wall time, the CPU time the workers spent (on a busy
machine the wall time counts other processes too: CPU time / workers is what idle cores take; the figure
to keep ≤ 60 s on 2 cores at the default budget), and the moves marked.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import multiprocessing
import os
import time
from pathlib import Path

from bench.common import parse_args
from warchest_bot.ai.review import Decision, appraise, assemble, decisions
from warchest_bot.discord.ai import REVIEW_NICENESS, REVIEW_PROCESSES
from warchest_bot.discord.workers import worker_started
from warchest_bot.games import get_game
from warchest_bot.render.review import review_png


def game_log(kind: str, plies: int) -> tuple[dict, int, list[str]]:
    """Options, seed and the first ``plies`` actions of a greedy game that lasts that long."""
    game = get_game(kind)
    options = {"max_rounds": 200} if kind == "warchest" else {}
    for seed in range(1, 200):
        state = game.new_state(options, seed)
        players = [game.make_player("easy", seed), game.make_player("easy", seed + 1)]
        log: list[str] = []
        while not state.is_terminal() and len(log) < plies:
            action = players[state.current_player].choose(state)
            log.append(game.format_action(state, action))
            state.apply(action)
        if len(log) >= plies:
            return options, seed, log
    raise SystemExit(f"no greedy game of {kind} lasted {plies} plies")


def timed_appraise(kind: str, decision: Decision, budget: int | None, seed: int):
    """`appraise` and the CPU seconds it took in the worker (wall time counts other processes too on a
    shared machine; CPU time is what one idle core would take)."""
    start = time.process_time()
    found = appraise(kind, decision, budget, seed)
    return found, time.process_time() - start


def _warm(kind: str) -> int:
    get_game(kind)
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="warchest")
    parser.add_argument("--plies", type=int, default=100)
    parser.add_argument("--budget", type=int, default=None, help="default: the game's review_budget")
    parser.add_argument("--workers", type=int, default=REVIEW_PROCESSES)
    parser.add_argument("--png", default=None, help="also write the review's picture here")
    parser.add_argument("--locale", default="en", help="the picture's language (en, fa)")
    args = parse_args(parser, {"plies": 6, "budget": 20, "workers": 1})
    game = get_game(args.kind)
    budget = args.budget if args.budget is not None else game.review_budget
    options, seed, log = game_log(args.kind, args.plies)
    start = time.perf_counter()
    found: list[Decision] = decisions(game, options, seed, log)
    built = time.perf_counter() - start
    context = multiprocessing.get_context("spawn")
    start_worker = functools.partial(worker_started, REVIEW_NICENESS)
    with concurrent.futures.ProcessPoolExecutor(
        args.workers, mp_context=context, initializer=start_worker
    ) as pool:
        list(pool.map(_warm, [args.kind] * args.workers))
        start = time.perf_counter()
        timed = list(
            pool.map(
                timed_appraise, [args.kind] * len(found), found, [budget] * len(found), range(len(found))
            )
        )
        spent = time.perf_counter() - start
    appraisals = [a for a, _ in timed]
    cpu = sum(c for _, c in timed)
    review = assemble(args.kind, len(log), budget, list(zip(found, appraisals, strict=True)))
    total = built + spent
    print(f"{game.title}: a {len(log)}-ply game (seed {seed}), {len(found)} decisions with a choice")
    print(f"budget {budget} per decision, {args.workers} worker processes")
    print(
        f"decisions built in {built:.2f} s; appraised in {spent:.1f} s ({spent / max(1, len(found)):.2f} s each)"
    )
    print(f"review of {len(log)} plies: {total:.1f} s wall (load average now {os.getloadavg()[0]:.1f})")
    print(
        f"CPU: {cpu:.1f} s in all ({cpu / max(1, len(found)):.2f} s per decision): on {args.workers} idle"
        f" cores about {built + cpu / args.workers:.1f} s"
    )
    print(f"{len(review.moves)} moves reviewed, {len(review.marked)} marked")
    if args.png:
        names = [f"Greedy {n + 1}" for n in range(game.players_of(options))]
        teams = game.teams(len(names))
        Path(args.png).write_bytes(review_png(review, 1, names, teams, args.locale))
        print(f"picture: {args.png}")


if __name__ == "__main__":
    main()
