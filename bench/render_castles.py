"""Castles render benchmark: the board picture (render + PNG encode) in English and Persian, the private
hand, a card, and a replay GIF.

python -m bench.render_castles [--repeat 30] [--frames 120]

Targets (as the other games' boards): render + PNG encode ≤ 50 ms with the PNG ≤ 150 KiB. Times are
wall-clock medians with the process's CPU time beside them (other work on a shared machine inflates the
wall clock). Positions are the hand-made views of ``warchest_bot.games.castles.render.sample_view``.
"""

from __future__ import annotations

import argparse
import time

from bench.common import median_ms, parse_args
from warchest_bot.games.castles import render as ca


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--frames", type=int, default=120, help="frames of the replay (a game's plies)")
    args = parse_args(parser, {"repeat": 1, "frames": 5})

    start = time.perf_counter()
    ca.warm_up()
    print(f"warm_up (canvases, sprites, palette): {(time.perf_counter() - start) * 1000:.0f} ms")
    for locale in ("en", "fa"):
        names = ca.SAMPLE_NAMES[locale]
        for kind in ca.SAMPLES:
            view, last = ca.sample_view(kind), ca.sample_last(kind)
            ms, cpu, png = median_ms(
                lambda v=view, la=last, n=names, loc=locale: ca.board_png(v, la, names=n, locale=loc),
                args.repeat,
            )
            print(
                f"board {locale} {kind:8}: render + encode median {ms:.1f} ms (CPU {cpu:.1f}), PNG {len(png) / 1024:.0f} KiB"
            )
        private = ca.sample_view("middle", seat=0)
        ms, cpu, png = median_ms(
            lambda p=private, n=names, loc=locale: ca.private_png(p, names=n, locale=loc), args.repeat
        )
        print(f"hand {locale}: median {ms:.1f} ms (CPU {cpu:.1f}), PNG {len(png) / 1024:.0f} KiB")
    ms, cpu, png = median_ms(lambda: ca.unit_card_png("Kn", "fa"), args.repeat)
    print(f"card (cached): median {ms:.2f} ms, PNG {len(png) / 1024:.0f} KiB")
    views = [ca.sample_view(k) for k in ca.SAMPLES]
    frames = [(dict(views[i % 3], ply=i), ca.sample_last(ca.SAMPLES[i % 3])) for i in range(args.frames)]
    start = time.perf_counter()
    gif = ca.render_replay(frames, names=ca.SAMPLE_NAMES["fa"], locale="fa")
    print(
        f"replay of {args.frames} frames: GIF {len(gif) / 1024:.0f} KiB in {time.perf_counter() - start:.1f} s"
    )


if __name__ == "__main__":
    main()
