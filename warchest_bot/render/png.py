"""Writing 8-bit palette PNGs fast: no filtering, deflated with zlib-ng (``zlib_ng``) at a fast level
chosen once by the picture's size.

A game's pictures are drawn from few flat colours and their antialiased blends, so each game maps its
pictures onto one fixed palette of its own (in its own folder) and writes the result here. Without zlib-ng the standard ``zlib`` is used (slower, same format).
"""

from __future__ import annotations

import struct
import types
import zlib

from PIL import Image

_deflate: types.ModuleType
try:  # pragma: no cover - which one depends on the installation
    from zlib_ng import zlib_ng as _deflate
except ImportError:  # pragma: no cover
    _deflate = zlib

PNG_COMPRESS_LEVEL = 2
"""zlib-ng level 2 (its "fast" strategy): a 2-player board in ~3 ms at ~70 KiB; level 1 is faster but ~35 %
larger."""
LARGE_PICTURE_PIXELS = 1_500_000
"""Pictures of more pixels than this (a 4-player board, 1280×1326) are deflated at `LARGE_PICTURE_LEVEL`."""
LARGE_PICTURE_LEVEL = 4
"""A 4-player board at level 4: p95 91 KiB in ~6 ms, where level 2 left one position in six over 100 KiB
(those were compressed a second time, at level 6: p95 of the whole picture 28.7 ms)."""

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def write_png(img: Image.Image, level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """An 8-bit palette PNG of a "P" image (no filtering: palette indices do not predict each other)."""
    w, h = img.size
    raw = memoryview(img.tobytes())
    # Every scanline starts with its filter type, 0 (none).
    data = b"\0".join([b""] + [raw[i * w : (i + 1) * w] for i in range(h)])
    palette = (img.getpalette() or [0, 0, 0])[: 3 * 256]
    return b"".join(
        (
            _PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(palette)),
            _chunk(b"IDAT", _deflate.compress(data, level)),
            _chunk(b"IEND", b""),
        )
    )


def level_for(img: Image.Image) -> int:
    """The compression level for a picture of this size: fast, a little harder for the largest ones."""
    w, h = img.size
    return LARGE_PICTURE_LEVEL if w * h > LARGE_PICTURE_PIXELS else PNG_COMPRESS_LEVEL


def write_palette_png(img: Image.Image, compress_level: int | None = None) -> bytes:
    """:func:`write_png` of a "P" image, compressed once at ``compress_level`` (None: :func:`level_for` the
    picture's size)."""
    return write_png(img, level_for(img) if compress_level is None else compress_level)


def png_on_palette(img: Image.Image, palette: Image.Image, max_bytes: int) -> bytes:
    """An 8-bit palette PNG of ``img`` mapped onto the fixed ``palette`` (a "P" image) without dithering,
    written fast, and again at the hardest level when the fast one is over ``max_bytes``."""
    q = img.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
    data = write_png(q)
    if len(data) > max_bytes:
        data = min(data, write_png(q, 9), key=len)
    return data
