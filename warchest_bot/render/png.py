"""Writing 8-bit palette PNGs fast: no filtering, deflated with zlib-ng (``zlib_ng``) at a fast level.

A game's pictures are drawn from few flat colours and their antialiased blends, so each game maps its
pictures onto one fixed palette of its own (War Chest's: ``games/warchest/render/encode.py``) and writes
the result here. Without zlib-ng the standard ``zlib`` is used (slower, same format).
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
"""zlib-ng level 2 (its "fast" strategy): a board in ~5 ms at ~85 KiB; level 1 is faster but ~35 % larger."""
MAX_PNG_BYTES = 100 * 1024
"""A picture larger than this at the fast level (a crowded late game) is compressed again, harder."""

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


def write_palette_png(img: Image.Image, compress_level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """:func:`write_png` of a "P" image, compressed again harder when the fast level leaves it over
    :data:`MAX_PNG_BYTES`."""
    data = write_png(img, compress_level)
    if len(data) > MAX_PNG_BYTES and compress_level < 6:
        data = min(data, write_png(img, 6), key=len)
    return data
