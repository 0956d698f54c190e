"""The fixed palettes pictures are mapped onto, shipped as data.

Each game draws from a few flat colours and their antialiased blends, so one fixed palette per game holds
them all (see ``games/warchest/render/encode.py``). Finding the blends takes sample pictures and a
quantizer (about 0.6 s and 250 MB at its peak, much of which a process keeps): that is done once, by
``scripts/make_palettes.py``, which writes each game's palette as a file of RGB triples (``palette.rgb``,
3 bytes a colour) beside the game's renderer; every process then reads that file.
``tests/render/test_palettes.py`` checks that the shipped files are what the script makes today.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PIL import Image

from .cache import memo
from .png import png_on_palette

RGB = tuple[int, int, int]

PALETTE_FILE = "palette.rgb"
"""The file name of a shipped palette, beside the renderer that uses it."""


def palette_from_samples(samples: Sequence[Image.Image], exact: Sequence[RGB], colours: int) -> bytes:
    """A palette of ``colours`` colours as RGB triples: the ``exact`` colours first, then the blends the
    quantizer finds in ``samples`` (pictures showing every colour the renderer uses), stacked on one sheet."""
    sheets = [s.convert("RGB") for s in samples]
    width = max(s.width for s in sheets)
    sheet = Image.new("RGB", (width, sum(s.height for s in sheets)))
    y = 0
    for s in sheets:
        sheet.paste(s, (0, y))
        y += s.height
    exact = list(dict.fromkeys(exact))
    blends = sheet.quantize(colours - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    found = blends.getpalette() or []
    return bytes([c for e in exact for c in e] + found[: 3 * (colours - len(exact))])


def palette_image(rgb: bytes) -> Image.Image:
    """The 1×1 "P" image carrying the palette ``rgb`` (what ``Image.quantize(palette=...)`` takes)."""
    image = Image.new("P", (1, 1))
    image.putpalette(rgb)
    return image


def palette_beside(module_file: str) -> Path:
    """The palette file of the renderer whose module file is ``module_file`` (its ``__file__``)."""
    return Path(module_file).with_name(PALETTE_FILE)


def read_palette(path: Path) -> Image.Image:
    """The shipped palette at ``path`` (see `palette_beside`)."""
    return palette_image(path.read_bytes())


class ShippedPalette:
    """A renderer's shipped palette and its PNG encoder: the file beside the renderer's module
    (`palette_beside`), read once (`image`, a 1×1 "P" image), and `encode_png` onto it, compressed harder
    when the fast PNG is over ``max_png_bytes`` (`png.png_on_palette`). One per renderer module."""

    def __init__(self, module_file: str, max_png_bytes: int) -> None:
        self.path = palette_beside(module_file)
        self.max_png_bytes = max_png_bytes
        self.image: Callable[[], Image.Image] = memo(self._read)

    def _read(self) -> Image.Image:
        return read_palette(self.path)

    def encode_png(self, img: Image.Image) -> bytes:
        """An 8-bit palette PNG of ``img`` on this palette."""
        return png_on_palette(img, self.image(), self.max_png_bytes)
