"""Persian text benchmark: one line of Persian (with a Latin notation run and digits) drawn with each
shaping path, uncached (the mask and width caches are emptied before each line; the font stays loaded).

python -m bench.render_persian [--repeat 200]

Prints the median wall-clock time per line for raqm (Pillow's layout with FriBiDi), the pure-Python
fallback (arabic-reshaper + python-bidi, then basic layout) and, for comparison, the broken basic path.
"""

from __future__ import annotations

import argparse
import statistics
import time

from PIL import Image, ImageDraw, features

from bench.common import parse_args
from warchest_bot.render import text

LINE = "نوبت شما است: Sw move e2-e3 در دور ۱۲"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parse_args(parser, {"repeat": 3})
    img = Image.new("RGB", (900, 60), "white")
    d = ImageDraw.Draw(img)
    modes = (["raqm"] if features.check("raqm") else []) + ["python", "basic"]
    print(f"line: {LINE!r} ({len(LINE)} characters); default path: {text.shaping()}")
    for mode in modes:
        with text.use_shaping(mode):
            text.draw_text(d, (450, 30), LINE, 20, (0, 0, 0), anchor="mm")  # load the font and its glyphs
            times = []
            for _ in range(args.repeat):
                for name in ("widths", "masks", "layouts"):
                    setattr(text._local, name, {})  # the line is laid out and drawn afresh each time
                t0 = time.perf_counter()
                text.draw_text(d, (450, 30), LINE, 20, (0, 0, 0), anchor="mm")
                times.append(time.perf_counter() - t0)
        print(f"{mode:>6}: {statistics.median(times) * 1000:.2f} ms median per uncached line")


if __name__ == "__main__":
    main()
