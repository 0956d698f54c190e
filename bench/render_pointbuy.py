"""Point-Buy Chess render benchmark: board image + PNG encode, private picture, unit card, replay GIF.

python -m bench.render_pointbuy [--repeat 30] [--locale fa]

Targets (as War Chest's board): render + PNG encode ≤ 50 ms with the PNG ≤ 150 KiB. Times are wall-clock
medians; the process's CPU time is printed beside them, as other work on a shared machine inflates the
wall clock. Positions are the hand-made views of ``warchest_bot.games.pointbuy.render.sample_view``.
"""

from __future__ import annotations

import argparse
import time

from bench.common import median_ms as _median_ms
from bench.common import parse_args
from warchest_bot.games.pointbuy import render as pb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--frames", type=int, default=601, help="frames of the long replay")
    parser.add_argument("--locale", default="en", help="draw the pictures in this locale (fa: Persian)")
    args = parse_args(parser, {"repeat": 1, "frames": 7})
    loc = args.locale
    names = list(pb.SAMPLE_NAMES.get(loc, pb.SAMPLE_NAMES["en"]))

    start = time.perf_counter()
    pb.warm_up()
    print(f"warm_up (canvases, 96 piece sprites, palette): {(time.perf_counter() - start) * 1000:.0f} ms")

    for kind in ("opening", "middle", "crowded"):
        view = pb.sample_view(kind)
        last = pb.sample_last() if kind == "middle" else None
        render_ms, render_cpu, img = _median_ms(
            lambda v=view, la=last: pb.render_board(v, la, names=names, locale=loc), args.repeat
        )
        encode_ms, encode_cpu, _ = _median_ms(lambda im=img: pb.encode_png(im), args.repeat)
        total_ms, total_cpu, png = _median_ms(
            lambda v=view, la=last: pb.board_png(v, la, names=names, locale=loc), args.repeat
        )
        print(
            f"board {kind:8} {img.width}x{img.height}: render {render_ms:.1f} ms (CPU {render_cpu:.1f})"
            f" + encode {encode_ms:.1f} ms (CPU {encode_cpu:.1f}) = median {total_ms:.1f} ms"
            f" (CPU {total_cpu:.1f}), PNG {len(png) / 1024:.0f} KiB"
        )

    private = dict(pb.sample_view("middle"), seat=1)
    ms, cpu, png = _median_ms(lambda: pb.private_png(private, names=names, locale=loc), args.repeat)
    print(f"private (Barracks) PNG: median {ms:.1f} ms (CPU {cpu:.1f}), {len(png) / 1024:.0f} KiB")
    ms, cpu, card = _median_ms(lambda: pb.render_unit_card("Gr", loc), args.repeat)
    print(
        f"unit card {card.width}x{card.height}: median {ms:.2f} ms (cached), PNG {len(pb.unit_card_png('Gr', loc)) / 1024:.0f} KiB"
    )

    # A long game: 600 plies alternating between the sample positions (the worst case for the GIF size:
    # most of the board changes every frame).
    views = [pb.sample_view(k) for k in ("opening", "middle", "crowded")]
    frames = [
        (dict(views[i % 3], ply=i), pb.sample_last() if i % 3 == 1 else None) for i in range(args.frames)
    ]
    start = time.perf_counter()
    gif = pb.render_replay(frames, names=names, locale=loc)
    print(
        f"replay of {args.frames} frames (sampled to {pb.MAX_FRAMES}): GIF {len(gif) / 2**20:.2f} MiB"
        f" in {time.perf_counter() - start:.1f} s"
    )


if __name__ == "__main__":
    main()
