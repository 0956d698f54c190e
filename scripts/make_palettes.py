"""Make the pictures' fixed palettes and ship them as data (``palette.rgb`` beside each game's renderer).

    python scripts/make_palettes.py          # write them
    python scripts/make_palettes.py --check  # exit 1 if a shipped palette is not what is made today

Run it after changing a game's colours or sample pictures, or Pillow's major version (its quantizer finds
the blends); ``tests/render/test_palettes.py`` runs ``--check``. See ``warchest_bot/render/palette.py``.
"""

from __future__ import annotations

import argparse
import importlib
import sys

RENDERERS = (
    "warchest_bot.games.warchest.render.encode",
    "warchest_bot.games.pointbuy.render",
    "warchest_bot.games.castles.render",
    "warchest_bot.games.forthecrown.render",
)
"""The modules with a shipped palette: each has ``PALETTE_PATH`` and ``build_palette()``."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    from PIL import ImageFont

    from warchest_bot.render.text import LAYOUT

    if LAYOUT != ImageFont.Layout.RAQM:
        # The sample pictures' text is laid out by raqm wherever the bot runs as set up (scripts/setup.sh).
        print(
            "make_palettes: Pillow has no raqm layout here (install libraqm0 / libfribidi0)", file=sys.stderr
        )
        return 2
    stale = []
    for name in RENDERERS:
        module = importlib.import_module(name)
        made: bytes = module.build_palette()
        path = module.PALETTE_PATH
        if args.check:
            if not path.is_file() or path.read_bytes() != made:
                stale.append(str(path))
        elif not path.is_file() or path.read_bytes() != made:
            path.write_bytes(made)
            print(f"wrote {path} ({len(made) // 3} colours)")
        else:
            print(f"{path} is up to date ({len(made) // 3} colours)")
    if stale:
        print(f"stale palettes: {', '.join(stale)}; run python scripts/make_palettes.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
