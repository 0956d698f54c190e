"""For the Crown render benchmark: the board post (render + PNG encode) in English and Persian, the private
hand, and a card.

python -m bench.render_forthecrown [--repeat 30]

Targets (as the other games' boards): render + PNG encode ≤ 50 ms with the PNG ≤ 200 KiB. Times are
wall-clock medians with the process's CPU time beside them (other work on a shared machine inflates the
wall clock). The position is the fixed mid-game one of ``warchest_bot.games.forthecrown.render.sample_view``.
"""

from __future__ import annotations

import argparse
import time

from bench.common import median_ms, parse_args
from warchest_bot.games.forthecrown import render as ftc
from warchest_bot.games.forthecrown.alt_text import board_alt_text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parse_args(parser, {"repeat": 1})

    start = time.perf_counter()
    ftc.warm_up()
    print(f"warm_up (canvases, sprites, palette): {(time.perf_counter() - start) * 1000:.0f} ms")
    for locale in ("en", "fa"):
        names = ftc.SAMPLE_NAMES[locale]
        view = ftc.sample_view()
        ms, cpu, png = median_ms(lambda v=view, n=names, loc=locale: ftc.board_png(v, names=n, locale=loc),
                                 args.repeat)  # fmt: skip
        print(
            f"board {locale}: render + encode median {ms:.1f} ms (CPU {cpu:.1f}), PNG {len(png) / 1024:.0f} KiB"
        )
        private = ftc.sample_view(seat=0)
        ms, cpu, png = median_ms(lambda p=private, n=names, loc=locale: ftc.private_png(p, names=n, locale=loc),
                                 args.repeat)  # fmt: skip
        print(f"hand {locale}: median {ms:.1f} ms (CPU {cpu:.1f}), PNG {len(png) / 1024:.0f} KiB")
        ms, cpu, text = median_ms(lambda v=view, n=names, loc=locale: board_alt_text(v, n, loc), args.repeat)
        print(f"board alt text {locale}: median {ms:.2f} ms, {len(text)} characters")
    ms, cpu, png = median_ms(lambda: ftc.card_png("stables", "fa"), args.repeat)
    print(f"card (cached): median {ms:.2f} ms, PNG {len(png) / 1024:.0f} KiB")
    start = time.perf_counter()
    png = ftc.encode_png(ftc.render_card("wish", "en"))
    print(f"card (first draw): {(time.perf_counter() - start) * 1000:.1f} ms, PNG {len(png) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
