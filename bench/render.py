"""Render benchmark: board image + PNG encode (English and Persian), hand image, unit card, replay size and time.

python -m bench.render [--repeat 30] [--seed 0]

Targets (issue 12): board render + PNG encode ≤ 20 ms median for 2 and 4 players with the PNG ≤ 100 KiB
(issue 3: hand image ≤ 20 ms; a 60-round replay under 10 MiB). Times are wall-clock medians; the CPU time
of the process is printed beside them, as other work on a shared machine inflates the wall clock.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.common import parse_args, pct
from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.render import (
    board_png,
    encode_png,
    hand_png,
    render_board,
    render_hand,
    render_replay,
    render_unit_card,
)
from warchest_bot.games.warchest.render.cli import random_position
from warchest_bot.render.text import shaping


def _median_ms(fn, repeat: int, cpu: list | None = None) -> tuple[float, object]:
    """Median wall-clock milliseconds of ``fn`` (and its median CPU milliseconds appended to ``cpu``)."""
    result = fn()  # warm the caches
    times, cpu_times = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - start_cpu)
    if cpu is not None:
        cpu.append(statistics.median(cpu_times) * 1000)
    return statistics.median(times) * 1000, result


def _position(players: int, plies: int, seed: int) -> tuple[GameState, dict | None]:
    return random_position(Options(players=players, units="random", seed=seed), plies, seed)


def _game(players: int, seed: int, rounds: int) -> tuple[Options, GameState]:
    options = Options(players=players, units="random", seed=seed, max_rounds=rounds)
    g = GameState.new(options)
    rnd = random.Random(seed)
    while not g.is_terminal():
        g.apply(rnd.choice(g.legal_actions()))
    return options, g


def board_spread(players: int, positions: int, seed: int) -> None:
    """``board_png`` over many positions (early to crowded late game): time and PNG size percentiles."""
    times, cpu, sizes = [], [], []
    for k in range(positions):
        g, last = _position(players, (k * 37) % 400, seed + k)
        view = g.view_for(None)
        start, start_cpu = time.perf_counter(), time.process_time()
        sizes.append(len(board_png(view, last)))
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    over = sum(s > 100 * 1024 for s in sizes)
    print(
        f"board {players}p over {positions} positions: board_png p50 {pct(times, 50) * 1000:.1f} ms"
        f" p95 {pct(times, 95) * 1000:.1f} ms (CPU p50 {pct(cpu, 50) * 1000:.1f} ms"
        f" p95 {pct(cpu, 95) * 1000:.1f} ms), PNG p50 {pct(sizes, 50) / 1024:.0f} KiB"
        f" p95 {pct(sizes, 95) / 1024:.0f} KiB, {over} over 100 KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--positions", type=int, default=40, help="positions of the spread figure")
    parser.add_argument("--replay-rounds", type=int, default=60, help="round limit of the replayed games")
    args = parse_args(parser, {"repeat": 1, "replay_rounds": 3, "positions": 2})

    start = time.perf_counter()
    board_png(_position(2, 0, args.seed)[0].view_for(None))
    board_png(_position(4, 0, args.seed)[0].view_for(None))
    print(
        f"cold start (static layers, shared palette, 2p + 4p boards): {(time.perf_counter() - start) * 1000:.0f} ms"
    )

    for players, plies in ((2, 120), (4, 240)):
        g, last = _position(players, plies, args.seed)
        view = g.view_for(None)
        render_ms, img = _median_ms(lambda v=view, la=last: render_board(v, la), args.repeat)
        encode_ms, _ = _median_ms(lambda im=img: encode_png(im), args.repeat)
        cpu: list[float] = []
        total_ms, png = _median_ms(lambda v=view, la=last: board_png(v, la), args.repeat, cpu)
        print(
            f"board {players}p {img.width}x{img.height}: render {render_ms:.1f} ms + encode {encode_ms:.1f} ms"
            f" = median {total_ms:.1f} ms (CPU {cpu[0]:.1f} ms), PNG {len(png) / 1024:.0f} KiB"
        )
        fa_ms, _ = _median_ms(lambda v=view, la=last: render_board(v, la, locale="fa"), args.repeat)
        fa_cpu: list[float] = []
        fa_total_ms, fa_png = _median_ms(
            lambda v=view, la=last: board_png(v, la, locale="fa"), args.repeat, fa_cpu
        )
        print(
            f"board {players}p Persian (fa, shaping: {shaping()}): render {fa_ms:.1f} ms (English {render_ms:.1f} ms),"
            f" with PNG median {fa_total_ms:.1f} ms (CPU {fa_cpu[0]:.1f} ms; English {total_ms:.1f} ms),"
            f" PNG {len(fa_png) / 1024:.0f} KiB"
        )
        hview = g.view_for(g.current_player if g.current_player is not None else 0)
        hand_ms, himg = _median_ms(lambda v=hview: render_hand(v), args.repeat)
        hand_png_ms, hpng = _median_ms(lambda v=hview: hand_png(v), args.repeat)
        print(
            f"hand  {players}p {himg.width}x{himg.height}: render median {hand_ms:.1f} ms,"
            f" with PNG {hand_png_ms:.1f} ms, {len(hpng) / 1024:.0f} KiB"
        )
        fa_hand_ms, _ = _median_ms(lambda v=hview: render_hand(v, locale="fa"), args.repeat)
        print(f"hand  {players}p Persian (fa): render median {fa_hand_ms:.1f} ms (English {hand_ms:.1f} ms)")

    for players in (2, 4):
        board_spread(players, args.positions, args.seed)

    card_ms, card = _median_ms(lambda: render_unit_card("Warrior Priest"), args.repeat)
    print(
        f"unit card {card.width}x{card.height}: median {card_ms:.2f} ms (cached), PNG {len(encode_png(card)) / 1024:.0f} KiB"
    )

    for players in (2, 4):
        options, g = _game(players, args.seed + 3, args.replay_rounds)
        for per in ("auto", "round"):
            start = time.perf_counter()
            data = render_replay(options, g.history, per=per)
            seconds = time.perf_counter() - start
            print(
                f"replay {players}p, {g.round} rounds, {len(g.history)} plies, per={per}:"
                f" GIF {len(data) / 2**20:.2f} MiB in {seconds:.2f} s"
            )


if __name__ == "__main__":
    main()
